package serve

import (
	"encoding/json"
	"html"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/language"

	"queuelab/examples/networks"
	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// TestCatalogueComplete fails when a message lacks a language, when a key
// is entered twice, or when a page or a model shows a string the
// catalogue does not have.
func TestCatalogueComplete(t *testing.T) {
	have := map[string]bool{}
	for _, m := range allPageTexts() {
		k := m.key()
		assert.False(t, have[k], "message %q entered twice", k)
		have[k] = true
		for lang, text := range map[string]string{"en": m.En, "tr": m.Tr, "uz": m.Uz} {
			assert.NotEmpty(t, text, "message %q has no %s translation", k, lang)
		}
	}
	for _, k := range pageKeys(t) {
		assert.True(t, have[k], "the pages show %q, which the catalogue lacks", k)
	}
	for _, k := range modelKeys(t) {
		assert.True(t, have[k], "a model shows %q, which the catalogue lacks", k)
	}
	for _, ex := range networks.Catalogue() {
		for _, k := range []string{ex.Title, ex.Lesson} {
			assert.True(t, have[k], "the network page shows %q (%s), which the catalogue lacks", k, ex.Name)
		}
	}
}

var (
	tagRe    = regexp.MustCompile(`<[a-z0-9]+\b([^>]*)>([^<]*)`)
	attrRe   = regexp.MustCompile(`([a-z-]+)(?:="([^"]*)")?`)
	tCallRe  = regexp.MustCompile(`\b(?:t|tr_)\("((?:[^"\\]|\\.)*)"`)
	keyLists = regexp.MustCompile(`(?s)// i18n keys:.*?\n(.*?)\n\n`)
	quoted   = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
)

// pageKeys collects the keys the static pages use: the text of elements
// marked data-i18n, the titles and labels marked data-i18n-title and
// data-i18n-label, the literal keys of t("…") calls, and the strings of
// the lists a script marks with a "// i18n keys:" comment (keys chosen at
// run time).
func pageKeys(t *testing.T) []string {
	t.Helper()
	var keys []string
	err := fs.WalkDir(staticFiles, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(staticFiles, path)
		if err != nil {
			return err
		}
		src := string(b)
		switch {
		case strings.HasSuffix(path, ".html"):
			for _, m := range tagRe.FindAllStringSubmatch(src, -1) {
				attrs := map[string]string{}
				for _, a := range attrRe.FindAllStringSubmatch(m[1], -1) {
					attrs[a[1]] = html.UnescapeString(a[2])
				}
				if _, ok := attrs["data-i18n"]; ok {
					keys = append(keys, strings.TrimSpace(html.UnescapeString(m[2])))
				}
				if _, ok := attrs["data-i18n-title"]; ok {
					keys = append(keys, attrs["title"])
				}
				if _, ok := attrs["data-i18n-label"]; ok {
					keys = append(keys, attrs["aria-label"])
				}
			}
		case strings.HasSuffix(path, ".js"):
			for _, m := range tCallRe.FindAllStringSubmatch(src, -1) {
				keys = append(keys, strings.ReplaceAll(m[1], `\"`, `"`))
			}
			for _, l := range keyLists.FindAllStringSubmatch(src, -1) {
				for _, q := range quoted.FindAllStringSubmatch(l[1], -1) {
					keys = append(keys, q[1])
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, len(keys), 150, "the pages' keys were found")
	return keys
}

// modelKeys collects what the models show on the systems page and the
// catalogue translates: titles, stories, goals, indicator labels, the
// picture's names and the scenario events of every scenario run to its
// end (seed 1, the formula twin, which has the des engine's columns and
// events).
func modelKeys(t *testing.T) []string {
	t.Helper()
	var keys []string
	for _, sys := range []scenario.System{paymentswitch.System, webservice.System} {
		keys = append(keys, sys.Title)
		for _, c := range sys.Controls {
			keys = appendSome(keys, c.Help)
		}
		for _, sc := range sys.Scenarios {
			keys = append(keys, sc.Title, sc.Story)
			keys = appendSome(keys, sc.Lesson)
			for _, g := range sc.Goals {
				keys = append(keys, g.Name)
			}
			// The formula twin has the same columns and events, and is fast.
			e, err := sys.New(scenario.Formula, sc.Name, 1)
			require.NoError(t, err)
			for _, c := range e.Columns() {
				keys = appendSome(append(keys, c.Label), c.Doc)
			}
			for e.Minute() < sc.Minutes {
				e.Step()
			}
			if ev, ok := e.(scenario.Evented); ok {
				for _, m := range ev.Events() {
					// A label with a number drawn from the seed ("viral surge
					// starts (×2.2)") is a template the server translates
					// (sessionNoteTexts); every other label is a key.
					if translateError(language.Turkish, m.Label) == m.Label || translateError(language.Uzbek, m.Label) == m.Label {
						keys = append(keys, m.Label)
					}
				}
			}
		}
		e, err := sys.New(scenario.DES, sys.Scenarios[0].Name, 1)
		require.NoError(t, err)
		e.Step()
		if p, ok := e.(scenario.Pictured); ok {
			pic := p.Picture()
			for _, g := range pic.Groups {
				keys = append(keys, g.Name)
			}
			for _, g := range pic.Gauges {
				keys = append(keys, g.Name)
			}
		}
	}
	return keys
}

// appendSome appends the texts a model wrote (a lesson, a definition, a
// help may be absent).
func appendSome(keys []string, texts ...string) []string {
	for _, s := range texts {
		if s != "" {
			keys = append(keys, s)
		}
	}
	return keys
}

// The language comes from ?lang=, else Accept-Language, else English; the
// messages and number symbols are the language's.
func TestI18nEndpoint(t *testing.T) {
	srv := newTestServer(t, Options{})
	for _, tc := range []struct {
		query, accept, lang, goals, decimal, percent string
	}{
		{"", "", "en", "Goals", ".", "{n}%"},
		{"?lang=tr", "", "tr", "Hedefler", ",", "%{n}"},
		{"?lang=uz", "tr", "uz", "Maqsadlar", ",", "{n}%"},
		{"", "tr-TR,tr;q=0.9,en;q=0.5", "tr", "Hedefler", ",", "%{n}"},
		{"", "uz-Latn-UZ", "uz", "Maqsadlar", ",", "{n}%"},
		{"", "de-DE,de;q=0.9", "en", "Goals", ".", "{n}%"},
		{"?lang=xx-nonsense", "tr", "tr", "Hedefler", ",", "%{n}"},
	} {
		req := newReq("GET", "/api/i18n"+tc.query, nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Language", tc.accept)
		}
		var out i18nJSON
		code := serveJSON(t, srv, req, &out)
		require.Equal(t, http.StatusOK, code)
		assert.Equal(t, tc.lang, out.Lang, tc.query+" "+tc.accept)
		assert.Equal(t, tc.goals, out.Text["Goals"])
		assert.Equal(t, tc.decimal, out.Number.Decimal)
		assert.Equal(t, tc.percent, out.Number.Percent)
		assert.Len(t, out.Languages, 3)
	}
	var tr i18nJSON
	serveJSON(t, srv, newReq("GET", "/api/i18n?lang=tr", nil), &tr)
	assert.Equal(t, "simüle ± %95", tr.Text["simulated ± 95 %"], "% signs survive the catalogue's formats")
	assert.Equal(t, "{1} hedeften {0} tanesi tuttu — başka bir oyun kitabı deneyin.", tr.Text["{0} of {1} goals met — try another playbook."])
	assert.Equal(t, ".", tr.Number.Group)
}

// serveJSON serves req and decodes its JSON answer into out.
func serveJSON(t *testing.T, h http.Handler, req *http.Request, out any) int {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), out), rec.Body.String())
	return rec.Code
}
