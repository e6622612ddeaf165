package fleet

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
)

func TestNewRejectsBadConfig(t *testing.T) {
	for _, cfg := range []Config{
		{BootDelay: -1},
		{PricePerHour: -0.1},
		{KeepServing: -1},
	} {
		_, err := New(cfg)
		assert.ErrorIs(t, err, ErrConfig, "%+v", cfg)
	}
}

func TestFleetLifecycle(t *testing.T) {
	f, err := New(Config{BootDelay: 3 * des.Minute, PricePerHour: 0.4, KeepServing: 1})
	require.NoError(t, err)
	var booted, served, drained []int
	f.Hooks = Hooks{
		OnBoot:  func(i int) { booted = append(booted, i) },
		OnServe: func(i int) { served = append(served, i) },
		OnDrain: func(i int) { drained = append(drained, i) },
	}
	f.Open(2, 1)
	assert.Equal(t, []int{0, 1}, served)
	f.Start(2, 1, des.Minute)
	assert.Equal(t, []int{2, 3}, booted)
	assert.Equal(t, 4*des.Minute, f.At(2).BootAt)
	assert.Equal(t, 2, f.Serving())
	assert.Equal(t, 2, f.Booting())
	assert.InDelta(t, 1.6, f.Rate(0), 1e-12)
	assert.InDelta(t, 2.0, f.Rate(1), 1e-12)

	// Remove cancels the newest boot first, then drains the newest server.
	gen3 := f.At(3).Gen
	f.Remove(2)
	assert.Equal(t, 0, f.Booting(), "both boots cancelled")
	assert.False(t, f.BootDue(3, gen3), "a cancelled boot is stale")
	f.Remove(5)
	assert.Equal(t, 1, f.Serving(), "KeepServing = 1 keeps one")
	assert.Equal(t, []int{1}, drained)
	assert.Equal(t, Draining, f.At(1).State)
	f.Drained(1)
	assert.Equal(t, Free, f.At(1).State)

	// A reused slot has a new generation, so the old boot event is stale.
	f.Start(1, 2, 0)
	assert.Equal(t, 1, booted[len(booted)-1], "lowest free slot reused")
	f.Promote(10 * des.Minute)
	assert.Equal(t, 2, f.Serving())
	assert.Equal(t, 1, f.ServingTagged(2))
	f.Retag(2, 5)
	assert.Equal(t, 2, f.ServingTagged(2))
	assert.Equal(t, 2, f.CountTag(2))

	f.BillMinute(f.Rate(0))
	assert.InDelta(t, 0.8/60, f.Cost(), 1e-15)
}

func TestResize(t *testing.T) {
	tests := []struct {
		name             string
		from, to         int
		serving, booting int
		keep             int
	}{
		{"grow", 2, 5, 2, 3, 0},
		{"shrink", 5, 2, 2, 0, 0},
		{"shrink to zero", 3, 0, 0, 0, 0},
		{"keep one", 3, 0, 1, 0, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := New(Config{BootDelay: des.Minute, KeepServing: tc.keep})
			require.NoError(t, err)
			f.Open(tc.from, 0)
			f.Resize(tc.to, 0, 0)
			assert.Equal(t, tc.serving, f.Serving())
			assert.Equal(t, tc.booting, f.Booting())
		})
	}
}

func TestAutoscaler(t *testing.T) {
	f, err := New(Config{BootDelay: des.Minute, KeepServing: 1})
	require.NoError(t, err)
	f.Open(10, 0)
	a := Autoscaler{Target: 0.5, Max: 40, QuietMinutes: 2, ScaleInShare: 0.2}
	a.Step(f, 4, 10, 0.8, true, 0, 0) // desired ⌈10 × 0.8 / 0.5⌉ = 16
	assert.Equal(t, 6, f.Booting())
	a.Step(f, 4, 10, 0.9, true, 0, 0) // no scale-out while booting
	assert.Equal(t, 6, f.Booting())
	f.Promote(des.Minute)
	a.Step(f, 4, 16, 0.1, true, 0, des.Minute) // desired 4: first quiet minute
	assert.Equal(t, 16, f.Size())
	a.Step(f, 4, 16, 0.1, true, 0, des.Minute) // second: remove 20 % of 16 = 3
	assert.Equal(t, 13, f.Size())
	a.Hold(f, 4, 0, des.Minute)
	assert.Equal(t, 4, f.Size())
	a.Step(f, 6, 0, 0, false, 0, des.Minute) // unmeasured: only the minimum
	assert.Equal(t, 6, f.Size())
}
