package serve

import (
	"net/http"
	"strings"
	"sync"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
	"golang.org/x/text/number"
)

// The live pages speak English, Turkish (the payment switch's original
// language) and Uzbek (the web service's), Latin script. Every visible
// string of the pages is a message of one catalogue (golang.org/x/text's
// catalog.Builder) keyed by its English text, the way gettext keys a
// message by its msgid; the server sends a page the messages of its
// language as JSON, with the language's number symbols, and the page
// writes everything through them. A message may use {0}, {1}… for the
// values the page fills in.

// pageLanguages are the languages of the pages, the default first.
var pageLanguages = []language.Tag{language.English, language.Turkish, language.Uzbek}

// languageNames are the switcher's labels, each in its own language.
var languageNames = map[string]string{"en": "English", "tr": "Türkçe", "uz": "Oʻzbekcha"}

var pageMatcher = language.NewMatcher(pageLanguages)

// pageText is one message in every language: En is also its key unless
// Key is set (a text of a model whose English the page words differently
// for students).
type pageText struct {
	Key        string
	En, Tr, Uz string
}

func (m pageText) key() string {
	if m.Key != "" {
		return m.Key
	}
	return m.En
}

// pageCatalogue returns the catalogue of every message of pageTexts and
// the keys in order, built on the first call rather than at start-up:
// every queuelab command links this package, and what init builds stays
// live, to be marked by each cycle of the collector (a sweep runs many).
var pageCatalogue = sync.OnceValues(func() (*catalog.Builder, []string) { return buildCatalogue(allPageTexts()) })

// allPageTexts gathers the message tables of the pages and the models.
func allPageTexts() []pageText {
	var all []pageText
	for _, part := range [][]pageText{chromeTexts, systemsPageTexts, networkPageTexts, modelTexts, indicatorTexts, classroomTexts, lessonTexts, docTexts, errorTexts, whyTexts, guideTexts, calculatorTexts, calculatorParamTexts, calculatorOutputTexts, networkMessageTexts, sessionNoteTexts, netVerdictTexts, methodTexts, playbookTexts, featurePageTexts, netRefusalTexts, transientPageTexts, transientRefusalTexts, networkLessonTexts(), percentilePageTexts, percentileErrorTexts} {
		all = append(all, part...)
	}
	return all
}

// buildCatalogue enters each message in each language. A message's %
// signs are doubled: the catalogue's messages are formats.
func buildCatalogue(texts []pageText) (*catalog.Builder, []string) {
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	keys := make([]string, 0, len(texts))
	esc := strings.NewReplacer("%", "%%")
	for _, m := range texts {
		k := m.key()
		keys = append(keys, k)
		for _, tr := range []struct {
			tag  language.Tag
			text string
		}{{language.English, m.En}, {language.Turkish, m.Tr}, {language.Uzbek, m.Uz}} {
			if tr.text == "" {
				continue // missing: TestCatalogueComplete says which
			}
			// SetString fails only for a malformed tag or message; the
			// tags are constants and the messages plain strings.
			if err := b.SetString(tr.tag, k, esc.Replace(tr.text)); err != nil {
				panic("serve: catalogue: " + err.Error())
			}
		}
	}
	return b, keys
}

// pageLanguage picks the page's language: ?lang= when it names one of
// pageLanguages, else the best match of the Accept-Language header, else
// English.
func pageLanguage(r *http.Request) language.Tag {
	if q := r.URL.Query().Get("lang"); q != "" {
		if t, err := language.Parse(q); err == nil {
			if _, i, c := pageMatcher.Match(t); c != language.No {
				return pageLanguages[i]
			}
		}
	}
	tags, _, err := language.ParseAcceptLanguage(r.Header.Get("Accept-Language"))
	if err != nil || len(tags) == 0 {
		return language.English
	}
	_, i, c := pageMatcher.Match(tags...)
	if c == language.No {
		return language.English
	}
	return pageLanguages[i]
}

// numberSymbols are a language's decimal and group separators and its
// percent pattern ("{n} %" style, {n} the number), as CLDR has them.
type numberSymbols struct {
	Decimal string `json:"decimal"`
	Group   string `json:"group"`
	Percent string `json:"percent"`
}

// symbolsOf reads tag's number symbols off x/text's own formatting of
// 1234.5 and of 98 %.
func symbolsOf(tag language.Tag) numberSymbols {
	p := message.NewPrinter(tag)
	s := []rune(p.Sprint(number.Decimal(1234.5, number.MinFractionDigits(1))))
	// "1,234.5": the separator after the 1 and the one before the 5.
	sym := numberSymbols{Group: string(s[1]), Decimal: string(s[len(s)-2])}
	sym.Percent = strings.Replace(p.Sprint(number.Percent(0.98)), "98", "{n}", 1)
	return sym
}

// i18nJSON is GET /api/i18n: the page's language, the languages offered,
// the messages and the number symbols.
type i18nJSON struct {
	Lang      string            `json:"lang"`
	Languages []languageJSON    `json:"languages"`
	Text      map[string]string `json:"text"`
	Number    numberSymbols     `json:"number"`
}

type languageJSON struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// messagesOf renders every message of the catalogue in tag.
func messagesOf(tag language.Tag) map[string]string {
	cat, keys := pageCatalogue()
	p := message.NewPrinter(tag, message.Catalog(cat))
	out := make(map[string]string, len(keys))
	for _, k := range keys {
		out[k] = p.Sprintf(k)
	}
	return out
}

func handleI18n(w http.ResponseWriter, r *http.Request) {
	tag := pageLanguage(r)
	base, _ := tag.Base()
	out := i18nJSON{Lang: base.String(), Text: messagesOf(tag), Number: symbolsOf(tag)}
	for _, t := range pageLanguages {
		b, _ := t.Base()
		out.Languages = append(out.Languages, languageJSON{b.String(), languageNames[b.String()]})
	}
	w.Header().Set("Vary", "Accept-Language")
	writeJSON(w, http.StatusOK, out)
}
