package serve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/network"
)

// TestNetworkYAMLRoundTrip writes every catalogue network back as YAML and
// reads it again: the same network.
func TestNetworkYAMLRoundTrip(t *testing.T) {
	files, err := filepath.Glob("../examples/networks/*.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		n, err := network.ParseFile(f)
		require.NoError(t, err, f)
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		out := networkYAML(n, leadingComments(src))
		again, err := network.Parse(f, out)
		require.NoError(t, err, "%s written as\n%s", f, out)
		assert.Equal(t, n, again, "%s written as\n%s", f, out)
	}
}
