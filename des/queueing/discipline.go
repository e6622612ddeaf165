package queueing

import (
	"fmt"
	"strings"
)

// Discipline is the order in which a station serves its customers. The
// names follow the vocabulary of LINE and JMT. The zero value is FCFS.
type Discipline uint8

// The disciplines. Each one's contract is its Doc (the table below).
const (
	FCFS Discipline = iota
	LCFSPR
	PS
	SIRO
	Priority
	PreemptivePriority
)

// disciplineName is one row of the names table: a discipline's file name
// and what it does.
type disciplineName struct {
	name, doc string
}

// disciplineNames is the one table of disciplines, by value: adding a
// discipline is its constant above and its row here (and its waiting room
// in des, its transitions in analytic/ctmc).
var disciplineNames = [...]disciplineName{
	FCFS:               {"fcfs", "first come, first served"},
	LCFSPR:             {"lcfs-pr", "last come, first served, preemptive resume: with c servers the c latest arrivals are in service; an arrival that finds every server busy preempts the earliest of them, which keeps the work it has left"},
	PS:                 {"ps", "egalitarian processor sharing: with c servers and n customers present each is served at rate min(1, c/n); nobody waits"},
	SIRO:               {"siro", "service in random order: a server that comes free takes a waiting customer chosen uniformly at random"},
	Priority:           {"priority", "non-preemptive (head-of-line) priority: a server that comes free takes the waiting customer of the lowest class number (class 0 first), FCFS within a class; service is never interrupted"},
	PreemptivePriority: {"preemptive-priority", "preemptive-resume priority, class 0 highest: an arrival that finds every server busy preempts the lowest-priority customer in service if its class is lower than the arrival's; the preempted customer keeps the work it has left"},
}

// Disciplines returns every discipline, in the order of their values.
func Disciplines() []Discipline {
	out := make([]Discipline, len(disciplineNames))
	for d := range disciplineNames {
		out[d] = Discipline(d)
	}
	return out
}

// DisciplineNames returns the names of every discipline, in the order of
// their values: fcfs, lcfs-pr, ps, siro, priority, preemptive-priority.
func DisciplineNames() []string {
	out := make([]string, len(disciplineNames))
	for d, row := range disciplineNames {
		out[d] = row.name
	}
	return out
}

// ValidDisciplines is the list of names for messages: "fcfs, lcfs-pr, …".
func ValidDisciplines() string { return strings.Join(DisciplineNames(), ", ") }

// Valid reports whether d is one of the named disciplines.
func (d Discipline) Valid() bool { return int(d) < len(disciplineNames) }

// String returns the discipline's name as ParseDiscipline accepts it, or
// "discipline(N)" for a value that is not a discipline.
func (d Discipline) String() string {
	if d.Valid() {
		return disciplineNames[d].name
	}
	return fmt.Sprintf("discipline(%d)", uint8(d))
}

// Doc returns what the discipline does, in one sentence ("" for a value
// that is not a discipline).
func (d Discipline) Doc() string {
	if d.Valid() {
		return disciplineNames[d].doc
	}
	return ""
}

// ParseDiscipline parses a discipline name: "fcfs", "lcfs-pr", "ps",
// "siro", "priority" or "preemptive-priority". The error lists the valid
// names.
func ParseDiscipline(s string) (Discipline, error) {
	for d, row := range disciplineNames {
		if s == row.name {
			return Discipline(d), nil
		}
	}
	return 0, fmt.Errorf("unknown discipline %q (valid: %s)", s, ValidDisciplines())
}
