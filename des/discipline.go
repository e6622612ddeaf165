package des

import "fmt"

// Discipline is the order in which a Station serves its customers. The
// names follow the vocabulary of LINE and JMT.
type Discipline uint8

const (
	// FCFS serves customers in the order they arrive (first come, first
	// served).
	FCFS Discipline = iota
	// LCFSPR is last come, first served, preemptive resume: with c servers
	// the c customers that arrived last are in service; an arrival that
	// finds every server busy preempts the one of them that arrived first,
	// which keeps the work it has left and resumes when it is again among
	// the c latest.
	LCFSPR
	// PS is egalitarian processor sharing: with c servers and n customers
	// present, each customer is served at rate min(1, c/n). Nobody waits.
	PS
	// SIRO is service in random order: a server that comes free takes a
	// waiting customer chosen uniformly at random (with the station's
	// Stream).
	SIRO
	// NonPreemptivePriority ("priority") is head-of-line priority: a
	// server that comes free takes the waiting customer of the lowest class
	// number (class 0 first), FCFS within a class. A customer in service is
	// never interrupted. (The name Priority is taken by the event priority
	// of the scheduler.)
	NonPreemptivePriority
	// PreemptivePriority is preemptive-resume priority, class 0 highest: an
	// arrival that finds every server busy preempts the customer in service
	// of the lowest priority (the highest class number; the latest started
	// of that class) if that class is lower than its own. The preempted
	// customer keeps the work it has left and goes to the head of its
	// class's queue.
	PreemptivePriority
)

// disciplineNames are the names ParseDiscipline accepts, by Discipline.
var disciplineNames = [...]string{
	FCFS:                  "fcfs",
	LCFSPR:                "lcfs-pr",
	PS:                    "ps",
	SIRO:                  "siro",
	NonPreemptivePriority: "priority",
	PreemptivePriority:    "preemptive-priority",
}

// String returns the discipline's name as ParseDiscipline accepts it.
func (d Discipline) String() string {
	if int(d) < len(disciplineNames) {
		return disciplineNames[d]
	}
	return fmt.Sprintf("discipline(%d)", uint8(d))
}

// ParseDiscipline parses a discipline name: "fcfs", "lcfs-pr", "ps",
// "siro", "priority" or "preemptive-priority".
func ParseDiscipline(s string) (Discipline, error) {
	for d, name := range disciplineNames {
		if s == name {
			return Discipline(d), nil
		}
	}
	return 0, fmt.Errorf("unknown discipline %q (valid: fcfs, lcfs-pr, ps, siro, priority, preemptive-priority)", s)
}

// valid reports whether d is one of the named disciplines.
func (d Discipline) valid() bool { return int(d) < len(disciplineNames) }

// preemptive reports whether an arrival may interrupt a customer in
// service.
func (d Discipline) preemptive() bool { return d == LCFSPR || d == PreemptivePriority }
