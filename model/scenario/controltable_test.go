package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/input"
)

type mode uint8

type settings struct {
	n       int
	x       float64
	timeout float64
	on      bool
	m       mode
}

var testTable = Table[settings]{
	CountControl(input.Control{Name: "n", Kind: input.Int, Min: 1, Max: 5}, func(s *settings) *int { return &s.n }),
	RealControl(input.Control{Name: "x", Kind: input.Percent, Min: 0, Max: 1}, func(s *settings) *float64 { return &s.x }),
	SecondsControl(input.Control{Name: "timeout", Kind: input.Duration, Min: 0.1, Max: 30}, func(s *settings) *float64 { return &s.timeout }),
	SwitchControl(input.Control{Name: "on", Kind: input.Switch}, func(s *settings) *bool { return &s.on }),
	EnumControl(input.Control{Name: "m", Kind: input.Enum, Choices: []string{"a", "b"}}, func(s *settings) *mode { return &s.m }),
}

func TestTableApply(t *testing.T) {
	var s settings
	for _, w := range []struct{ name, raw string }{{"n", "4"}, {"x", "20 %"}, {"timeout", "250ms"}, {"on", "yes"}, {"m", "b"}} {
		c, err := input.Find(testTable.Controls(), w.name)
		require.NoError(t, err)
		v, err := c.Parse(w.raw)
		require.NoError(t, err)
		require.NoError(t, testTable.Apply(&s, Action{Control: w.name, Value: v}))
	}
	assert.Equal(t, settings{n: 4, x: 0.2, timeout: 0.25, on: true, m: 1}, s)
}

func TestTableApplyRefuses(t *testing.T) {
	tests := []struct {
		name, control string
		v             input.Value
		want          string
	}{
		{"unknown control", "speed", input.Value{Num: 1, Text: "1"}, `unknown control "speed" (valid: n, x, timeout, on, m)`},
		{"not an integer", "n", input.Value{Num: 2.5, Text: "2.5"}, `control n: invalid value "2.5": want an integer from 1 to 5`},
		{"out of range", "timeout", input.Value{Num: 60, Text: "60s"}, "control timeout: invalid value \"60s\": want a duration from 100ms to 30s"},
		{"enum index", "m", input.Value{Num: 2, Text: "c"}, `control m: invalid value "c": want one of a, b`},
		{"switch", "on", input.Value{Num: 0.5, Text: "half"}, `control on: invalid value "half": want on or off`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := settings{n: 3}
			err := testTable.Apply(&s, Action{Control: tt.control, Value: tt.v})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Equal(t, settings{n: 3}, s, "a refused value changes nothing")
		})
	}
}
