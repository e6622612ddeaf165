package des

import (
	"strings"

	"queuelab/des/queueing"
)

// Discipline is the order in which a Station serves its customers: the
// one type of package queueing, which holds the names and what each does.
// The constants below are the same values under the names des has always
// used (Priority is taken by the event priority of the scheduler).
type Discipline = queueing.Discipline

// The disciplines (see queueing.Discipline's Doc for each one's contract).
// With PS a Station runs by virtual time, the service every customer
// present has received: a customer completes when virtual time reaches
// its arrival's virtual time plus its work, so completions follow a heap of
// those tags and one pending event serves the whole station; customers
// completing at the same instant leave in arrival order. PreemptivePriority
// preempts, of the lowest priority in service, the latest started, and the
// preempted customer goes to the head of its class's queue.
const (
	FCFS                  = queueing.FCFS
	LCFSPR                = queueing.LCFSPR
	PS                    = queueing.PS
	SIRO                  = queueing.SIRO
	NonPreemptivePriority = queueing.Priority
	PreemptivePriority    = queueing.PreemptivePriority
)

// disciplineSpec is what a Station needs to know of a discipline: its
// waiting room. Everything else a discipline does lives in its room's file
// (roomfcfs.go, …); adding a discipline is that file, its name in package
// queueing and its row below.
type disciplineSpec struct {
	// known marks a row that is filled in (a test checks every
	// discipline of queueing has one).
	known bool
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
	FCFS:                  {known: true, newRoom: newFCFSRoom, holdable: true},
	LCFSPR:                {known: true, newRoom: newLCFSRoom},
	PS:                    {known: true},
	SIRO:                  {known: true, newRoom: newSIRORoom, holdable: true, random: true},
	NonPreemptivePriority: {known: true, newRoom: newPriorityRoom, holdable: true},
	PreemptivePriority:    {known: true, newRoom: newPreemptiveRoom},
}

// holdableDisciplines lists the names of the disciplines that accept
// UntilRelease, for messages: "fcfs, siro or priority".
func holdableDisciplines() string {
	var names []string
	for d, spec := range disciplines {
		if spec.holdable {
			names = append(names, Discipline(d).String())
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// ParseDiscipline parses a discipline name: "fcfs", "lcfs-pr", "ps",
// "siro", "priority" or "preemptive-priority" (queueing.ParseDiscipline).
func ParseDiscipline(s string) (Discipline, error) { return queueing.ParseDiscipline(s) }

// valid reports whether d is a discipline a Station runs.
func valid(d Discipline) bool { return int(d) < len(disciplines) && disciplines[d].known }

// preemptive reports whether an arrival may interrupt a customer in
// service.
func preemptive(d Discipline) bool {
	if !valid(d) || disciplines[d].newRoom == nil {
		return false
	}
	_, ok := disciplines[d].newRoom(1).(preemptor)
	return ok
}
