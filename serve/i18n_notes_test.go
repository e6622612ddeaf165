package serve

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/language"

	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// The notes a systems-page session writes while it runs (an action the
// model refused, the formula twin's trouble, the end of the longest run)
// come back in each language, numbers written the language's way and
// every named value kept.
func TestSessionNotesTranslated(t *testing.T) {
	for _, tc := range []struct{ en, tr, uz string }{
		{`minute 3: db=pooled not applied: control db: the database's layout is fixed once the run has started (set it at 0m)`,
			`3. dakika: db=pooled uygulanmadı: db ayarı: veritabanının düzeni çalıştırma başladıktan sonra sabittir (0m'de ayarlayın)`,
			`3-daqiqa: db=pooled qo‘llanmadi: db sozlamasi: ma’lumotlar bazasining tuzilishi ishga tushirish boshlangandan keyin o‘zgarmaydi (uni 0m da o‘rnating)`},
		{`minute 12: formula twin: servers=30: control servers: invalid value "30": want an integer from 2 to 24`,
			`12. dakika: formül ikizi: servers=30: servers ayarı: geçersiz değer "30": beklenen 2 ile 24 arasında bir tam sayı`,
			`12-daqiqa: formula egizagi: servers=30: servers sozlamasi: noto‘g‘ri qiymat "30": kutilgan 2 dan 24 gacha butun son`},
		{`stopped: a session runs at most 1440 minutes`,
			`durdu: bir oturum en çok 1.440 dakika çalışır`,
			"to‘xtadi: sessiya ko‘pi bilan 1\u00a0440 daqiqa ishlaydi"},
		{`no formula twin: boom`, `formül ikizi yok: boom`, `formula egizagi yo‘q: boom`},
		{`viral surge starts (×2.2)`, `viral yoğunluk başlar (×2,2)`, `tez tarqalish to‘lqini boshlanadi (×2,2)`},
		{`simulation stopped: internal error in the model: index out of range`,
			`simülasyon durdu: modelde iç hata: index out of range`,
			`simulyatsiya to‘xtadi: modeldagi ichki xato: index out of range`},
	} {
		assert.Equal(t, []string{tc.en}, localMessages(language.English, []string{tc.en}), "English stays as written")
		assert.Equal(t, []string{tc.tr}, localMessages(language.Turkish, []string{tc.en}))
		assert.Equal(t, []string{tc.uz}, localMessages(language.Uzbek, []string{tc.en}))
	}
}

// A replay whose plan changes the web service's database layout after
// minute 0 gets the model's refusal as a note, in the language the page
// asks for.
func TestSessionStateNotesInLanguage(t *testing.T) {
	srv, err := New([]scenario.System{webservice.System}, Options{})
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	st := create(t, srv, fmt.Sprintf(`{"system":"web","scenario":%q,"seed":1,"at":["1m:db=pooled"]}`, webservice.System.Scenarios[0].Name))
	require.Equal(t, http.StatusAccepted, call(t, srv, "POST", "/api/sessions/"+st.ID+"/step", "", nil))
	require.Equal(t, http.StatusAccepted, call(t, srv, "POST", "/api/sessions/"+st.ID+"/step", "", nil))
	got := waitFor(t, srv, "/api/sessions/"+st.ID+"/state", func(s testState) bool { return s.Minute >= 2 && len(s.Messages) > 0 },
		func(s testState) string { return fmt.Sprintf("no note by minute %d: %q", s.Minute, s.Messages) })
	require.Equal(t, `minute 1: db=pooled not applied: control db: the database's layout is fixed once the run has started (set it at 0m)`, got.Messages[0])
	for _, tc := range []struct{ lang, want string }{
		{"tr", `1. dakika: db=pooled uygulanmadı: db ayarı: veritabanının düzeni çalıştırma başladıktan sonra sabittir (0m'de ayarlayın)`},
		{"uz", `1-daqiqa: db=pooled qo‘llanmadi: db sozlamasi: ma’lumotlar bazasining tuzilishi ishga tushirish boshlangandan keyin o‘zgarmaydi (uni 0m da o‘rnating)`},
	} {
		req := newReq("GET", "/api/sessions/"+st.ID+"/state", nil)
		req.Header.Set("Accept-Language", tc.lang)
		var s testState
		require.Equal(t, http.StatusOK, serveJSON(t, srv, req, &s))
		require.NotEmpty(t, s.Messages)
		assert.Equal(t, tc.want, s.Messages[0], tc.lang)
	}
}
