package calculator

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParamParse(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    Param
		in   string
		want float64
		err  string // exact message, "" for success
	}{
		{"integer below", intP("servers", "", 1, ""), "0", 0, `--servers: must be an integer ≥ 1, got "0"`},
		{"integer", intP("servers", "", 1, ""), " 12 ", 12, ""},
		{"fraction is no integer", intP("servers", "", 1, ""), "1.5", 0, `--servers: must be an integer ≥ 1, got "1.5"`},
		{"beyond 2⁵³", intP("servers", "", 1, ""), "9007199254740993", 0, `--servers: must be an integer of magnitude at most 2⁵³ = 9007199254740992, got "9007199254740993"`},
		{"integer cap", atMost(intP("servers", "", 0, ""), maxServers), "10000001", 0, `--servers: must be an integer in [0, 10000000], got "10000001"`},
		{"duration", durP("patience", "", false, ""), "80ms", 0.08, ""},
		{"bare seconds", durP("patience", "", false, ""), "2", 2, ""},
		{"open bound", durP("service-mean", "", true, ""), "0s", 0, `--service-mean: must be a duration > 0 (e.g. 80ms, 2s, or bare seconds), got "0s"`},
		{"negative duration", durP("patience", "", false, ""), "-5ms", 0, `--patience: must be a duration ≥ 0 (e.g. 80ms, 2s, or bare seconds), got "-5ms"`},
		{"probability", probP("warm", "", ""), "1.2", 0, `--warm: must be a number in [0, 1], got "1.2"`},
		{"NaN", numP("load", "", 0, false, ""), "NaN", 0, `--load: must be a number ≥ 0, got "NaN"`},
		{"text", Param{flag: "groups", kind: Text}, "x", 0, `--groups: a text parameter has no number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := tc.p.Parse(tc.in)
			if tc.err != "" {
				require.EqualError(t, err, tc.err)
				var ie *InputError
				assert.True(t, errors.As(err, &ie), "an *InputError")
				return
			}
			require.NoError(t, err)
			assert.InDelta(t, tc.want, v, 1e-15)
		})
	}
}
