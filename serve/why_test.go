package serve

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/input"
	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// runFor runs a system's scenario for minutes minutes (seed 1) with the
// actions of plan and returns what the "show why" view reads.
func runFor(t *testing.T, sys scenario.System, kind scenario.EngineKind, name string, minutes int, plan scenario.Playbook) (whyRows, []scenario.Row, []scenario.Column) {
	t.Helper()
	e, err := sys.New(kind, name, 1)
	require.NoError(t, err)
	sc, err := sys.Scenario(name)
	require.NoError(t, err)
	var rows []scenario.Row
	for m := range minutes {
		for _, a := range plan {
			if a.Minute == m {
				require.NoError(t, e.Apply(a))
			}
		}
		rows = append(rows, e.Step())
	}
	return newWhyRows(e.Columns(), rows, sys.Controls, sc, plan), rows, e.Columns()
}

func action(t *testing.T, sys scenario.System, minute int, name, value string) scenario.Action {
	t.Helper()
	c, err := input.Find(sys.Controls, name)
	require.NoError(t, err)
	v, err := c.Parse(value)
	require.NoError(t, err)
	return scenario.Action{Minute: minute, Control: name, Value: v}
}

// The switch's view splits every attempt into new and retried, and its
// capacity line is Little's law turned round: before the sale (minute
// 3) the offered attempts sit under N/S, and the load the simulation
// measured, busy slots / S, matches the attempts admitted within 10 %;
// in the sale with immediate retries (minutes 10–20) the offered
// traffic is above the line and retries are a visible part of it.
func TestWhySwitchRetryStorm(t *testing.T) {
	r, _, _ := runFor(t, paymentswitch.System, scenario.DES, "sale-surge", 20, nil)
	v, err := switchWhy(r)
	require.NoError(t, err)
	require.Len(t, v.Series, 2)
	for i := range r.n {
		sum := float64(v.Series[0].Values[i] + v.Series[1].Values[i])
		assert.InDelta(t, r.col(i, "offered_tps"), sum, 1e-6*sum+1e-9, "minute %d: new + retried = offered", i+1)
	}
	capBefore := float64(v.Capacity[2])
	require.False(t, math.IsNaN(capBefore))
	admitted := r.col(2, "offered_tps") - r.col(2, "shed_tps")
	assert.Less(t, admitted, capBefore, "a normal minute is under the line")
	busy := r.col(2, "busy_slots") * r.col(2, "servers") * paymentswitch.SlotsPerServer
	s := busy / admitted // the holding time the simulation implies (Little)
	impliedCap := r.col(2, "servers") * paymentswitch.SlotsPerServer / s
	assert.InEpsilon(t, impliedCap, capBefore, 0.10, "N/S agrees with the simulation's own Little's law")
	for i := 10; i < 20; i++ {
		assert.Greater(t, r.col(i, "offered_tps"), float64(v.Capacity[i]), "minute %d of the sale is over the line", i+1)
		assert.Greater(t, float64(v.Series[1].Values[i]), 0.05*r.col(i, "offered_tps"), "minute %d: retries are part of it", i+1)
	}
}

// The web service's view splits requests into high priority, low
// priority admitted and low priority shed: together the requests; the
// shed part is zero until shed-low is set (minute 3, 50 %) and then half
// the low-priority share; the capacity line sits above the traffic on a
// normal morning, with the admitted requests / (N/S) near the measured
// worker utilisation.
func TestWhyWebPriorityClasses(t *testing.T) {
	plan := scenario.Playbook{action(t, webservice.System, 3, "shed-low", "50%")}
	r, _, _ := runFor(t, webservice.System, scenario.DES, "normal", 6, plan)
	v, err := webWhy(r)
	require.NoError(t, err)
	require.Len(t, v.Series, 3)
	low := webservice.Defaults().Traffic.LowShare
	for i := range r.n {
		req := r.col(i, "requests")
		sum := float64(v.Series[0].Values[i] + v.Series[1].Values[i] + v.Series[2].Values[i])
		assert.InDelta(t, req, sum, 1e-6*req, "minute %d: the classes add up to the requests", i+1)
		shed := float64(v.Series[2].Values[i])
		if i < 3 {
			assert.Zero(t, shed, "minute %d: nothing shed before the control", i+1)
		} else {
			assert.InEpsilon(t, 0.5*low*req, shed, 0.15, "minute %d: half the low-priority share shed", i+1)
		}
		c := float64(v.Capacity[i])
		require.False(t, math.IsNaN(c), "minute %d", i+1)
		admitted := req * (1 - r.col(i, "shed"))
		assert.Less(t, admitted, c, "minute %d: a normal morning is under the line", i+1)
		assert.InDelta(t, r.col(i, "utilization"), admitted/c, 0.1, "minute %d: λ/(N/S) is the worker utilisation", i+1)
	}
}

// valueAt follows the actions taken: the start value, then each action
// from its minute on.
func TestWhyValueAt(t *testing.T) {
	sys := paymentswitch.System
	sc, err := sys.Scenario("sale-surge")
	require.NoError(t, err)
	taken := scenario.Playbook{action(t, sys, 4, "issuer-timeout", "2s"), action(t, sys, 9, "issuer-timeout", "4s")}
	for _, tc := range []struct {
		minute int
		want   string
	}{{0, sc.StartValue(mustControl(t, sys, "issuer-timeout"))}, {3, sc.StartValue(mustControl(t, sys, "issuer-timeout"))}, {4, "2s"}, {8, "2s"}, {9, "4s"}, {30, "4s"}} {
		assert.Equal(t, tc.want, valueAt(sys.Controls, sc, taken, tc.minute, "issuer-timeout"), "minute %d", tc.minute)
	}
}

func mustControl(t *testing.T, sys scenario.System, name string) input.Control {
	t.Helper()
	c, err := input.Find(sys.Controls, name)
	require.NoError(t, err)
	return c
}

// Every word the views send is in the page catalogue.
func TestWhyTextsTranslated(t *testing.T) {
	have := map[string]bool{}
	for _, m := range allPageTexts() {
		have[m.key()] = true
	}
	for name, view := range whyViews {
		v, err := view(whyRows{n: 0, col: func(int, string) float64 { return math.NaN() }, ctl: func(int, string) string { return "" }})
		require.NoError(t, err, name)
		for _, k := range []string{v.Title, v.Note} {
			assert.True(t, have[k], "%s: %q lacks a translation", name, k)
		}
		for _, s := range v.Series {
			assert.True(t, have[s.Label], "%s: %q lacks a translation", name, s.Label)
		}
	}
}
