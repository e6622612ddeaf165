package serve

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNetParetoPage (issue 19.3): on the live page, a network whose
// service has infinite variance keeps its exact throughput and
// utilisation, and its infinite means say "no finite limit" — never a
// verdict against +Inf, never a JSON error.
func TestNetParetoPage(t *testing.T) {
	src := []byte("name: pareto\narrivals: {to: a, rate: 0.5}\nstations:\n  - name: a\n    service: {dist: pareto, mean: 1, alpha: 1.8}\n")
	l, err := OpenNetwork("pareto.yaml", src, 1)
	require.NoError(t, err)
	require.NoError(t, l.RunUntil(50_000))
	rows := netRows(l.Estimates(), l.Analytic(), 1)
	_, err = json.Marshal(rows)
	require.NoError(t, err)
	texts := map[string]string{}
	for _, r := range rows {
		if r.Station == "a" && r.Class == "" {
			texts[r.Name] = r.Text
		}
	}
	assert.Equal(t, "no finite limit: the mean is infinite", texts["mean_wait"])
	assert.Contains(t, texts["throughput"], "agrees")
}
