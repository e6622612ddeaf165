package serve

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The what-if curves: visit ratios, demands and N* of the catalogue's
// closed networks; exact MVA at the file's population equals the page's
// own end-to-end formula; every point lies within both kinds of bounds.
func TestWhatIf(t *testing.T) {
	for _, tc := range []struct {
		file           string
		d, dmax, z, ns float64
	}{
		{"terminal.yaml", 0.5, 0.5, 10, 21},
		// central-server: the cpu is visited 5 times per cycle, disk1 2.5, disk2 1.5.
		{"central-server.yaml", 5*0.02 + 2.5*0.04 + 1.5*0.06, 0.1, 5, (0.29 + 5) / 0.1},
	} {
		t.Run(tc.file, func(t *testing.T) {
			l, err := OpenNetwork(tc.file, catalogueSource(t, tc.file), 1)
			require.NoError(t, err)
			w, err := l.(*liveNet).WhatIf(nil)
			require.NoError(t, err)
			require.True(t, w.Available)
			assert.InDelta(t, tc.d, w.D, 1e-9)
			assert.InDelta(t, tc.dmax, w.DMax, 1e-9)
			assert.InDelta(t, tc.z, w.Z, 1e-9)
			assert.InDelta(t, tc.ns, w.NStar, 1e-9)
			assert.GreaterOrEqual(t, len(w.Points), 2*w.Population)
			x, ok := formulaOf(l.Analytic().Formulas, "network", "", "throughput")
			require.True(t, ok)
			assert.InDelta(t, x.Value, float64(w.Points[w.Population-1].X), 1e-9, "exact MVA at N = %d", w.Population)
			const eps = 1e-9
			for _, p := range w.Points {
				assert.True(t, float64(p.XLo) <= float64(p.X)+eps && float64(p.X) <= float64(p.XUp)+eps, "N = %d: X %v not in ABA [%v, %v]", p.N, p.X, p.XLo, p.XUp)
				assert.True(t, float64(p.BXLo) <= float64(p.X)+eps && float64(p.X) <= float64(p.BXUp)+eps, "N = %d: X %v not in BJB [%v, %v]", p.N, p.X, p.BXLo, p.BXUp)
				assert.True(t, float64(p.RLo) <= float64(p.R)+eps && float64(p.R) <= float64(p.RUp)+eps, "N = %d: R %v not in ABA", p.N, p.R)
				assert.True(t, float64(p.BRLo) <= float64(p.R)+eps && float64(p.R) <= float64(p.BRUp)+eps, "N = %d: R %v not in BJB", p.N, p.R)
			}
		})
	}
}

// An open network has no what-if curves, and says why.
func TestWhatIfOpenNetwork(t *testing.T) {
	srv, err := New(nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	st := netCreate(t, srv, `{"example":"tandem.yaml","seed":1}`)
	var w whatIfJSON
	require.Equal(t, http.StatusOK, call(t, srv, "GET", "/api/networks/sessions/"+st.ID+"/whatif", "", &w))
	assert.False(t, w.Available)
	assert.Contains(t, w.Reason, "one closed class")
	st = netCreate(t, srv, `{"example":"terminal.yaml","seed":1}`)
	require.Equal(t, http.StatusOK, call(t, srv, "GET", "/api/networks/sessions/"+st.ID+"/whatif", "", &w))
	assert.True(t, w.Available)
	assert.Equal(t, "user", w.Class)
}

// Edited service means recompute the curves as JMVA does, and leave the
// simulation alone: the terminal model's server at 0.25 s instead of
// 0.5 s has D = 0.25 s, N* = (0.25 + 10)/0.25 = 41 and X(1) = 1/(D + Z);
// think time 20 s moves Z. Bad edits are refused with what and where,
// in the page's language.
func TestWhatIfEditedMeans(t *testing.T) {
	srv, err := New(nil, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	st := netCreate(t, srv, `{"example":"terminal.yaml","seed":1}`)
	base := "/api/networks/sessions/" + st.ID + "/whatif"
	for _, tc := range []struct {
		query         string
		d, z, nStar   float64
		server, think float64
	}{
		{"", 0.5, 10, 21, 0.5, 10},
		{"?mean.server=0.25", 0.25, 10, 41, 0.25, 10},
		{"?mean.server=0.25&mean.think=20", 0.25, 20, 81, 0.25, 20},
	} {
		var w whatIfJSON
		require.Equal(t, http.StatusOK, call(t, srv, "GET", base+tc.query, "", &w), tc.query)
		require.True(t, w.Available, tc.query)
		assert.InDelta(t, tc.d, w.D, 1e-12, tc.query)
		assert.InDelta(t, tc.z, w.Z, 1e-12, tc.query)
		assert.InDelta(t, tc.nStar, w.NStar, 1e-9, tc.query)
		assert.InDelta(t, 1/(tc.d+tc.z), float64(w.Points[0].X), 1e-12, "%s: one user cycles in D + Z", tc.query)
		assert.Equal(t, []whatIfMean{{"think", tc.think}, {"server", tc.server}}, w.Stations, tc.query)
	}
	// The simulation still runs the file's means.
	var live netStateJSON
	require.Equal(t, http.StatusOK, call(t, srv, "GET", "/api/networks/sessions/"+st.ID+"/state", "", &live))
	assert.InDelta(t, 0.5, live.Graph.Stations[1].Service[0].Mean, 1e-12)

	for _, tc := range []struct{ query, en, tr string }{
		{"?mean.server=-1", `what-if: mean of station "server": must be a number of seconds > 0 and ≤ 1e9, got "-1"`,
			`ya şöyle olsaydı: "server" istasyonunun ortalaması: > 0 ve ≤ 1e9 saniye bir sayı olmalı, verilen "-1"`},
		{"?mean.server=abc", `what-if: mean of station "server": must be a number of seconds > 0 and ≤ 1e9, got "abc"`, ""},
		{"?mean.nope=1", `what-if: unknown station "nope" (valid: think, server)`, `ya şöyle olsaydı: bilinmeyen istasyon "nope" (geçerli: think, server)`},
		{"?speed=1", `what-if: unknown parameter "speed" (want mean.STATION=SECONDS)`, ""},
	} {
		var e errorJSON
		require.Equal(t, http.StatusBadRequest, call(t, srv, "GET", base+tc.query, "", &e), tc.query)
		assert.Equal(t, tc.en, e.Error)
		if tc.tr != "" {
			req := newReq("GET", base+tc.query, nil)
			req.Header.Set("Accept-Language", "tr")
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &e))
			assert.Equal(t, tc.tr, e.Error)
		}
	}
}
