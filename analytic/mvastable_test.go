package analytic

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
)

// convolutionLog solves a single-class closed network by the convolution
// algorithm ([Buzen 1973], load-dependent form) with every normalising
// constant kept as a logarithm, so that nothing overflows or cancels: an
// independent reference for ExactMVA at populations where a subtraction
// would lose every digit. It returns X(N) and the mean number at each
// station. Cost O(M·N²): fine for tests.
func convolutionLog(c ClosedModel) (float64, []float64) {
	n := c.Population[0]
	m := len(c.Servers)
	// lf[i][k] = log f_i(k), f_i(k) = D_i^k / Π_{j≤k} min(j, c_i) (c_i = 0: j).
	lf := make([][]float64, m)
	for i := range m {
		lf[i] = make([]float64, n+1)
		d := c.Demand[i][0]
		for k := 1; k <= n; k++ {
			a := float64(k)
			if s := c.Servers[i]; s > 0 && k > s {
				a = float64(s)
			}
			lf[i][k] = lf[i][k-1] + math.Log(d) - math.Log(a)
		}
	}
	conv := func(a, b []float64) []float64 {
		out := make([]float64, n+1)
		for t := 0; t <= n; t++ {
			mx := math.Inf(-1)
			for k := 0; k <= t; k++ {
				mx = math.Max(mx, a[k]+b[t-k])
			}
			s := 0.0
			for k := 0; k <= t; k++ {
				s += math.Exp(a[k] + b[t-k] - mx)
			}
			out[t] = mx + math.Log(s)
		}
		return out
	}
	// G of all stations, and G of all stations but i (for the marginals).
	all := lf[0]
	for i := 1; i < m; i++ {
		all = conv(all, lf[i])
	}
	x := math.Exp(all[n-1] - all[n])
	q := make([]float64, m)
	for i := range m {
		var rest []float64
		for j := range m {
			if j == i {
				continue
			}
			if rest == nil {
				rest = lf[j]
			} else {
				rest = conv(rest, lf[j])
			}
		}
		for k := 1; k <= n; k++ { // P(k at i) = f_i(k)·G_{−i}(N−k)/G(N)
			q[i] += float64(k) * math.Exp(lf[i][k]+rest[n-k]-all[n])
		}
	}
	return x, q
}

// TestExactMVAStableMultiServer: the multi-server recursion computed
// p_i(0 | n) as 1 minus the other marginals, a subtraction whose rounding
// error the recursion amplifies with the population; at 2000 customers on a
// think/web/database model (64 and 8 servers) it gave a throughput 25 %
// low and a web queue of thousands. p_i(0 | n) is now a product of
// positive factors (the complement network's throughput), and the result
// must match the log-space convolution to 1e-9 at every population tried.
func TestExactMVAStableMultiServer(t *testing.T) {
	for _, tc := range []struct {
		name    string
		servers []int
		demand  []float64
		n       int
	}{
		{"think-web-db 2000", []int{queueing.Infinite, 64, 8}, []float64{20, 0.05, 0.0075}, 2000},
		{"think-web-db 500", []int{queueing.Infinite, 64, 8}, []float64{20, 0.05, 0.0075}, 500},
		{"two multi-server near saturation", []int{queueing.Infinite, 16, 4, 1}, []float64{5, 0.8, 0.21, 0.04}, 1500},
		{"multi-server bottleneck", []int{3, 1, queueing.Infinite}, []float64{1.2, 0.3, 2}, 800},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ClosedModel{Servers: tc.servers, Population: []int{tc.n}}
			for _, d := range tc.demand {
				c.Demand = append(c.Demand, []float64{d})
			}
			res, err := c.ExactMVA()
			require.NoError(t, err)
			x, q := convolutionLog(c)
			assert.InEpsilon(t, x, res.Throughput[0], 1e-9, "throughput")
			for i := range q {
				assert.InDelta(t, q[i], res.QueueLength[i][0], 1e-9*float64(tc.n), "station %d queue", i)
			}
		})
	}
}

// TestExactMVAComplementStuckClass: a class that only ever visits one
// multi-server station has no place in that station's complement network;
// the station is then never empty while the class has customers.
func TestExactMVAComplementStuckClass(t *testing.T) {
	c := ClosedModel{Servers: []int{2, 1}, Demand: [][]float64{{1, 0.5}, {0, 0.7}}, Population: []int{2, 3}}
	res, err := c.ExactMVA()
	require.NoError(t, err)
	g, q := bruteForce(c, c.Population)
	for k := range 2 {
		less := append([]int(nil), c.Population...)
		less[k]--
		gl, _ := bruteForce(c, less)
		assert.InEpsilon(t, gl/g, res.Throughput[k], 1e-10, "class %d throughput", k)
		for i := range 2 {
			assert.InDelta(t, q[i][k], res.QueueLength[i][k], 1e-10, "station %d class %d", i, k)
		}
	}
}
