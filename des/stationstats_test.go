package des

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNoteCountsIsSet: the station's shared-interval recording of its
// three counts leaves each TimeWeighted bit for bit as TimeWeighted.Set
// would, through random walks where the counts change together, alone or
// not at all, with several changes at one instant and a ResetStats-style
// restart (seeds 1–20, 2000 steps each).
func TestNoteCountsIsSet(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		s := &Station{env: NewEnv()}
		var got, want [3]TimeWeighted
		var counts [3]int
		for step := 0; step < 2000; step++ {
			if r.IntN(4) != 0 { // a quarter of the steps stay at the same instant
				s.env.sched.now += Time(r.IntN(3_000_000_000))
			}
			if r.IntN(500) == 0 {
				for k := range got {
					got[k].Reset(s.env.sched.now)
					want[k].Reset(s.env.sched.now)
				}
			}
			for k := range counts {
				if r.IntN(3) == 0 {
					counts[k] = max(0, counts[k]+r.IntN(5)-2)
				}
			}
			s.noteCounts(&got[0], &got[1], &got[2], counts[0], counts[1], counts[2])
			for k := range want {
				if v := float64(counts[k]); v != want[k].Value() {
					want[k].Set(s.env.sched.now, v)
				}
			}
			require.Equal(t, want, got, "seed %d step %d", seed, step)
		}
	}
}
