package serve

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// getPercentiles asks a session's percentiles and returns the status and
// the body.
func getPercentiles(t *testing.T, h http.Handler, id, query string) (int, []byte) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, newReq("GET", "/api/networks/sessions/"+id+"/percentiles"+query, nil))
	return rec.Code, rec.Body.Bytes()
}

// compactMetrics returns each metric of a JSON answer ({"metrics": […]})
// compacted, keeping the percentile ones (p50_…, p90_…, p99_…).
func compactMetrics(t *testing.T, data []byte) []string {
	t.Helper()
	var v struct {
		Metrics []json.RawMessage `json:"metrics"`
	}
	require.NoError(t, json.Unmarshal(data, &v))
	var out []string
	for _, m := range v.Metrics {
		var name struct{ Name string }
		require.NoError(t, json.Unmarshal(m, &name))
		if len(name.Name) < 4 || name.Name[0] != 'p' || name.Name[3] != '_' {
			continue
		}
		var b bytes.Buffer
		require.NoError(t, json.Compact(&b, m))
		out = append(out, b.String())
	}
	return out
}

// TestPercentilesMatchNetRun: the page's percentiles are net run's, byte
// for byte in the --json form. The golden files are net run's own answers
// to the command the page names (testdata/netpercentiles; to make them
// again after a change to the simulator, run in that folder e.g.
//
//	queuelab net run --percentiles --seed 5 --duration 38000 --json ../../../examples/networks/jackson-feedback.yaml > jackson-feedback.json
//
// with each row's seed and duration). A row checks the method of the exact
// values it has: the exact CTMC for M/M/3/6, the M/M/c distribution for
// M/M/2, none for the Jackson network and the priority queue.
func TestPercentilesMatchNetRun(t *testing.T) {
	mm2, err := os.ReadFile("testdata/netpercentiles/mm2.yaml")
	require.NoError(t, err)
	tests := []struct {
		name, create, query, golden, command, method string
	}{
		{"jackson-feedback, the page's own length", `{"example":"jackson-feedback","seed":5}`, "", "jackson-feedback.json",
			"queuelab net run --percentiles --seed 5 --duration 38000 network.yaml", ""},
		{"loss-mmck: the exact CTMC", `{"example":"loss-mmck","seed":5}`, "", "loss-mmck.json",
			"queuelab net run --percentiles --seed 5 --duration 42000 network.yaml", "exact CTMC"},
		{"priority-mg1, a duration asked for", `{"example":"priority-mg1","seed":9}`, "?duration=20000", "priority-mg1.json",
			"queuelab net run --percentiles --seed 9 --duration 20000 network.yaml", ""},
		{"an uploaded M/M/2: the M/M/c distribution", fmt.Sprintf(`{"name":"mm2.yaml","source":%q,"seed":2}`, mm2), "?duration=30000", "mm2.json",
			"queuelab net run --percentiles --seed 2 --duration 30000 network.yaml", "M/M/c FCFS distribution"},
	}
	h := newTestServer(t, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := netCreate(t, h, tc.create)
			code, body := getPercentiles(t, h, st.ID, tc.query)
			require.Equal(t, http.StatusOK, code, "%s", body)
			var res pctJSON
			require.NoError(t, json.Unmarshal(body, &res))
			assert.Equal(t, tc.command, res.Command)
			assert.EqualValues(t, 1, res.Stride, "every observation kept")
			golden, err := os.ReadFile("testdata/netpercentiles/" + tc.golden)
			require.NoError(t, err)
			want := compactMetrics(t, golden)
			require.NotEmpty(t, want)
			assert.Equal(t, want, compactMetrics(t, body))
			methods := map[string]bool{}
			for _, m := range res.Metrics {
				if m.Method != nil {
					methods[*m.Method] = true
				}
			}
			if tc.method == "" {
				assert.Empty(t, methods)
			} else {
				assert.Equal(t, map[string]bool{tc.method: true}, methods)
			}
		})
	}
}

// TestPercentilesDeterministic: the same file, seed and duration give the
// same answer, computed twice (not from the cache); another seed another.
func TestPercentilesDeterministic(t *testing.T) {
	src, err := os.ReadFile("../examples/networks/tandem.yaml")
	require.NoError(t, err)
	a, err := percentilesOf(src, 3, 0)
	require.NoError(t, err)
	b, err := percentilesOf(src, 3, 0)
	require.NoError(t, err)
	c, err := percentilesOf(src, 4, 0)
	require.NoError(t, err)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	jc, _ := json.Marshal(c)
	assert.Equal(t, string(ja), string(jb))
	assert.NotEqual(t, string(ja), string(jc))
}

// flood is an open tandem at a million arrivals a second (ρ = 0.5 at
// both stations): the most events per simulated second.
const flood = "name: flood\narrivals: {to: a, rate: 1000000}\nstations:\n  - {name: a, service: {dist: exp, mean: 5e-7}}\n  - {name: b, service: {dist: exp, mean: 5e-7}}\nrouting:\n  a: {b: 1}\n"

// TestPercentilesMemoryBound floods the page: at a million arrivals a
// second the page's own length is a fraction of a simulated second
// (pctAutoEvents events), and the longest run it allows (pctMaxEvents, 0.66
// s here; 0.6 asked: 5.7·10⁶ observations) keeps at most pctObservations of them,
// thinned, and allocates under 64 MiB in all (measured 42 MiB; 130 MiB
// without the budget, which keeps them all).
func TestPercentilesMemoryBound(t *testing.T) {
	auto, err := percentilesOf([]byte(flood), 1, 0)
	require.NoError(t, err)
	assert.Equal(t, 0.066, float64(auto.Duration), "about pctAutoEvents events: 3 per customer")
	assert.EqualValues(t, 1, auto.Stride)

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	most, err := percentilesOf([]byte(flood), 1, 0.6)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, most.Stride, int64(2), "thinned to the budget")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<20), "allocated by the longest run")
	assert.Equal(t, pctObservations, most.Budget)
	assert.NotEmpty(t, most.Metrics)
}

// TestPercentilesBadInput: what the page refuses, with what it says.
func TestPercentilesBadInput(t *testing.T) {
	h := newTestServer(t, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	src, err := json.Marshal(flood)
	require.NoError(t, err)
	flooded := netCreate(t, h, `{"name":"flood.yaml","source":`+string(src)+`,"seed":1}`)
	jackson := netCreate(t, h, `{"example":"jackson-feedback","seed":1}`)
	unstable := netCreate(t, h, `{"example":"jackson-feedback","seed":1}`)
	require.Equal(t, http.StatusAccepted, call(t, h, "POST", "/api/networks/sessions/"+unstable.ID+"/change", `{"change":"rate job=1e9"}`, nil))
	netWait(t, h, unstable.ID, "the change applied", func(st netTestState) bool { return len(st.Taken) == 1 })
	tests := []struct {
		name, id, query string
		want            int
		msg             string
	}{
		{"not a number", jackson.ID, "?duration=soon", 400, `duration: want seconds > 0 and ≤ 1e+08, got "soon"`},
		{"negative", jackson.ID, "?duration=-5", 400, "duration: want seconds > 0"},
		{"NaN", jackson.ID, "?duration=NaN", 400, "duration: want seconds > 0"},
		{"past net run's longest", jackson.ID, "?duration=1e12", 400, "≤ 1e+08"},
		{"a long horizon", flooded.ID, "?duration=1e6", 400, "duration 1e+06 s: about 3e+12 events, more than the page's 2e+06 (at most 0.66 s here; queuelab net run has no such limit)"},
		{"too short to judge", jackson.ID, "?duration=10", 400, "duration 10 s: not enough data: expects 10 customers, need 300 (10 per batch); lengthen the duration"},
		{"unstable", unstable.ID, "", 400, `network "jackson-feedback" is unstable: station "a"`},
		{"no such session", "nope", "", 404, "no network simulation"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, body := getPercentiles(t, h, tc.id, tc.query)
			assert.Equal(t, tc.want, code, "%s", body)
			var e errorJSON
			require.NoError(t, json.Unmarshal(body, &e))
			assert.Contains(t, e.Error, tc.msg)
		})
	}
}

// TestPercentilesTooWide: a tandem of 600 stations would need 39 MB of
// batch boundaries: refused before it runs, saying so.
func TestPercentilesTooWide(t *testing.T) {
	var b strings.Builder
	b.WriteString("name: wide\narrivals: {to: s0, rate: 1}\nstations:\n")
	for i := range 600 {
		fmt.Fprintf(&b, "  - {name: s%d, service: {dist: exp, mean: 0.001}}\n", i)
	}
	b.WriteString("routing:\n")
	for i := range 599 {
		fmt.Fprintf(&b, "  s%d: {s%d: 1}\n", i, i+1)
	}
	_, err := percentilesOf([]byte(b.String()), 1, 0)
	require.Error(t, err)
	assert.Equal(t, "600 stations and 1 classes: the percentiles' batch boundaries would take 39.4 MB, more than the page's 16 MB (queuelab net run --percentiles computes them)", err.Error())
}

// TestPercentilesBusy: one computation at a time; pctWaiting requests
// may wait for it besides, one more is told to come back; a request that
// ends while it waits is told so; a kept result needs no slot.
func TestPercentilesBusy(t *testing.T) {
	c := newPctCache()
	kept := &pctJSON{Network: "kept"}
	_, err := c.get(pctKey{seed: 1}, nil, func() (*pctJSON, error) { return kept, nil })
	require.NoError(t, err)
	waiting := func() int {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.waiting
	}
	started, release := make(chan struct{}), make(chan struct{})
	results := make([]chan error, pctWaiting+1)
	ask := func(i int, f func() (*pctJSON, error)) {
		results[i] = make(chan error, 1)
		go func() {
			_, err := c.get(pctKey{seed: uint64(10 + i)}, nil, f)
			results[i] <- err
		}()
	}
	ask(pctWaiting, func() (*pctJSON, error) { close(started); <-release; return kept, nil }) // the one computing
	<-started
	for i := range pctWaiting {
		before := waiting()
		ask(i, func() (*pctJSON, error) { return kept, nil })
		for waiting() == before { // until it waits, or was refused
			select {
			case err := <-results[i]:
				require.Failf(t, "refused", "waiter %d of %d: %v", i+1, pctWaiting, err)
			default:
				runtime.Gosched()
			}
		}
	}
	assert.Equal(t, pctWaiting, waiting())
	_, err = c.get(pctKey{seed: 2}, nil, func() (*pctJSON, error) { return kept, nil })
	assert.ErrorIs(t, err, errPctBusy, "one more than pctWaiting")
	r, err := c.get(pctKey{seed: 1}, nil, nil)
	require.NoError(t, err)
	assert.Same(t, kept, r)
	close(release)
	for i := range results {
		assert.NoError(t, <-results[i], "request %d", i)
	}
	assert.Zero(t, waiting())

	c.slot <- struct{}{} // a computation under way
	done := make(chan struct{})
	close(done)
	_, err = c.get(pctKey{seed: 3}, done, func() (*pctJSON, error) { return kept, nil })
	assert.ErrorIs(t, err, errPctBusy, "the request ended while it waited")
	<-c.slot
	assert.Zero(t, waiting())
}

// openLoop's open customers go round a and b for ever; deadlockRing's
// buffered stations A and B block each other with 4 customers (as
// model/network's TestDeadlockIsDetected).
const (
	openLoop     = "name: loop\narrivals: {to: a, rate: 1}\nstations:\n  - {name: a, service: {dist: exp, mean: 0.1}}\n  - {name: b, service: {dist: exp, mean: 0.1}}\nrouting:\n  a: {b: 1}\n  b: {a: 1}\n"
	deadlockRing = "name: ring\nclasses:\n  - {name: c, population: 4, start: D}\nstations:\n  - {name: D, servers: inf, service: {dist: exp, mean: 1}}\n  - {name: A, service: {dist: exp, mean: 1}, buffer: 2, blocking: after-service}\n  - {name: B, service: {dist: exp, mean: 1}, buffer: 2, blocking: after-service}\nrouting:\n  D: {A: 1}\n  A: {B: 1}\n  B: {A: 0.5, D: 0.5}\n"
)

// TestPercentilesErrorsTranslated: a refusal reads in the page's
// language, part by part, with its numbers the language's way.
func TestPercentilesErrorsTranslated(t *testing.T) {
	h := newTestServer(t, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	upload := func(name, src string) string {
		js, err := json.Marshal(src)
		require.NoError(t, err)
		return fmt.Sprintf(`{"name":%q,"source":%s,"seed":3}`, name, js)
	}
	tests := []struct {
		name, create, query string
		want                map[string]string
	}{
		{"an open network too short", `{"example":"jackson-feedback","seed":1}`, "?duration=10", map[string]string{
			"en": "duration 10 s: not enough data: expects 10 customers, need 300 (10 per batch); lengthen the duration",
			"tr": "süre 10 sn: yeterli veri yok: 10 müşteri bekleniyor, gereken 300 (grup başına 10); süreyi uzatın",
			"uz": "davomiylik 10 s: ma’lumot yetarli emas: 10 mijoz kutiladi, kerak 300 (har guruhga 10); davomiylikni uzaytiring"}},
		{"a closed network too short", `{"example":"terminal","seed":1}`, "?duration=1", map[string]string{
			"en": "duration 1 s: not enough data: 1 customers, need 300 (10 per batch)",
			"tr": "süre 1 sn: yeterli veri yok: 1 müşteri, gereken 300 (grup başına 10)",
			"uz": "davomiylik 1 s: ma’lumot yetarli emas: 1 mijoz, kerak 300 (har guruhga 10)"}},
		{"an open loop", upload("loop.yaml", openLoop), "", map[string]string{
			"en": `network "loop" has no steady state: open-class customers never leave the network: the routing of open classes has a closed loop with no exit`,
			"tr": `"loop" ağının kararlı durumu yok: açık sınıfın müşterileri ağdan hiç ayrılmaz: açık sınıfların yönlendirmesinde çıkışı olmayan kapalı bir döngü var`,
			"uz": `"loop" tarmog‘ining barqaror holati yo‘q: ochiq sinf mijozlari tarmoqdan hech qachon chiqmaydi: ochiq sinflarning yo‘naltirishida chiqishi yo‘q yopiq halqa bor`}},
		{"an unnamed open loop: named by its file", upload("loop.yaml", strings.TrimPrefix(openLoop, "name: loop\n")), "", map[string]string{
			"en": `network in loop.yaml has no steady state: open-class customers never leave the network: the routing of open classes has a closed loop with no exit`,
			"tr": `loop.yaml dosyasındaki ağın kararlı durumu yok: açık sınıfın müşterileri ağdan hiç ayrılmaz: açık sınıfların yönlendirmesinde çıkışı olmayan kapalı bir döngü var`,
			"uz": `loop.yaml faylidagi tarmoqning barqaror holati yo‘q: ochiq sinf mijozlari tarmoqdan hech qachon chiqmaydi: ochiq sinflarning yo‘naltirishida chiqishi yo‘q yopiq halqa bor`}},
		{"an unnamed unstable station", upload("over.yaml", "arrivals: {to: a, rate: 3}\nstations:\n  - {name: a, service: {dist: exp, mean: 1}}\n"), "", map[string]string{
			"en": `network in over.yaml is unstable: station "a" has utilisation ρ = 3 ≥ 1, so its queue grows without bound and no steady state exists`,
			"tr": `over.yaml dosyasındaki ağ kararsız: "a" istasyonunun kullanımı ρ = 3 ≥ 1, bu yüzden kuyruğu sınırsız büyür ve kararlı durum yoktur`,
			"uz": `over.yaml faylidagi tarmoq beqaror: "a" stansiyasining bandligi ρ = 3 ≥ 1, shuning uchun navbati cheksiz o‘sadi va barqaror holat yo‘q`}},
		{"a deadlock", upload("ring.yaml", deadlockRing), "?duration=1000", map[string]string{
			"en": `network "ring" has no steady state: deadlock at 1.68129 s: stations A, B are full and every busy server there holds a customer blocked by another of them, so none can ever move again; raise a buffer in the cycle or lower the population`,
			"tr": `"ring" ağının kararlı durumu yok: 1,68129 sn anında kilitlenme: A, B istasyonları dolu ve oradaki her meşgul sunucu, bir diğerince engellenen bir müşteriyi tutuyor, bu yüzden hiçbiri bir daha ilerleyemez; döngüdeki bir tamponu büyütün ya da nüfusu azaltın`,
			"uz": `"ring" tarmog‘ining barqaror holati yo‘q: 1,68129 s da o‘zaro bloklanish: A, B stansiyalari to‘la va u yerdagi har bir band server boshqasi bloklagan mijozni ushlab turibdi, shuning uchun hech biri boshqa qimirlay olmaydi; halqadagi buferni oshiring yoki populyatsiyani kamaytiring`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := netCreate(t, h, tc.create)
			for _, lang := range []string{"en", "tr", "uz"} {
				req := newReq("GET", "/api/networks/sessions/"+st.ID+"/percentiles"+tc.query, nil)
				req.Header.Set("Accept-Language", lang)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				assert.Equal(t, http.StatusBadRequest, rec.Code, lang)
				var e errorJSON
				require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &e))
				assert.Equal(t, tc.want[lang], e.Error, lang)
			}
		})
	}
}

// TestPercentilesCacheKey: durations written differently ("3000", "3e3",
// " 3000", leading zeros) are one computation and one cache entry, keyed
// on the number, not on the text.
func TestPercentilesCacheKey(t *testing.T) {
	h := newTestServer(t, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	const seed = 7771
	st := netCreate(t, h, fmt.Sprintf(`{"example":"jackson-feedback","seed":%d}`, seed))
	var first []byte
	for _, q := range []string{"3000", "3e3", "%203000", strings.Repeat("0", 1000) + "3000", "3000.0"} {
		code, body := getPercentiles(t, h, st.ID, "?duration="+q)
		require.Equal(t, http.StatusOK, code, "%s: %s", q, body)
		if first == nil {
			first = body
		}
		assert.Equal(t, string(first), string(body), q)
	}
	percentiles.mu.Lock()
	defer percentiles.mu.Unlock()
	entries := 0
	for k := range percentiles.res {
		if k.seed == seed {
			entries++
		}
	}
	assert.Equal(t, 1, entries)
}

// TestPercentilesRefusesBeforeSlot: the refusals that need no solving
// (too short, too many events) answer while another computation holds the
// server's one slot, from a request that would give up waiting for it
// (its context already done: waiting would answer 503). The formulas of a
// file (the exact chain of loss-mmck's one station) are solved once,
// whatever the seed and the duration.
func TestPercentilesRefusesBeforeSlot(t *testing.T) {
	h := newTestServer(t, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	src, err := json.Marshal(flood)
	require.NoError(t, err)
	flooded := netCreate(t, h, `{"name":"flood.yaml","source":`+string(src)+`,"seed":1}`)
	jackson := netCreate(t, h, `{"example":"jackson-feedback","seed":1}`)
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	percentiles.slot <- struct{}{} // a computation under way
	for _, tc := range []struct{ name, id, query, msg string }{
		{"too short", jackson.ID, "?duration=10", "not enough data"},
		{"too many events", flooded.ID, "?duration=1e6", "about 3e+12 events"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, newReq("GET", "/api/networks/sessions/"+tc.id+"/percentiles"+tc.query, nil).WithContext(ended))
		assert.Equal(t, http.StatusBadRequest, rec.Code, "%s: %s", tc.name, rec.Body)
		assert.Contains(t, rec.Body.String(), tc.msg, tc.name)
	}
	<-percentiles.slot

	file, err := os.ReadFile("../examples/networks/loss-mmck.yaml")
	require.NoError(t, err)
	loss := netCreate(t, h, `{"example":"loss-mmck","seed":1}`)
	hash := sha256.Sum256(file)
	percentiles.mu.Lock()
	delete(percentiles.solved, hash)
	percentiles.mu.Unlock()
	run, err := pctPlan(file, "loss-mmck.yaml", 1, 0)
	require.NoError(t, err)
	solved, err := percentiles.formulas(hash, run)
	require.NoError(t, err)
	require.NotEmpty(t, solved)
	for _, q := range []string{"?duration=3000", "?duration=4000"} {
		code, body := getPercentiles(t, h, loss.ID, q)
		require.Equal(t, http.StatusOK, code, "%s", body)
		again, err := percentiles.formulas(hash, run)
		require.NoError(t, err)
		assert.Same(t, &solved[0], &again[0], "kept, not solved again")
	}
}
