package network

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/dist"
)

// TestYAMLRoundTrip writes every example network (and one changed while
// running) and parses it back to the same network.
func TestYAMLRoundTrip(t *testing.T) {
	files, err := filepath.Glob("../../examples/networks/*.yaml")
	require.NoError(t, err)
	nets := []*Network{}
	for _, f := range files {
		n, err := ParseFile(f)
		require.NoError(t, err, f)
		nets = append(nets, n)
	}
	sw, err := Parse("sw.yaml", []byte(goodFile))
	require.NoError(t, err)
	nets = append(nets, sw)
	s, err := New(nets[0], Options{Seed: 1})
	require.NoError(t, err)
	require.NoError(t, s.SetService(nets[0].Stations[0].Name, "", dist.Of(dist.Empirical{Values: []float64{0.1, 0.25}})))
	nets = append(nets, s.Network())
	for _, n := range nets {
		out, err := n.YAML()
		require.NoError(t, err, n.Name)
		back, err := Parse("out.yaml", out)
		require.NoError(t, err, "%s\n%s", n.Name, out)
		assert.Equal(t, noLines(n), noLines(back), "%s\n%s", n.Name, out)
	}
}
