package des_test

import (
	"fmt"

	"queuelab/des"
)

// A processor-sharing station with one server: customer 1 needs 3 s of
// work and arrives at 0; customer 2 needs 1 s and arrives at 1 s. From 1 s
// they share the server, each at half speed: customer 2 has its 1 s after
// 2 s more, at 3 s, when customer 1 still needs 1 s alone.
func ExampleStation() {
	env := des.NewEnv()
	cpu, err := des.NewStation(env, des.StationConfig{Name: "cpu", Servers: 1, Discipline: des.PS})
	if err != nil {
		fmt.Println(err)
		return
	}
	cpu.OnDepart = func(cust int32, class int) {
		fmt.Printf("%v: customer %d leaves\n", env.Now(), cust)
	}
	arrive := env.Register("arrive", func(ev des.Event) {
		cpu.Arrive(ev.Ref, 0, des.Time(ev.Aux), des.NoPatience)
	})
	env.At(0, des.PriorityDefault, des.Event{Kind: arrive, Ref: 1, Aux: int64(3 * des.Second)})
	env.At(des.Second, des.PriorityDefault, des.Event{Kind: arrive, Ref: 2, Aux: int64(des.Second)})
	env.Run()
	w := cpu.Stats.Total.Snapshot(env.Now()).Sub(des.StationSnapshot{})
	fmt.Printf("L = %.2f, λ = %.2f/s, W = %.2f s: L = λW\n", w.MeanInSystem(), w.Throughput(), w.MeanSojourn())
	// Output:
	// 3s: customer 2 leaves
	// 4s: customer 1 leaves
	// L = 1.50, λ = 0.50/s, W = 3.00 s: L = λW
}

// Two FCFS stations in tandem: OnDepart of the first is the arrival at
// the second. Work is 1 s at the first station and 2 s at the second. At
// 3 s two services end; the one scheduled first (customer 1's, at 1 s)
// runs first, so customer 3 finds customer 2 in service.
func ExampleStation_tandem() {
	env := des.NewEnv()
	first, _ := des.NewStation(env, des.StationConfig{Name: "first", Servers: 1})
	second, _ := des.NewStation(env, des.StationConfig{Name: "second", Servers: 1})
	first.OnDepart = func(cust int32, class int) {
		fmt.Printf("%v: %d done at first, queued at second: %v\n", env.Now(), cust,
			second.Arrive(cust, class, 2*des.Second, des.NoPatience) == des.Queued)
	}
	second.OnDepart = func(cust int32, class int) { fmt.Printf("%v: %d leaves\n", env.Now(), cust) }
	for cust := int32(1); cust <= 3; cust++ {
		first.Arrive(cust, 0, des.Second, des.NoPatience)
	}
	env.Run()
	fmt.Printf("mean wait at second: %.1f s\n", second.Stats.Total.Wait.Mean())
	// Output:
	// 1s: 1 done at first, queued at second: false
	// 2s: 2 done at first, queued at second: true
	// 3s: 1 leaves
	// 3s: 3 done at first, queued at second: true
	// 5s: 2 leaves
	// 7s: 3 leaves
	// mean wait at second: 1.0 s
}

// A worker held until the model releases it, and a deadline applied at
// the start of service. Request 1 holds the one worker through steps the
// model schedules itself (here 2 s), then releases it. Request 2, waiting
// since 0.5 s, starts at 2 s; its work (3 s) would end past its deadline of
// 4 s after arrival, so OnStart cuts it to the 2.5 s left.
func ExampleStation_Release() {
	env := des.NewEnv()
	workers, err := des.NewStation(env, des.StationConfig{Name: "workers", Servers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	const deadline = 4 * des.Second
	release := env.Register("release", func(ev des.Event) { workers.Release(des.Ticket(ev.Ref)) })
	workers.OnStart = func(cust int32, class int, waited des.Time, t des.Ticket) {
		fmt.Printf("%v: %d starts after waiting %v\n", env.Now(), cust, waited)
		if cust == 1 {
			env.MustAfter(2*des.Second, des.PriorityDefault, des.Event{Kind: release, Ref: int32(t)})
			return
		}
		workers.SetWork(t, min(3*des.Second, deadline-waited))
	}
	workers.OnDepart = func(cust int32, class int) { fmt.Printf("%v: %d leaves\n", env.Now(), cust) }
	arrive := env.Register("arrive", func(ev des.Event) {
		workers.Arrive(ev.Ref, 0, des.UntilRelease, des.NoPatience)
	})
	env.At(0, des.PriorityDefault, des.Event{Kind: arrive, Ref: 1})
	env.At(500*des.Millisecond, des.PriorityDefault, des.Event{Kind: arrive, Ref: 2})
	env.Run()
	// Output:
	// 0s: 1 starts after waiting 0s
	// 2s: 2 starts after waiting 1.5s
	// 2s: 1 leaves
	// 4.5s: 2 leaves
}
