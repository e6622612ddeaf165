package des

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// This file is queuelab's one replication engine: every study that runs
// many independent simulations (the validate catalogue, `queuelab
// sweep`, replications of a probe) runs them through Replicate or
// RunTasks and seeds them with ReplicationSeed. It lives in des, the
// bottom of the dependency graph (cmd → validate/sweep → model → des),
// because running independent replications is part of a simulation study
// like the statistics over them (MeanCI), and every package that needs it
// already imports des.
//
// Determinism: a task is known by its index alone. Its seed comes from the
// base seed and an index the caller chooses (never from the worker or the
// order of completion), and results are handed back by index, so the
// outcome of a study is the same whatever the number of workers.

// ReplicationSeed derives the seed of replication r (r ≥ 0) from the base
// seed with the SplitMix64 finaliser (Steele, Lea & Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014): base + (r+1)·γ with γ the
// 64-bit golden ratio, then mixed. Distinct r give distinct seeds for a
// base (the mix is a bijection), and nearby bases or replications give
// unrelated seeds. It depends on base and r only, so any replication can be
// rerun alone, and two design points run with the same r share their
// random numbers (common random numbers).
func ReplicationSeed(base uint64, r int) uint64 {
	x := base + uint64(r+1)*0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// Workers returns the number of workers to use for a request of w: w
// itself when positive, else GOMAXPROCS (all cores by default).
func Workers(w int) int {
	if w > 0 {
		return w
	}
	return runtime.GOMAXPROCS(0)
}

// Replicate runs task(i) for i in [0, n) on workers goroutines (all
// cores if workers ≤ 0) and returns the results by index. done, if not
// nil, is called after each task with the number finished so far; calls
// are serialised.
func Replicate[T any](n, workers int, task func(i int) T, done func(finished int)) []T {
	out := make([]T, n)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	finished := 0
	_ = RunTasks(idx, workers, task, func(i int, v T) error {
		out[i] = v
		finished++
		if done != nil {
			done(finished)
		}
		return nil
	})
	return out
}

// RunTasks runs task(i) for every index in tasks on workers goroutines
// (all cores if workers ≤ 0), handing out indices in the order given, and
// calls done(i, v), if not nil, with each result as soon as it is ready. done calls are
// serialised (one at a time, never concurrently) and come in completion
// order, which varies from run to run: a caller that needs a fixed order
// sorts by index. If done returns an error, no further task is started,
// the tasks already running finish (their results are dropped) and
// RunTasks returns that error.
//
// The cost per task is one atomic increment and one uncontended mutex,
// a few tens of nanoseconds (BENCHMARKS.md); a task should do much more work
// than that.
func RunTasks[T any](tasks []int, workers int, task func(i int) T, done func(i int, v T) error) error {
	workers = min(Workers(workers), len(tasks))
	var (
		next    atomic.Int64
		stopped atomic.Bool
		mu      sync.Mutex
		first   error
		wg      sync.WaitGroup
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stopped.Load() {
				k := int(next.Add(1) - 1)
				if k >= len(tasks) {
					return
				}
				i := tasks[k]
				v := task(i)
				if done == nil {
					continue
				}
				mu.Lock()
				if first == nil {
					if err := done(i, v); err != nil {
						first = err
						stopped.Store(true)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return first
}
