package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNamelessNetworkTitle: a network file without a name is named by
// its file in net solve's and net run's headers (and net solve --at's),
// never as `network ""`; a named one keeps its quoted name.
func TestNamelessNetworkTitle(t *testing.T) {
	const body = "arrivals: {to: a, rate: 1}\nstations:\n  - name: a\n    service: {dist: exp, mean: 0.5}\n"
	nameless := writeNet(t, "nameless.yaml", body)
	named := writeNet(t, "named.yaml", "name: desk\n"+body)
	for _, tc := range []struct {
		file, want string
	}{{nameless, "network in " + nameless + ": "}, {named, `network "desk": `}} {
		for _, args := range [][]string{
			{"net", "solve", tc.file},
			{"net", "solve", tc.file, "--at", "1s"},
			{"net", "run", tc.file, "--duration", "2000"},
		} {
			code, out, errOut := runCapture3(t, args...)
			require.Equal(t, 0, code, errOut)
			assert.Contains(t, out, tc.want, args)
			assert.NotContains(t, out, `network ""`, args)
		}
	}
}
