package des

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/stat/distuv"
)

// StudentTQuantile returns the p-quantile of Student's t distribution with
// df degrees of freedom.
//
// The quantile inverts the regularized incomplete beta function (gonum's
// InvRegIncBeta), some microseconds a call; an interval over replications
// or batches asks for the same few (p, df) pairs thousands of times, so
// the values are remembered (up to tMemoMax pairs, then computed each
// time). A remembered value is the computed one, bit for bit. Safe for
// concurrent use.
func StudentTQuantile(p float64, df float64) float64 {
	k := tKey{p, df}
	tMemo.Lock()
	q, ok := tMemo.m[k]
	tMemo.Unlock()
	if ok {
		return q
	}
	q = distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile(p)
	tMemo.Lock()
	if len(tMemo.m) < tMemoMax && !math.IsNaN(p) && !math.IsNaN(df) { // a NaN key would never hit
		tMemo.m[k] = q
	}
	tMemo.Unlock()
	return q
}

// tMemoMax bounds the memo: a caller sweeping df or p over many values
// gets the plain computation past it, not unbounded memory.
const tMemoMax = 4096

type tKey struct{ p, df float64 }

var tMemo = struct {
	sync.Mutex
	m map[tKey]float64
}{m: make(map[tKey]float64)}
