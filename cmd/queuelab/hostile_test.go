package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileCase is one hostile command line: the exit status it must give,
// a text its stderr must contain, and the most bytes the whole command may
// allocate (runtime.MemStats.TotalAlloc, which bounds the peak heap from
// above: a refused run must be refused before it simulates).
type hostileCase struct {
	name     string
	args     []string
	code     int
	stderr   string
	maxAlloc uint64
}

const (
	refusedAlloc = 16 << 20  // a refusal costs parsing, nothing more
	runAlloc     = 128 << 20 // a short run (the 1 MiB playbook: 70 MiB measured)
	stayAlloc    = 192 << 20 // a short run in which all 240 000 customers stay
)

// runHostile runs each case in-process and checks status, message and
// memory, and that no message echoes more than 1000 bytes of input.
func runHostile(t *testing.T, cases []hostileCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			code, _, stderr := runCapture3(t, tc.args...)
			runtime.ReadMemStats(&after)
			shown := stderr
			if len(shown) > 600 {
				shown = shown[:600] + "…"
			}
			assert.Equal(t, tc.code, code, shown)
			assert.True(t, strings.Contains(stderr, tc.stderr), "stderr %q lacks %q", shown, tc.stderr)
			assert.Less(t, len(stderr), 4000, "stderr echoes too much")
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("allocated %.1f MiB", float64(alloc)/(1<<20))
			assert.Less(t, alloc, tc.maxAlloc, "bytes allocated")
		})
	}
}

func TestHostileMMc(t *testing.T) {
	runHostile(t, []hostileCase{
		{"a billion arrivals a second into a huge buffer",
			[]string{"mmc", "--arrival-rate", "1e9", "--servers", "1", "--service-mean", "1", "--capacity", "100000000", "--duration", "100"},
			2, "would execute about 2e+11 events", refusedAlloc},
		{"the same with raised events: memory",
			[]string{"mmc", "--arrival-rate", "1e9", "--servers", "1", "--service-mean", "1", "--capacity", "100000000", "--duration", "100", "--max-events", "1e18"},
			2, "more than the budget of 1 GiB (--max-memory)", refusedAlloc},
		{"patience of 11 days at a billion a second",
			[]string{"mmc", "--arrival-rate", "1e9", "--servers", "1", "--service-mean", "1e6", "--patience", "1e6", "--duration", "100"},
			2, "raise --max-events", refusedAlloc},
		{"precision 1e-6 for up to 1e9 s",
			[]string{"mmc", "--precision", "0.000001", "--max-duration", "1e9"},
			2, "about 8e+11 events", refusedAlloc},
		{"1e17 events",
			[]string{"mmc", "--arrival-rate", "1e9", "--servers", "1000000", "--service-mean", "0.0005", "--duration", "1e8"},
			2, "about 2e+17 events", refusedAlloc},
		{"no customer expected",
			[]string{"mmc", "--arrival-rate", "0.001", "--duration", "10"},
			2, "--duration: not enough data: 10 s at 0.001 arrivals/s expects 0.01 customers, need 300 (10 per batch); lengthen --duration to at least 3e+05 s", refusedAlloc},
		{"fewer customers than expected",
			[]string{"mmc", "--arrival-rate", "30", "--duration", "10"},
			1, "not enough data: 273 customers, need 300", runAlloc},
		// Every customer of the run stays: des.Station's 72-byte job and the
		// network simulator's 24-byte record per customer, grown by append, and one
		// pending patience deadline each (152 MiB allocated in all on the
		// network simulator, 174 MiB on validate's former private loop
		// around des.Station).
		{"customers stay far longer than the run",
			[]string{"mmc", "--service-mean", "1e6", "--patience", "1e6"},
			1, "not enough data: 0 of 1.199e+05 customers left the system, need 300", stayAlloc},
		{"servers past int64", []string{"mmc", "--servers", "99999999999999999999"},
			2, `--servers: must be a whole number from 1 to 1000000, got "99999999999999999999"`, refusedAlloc},
		{"bad budget", []string{"mmc", "--max-events", "lots"}, 2, "--max-events: must be a number of events from 1 to 1e18", refusedAlloc},
		{"tiny memory budget", []string{"mmc", "--max-memory", "1KB"}, 2, "--max-memory: must be a size from 1MiB to 1PiB", refusedAlloc},
		{"a 1 MB value is cut short", []string{"mmc", "--arrival-rate", strings.Repeat("7", 1<<20)},
			2, "… (1048576 bytes)", refusedAlloc},
	})
}

func TestHostileFormula(t *testing.T) {
	runHostile(t, []hostileCase{
		{"unknown flag", []string{"formula", "--bogus"}, 2, "unknown flag: --bogus", refusedAlloc},
		{"unknown formula", []string{"formula", "erlang-z"}, 2, `unknown formula "erlang-z"`, refusedAlloc},
		{"integer past 2^53", []string{"formula", "mmck", "--servers", "1", "--capacity", "9223372036854775807", "--arrival-rate", "1", "--service-mean", "1"},
			2, "--capacity: must be an integer of magnitude at most 2⁵³ = 9007199254740992", refusedAlloc},
		{"integer past int64", []string{"formula", "cost-rate", "--instances", "99999999999999999999", "--price", "1"},
			2, `--instances: must be an integer ≥ 0, got "99999999999999999999"`, refusedAlloc},
		{"a result overflows", []string{"formula", "lognormal", "--limit", "1e308", "--factor", "1e308"},
			2, "lognormal: the inputs --limit 1e308 --factor 1e308 are too extreme", refusedAlloc},
	})
}

func TestHostileServeAndArgs(t *testing.T) {
	huge := strings.Repeat("x", 1<<20)
	runHostile(t, []hostileCase{
		{"sessions without a cap", []string{"serve", "--max-sessions", "99999999999"}, 2, "--max-sessions 99999999999: want 1 to 1000", refusedAlloc},
		{"sessions past int64", []string{"serve", "--max-sessions", "99999999999999999999"}, 2, "--max-sessions", refusedAlloc},
		{"a 1 MB argument to serve", []string{"serve", huge}, 2, "… (1048576 bytes)", refusedAlloc},
		{"a 1 MB argument to mmc", []string{"mmc", huge}, 2, "… (1048576 bytes)", refusedAlloc},
		{"a 1 MB system name", []string{"run", huge}, 2, "… (1048576 bytes)", refusedAlloc},
		{"a 1 MB subcommand", []string{huge}, 2, "unknown command", refusedAlloc},
		{"a 1 MB scenario", []string{"run", "--scenario", huge}, 2, "… (1048576 bytes)", refusedAlloc},
		{"a 1 MB integer flag (pflag's own message)", []string{"run", "--minutes", huge}, 2, "(message cut: ", refusedAlloc},
		{"a 1 MB seed", []string{"run", "--seed", huge}, 2, "--seed: must be a whole number from 0 to 18446744073709551615, got \"xxx", refusedAlloc},
	})
}

func TestHostileRunAndFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	dupAt := write("dup-at.yaml", "- at: 5m\n  at: 6m\n  set: {servers: 10}\n")
	dupSet := write("dup-set.yaml", "- at: 5m\n  set: {servers: 10}\n  set: {shedding: on}\n")
	twoDocs := write("two.yaml", "- at: 5m\n  set: {servers: 10}\n---\n- at: 6m\n  set: {servers: 12}\n")
	// The largest playbook accepted: 1 MiB of steps, all after the end.
	var big strings.Builder
	for big.Len() < 1<<20-40 {
		big.WriteString("- {at: 2m, set: {servers: 10}}\n")
	}
	full := write("full.yaml", big.String())
	over := write("over.yaml", big.String()+strings.Repeat("#", 64))
	report := filepath.Join(dir, "old.html")
	require.NoError(t, os.WriteFile(report, []byte("earlier"), 0o644))

	runHostile(t, []hostileCase{
		{"endless playbook", []string{"run", "--playbook", "/dev/zero"}, 2, "/dev/zero: the file is larger than the 1 MiB limit", refusedAlloc},
		{"playbook over 1 MiB", []string{"run", "--playbook", over}, 2, "over.yaml: the file is larger than the 1 MiB limit", refusedAlloc},
		{"a 1 MiB playbook after the end", []string{"run", "--minutes", "1", "--playbook", full}, 0,
			"more actions after the end of the run", runAlloc},
		{"duplicate at", []string{"run", "--playbook", dupAt}, 2, "dup-at.yaml:2: duplicate key \"at\" (first at line 1)", refusedAlloc},
		{"duplicate set", []string{"run", "--playbook", dupSet}, 2, "dup-set.yaml:3: duplicate key \"set\" (first at line 2)", refusedAlloc},
		{"second document", []string{"run", "--playbook", twoDocs}, 2, "two.yaml:3: a second YAML document", refusedAlloc},
		{"an action a billion minutes in", []string{"run", "--at", "1e9:servers=10"}, 2,
			"--at 1e9:servers=10: invalid time \"1e9\": after the end of the longest run (10080 minutes, one week)", refusedAlloc},
		{"an action after the run", []string{"run", "--minutes", "1", "--at", "5m:servers=10"}, 0,
			"warning: --at 5m:servers=10: servers=10 at minute 5 is after the end of the run (1 minutes) and never applies", runAlloc},
		{"a 1 MB --at", []string{"run", "--at", "5m:servers=" + strings.Repeat("1", 1<<20)}, 2, "… (1048576 bytes)", refusedAlloc},
		{"minutes past int64", []string{"run", "--minutes", "99999999999999999999"}, 2, "--minutes", refusedAlloc},
		{"minutes past a week", []string{"run", "--minutes", "10081"}, 2, "--minutes: must be an integer from 1 to 10080", refusedAlloc},
		{"report in a missing folder", []string{"run", "--report", filepath.Join(dir, "no", "r.html")}, 2,
			"--report: the folder " + filepath.Join(dir, "no") + " does not exist", refusedAlloc},
		{"report onto a folder", []string{"run", "--report", dir}, 2, "is a folder, not a file", refusedAlloc},
		{"plot in a missing folder", []string{"run", "--plot", filepath.Join(dir, "no", "p.svg")}, 2, "--plot: the folder", refusedAlloc},
		{"plot format", []string{"run", "--plot", "p.gif"}, 2, `unknown picture format ".gif"`, refusedAlloc},
		{"validate report in a missing folder", []string{"validate", "--quick", "--report", filepath.Join(dir, "no", "v.md")}, 2,
			"--report: the folder", refusedAlloc},
		{"validate over its budget", []string{"validate", "--quick", "--max-events", "1000"}, 2, "(--max-events)", refusedAlloc},
		{"validate bad seed", []string{"validate", "--seed", "-1"}, 2, "--seed: must be a whole number", refusedAlloc},
	})
	data, err := os.ReadFile(report)
	require.NoError(t, err)
	assert.Equal(t, "earlier", string(data), "no refused run touched an existing file")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.False(t, strings.HasPrefix(e.Name(), "."), "left behind: %s", e.Name())
	}
}

func TestHostileNetworks(t *testing.T) {
	dir := t.TempDir()
	fast := filepath.Join(dir, "fast.yaml")
	require.NoError(t, os.WriteFile(fast, []byte("name: fast\narrivals: {to: q, rate: 1e9}\nstations:\n  - name: q\n    servers: 1000000\n    service: {dist: exp, mean: 0.0005}\n"), 0o644))
	jackson := filepath.Join("..", "..", "examples", "networks", "jackson-feedback.yaml")
	runHostile(t, []hostileCase{
		{"a billion arrivals a second for a day", []string{"net", "run", fast, "--duration", "86400"},
			2, "raise --max-events", refusedAlloc},
		{"replications multiply the work", []string{"net", "run", jackson, "--duration", "1e8", "--replications", "1000"},
			2, "1000 replication(s)", refusedAlloc},
		{"a precision run is budgeted at its longest", []string{"net", "run", jackson, "--precision", "0.001", "--max-duration", "1e9"},
			2, "(--max-events)", refusedAlloc},
		{"bad budget", []string{"net", "run", jackson, "--max-memory", "lots"}, 2, "--max-memory", refusedAlloc},
	})
}
