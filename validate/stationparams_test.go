package validate

import (
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/dist"
	"queuelab/model/network"
)

// TestStationSettingsApply: the defaults are the switch's slot pool, each
// setting lands in its field, and the rules between parameters are
// refused naming them as the caller spells them.
func TestStationSettingsApply(t *testing.T) {
	flag := func(p string) string { return "--" + p }
	law := func(name string) float64 { return float64(slices.Index(ServiceNames, name)) }
	var def Config
	require.NoError(t, StationSettings{}.Apply(&def, flag))
	assert.Equal(t, 192, def.Servers)
	assert.Equal(t, 400.0, def.ArrivalRate)
	assert.Equal(t, network.Exponential(0.33), def.Service)
	assert.Equal(t, Patience{}, def.Patience)
	assert.Equal(t, 0, def.Capacity)

	tests := []struct {
		name string
		set  StationSettings
		want func(c Config) bool
		err  string
	}{
		{"lognormal with a CV", StationSettings{"service": law("lognormal"), "service-cv": 1.5, "service-mean": 2},
			func(c Config) bool { return reflect.DeepEqual(c.Service, dist.Of(dist.LogNormal{Mean: 2, CV: 1.5})) }, ""},
		{"hyperexp's default CV", StationSettings{"service": law("hyperexp")},
			func(c Config) bool {
				return reflect.DeepEqual(c.Service, dist.Of(dist.HyperExp{Mean: 0.33, CV: DefaultHyperExpCV}))
			}, ""},
		{"erlang-k", StationSettings{"service": law("erlang-k"), "erlang-k": 4}, func(c Config) bool { return reflect.DeepEqual(c.Service, network.ErlangK(0.33, 4)) }, ""},
		{"deterministic patience", StationSettings{"patience": 2}, func(c Config) bool { return c.Patience == Patience{PatienceDet, 2} }, ""},
		{"exponential patience", StationSettings{"patience-mean": 3}, func(c Config) bool { return c.Patience == Patience{PatienceExp, 3} }, ""},
		{"loss system", StationSettings{"servers": 10, "capacity": 10}, func(c Config) bool { return c.Capacity == 10 && c.Servers == 10 }, ""},
		{"both patiences", StationSettings{"patience": 2, "patience-mean": 2}, nil, "--patience and --patience-mean: give at most one"},
		{"CV of a fixed law", StationSettings{"service-cv": 2}, nil, "--service-cv: applies only to --service lognormal or hyperexp (the exp law"},
		{"hyperexp CV at most 1", StationSettings{"service": law("hyperexp"), "service-cv": 1}, nil, "--service-cv: must be a number > 1"},
		{"capacity below servers", StationSettings{"servers": 10, "capacity": 5}, nil, "--capacity: must be 0 (unlimited) or at least --servers (10), got 5"},
		{"zero arrival rate", StationSettings{"arrival-rate": 0}, nil, "--arrival-rate: must be a number > 0, got 0"},
		{"zero patience", StationSettings{"patience": 0}, nil, "--patience: must be a time (s) > 0, got 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c Config
			err := tt.set.Apply(&c, flag)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.True(t, tt.want(c), "%+v", c)
		})
	}
}

// TestStationParamsDefaultsParse: every default is a valid value of its
// control (Apply would panic otherwise).
func TestStationParamsDefaultsParse(t *testing.T) {
	for _, p := range StationParams {
		if p.Default == "" {
			continue
		}
		_, err := p.Parse(p.Default)
		assert.NoError(t, err, p.Name)
	}
}
