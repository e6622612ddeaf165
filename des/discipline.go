package des

import (
	"fmt"
	"strings"
)

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
	// A Station runs it by virtual time, the service every customer present
	// has received: a customer completes when virtual time reaches its
	// arrival's virtual time plus its work, so completions follow a heap of
	// those tags and one pending event serves the whole station. Customers
	// completing at the same instant leave in arrival order.
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

// disciplineSpec is what a Station needs to know of a discipline: its
// name and its waiting room. Everything else a discipline does lives in
// its room's file (roomfcfs.go, …); adding a discipline is that file, its
// constant above and its row below.
type disciplineSpec struct {
	name string
	// newRoom builds the waiting room for classes customer classes; nil
	// for PS, which shares its servers and has no waiting room.
	newRoom func(classes int) room
	// holdable: customers may arrive with work UntilRelease (with
	// LeaveQueue abandonment); not where the station needs the work to
	// order or interrupt service.
	holdable bool
	// random: the room draws from the station's Stream.
	random bool
}

// disciplines describes every Discipline, by its value.
var disciplines = [...]disciplineSpec{
	FCFS:                  {name: "fcfs", newRoom: newFCFSRoom, holdable: true},
	LCFSPR:                {name: "lcfs-pr", newRoom: newLCFSRoom},
	PS:                    {name: "ps"},
	SIRO:                  {name: "siro", newRoom: newSIRORoom, holdable: true, random: true},
	NonPreemptivePriority: {name: "priority", newRoom: newPriorityRoom, holdable: true},
	PreemptivePriority:    {name: "preemptive-priority", newRoom: newPreemptiveRoom},
}

// validDisciplines lists the names, for messages: "fcfs, lcfs-pr, …".
func validDisciplines() string {
	names := make([]string, len(disciplines))
	for d, spec := range disciplines {
		names[d] = spec.name
	}
	return strings.Join(names, ", ")
}

// holdableDisciplines lists the names of the disciplines that accept
// UntilRelease, for messages: "fcfs, siro or priority".
func holdableDisciplines() string {
	var names []string
	for _, spec := range disciplines {
		if spec.holdable {
			names = append(names, spec.name)
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// String returns the discipline's name as ParseDiscipline accepts it.
func (d Discipline) String() string {
	if d.valid() {
		return disciplines[d].name
	}
	return fmt.Sprintf("discipline(%d)", uint8(d))
}

// ParseDiscipline parses a discipline name: "fcfs", "lcfs-pr", "ps",
// "siro", "priority" or "preemptive-priority".
func ParseDiscipline(s string) (Discipline, error) {
	for d, spec := range disciplines {
		if s == spec.name {
			return Discipline(d), nil
		}
	}
	return 0, fmt.Errorf("unknown discipline %q (valid: %s)", s, validDisciplines())
}

// valid reports whether d is one of the named disciplines.
func (d Discipline) valid() bool { return int(d) < len(disciplines) }

// preemptive reports whether an arrival may interrupt a customer in
// service.
func (d Discipline) preemptive() bool {
	if !d.valid() || disciplines[d].newRoom == nil {
		return false
	}
	_, ok := disciplines[d].newRoom(1).(preemptor)
	return ok
}
