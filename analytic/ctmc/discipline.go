package ctmc

import "slices"

// A customer at a station is one code: its class in the high 6 bits, its
// service phase in the low 10 (0: not yet started; 1…P: in phase p−1 of its
// law, in service or preempted; pending: chosen to start, phase not yet
// drawn). A station's local state is the list of its customers' codes in
// the order its discipline keeps.
type code = uint16

const (
	phaseBits      = 10
	phaseMask code = 1<<phaseBits - 1
	pending   code = phaseMask
	// blockedPhase marks a customer whose service is done and who holds
	// its server, blocked after service until its next station has room.
	blockedPhase = int(phaseMask) - 1
	// startPhase marks a customer who holds its server without starting,
	// blocked before service (BeforeStart) until its next station has room.
	startPhase = int(phaseMask) - 2
)

// holding reports whether c holds its server blocked, before or after
// its service.
func holding(c code) bool { return phaseOf(c) == blockedPhase || phaseOf(c) == startPhase }

func mkcode(class, phase int) code { return code(class)<<phaseBits | code(phase) }
func classOf(c code) int           { return int(c >> phaseBits) }
func phaseOf(c code) int           { return int(c & phaseMask) }

// Discipline is the behaviour of a station's queueing discipline on its
// list of customers. A new discipline plugs in as one more value: where an
// arrival goes in the list, which customers are served and at what share
// of a server, whom a free server takes when the position does not say,
// and which orders of the list are the same state.
type Discipline interface {
	// Name is the LINE/JMT name (fcfs, ps, …).
	Name() string
	// arrive inserts a new customer c into l and returns the list.
	arrive(l []code, c code) []code
	// shares sets share[k] to the fraction of a server customer k gets (0:
	// not in service); servers 0 means infinitely many.
	shares(l []code, servers int, share []float64)
	// choose returns, when a server is free and the position of a waiting
	// customer does not decide who starts, the customers that may start
	// and the probability of each (indices into l); nil otherwise.
	choose(l []code, servers int) []pick
	// canon rewrites l into the one representative of its state.
	canon(l []code, servers int)
}

type pick struct {
	at int
	p  float64
}

// The disciplines, in LINE/JMT vocabulary.
var (
	FCFS       Discipline = fcfs{}       // first come first served: the first c in the list are served
	LCFSPR     Discipline = lcfspr{}     // last come first served, preemptive resume: the last c
	PS         Discipline = ps{}         // processor sharing: everyone at min(1, c/n)
	SIRO       Discipline = siro{}       // service in random order: a free server takes a waiting customer at random
	PriorityNP Discipline = priorityNP{} // head-of-line priority, class 0 first, no preemption
	PriorityPR Discipline = priorityPR{} // preemptive-resume priority, class 0 first
)

// infinite is the discipline of a delay station: everyone served at once.
var infinite Discipline = ps{}

func appendCode(l []code, c code) []code { return append(l, c) }

func started(c code) bool { return phaseOf(c) != 0 }

type fcfs struct{}

func (fcfs) Name() string                   { return "fcfs" }
func (fcfs) arrive(l []code, c code) []code { return appendCode(l, c) }
func (fcfs) shares(l []code, c int, s []float64) {
	for k := range l {
		s[k] = b2f(c == 0 || k < c)
	}
}
func (fcfs) choose([]code, int) []pick { return nil }

// canon: who is in service is a set; the waiting line keeps its order.
func (fcfs) canon(l []code, c int) {
	if c == 0 || c > len(l) {
		c = len(l)
	}
	slices.Sort(l[:c])
}

type lcfspr struct{}

func (lcfspr) Name() string                   { return "lcfs-pr" }
func (lcfspr) arrive(l []code, c code) []code { return appendCode(l, c) }
func (lcfspr) shares(l []code, c int, s []float64) {
	for k := range l {
		s[k] = b2f(c == 0 || k >= len(l)-c)
	}
}
func (lcfspr) choose([]code, int) []pick { return nil }
func (lcfspr) canon([]code, int)         {}

type ps struct{}

func (ps) Name() string                   { return "ps" }
func (ps) arrive(l []code, c code) []code { return appendCode(l, c) }
func (ps) shares(l []code, c int, s []float64) {
	sh := 1.0
	if c > 0 && len(l) > c {
		sh = float64(c) / float64(len(l))
	}
	for k := range l {
		s[k] = sh
	}
}
func (ps) choose([]code, int) []pick { return nil }
func (ps) canon(l []code, _ int)     { slices.Sort(l) }

// siro and priorityNP serve the customers that have started; a free
// server takes a waiting one by chance or by class.
type siro struct{ startedServed }

// startedServed is what siro and priorityNP share: the list is kept
// sorted (only how many customers of each class have started and wait
// matters), and each customer that has started holds a server.
type startedServed struct{}

func (startedServed) arrive(l []code, c code) []code { return appendCode(l, c) }
func (startedServed) shares(l []code, _ int, s []float64) {
	for k, x := range l {
		s[k] = b2f(started(x))
	}
}
func (startedServed) canon(l []code, _ int) { slices.Sort(l) }

func (siro) Name() string { return "siro" }
func (siro) choose(l []code, c int) []pick {
	busy, waiting := countStarted(l)
	if busy >= c || waiting == 0 {
		return nil
	}
	var out []pick
	for k, x := range l {
		if !started(x) && (k == 0 || l[k-1] != x) { // one pick per class: the list is sorted
			n := 0
			for _, y := range l[k:] {
				if y == x {
					n++
				}
			}
			out = append(out, pick{k, float64(n) / float64(waiting)})
		}
	}
	return out
}

type priorityNP struct{ startedServed }

func (priorityNP) Name() string { return "priority" }
func (priorityNP) choose(l []code, c int) []pick {
	busy, waiting := countStarted(l)
	if busy >= c || waiting == 0 {
		return nil
	}
	best := -1
	for k, x := range l {
		if !started(x) && (best < 0 || classOf(x) < classOf(l[best])) {
			best = k
		}
	}
	return []pick{{best, 1}}
}

// priorityPR keeps the list ordered by class (stably: within a class the
// customers that have started come first, in the order they started, then
// the waiting ones in arrival order); the first c are served. An arrival
// thus preempts the last customer in service if its class is higher, and a
// preempted customer is the first of its class to resume, as des does.
type priorityPR struct{}

func (priorityPR) Name() string { return "preemptive-priority" }
func (priorityPR) arrive(l []code, c code) []code {
	at := len(l)
	for at > 0 && classOf(l[at-1]) > classOf(c) {
		at--
	}
	return slices.Insert(l, at, c)
}
func (priorityPR) shares(l []code, c int, s []float64) {
	for k := range l {
		s[k] = b2f(k < c)
	}
}
func (priorityPR) choose([]code, int) []pick { return nil }
func (priorityPR) canon([]code, int)         {}

func countStarted(l []code) (busy, waiting int) {
	for _, x := range l {
		if started(x) {
			busy++
		} else {
			waiting++
		}
	}
	return busy, waiting
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
