package network

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStationLine: the line of a station's definition, in flow or block
// style; 0 for a station the file lacks, or a file that cannot be read.
func TestStationLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "net.yaml")
	require.NoError(t, os.WriteFile(path, []byte(`arrivals: {to: a, rate: 0.4}
stations:
  - {name: a, service: {dist: exp, mean: 1}}
  - name: d
    service: {dist: exp, mean: 1}
routing:
  a: {d: 1}
`), 0o600))
	assert.Equal(t, 3, StationLine(path, "a"))
	assert.Equal(t, 4, StationLine(path, "d"))
	assert.Equal(t, 0, StationLine(path, "x"))
	assert.Equal(t, 0, StationLine(filepath.Join(t.TempDir(), "none.yaml"), "a"))
}
