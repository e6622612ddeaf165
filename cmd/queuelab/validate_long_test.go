//go:build long

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValidateQuickCLI runs `queuelab validate --quick --json --report`
// end to end (the same catalogue as validate's TestQuickCatalogue, about
// a minute of CPU; long tag).
func TestValidateQuickCLI(t *testing.T) {
	report := filepath.Join(t.TempDir(), "report.html")
	code, out, errOut := runCapture3(t, "validate", "--quick", "--json", "--report", report)
	require.Equal(t, 0, code, errOut)
	assert.Empty(t, errOut, "no progress bar when stderr is not a terminal")
	var v struct {
		Failed int `json:"failed"`
		Checks []struct {
			Verdict string `json:"verdict"`
		} `json:"checks"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Zero(t, v.Failed)
	assert.NotEmpty(t, v.Checks)
	b, err := os.ReadFile(report)
	require.NoError(t, err)
	assert.Contains(t, string(b), "<table>")
}
