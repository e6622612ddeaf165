package des_test

import (
	"fmt"

	"queuelab/des"
)

// An Env runs events in time order. Each kind of event has one handler;
// handlers schedule further events.
func ExampleEnv() {
	env := des.NewEnv()
	var tick des.Kind
	tick = env.Register("tick", func(ev des.Event) {
		fmt.Printf("tick %d at %v\n", ev.Ref, env.Now())
		if ev.Ref < 3 {
			env.MustAfter(des.Second, des.PriorityDefault, des.Event{Kind: tick, Ref: ev.Ref + 1})
		}
	})
	env.MustAfter(0, des.PriorityDefault, des.Event{Kind: tick, Ref: 1})
	env.Run()
	// Output:
	// tick 1 at 0s
	// tick 2 at 1s
	// tick 3 at 2s
}

// Events at the same instant run by priority, then in the order they were
// scheduled: a departure (PriorityRelease) frees its server before a
// simultaneous arrival looks for one.
func ExampleEnv_tieRules() {
	env := des.NewEnv()
	say := env.Register("say", func(ev des.Event) {
		fmt.Println([]string{"arrival", "departure", "timeout"}[ev.Ref])
	})
	env.MustAfter(des.Second, des.PriorityTimeout, des.Event{Kind: say, Ref: 2})
	env.MustAfter(des.Second, des.PriorityDefault, des.Event{Kind: say, Ref: 0})
	env.MustAfter(des.Second, des.PriorityRelease, des.Event{Kind: say, Ref: 1})
	env.Run()
	// Output:
	// departure
	// arrival
	// timeout
}

// Named streams derived from one seed keep each purpose's random numbers
// apart: drawing more service times does not change the arrivals.
func ExampleStreams() {
	ss := des.Streams{Seed: 42}
	arrivals := ss.Stream("arrivals")
	inter := des.Exponential{Rate: 400}
	fmt.Printf("%.6f s\n", inter.Rand(arrivals))
	service := ss.Stream("service")
	for i := 0; i < 1000; i++ {
		des.Exponential{Rate: 3}.Rand(service)
	}
	again := ss.Stream("arrivals")
	fmt.Printf("%.6f s\n", inter.Rand(again))
	// Output:
	// 0.000853 s
	// 0.000853 s
}

// mulberry32 reproduces the original pages' JavaScript generator exactly.
func ExampleNewMulberry32() {
	s := des.NewMulberry32(42)
	fmt.Println(s.Uint32(), s.Uint32())
	// Output: 2581720956 1925393290
}

// A Sketch answers quantiles within a guaranteed relative error.
func ExampleSketch() {
	sk := des.MustSketch(0.01, 1e-3, 1e3) // ±1 % for values in [1 ms, 1000 s]
	for i := 1; i <= 1000; i++ {
		sk.Add(float64(i) / 1000) // 1 ms … 1 s
	}
	fmt.Printf("p50 ≈ %.3f s, p99 ≈ %.3f s\n", sk.Quantile(0.5), sk.Quantile(0.99))
	// Output: p50 ≈ 0.502 s, p99 ≈ 0.990 s
}

// Batch means turn one long correlated run into a confidence interval.
func ExampleBatchMeans() {
	s := des.NewMulberry32(7)
	xs := make([]float64, 20000)
	for i := range xs {
		xs[i] = des.Exponential{Rate: 2}.Rand(s)
	}
	iv := des.BatchMeans(xs, 20, 0.95)
	fmt.Printf("mean %.3f ± %.3f (%d batches)\n", iv.Mean, iv.HalfWidth, iv.N)
	// Output: mean 0.492 ± 0.008 (20 batches)
}
