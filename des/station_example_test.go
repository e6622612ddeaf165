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
