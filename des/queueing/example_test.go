package queueing_test

import (
	"fmt"

	"queuelab/des/queueing"
)

// A discipline is read by its file name and written back the same way;
// a wrong name is refused with the valid ones.
func ExampleParseDiscipline() {
	d, err := queueing.ParseDiscipline("lcfs-pr")
	fmt.Println(d, err, d == queueing.LCFSPR)
	_, err = queueing.ParseDiscipline("lifo")
	fmt.Println(err)
	// Output:
	// lcfs-pr <nil> true
	// unknown discipline "lifo" (valid: fcfs, lcfs-pr, ps, siro, priority, preemptive-priority)
}

// Infinite is the one server count of a delay station, in the simulator
// and in the formulas.
func ExampleIsDelay() {
	for _, c := range []int{queueing.Infinite, 0, 4} {
		fmt.Println(c, queueing.IsDelay(c))
	}
	// Output:
	// -1 true
	// 0 false
	// 4 false
}
