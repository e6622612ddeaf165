package des

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStdExpFitsOnBothGenerators checks StdExp against the unit
// exponential's CDF by Kolmogorov–Smirnov at α = 0.001 (√n·D against
// ksCritical001), 20 000 draws, fixed seeds, on both generators; and that the
// mulberry32 stream still inverts (the originals' numbers).
func TestStdExpFitsOnBothGenerators(t *testing.T) {
	for _, s := range []*Stream{NewMulberry32(7), NewPCG(7, 8)} {
		t.Run(s.Generator().String(), func(t *testing.T) {
			const n = 20_000
			xs := make([]float64, n)
			for i := range xs {
				xs[i] = s.StdExp()
			}
			d := ksStatistic(xs, Exponential{Rate: 1}.CDF)
			assert.Less(t, d, ksCritical001, "√n·KS distance")
		})
	}
	a, b := NewMulberry32(3), NewMulberry32(3)
	require.Equal(t, -math.Log(1-b.Float64()), a.StdExp(), "mulberry32 draws by inversion")
}

// TestStdExpDoesNotAllocate: the ziggurat's *rand.Rand wrapper stays on
// the stack.
func TestStdExpDoesNotAllocate(t *testing.T) {
	s := NewPCG(1, 2)
	assert.Zero(t, testing.AllocsPerRun(1000, func() { s.StdExp() }))
}

var stdExpSink float64

// BenchmarkStdExp compares the ziggurat (PCG) with inversion on the same
// generator and with mulberry32's inversion; one op is one draw.
func BenchmarkStdExp(b *testing.B) {
	b.Run("pcg-ziggurat", func(b *testing.B) {
		s := NewPCG(1, 2)
		for b.Loop() {
			stdExpSink += s.StdExp()
		}
	})
	b.Run("pcg-inversion", func(b *testing.B) {
		s := NewPCG(1, 2)
		for b.Loop() {
			stdExpSink += -math.Log(1 - s.Float64())
		}
	})
	b.Run("mulberry32-inversion", func(b *testing.B) {
		s := NewMulberry32(1)
		for b.Loop() {
			stdExpSink += s.StdExp()
		}
	})
}
