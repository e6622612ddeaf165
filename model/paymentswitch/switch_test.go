package paymentswitch

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/model/input"
	"queuelab/model/scenario"
)

func loadPlaybook(t testing.TB, name string) scenario.Playbook {
	t.Helper()
	pb, err := scenario.LoadFile(filepath.Join("..", "..", "playbooks", "switch-"+name+".yaml"), Controls)
	require.NoError(t, err)
	return pb
}

func run(t testing.TB, kind scenario.EngineKind, sc string, pb scenario.Playbook, seed uint64) *scenario.Result {
	t.Helper()
	e, err := New(kind, sc, seed)
	require.NoError(t, err)
	r, err := scenario.Run(e, pb, 60)
	require.NoError(t, err)
	return r
}

// TestNormalDay checks that a normal run (400 tx/s, 6 servers, 60 min,
// seed 1) reproduces the original's normal-day indicators. Each tolerance is
// 4 standard errors of the run's sampling noise (two-sided, about 6·10⁻⁵
// false-alarm probability per check), computed from the counts involved:
//
//   - good approval and good declined by rule: binomial over ≈ 1.44 M
//     genuine transactions, SE = √(p(1−p)/n) ≈ 3.1·10⁻⁵;
//   - fraud stopped: binomial over ≈ 1 440 fraud transactions, SE ≈ 1.2 %;
//   - fraud bp: the fraud amount approved is a compound Poisson sum of
//     ≈ 1 000 lognormal(σ = 1) amounts, CV = √(e/n) ≈ 5.2 %;
//   - authorization time and busy slots: the 60 per-minute wobbles
//     (arrivals 3 %, group B ±15 % uniform) average to SE ≈ 0.4 % of the
//     rate and ≈ 0.35 % of the holding time; exponential latency noise adds
//     ≈ 0.1 %; busy slots SE ≈ 0.55 % relative, authorization time ≈ 0.7 ms.
//
// The expected values are the original's formulas (FPR(3) = 1.35 ‰,
// TPR(3) = 30.85 %, 10.37 bp, S = 330 ms, 400 × 0.33 / 192 = 68.75 %),
// whose rounded forms are the original's display (99.9 %, 1.3 ‰, 31 %,
// 10.4 bp, 330 ms, 69 %).
//
// The day runs on both generators des offers (mulberry32, the default,
// and PCG, which NewWithGenerator selects for long runs): each must meet
// the same tolerances, and their runs must differ (the choice is
// honoured).
func TestNormalDay(t *testing.T) {
	t.Parallel()
	var approvals []float64
	for _, gen := range []des.Generator{des.Mulberry32, des.PCG} {
		t.Run(gen.String(), func(t *testing.T) {
			e, err := NewWithGenerator(scenario.DES, Normal, 1, gen)
			require.NoError(t, err)
			r, err := scenario.Run(e, nil, 60)
			require.NoError(t, err)
			checkNormalDay(t, r)
			approvals = append(approvals, r.Value("good_approval"))
		})
	}
	require.Len(t, approvals, 2)
	assert.NotEqual(t, approvals[0], approvals[1], "PCG and mulberry32 runs should differ")
}

func checkNormalDay(t *testing.T, r *scenario.Result) {
	b := analytic.Binormal{DPrime: DPrime}
	fpr, tpr := b.FPR(DefaultThreshold), b.TPR(DefaultThreshold)
	S := SwitchTime + analytic.TimeoutHeldMean(IssuerMean, DefaultIssuerTimeout)
	binSE := func(p, n float64) float64 { return math.Sqrt(p * (1 - p) / n) }
	nG := 0.999 * BaseRate * 3600
	nF := 0.001 * BaseRate * 3600
	checks := []struct {
		key       string
		want, tol float64
	}{
		{"good_approval", 1 - fpr, 4 * binSE(fpr, nG)},
		{"healthy_approval", 1 - fpr, 4 * binSE(fpr, 0.75*nG)},
		{"good_declined_rule", fpr, 4 * binSE(fpr, nG)},
		{"fraud_stopped", tpr, 4 * binSE(tpr, nF)},
		{"fraud_bp", analytic.FraudBasisPoints(BaseFraudShare, 1-fpr, 1-tpr, FraudAmountScale),
			4 * math.Sqrt(math.E/(nF*(1-tpr))) * 10.37},
		{"auth_ms", 1000 * S, 4 * 0.7},
		{"busy_slots", BaseRate * S / 192, 4 * 0.0055 * 0.6875},
		{"new_tps", BaseRate, 4 * 0.004 * BaseRate},
		{"offered_tps", BaseRate, 4 * 0.004 * BaseRate},
		{"cost_rate", 36, 0},
		{"cost", 36, 1e-9},
		{"servers", 6, 0},
		{"retry_tps", 0, 0.01},
		{"shed_tps", 0, 0},
		{"dropped_queue", 0, 1e-5},
		{"issuer_timeouts", 0, 1e-6},
		{"standin_tps", 0, 0},
	}
	for _, c := range checks {
		assert.InDelta(t, c.want, r.Value(c.key), c.tol, c.key)
	}
	// The original's displayed (rounded) values.
	cols := Columns()
	show := func(key string, digits int) string {
		for _, c := range cols {
			if c.Key == key {
				c.Digits = digits
				return c.Format(r.Value(key))
			}
		}
		return ""
	}
	assert.Equal(t, "99.9 %", show("good_approval", 1))
	assert.Equal(t, "36 u/h", show("cost_rate", 0))
}

// TestFormulaNormalDay: the formula twin gives the original's values.
func TestFormulaNormalDay(t *testing.T) {
	r := run(t, scenario.Formula, Normal, nil, 1)
	assert.InDelta(t, 0.99865, r.Value("good_approval"), 5e-5)
	assert.InDelta(t, 10.37, r.Value("fraud_bp"), 0.05)
	assert.InDelta(t, 0.3085, r.Value("fraud_stopped"), 5e-4)
	assert.InDelta(t, 330, r.Value("auth_ms"), 3)
	assert.InDelta(t, 0.6875, r.Value("busy_slots"), 0.01)
}

// TestGoodput drives the des engine with an open Poisson load above
// capacity (no retries, no wobble, threshold 6σ so the rule declines
// nothing) and checks that the measured goodput — live attempts that got a
// slot, per second, over minutes 5–14 — follows the original's
// (N/S − ωλ)/(1 − ω). Nothing in the engine computes that formula: it
// emerges from clients giving up at the 2 s queue timeout while their
// requests stay queued and cost ω × a holding time.
//
// Tolerance 1 %: the fluid argument (in steady state every queued request
// is eventually taken, live or abandoned, so x + ω(λ − x) = N/S) is exact
// for long-run averages; the remaining error is the noise of ≈ 400 000
// completions (0.2 %) plus the slow fluctuation of the queue around its 2 s
// equilibrium over a 10-minute window; measured errors are −0.07 … −0.15 % (seeds
// 1–2, λ = 800 and 1100), so 1 % leaves room for noise but not for a
// mechanism that is off by a few percent. Seed 1 runs by default, seeds
// 1–2 under the build tag long.
func TestGoodput(t *testing.T) {
	t.Parallel()
	for _, lambda := range []float64{800, 1100} {
		for seed := uint64(1); seed <= goodputSeeds(); seed++ {
			cfg := defaultConfig(Scenarios[0])
			cfg.baseRate, cfg.retryProb, cfg.wobble = lambda, 0, false
			cfg.ctl.threshold = 6
			e := newDES(cfg, seed, des.Mulberry32)
			var served float64
			for m := 0; m < 15; m++ {
				e.Step()
				if m >= 5 {
					served += e.win.counts.forwarded
				}
			}
			got := served / (10 * 60)
			S := SwitchTime + analytic.TimeoutHeldMean(IssuerMean, DefaultIssuerTimeout)
			want := analytic.Goodput(lambda*(1-analytic.StdNormalSurvival(6)), 192/S, Omega)
			t.Logf("λ = %v, seed %d: goodput %.1f/s, formula %.1f/s, error %+.2f %%", lambda, seed, got, want, 100*(got/want-1))
			assert.InEpsilon(t, want, got, 0.01, "λ = %v, seed %d", lambda, seed)
		}
	}
}

func goodputSeeds() uint64 {
	if longTests {
		return 2
	}
	return 1
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// TestScenarioGoals: for each crisis, on seeds 1..10 and on both engines,
// running with no action fails at least one goal (decided early when it
// can no longer be met: see failsSurely) and the reference playbook meets
// every goal, each on at least 9 of the 10 seeds. Without the build tag
// long the des engine runs seed 1 only, which must then pass (the formula
// twin, which costs milliseconds, always runs ten seeds). On seed 1
// the des and formula results of the reference playbook are also compared
// (checkTwinAgreement).
func TestScenarioGoals(t *testing.T) {
	t.Parallel()
	for _, sc := range []string{SaleSurge, FraudWave, IssuerOutage} {
		pb := loadPlaybook(t, sc)
		for _, kind := range []scenario.EngineKind{scenario.DES, scenario.Formula} {
			for _, action := range []bool{false, true} {
				t.Run(string(kind)+"/"+sc+map[bool]string{false: "/no-action", true: "/playbook"}[action], func(t *testing.T) {
					t.Parallel()
					ok, seeds := 0, uint64(10)
					if kind == scenario.DES && !longTests {
						seeds = 1
					}
					var notes []string
					for seed := uint64(1); seed <= seeds; seed++ {
						var p scenario.Playbook
						if action {
							p = pb
						}
						if !action {
							if failsSurely(t, kind, sc, seed) {
								ok++
							} else {
								notes = append(notes, fmt.Sprintf("seed %d met every goal with no action", seed))
							}
							continue
						}
						r := run(t, kind, sc, p, seed)
						if seed == 1 && kind == scenario.DES {
							checkTwinAgreement(t, sc, r, run(t, scenario.Formula, sc, p, seed))
						}
						if r.Met() {
							ok++
						} else {
							for _, g := range r.Goals {
								notes = append(notes, fmt.Sprintf("seed %d: %s = %s", seed, g.Name, formatGoal(g)))
							}
						}
					}
					assert.GreaterOrEqual(t, ok, int(seeds-seeds/10), "%s", strings.Join(notes, "; "))
				})
			}
		}
	}
}

// failsSurely runs scenario sc with no action, minute by minute, and
// reports whether some goal fails. It stops as soon as a goal is lost
// (scenario.Goal.Lost: shares lie in [0, 1], other indicators are ≥ 0,
// and the goals read at the end — cost and stand-in risk — never
// decrease) and otherwise runs to the end and checks the goals. This
// saves the storm minutes of the no-action runs, which cost most.
func failsSurely(t *testing.T, kind scenario.EngineKind, sc string, seed uint64) bool {
	t.Helper()
	e, err := New(kind, sc, seed)
	require.NoError(t, err)
	goals := Scenarios[indexOfScenario(sc)].Goals
	cols := Columns()
	var rows []scenario.Row
	const minutes = 60
	for m := 0; m < minutes; m++ {
		rows = append(rows, e.Step())
		for _, g := range goals {
			r := scenario.Range{Lo: 0, Hi: math.Inf(1), NonDecreasing: true}
			if g.Unit == "%" || g.Unit == "‰" {
				r.Hi = 1
			}
			if g.Lost(cols, rows, minutes, r) {
				return true
			}
		}
	}
	for _, g := range e.Goals() {
		if !g.Met {
			return true
		}
	}
	return false
}

func indexOfScenario(name string) int {
	for i, sc := range Scenarios {
		if sc.Name == name {
			return i
		}
	}
	panic(name)
}

func formatGoal(g scenario.Goal) string {
	return scenario.Column{Unit: g.Unit, Digits: 2}.Format(g.Value)
}

// checkTwinAgreement: on a reference playbook the des engine and the
// formula twin agree on the headline totals. Tolerances: 1.5 percentage
// points of approval, 5 % of authorization time, 3 percentage points of
// busy slots, 15 % of the fraud rate (the des value carries ≈ 5 % sampling
// noise on a normal day, ≈ 2 % in the fraud wave).
func checkTwinAgreement(t *testing.T, sc string, d, f *scenario.Result) {
	assert.InDelta(t, f.Value("good_approval"), d.Value("good_approval"), 0.015, sc)
	assert.InDelta(t, f.Value("healthy_approval"), d.Value("healthy_approval"), 0.015, sc)
	assert.InEpsilon(t, f.Value("auth_ms"), d.Value("auth_ms"), 0.05, sc)
	assert.InDelta(t, f.Value("busy_slots"), d.Value("busy_slots"), 0.03, sc)
	assert.InEpsilon(t, f.Value("fraud_bp"), d.Value("fraud_bp"), 0.15, sc)
	assert.InDelta(t, f.Value("cost"), d.Value("cost"), 1e-9, sc)
}

// TestDeterminism: the same seed, scenario and playbook give identical rows;
// another seed gives different ones.
func TestDeterminism(t *testing.T) {
	t.Parallel()
	pb := loadPlaybook(t, FraudWave)
	short := func(seed uint64) *scenario.Result {
		e, err := New(scenario.DES, FraudWave, seed)
		require.NoError(t, err)
		r, err := scenario.Run(e, pb, 15)
		require.NoError(t, err)
		return r
	}
	a, b, c := short(7), short(7), short(8)
	var sa, sb, sc strings.Builder
	require.NoError(t, scenario.WriteCSV(&sa, a))
	require.NoError(t, scenario.WriteCSV(&sb, b))
	require.NoError(t, scenario.WriteCSV(&sc, c))
	assert.Equal(t, sa.String(), sb.String())
	assert.NotEqual(t, sa.String(), sc.String())
}

// TestStreamsSeparate: changing the threshold does not reshuffle the
// arrivals (new transactions per minute are identical), only what the rule
// decides.
func TestStreamsSeparate(t *testing.T) {
	t.Parallel()
	base, err := New(scenario.DES, Normal, 3)
	require.NoError(t, err)
	other, err := New(scenario.DES, Normal, 3)
	require.NoError(t, err)
	pb, err := scenario.ParseAt("0m:threshold=2.5", Controls)
	require.NoError(t, err)
	a, err := scenario.Run(base, nil, 5)
	require.NoError(t, err)
	b, err := scenario.Run(other, pb, 5)
	require.NoError(t, err)
	assert.Equal(t, a.Series("new_tps"), b.Series("new_tps"))
	assert.NotEqual(t, a.Series("good_declined_rule"), b.Series("good_declined_rule"))
}

func TestServersBootAndDrain(t *testing.T) {
	for _, kind := range []scenario.EngineKind{scenario.DES, scenario.Formula} {
		e, err := New(kind, Normal, 1)
		require.NoError(t, err)
		pb, err := scenario.ParseAt("1m:servers=10", Controls)
		require.NoError(t, err)
		pb2, err := scenario.ParseAt("3m:servers=7", Controls)
		require.NoError(t, err)
		r, err := scenario.Run(e, pb.Merge(pb2), 8)
		require.NoError(t, err)
		// minute 1: 6 in service + 4 booting; minute 3: cancel 3 boots;
		// minute 6: the remaining one joins.
		assert.Equal(t, []float64{6, 6, 6, 6, 6, 6, 7, 7}, r.Series("servers"), kind)
		assert.Equal(t, []float64{0, 4, 4, 1, 1, 1, 0, 0}, r.Series("booting"), kind)
		// billed: 6×1 + 10×2 + 7×5 server-minutes at 0.1 u each.
		assert.InDelta(t, 0.1*(6+20+35), r.Value("cost"), 1e-9, kind)
	}
	e, err := New(scenario.DES, Normal, 1)
	require.NoError(t, err)
	require.NoError(t, e.Apply(scenario.Action{Control: "servers", Value: input.Value{Num: 2, Text: "2"}}))
	r := e.Step()
	assert.Equal(t, 2.0, r[ColServersInService])
}

func TestPicture(t *testing.T) {
	e, err := New(scenario.DES, IssuerOutage, 1)
	require.NoError(t, err)
	pb := loadPlaybook(t, IssuerOutage)
	_, err = scenario.Run(e, pb, 7)
	require.NoError(t, err)
	p := e.(scenario.Pictured).Picture()
	require.Len(t, p.Groups, 2)
	rack := p.Groups[0].Items
	require.Len(t, rack, MaxServers)
	n := map[string]int{}
	for _, s := range rack {
		n[s]++
	}
	assert.Equal(t, map[string]int{"in-service": 6, "booting": 4, "empty": 14}, n)
	assert.Equal(t, []string{"normal", "stand-in"}, p.Groups[1].Items)
	assert.NotEmpty(t, p.Dots)
	assert.LessOrEqual(t, len(p.Dots), 60)
	for i, d := range p.Dots {
		assert.True(t, d.At >= 0 && d.At < 60)
		if i > 0 {
			assert.GreaterOrEqual(t, d.At, p.Dots[i-1].At)
		}
	}
}

func TestSystem(t *testing.T) {
	assert.Equal(t, "switch", System.Name)
	for _, c := range Controls {
		assert.NotEmpty(t, c.Help, c.Name)
	}
	for _, sc := range System.Scenarios {
		assert.NotEmpty(t, sc.Story, sc.Name)
		assert.NotEmpty(t, sc.Lesson, sc.Name)
		for _, g := range sc.Goals {
			assert.GreaterOrEqual(t, scenario.ColumnIndex(Columns(), g.Indicator), 0, "%s: goal %q reads an unknown indicator", sc.Name, g.Name)
		}
		for _, kind := range []scenario.EngineKind{scenario.DES, scenario.Formula} {
			e, err := System.New(kind, sc.Name, 1)
			require.NoError(t, err)
			assert.Len(t, e.Columns(), numCols)
		}
	}
	_, err := System.New(scenario.DES, "nope", 1)
	assert.ErrorIs(t, err, scenario.ErrUnknownScenario)
	_, err = System.New("quantum", Normal, 1)
	assert.ErrorContains(t, err, "unknown engine")
	for _, c := range Columns() {
		assert.NotEmpty(t, c.Doc, c.Key)
	}
}

func TestPlaybookErrors(t *testing.T) {
	_, err := scenario.ParseYAML("pb.yaml", []byte("- at: 5m\n  set: {servers: 30}\n"), Controls)
	assert.ErrorContains(t, err, "pb.yaml:2")
	assert.ErrorContains(t, err, "servers")
	assert.ErrorContains(t, err, "2 to 24")
	_, err = scenario.ParseYAML("pb.yaml", []byte("- at: 5m\n  set: {retry: sometimes}\n"), Controls)
	assert.ErrorContains(t, err, "immediate, backoff")
	_, err = scenario.ParseAt("5m:threshold=9", Controls)
	assert.ErrorContains(t, err, "threshold")
	for _, sc := range []string{SaleSurge, FraudWave, IssuerOutage} {
		assert.NotEmpty(t, loadPlaybook(t, sc))
	}
}

// FuzzPlaybook: any input either fails to parse with an error naming the
// file, or gives actions that both engines accept.
func FuzzPlaybook(f *testing.F) {
	f.Add([]byte("- at: 5m\n  set: {servers: 12, shedding: on, retry: backoff}\n- at: 52m\n  set: {servers: 6}\n"))
	f.Add([]byte("- at: 5m\n  set: {threshold: 2.9, stepup: 1.6}\n"))
	f.Add([]byte("- at: 5m\n  set: {issuer-timeout: 800ms, standin-limit: 60}\n"))
	f.Add([]byte("- at: 5m\n  set: {servers: 99}\n"))
	f.Add([]byte("{at: [1, 2]}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		pb, err := scenario.ParseYAML("fuzz.yaml", data, Controls)
		if err != nil {
			require.Contains(t, err.Error(), "fuzz.yaml")
			return
		}
		for _, kind := range []scenario.EngineKind{scenario.DES, scenario.Formula} {
			e, err := New(kind, Normal, 1)
			require.NoError(t, err)
			for _, a := range pb {
				require.NoError(t, e.Apply(a), a.String())
			}
		}
	})
}

func TestControlDefaultsMatchTheEngine(t *testing.T) {
	// Each default parses, and applying it at minute 0 changes nothing:
	// the rows equal those of a run without it.
	var pb scenario.Playbook
	for _, c := range Controls {
		v, err := c.Parse(c.Default)
		require.NoError(t, err, c.Name)
		pb = append(pb, scenario.Action{Minute: 0, Control: c.Name, Value: v, Source: "default"})
	}
	run := func(pb scenario.Playbook) *scenario.Result {
		e, err := New(scenario.DES, Normal, 3)
		require.NoError(t, err)
		r, err := scenario.Run(e, pb, 3)
		require.NoError(t, err)
		return r
	}
	assert.Equal(t, run(nil).Minutes, run(pb).Minutes)
}

func TestEventsShowOnlyWhatHappened(t *testing.T) {
	e, err := New(scenario.Formula, SaleSurge, 1)
	require.NoError(t, err)
	ev := e.(scenario.Evented)
	for e.Minute() <= EventMinute {
		assert.Empty(t, ev.Events())
		e.Step()
	}
	assert.Equal(t, []scenario.Mark{{Minute: EventMinute, Label: "sale opens: traffic ×2"}}, ev.Events())
}
