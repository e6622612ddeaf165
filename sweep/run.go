package sweep

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"

	"queuelab/des"
)

// Options control a sweep run.
type Options struct {
	Workers int    // parallel runs (≤ 0: all cores)
	Out     string // output directory; "" keeps results in memory only
	Shard   Shard  // the part to run (zero value: the whole sweep)
	// Progress, if not nil, is called after each task with the number of
	// the shard's tasks done (including those found done in Out) and
	// their total; calls are serialised.
	Progress func(done, total int)
	// Warn, if not nil, receives notes about skipped lines in Out.
	Warn func(string)
}

// Result is what a sweep run produced.
type Result struct {
	Plan    *Plan
	Shard   Shard
	Ran     int      // tasks run now
	Reused  int      // tasks found done in Out
	Summary *Summary // nil for a shard of a sharded sweep: merge the shards
}

// Run runs the design's tasks of opts.Shard on opts.Workers goroutines
// through des.RunTasks, the dearest design points first (longestFirst). With opts.Out it appends each result to the
// shard's tasks file as it finishes and skips the tasks already there
// (resuming an interrupted run), rewrites the file in task order when the
// shard is complete and, for an unsharded sweep, writes the summary as
// summary.txt, summary.csv and summary.json. The first failing task stops
// the run; the results written so far stay.
func Run(d *Design, opts Options) (*Result, error) {
	if opts.Shard == (Shard{}) {
		opts.Shard = Whole
	}
	if err := opts.Shard.Check(); err != nil {
		return nil, err
	}
	warn := opts.Warn
	if warn == nil {
		warn = func(string) {}
	}
	p := d.Plan()
	res := &Result{Plan: p, Shard: opts.Shard}
	tasks := p.Tasks(opts.Shard)
	st, done, todo, err := resume(p, tasks, opts, warn)
	if err != nil {
		return nil, err
	}
	res.Reused = len(tasks) - len(todo)
	longestFirst(d, p, todo)
	if opts.Progress != nil {
		opts.Progress(res.Reused, len(tasks))
	}
	type out struct {
		rec Record
		err error
	}
	err = des.RunTasks(todo, opts.Workers, func(i int) out {
		t := p.Task(i)
		o, err := d.sys.Run(d.Settings(d.Points[t.Point]), t.Seed)
		if err != nil {
			return out{err: fmt.Errorf("task %d (design point %d: %s; replication %d, seed %d): %w",
				i, t.Point, describe(d.Points[t.Point].Levels, false), t.Rep, t.Seed, err)}
		}
		return out{rec: newRecord(p, t, o)}
	}, func(i int, o out) error {
		if o.err != nil {
			return o.err
		}
		if st != nil {
			if err := st.append(o.rec); err != nil {
				return err
			}
		}
		done[i] = o.rec
		res.Ran++
		if opts.Progress != nil {
			opts.Progress(len(done), len(tasks))
		}
		return nil
	})
	if err != nil {
		if st != nil {
			st.close()
		}
		return res, err
	}
	recs := sortedRecords(done)
	if st != nil {
		if err := st.finish(recs); err != nil {
			return res, err
		}
	}
	if opts.Shard.N == 1 {
		res.Summary = Summarize(p, recs)
		if opts.Out != "" {
			if err := res.Summary.WriteFiles(opts.Out); err != nil {
				return res, err
			}
		}
	}
	return res, nil
}

// resume opens the shard's tasks file when there is an output directory
// and returns it, the results already there and the tasks still to run.
func resume(p *Plan, tasks []int, opts Options, warn func(string)) (*store, map[int]Record, []int, error) {
	done := map[int]Record{}
	var st *store
	if opts.Out != "" {
		var err error
		if st, done, err = openStore(opts.Out, p, opts.Shard, warn); err != nil {
			return nil, nil, nil, err
		}
	}
	todo := make([]int, 0, len(tasks))
	for _, t := range tasks {
		if _, ok := done[t]; !ok {
			todo = append(todo, t)
		}
	}
	return st, done, todo, nil
}

func sortedRecords(m map[int]Record) []Record {
	recs := make([]Record, 0, len(m))
	for _, r := range m {
		recs = append(recs, r)
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].Task.Index < recs[j].Task.Index })
	return recs
}

// WriteFiles writes summary.txt, summary.csv and summary.json into dir.
func (s *Summary) WriteFiles(dir string) error {
	for _, f := range []struct{ name, format string }{{"summary.txt", "table"}, {"summary.csv", "csv"}, {"summary.json", "json"}} {
		var b bytes.Buffer
		if err := s.Write(&b, f.format); err != nil {
			return err
		}
		if err := writeAtomic(filepath.Join(dir, f.name), b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}
