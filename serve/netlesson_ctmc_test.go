package serve

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLessonChangesExactChainShapes makes, on the real simulator, the
// changes the lessons of the examples solved by the exact CTMC's newer
// shapes suggest (a closed class's fork, a PS branch shared with another
// class, a buffer behind a router, blocking before service with a drawn
// next station) and checks the numbers the lesson quotes against the
// page's exact values (the chain's sizes it quotes net solve gives, not
// the page), per class where the station reports only per
// class (a fork's, a join's). A "refused" want names a station whose
// figures the chain must not give after the change.
func TestLessonChangesExactChainShapes(t *testing.T) {
	type want struct {
		station, class, name string
		value, tol           float64
	}
	for _, tc := range []struct {
		example string
		changes []string
		wants   []want
		refused string
	}{
		{"closed-fork", nil, []want{{"fan", "", "mean_response", 2.1, 1e-3}, {"network", "", "mean_response", 4.1, 1e-3},
			{"db", "", "mean_response", 1.727, 1e-3}, {"page", "", "mean_response", 1.024, 1e-3}, {"merge", "", "mean_sync_delay", 0.725, 1e-3},
			{"db", "", "utilization", 0.73, 0.005}, {"page", "", "utilization", 0.51, 0.005}}, ""},
		{"closed-fork", []string{"population users=6"}, []want{{"fan", "", "mean_response", 4.221, 1e-3}, {"db", "", "utilization", 0.96, 0.005}}, ""},
		{"closed-fork", []string{"discipline page=fcfs"}, []want{{"fan", "", "mean_response", 2.074, 1e-3}}, ""},
		{"fork-shared-ps", nil, []want{{"split", "query", "mean_response", 2.086, 1e-3}, {"index", "query", "mean_response", 1.25, 1e-9},
			{"index", "scan", "mean_response", 1.25, 1e-9}, {"merge", "query", "mean_sync_delay", 0.711, 1e-3}}, ""},
		{"fork-shared-ps", []string{"rate scan=0.2"}, []want{{"split", "query", "mean_response", 2.227, 1e-3}}, ""},
		{"fork-shared-ps", []string{"discipline index=fcfs"}, nil, "split"},
		{"router-buffer", nil, []want{{"first", "", "mean_in_system", 1.0 / 3, 1e-9}, {"first", "", "utilization", 0.25, 1e-9},
			{"lb", "", "mean_in_system", 0.225, 1e-9}, {"a", "", "mean_in_system", 0.375, 1e-9}}, ""},
		{"router-buffer", []string{"buffer a=3"}, []want{{"lb", "", "mean_in_system", 0.032, 5e-4}, {"a", "", "mean_in_system", 0.568, 5e-4}, {"first", "", "mean_in_system", 1.0 / 3, 1e-9}}, ""},
		{"blocking-draw", nil, []want{{"front", "", "utilization", 0.4015, 1e-4}, {"front", "", "mean_in_system", 0.824, 1e-3},
			{"network", "", "mean_response", 2.693, 1e-3}, {"slow", "", "p_loss", 0, 0}}, ""},
	} {
		t.Run(tc.example+"/"+strings.Join(tc.changes, ","), func(t *testing.T) {
			l, an := runLessonChange(t, tc.example, tc.changes)
			assert.Empty(t, an.Unstable)
			for _, w := range tc.wants {
				v := math.NaN()
				if f, ok := refFormula(an.Formulas, w.station, w.class, w.name); ok && f.Exact {
					v = f.Value
				}
				assert.InDelta(t, w.value, v, w.tol, "%s %s %s (note: %s)", w.station, w.class, w.name, an.Note)
			}
			if tc.refused != "" {
				for _, f := range an.Formulas {
					assert.False(t, f.Station == tc.refused && f.Exact, "%s: %s %s %s exact after the change", tc.refused, f.Station, f.Class, f.Name)
				}
			}
			assert.NotEmpty(t, l.Estimates())
		})
	}
}
