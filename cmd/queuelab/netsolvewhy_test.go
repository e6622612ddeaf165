package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNetSolveSaysWhyNoCTMC: when net solve tries the exact CTMC and
// cannot use it, it says why — the chain's size and what would shrink it,
// or the law or feature it has no chain for — in the table and in the
// JSON (ctmc_not_used); where the chain answers, or the closed forms are
// exact, it says nothing.
func TestNetSolveSaysWhyNoCTMC(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.yaml")
	require.NoError(t, os.WriteFile(big, []byte(`name: big
classes:
  - {name: a, population: 10, start: s1}
  - {name: b, population: 10, start: s1}
  - {name: c, population: 10, start: s1}
stations:
  - {name: s1, servers: 1, discipline: priority, service: {dist: exp, mean: 0.02}}
  - {name: s2, servers: 1, discipline: ps, service: {dist: exp, mean: 0.03}}
  - {name: s3, servers: 1, discipline: ps, service: {dist: exp, mean: 0.04}}
  - {name: s4, servers: 1, discipline: ps, service: {dist: exp, mean: 0.05}}
routing:
  s1: {s2: 0.4, s3: 0.3, s4: 0.3}
  s2: {s1: 1}
  s3: {s1: 1}
  s4: {s1: 1}
`), 0o644))
	bbs := filepath.Join(t.TempDir(), "bbs.yaml")
	require.NoError(t, os.WriteFile(bbs, []byte(`name: bbs
arrivals: {to: f, rate: 0.5}
stations:
  - {name: f, service: {dist: exp, mean: 0.4}}
  - {name: c, service: {dist: exp, mean: 1.2}, buffer: 2, blocking: before-service}
routing:
  f: {c: 1}
  c: {c: 0.3}
`), 0o644))
	router := filepath.Join(t.TempDir(), "router.yaml")
	require.NoError(t, os.WriteFile(router, []byte(`name: r1
classes:
  - {name: c, population: 6, start: think}
stations:
  - {name: think, servers: inf, service: {dist: exp, mean: 2}}
  - {name: lb, kind: router}
  - {name: a, service: {dist: exp, mean: 1}, buffer: 2, blocking: before-service}
routing:
  think: {lb: 1}
  lb: {lb: {policy: random, to: [a]}}
  a: {think: 1}
`), 0o644))
	for _, tc := range []struct {
		name, file string
		why        []string // "" = no reason given
		not        []string // what must not be said
	}{
		// Nothing else answers here: the refusal must not claim it does.
		{"too many states", big, []string{"exact CTMC refused: at least 2.339e+07 states exceed the limit of 2500000", `the population of class "a" (10)`,
			"no other method covers this network. queuelab net run simulates it."}, []string{"still answer", "station  class"}},
		// Said once: the chain's reason, not also a general line on blocking.
		// The file and line of the routing row to change come first.
		{"a before-service line the chain refuses", bbs, []string{bbs + `:8: No analytic value: exact CTMC not used: class "job" goes from station "c", which blocks before service, back to itself`,
			"no other method covers its buffers with blocking. queuelab net run simulates it."}, []string{"No analytic method covers"}},
		// The simulator holds them at the router, and so does the chain.
		{"a router into a before-service station", router, nil, nil},
		{"a law with no chain", "../../examples/networks/gg1-qna.yaml", []string{"exact CTMC not used: ", "lognormal service is not phase-type"}, nil},
		{"a server schedule", "../../examples/networks/shifts.yaml", []string{"exact CTMC not used: ", "server schedule"}, nil},
		{"the chain answers", "../../examples/networks/blocking-tandem.yaml", nil, nil},
		{"closed forms exact", "../../examples/networks/central-server.yaml", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCapture3(t, "net", "solve", tc.file)
			require.Equal(t, 0, code, errOut)
			code, js, errOut := runCapture3(t, "net", "solve", tc.file, "--json")
			require.Equal(t, 0, code, errOut)
			var v struct {
				NotUsed *string `json:"ctmc_not_used"`
			}
			require.NoError(t, json.Unmarshal([]byte(js), &v))
			if tc.why == nil {
				assert.NotContains(t, out, "exact CTMC not used")
				assert.NotContains(t, out, "exact CTMC refused")
				assert.Nil(t, v.NotUsed)
				return
			}
			require.NotNil(t, v.NotUsed)
			for _, w := range tc.why {
				assert.Contains(t, out, w)
			}
			for _, w := range tc.not {
				assert.NotContains(t, out, w)
			}
			// The JSON's field says "not used" itself: its reason, after
			// the location, is the table's.
			reason := *v.NotUsed
			if strings.HasPrefix(reason, tc.file+":") {
				_, reason, _ = strings.Cut(reason[len(tc.file)+1:], ": ")
			}
			assert.Contains(t, out, reason, "the table and the JSON give the same reason")
		})
	}
}
