package serve

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// analyticMethodConstants reads the analytic package's source and returns
// the value of every string constant whose name starts with "Method" (the
// names SolveNetwork writes in NetMetric.Method), so that a method added
// there is checked here without anyone listing it by hand.
func analyticMethodConstants(t *testing.T) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, "../analytic", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	require.NoError(t, err)
	require.Contains(t, pkgs, "analytic")
	out := map[string]string{}
	for _, f := range pkgs["analytic"].Files {
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, name := range spec.Names {
				if !strings.HasPrefix(name.Name, "Method") || i >= len(spec.Values) {
					continue
				}
				lit, ok := spec.Values[i].(*ast.BasicLit)
				require.True(t, ok && lit.Kind == token.STRING, "analytic.%s is not a string literal: read it some other way", name.Name)
				v, err := strconv.Unquote(lit.Value)
				require.NoError(t, err, name.Name)
				out[name.Name] = v
			}
			return true
		})
	}
	return out
}

// methodWordRe finds a word of a method's name that needs translating: a
// lower-case word of two letters or more ("exact", "approximation",
// "branch"). A name without one (Erlang C, M/M/c/K, QNA (Whitt 1983),
// Bard-Schweitzer AMVA) is proper names and notation only, and the page
// shows it as it is in every language.
var methodWordRe = regexp.MustCompile(`(?:^|[^\p{L}])(\p{Ll}{2,})`)

// TestMethodNamesTranslated fails when a method name the network page can
// show (a Method… constant of analytic, or a name SolveNetwork returns for
// one of the examples, composed names such as "mixed MVA (Linearizer)"
// included) has words in it and no entry in the catalogue: the page would
// show it in English (tm falls back to the English text).
func TestMethodNamesTranslated(t *testing.T) {
	have := map[string]pageText{}
	for _, m := range allPageTexts() {
		have[m.key()] = m
	}
	consts := analyticMethodConstants(t)
	require.GreaterOrEqual(t, len(consts), 25, "the analytic package's Method constants were found")
	names := map[string]string{}
	for c, v := range consts {
		names[v] = "analytic." + c
	}
	for _, ex := range requireCatalogueRuns(t) {
		for _, f := range ex.formulas {
			if _, ok := names[f.Method]; !ok {
				names[f.Method] = "SolveNetwork on " + ex.name
			}
		}
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	for _, n := range sorted {
		if methodWordRe.MatchString(n) {
			m, ok := have[n]
			if assert.True(t, ok, "method %q (%s) has words and no methodTexts entry", n, names[n]) {
				assert.NotEqual(t, m.En, m.Tr, "method %q: Turkish is the English", n)
				assert.NotEqual(t, m.En, m.Uz, "method %q: Uzbek is the English", n)
			}
		}
	}
}

// TestMethodWordRe pins which names count as notation only.
func TestMethodWordRe(t *testing.T) {
	for name, words := range map[string]bool{
		"Erlang C": false, "M/M/c/K": false, "QNA (Whitt 1983)": false, "Bard-Schweitzer AMVA": false,
		"M/G/∞": false, "M/M/c+D": false, "Erlang B (M/G/K/K)": false,
		"exact MVA": true, "birth-death": true, "M/M/1 (one branch)": true, "M_t/G/∞ (infinite server)": true,
		"Nelson-Tantawi approximation": true,
	} {
		assert.Equal(t, words, methodWordRe.MatchString(name), name)
	}
}

// TestMeasureNamesLabelled fails when a measure the network table can
// show for one of the examples (an estimate of the simulation after a
// short run, or a formula of analytic) has no label in network.js's NAMES
// (the table would show the raw name, p_balk, in every language); the
// labels themselves are catalogue keys (TestCatalogueComplete).
func TestMeasureNamesLabelled(t *testing.T) {
	src, err := fs.ReadFile(staticFiles, "static/network.js")
	require.NoError(t, err)
	block := regexp.MustCompile(`(?s)const NAMES = \{(.*?)\};`).FindSubmatch(src)
	require.NotNil(t, block, "network.js has its NAMES table")
	labelled := map[string]bool{}
	for _, m := range regexp.MustCompile(`(\w+): "`).FindAllSubmatch(block[1], -1) {
		labelled[string(m[1])] = true
	}
	require.True(t, labelled["mean_in_system"], "NAMES was read")
	shown := map[string]string{}
	for _, ex := range requireCatalogueRuns(t) {
		for _, e := range ex.estimates {
			shown[e.Name] = ex.name
		}
		for _, f := range ex.formulas {
			shown[f.Name] = ex.name
		}
	}
	require.Contains(t, shown, "p_balk", "the balking example's measure was seen")
	for name, ex := range shown {
		assert.True(t, labelled[name], "measure %q (%s) has no label in network.js's NAMES", name, ex)
	}
}
