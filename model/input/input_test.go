package input

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testControls = []Control{
	{Name: "servers", Kind: Int, Min: 2, Max: 24},
	{Name: "threshold", Kind: Float, Min: 0, Max: 6},
	{Name: "shed-low", Kind: Percent, Min: 0, Max: 1},
	{Name: "shedding", Kind: Switch},
	{Name: "retry", Kind: Enum, Choices: []string{"immediate", "backoff"}},
	{Name: "issuer-timeout", Kind: Duration, Min: 0.1, Max: 60},
	{Name: "rollback", Kind: Press},
}

func TestControlParse(t *testing.T) {
	tests := []struct {
		control, raw string
		want         float64
		err          string
	}{
		{"servers", "10", 10, ""},
		{"servers", "1", 0, "want an integer from 2 to 24"},
		{"servers", "2.5", 0, "want an integer from 2 to 24"},
		{"servers", "NaN", 0, "invalid value"},
		{"threshold", "2.2", 2.2, ""},
		{"threshold", "-1", 0, "from 0 to 6"},
		{"shed-low", "20%", 0.2, ""},
		{"shed-low", "20 %", 0.2, ""},
		{"shed-low", "150", 0, "from 0 % to 100 %"},
		{"shedding", "on", 1, ""},
		{"shedding", "OFF", 0, ""},
		{"shedding", "maybe", 0, "want on or off"},
		{"retry", "backoff", 1, ""},
		{"retry", "later", 0, "one of immediate, backoff"},
		{"issuer-timeout", "2s", 2, ""},
		{"issuer-timeout", "250ms", 0.25, ""},
		{"issuer-timeout", "3", 3, ""},
		{"issuer-timeout", "2h", 0, "duration from 100ms to 1m0s"},
		{"issuer-timeout", "soon", 0, "invalid value \"soon\""},
		{"rollback", "press", 1, ""},
		{"rollback", "off", 0, "want press"},
	}
	for _, tt := range tests {
		c, err := Find(testControls, tt.control)
		require.NoError(t, err)
		v, err := c.Parse(tt.raw)
		if tt.err != "" {
			assert.ErrorContains(t, err, tt.err, "%s=%s", tt.control, tt.raw)
			assert.ErrorContains(t, err, tt.control)
			continue
		}
		require.NoError(t, err, "%s=%s", tt.control, tt.raw)
		assert.InDelta(t, tt.want, v.Num, 1e-12, "%s=%s", tt.control, tt.raw)
	}
	_, err := Find(testControls, "sevrers")
	assert.ErrorContains(t, err, `unknown control "sevrers" (valid: servers, threshold`)
}

func TestValueTyped(t *testing.T) {
	v, err := Control{Name: "d", Kind: Duration, Min: 0, Max: 600}.Parse("8m")
	require.NoError(t, err)
	assert.Equal(t, 8*time.Minute, v.Duration())
	assert.Equal(t, 480.0, v.Seconds())
}

func TestReadInputRefusesLargeFiles(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.yaml")
	require.NoError(t, os.WriteFile(small, []byte("- at: 5m\n  set: {servers: 3}\n"), 0o644))
	big := filepath.Join(dir, "big.yaml")
	require.NoError(t, os.WriteFile(big, make([]byte, MaxInputFile+1), 0o644))

	tests := []struct {
		name, path string
		limit      int64
		want       string // "" = no error
	}{
		{"small file", small, 0, ""},
		{"one byte over the default", big, 0, "big.yaml: the file is larger than the 1 MiB limit for an input file (it has 1048577 bytes)"},
		{"a custom limit", small, 10, "small.yaml: the file is larger than the 10 bytes limit"},
		{"an endless device", "/dev/zero", 0, "/dev/zero: the file is larger than the 1 MiB limit"},
		{"a folder", dir, 0, "is a folder, not a file"},
		{"missing", filepath.Join(dir, "none.yaml"), 0, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := ReadInput(tt.path, tt.limit)
			if tt.want == "" {
				require.NoError(t, err)
				assert.NotEmpty(t, data)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestQuoteShort(t *testing.T) {
	assert.Equal(t, `"abc"`, QuoteShort("abc"))
	long := strings.Repeat("x", 50<<20)
	q := QuoteShort(long)
	assert.Equal(t, `"`+strings.Repeat("x", MaxEcho)+`"… (52428800 bytes)`, q)
	// A cut never splits a character.
	q = QuoteShort(strings.Repeat("é", 100))
	assert.Equal(t, `"`+strings.Repeat("é", MaxEcho/2)+`"… (200 bytes)`, q)
}
