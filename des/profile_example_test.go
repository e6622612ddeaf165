package des_test

import (
	"fmt"

	"queuelab/des"
)

// A Profiler sees every Env created while it runs: here an M/M/1 queue
// whose arrivals are one event kind and whose departures are another.
// Counts and pending-set sizes are the same for the same seed; times (not
// printed here) are sampled on the wall clock.
func ExampleStartProfile() {
	p, err := des.StartProfile(des.ProfileOptions{SampleEvery: des.DefaultSampleEvery})
	if err != nil {
		panic(err)
	}
	env := des.NewEnv() // attached to p
	p.Stop()

	ss := des.Streams{Seed: 1, Gen: des.PCG}
	arrivals, services := ss.Stream("arrivals"), ss.Stream("service")
	st, err := des.NewStation(env, des.StationConfig{Name: "server", Servers: 1})
	if err != nil {
		panic(err)
	}
	var arrive des.Kind
	arrive = env.Register("arrival", func(ev des.Event) {
		st.Arrive(0, 0, des.Seconds(des.Exponential{Rate: 1}.Rand(services)), des.NoPatience)
		env.MustAfter(des.Seconds(des.Exponential{Rate: 0.5}.Rand(arrivals)), des.PriorityDefault, ev)
	})
	env.MustAfter(0, des.PriorityDefault, des.Event{Kind: arrive})
	if err := env.RunUntil(1000 * des.Second); err != nil {
		panic(err)
	}

	ep := p.Profile()
	fmt.Println("events:", ep.Events, "=", env.Steps())
	for _, k := range ep.Kinds {
		fmt.Printf("%-12s %4d events, %.1f %% of all, %.2f others pending on average, %d at most\n",
			k.Name, k.Count, 100*k.Share, k.MeanPending, k.MaxPending)
	}
	// Output:
	// events: 990 = 990
	// arrival       495 events, 50.0 % of all, 0.51 others pending on average, 1 at most
	// server.done   495 events, 50.0 % of all, 1.00 others pending on average, 1 at most
}
