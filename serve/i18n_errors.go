package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// The errors the pages show come from many layers (a control's parser,
// the calculator, the network's checks) as English sentences chained by
// ": " — where, then what ("servers first=0: servers of station "first":
// must be …"). Rather than teach every layer a language, the server
// translates an error answer on its way out: each message of errorTexts
// is a template whose {0}, {1}… stand for the values the error names.
// translateError matches the whole message against the templates (the
// most specific first), translates what the template captured the same
// way, and when no template matches splits off the leading "where: " and
// tries again on the rest. A part no template knows stays English, as
// the error was written. The pages ask for their language with
// Accept-Language on every call.

// errorTemplate is one message of errorTexts with its pattern.
type errorTemplate struct {
	key string
	re  *regexp.Regexp
}

// errorTemplates returns the compiled templates, compiled on the first
// call, not at start-up (every command links this package; compiling them
// cost each command about 25 ms and left their patterns live).
var errorTemplates = sync.OnceValue(func() []errorTemplate {
	return compileErrorTemplates(slices.Concat(errorTexts, networkMessageTexts, sessionNoteTexts, netVerdictTexts, methodTexts, netRefusalTexts, transientRefusalTexts, percentileErrorTexts),
		slices.Concat(errorAlsoKeys, sessionNoteAlso, netVerdictAlso))
})

// compileErrorTemplates turns each template's English into an anchored
// pattern, {i} capturing as little as it can and never a ": " (a value
// is a name, a number or a range, not a chain of reasons); the templates with the
// most literal text come first, so that "must be a whole number from 1
// to {0}…" wins over "must be {0}, got {1}".
func compileErrorTemplates(texts []pageText, also []string) []errorTemplate {
	hole := regexp.MustCompile(`\\\{\d\\\}`)
	out := make([]errorTemplate, 0, len(texts)+len(also))
	keys := append([]string(nil), also...)
	for _, m := range texts {
		keys = append(keys, m.key())
	}
	for _, k := range keys {
		out = append(out, errorTemplate{k, regexp.MustCompile("^" + hole.ReplaceAllString(regexp.QuoteMeta(k), `((?:[^:]|:[^ ])+?)`) + "$")})
	}
	literal := func(k string) int { return len(regexp.MustCompile(`\{\d\}`).ReplaceAllString(k, "")) }
	sort.SliceStable(out, func(i, j int) bool { return literal(out[i].key) > literal(out[j].key) })
	return out
}

// translateError writes msg in tag's language as far as the templates
// know its parts.
func translateError(tag language.Tag, msg string) string {
	if tag == language.English {
		return msg
	}
	cat, _ := pageCatalogue()
	l := errorLocale{message.NewPrinter(tag, message.Catalog(cat)), symbolsOf(tag)}
	return l.part(msg, 0)
}

// errorLocale is what translating an error needs: the catalogue's
// printer of the language and its number symbols.
type errorLocale struct {
	p   *message.Printer
	sym numberSymbols
}

// maxErrorDepth bounds the recursion through captured values and
// "where: " prefixes (an error chains a handful of layers).
const maxErrorDepth = 8

// part translates msg: a bare number or an interval of numbers in the
// language's way (see localNumber), else by the first template that
// matches the whole of it, else as its "where: " head and its rest.
func (l errorLocale) part(msg string, depth int) string {
	if depth > maxErrorDepth || msg == "" {
		return msg
	}
	if s, ok := localNumber(l.sym, msg); ok {
		return s
	}
	if s, ok := localInterval(l.sym, msg); ok {
		return s
	}
	for _, t := range errorTemplates() {
		m := t.re.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		out := l.p.Sprintf(t.key)
		for i := len(m) - 1; i >= 1; i-- { // {10} before {1}
			out = strings.ReplaceAll(out, "{"+strconv.Itoa(i-1)+"}", l.part(m[i], depth+1))
		}
		return out
	}
	if head, rest, ok := strings.Cut(msg, ": "); ok {
		return l.part(head, depth+1) + ": " + l.part(rest, depth+1)
	}
	return msg
}

// errorLanguage translates the error answers of h (status ≥ 400, a JSON
// {"error": …}) into the request's language.
func errorLanguage(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tag := pageLanguage(r)
		if tag == language.English {
			h.ServeHTTP(w, r)
			return
		}
		et := &errorTranslator{ResponseWriter: w, tag: tag}
		h.ServeHTTP(et, r)
		et.finish()
	})
}

// errorTranslator holds back an error answer's body until it is whole;
// other answers pass straight through.
type errorTranslator struct {
	http.ResponseWriter
	tag    language.Tag
	status int
	body   *bytes.Buffer
}

func (e *errorTranslator) WriteHeader(status int) {
	e.status = status
	if status >= 400 && strings.HasPrefix(e.Header().Get("Content-Type"), "application/json") {
		e.body = new(bytes.Buffer)
		e.Header().Del("Content-Length")
		e.Header().Set("Content-Language", e.tag.String())
	}
	e.ResponseWriter.WriteHeader(status)
}

func (e *errorTranslator) Write(b []byte) (int, error) {
	if e.status == 0 {
		e.WriteHeader(http.StatusOK)
	}
	if e.body == nil {
		return e.ResponseWriter.Write(b)
	}
	return e.body.Write(b)
}

// finish writes a held-back error answer, translated; a body that is not
// an error object goes out as it came.
func (e *errorTranslator) finish() {
	if e.body == nil {
		return
	}
	body := e.body.Bytes()
	var v errorJSON
	if err := json.Unmarshal(body, &v); err == nil && v.Error != "" {
		v.Error = translateError(e.tag, v.Error)
		out, _ := json.Marshal(v) // a struct of one string: cannot fail
		body = append(out, '\n')
	}
	_, _ = e.ResponseWriter.Write(body) // the client has gone: nothing to do
}
