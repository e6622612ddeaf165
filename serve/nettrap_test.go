package serve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
)

// TestTrappedStations: the stations where open customers can never leave,
// for loops with and without a way out (stations a, b, c; arrivals at a).
func TestTrappedStations(t *testing.T) {
	tests := []struct {
		name     string
		routing  [][]float64
		patience float64 // at b
		want     []string
	}{
		{"a loop on itself", [][]float64{{1, 0, 0}, {0, 0, 0}, {0, 0, 0}}, 0, []string{"a"}},
		{"a to b and back", [][]float64{{0, 1, 0}, {1, 0, 0}, {0, 0, 0}}, 0, []string{"a", "b"}},
		{"into a loop further on", [][]float64{{0, 1, 0}, {0, 0, 1}, {0, 1, 0}}, 0, []string{"a", "b", "c"}},
		{"a loop with a way out", [][]float64{{0, 1, 0}, {0.9, 0, 0}, {0, 0, 0}}, 0, nil},
		{"a way out before a loop", [][]float64{{0, 0.5, 0}, {0, 0, 1}, {0, 1, 0}}, 0, []string{"b", "c"}},
		{"patience lets them go", [][]float64{{0, 1, 0}, {1, 0, 0}, {0, 0, 0}}, 5, nil},
		{"no routing: all leave", [][]float64{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, 0, nil},
		{"a loop nobody reaches", [][]float64{{0, 0, 0}, {0, 0, 1}, {0, 1, 0}}, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := analytic.Network{
				Stations: []analytic.NetStation{{Name: "a", Servers: 1, Mean: []float64{0.1}}, {Name: "b", Servers: 1, Mean: []float64{0.1}, Patience: tt.patience}, {Name: "c", Servers: 1, Mean: []float64{0.1}}},
				Classes:  []analytic.NetClass{{Name: "job", Rate: 1, ArrivalSCV: 1, Source: 0}},
				Routing:  tt.routing,
			}
			assert.Equal(t, tt.want, trapped(n))
		})
	}
	l := openExample(t, "terminal.yaml", 1)
	assert.Empty(t, l.Analytic().Trapped, "a closed class never leaves by design")
}

// TestTrappedBanner: a live change that leaves open customers no way out
// marks the network unstable in the state the page draws its banner from.
func TestTrappedBanner(t *testing.T) {
	srv := newTestServer(t, Options{Networks: realCatalogueFiles(t), OpenNetwork: OpenNetwork})
	st := netCreate(t, srv, `{"example":"jackson-feedback","seed":1}`)
	assert.Empty(t, st.Trapped)
	base := "/api/networks/sessions/" + st.ID
	// jackson-feedback: a → b; b → c 0.5, a 0.2 (0.3 leave); c → a 0.4
	// (0.6 leave). Close both ways out.
	for _, c := range []string{"route b>c=0.8", "route c>a=1"} {
		require.Equal(t, 202, call(t, srv, "POST", base+"/change", `{"change":"`+c+`"}`, nil))
	}
	require.Equal(t, 202, call(t, srv, "POST", base+"/step", "", nil))
	got := netWait(t, srv, st.ID, "the changes", func(s netTestState) bool { return !s.Running && len(s.Pending) == 0 })
	assert.NotEmpty(t, got.Trapped, "messages: %v", got.Messages)
}
