package serve

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// TestErrorsTranslated sends the pages' usual mistakes to the real
// systems, the real catalogue networks and the calculator, in each
// language, and reads the error answers: English as the layers wrote it,
// Turkish and Uzbek through the templates with every named value kept.
func TestErrorsTranslated(t *testing.T) {
	srv, err := New([]scenario.System{paymentswitch.System, webservice.System}, Options{Networks: realCatalogue(), OpenNetwork: OpenNetwork})
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	sys := createID(t, srv, "/api/sessions", `{"system":"switch"}`)
	tandem := createID(t, srv, "/api/networks/sessions", `{"example":"tandem.yaml"}`)
	terminal := createID(t, srv, "/api/networks/sessions", `{"example":"terminal.yaml"}`)
	control := "/api/sessions/" + sys + "/control"
	change := func(id string) string { return "/api/networks/sessions/" + id + "/change" }
	for _, tc := range []struct {
		path, body string
		en, tr, uz string
	}{
		{control, `{"control":"servers","value":"0"}`,
			`control servers: invalid value "0": want an integer from 2 to 24`,
			`servers ayarı: geçersiz değer "0": beklenen 2 ile 24 arasında bir tam sayı`,
			`servers sozlamasi: noto‘g‘ri qiymat "0": kutilgan 2 dan 24 gacha butun son`},
		{control, `{"control":"nope","value":"1"}`,
			`unknown control "nope" (valid: servers, shedding, retry, threshold, stepup, issuer-timeout, standin-limit, backlog)`,
			`bilinmeyen ayar "nope" (geçerli: servers, shedding, retry, threshold, stepup, issuer-timeout, standin-limit, backlog)`,
			`noma’lum sozlama "nope" (yaroqli: servers, shedding, retry, threshold, stepup, issuer-timeout, standin-limit, backlog)`},
		{change(tandem), `{"change":"servers first=0"}`,
			`servers first=0: servers of station "first": must be a whole number from 1 to 1000000 (a delay station stays one), got 0`,
			`servers first=0: "first" istasyonunun sunucuları: 1 ile 1.000.000 arasında bir tam sayı olmalı (bir gecikme istasyonu tek kalır), verilen 0`,
			"servers first=0: \"first\" stansiyasining serverlari: 1 dan 1\u00a0000\u00a0000 gacha butun son bo‘lishi kerak (kechikish stansiyasi bitta qoladi), berilgan 0"},
		{change(terminal), `{"change":"population user=-3"}`,
			`population user=-3: population of "user": must be a whole number from 1 to 1000000, got -3`,
			`population user=-3: "user" nüfusu: 1 ile 1.000.000 arasında bir tam sayı olmalı, verilen -3`,
			"population user=-3: \"user\" populyatsiyasi: 1 dan 1\u00a0000\u00a0000 gacha butun son bo‘lishi kerak, berilgan -3"},
		{change(tandem), `{"change":"discipline first=zz"}`,
			`discipline first=zz: discipline of "first": unknown discipline "zz" (valid: fcfs, lcfs-pr, ps, siro, priority, preemptive-priority)`,
			`discipline first=zz: "first" disiplini: bilinmeyen disiplin "zz" (geçerli: fcfs, lcfs-pr, ps, siro, priority, preemptive-priority)`,
			`discipline first=zz: "first" intizomi: noma’lum intizom "zz" (yaroqli: fcfs, lcfs-pr, ps, siro, priority, preemptive-priority)`},
		{"/api/calculator/mmc", `{"params":{"servers":"0","arrival-rate":"1","service-mean":"1"}}`,
			`--servers: must be an integer in [1, 10000000], got "0"`,
			`--servers: [1; 10.000.000] aralığında bir tam sayı olmalı, verilen "0"`,
			"--servers: [1; 10\u00a0000\u00a0000] oralig‘idagi butun son bo‘lishi kerak, berilgan \"0\""},
		{"/api/calculator/mmc", `{"params":{"servers":"2","arrival-rate":"5","service-mean":"1"}}`,
			`unstable queue: offered load a = λ·S = 5 erlangs is not below --servers 2, so the wait grows without bound (lower --arrival-rate or --service-mean, or add servers; mmc-patience and erlang-a model overload)`,
			`kararsız kuyruk: sunulan yük a = λ·S = 5 erlang, --servers 2 değerinin altında değil, bu yüzden bekleme sınırsız büyür (--arrival-rate ya da --service-mean değerini düşürün ya da sunucu ekleyin; aşırı yükü mmc-patience ve erlang-a modeller)`,
			`beqaror navbat: taklif qilingan yuk a = λ·S = 5 erlang --servers 2 dan past emas, shuning uchun kutish cheksiz o‘sadi (--arrival-rate yoki --service-mean ni kamaytiring yoki server qo‘shing; ortiqcha yukni mmc-patience va erlang-a modellaydi)`},
		{"/api/calculator/mmc", `{"params":{}}`,
			`--servers: required, must be an integer in [1, 10000000]`,
			`--servers: gerekli, [1; 10.000.000] aralığında bir tam sayı olmalı`,
			"--servers: majburiy, [1; 10\u00a0000\u00a0000] oralig‘idagi butun son bo‘lishi kerak"},
	} {
		for _, lang := range []struct{ accept, want string }{{"", tc.en}, {"en", tc.en}, {"tr", tc.tr}, {"uz-Latn", tc.uz}} {
			req := newReq("POST", tc.path, strings.NewReader(tc.body))
			req.Header.Set("Accept-Language", lang.accept)
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			assert.GreaterOrEqual(t, rec.Code, 400, tc.body)
			var e errorJSON
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &e), rec.Body.String())
			assert.Equal(t, lang.want, e.Error, "%s %s", lang.accept, tc.body)
		}
	}
}

// A message no template knows stays as written, part by part; an
// answer that is not an error passes untouched.
func TestTranslateErrorUnknownParts(t *testing.T) {
	tr := pageLanguages[1]
	assert.Equal(t, "something new: entirely", translateError(tr, "something new: entirely"))
	assert.Equal(t, `x: "q" bir tam sayı değil`, translateError(tr, `x: "q" is not a whole number`))
	assert.Equal(t, "simülasyon durdu: boom", translateError(tr, "simulation stopped: boom"))
	srv := newTestServer(t, Options{})
	req := newReq("GET", "/api/systems", nil)
	req.Header.Set("Accept-Language", "tr")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	assert.Equal(t, 200, rec.Code)
	assert.Contains(t, rec.Body.String(), `"name":"fake"`)
}

// createID opens a session and returns its id.
func createID(t *testing.T, srv *Server, path, body string) string {
	t.Helper()
	var out struct {
		ID string `json:"id"`
	}
	code := call(t, srv, "POST", path, body, &out)
	require.Equal(t, 201, code, fmt.Sprint(path, body))
	return out.ID
}
