package calculator

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEvaluate(t *testing.T) {
	f, ok := Lookup("erlang-c")
	require.True(t, ok)
	_, outs, err := f.Evaluate(map[string]string{"servers": "10", "load": "8"})
	require.NoError(t, err)
	require.Len(t, outs, 1)
	assert.InDelta(t, 0.40918, outs[0].Value, 5e-6, "C(10, 8), Erlang C tables")

	for _, tc := range []struct {
		name  string
		given map[string]string
		err   string
	}{
		{"missing", map[string]string{"servers": "10"}, "--load: required, must be a number ≥ 0"},
		{"unknown", map[string]string{"servers": "10", "load": "1", "lod": "2"}, `erlang-c: unknown parameter "lod"`},
		{"unstable", map[string]string{"servers": "4", "load": "4"}, "--load: must be below --servers 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := f.Evaluate(tc.given)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
			assert.True(t, IsInputError(err))
		})
	}
	_, ok = Lookup("nope")
	assert.False(t, ok)
}

// TestEveryFormulaListed checks that both listings name every formula.
func TestEveryFormulaListed(t *testing.T) {
	var list, js bytes.Buffer
	require.NoError(t, List(&list))
	require.NoError(t, ListJSON(&js))
	for _, f := range All() {
		assert.Contains(t, list.String(), "\n"+f.Name+" — ")
		assert.Contains(t, js.String(), `"name": "`+f.Name+`"`)
		assert.NotEmpty(t, f.Params, f.Name)
	}
}
