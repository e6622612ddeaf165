package ctmc

import "sync"

// parallelFrom is the smallest chain whose long loops (the sweeps, the
// aggregation steps, the residual, the measures, the building's lookups)
// run in two parts on two goroutines. Below it everything runs in one
// part, in the order of the states. The parts are fixed — two, cut by the
// states, never by the number of cores — so the sums, and with them the
// results, are the same on every machine and every GOMAXPROCS.
var parallelFrom = 50000

// halves runs f(0, 0, cut) and f(1, cut, n) side by side and waits for
// both; with split false it runs f(0, 0, n) alone.
func halves(n, cut int, split bool, f func(part, lo, hi int)) {
	if !split {
		f(0, 0, n)
		return
	}
	var wg sync.WaitGroup
	wg.Go(func() { f(1, cut, n) })
	f(0, 0, cut)
	wg.Wait()
}

// beside runs a on this goroutine and b on another and waits for both;
// with split false it runs a, then b.
func beside(split bool, a, b func()) {
	if !split {
		a()
		b()
		return
	}
	var wg sync.WaitGroup
	wg.Go(b)
	a()
	wg.Wait()
}
