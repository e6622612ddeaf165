package serve

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/examples/networks"
)

// catalogueSource returns the catalogue example name's file.
func catalogueSource(t *testing.T, name string) []byte {
	t.Helper()
	for _, e := range networks.Catalogue() {
		if e.Name == name {
			return []byte(e.Source)
		}
	}
	t.Fatalf("no catalogue example %q", name)
	return nil
}

// formulaOf returns the exact formula of station/class/name, else the
// first, and whether there is one.
func formulaOf(fs []NetFormula, station, class, name string) (NetFormula, bool) {
	var first *NetFormula
	for i, f := range fs {
		if f.Station == station && f.Class == class && f.Name == name {
			if f.Exact {
				return f, true
			}
			if first == nil {
				first = &fs[i]
			}
		}
	}
	if first == nil {
		return NetFormula{}, false
	}
	return *first, true
}

// The closed terminal model's end-to-end rows (all classes, as the
// simulation measures them) carry exact MVA: X = 1.983/s at N = 30, the
// cycle time N/X and the population.
func TestNetAnalyticOneClassTotals(t *testing.T) {
	l, err := OpenNetwork("terminal.yaml", catalogueSource(t, "terminal.yaml"), 1)
	require.NoError(t, err)
	fs := l.Analytic().Formulas
	x, ok := formulaOf(fs, "network", "", "throughput")
	require.True(t, ok, "network throughput has a formula")
	assert.True(t, x.Exact)
	assert.InDelta(t, 1.983, x.Value, 0.001)
	r, ok := formulaOf(fs, "network", "", "mean_response")
	require.True(t, ok)
	assert.InDelta(t, 30/x.Value, r.Value, 1e-9, "the cycle time N/X")
	n, ok := formulaOf(fs, "network", "", "mean_in_system")
	require.True(t, ok)
	assert.Equal(t, 30.0, n.Value)
	_, ok = formulaOf(fs, "network", "", "throughput_upper")
	assert.True(t, ok, "the bounds come along")
}

// An unstable second station leaves the first one its formulas: the tandem
// at λ = 1.3 has ρ1 = 0.65 (M/M/1, L = 0.65/0.35), ρ2 = 1.04.
func TestNetAnalyticUpstreamOfUnstable(t *testing.T) {
	l, err := OpenNetwork("tandem.yaml", catalogueSource(t, "tandem.yaml"), 1)
	require.NoError(t, err)
	require.NoError(t, l.Apply(NetChange{Kind: "rate", Class: "job", Value: "1.3"}))
	a := l.Analytic()
	require.Len(t, a.Unstable, 1)
	assert.Equal(t, "second", a.Unstable[0].Station)
	u, ok := formulaOf(a.Formulas, "first", "", "utilization")
	require.True(t, ok, "the stable first station keeps its formulas")
	assert.InDelta(t, 0.65, u.Value, 1e-9)
	L, ok := formulaOf(a.Formulas, "first", "", "mean_in_system")
	require.True(t, ok)
	assert.True(t, L.Exact)
	assert.InDelta(t, 0.65/0.35, L.Value, 1e-9)
	for _, f := range a.Formulas {
		assert.NotEqual(t, "second", f.Station, "no formula for the unstable station")
		assert.NotEqual(t, "network", f.Station, "no end-to-end figure while part of the network grows")
	}
}

// Bad changes are refused when they are made (400 with the reason), not
// accepted and reported at the next step; good ones are still taken.
func TestNetChangeRefusedAtOnce(t *testing.T) {
	srv, err := New(nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	st := netCreate(t, srv, `{"example":"terminal.yaml","seed":1}`)
	path := "/api/networks/sessions/" + st.ID + "/change"
	for _, tc := range []struct{ change, want string }{
		{"servers server=0", "from 1 to"},
		{"population user=-3", "from 1 to"},
		{"route think>server=1.5", "1.5"},
		{"servers nowhere=2", "unknown station"},
	} {
		var out struct{ Error string }
		assert.Equal(t, http.StatusBadRequest, call(t, srv, "POST", path, `{"change":"`+tc.change+`"}`, &out), tc.change)
		assert.Contains(t, out.Error, tc.want, tc.change)
	}
	assert.Equal(t, http.StatusAccepted, call(t, srv, "POST", path, `{"change":"servers server=2"}`, nil))
}
