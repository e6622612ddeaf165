package sweep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"queuelab/report"
)

// ErrOtherDesign is wrapped by errors about results of another design.
var ErrOtherDesign = errors.New("results of another design")

// Files in an output directory.
const (
	planFile    = "design.json"
	tasksPrefix = "tasks"
	tasksSuffix = ".jsonl"
)

// tasksFile is the name of a shard's tasks file: tasks.jsonl for the
// whole sweep, tasks-I-of-N.jsonl for shard I of N (I from 0).
func tasksFile(s Shard) string {
	if s == Whole {
		return tasksPrefix + tasksSuffix
	}
	return fmt.Sprintf("%s-%d-of-%d%s", tasksPrefix, s.I, s.N, tasksSuffix)
}

// store is one shard's tasks file in an output directory, opened for
// appending results.
//
// Atomicity: each result is one line written with one write call, and
// only lines that end with a newline, parse and match the plan are taken
// as results. A line cut short by a crash or a pre-empted node has no
// newline; reopening truncates it away and its task runs again. When the
// shard is complete the file is rewritten in task order (a new file
// renamed over the old one), so the finished file is the same bytes
// whatever the number of workers or the order tasks finished in.
type store struct {
	path   string
	f      *os.File
	unlock func()
	buf    []byte
	plan   *Plan
}

// writePlan writes DIR/design.json, or checks that the one there is the
// same design.
func writePlan(dir string, p *Plan) error {
	path := filepath.Join(dir, planFile)
	if old, err := readPlan(path); err == nil {
		if old.Hash != p.Hash {
			return fmt.Errorf("%s: %w (design %s, this design is %s): use another --out directory", path, ErrOtherDesign, old.Hash, p.Hash)
		}
		return nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(path, append(b, '\n'))
}

// maxPlanBytes bounds a design.json (a plan of MaxTasks points is well
// under it), so that a stray file cannot exhaust memory.
const maxPlanBytes = 256 << 20

// maxTasksBytes bounds a tasks file: MaxTasks results of 2 KiB each, far
// more than any design's lines take.
const maxTasksBytes = MaxTasks << 11

// readOwn reads one of a sweep's own files (design.json, a tasks file)
// from f, opened at path. It must be a regular file of at most limit
// bytes: a device, FIFO or socket in its place (through a symlink, say)
// is refused, not read without end.
func readOwn(f *os.File, path string, limit int64) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%v): not written by a sweep", path, st.Mode().Type())
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("%s: larger than %d bytes: not written by a sweep", path, limit)
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: larger than %d bytes: not written by a sweep", path, limit)
	}
	return b, nil
}

// readPlan reads and checks a design.json.
func readPlan(path string) (*Plan, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := readOwn(f, path, maxPlanBytes)
	if err != nil {
		return nil, err
	}
	var p Plan
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("%s: not a sweep plan: %v", path, err)
	}
	if err := p.Check(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &p, nil
}

// writeAtomic writes data to path through a temporary file in the same
// directory, synced and renamed, so a reader sees the old or the new
// content, never part of it (report.WriteFile: a symbolic link is kept
// and its target replaced; a device, FIFO or socket is refused).
func writeAtomic(path string, data []byte) error {
	return report.WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// openStore opens shard s's tasks file in dir (creating dir and
// design.json as needed) and returns the results already there. Lines
// that are complete but unreadable are reported through warn and their
// tasks run again.
func openStore(dir string, p *Plan, s Shard, warn func(string)) (*store, map[int]Record, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	if err := writePlan(dir, p); err != nil {
		return nil, nil, err
	}
	path := filepath.Join(dir, tasksFile(s))
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	unlock, err := lockFile(f)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: another sweep is writing this file (%v)", path, err)
	}
	st := &store{path: path, f: f, unlock: unlock, plan: p}
	data, err := readOwn(f, path, maxTasksBytes)
	if err != nil {
		st.close()
		return nil, nil, err
	}
	recs, good, err := parseTasks(path, data, p, warn)
	if err != nil {
		st.close()
		return nil, nil, err
	}
	if good < len(data) { // drop a torn last line before appending
		if err := f.Truncate(int64(good)); err != nil {
			st.close()
			return nil, nil, err
		}
	}
	if _, err := f.Seek(int64(good), io.SeekStart); err != nil {
		st.close()
		return nil, nil, err
	}
	done := make(map[int]Record, len(recs))
	for _, r := range recs {
		if s.Has(r.Task.Index) {
			done[r.Task.Index] = r
		}
	}
	return st, done, nil
}

// parseTasks reads the lines of a tasks file. It returns the valid
// records and the length of the part made of complete lines (a torn last
// line is not a result). A line of another design is an error; other bad
// lines are reported through warn and skipped. A task on two lines is
// taken once when the lines agree and is an error when they differ, as in
// Merge: which one is the result cannot be told, and the summary would
// change with the choice.
func parseTasks(path string, data []byte, p *Plan, warn func(string)) ([]Record, int, error) {
	var recs []Record
	first := map[int]int{} // task index → position in recs
	lines := map[int]int{} // task index → line of its first record
	good, lineNo := 0, 0
	for good < len(data) {
		nl := bytes.IndexByte(data[good:], '\n')
		if nl < 0 {
			warn(fmt.Sprintf("%s:%d: last line is incomplete (%d bytes, no newline): not a result, its task runs again", path, lineNo+1, len(data)-good))
			break
		}
		lineNo++
		line := data[good : good+nl]
		good += nl + 1
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		r, err := parseLine(line, p)
		if errors.Is(err, ErrOtherDesign) {
			return nil, 0, fmt.Errorf("%s:%d: %v", path, lineNo, err)
		}
		if err != nil {
			warn(fmt.Sprintf("%s:%d: skipped: %v", path, lineNo, err))
			continue
		}
		if at, seen := first[r.Task.Index]; seen {
			if !sameRecord(recs[at], r) {
				return nil, 0, fmt.Errorf("%s:%d: task %d has a different result than at line %d: the file was edited or written by two different runs; remove the wrong line or use another --out directory",
					path, lineNo, r.Task.Index, lines[r.Task.Index])
			}
			continue
		}
		first[r.Task.Index], lines[r.Task.Index] = len(recs), lineNo
		recs = append(recs, r)
	}
	return recs, good, nil
}

// append writes one result line.
func (s *store) append(r Record) error {
	s.buf = r.appendLine(s.buf[:0], s.plan)
	if _, err := s.f.Write(s.buf); err != nil {
		return fmt.Errorf("%s: %w", s.path, err)
	}
	return nil
}

// finish rewrites the file with recs in task order and closes it.
func (s *store) finish(recs []Record) error {
	sort.Slice(recs, func(i, j int) bool { return recs[i].Task.Index < recs[j].Task.Index })
	var b []byte
	for _, r := range recs {
		b = r.appendLine(b, s.plan)
	}
	err := writeAtomic(s.path, b)
	s.close()
	return err
}

// close syncs, unlocks and closes the file.
func (s *store) close() error {
	err := s.f.Sync()
	s.unlock()
	if cerr := s.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// shardFiles lists the tasks files of dir.
func shardFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() && strings.HasPrefix(n, tasksPrefix) && strings.HasSuffix(n, tasksSuffix) {
			out = append(out, filepath.Join(dir, n))
		}
	}
	return out, nil
}
