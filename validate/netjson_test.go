package validate

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/validate/estimate"
)

// TestNetworkCheckJSON: net run --json's row of a check, scaled, with
// null class, formula and method where they do not apply.
func TestNetworkCheckJSON(t *testing.T) {
	tests := []struct {
		name  string
		check NetworkCheck
		scale float64
		want  string
	}{
		{"a class, a formula, in ms", NetworkCheck{Station: "a", Class: "gold", Check: Check{Name: "p90_response",
			Sim: estimate.Estimate{Mean: 0.25, HalfWidth: 0.01}, Formula: 0.24, Source: "M/M/c FCFS distribution", Verdict: Agrees}},
			1000, `{"station":"a","class":"gold","name":"p90_response","sim":250,"ci95":10,"formula":240,"method":"M/M/c FCFS distribution","verdict":"agrees"}`},
		{"all classes, no formula", NetworkCheck{Station: "network", Check: Check{Name: "mean_response",
			Sim: estimate.Estimate{Mean: 2, HalfWidth: math.Inf(1)}, Formula: math.NaN(), Source: "ignored", Verdict: Info}},
			1, `{"station":"network","class":null,"name":"mean_response","sim":2,"ci95":null,"formula":null,"method":null,"verdict":"` + (&Check{Verdict: Info}).VerdictText() + `"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(tc.check.CheckJSON(tc.scale))
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(got))
		})
	}
}
