package serve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A restart of either page keeps the session's seed unless the request
// gives one, and plans the request's timed changes (startReq): the
// systems' page and the network page read the same request.
func TestRestartSeedAndPlan(t *testing.T) {
	cases := []struct {
		name    string
		sysBody string // the systems' page
		netBody string // the network page
		seed    uint64
		planned int
	}{
		{"empty body", "", "", 42, 0},
		{"no seed", `{}`, `{}`, 42, 0},
		{"a seed", `{"seed":7}`, `{"seed":7}`, 7, 0},
		{"seed 0 is a seed", `{"seed":0}`, `{"seed":0}`, 0, 0},
		{"a seed and changes", `{"seed":7,"at":["1m:servers=3"]}`, `{"seed":7,"at":["1.35:rate job=2.5"]}`, 7, 1},
		{"changes only", `{"at":["1m:servers=3"]}`, `{"at":["1.35:rate job=2.5"]}`, 42, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := newNetServer(t, Options{})

			st := create(t, srv, `{"system":"fake","scenario":"surge","seed":42}`)
			var rs testState
			require.Equal(t, 200, call(t, srv, "POST", "/api/sessions/"+st.ID+"/restart", c.sysBody, &rs))
			assert.Equal(t, c.seed, rs.Seed, "systems' page")
			assert.Len(t, rs.Planned, c.planned, "systems' page")
			assert.Equal(t, "surge", rs.Scenario, "no scenario asked: the session's own")

			ns := netCreate(t, srv, `{"example":"fake.yaml","seed":42}`)
			var again netTestState
			require.Equal(t, 200, call(t, srv, "POST", "/api/networks/sessions/"+ns.ID+"/restart", c.netBody, &again))
			assert.Equal(t, c.seed, again.Seed, "network page")
			assert.Len(t, again.Planned, c.planned, "network page")
		})
	}
}
