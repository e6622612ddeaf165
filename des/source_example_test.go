package des_test

import (
	"fmt"

	"queuelab/des"
)

// A source of arrivals every second, merged with a timer at 2.5 s and one
// at exactly 2 s of higher priority (a release), which runs first.
func ExampleSource() {
	env := des.NewEnv()
	timer := env.Register("timer", func(ev des.Event) { fmt.Printf("%v event %d\n", env.Now(), ev.Ref) })
	var arrivals *des.Source
	n := 0
	arrivals = env.NewSource(des.PriorityDefault, func(now des.Time) {
		n++
		fmt.Printf("%v arrival %d\n", now, n)
		if n < 3 {
			arrivals.MustSchedule(now + des.Second)
		}
	})
	arrivals.MustSchedule(des.Second)
	env.MustAfter(2500*des.Millisecond, des.PriorityDefault, des.Event{Kind: timer, Ref: 1})
	env.MustAfter(2*des.Second, des.PriorityRelease, des.Event{Kind: timer, Ref: 2})
	if err := env.RunUntilSources(10*des.Second, []*des.Source{arrivals}); err != nil {
		fmt.Println(err)
	}
	fmt.Println("now", env.Now(), "steps", env.Steps())
	// Output:
	// 1s arrival 1
	// 2s event 2
	// 2s arrival 2
	// 2.5s event 1
	// 3s arrival 3
	// now 10s steps 5
}
