package serve

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// Every scenario of both systems has guided steps, and each step's
// answer comes from the run: on the formula twin (seed 1) at the step's
// minute it is the number the relation gives — the lessons' figures
// where they quote one (132 busy slots of 192 on a normal day, burn 50×
// under the bad build, ln 10/2.5 = 0.92σ, 5 ms/(1 − 0.19) on a calm
// database) — and the check accepts it written either way (99.9 or
// 99,9), refuses it 10 % off, and refuses to check before the minute.
func TestGuideAnswers(t *testing.T) {
	want := map[string]struct{ lo, hi float64 }{
		"switch/" + paymentswitch.Normal:       {120, 145},
		"switch/" + paymentswitch.SaleSurge:    {5, 90},
		"switch/" + paymentswitch.FraudWave:    {0.92, 0.922},
		"switch/" + paymentswitch.IssuerOutage: {192, 3000}, // more than the 192 slots: the lesson's point
		"web/normal":                           {30, 80},
		"web/bad-build":                        {40, 60},
		"web/viral-link":                       {10, 40},
		"web/cache-flush":                      {5.5, 7.5},
	}
	for _, sys := range []scenario.System{paymentswitch.System, webservice.System} {
		for _, sc := range sys.Scenarios {
			key := sys.Name + "/" + sc.Name
			steps := guides[key]
			require.NotEmpty(t, steps, "%s has guided steps", key)
			for k, step := range steps {
				r, _, _ := runFor(t, sys, scenario.Formula, sc.Name, step.Minute, nil)
				early, _, _ := runFor(t, sys, scenario.Formula, sc.Name, step.Minute-1, nil)
				_, err := checkStep(step, early, "1")
				require.Error(t, err, key)
				assert.Contains(t, err.Error(), "run to minute")

				got, err := checkStep(step, r, "0")
				require.NoError(t, err, key)
				w := float64(got.Want)
				require.False(t, math.IsNaN(w), key)
				assert.GreaterOrEqual(t, w, want[key].lo, "%s step %d", key, k)
				assert.LessOrEqual(t, w, want[key].hi, "%s step %d", key, k)
				assert.Equal(t, step.Minute, got.Minute)
				assert.Equal(t, strings.Count(step.Work.En, "{"), len(got.Args), "%s: the working's numbers", key)
				comma := strings.Replace(strconv.FormatFloat(w, 'f', 3, 64), ".", ",", 1)
				for _, ans := range []string{strconv.FormatFloat(w, 'f', 3, 64), comma, " " + comma + " %"} {
					ok, err := checkStep(step, r, ans)
					require.NoError(t, err, ans)
					assert.True(t, ok.Correct, "%s: %q is right", key, ans)
				}
				off, err := checkStep(step, r, strconv.FormatFloat(1.1*w, 'f', 3, 64))
				require.NoError(t, err)
				assert.False(t, off.Correct, "%s: 10 %% off is wrong", key)
			}
		}
	}
}

// The check over HTTP: a session's own run, its errors in the page's
// language.
func TestGuideCheckHTTP(t *testing.T) {
	srv, err := New([]scenario.System{paymentswitch.System, webservice.System}, Options{})
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	var g guideJSON
	require.Equal(t, 200, call(t, srv, "GET", "/api/guide?system=web&scenario=bad-build", "", &g))
	require.Len(t, g.Steps, 1)
	assert.Equal(t, 20, g.Steps[0].Minute)
	require.Equal(t, 200, call(t, srv, "GET", "/api/guide?system=nope&scenario=x", "", &g))
	assert.Empty(t, g.Steps)

	id := createID(t, srv, "/api/sessions", `{"system":"switch","scenario":"fraud-wave","seed":1}`)
	var e errorJSON
	assert.Equal(t, 400, call(t, srv, "POST", "/api/sessions/"+id+"/guide", `{"step":0,"answer":"0.92"}`, &e))
	assert.Equal(t, "run to minute 6 first (the run is at minute 0)", e.Error)
	assert.Equal(t, 400, call(t, srv, "POST", "/api/sessions/"+id+"/guide", `{"step":3,"answer":"1"}`, &e))
	assert.Equal(t, "step 3: this scenario has 1 guided steps", e.Error)
}
