package webservice

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/model/input"
	"queuelab/model/scenario"
)

func runMinutes(t *testing.T, kind scenario.EngineKind, name string, seed uint64, pb scenario.Playbook, minutes int) *scenario.Result {
	t.Helper()
	e, err := New(kind, name, seed)
	require.NoError(t, err)
	r, err := scenario.Run(e, pb, minutes)
	require.NoError(t, err)
	return r
}

// TestFormulaNormalIsTheOriginal: the formula twin reproduces the
// original's normal state exactly (minute 0 without the wobble).
func TestFormulaNormalIsTheOriginal(t *testing.T) {
	cfg := mustConfig(t, "normal", 1)
	cfg.Params.Traffic.Wobble = 0
	e, err := NewEngine(scenario.Formula, "normal", cfg)
	require.NoError(t, err)
	row := e.Step()
	assert.InDelta(t, 1125, row[colRequests], 1e-9)
	assert.Equal(t, 10.0, row[colServing])
	assert.Equal(t, 0.0, row[colBooting])
	assert.Equal(t, "77", roundPct(row[colHit]))
	assert.Equal(t, "19", roundPct(row[colDBUtil]))
	assert.InDelta(t, 30, row[colAge], 1e-9)
	assert.InDelta(t, 4.00, row[colCostRate], 1e-9)
	assert.Equal(t, 0.0, row[colShed])
	assert.Equal(t, 0.0, row[colBadTraffic])
	assert.Equal(t, 1.0, row[colRecs])
	assert.Less(t, row[colBurn1h], 0.05, "burn shows as 0.0×")
}

func roundPct(x float64) string { return strings.TrimSpace(scenario.Column{Digits: 0}.Format(100 * x)) }

// TestDESNormalReproducesOriginal: the des engine's normal morning matches
// the original's indicators within sampling noise. Seed 1, 30 minutes
// (about 2 million requests). Tolerances are 3 standard errors (99.7 %)
// computed from the run itself (minute-to-minute spread) unless stated.
func TestDESNormalReproducesOriginal(t *testing.T) {
	t.Parallel()
	r := runMinutes(t, scenario.DES, "normal", 1, nil, 30)
	cfg := mustConfig(t, "normal", 1)
	// Requests: each minute's count is Poisson(60λ) times the 1 + N(0, 2 %)
	// wobble, so count/(60·λ(t)) has sd ≈ √(0.02² + 1/(60λ)) ≈ 0.0204.
	var sumRatio float64
	for m, row := range r.Minutes {
		sumRatio += row[colRequests] / cfg.baseRate(m)
	}
	meanRatio := sumRatio / float64(len(r.Minutes))
	assert.InDelta(t, 1, meanRatio, 3*0.0204/math.Sqrt(float64(len(r.Minutes))), "requests / λ(t)")
	assert.InDelta(t, 1125, r.Minutes[0][colRequests], 3*0.0204*1125, "requests at 08:00")

	// Every other indicator against the original's rounded value: the
	// original shows whole percents and seconds, so the check is that the
	// measured mean ± 3 SE overlaps the interval the rounded value stands for.
	check := func(col int, want, half float64, scale float64) {
		xs := r.Series(columns[col].Key)
		ci := meanCI(xs)
		lo, hi := want-half, want+half
		assert.True(t, scale*(ci.mean+3*ci.se) >= lo && scale*(ci.mean-3*ci.se) <= hi,
			"%s: measured %.3f ± %.3f (3 SE), original %g", columns[col].Key, scale*ci.mean, scale*3*ci.se, want)
	}
	check(colHit, 77, 0.5, 100)
	check(colDBUtil, 19, 0.5, 100)
	check(colAge, 30, 0.5, 1)
	for _, row := range r.Minutes {
		assert.Equal(t, 10.0, row[colServing])
		assert.Equal(t, 0.0, row[colBooting])
		assert.InDelta(t, 4.00, row[colCostRate], 1e-12)
		assert.Equal(t, 0.0, row[colShed])
		assert.Equal(t, 0.0, row[colBadTraffic])
		assert.Equal(t, 1.0, row[colRecs])
		assert.Less(t, row[colBurn1h], 0.05, "burn 0.0×")
	}
	assert.InDelta(t, 2.00, r.Value("cost"), 1e-9, "30 minutes at $4/h")
}

type ci struct{ mean, se float64 }

// meanCI returns the mean of xs and its standard error from the spread of
// the values (per-minute batch means).
func meanCI(xs []float64) ci {
	n := float64(len(xs))
	var s, s2 float64
	for _, x := range xs {
		s += x
	}
	m := s / n
	for _, x := range xs {
		s2 += (x - m) * (x - m)
	}
	return ci{m, math.Sqrt(s2 / (n - 1) / n)}
}

// TestHitShareMatchesTTLFormula: in steady state the measured hit share of
// every minute matches warm·rT/(1 + rT), r = λ/20,000, with λ the minute's
// measured admitted rate. The residuals' mean must be within 3 standard
// errors (99.7 %); the standard error must itself be small (< 0.2 %
// points) so that the test could see a real bias of a few tenths of a
// percent. Also checks the mean age of cached answers ≈ T/2 the same way,
// and for a TTL of 30 s.
func TestHitShareMatchesTTLFormula(t *testing.T) {
	t.Parallel()
	for _, ttl := range []string{"60s", "30s"} {
		pb, err := scenario.ParseAt("0m:ttl="+ttl, Controls)
		require.NoError(t, err)
		r := runMinutes(t, scenario.DES, "normal", 2, pb, 25)
		T := pb[0].Value.Num
		var res, ages []float64
		for m, row := range r.Minutes {
			if m < 2 { // let a changed TTL settle
				continue
			}
			want := analytic.TTLHitRatio(row[colRequests]/20000, T, 1)
			res = append(res, row[colHit]-want)
			ages = append(ages, row[colAge]-T/2)
		}
		c := meanCI(res)
		assert.Less(t, c.se, 0.002, "ttl %s: the test must be able to see a 0.6 %% bias", ttl)
		assert.InDelta(t, 0, c.mean, 3*c.se, "ttl %s: hit share − warm·rT/(1+rT)", ttl)
		a := meanCI(ages)
		assert.InDelta(t, 0, a.mean, 3*a.se, "ttl %s: mean age − T/2", ttl)
	}
}

// TestDeterminism: same seed, scenario and playbook give identical rows;
// another seed gives different ones.
func TestDeterminism(t *testing.T) {
	t.Parallel()
	pb, err := scenario.ParseAt("11m:rollback=press,shed-low=50,lb=round-robin", Controls)
	require.NoError(t, err)
	a := runMinutes(t, scenario.DES, "bad-build", 7, pb, 14)
	b := runMinutes(t, scenario.DES, "bad-build", 7, pb, 14)
	c := runMinutes(t, scenario.DES, "bad-build", 8, pb, 14)
	var sa, sb, sc strings.Builder
	require.NoError(t, scenario.WriteCSV(&sa, a))
	require.NoError(t, scenario.WriteCSV(&sb, b))
	require.NoError(t, scenario.WriteCSV(&sc, c))
	assert.Equal(t, sa.String(), sb.String())
	assert.NotEqual(t, sa.String(), sc.String())
}

// TestRollback: the bad build is replaced five minutes after the press,
// pressing again restarts the five minutes, the prepared fleet is billed
// alongside, and a rollback with no bad build only costs money.
func TestRollback(t *testing.T) {
	pb, err := scenario.ParseAt("12m:rollback=press", Controls)
	require.NoError(t, err)
	again, err := scenario.ParseAt("14m:rollback=press", Controls)
	require.NoError(t, err)
	for _, tc := range []struct {
		name     string
		pb       scenario.Playbook
		switchAt int
	}{{"once", pb, 17}, {"twice", pb.Merge(again), 19}} {
		r := runMinutes(t, scenario.Formula, "bad-build", 1, tc.pb, 25)
		bad := r.Series("bad_build_traffic")
		cost := r.Series("cost_rate")
		assert.Equal(t, 1.0, bad[tc.switchAt-1], tc.name)
		assert.Equal(t, 0.0, bad[tc.switchAt], tc.name)
		assert.InDelta(t, 8.0, cost[tc.switchAt-1], 1e-9, "%s: both fleets billed", tc.name)
		assert.InDelta(t, 4.0, cost[tc.switchAt], 1e-9, tc.name)
	}
	r := runMinutes(t, scenario.Formula, "normal", 1, pb, 20)
	assert.InDelta(t, 4.0*20/60+4.0*5/60, r.Value("cost"), 1e-9, "a needless rollback costs 5 fleet-minutes")
	assert.Equal(t, 0.0, r.Value("error_rate"))
}

// TestAutoscaler follows the original's rules on the formula engine: no
// scale-out while booting, the fleet never above 40 nor below the minimum,
// scale-in at most 20 % after 10 quiet minutes.
func TestAutoscaler(t *testing.T) {
	pb, err := scenario.ParseAt("0m:autoscale=on,autoscale-target=30,boot-delay=2m", Controls)
	require.NoError(t, err)
	down, err := scenario.ParseAt("20m:autoscale-target=90", Controls)
	require.NoError(t, err)
	r := runMinutes(t, scenario.Formula, "normal", 1, pb.Merge(down), 60)
	serving, booting := r.Series("serving"), r.Series("booting")
	for m := 1; m < len(serving); m++ {
		fleet, prev := serving[m]+booting[m], serving[m-1]+booting[m-1]
		assert.LessOrEqual(t, fleet, 40.0)
		assert.GreaterOrEqual(t, fleet, 10.0)
		if fleet > prev {
			assert.Equal(t, 0.0, booting[m-1], "minute %d: scale-out while booting", m)
		}
		if fleet < prev {
			assert.LessOrEqual(t, prev-fleet, math.Max(1, math.Floor(0.2*prev)), "minute %d: scale-in > 20 %%", m)
		}
	}
	assert.Greater(t, serving[15], 15.0, "30 % target grows the fleet")
	assert.Less(t, serving[59], serving[19], "90 % target shrinks it after 10 quiet minutes")
}

func TestControlErrors(t *testing.T) {
	for _, tc := range []struct{ at, want string }{
		{"5m:min-instances=41", "an integer from 1 to 40"},
		{"5m:lb=random", "one of pooled, round-robin, least-connections"},
		{"5m:shed-low=150", "percentage from 0 % to 100 %"},
		{"5m:servers=3", "unknown control \"servers\""},
		{"5m:rollback=off", "want press"},
	} {
		_, err := scenario.ParseAt(tc.at, Controls)
		require.Error(t, err, tc.at)
		assert.Contains(t, err.Error(), tc.want)
	}
	_, err := New(scenario.DES, "nope", 1)
	assert.ErrorIs(t, err, scenario.ErrUnknownScenario)
	_, err = New("exact", "normal", 1)
	assert.Error(t, err)
	cfg := mustConfig(t, "normal", 1)
	cfg.Params.Workers.PerInstance = 0
	_, err = NewDES(cfg)
	assert.ErrorContains(t, err, "Workers")
}

// TestNoAllocationPerRequest: a simulated minute (≈ 68,000 requests)
// allocates only its row and a few bookkeeping values.
func TestNoAllocationPerRequest(t *testing.T) {
	e, err := NewDES(mustConfig(t, "normal", 3))
	require.NoError(t, err)
	for range 3 {
		e.Step()
	}
	allocs := testing.AllocsPerRun(3, func() { e.Step() })
	assert.Less(t, allocs, 10.0)
}

// TestPicture: instances with build labels, gauges in [0, 1], at most 60
// dots in time order from real requests.
func TestPicture(t *testing.T) {
	e, err := NewDES(mustConfig(t, "bad-build", 1))
	require.NoError(t, err)
	for range 12 {
		e.Step()
	}
	p := e.Picture()
	require.NotEmpty(t, p.Groups)
	assert.Len(t, p.Groups[0].Items, 10)
	assert.Contains(t, p.Groups[0].Label, "v2 (bad)")
	for _, g := range p.Gauges {
		assert.True(t, g.Value >= 0 && g.Value <= 1, g.Name)
	}
	require.NotEmpty(t, p.Dots)
	assert.LessOrEqual(t, len(p.Dots), 60)
	for i := 1; i < len(p.Dots); i++ {
		assert.LessOrEqual(t, p.Dots[i-1].At, p.Dots[i].At)
	}
}

// TestZipfAlias: the alias table samples Zipf(1) over 100 objects with the
// right frequencies (chi-square, 99.9 % level, 99 degrees of freedom:
// critical value 148.2).
func TestZipfAlias(t *testing.T) {
	a := newZipfAlias(100, 1)
	s := desStreamForTest(5)
	counts := make([]float64, 100)
	const n = 200000
	for range n {
		counts[a.sample(s)]++
	}
	var norm, chi float64
	for i := 1; i <= 100; i++ {
		norm += 1 / float64(i)
	}
	for i, c := range counts {
		exp := n / float64(i+1) / norm
		chi += (c - exp) * (c - exp) / exp
	}
	assert.Less(t, chi, 148.2)
}

func TestControlDefaultsParse(t *testing.T) {
	for _, c := range Controls {
		if c.Kind == input.Press {
			assert.Empty(t, c.Default, c.Name)
			continue
		}
		_, err := c.Parse(c.Default)
		assert.NoError(t, err, "default of %s", c.Name)
	}
}

func TestEventsShowOnlyWhatHappened(t *testing.T) {
	e, err := New(scenario.DES, "cache-flush", 1)
	require.NoError(t, err)
	ev := e.(scenario.Evented)
	for e.Minute() <= 10 {
		assert.Empty(t, ev.Events(), "the flush at minute 10 is not shown before it happens")
		e.Step()
	}
	assert.Equal(t, []scenario.Mark{{Minute: 10, Label: "cache flushed"}}, ev.Events())
}

func TestScenarioStartSettingsMatchTheEngine(t *testing.T) {
	// viral-link starts with an 8-minute boot delay: its Start says so,
	// and the value parses.
	for _, sc := range System.Scenarios {
		for _, st := range sc.Start {
			c, err := input.Find(Controls, st.Control)
			require.NoError(t, err, sc.Name)
			_, err = c.Parse(st.Value)
			require.NoError(t, err, "%s: %s=%s", sc.Name, st.Control, st.Value)
		}
	}
	sc, err := System.Scenario("viral-link")
	require.NoError(t, err)
	c, err := input.Find(Controls, "boot-delay")
	require.NoError(t, err)
	assert.Equal(t, "8m", sc.StartValue(c))
	cfg, err := NewConfig("viral-link", 1)
	require.NoError(t, err)
	assert.Equal(t, 8*60.0, cfg.BootDelay)
}
