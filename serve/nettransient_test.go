package serve

import (
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/language"

	"queuelab/analytic"
	"queuelab/examples/networks"
	"queuelab/model/network"
)

// transientOf asks for a session's transient until it is no longer being
// computed (10 s at most; the answer is 202 meanwhile).
func transientOf(t *testing.T, h http.Handler, id, lang string) transientTest {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		req := newReq("GET", "/api/networks/sessions/"+id+"/transient", nil)
		if lang != "" {
			req.Header.Set("Accept-Language", lang)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var out transientTest
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out), rec.Body.String())
		if rec.Code == http.StatusOK {
			require.NotEqual(t, "computing", out.Status)
			return out
		}
		require.Equal(t, http.StatusAccepted, rec.Code, rec.Body.String())
		require.Equal(t, "computing", out.Status)
		require.True(t, time.Now().Before(deadline), "the transient is still being computed")
		time.Sleep(2 * time.Millisecond)
	}
}

type transientTest struct {
	Status, Reason string
	Epoch          int
	Unit, Window   float64
	Times          []float64
	Series         []struct {
		Station     string
		Mean, Avg   []float64
		Bound, Quad float64
	}
	Cap int
}

func netSource(t *testing.T, h http.Handler, name, src string) netTestState {
	t.Helper()
	body, err := json.Marshal(map[string]any{"name": name, "source": src, "seed": 1})
	require.NoError(t, err)
	return netCreate(t, h, string(body))
}

// mmOneFromK returns E[N(t)] and (1/t)∫₀ᵗ E[N(s)] ds of the M/M/1 queue
// (rates lam, mu) that starts with k customers, on its birth–death chain
// cut at kmax, by matrix exponentials: exp(Qt) for the first, and for the
// second the top-right column of exp(Bt) with B = [[Q, n], [0, 0]], which is
// ∫₀ᵗ exp(Qs) n ds (Van Loan 1978). Independent of uniformization.
func mmOneFromK(lam, mu float64, k, kmax int, t float64) (mean, avg float64) {
	n := kmax + 2 // the chain's states 0…kmax and the column of n
	b := make([][]float64, n)
	for i := range b {
		b[i] = make([]float64, n)
	}
	for i := 0; i <= kmax; i++ {
		if i < kmax {
			b[i][i+1] = lam
			b[i][i] -= lam
		}
		if i > 0 {
			b[i][i-1] = mu
			b[i][i] -= mu
		}
		b[i][n-1] = float64(i)
	}
	e := expm(b, t)
	for j := 0; j <= kmax; j++ {
		mean += e[k][j] * float64(j)
	}
	return mean, e[k][n-1] / t
}

// expm returns exp(a·t) by scaling and squaring a Taylor series.
func expm(a [][]float64, t float64) [][]float64 {
	n := len(a)
	norm := 0.0
	for i := range a {
		row := 0.0
		for j := range a[i] {
			row += math.Abs(a[i][j] * t)
		}
		norm = math.Max(norm, row)
	}
	s := 0
	for norm/math.Pow(2, float64(s)) > 0.25 {
		s++
	}
	scale := t / math.Pow(2, float64(s))
	mul := func(x, y [][]float64) [][]float64 {
		out := make([][]float64, n)
		for i := range out {
			out[i] = make([]float64, n)
			for k := range n {
				if x[i][k] == 0 {
					continue
				}
				for j := range n {
					out[i][j] += x[i][k] * y[k][j]
				}
			}
		}
		return out
	}
	sum := make([][]float64, n)
	term := make([][]float64, n)
	as := make([][]float64, n)
	for i := range n {
		sum[i], term[i], as[i] = make([]float64, n), make([]float64, n), make([]float64, n)
		sum[i][i], term[i][i] = 1, 1
		for j := range n {
			as[i][j] = a[i][j] * scale
		}
	}
	for k := 1; k <= 30; k++ {
		term = mul(term, as)
		for i := range n {
			for j := range n {
				term[i][j] /= float64(k)
				sum[i][j] += term[i][j]
			}
		}
	}
	for range s {
		sum = mul(sum, sum)
	}
	return sum
}

// TestNetworkTransientExact: backlog-drain (M/M/1, λ = 0.6/min, S = 1 min,
// 12 tickets at time 0) against its birth–death chain solved with matrix
// exponentials: E[N(t)] within the endpoint's uniformization bound (and
// the 1e-9 truncation of the open class), the running time average within
// its quadrature estimate; the values net solve --at prints (8.05, 3.26,
// 1.74 at 10, 30, 60 min).
func TestNetworkTransientExact(t *testing.T) {
	src, err := os.ReadFile("../examples/networks/backlog-drain.yaml")
	require.NoError(t, err)
	srv := newTestServer(t, Options{Networks: []NetworkFile{{Name: "backlog-drain.yaml", Source: src}}, OpenNetwork: OpenNetwork})
	st := netCreate(t, srv, `{"example": "backlog-drain", "seed": 1}`)
	tr := transientOf(t, srv, st.ID, "")
	require.Equal(t, "ready", tr.Status, tr.Reason)
	assert.Equal(t, 60.0, tr.Unit, "the unit is the mean service time, 1 min")
	assert.Equal(t, 3600.0, tr.Window)
	require.Len(t, tr.Times, transientSteps+1)
	require.Len(t, tr.Series, 2, "the desk, then the network's total")
	desk, total := tr.Series[0], tr.Series[1]
	assert.Equal(t, "desk", desk.Station)
	assert.Equal(t, "", total.Station)
	assert.Equal(t, desk.Mean, total.Mean, "one station: the total is the desk")
	assert.Equal(t, 12.0, desk.Mean[0], "12 tickets at time 0")
	assert.Positive(t, desk.Bound)
	assert.Less(t, desk.Bound, 1e-6)
	for k, want := range map[int]float64{10: 8.05, 30: 3.26, 60: 1.74} {
		assert.InDelta(t, want, desk.Mean[k], 0.005, "net solve --at %d min", k)
	}
	for _, k := range []int{1, 5, 10, 17, 30, 45, 60} {
		mean, avg := mmOneFromK(0.6/60, 1.0/60, 12, 120, tr.Times[k])
		assert.InDelta(t, mean, desk.Mean[k], desk.Bound+1e-8, "E[N(%g s)]", tr.Times[k])
		assert.InDelta(t, avg, desk.Avg[k], desk.Quad+1e-8, "time average over [0, %g s]", tr.Times[k])
	}
	assert.Less(t, desk.Quad, 1e-3, "the quadrature estimate is small on a one-unit grid")

	// Computed once per network: another tab on the same file gets it at
	// once, not a 202.
	other := netCreate(t, srv, `{"example": "backlog-drain", "seed": 2}`)
	var again transientTest
	require.Equal(t, http.StatusOK, call(t, srv, "GET", "/api/networks/sessions/"+other.ID+"/transient", "", &again))
	assert.Equal(t, desk.Mean, again.Series[0].Mean)

	// The record of the run's time averages: one per unit, from the start.
	requireStep(t, srv, st.ID, 5)
	s := netWait(t, srv, st.ID, "5 units", func(s netTestState) bool { return len(s.RunAverage.T) >= 5 })
	assert.True(t, s.RunAverage.Comparable)
	for k, tk := range s.RunAverage.T {
		assert.InDelta(t, 60*float64(k+1), float64(tk), 1e-9)
		require.Len(t, s.RunAverage.V[k], 1)
		assert.Greater(t, float64(s.RunAverage.V[k][0]), 0.0, "12 tickets at the start")
	}

	// A change after time 0: a new network (a second desk server), so a
	// new transient; the run is no longer comparable.
	require.Equal(t, http.StatusAccepted, call(t, srv, "POST", "/api/networks/sessions/"+st.ID+"/change", `{"change": "servers desk=2"}`, nil))
	s = netWait(t, srv, st.ID, "the change", func(s netTestState) bool { return len(s.Taken) == 1 })
	assert.False(t, s.RunAverage.Comparable)
	two := transientOf(t, srv, st.ID, "")
	require.Equal(t, "ready", two.Status)
	assert.Less(t, two.Series[0].Mean[10], desk.Mean[10]-1, "two servers drain faster")
}

// requireStep asks for n single steps of one unit.
func requireStep(t *testing.T, h http.Handler, id string, n int) {
	t.Helper()
	for range n {
		require.Equal(t, http.StatusAccepted, call(t, h, "POST", "/api/networks/sessions/"+id+"/step", "", nil))
	}
}

// TestNetworkTransientRefused: where the chain does not apply or is larger
// than the page's cap, the answer says why in the page's language.
func TestNetworkTransientRefused(t *testing.T) {
	src, err := os.ReadFile("../examples/networks/backlog-drain.yaml")
	require.NoError(t, err)
	central, err := os.ReadFile("../examples/networks/central-server.yaml")
	require.NoError(t, err)
	srv := newTestServer(t, Options{OpenNetwork: OpenNetwork})
	for _, tc := range []struct {
		name, src, lang, want string
	}{
		{"det/en", strings.Replace(string(src), "dist: exp", "dist: det", 1), "", "det service is not phase-type, so it has no Markov chain"},
		{"det/tr", strings.Replace(string(src), "dist: exp", "dist: det", 1), "tr", "det hizmeti faz tipi değil"},
		{"large/en", strings.Replace(string(central), "population: 20", "population: 100", 1), "", "exceed the limit of 100000"},
		{"large/uz", strings.Replace(string(central), "population: 20", "population: 100", 1), "uz", "chegarasidan oshadi; kichraytiring: "},
		{"unstable/tr", strings.Replace(string(src), "rate: 0.6", "rate: 1.2", 1), "tr", `"desk" istasyonunda ρ = 1,2 ≥ 1: açık sınıfları kesmeye esas olacak bir kararlı durum yok`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := netSource(t, srv, tc.name+".yaml", tc.src)
			tr := transientOf(t, srv, st.ID, tc.lang)
			assert.Equal(t, "refused", tr.Status)
			assert.Contains(t, tr.Reason, tc.want)
			assert.Empty(t, tr.Series)
			assert.Equal(t, transientMaxStates, tr.Cap)
		})
	}
	fake := newNetServer(t, Options{})
	st := netCreate(t, fake, `{"example": "fake", "seed": 1}`)
	tr := transientOf(t, fake, st.ID, "tr")
	assert.Equal(t, "refused", tr.Status)
	assert.Equal(t, "bu simülatör kesin geçici rejim vermez", tr.Reason)
}

// TestRunningMean: exact for a quadratic; for e^{−at} with a time
// constant of one grid step or more (a ≤ 1) the quadrature estimate covers
// the error at every time, and it grows as the grid gets coarse.
func TestRunningMean(t *testing.T) {
	times := make([]float64, 61)
	f := make([]float64, 61)
	for k := range times {
		times[k] = float64(k)
		f[k] = 3 + 2*times[k] - 0.05*times[k]*times[k]
	}
	avg, quad := runningMean(times, f)
	for k := 1; k < len(times); k++ {
		x := times[k]
		assert.InDelta(t, 3+x-0.05*x*x/3, avg[k], 1e-12, "t = %g", x)
	}
	assert.Less(t, quad, 0.01)
	// Short grids: one step (the trapezoid, exact for a line) and an odd
	// number of steps (the last by the parabola before it, exact for a
	// quadratic).
	avg, _ = runningMean([]float64{0, 2}, []float64{1, 5})
	assert.InDelta(t, 3, avg[1], 1e-12)
	avg, _ = runningMean(times[:4], f[:4])
	for k := 1; k < 4; k++ {
		x := times[k]
		assert.InDelta(t, 3+x-0.05*x*x/3, avg[k], 1e-12, "odd grid, t = %g", x)
	}
	last := 0.0
	for _, a := range []float64{0.1, 0.5, 1} {
		g := make([]float64, len(times))
		for k, x := range times {
			g[k] = math.Exp(-a * x)
		}
		avg, quad := runningMean(times, g)
		for k := 1; k < len(times); k++ {
			x := times[k]
			assert.InDelta(t, (1-math.Exp(-a*x))/(a*x), avg[k], quad, "a = %g, t = %g: the estimate covers the error", a, x)
		}
		assert.Greater(t, quad, last, "a = %g: a faster curve on the same grid, a larger estimate", a)
		last = quad
	}
}

// TestNetworkTransientAgainstRuns: over 400 independent runs of
// backlog-drain (seeds 1…400), the mean of the runs' time averages over
// [0, T] (what the page's dots show, from RunAverages) matches the exact
// time average of E[N] (the solid line), and the mean of the runs' numbers
// at T matches E[N(T)] (the dashed line), at T = 10, 30 and 60 min: each
// within 4 standard errors (a false alarm about 6·10⁻⁵ per check). A
// mismatch between the simulator's start (initial:) and the chain's, or
// between the time average and what it is compared with, fails it.
func TestNetworkTransientAgainstRuns(t *testing.T) {
	src, err := os.ReadFile("../examples/networks/backlog-drain.yaml")
	require.NoError(t, err)
	l0, err := OpenNetwork("backlog-drain.yaml", src, 1)
	require.NoError(t, err)
	an, unit, err := l0.(netTransienter).TransientModel()
	require.NoError(t, err)
	exact := solveTransient(an, unit)
	require.Equal(t, "ready", exact.Status, exact.reason)
	const runs = 400
	marks := []int{10, 30, 60} // minutes = units = grid indices
	var sumAvg, sqAvg, sumN, sqN [3]float64
	for seed := uint64(1); seed <= runs; seed++ {
		l, err := OpenNetwork("backlog-drain.yaml", src, seed)
		require.NoError(t, err)
		for j, m := range marks {
			require.NoError(t, l.RunUntil(float64(m)*unit))
			n := float64(l.Snapshot().Stations[0].Count)
			sumN[j], sqN[j] = sumN[j]+n, sqN[j]+n*n
		}
		require.NoError(t, l.RunUntil(61*unit)) // the window at 60 units has closed
		ts, v, ok := l.(netTransienter).RunAverages(0)
		require.True(t, ok)
		require.Len(t, ts, transientUnits)
		for j, m := range marks {
			require.InDelta(t, float64(m)*unit, ts[m-1], 1e-9)
			a := v[m-1][0]
			sumAvg[j], sqAvg[j] = sumAvg[j]+a, sqAvg[j]+a*a
		}
	}
	check := func(what string, sum, sq, want float64) {
		mean := sum / runs
		se := math.Sqrt((sq/runs - mean*mean) / (runs - 1))
		assert.InDelta(t, want, mean, 4*se, "%s: %d runs give %.3f ± %.3f (SE)", what, runs, mean, se)
	}
	for j, m := range marks {
		check("time average to "+fmtMin(m), sumAvg[j], sqAvg[j], float64(exact.Series[0].Avg[m]))
		check("number at "+fmtMin(m), sumN[j], sqN[j], float64(exact.Series[0].Mean[m]))
	}
}

func fmtMin(m int) string { return strconv.Itoa(m) + " min" }

// TestTransientRefusalsTranslated: every catalogue network the exact
// CTMC does not apply to says why in Turkish and Uzbek, with no English
// left (the chain's reason is translated as a whole, see
// transientRefusalTexts).
func TestTransientRefusalsTranslated(t *testing.T) {
	english := regexp.MustCompile(`\b(the|is|has|by|only|not|which|chain|arrives|station|class|service)\b`)
	refused := 0
	for _, ex := range networks.Catalogue() {
		l, err := OpenNetwork(ex.Name, ex.Source, 1)
		require.NoError(t, err)
		an, _, err := l.(netTransienter).TransientModel()
		require.NoError(t, err)
		if err = noSteadyState(an); err == nil {
			_, err = an.CTMCModel()
		}
		if err == nil {
			continue
		}
		refused++
		for _, tag := range []language.Tag{language.Turkish, language.Uzbek} {
			got := translateError(tag, err.Error())
			assert.NotRegexp(t, english, got, "%s in %s: %q", ex.Name, tag, err)
		}
	}
	assert.GreaterOrEqual(t, refused, 5, "batches, lognormal and det laws, jsq, time-varying rates, schedules")
	// The solver's refusals of a chain it builds, as it words them.
	for _, msg := range []string{
		`exact CTMC refused: at least 1.769e+05 states exceed the limit of 100000; smaller: the population of class "user" (100); the approximate methods still answer`,
		`exact CTMC refused: at least 2e+04 states exceed the limit of 20000; smaller: the open load (the truncation keeps up to 65 open customers) or a capacity; the approximate methods still answer`,
		`exact CTMC: Gauss-Seidel did not converge in 934 sweeps (residual 1.02e-08, target 4e-13; the limit is Options.MaxSweeps or MaxWork)`,
		`exact CTMC refused: the open classes need more than 5000 customers kept in the network to cut less than 1e-12 of the probability (a station is nearly saturated or overloaded)`,
	} {
		for _, tag := range []language.Tag{language.Turkish, language.Uzbek} {
			assert.NotRegexp(t, english, translateError(tag, msg), "%s: %q", tag, msg)
		}
	}
}

// TestRunAveragesAfterMerge: a run first looked at long after its first
// hour (the page at full speed), when the Sim has merged its windows in
// pairs, still gives the time average over the first hour, the same as
// the same run looked at just after it (same seed: the same path), and
// stops at the hour.
func TestRunAveragesAfterMerge(t *testing.T) {
	src, err := os.ReadFile("../examples/networks/backlog-drain.yaml")
	require.NoError(t, err)
	early, err := OpenNetwork("backlog-drain.yaml", src, 7)
	require.NoError(t, err)
	require.NoError(t, early.RunUntil(61*60))
	ts0, v0, ok := early.(netTransienter).RunAverages(0)
	require.True(t, ok)
	require.Len(t, ts0, transientUnits)
	late, err := OpenNetwork("backlog-drain.yaml", src, 7)
	require.NoError(t, err)
	require.NoError(t, late.RunUntil(3*network.MaxWindows*60))
	ts, v, ok := late.(netTransienter).RunAverages(0)
	require.True(t, ok)
	require.NotEmpty(t, ts)
	assert.Less(t, len(ts), transientUnits, "merged windows: fewer boundaries in the hour")
	assert.InDelta(t, 3600, ts[len(ts)-1], 1e-6, "up to the hour, not past it")
	assert.InDelta(t, v0[transientUnits-1][0], v[len(v)-1][0], 1e-9, "the same path's time average over the hour")
	none, _, ok := late.(netTransienter).RunAverages(3600)
	assert.True(t, ok)
	assert.Empty(t, none, "nothing after the hour")
}

// TestTransientCacheBounded: while the one solver slot is taken, asking
// for the transients of many networks starts at most transientPending
// computations (the rest are answered "computing" and started later), and
// once they are done the cache keeps at most transientCached results,
// forgetting the oldest — a client changing its network faster than the
// server solves cannot pile up work or memory.
func TestTransientCacheBounded(t *testing.T) {
	var an analytic.Network // refused at once by the solver: a cached answer all the same
	c := &transientCache{res: map[[32]byte]*transientJSON{}}
	key := func(i int) [32]byte { return [32]byte{byte(i), byte(i >> 8)} }
	transientSlot <- struct{}{} // the solver is busy
	for i := range 50 {
		assert.Nil(t, c.lookup(key(i), an, 1))
	}
	c.mu.Lock()
	assert.Equal(t, transientPending, c.pending)
	assert.Len(t, c.res, transientPending)
	c.mu.Unlock()
	<-transientSlot
	done := func() bool { c.mu.Lock(); defer c.mu.Unlock(); return c.pending == 0 }
	for !done() {
		runtime.Gosched()
	}
	for i := range 3 * transientCached {
		for c.lookup(key(1000+i), an, 1) == nil {
			runtime.Gosched()
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	assert.Equal(t, 0, c.pending)
	assert.Len(t, c.res, transientCached)
	assert.Len(t, c.order, transientCached)
	assert.Contains(t, c.res, key(1000+3*transientCached-1), "the newest is kept")
	assert.NotContains(t, c.res, key(0), "the oldest is forgotten")
}
