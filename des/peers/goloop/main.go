// Command goloop is the plain Go peer of des/peers: the four models of
// the peer comparison written the way one would without a library — a
// binary heap of (time, event) from container/heap, float64 seconds,
// math/rand/v2's exponential draws, counters and no statistics beyond a
// mean response. It is the floor a simulation library is compared with.
//
// Usage: goloop MODEL SCALE SEED, MODEL one of mmc, replications,
// jackson, central. It prints "customers=N mean_response=R".
package main

import (
	"container/heap"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
)

// event is one pending event: at time at, of kind kind (model-defined),
// for customer cust.
type event struct {
	at   float64
	kind int
	cust int
}

type events []event

func (h events) Len() int           { return len(h) }
func (h events) Less(i, j int) bool { return h[i].at < h[j].at }
func (h events) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *events) Push(x any)        { *h = append(*h, x.(event)) }
func (h *events) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// fcfs is a FCFS queue of c servers: waiting customers in a ring.
type fcfs struct {
	c, busy int
	wait    []int
}

func (q *fcfs) arrive(cust int) bool { // true: starts service now
	if q.busy < q.c {
		q.busy++
		return true
	}
	q.wait = append(q.wait, cust)
	return false
}

func (q *fcfs) depart() (next int, ok bool) { // the customer that starts next
	if len(q.wait) == 0 {
		q.busy--
		return 0, false
	}
	next = q.wait[0]
	q.wait = q.wait[1:]
	return next, true
}

// sim is a network of FCFS stations (an infinite-server station has c =
// -1) with Markov routing; station -1 is outside.
type sim struct {
	h       events
	r       *rand.Rand
	st      []fcfs
	mean    []float64   // service means
	route   [][]float64 // route[i][j]: probability i → j; the rest leaves
	born    []float64
	done    int
	respSum float64
	closed  bool // a finished customer goes back to station 0
}

func (s *sim) exp(mean float64) float64 { return mean * s.r.ExpFloat64() }

func (s *sim) enter(now float64, i, cust int) {
	if s.st[i].c < 0 || s.st[i].arrive(cust) {
		heap.Push(&s.h, event{now + s.exp(s.mean[i]), i, cust})
	}
}

func (s *sim) leave(now float64, i, cust int) {
	if s.st[i].c >= 0 {
		if next, ok := s.st[i].depart(); ok {
			heap.Push(&s.h, event{now + s.exp(s.mean[i]), i, next})
		}
	}
	u := s.r.Float64()
	for j, p := range s.route[i] {
		if u < p {
			s.enter(now, j, cust)
			return
		}
		u -= p
	}
	s.done++
	s.respSum += now - s.born[cust]
	s.born[cust] = now
	if s.closed {
		s.enter(now, 0, cust)
	}
}

// run runs until time end; open networks get Poisson arrivals at rate lam
// into station 0 (event kind -1).
func (s *sim) run(end, lam float64) {
	if lam > 0 {
		heap.Push(&s.h, event{s.exp(1 / lam), -1, 0})
	}
	for len(s.h) > 0 {
		e := heap.Pop(&s.h).(event)
		if e.at > end {
			return
		}
		if e.kind < 0 {
			s.born = append(s.born, e.at)
			s.enter(e.at, 0, len(s.born)-1)
			heap.Push(&s.h, event{e.at + s.exp(1/lam), -1, 0})
			continue
		}
		s.leave(e.at, e.kind, e.cust)
	}
}

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: goloop mmc|replications|jackson|central SCALE SEED")
		os.Exit(2)
	}
	scale, err1 := strconv.ParseFloat(os.Args[2], 64)
	seed, err2 := strconv.ParseUint(os.Args[3], 10, 64)
	if err1 != nil || err2 != nil || scale <= 0 {
		fmt.Fprintln(os.Stderr, "goloop: SCALE must be a positive number and SEED an unsigned integer")
		os.Exit(2)
	}
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	done, resp := 0, 0.0
	one := func(s *sim, end, lam float64) {
		s.r = r
		s.run(end, lam)
		done += s.done
		resp += s.respSum
	}
	switch os.Args[1] {
	case "mmc": // λ = 400/s, c = 192, S = 0.33 s
		one(&sim{st: []fcfs{{c: 192}}, mean: []float64{0.33}, route: [][]float64{nil}}, 50*scale, 400)
	case "replications": // M/M/3, λ = 2/s, S = 1 s, 1000 s each
		for range int(20 * scale) {
			one(&sim{st: []fcfs{{c: 3}}, mean: []float64{1}, route: [][]float64{nil}}, 1000, 2)
		}
	case "jackson": // examples/networks/jackson-feedback.yaml
		one(&sim{st: []fcfs{{c: 1}, {c: 1}, {c: 1}}, mean: []float64{0.3, 0.4, 0.6},
			route: [][]float64{{0, 1}, {0.2, 0, 0.5}, {0.4}}}, 20000*scale, 1)
	case "central": // central-server-50.yaml: 50 users, CPU FCFS; a cycle ends leaving the CPU (0.2)
		s := &sim{st: []fcfs{{c: -1}, {c: 1}, {c: 1}, {c: 1}}, mean: []float64{5, 0.02, 0.04, 0.06},
			route: [][]float64{{0, 1}, {0, 0, 0.5, 0.3}, {0, 1}, {0, 1}}, closed: true}
		s.r = r
		s.born = make([]float64, 50)
		for c := range 50 {
			s.enter(0, 0, c)
		}
		s.run(2000*scale, 0)
		done, resp = s.done, s.respSum
	default:
		fmt.Fprintf(os.Stderr, "goloop: unknown model %q (mmc, replications, jackson, central)\n", os.Args[1])
		os.Exit(2)
	}
	fmt.Printf("customers=%d mean_response=%.4f\n", done, resp/float64(max(done, 1)))
}
