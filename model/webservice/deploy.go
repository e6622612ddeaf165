package webservice

import (
	"math"

	"queuelab/model/fleet"
)

// Build versions, the tags of the fleet's instances. The last good build
// is v1; the deploy of the bad-build scenario rolls out v2.
const (
	goodBuild uint8 = 1
	badBuild  uint8 = 2
)

func buildLabel(b uint8) string {
	if b == badBuild {
		return "v2 (bad)"
	}
	return "v1"
}

// deploy is the state of the builds: the build new instances start on,
// the rolling deploy of the bad build and the rollback.
type deploy struct {
	currentBuild uint8
	deployOff    bool // a rollback ended the deploy
	rollbackAt   int  // minute the prepared fleet takes the traffic (−1: none)
	prepSize     int  // instances of the prepared fleet, billed alongside
}

func newDeploy() deploy { return deploy{currentBuild: goodBuild, rollbackAt: -1} }

// press (re)starts, at minute m, the preparation of a fresh fleet of the
// last good build as large as the fleet now (size); it takes the traffic
// after the given minutes.
func (d *deploy) press(m, minutes, size int) {
	d.rollbackAt = m + minutes
	d.prepSize = size
}

// step applies minute m's rollback switch and rolling-deploy step to f.
// The deploy starts at minute at (< 0: none) and lasts minutes: by the
// end of minute at+k, (k+1)/minutes of the fleet runs the bad build, and
// new instances start on it from minute at. A rollback ends a deploy in
// progress.
func (d *deploy) step(m int, f *fleet.Fleet, at, minutes int) {
	if d.rollbackAt == m {
		d.currentBuild = goodBuild
		f.Retag(goodBuild, f.Slots())
		d.rollbackAt, d.prepSize = -1, 0
		if at >= 0 && m >= at {
			d.deployOff = true
		}
	}
	if at >= 0 && m >= at && m < at+minutes && !d.deployOff {
		d.currentBuild = badBuild
		want := int(math.Ceil(float64(f.Size()) * float64(m-at+1) / float64(minutes)))
		f.Retag(badBuild, want-f.CountTag(badBuild))
	}
}
