package analytic

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
)

// compositions calls f with every vector of m non-negative integers summing
// to n.
func compositions(n, m int, f func([]int)) {
	v := make([]int, m)
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == m-1 {
			v[i] = left
			f(v)
			return
		}
		for k := 0; k <= left; k++ {
			v[i] = k
			rec(i+1, left-k)
		}
	}
	rec(0, n)
}

// productFormWeight is the unnormalised BCMP weight of station i holding
// counts[r] customers of each class: |n|!/Π_{j≤|n|} min(j, c) · Π_r D^n/n!
// (c = 0: a delay station, weight Π_r D^n/n!).
func productFormWeight(servers int, demand []float64, counts []int) float64 {
	w, total := 1.0, 0
	for r, n := range counts {
		for j := 1; j <= n; j++ {
			w *= demand[r] / float64(j)
		}
		total += n
	}
	if servers == queueing.Infinite {
		return w
	}
	for j := 1; j <= total; j++ {
		w *= float64(j) / float64(min(j, servers))
	}
	return w
}

// bruteForce returns the normalising constant G(N) and the mean number of
// each class at each station by summing the product-form law over every
// state: an independent check of exact MVA for small populations.
func bruteForce(c ClosedModel, pop []int) (g float64, q [][]float64) {
	m, r := len(c.Servers), len(pop)
	q = make([][]float64, m)
	for i := range q {
		q[i] = make([]float64, r)
	}
	state := make([][]int, r)
	var rec func(k int)
	rec = func(k int) {
		if k == r {
			w := 1.0
			counts := make([]int, r)
			for i := range m {
				for s := range r {
					counts[s] = state[s][i]
				}
				w *= productFormWeight(c.Servers[i], c.Demand[i], counts)
			}
			g += w
			for i := range m {
				for s := range r {
					q[i][s] += w * float64(state[s][i])
				}
			}
			return
		}
		compositions(pop[k], m, func(v []int) {
			state[k] = append(state[k][:0], v...)
			rec(k + 1)
		})
	}
	rec(0)
	for i := range q {
		for s := range q[i] {
			q[i][s] /= g
		}
	}
	return g, q
}

func TestExactMVAHandChecked(t *testing.T) {
	// Two single-server stations with demands 1 s and 2 s. N = 1: X = 1/ΣD.
	// N = 2 by hand: R = (1·4/3, 2·5/3), X = 2/(14/3) = 3/7, which is also
	// G(1)/G(2) = (1 + 2)/(1 + 2 + 4) of the product form.
	c := ClosedModel{Servers: []int{1, 1}, Demand: [][]float64{{1}, {2}}, Population: []int{1}}
	res, err := c.ExactMVA()
	require.NoError(t, err)
	assert.InDelta(t, 1.0/3, res.Throughput[0], 1e-15)
	assert.InDelta(t, 1.0, res.Residence[0][0], 1e-15)
	assert.InDelta(t, 2.0, res.Residence[1][0], 1e-15)

	c.Population = []int{2}
	res, err = c.ExactMVA()
	require.NoError(t, err)
	assert.InDelta(t, 3.0/7, res.Throughput[0], 1e-15)
	assert.InDelta(t, 4.0/3, res.Residence[0][0], 1e-15)
	assert.InDelta(t, 10.0/3, res.Residence[1][0], 1e-15)
	assert.InDelta(t, 2.0, res.QueueLength[0][0]+res.QueueLength[1][0], 1e-14)
}

func TestExactMVAOneCustomerSeesNoQueue(t *testing.T) {
	// With one customer, every station's residence is its demand and the
	// cycle time is the sum of the demands, whatever the servers.
	c := ClosedModel{
		Servers:    []int{queueing.Infinite, 1, 3, 2},
		Demand:     [][]float64{{5, 1}, {0.4, 0.2}, {1.5, 0}, {0.25, 0.7}},
		Population: []int{1, 0},
	}
	res, err := c.ExactMVA()
	require.NoError(t, err)
	assert.InDelta(t, 1/(5+0.4+1.5+0.25), res.Throughput[0], 1e-15)
	for i := range c.Servers {
		assert.InDelta(t, c.Demand[i][0], res.Residence[i][0], 1e-15, "station %d", i)
	}
	assert.Zero(t, res.Throughput[1])
}

func TestExactMVAAgainstProductFormSum(t *testing.T) {
	// Random networks of delay, single- and multi-server stations with two
	// or three classes, against the product-form law summed over every state.
	rng := rand.New(rand.NewPCG(10, 1))
	for trial := range 40 {
		m, r := 2+rng.IntN(3), 1+rng.IntN(3)
		c := ClosedModel{Servers: make([]int, m), Demand: make([][]float64, m), Population: make([]int, r)}
		for i := range m {
			c.Servers[i] = rng.IntN(4) // 0 (a delay) … 3 servers
			if c.Servers[i] == 0 {
				c.Servers[i] = queueing.Infinite
			}
			c.Demand[i] = make([]float64, r)
			for k := range r {
				c.Demand[i][k] = 0.1 + 2*rng.Float64()
			}
		}
		for k := range r {
			c.Population[k] = 1 + rng.IntN(4)
		}
		res, err := c.ExactMVA()
		require.NoError(t, err)
		g, q := bruteForce(c, c.Population)
		for k := range r {
			less := append([]int(nil), c.Population...)
			less[k]--
			gl, _ := bruteForce(c, less)
			assert.InEpsilon(t, gl/g, res.Throughput[k], 1e-10, "trial %d class %d throughput", trial, k)
			for i := range m {
				assert.InEpsilon(t, q[i][k], res.QueueLength[i][k], 1e-9, "trial %d station %d class %d", trial, i, k)
			}
		}
	}
}

func TestExactMVALargeSingleClass(t *testing.T) {
	// 1000 customers on a balanced two-station cycle with a 4-server station:
	// the bottleneck (the single server, D = 1) is saturated and the
	// throughput approaches 1/Dmax = 1; Little's law holds exactly.
	c := ClosedModel{Servers: []int{1, 4, queueing.Infinite}, Demand: [][]float64{{1}, {2}, {10}}, Population: []int{1000}}
	res, err := c.ExactMVA()
	require.NoError(t, err)
	assert.InDelta(t, 1, res.Throughput[0], 1e-9)
	total := 0.0
	for i := range c.Servers {
		total += res.QueueLength[i][0]
		assert.False(t, math.IsNaN(res.QueueLength[i][0]))
	}
	assert.InDelta(t, 1000, total, 1e-8)
}

func TestExactMVATooLarge(t *testing.T) {
	c := ClosedModel{Servers: []int{1, queueing.Infinite}, Demand: [][]float64{{1, 1, 1}, {1, 1, 1}}, Population: []int{200, 200, 200}}
	_, err := c.ExactMVA()
	var tl *TooLargeError
	require.ErrorAs(t, err, &tl)
	assert.Equal(t, 201.0*201*201, tl.States)
	assert.Equal(t, MVAStateLimit, tl.Limit)
	assert.Contains(t, err.Error(), "exceed the limit")
	// The approximations still solve it.
	for _, solve := range []func() (MVAResult, error){c.Schweitzer, c.Linearizer} {
		res, err := solve()
		require.NoError(t, err)
		for k := range 3 {
			assert.Greater(t, res.Throughput[k], 0.0)
			assert.LessOrEqual(t, res.Throughput[k], 1.0)
		}
	}
}

func TestClosedModelValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    ClosedModel
		want string
	}{
		{"empty", ClosedModel{}, "at least one station"},
		{"rows", ClosedModel{Servers: []int{1}, Demand: nil, Population: []int{1}}, "demand rows"},
		{"negative servers", ClosedModel{Servers: []int{-2}, Demand: [][]float64{{1}}, Population: []int{1}}, "servers must be"},
		{"columns", ClosedModel{Servers: []int{1}, Demand: [][]float64{{1, 2}}, Population: []int{1}}, "2 demands for 1 classes"},
		{"NaN demand", ClosedModel{Servers: []int{1}, Demand: [][]float64{{math.NaN()}}, Population: []int{1}}, "demand must be"},
		{"negative population", ClosedModel{Servers: []int{1}, Demand: [][]float64{{1}}, Population: []int{-2}}, "population must be"},
		{"no demand", ClosedModel{Servers: []int{1}, Demand: [][]float64{{0}}, Population: []int{2}}, "no demand anywhere"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, solve := range []func() (MVAResult, error){tc.c.ExactMVA, tc.c.Schweitzer, tc.c.Linearizer} {
				_, err := solve()
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.want)
			}
		})
	}
}

// relErr is |a − b|/|b|.
func relErr(a, b float64) float64 { return math.Abs(a-b) / math.Abs(b) }

// maxRelErr returns the largest relative error of the throughputs and of the
// residence times of a against exact.
func maxRelErr(a, exact MVAResult) (x, resid float64) {
	for k := range exact.Throughput {
		x = math.Max(x, relErr(a.Throughput[k], exact.Throughput[k]))
		for i := range exact.Residence {
			if exact.Residence[i][k] > 0 {
				resid = math.Max(resid, relErr(a.Residence[i][k], exact.Residence[i][k]))
			}
		}
	}
	return x, resid
}

func TestApproximateMVAAccuracy(t *testing.T) {
	// A central-server model: terminals (think 5 s), a CPU (0.2 s per cycle)
	// and two disks (0.15 s, 0.05 s), one class at N = 10 and 40; and a
	// two-class variant whose small class (N = 5) loads the first disk to
	// 93 %, Schweitzer's known weak spot (small populations at a
	// bottleneck). The stated accuracies: throughputs (and so cycle times)
	// within 5 % (one class) and 10 % (two classes) for Schweitzer, within
	// 1 % for Linearizer. Per-station residence times are harder (at N = 40,
	// past saturation, Schweitzer is 15 % off at the lightly loaded disk):
	// Linearizer is within 3 % there and never worse than Schweitzer.
	for _, tc := range []struct {
		name      string
		c         ClosedModel
		schweitz  float64
		linearize float64
	}{
		{"one class, N=10", ClosedModel{Servers: []int{queueing.Infinite, 1, 1, 1}, Demand: [][]float64{{5}, {0.2}, {0.15}, {0.05}}, Population: []int{10}}, 0.05, 0.01},
		{"one class, N=40", ClosedModel{Servers: []int{queueing.Infinite, 1, 1, 1}, Demand: [][]float64{{5}, {0.2}, {0.15}, {0.05}}, Population: []int{40}}, 0.05, 0.01},
		{"two classes", ClosedModel{Servers: []int{queueing.Infinite, 1, 1, 1}, Demand: [][]float64{{5, 1}, {0.2, 0.1}, {0.15, 0.3}, {0.05, 0.1}}, Population: []int{15, 5}}, 0.10, 0.01},
	} {
		t.Run(tc.name, func(t *testing.T) {
			exact, err := tc.c.ExactMVA()
			require.NoError(t, err)
			sch, err := tc.c.Schweitzer()
			require.NoError(t, err)
			lin, err := tc.c.Linearizer()
			require.NoError(t, err)
			sx, sr := maxRelErr(sch, exact)
			lx, lr := maxRelErr(lin, exact)
			assert.Less(t, sx, tc.schweitz, "Schweitzer throughput")
			assert.Less(t, lx, tc.linearize, "Linearizer throughput")
			assert.Less(t, lr, 0.03, "Linearizer residence")
			assert.LessOrEqual(t, lx, sx, "Linearizer throughput no worse than Schweitzer")
			assert.LessOrEqual(t, lr, sr, "Linearizer residence no worse than Schweitzer")
		})
	}
}

func TestBoundsBracketExactMVA(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 2))
	for trial := range 200 {
		k := 1 + rng.IntN(5)
		demands := make([]float64, k)
		for i := range demands {
			demands[i] = 0.05 + rng.Float64()
		}
		think := 0.0
		if rng.IntN(2) == 0 {
			think = 10 * rng.Float64()
		}
		n := 1 + rng.IntN(60)
		c := ClosedModel{Servers: make([]int, k+1), Demand: make([][]float64, k+1), Population: []int{n}}
		for i, d := range demands {
			c.Servers[i], c.Demand[i] = 1, []float64{d}
		}
		c.Servers[k], c.Demand[k] = queueing.Infinite, []float64{think}
		exact, err := c.ExactMVA()
		require.NoError(t, err)
		x := exact.Throughput[0]
		resp := float64(n)/x - think
		aba, err := AsymptoticBounds(demands, think, n)
		require.NoError(t, err)
		bjb, err := BalancedJobBounds(demands, think, n)
		require.NoError(t, err)
		const tol = 1e-9
		for name, b := range map[string]JobBounds{"asymptotic": aba, "balanced": bjb} {
			assert.LessOrEqual(t, b.ThroughputLower, x*(1+tol), "trial %d %s X lower", trial, name)
			assert.GreaterOrEqual(t, b.ThroughputUpper, x*(1-tol), "trial %d %s X upper", trial, name)
			assert.LessOrEqual(t, b.ResponseLower, resp*(1+tol), "trial %d %s R lower", trial, name)
			assert.GreaterOrEqual(t, b.ResponseUpper, resp*(1-tol), "trial %d %s R upper", trial, name)
		}
		// Balanced job bounds are the tighter pair.
		assert.GreaterOrEqual(t, bjb.ThroughputLower, aba.ThroughputLower*(1-tol))
		assert.LessOrEqual(t, bjb.ThroughputUpper, aba.ThroughputUpper*(1+tol))
	}
}

func TestBoundsErrors(t *testing.T) {
	_, err := AsymptoticBounds([]float64{1}, 0, 0)
	assert.ErrorContains(t, err, "population")
	_, err = BalancedJobBounds([]float64{-1}, 0, 3)
	assert.ErrorContains(t, err, "demand 0")
	_, err = BalancedJobBounds([]float64{0}, 0, 3)
	assert.ErrorContains(t, err, "positive demand")
	_, err = AsymptoticBounds([]float64{1}, math.Inf(1), 3)
	assert.ErrorContains(t, err, "think time")
	assert.False(t, errors.Is(err, ErrUnstable))
}
