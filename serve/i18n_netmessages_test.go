package serve

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/language"
)

// The notes a network session writes while it runs come back in each
// language with every value kept, numbers written the language's way
// (1,5 and 100.000 in Turkish, as in the other translated errors), the
// reason of a refused change translated too.
func TestNetworkMessagesTranslated(t *testing.T) {
	for _, tc := range []struct{ en, tr, uz string }{
		{`t = 1.5 s: servers gpu=2 not applied: unknown station "gpu" (valid: cpu, disk)`,
			`t = 1,5 sn: servers gpu=2 uygulanmadı: bilinmeyen istasyon "gpu" (geçerli: cpu, disk)`,
			`t = 1,5 s: servers gpu=2 qo‘llanmadi: noma’lum stansiya "gpu" (yaroqli: cpu, disk)`},
		{`paused at t = 42.25 s: 100001 customers in the network (more than 100000, this session's memory budget) — a queue is growing without bound; restart, or change the network, to run on`,
			`t = 42,25 sn'de duraklatıldı: ağda 100.001 müşteri var (100.000 sayısından fazla, bu oturumun bellek bütçesi) — bir kuyruk sınırsız büyüyor; devam etmek için yeniden başlatın ya da ağı değiştirin`,
			"t = 42,25 s da to‘xtatildi: tarmoqda 100\u00a0001 mijoz bor (100\u00a0000 dan ko‘p, bu sessiyaning xotira byudjeti) — navbat cheksiz o‘smoqda; davom etish uchun qaytadan boshlang yoki tarmoqni o‘zgartiring"},
	} {
		got := localMessages(language.English, []string{tc.en})
		assert.Equal(t, []string{tc.en}, got, "English stays as written")
		assert.Equal(t, []string{tc.tr}, localMessages(language.Turkish, []string{tc.en}))
		assert.Equal(t, []string{tc.uz}, localMessages(language.Uzbek, []string{tc.en}))
	}
}

// A change the live network refuses reaches the messages list of the
// state in the language the page asks for.
func TestNetworkStateMessagesInLanguage(t *testing.T) {
	srv := newNetServer(t, Options{})
	st := netCreate(t, srv, `{"example":"fake.yaml","seed":1}`)
	require.Equal(t, http.StatusAccepted, call(t, srv, "POST", "/api/networks/sessions/"+st.ID+"/change", `{"change":"servers gpu=2"}`, nil))
	st = netWait(t, srv, st.ID, "the refusal", func(s netTestState) bool { return len(s.Messages) > 0 && !s.Running })
	m := regexp.MustCompile(`^t = (\S+) s: servers gpu=2 not applied: unknown station "gpu" \(valid: cpu, disk\)$`).FindStringSubmatch(st.Messages[0])
	require.NotNil(t, m, st.Messages[0])
	for _, tc := range []struct{ lang, want string }{
		{"tr", "t = " + strings.Replace(m[1], ".", ",", 1) + ` sn: servers gpu=2 uygulanmadı: bilinmeyen istasyon "gpu" (geçerli: cpu, disk)`},
		{"uz", "t = " + strings.Replace(m[1], ".", ",", 1) + ` s: servers gpu=2 qo‘llanmadi: noma’lum stansiya "gpu" (yaroqli: cpu, disk)`},
	} {
		req := newReq("GET", "/api/networks/sessions/"+st.ID+"/state", nil)
		req.Header.Set("Accept-Language", tc.lang)
		var got netTestState
		require.Equal(t, http.StatusOK, serveJSON(t, srv, req, &got))
		require.NotEmpty(t, got.Messages)
		assert.Equal(t, tc.want, got.Messages[0], tc.lang)
	}
}
