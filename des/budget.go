package des

import (
	"fmt"
	"math"
	"sort"
)

// Work is an estimate, made from a simulation's inputs before it starts,
// of the events it will execute and of the peak memory its state will
// hold. Estimates are meant to be right within a small factor for the
// runs people make and never to be wildly low for the runs that exhaust a
// machine; Basis says how they were made, in terms of the inputs.
type Work struct {
	Events float64 // events to execute
	Bytes  float64 // peak bytes of simulation state (entities, pending events, statistics)
	// Basis explains the estimate in terms of the inputs, e.g. "λ·T =
	// 4e+11 arrivals, 2 events each".
	Basis string
}

// Plus returns the work of running w and v: events add; memory adds too,
// which is exact for runs held at the same time and an upper bound for
// runs made one after the other.
func (w Work) Plus(v Work) Work {
	basis := w.Basis
	switch {
	case basis == "":
		basis = v.Basis
	case v.Basis != "":
		basis += "; " + v.Basis
	}
	return Work{Events: w.Events + v.Events, Bytes: w.Bytes + v.Bytes, Basis: basis}
}

// Concurrent returns the work of runs made by at most workers at a time:
// events add up, and the peak memory is at most that of the workers
// largest runs held together. basis describes the whole.
func Concurrent(ws []Work, workers int, basis string) Work {
	total := Work{Basis: basis}
	bytes := make([]float64, len(ws))
	for i, w := range ws {
		total.Events += w.Events
		bytes[i] = w.Bytes
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(bytes)))
	for i := 0; i < len(bytes) && i < max(workers, 1); i++ {
		total.Bytes += bytes[i]
	}
	return total
}

// Budget is the most work a simulation is allowed to start with. A zero
// field means the DefaultBudget's value.
type Budget struct {
	MaxEvents float64
	MaxBytes  float64
}

// DefaultBudget bounds a run to about ten minutes and one gibibyte: the
// M/M/c station executes 5.4–5.7 million events per second (BENCHMARKS.md,
// "M/M/c station"), so 5·10⁹ events take 15 minutes there and less on
// lighter models; the scenario models cost more per event and are
// budgeted per simulated minute by their commands.
var DefaultBudget = Budget{MaxEvents: 5e9, MaxBytes: 1 << 30}

// OverBudgetError reports work that exceeds a budget. Resource is
// "events" or "memory".
type OverBudgetError struct {
	Resource        string
	Estimate, Limit float64
	Basis           string
}

func (e *OverBudgetError) Error() string {
	if e.Resource == "memory" {
		return fmt.Sprintf("the run would need about %s of memory (%s), more than the budget of %s",
			FormatBytes(e.Estimate), e.Basis, FormatBytes(e.Limit))
	}
	return fmt.Sprintf("the run would execute about %.2g events (%s), more than the budget of %.2g",
		e.Estimate, e.Basis, e.Limit)
}

// Check returns an *OverBudgetError when w exceeds b (events are checked
// first), or nil. A NaN or infinite estimate exceeds every budget.
func (b Budget) Check(w Work) error {
	maxEv, maxBytes := b.MaxEvents, b.MaxBytes
	if maxEv == 0 {
		maxEv = DefaultBudget.MaxEvents
	}
	if maxBytes == 0 {
		maxBytes = DefaultBudget.MaxBytes
	}
	if !(w.Events <= maxEv) {
		return &OverBudgetError{Resource: "events", Estimate: w.Events, Limit: maxEv, Basis: w.Basis}
	}
	if !(w.Bytes <= maxBytes) {
		return &OverBudgetError{Resource: "memory", Estimate: w.Bytes, Limit: maxBytes, Basis: w.Basis}
	}
	return nil
}

// FormatBytes writes a byte count with a binary unit: "512 B", "1.5 KiB",
// "3 GiB" (three significant digits).
func FormatBytes(n float64) string {
	if math.IsNaN(n) || math.IsInf(n, 0) {
		return fmt.Sprint(n) + " B"
	}
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for math.Abs(n) >= 1024 && i < len(units)-1 {
		n /= 1024
		i++
	}
	return fmt.Sprintf("%.3g %s", n, units[i])
}
