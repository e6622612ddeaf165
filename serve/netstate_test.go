package serve

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestJudgeRow: the verdicts of the page, on estimates built to fall on
// each side of validate's rule (α = 10⁻⁴: h_α ≈ 4.0 SE with 30 batches).
func TestJudgeRow(t *testing.T) {
	exact := []NetFormula{{Value: 2, Method: "exact MVA", Exact: true}}
	approx := []NetFormula{{Value: 2, Method: "QNA (Whitt 1983)"}}
	long := func(mean, se float64) NetEstimate {
		return NetEstimate{Name: "mean_in_system", Mean: mean, SE: se, HalfWidth: 2.05 * se, K: 30, Measured: 1000}
	}
	for _, tc := range []struct {
		name     string
		e        NetEstimate
		fs       []NetFormula
		verdict  string
		textPart string
	}{
		{"agrees", long(2.01, 0.01), exact, "agrees", "agrees with exact MVA"},
		{"disagrees", long(2.2, 0.01), exact, "disagrees", "DISAGREES with exact MVA by +10.0 %"},
		{"too wide", long(2.01, 0.1), exact, "inconclusive", "needs ≤ 5.0 %"},
		{"approximate", long(2.4, 0.01), approx, "approximate", "formula off by -16.7 %"},
		{"approximation past its tolerance", long(5, 0.01), approx, "disagrees", "DISAGREES"},
		{"few batches", NetEstimate{Mean: 2, SE: 0.01, HalfWidth: 0.02, K: 10, Measured: 1000}, exact, "inconclusive", "10 of 30 batches"},
		{"short run", NetEstimate{Mean: 2, SE: 0.01, HalfWidth: 0.02, K: 30, Measured: 10}, exact, "inconclusive", "10 of 600 s"},
		{"all batches equal", long(0, 0), exact, "inconclusive", "every batch alike"},
		{"no interval", NetEstimate{Mean: 2, K: 1}, exact, "inconclusive", "no interval yet"},
		{"no formula", long(2, 0.01), nil, "", ""},
	} {
		r := judgeRow(tc.e, tc.fs, 1)
		assert.Equal(t, tc.verdict, r.Verdict, tc.name)
		assert.Contains(t, r.Text, tc.textPart, tc.name)
	}
}

// TestNetRowsSingleClass: a network of one class lists its per-class
// formulas only where the simulation reports that class apart.
func TestNetRowsSingleClass(t *testing.T) {
	ests := []NetEstimate{{Station: "a", Name: "mean_in_system", Mean: 1, K: 30}}
	an := NetAnalytic{Formulas: []NetFormula{
		{Station: "a", Name: "mean_in_system", Value: 1, Exact: true},
		{Station: "a", Class: "job", Name: "mean_in_system", Value: 1, Exact: true},
		{Station: "a", Name: "mean_in_queue", Value: 0.5, Exact: true},
	}}
	rows := netRows(ests, an, 1)
	assert.Len(t, rows, 2, "the class row repeats the total")
	assert.Equal(t, "mean_in_queue", rows[1].Name, "a formula without an estimate is listed for its reference line")
}
