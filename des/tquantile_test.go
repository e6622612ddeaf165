package des

import (
	"math"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"gonum.org/v1/gonum/stat/distuv"
)

// TestStudentTQuantileMemo: a remembered quantile is the computed one bit
// for bit, on the first call and the later ones, from several goroutines
// at once (run under -race in CI), and NaN arguments give NaN without
// being remembered.
func TestStudentTQuantileMemo(t *testing.T) {
	tests := []struct{ p, df float64 }{
		{0.975, 1}, {0.975, 29}, {0.9995, 29}, {0.975, 999}, {0.5, 4}, {0.95, 2.5},
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 3 {
				for _, tt := range tests {
					want := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: tt.df}.Quantile(tt.p)
					assert.Equal(t, math.Float64bits(want), math.Float64bits(StudentTQuantile(tt.p, tt.df)), "p=%v df=%v", tt.p, tt.df)
				}
			}
		})
	}
	wg.Wait()
	n := len(tMemo.m)
	assert.True(t, math.IsNaN(StudentTQuantile(0.975, math.NaN())))
	assert.True(t, math.IsNaN(StudentTQuantile(math.NaN(), 3)))
	assert.Equal(t, n, len(tMemo.m), "NaN keys are not remembered")
}
