package serve

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
	"queuelab/examples/networks"
)

// lessonWant is a number a lesson quotes: the analytic value of a measure
// at a station, within tol.
type lessonWant struct {
	station, name string
	value, tol    float64
}

// lessonChange is a change a lesson suggests (none: the network as the
// file has it) and the numbers the lesson quotes after it.
type lessonChange struct {
	example string
	changes []string
	wants   []lessonWant
}

// TestLessonChanges makes, on the real simulator, every change a lesson
// suggests, and checks the numbers the lesson quotes against the analytic
// values after the change (where a formula applies), so a lesson cannot
// promise what the page will not show. One change, jackson-feedback's b
// made hyperexponential, is checked by TestLessonChangesExactChain (build
// tag long, run by CI): its exact chain costs 16 CPU s.
func TestLessonChanges(t *testing.T) {
	type want = lessonWant
	for _, tc := range []lessonChange{
		{"tandem", nil, []want{{"first", "mean_in_system", 0.667, 0.001}, {"first", "mean_response", 0.833, 0.001}, {"second", "mean_in_system", 1.78, 0.01}}},
		{"tandem", []string{"rate job=1.2"}, []want{{"second", "mean_response", 20, 1e-6}}},
		{"tandem", []string{"service first=det"}, []want{{"first", "mean_wait", 0.1667, 0.001}}},
		{"tandem", []string{"servers second=2"}, nil},
		{"jackson-feedback", nil, []want{{"a", "mean_in_system", 1, 1e-9}, {"b", "mean_in_system", 2, 1e-9}, {"network", "mean_response", 4, 1e-9}}},
		{"jackson-feedback", []string{"route b>a=0.3"}, []want{{"a", "throughput", 2, 1e-9}, {"b", "utilization", 0.8, 1e-9}}},
		{"central-server", nil, []want{{"terminals", "throughput", 3.68, 0.005}}}, // under min(20/5.29, 1/0.1) = 3.78
		{"central-server", []string{"discipline cpu=fcfs"}, nil},
		{"central-server", []string{"service disk1=hyperexp"}, nil},
		{"central-server", []string{"servers disk1=2"}, nil},
		{"terminal", nil, []want{{"server", "throughput", 1.98, 0.01}}}, // near 1/D = 2: R = 30/1.98 − 10 ≈ 5 s
		{"terminal", []string{"servers server=2"}, nil},
		{"terminal", []string{"service server=det"}, nil},
		{"terminal", []string{"population user=10"}, []want{{"server", "throughput", 0.924, 0.001}, {"server", "utilization", 0.462, 0.001}, {"server", "mean_response", 0.822, 0.001}}},
		{"terminal", []string{"population user=40"}, []want{{"server", "throughput", 2, 0.001}, {"server", "mean_response", 10, 0.01}}},
		{"priority-mg1", nil, []want{{"server", "mean_wait", 1.5, 0.001}}},
		{"priority-mg1", []string{"discipline server=fcfs"}, nil},
		{"priority-mg1", []string{"discipline server=preemptive-priority"}, nil},
		{"priority-mg1", []string{"rate normal=0.6"}, nil},
		{"ps-insensitivity", nil, []want{{"cpu", "mean_in_system", 2.333, 0.001}, {"cpu", "mean_response", 3.333, 0.001}}},
		{"ps-insensitivity", []string{"service cpu=det"}, []want{{"cpu", "mean_response", 3.333, 0.001}}},
		{"ps-insensitivity", []string{"discipline cpu=fcfs"}, []want{{"cpu", "mean_response", 6.833, 0.001}}},
		{"ps-insensitivity", []string{"discipline cpu=fcfs", "service cpu=det"}, []want{{"cpu", "mean_response", 2.167, 0.001}}},
		{"loss-mmck", nil, []want{{"station", "p_loss", 0.1024, 0.001}}},
		{"loss-mmck", []string{"servers station=4"}, []want{{"station", "p_loss", 0.0508, 0.001}}},
		{"loss-mmck", []string{"rate job=5"}, []want{{"station", "p_loss", 0.42, 0.01}}},
		{"call-centre", []string{"rate job=0.2"}, nil},
		{"call-centre", []string{"servers agents=12"}, nil},
		{"hyperexp-pk", nil, []want{{"server", "mean_wait", 1.733, 0.001}, {"server", "utilization", 0.4, 1e-9}}},
		{"hyperexp-pk", []string{"service server=exp"}, []want{{"server", "mean_wait", 0.667, 0.001}}},
		{"hyperexp-pk", []string{"service server=det"}, []want{{"server", "mean_wait", 0.333, 0.001}}},
		{"hyperexp-pk", []string{"service server=hyperexp"}, []want{{"server", "mean_wait", 1.667, 0.001}}},
		{"ggc-qna", []string{"service machining=exp"}, nil},
		{"ggc-qna", []string{"route inspection>machining=0"}, nil},
		{"ggc-qna", []string{"servers inspection=2"}, nil},
		{"balking", nil, []want{{"stall", "p_balk", 0.33, 0.005}, {"stall", "mean_in_system", 1.67, 0.005}}},
		{"fork-join", nil, []want{{"split", "mean_response", 2.875, 1e-9}, {"left", "mean_response", 2, 1e-9}, {"merge", "mean_sync_delay", 0.875, 1e-9}}},
		{"fork-join", []string{"rate job=0.8"}, []want{{"left", "mean_response", 5, 1e-9}, {"split", "mean_response", 7, 1e-9}, {"merge", "mean_sync_delay", 2, 1e-9}}},
		{"fork-join", []string{"service left=det"}, nil},
		{"batch-mx-m1", nil, []want{{"server", "mean_in_system", 3, 1e-9}}},
		{"rush-hour-delay", nil, []want{{"visitors", "mean_in_system", 40, 1e-9}}},
		{"rush-hour-delay", []string{"service visitors=det"}, []want{{"visitors", "mean_in_system", 40, 1e-9}}},
		{"jsq-vs-random", []string{"policy balancer=random"}, []want{{"left", "mean_response", 5, 1e-9}}},
		{"blocking-tandem", []string{"buffer second=5"}, nil},
		{"mmpp-vs-poisson", nil, []want{{"smooth-server", "mean_response", 2, 0.001}}},
		{"shifts", nil, nil},
	} {
		t.Run(tc.example+"/"+strings.Join(tc.changes, ","), func(t *testing.T) { checkLessonChange(t, tc) })
	}
	// call-centre: without patience, Erlang C at 10 agents and 9 Erlangs
	// makes about two callers in three wait.
	assert.InDelta(t, 2.0/3, analytic.ErlangC(10, 9), 0.01)
}

// runLessonChange opens the catalogue's example on the real simulator
// (seed 1), runs it to t = 50, makes the changes, runs on to t = 100 and
// returns the live network and its analytic values then.
func runLessonChange(t *testing.T, example string, changes []string) (NetLive, NetAnalytic) {
	t.Helper()
	var src []byte
	for _, e := range networks.Catalogue() {
		if e.Name == example+".yaml" {
			src = e.Source
		}
	}
	require.NotNil(t, src, example)
	l, err := OpenNetwork(example+".yaml", src, 1)
	require.NoError(t, err)
	require.NoError(t, l.RunUntil(50))
	for _, c := range changes {
		ch, err := ParseNetChange(c)
		require.NoError(t, err)
		require.NoError(t, l.Apply(ch), c)
	}
	require.NoError(t, l.RunUntil(100))
	return l, l.Analytic()
}

// checkLessonChange opens tc's example on the real simulator, runs it to
// t = 50, makes tc's changes, runs on to t = 100, and checks that the
// network is still stable, that the simulation has estimates, and each of
// tc's numbers against the analytic value.
func checkLessonChange(t *testing.T, tc lessonChange) {
	t.Helper()
	l, an := runLessonChange(t, tc.example, tc.changes)
	assert.Empty(t, an.Unstable, "a lesson's change keeps the network stable")
	for _, w := range tc.wants {
		v := math.NaN()
		if f, ok := refFormula(an.Formulas, w.station, "", w.name); ok {
			v = f.Value
		}
		assert.InDelta(t, w.value, v, w.tol, fmt.Sprintf("%s %s (note: %s)", w.station, w.name, an.Note))
	}
	assert.NotEmpty(t, l.Estimates())
}
