package serve

import (
	"net/http"
	"regexp"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
)

// stiffNetwork's first station is 10⁵ times faster than its second: the
// page's window (60 of the slower's mean services, 600 s) needs about
// 6·10⁶ uniformization steps at Λ = 10⁴/s, past the page's budget.
const stiffNetwork = `name: stiff
arrivals: {to: first, rate: 0.05}
stations:
  - name: first
    service: {dist: exp, mean: 0.0001}
  - name: second
    service: {dist: exp, mean: 10}
routing:
  first: {second: 1}
`

// TestTransientTooLongTranslated: a uniformization too long for the page
// is refused with the page's own reason — its fixed window, not the
// solver's "ask for an earlier time", which the page cannot do — in the
// page's language, numbers in its way.
func TestTransientTooLongTranslated(t *testing.T) {
	srv := newTestServer(t, Options{OpenNetwork: OpenNetwork})
	st := netSource(t, srv, "stiff.yaml", stiffNetwork)
	english := regexp.MustCompile(`\b(the|is|has|by|only|not|which|chain|needs|steps|states|page|window|earlier)\b`)
	for _, tc := range []struct {
		lang string
		want []string
	}{
		{"", []string{"the page's fixed window, the first 600 s, needs about 6014244 uniformization steps over 1128 states (Λ = 10000/s)",
			"queuelab net solve FILE --at T answers earlier times"}},
		{"tr", []string{"sayfanın sabit penceresi, ilk 600 sn", "1.128 durum", "6.014.244 düzgünleştirme adımı", "(Λ = 10.000/sn)", "DOSYA --at T"}},
		{"uz", []string{"sahifaning qat’iy oynasi, birinchi 600 s", "1\u00a0128 ta holat", "6\u00a0014\u00a0244 ta uniformizatsiya", "FAYL --at T"}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			tr := transientOf(t, srv, st.ID, tc.lang)
			assert.Equal(t, "refused", tr.Status)
			for _, w := range tc.want {
				assert.Contains(t, tr.Reason, w)
			}
			assert.NotContains(t, tr.Reason, "ask for an earlier time")
			if tc.lang != "" {
				assert.NotRegexp(t, english, tr.Reason)
			}
		})
	}
}

// countingLive is a network that counts the models its transient is
// built from.
type countingLive struct {
	NetLive
	models *atomic.Int32
}

func (c countingLive) TransientKey() [32]byte { return c.NetLive.(netTransienter).TransientKey() }
func (c countingLive) TransientModel() (analytic.Network, float64, error) {
	c.models.Add(1)
	return c.NetLive.(netTransienter).TransientModel()
}
func (c countingLive) RunAverages(after float64) ([]float64, [][]float64, bool) {
	return c.NetLive.(netTransienter).RunAverages(after)
}

// TestTransientPollCacheFirst: once a network's transient is known, the
// page's polls find it by the network's key without building the model
// again; a change builds the changed network's model once more.
func TestTransientPollCacheFirst(t *testing.T) {
	var models atomic.Int32
	open := func(name string, src []byte, seed uint64) (NetLive, error) {
		l, err := OpenNetwork(name, src, seed)
		return countingLive{l, &models}, err
	}
	srv := newTestServer(t, Options{OpenNetwork: open})
	st := netSource(t, srv, "tandem.yaml", "name: tandem\narrivals: {to: a, rate: 0.5}\nstations:\n  - {name: a, service: {dist: exp, mean: 1}}\n")
	first := transientOf(t, srv, st.ID, "")
	require.Equal(t, "ready", first.Status, first.Reason)
	require.Equal(t, int32(1), models.Load(), "built once, then the polls wait on the cache")
	for range 3 {
		again := transientOf(t, srv, st.ID, "")
		assert.Equal(t, first.Series, again.Series)
	}
	assert.Equal(t, int32(1), models.Load(), "the polls of a known transient build nothing")

	require.Equal(t, http.StatusAccepted, call(t, srv, "POST", "/api/networks/sessions/"+st.ID+"/change", `{"change": "servers a=2"}`, nil))
	netWait(t, srv, st.ID, "the change", func(s netTestState) bool { return len(s.Taken) == 1 })
	two := transientOf(t, srv, st.ID, "")
	require.Equal(t, "ready", two.Status, two.Reason)
	assert.Equal(t, int32(2), models.Load(), "the changed network: a new key, its model built once")
	assert.NotEqual(t, first.Series, two.Series)
}
