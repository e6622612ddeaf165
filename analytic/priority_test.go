package analytic

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMG1PollaczekKhinchine(t *testing.T) {
	for _, tc := range []struct {
		name           string
		q              MG1
		wait, response float64
		psResponse     float64
	}{
		// M/M/1 at ρ = 0.8: Wq = ρS/(1 − ρ) = 4, T = 5; PS gives 5 as well.
		{"M/M/1", MG1{Lambda: 0.8, Mean: 1, SCV: 1}, 4, 5, 5},
		// M/D/1 at ρ = 0.8: half the M/M/1 wait, Wq = 2; PS is insensitive.
		{"M/D/1", MG1{Lambda: 0.8, Mean: 1, SCV: 0}, 2, 3, 5},
		// M/H2/1 with c² = 4 at ρ = 0.5, S = 2: Wq = 0.5·2·5/(2·0.5) = 5.
		{"M/H2/1", MG1{Lambda: 0.25, Mean: 2, SCV: 4}, 5, 7, 4},
		{"idle", MG1{Lambda: 0, Mean: 2, SCV: 4}, 0, 2, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.InDelta(t, tc.wait, tc.q.MeanWait(), 1e-12)
			assert.InDelta(t, tc.response, tc.q.MeanResponseTime(), 1e-12)
			assert.InDelta(t, tc.q.Lambda*tc.wait, tc.q.MeanQueueLength(), 1e-12)
			assert.InDelta(t, tc.q.Lambda*tc.response, tc.q.MeanNumberInSystem(), 1e-12)
			assert.InDelta(t, tc.psResponse, tc.q.PSResponseTime(), 1e-12)
		})
	}
	// The M/M/1 case agrees with the existing M/M/c code.
	assert.InDelta(t, MMc{1, 0.8, 1}.MeanWait(), MG1{0.8, 1, 1}.MeanWait(), 1e-12)
	unstable := MG1{Lambda: 1, Mean: 1, SCV: 1}
	assert.True(t, math.IsInf(unstable.MeanWait(), 1))
	assert.True(t, math.IsInf(unstable.PSResponseTime(), 1))
	for _, bad := range []MG1{{-1, 1, 1}, {1, 0, 1}, {1, 1, -1}, {math.NaN(), 1, 1}, {1e300, 1e300, 1}} {
		assert.Error(t, bad.Validate())
		assert.True(t, math.IsNaN(bad.MeanWait()))
		assert.True(t, math.IsNaN(bad.PSResponseTime()))
	}
}

func TestCobhamTwoClasses(t *testing.T) {
	// λ = 0.3 (high) and 0.4 (low), exponential service of mean 1 s.
	// W₀ = (0.3·2 + 0.4·2)/2 = 0.7, σ₁ = 0.3, σ₂ = 0.7:
	// non-preemptive W₁ = 0.7/0.7 = 1, W₂ = 0.7/(0.7·0.3) = 10/3;
	// preemptive T₁ = 1/(1 − 0.3) = 10/7 (an M/M/1 of its own),
	// T₂ = 1/0.7 + 0.7/(0.7·0.3) = 10/7 + 10/3.
	classes := []PriorityClass{{Lambda: 0.3, Mean: 1, SCV: 1}, {Lambda: 0.4, Mean: 1, SCV: 1}}
	np := PriorityQueue{Servers: 1, Classes: classes}
	pr := PriorityQueue{Servers: 1, Preemptive: true, Classes: classes}
	require.NoError(t, np.Validate())
	assert.InDelta(t, 1.0, np.MeanWait(0), 1e-12)
	assert.InDelta(t, 10.0/3, np.MeanWait(1), 1e-12)
	assert.InDelta(t, 13.0/3, np.MeanResponseTime(1), 1e-12)
	assert.InDelta(t, 10.0/7, pr.MeanResponseTime(0), 1e-12)
	assert.InDelta(t, 10.0/7+10.0/3, pr.MeanResponseTime(1), 1e-12)
	assert.InDelta(t, 10.0/7+10.0/3-1, pr.MeanWait(1), 1e-12)

	// Kleinrock's conservation law: Σ ρ_k·W_k equals ρ·W of FCFS (work-
	// conserving, non-preemptive); with equal exponential service the
	// total number present is the M/M/1 one under either discipline.
	fcfs := MMc{1, 0.7, 1}
	assert.InDelta(t, 0.7*fcfs.MeanWait(), 0.3*np.MeanWait(0)+0.4*np.MeanWait(1), 1e-12)
	assert.InDelta(t, fcfs.MeanNumberInSystem(), pr.MeanNumberInSystem(0)+pr.MeanNumberInSystem(1), 1e-12)
	assert.InDelta(t, 0.7, np.Utilization(), 1e-15)
}

func TestPriorityGeneralService(t *testing.T) {
	// Deterministic high class (S = 0.5, λ = 0.6) over a hyperexponential low
	// class (S = 1, c² = 3, λ = 0.2): W₀ = (0.6·0.25 + 0.2·4)/2 = 0.475,
	// σ₁ = 0.3, σ₂ = 0.5; W₁ = 0.475/0.7, W₂ = 0.475/(0.7·0.5).
	// Preemptive T₁ = 0.5 + 0.075/0.7 (an M/D/1 alone), T₂ = 1/0.7 + 0.475/(0.7·0.5).
	classes := []PriorityClass{{0.6, 0.5, 0}, {0.2, 1, 3}}
	np := PriorityQueue{Servers: 1, Classes: classes}
	pr := PriorityQueue{Servers: 1, Preemptive: true, Classes: classes}
	assert.InDelta(t, 0.475/0.7, np.MeanWait(0), 1e-12)
	assert.InDelta(t, 0.475/0.35, np.MeanWait(1), 1e-12)
	assert.InDelta(t, MG1{0.6, 0.5, 0}.MeanResponseTime(), pr.MeanResponseTime(0), 1e-12)
	assert.InDelta(t, 1/0.7+0.475/0.35, pr.MeanResponseTime(1), 1e-12)
}

func TestPriorityMultiServer(t *testing.T) {
	// Three classes on 4 exponential servers (S = 1, λ = 1, 1.2, 0.8; total
	// load 3 E). The total number present does not depend on the order of
	// service, so both disciplines add up to the FCFS M/M/4; the top class of
	// the preemptive queue is an M/M/4 of its own.
	classes := []PriorityClass{{1, 1, 1}, {1.2, 1, 1}, {0.8, 1, 1}}
	fcfs := MMc{4, 3, 1}
	for _, preemptive := range []bool{false, true} {
		q := PriorityQueue{Servers: 4, Preemptive: preemptive, Classes: classes}
		require.NoError(t, q.Validate())
		total := 0.0
		for k := range classes {
			total += q.MeanNumberInSystem(k)
			if k > 0 {
				assert.Greater(t, q.MeanWait(k), q.MeanWait(k-1), "lower classes wait longer")
			}
		}
		assert.InDelta(t, fcfs.MeanNumberInSystem(), total, 1e-12, "preemptive %v", preemptive)
	}
	top := PriorityQueue{Servers: 4, Preemptive: true, Classes: classes}
	assert.InDelta(t, MMc{4, 1, 1}.MeanResponseTime(), top.MeanResponseTime(0), 1e-12)
}

func TestPriorityInvalidAndUnstable(t *testing.T) {
	for _, tc := range []struct {
		name string
		q    PriorityQueue
		want string
	}{
		{"no servers", PriorityQueue{Servers: 0, Classes: []PriorityClass{{1, 1, 1}}}, "servers"},
		{"no classes", PriorityQueue{Servers: 1}, "at least one class"},
		{"zero rate", PriorityQueue{Servers: 1, Classes: []PriorityClass{{0, 1, 1}}}, "arrival rate"},
		{"bad mean", PriorityQueue{Servers: 1, Classes: []PriorityClass{{1, math.Inf(1), 1}}}, "mean service"},
		{"bad SCV", PriorityQueue{Servers: 1, Classes: []PriorityClass{{1, 1, -2}}}, "SCV"},
		{"multi-server general", PriorityQueue{Servers: 2, Classes: []PriorityClass{{1, 1, 1}, {1, 1, 0}}}, "exact only for exponential"},
		{"multi-server unequal means", PriorityQueue{Servers: 2, Classes: []PriorityClass{{1, 1, 1}, {1, 2, 1}}}, "same mean"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.ErrorContains(t, tc.q.Validate(), tc.want)
			assert.True(t, math.IsNaN(tc.q.MeanResponseTime(0)))
		})
	}
	q := PriorityQueue{Servers: 1, Classes: []PriorityClass{{0.5, 1, 1}, {0.6, 1, 1}}}
	assert.True(t, math.IsNaN(q.MeanWait(2)), "class out of range")
	assert.True(t, math.IsInf(q.MeanWait(0), 1), "non-preemptive: unstable overall")
	q.Preemptive = true
	assert.InDelta(t, 2.0, q.MeanResponseTime(0), 1e-12, "preemptive: the top class is an M/M/1 of its own")
	assert.True(t, math.IsInf(q.MeanResponseTime(1), 1))
}
