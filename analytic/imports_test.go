package analytic

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
)

// TestImportsStayLow keeps analytic's contract (see the package doc): its
// non-test files import the standard library, its own subpackages and the
// vocabulary leaf des/queueing, nothing else of queuelab or outside.
func TestImportsStayLow(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	sub, err := filepath.Glob("*/*.go")
	require.NoError(t, err)
	for _, f := range append(files, sub...) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		require.NoError(t, err)
		for _, imp := range parsed.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			require.NoError(t, err)
			first, _, _ := strings.Cut(path, "/")
			allowed := !strings.Contains(first, ".") && first != "queuelab" ||
				path == "queuelab/des/queueing" || strings.HasPrefix(path, "queuelab/analytic/")
			assert.True(t, allowed, "%s imports %s", f, path)
		}
	}
}

// TestEveryDisciplineHasAChain: every discipline of package queueing maps
// to its behaviour in the exact CTMC (one table, ctmcDisciplines), so a
// discipline added there cannot reach the chain without one.
func TestEveryDisciplineHasAChain(t *testing.T) {
	all := queueing.Disciplines()
	require.Len(t, ctmcDisciplines, len(all))
	for _, d := range all {
		assert.NotNil(t, ctmcDisciplines[d], "%v", d)
	}
}
