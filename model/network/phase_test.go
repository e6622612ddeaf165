package network

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
)

// phaseNet is a two-station tandem (c = 2 then c = 1, capacity 6 so the
// exact CTMC applies) whose first station's service law is law, in a file
// counting time in milliseconds.
func phaseNet(law string) string {
	return "time_unit: ms\narrivals: {to: a, rate: 0.0009}\nstations:\n  - name: a\n    servers: 2\n    capacity: 6\n    service: " + law +
		"\n  - name: b\n    service: {dist: exp, mean: 500}\nrouting:\n  a: {b: 1}\n"
}

// ctmcValues solves src's exact CTMC and returns its values by station,
// class and metric.
func ctmcValues(t *testing.T, src string) map[string]float64 {
	t.Helper()
	n, err := Parse("f.yaml", []byte(src))
	require.NoError(t, err)
	an, err := n.Analytic()
	require.NoError(t, err)
	an.ForceCTMC = true
	ms, err := analytic.SolveNetwork(an)
	require.NoError(t, err)
	out := map[string]float64{}
	for _, m := range ms {
		if m.Method == "exact CTMC" {
			out[m.Station+"/"+m.Class+"/"+string(m.Name)] = m.Value
		}
	}
	require.NotEmpty(t, out, "the CTMC applies")
	return out
}

// TestPhaseTypeCTMC checks that a law written as a general PH, as a
// Coxian or as a k-phase hyperexponential reaches the exact CTMC as its
// phases: each gives the CTMC values of the named family it equals
// (Erlang-3 of mean 1.2 s; the balanced hyperexponential of mean 1.2 s
// and cv 2, p = (1 + √(3/5))/2), the rates in the file per ms.
func TestPhaseTypeCTMC(t *testing.T) {
	r := 3 / 1200.0 // Erlang-3 phase rate per ms
	g := func(x float64) string { return strings.TrimRight(strings.TrimRight(fmtG(x), "0"), ".") }
	erlang := ctmcValues(t, phaseNet("{dist: erlang, mean: 1200, k: 3}"))
	for _, law := range []string{
		"{dist: ph, alpha: [1, 0, 0], T: [[-" + g(r) + ", " + g(r) + ", 0], [0, -" + g(r) + ", " + g(r) + "], [0, 0, -" + g(r) + "]]}",
		"{dist: coxian, rates: [" + g(r) + ", " + g(r) + ", " + g(r) + "], p: [1, 1]}",
	} {
		got := ctmcValues(t, phaseNet(law))
		require.Equal(t, len(erlang), len(got), law)
		for k, v := range erlang {
			assert.InDelta(t, v, got[k], 1e-9*max(1, v), "%s %s", law, k)
		}
	}
	hyp := ctmcValues(t, phaseNet("{dist: hyperexp, mean: 1200, cv: 2}"))
	p := 0.5 * (1 + math.Sqrt(3.0/5))
	got := ctmcValues(t, phaseNet("{dist: hyperexp, p: ["+fmtG(p)+", "+fmtG(1-p)+"], means: ["+fmtG(600/p)+", "+fmtG(600/(1-p))+"]}"))
	for k, v := range hyp {
		assert.InDelta(t, v, got[k], 1e-9*max(1, v), k)
	}
	assert.NotEqual(t, erlang["a//mean_wait"], hyp["a//mean_wait"], "the law matters")
}

// TestPhaseTypeFileErrors checks that a refused phase-type law names the
// line of the parameter at fault and the valid choices.
func TestPhaseTypeFileErrors(t *testing.T) {
	block := func(lines ...string) string {
		return "arrivals: {to: q, rate: 1}\nstations:\n  - name: q\n    service:\n      " + strings.Join(lines, "\n      ") + "\n"
	}
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"row sums above 0", block("dist: ph", "alpha: [1, 0]", "T: [[-1, 2], [0, -1]]"), []string{"f.yaml:7:", "T: row 0 sums to 1 > 0"}},
		{"alpha not a distribution", block("dist: ph", "alpha: [0.5, 0.2]", "T: [[-1, 0], [0, -1]]"), []string{"f.yaml:6:", "alpha: the probabilities must sum to 1"}},
		{"never ends", block("dist: ph", "alpha: [1, 0]", "T: [[-1, 1], [1, -1]]"), []string{"f.yaml:7:", "phase 0 can never end"}},
		{"T not a matrix", block("dist: ph", "alpha: [1]", "T: [-1]"), []string{"f.yaml:7:", "T[0]", "must be a list of numbers"}},
		{"coxian p", block("dist: coxian", "rates: [1, 2, 3]", "p: [0.5]"), []string{"f.yaml:7:", "coxian with 3 phases needs 2 continuation probabilities"}},
		{"hyperexp forms mixed", block("dist: hyperexp", "mean: 1", "p: [1]", "means: [1]"), []string{"f.yaml:6:", "hyperexp takes mean and cv (balanced two phases) or p and means"}},
		{"key of another family", block("dist: coxian", "rates: [1]", "alpha: [1]"), []string{"f.yaml:7:", "alpha does not apply to coxian (coxian takes: rates, p)"}},
		{"unknown family", block("dist: phase", "alpha: [1]"), []string{"f.yaml:5:", `unknown distribution "phase"`, "ph, coxian"}},
	} {
		_, err := Parse("f.yaml", []byte(tc.src))
		require.Error(t, err, tc.name)
		for _, w := range tc.want {
			assert.Contains(t, err.Error(), w, tc.name)
		}
	}
}

// TestPhaseTypeRoundTrip writes networks with each phase-type form and
// reads them back to the same network (rates and means in seconds).
func TestPhaseTypeRoundTrip(t *testing.T) {
	for _, law := range []string{
		"{dist: ph, alpha: [0.25, 0.75], T: [[-2, 1], [0.5, -4]]}",
		"{dist: coxian, rates: [2, 0.5], p: [0.3]}",
		"{dist: coxian, rates: [2]}",
		"{dist: hyperexp, p: [0.2, 0.3, 0.5], means: [100, 200, 400]}",
	} {
		n, err := Parse("f.yaml", []byte(phaseNet(law)))
		require.NoError(t, err, law)
		out, err := n.YAML()
		require.NoError(t, err)
		back, err := Parse("out.yaml", out)
		require.NoError(t, err, "%s\n%s", law, out)
		assert.Equal(t, n.Stations[0].Service.MeanValue(), back.Stations[0].Service.MeanValue(), law)
		assert.Equal(t, n.Stations[0].Service.Params(), back.Stations[0].Service.Params(), "%s\n%s", law, out)
	}
}

func fmtG(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
