package dist

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic/ctmc"
	"queuelab/des"
)

// TestTableRoundTrip checks every row of Table: its default law at mean
// 0.5 is valid, has that mean, is named by the row, and Parse reads its
// own Params back to the same law (what writing and reading a file do).
func TestTableRoundTrip(t *testing.T) {
	for _, row := range Table {
		t.Run(row.Name, func(t *testing.T) {
			f := row.Default(0.5)
			require.NoError(t, f.Validate())
			assert.Equal(t, row.Name, f.Name())
			assert.InDelta(t, 0.5, f.MeanValue(), 1e-12)
			ps := Params{}
			for _, p := range f.Params() {
				_, ok := row.Key(p.Key.Name)
				require.True(t, ok, "param %s is a key of the row", p.Key.Name)
				ps[p.Key.Name] = p.Value
			}
			d, err := Parse(row.Name, ps)
			require.NoError(t, err)
			assert.Equal(t, f, d.Family())
			w := d.WithMean(2)
			assert.InDelta(t, 2, w.MeanValue(), 1e-12)
			assert.InDelta(t, d.SCV(), w.SCV(), 1e-9, "WithMean keeps the shape")
		})
	}
}

// TestParseErrors checks that Parse names the key at fault and the valid
// choices.
func TestParseErrors(t *testing.T) {
	m := func(x float64) Value { return Value{Num: x} }
	l := func(xs ...float64) Value { return Value{List: xs} }
	for _, tc := range []struct {
		name string
		ps   Params
		want []string
	}{
		{"expo", Params{"mean": m(1)}, []string{`unknown distribution "expo"`, "valid: exp, det, uniform, erlang, hyperexp"}},
		{"exp", Params{"mean": m(1), "k": m(2)}, []string{"k: does not apply to exp", "exp takes: mean"}},
		{"erlang", Params{"mean": m(1)}, []string{"erlang needs k", "erlang takes: mean, k"}},
		{"pareto", Params{"mean": m(1)}, []string{"pareto needs cv or alpha"}},
		{"hyperexp", Params{"mean": m(1), "p": l(1)}, []string{"mean: hyperexp takes mean and cv", "or p and means"}},
		{"hyperexp", Params{"p": l(0.5, 0.4), "means": l(1, 2)}, []string{"p: the probabilities must sum to 1", "0.9"}},
		{"hyperexp", Params{"p": l(0.5, 0.5), "means": l(1)}, []string{"means: needs one mean per entry of p (2)"}},
		{"hyperexp", Params{"p": l(0.5, 0.5), "means": l(1, -1)}, []string{"means[1]: must be a number > 0"}},
		{"coxian", Params{"rates": l(1, 2)}, []string{"p: coxian with 2 phases needs 1 continuation probabilities"}},
		{"coxian", Params{"rates": l(1, 0), "p": l(0.5)}, []string{"rates[1]: must be a rate > 0"}},
		{"coxian", Params{"rates": l(1, 2), "p": l(1.5)}, []string{"p[0]: must be a probability"}},
		{"ph", Params{"alpha": l(1)}, []string{"ph needs T", "ph takes: alpha, T"}},
		{"ph", Params{"alpha": l(0.5, 0.6), "T": {Rows: [][]float64{{-1, 0}, {0, -1}}}}, []string{"alpha: the probabilities must sum to 1 (within 1e-9), got 1.1"}},
		{"ph", Params{"alpha": l(1, 0), "T": {Rows: [][]float64{{-1, 0}}}}, []string{"T: needs 2 rows"}},
		{"ph", Params{"alpha": l(1, 0), "T": {Rows: [][]float64{{-1, 0}, {0}}}}, []string{"T: row 1 has 1 entries"}},
		{"ph", Params{"alpha": l(1, 0), "T": {Rows: [][]float64{{1, 0}, {0, -1}}}}, []string{"T[0][0]: 1: a sub-generator has a negative diagonal"}},
		{"ph", Params{"alpha": l(1, 0), "T": {Rows: [][]float64{{-1, -0.5}, {0, -1}}}}, []string{"T[0][1]: -0.5"}},
		{"ph", Params{"alpha": l(1, 0), "T": {Rows: [][]float64{{-1, 2}, {0, -1}}}}, []string{"T: row 0 sums to 1 > 0"}},
		{"ph", Params{"alpha": l(1, 0, 0), "T": {Rows: [][]float64{{-1, 0.5, 0}, {0, -1, 1}, {0, 1, -1}}}}, []string{"T: phase 1 can never end"}},
	} {
		_, err := Parse(tc.name, tc.ps)
		require.Error(t, err, tc.name)
		for _, w := range tc.want {
			assert.Contains(t, err.Error(), w, tc.name)
		}
	}
}

// erlangPH returns Erlang-k of the given mean written as a general PH.
func erlangPH(mean float64, k int) PH { return PH(ctmc.Erlang(mean, k)) }

// TestPhaseTypeMoments checks the exact mean and SCV of the phase-type
// families against closed forms: Erlang-k (SCV 1/k), the k-phase
// hyperexponential (E[X²] = 2Σpᵢmᵢ²), a two-phase Coxian (E[X] = 1/μ₁ +
// p/μ₂, E[X²] = 2/μ₁² + 2p(1/(μ₁μ₂) + 1/μ₂²)) and the balanced
// hyperexponential's PH against its cv.
func TestPhaseTypeMoments(t *testing.T) {
	mu1, mu2, p := 3.0, 0.5, 0.4
	coxM := 1/mu1 + p/mu2
	coxM2 := 2/(mu1*mu1) + 2*p*(1/(mu1*mu2)+1/(mu2*mu2))
	for _, tc := range []struct {
		name      string
		f         Family
		mean, scv float64
	}{
		{"erlang-4 as ph", erlangPH(2, 4), 2, 0.25},
		{"exp as ph", PH{[]float64{1}, [][]float64{{-4}}}, 0.25, 1},
		{"hyperexp 3 phases", HyperExpK{[]float64{0.2, 0.3, 0.5}, []float64{1, 2, 4}}, 2.8, 2*(0.2+0.3*4+0.5*16)/(2.8*2.8) - 1},
		{"coxian", Coxian{[]float64{mu1, mu2}, []float64{p}}, coxM, coxM2/(coxM*coxM) - 1},
		{"coxian as ph", PH{[]float64{1, 0}, [][]float64{{-mu1, p * mu1}, {0, -mu2}}}, coxM, coxM2/(coxM*coxM) - 1},
	} {
		require.NoError(t, tc.f.Validate(), tc.name)
		assert.InDelta(t, tc.mean, tc.f.MeanValue(), 1e-12, tc.name)
		assert.InDelta(t, tc.scv, tc.f.SCV(), 1e-12, tc.name)
		ph, ok := tc.f.PH()
		require.True(t, ok, tc.name)
		m1, m2 := ph.Moments()
		assert.InDelta(t, tc.mean, m1, 1e-12, tc.name)
		assert.InDelta(t, tc.scv, m2/(m1*m1)-1, 1e-12, tc.name)
	}
	h := HyperExp{Mean: 1.5, CV: 3}
	ph, ok := h.PH()
	require.True(t, ok)
	m1, m2 := ph.Moments()
	assert.InDelta(t, 1.5, m1, 1e-12)
	assert.InDelta(t, 9, m2/(m1*m1)-1, 1e-9)
}

// TestPhaseWalkMoments draws 4·10⁵ values of each phase-type law (seed 7,
// PCG and mulberry32) and checks the sample mean and second moment
// against the exact ones at 99.9 % confidence (|z| < 3.29), the standard
// error of the mean from the exact variance and that of the second moment
// from the sample's own variance of X². A walk that skipped a jump, ended
// early or mis-picked a start phase moves the mean by far more.
func TestPhaseWalkMoments(t *testing.T) {
	const n = 400_000
	for _, gen := range []string{"pcg", "mulberry32"} {
		for _, f := range []Family{
			HyperExpK{[]float64{0.2, 0.3, 0.5}, []float64{1, 2, 4}},
			Coxian{[]float64{3, 0.5, 2}, []float64{0.4, 0.7}},
			PH{[]float64{0.3, 0.7, 0}, [][]float64{{-2, 1, 0.5}, {0.5, -3, 2}, {1, 0, -1.5}}},
			erlangPH(1, 3),
		} {
			require.NoError(t, f.Validate())
			s := newStream(gen, 7)
			sp := Of(f).Sampler()
			var x, x2 des.Tally
			for range n {
				v := sp.Rand(s)
				x.Add(v)
				x2.Add(v * v)
			}
			ph, _ := f.PH()
			m1, m2 := ph.Moments()
			se1 := math.Sqrt((m2 - m1*m1) / n)
			assert.Less(t, math.Abs(x.Mean()-m1)/se1, 3.29, "%s %s mean %v, exact %v", gen, Of(f), x.Mean(), m1)
			se2 := math.Sqrt(x2.Variance() / n)
			assert.Less(t, math.Abs(x2.Mean()-m2)/se2, 3.29, "%s %s E[X²] %v, exact %v", gen, Of(f), x2.Mean(), m2)
		}
	}
}

// TestSamplerDrawsTheFamily checks that Dist.Sampler draws what the
// family's Rander draws, value for value (the exponential's inline path
// included), and that the zero Dist draws 0.
func TestSamplerDrawsTheFamily(t *testing.T) {
	for _, row := range Table {
		f := row.Default(0.7)
		a, b := des.NewPCG(3, 1), des.NewPCG(3, 1)
		sp, r := Of(f).Sampler(), f.Rander()
		for range 100 {
			require.Equal(t, r.Rand(b), sp.Rand(a), row.Name)
		}
	}
	var zero Sampler
	assert.False(t, zero.Given())
	assert.Equal(t, 0.0, zero.Rand(des.NewPCG(1, 1)))
}

// TestZeroDist checks the zero Dist's methods.
func TestZeroDist(t *testing.T) {
	var d Dist
	assert.False(t, d.Given())
	assert.Equal(t, "none", d.Name())
	assert.True(t, math.IsNaN(d.MeanValue()))
	assert.ErrorContains(t, d.Validate(), "valid: exp, det")
	assert.False(t, d.WithMean(3).Given())
	_, ok := d.PH()
	assert.False(t, ok)
}

// TestString checks Dist.String.
func TestString(t *testing.T) {
	assert.Equal(t, "exp(mean 0.05)", Of(Exp{0.05}).String())
	assert.Equal(t, "erlang(mean 1, k 3)", Of(Erlang{1, 3}).String())
	assert.Equal(t, "coxian(rates [1 2], p [0.5])", Of(Coxian{[]float64{1, 2}, []float64{0.5}}).String())
	assert.Equal(t, "ph(alpha [1 0], T [2×2])", Of(PH{[]float64{1, 0}, [][]float64{{-1, 1}, {0, -1}}}).String())
}

func newStream(gen string, seed uint64) *des.Stream {
	if gen == "mulberry32" {
		return des.NewMulberry32(uint32(seed))
	}
	return des.NewPCG(seed, 1)
}
