//go:build long

package validate

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
	"queuelab/des/queueing"
	"queuelab/model/network"
)

// TestNetworkWarmupBias (issue 19.4; about 2.5 min on 2 busy cores) measures the bias of the warm-up
// rules on heavy-tailed queues, over seeds 1–400 at the default run length
// (network.DefaultDuration: 200 000 mean times) of two M/H2/1 queues at
// ρ = 0.8 with balanced hyperexponential service of cv 2 (SCV 4):
// LCFS-PR, whose mean number in system is ρ/(1 − ρ) = 4 (insensitive),
// and FCFS, whose mean wait is ρ·S·(1 + 4)/(2(1 − ρ)) = 10 s (P-K). Each
// run is truncated two ways on the same sample path: by MSER-5 on the
// number in the network (the old default) and by a fixed
// NetworkWarmupShare (the default now). The relative bias is the mean over
// seeds of estimate/exact − 1, with its standard error across seeds.
// The fixed share must be within 3 SE of no bias (a correct rule fails
// this with probability 0.3 %); MSER-5's figures are logged for the record.
func TestNetworkWarmupBias(t *testing.T) {
	const seeds = 400
	for _, tc := range []struct {
		name, src string
		metric    queueing.Metric
		exact     float64
	}{
		{"M/H2/1 LCFS-PR", "name: lcfs\narrivals: {to: a, rate: 0.8}\nstations:\n  - name: a\n    discipline: lcfs-pr\n    service: {dist: hyperexp, mean: 1, cv: 2}\n", "mean_in_system", 4},
		{"M/H2/1 FCFS", "name: fcfs\narrivals: {to: a, rate: 0.8}\nstations:\n  - name: a\n    service: {dist: hyperexp, mean: 1, cv: 2}\n", "mean_wait", 10},
	} {
		n, err := network.Parse("t.yaml", []byte(tc.src))
		require.NoError(t, err)
		d := network.DefaultDuration(n)
		type run struct {
			mser, fixed, deleted float64
			err                  error
		}
		runs := des.Replicate(seeds, 0, func(i int) run {
			s, err := network.New(n, network.Options{Seed: uint64(i) + 1, Generator: des.PCG, Window: d / windowsPerRun})
			if err == nil {
				err = s.RunUntil(d)
			}
			if err != nil {
				return run{err: err}
			}
			a := s.Result(network.AutoWarmup, 0)
			b := s.Result(NetworkWarmupShare*d, 0)
			ma, _ := a.Metric("a", "", tc.metric)
			mb, _ := b.Metric("a", "", tc.metric)
			return run{ma.Value()/tc.exact - 1, mb.Value()/tc.exact - 1, a.Warmup / d, nil}
		}, nil)
		var mser, fixed, deleted des.Tally
		for _, r := range runs {
			require.NoError(t, r.err)
			mser.Add(r.mser)
			fixed.Add(r.fixed)
			deleted.Add(r.deleted)
		}
		se := func(x *des.Tally) float64 { return x.StdDev() / math.Sqrt(seeds) }
		t.Logf("%s %s, %d seeds, %g s each: MSER-5 bias %+.2f %% (SE %.2f %%, %.1f SE; mean share deleted %.1f %%, largest %.1f %%); fixed %g %% warm-up bias %+.2f %% (SE %.2f %%, %.1f SE)",
			tc.name, tc.metric, seeds, d, 100*mser.Mean(), 100*se(&mser), mser.Mean()/se(&mser), 100*deleted.Mean(), 100*deleted.Max(),
			100*NetworkWarmupShare, 100*fixed.Mean(), 100*se(&fixed), fixed.Mean()/se(&fixed))
		assert.LessOrEqual(t, math.Abs(fixed.Mean()), 3*se(&fixed), "%s: the fixed warm-up share is biased", tc.name)
	}
}

// TestNetworkDefaultWarmupSeeds is TestNetworkDefaultWarmup on seeds 2
// and 3.
func TestNetworkDefaultWarmupSeeds(t *testing.T) {
	checkDefaultWarmup(t, 2, 3)
}
