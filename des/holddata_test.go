package des

// holdIncrements are desbench.HoldIncrements for the scheduler's internal
// tests and benchmarks, which cannot import desbench (it imports des):
// Exp(1) increments in nanoseconds, mean 1 s, drawn once from mulberry32
// seed 1. TestHoldIncrementsMatchDesbench keeps the two the same.
var holdIncrements = func() []Time {
	s := NewMulberry32(1)
	out := make([]Time, 1<<16)
	for i := range out {
		out[i] = Seconds(Exponential{Rate: 1}.Rand(s))
	}
	return out
}()

// HoldIncrementsForTest exposes holdIncrements to the external tests.
var HoldIncrementsForTest = holdIncrements
