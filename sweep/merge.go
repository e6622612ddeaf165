package sweep

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// Merge reads the plans and tasks files of the given output directories
// (the shards of one sweep, in one shared directory or in several) and
// returns the summary of the whole sweep — the same bytes, in every
// format, as an unsharded run of the design. It refuses directories of
// different designs, a task recorded twice with different values, and an
// incomplete set, naming the missing tasks. Unreadable lines are reported
// through warn and not taken as results.
func Merge(dirs []string, warn func(string)) (*Summary, error) {
	if len(dirs) == 0 {
		return nil, errors.New("merge: no directory given")
	}
	if warn == nil {
		warn = func(string) {}
	}
	var p *Plan
	var first string
	for _, dir := range dirs {
		q, err := readPlan(filepath.Join(dir, planFile))
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: no %s: not a sweep output directory", dir, planFile)
		}
		if err != nil {
			return nil, err
		}
		if p == nil {
			p, first = q, dir
		} else if q.Hash != p.Hash {
			return nil, fmt.Errorf("%s holds design %s but %s holds design %s: shards of different designs cannot be merged", dir, q.Hash, first, p.Hash)
		}
	}
	seenShards := map[int]map[int]bool{} // N → shard indices with a file
	recs := make([]Record, p.NumTasks())
	have := make([]bool, p.NumTasks())
	where := make([]string, p.NumTasks())
	for _, dir := range dirs {
		files, err := shardFiles(dir)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			var i, n int
			if _, err := fmt.Sscanf(filepath.Base(f), tasksPrefix+"-%d-of-%d"+tasksSuffix, &i, &n); err == nil {
				if seenShards[n] == nil {
					seenShards[n] = map[int]bool{}
				}
				seenShards[n][i] = true
			}
			data, err := readTasks(f)
			if err != nil {
				return nil, err
			}
			rs, _, err := parseTasks(f, data, p, warn)
			if err != nil {
				return nil, err
			}
			for _, r := range rs {
				i := r.Task.Index
				if have[i] && !sameRecord(recs[i], r) {
					return nil, fmt.Errorf("task %d has different results in %s and %s", i, where[i], f)
				}
				recs[i], have[i], where[i] = r, true, f
			}
		}
	}
	var missing []int
	for i, ok := range have {
		if !ok {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("incomplete: %d of %d tasks missing: %s (task = design point × %d + replication)%s; run or resume the missing shards, then merge again",
			len(missing), p.NumTasks(), ranges(missing, 20), p.Replications, absentShards(seenShards))
	}
	return Summarize(p, recs), nil
}

// sameRecord compares two records, NaN equal to NaN.
func sameRecord(a, b Record) bool {
	if a.Task != b.Task || !reflect.DeepEqual(a.Met, b.Met) || len(a.Values) != len(b.Values) {
		return false
	}
	for i := range a.Values {
		x, y := a.Values[i], b.Values[i]
		if x != y && (x == x || y == y) {
			return false
		}
	}
	return true
}

// ranges renders sorted task indices as "3, 7-9, 12", at most max ranges.
func ranges(xs []int, max int) string {
	var parts []string
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		if len(parts) == max {
			parts = append(parts, "…")
			break
		}
		if i == j {
			parts = append(parts, strconv.Itoa(xs[i]))
		} else {
			parts = append(parts, strconv.Itoa(xs[i])+"-"+strconv.Itoa(xs[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// absentShards names the shards of each shard count seen that left no
// tasks file, e.g. "; no tasks file from shard 2 of 4".
func absentShards(seen map[int]map[int]bool) string {
	var ns []int
	for n := range seen {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	var parts []string
	for _, n := range ns {
		var absent []int
		for i := range n {
			if !seen[n][i] {
				absent = append(absent, i)
			}
		}
		if len(absent) > 0 {
			parts = append(parts, fmt.Sprintf("no tasks file from shard %s of %d", ranges(absent, 20), n))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, "; ")
}

// readTasks reads a tasks file (see readOwn).
func readTasks(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOwn(f, path, maxTasksBytes)
}
