package fleet

import (
	"math"

	"queuelab/analytic"
	"queuelab/des"
)

// Autoscaler is a target-tracking autoscaler (the policy of AWS's target
// tracking and Kubernetes' horizontal pod autoscaler): once a minute it
// sizes the fleet to desired = ⌈serving × utilisation / target⌉ (see
// analytic.DesiredInstances), with serving and utilisation measured over
// the same, last minute so that instances that joined since do not count
// twice. It scales out only while nothing boots (the boots under way are
// its last decision) and scales in after QuietMinutes minutes in a row of
// lower demand, by at most ScaleInShare of the fleet at once. The fleet
// never goes below the operator's minimum.
type Autoscaler struct {
	Target       float64 // utilisation to hold, in (0, 1]
	Max          int     // fleet ceiling
	QuietMinutes int     // minutes of lower demand before scaling in
	ScaleInShare float64 // largest share of the fleet removed at once
	quiet        int
}

// Hold sizes the fleet to exactly min (the autoscaler is off) and
// forgets its quiet minutes.
func (a *Autoscaler) Hold(f *Fleet, min int, t uint8, now des.Time) {
	a.quiet = 0
	f.Resize(min, t, now)
}

// Step makes one minute's decision from the last minute's mean serving
// instances and utilisation; measured is false at the first minute (no
// measurement yet), when only the minimum is enforced. New instances get
// tag t.
func (a *Autoscaler) Step(f *Fleet, minInst int, serving, util float64, measured bool, t uint8, now des.Time) {
	size := f.Size()
	if measured {
		desired, err := analytic.DesiredInstances(int(math.Round(serving)), util, a.Target, a.Max)
		if err == nil {
			desired = max(desired, minInst)
			switch {
			case desired > size:
				a.quiet = 0
				if f.Booting() == 0 {
					f.Start(desired-size, t, now)
				}
			case desired < size:
				a.quiet++
				if a.quiet >= a.QuietMinutes {
					n := max(1, int(a.ScaleInShare*float64(size)))
					f.Remove(min(n, size-desired))
					a.quiet = 0
				}
			default:
				a.quiet = 0
			}
		}
	}
	if s := f.Size(); s < minInst {
		f.Start(minInst-s, t, now)
	}
}
