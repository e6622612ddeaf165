package paymentswitch

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/scenario"
)

// TestOpenLoadValidate: every invalid field is refused with an error that
// names it, before anything runs.
func TestOpenLoadValidate(t *testing.T) {
	ok := OpenLoadConfig{Rate: 400, Servers: 6, Minutes: 1}
	require.NoError(t, ok.Validate())
	for _, c := range []struct {
		change func(*OpenLoadConfig)
		want   string
	}{
		{func(c *OpenLoadConfig) { c.Rate = 0 }, "rate"},
		{func(c *OpenLoadConfig) { c.Rate = math.NaN() }, "rate"},
		{func(c *OpenLoadConfig) { c.Rate = math.Inf(1) }, "rate"},
		{func(c *OpenLoadConfig) { c.Servers = 1 }, "servers"},
		{func(c *OpenLoadConfig) { c.Servers = MaxServers + 1 }, "servers"},
		{func(c *OpenLoadConfig) { c.IssuerTimeout = -1 }, "issuer timeout"},
		{func(c *OpenLoadConfig) { c.GroupBMean = math.NaN() }, "group B mean"},
		{func(c *OpenLoadConfig) { c.Minutes = 0 }, "minutes"},
		{func(c *OpenLoadConfig) { c.WarmupMinutes = -1 }, "minutes"},
		{func(c *OpenLoadConfig) { c.Omega = 1 }, "omega"},
	} {
		cfg := ok
		c.change(&cfg)
		_, err := OpenLoad(cfg)
		require.Error(t, err, c.want)
		assert.Contains(t, err.Error(), c.want)
	}
}

// TestOpenLoadAccounting: below capacity every attempt is served (nothing
// shed or dropped, the counts balance up to the attempts in flight at the
// minute edges), the measured slot time is 80 ms + E[min(L, 8 s)] within
// 1 % (≈ 72,000 attempts, SE ≈ 0.3 %), Little's law holds on the slot
// pool, and the same seed gives the same result.
func TestOpenLoadAccounting(t *testing.T) {
	cfg := OpenLoadConfig{Rate: 400, Servers: 6, WarmupMinutes: 1, Minutes: 3, Seed: 5}
	r, err := OpenLoad(cfg)
	require.NoError(t, err)
	again, err := OpenLoad(cfg)
	require.NoError(t, err)
	require.Equal(t, r, again)
	assert.Equal(t, 192, r.Slots)
	assert.Equal(t, 0, r.Shed)
	assert.Equal(t, Omega, r.Omega)
	require.Len(t, r.Minutes, 3)
	var offered, served, held float64
	for _, m := range r.Minutes {
		assert.Zero(t, m.Shed)
		assert.Zero(t, m.Dropped)
		assert.Zero(t, m.Discarded)
		assert.Equal(t, m.Served, m.Issuer[0].Forwarded+m.Issuer[1].Forwarded)
		assert.Equal(t, m.Served, m.Answered, "T = 8 s: no issuer timeout at m = 250 ms")
		assert.InDelta(t, 60, m.Pool.Time, 1e-9)
		l := m.Pool.Area / m.Pool.Time
		lw := m.Pool.Arrivals / m.Pool.Time * m.Pool.Sojourn / m.Pool.Departures
		assert.InEpsilon(t, l, lw, 0.01, "Little on a minute")
		offered += m.Offered
		served += m.Served
		held += m.HeldLive
	}
	assert.InDelta(t, offered, served, 400, "in flight at the edges: about λS = 132")
	assert.InEpsilon(t, SwitchTime+IssuerMean*(1-math.Exp(-DefaultIssuerTimeout/IssuerMean)), held/served, 0.01)
}

// TestStations: the des engine's slot pool measurements satisfy Little's
// law over a normal run (10 minutes, 0.1 %) and snapshots subtract.
func TestStations(t *testing.T) {
	e, err := New(scenario.DES, Normal, 3)
	require.NoError(t, err)
	st := e.(scenario.Stationed)
	for range 2 {
		e.Step()
	}
	a := st.Stations()
	for range 8 {
		e.Step()
	}
	b := st.Stations()
	require.Len(t, b, 1)
	assert.Equal(t, "slot pool", b[0].Name)
	w := b[0].Sub(a[0])
	assert.InDelta(t, 480, w.Time, 1e-9)
	l := w.Area / w.Time
	assert.InEpsilon(t, w.Arrivals/w.Time*w.Sojourn/w.Departures, l, 0.001)
	assert.InEpsilon(t, 400*0.33, l, 0.03, "busy slots ≈ λS on a normal day")
}
