package sweep

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// Record is the result of one task, one JSON line in a tasks file:
//
//	{"design":"3f…","task":7,"point":2,"rep":1,"seed":…,"values":{"good_approval":0.98,…,"met":0},"met":{"goal1":true,…,"met":false}}
//
// values has every response of the plan, in the plan's order (null when
// undefined); met has the verdict responses.
type Record struct {
	Design string
	Task   Task
	Values []float64 // by plan response
	Met    []bool    // by plan response; false for non-verdict responses
}

// newRecord picks the plan's responses out of a run's outcome.
func newRecord(p *Plan, t Task, o Outcome) Record {
	r := Record{Design: p.Hash, Task: t, Values: make([]float64, len(p.Responses)), Met: make([]bool, len(p.Responses))}
	for i, resp := range p.Responses {
		v, ok := o.Values[resp.Name]
		if !ok {
			v = math.NaN()
		}
		r.Values[i] = v
		r.Met[i] = o.Met[resp.Name]
	}
	return r
}

// appendLine appends r's JSON line (with its newline) to b.
func (r Record) appendLine(b []byte, p *Plan) []byte {
	b = fmt.Appendf(b, `{"design":%q,"task":%d,"point":%d,"rep":%d,"seed":%d,"values":{`,
		r.Design, r.Task.Index, r.Task.Point, r.Task.Rep, r.Task.Seed)
	for i, resp := range p.Responses {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, resp.Name)
		b = append(b, ':')
		b = appendNumber(b, r.Values[i])
	}
	b = append(b, `},"met":{`...)
	first := true
	for i, resp := range p.Responses {
		if !resp.Verdict {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = strconv.AppendQuote(b, resp.Name)
		b = append(b, ':')
		b = strconv.AppendBool(b, r.Met[i])
	}
	return append(b, "}}\n"...)
}

// appendNumber writes v as the shortest JSON number that reads back
// exactly, or null for NaN and ±Inf.
func appendNumber(b []byte, v float64) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return append(b, "null"...)
	}
	return strconv.AppendFloat(b, v, 'g', -1, 64)
}

// lineJSON is a task line as decoded.
type lineJSON struct {
	Design string              `json:"design"`
	Task   *int                `json:"task"`
	Point  int                 `json:"point"`
	Rep    int                 `json:"rep"`
	Seed   uint64              `json:"seed"`
	Values map[string]*float64 `json:"values"`
	Met    map[string]bool     `json:"met"`
}

// parseLine decodes one complete task line (without its newline) and
// checks it against the plan: the design hash, the task's point,
// replication and seed, and every response present.
func parseLine(line []byte, p *Plan) (Record, error) {
	var l lineJSON
	if err := json.Unmarshal(line, &l); err != nil {
		return Record{}, fmt.Errorf("not a task line: %v", err)
	}
	if l.Design != p.Hash {
		return Record{}, fmt.Errorf("%w: line of design %q, this plan is %q", ErrOtherDesign, l.Design, p.Hash)
	}
	if l.Task == nil || *l.Task < 0 || *l.Task >= p.NumTasks() {
		return Record{}, fmt.Errorf("no task index in [0, %d)", p.NumTasks())
	}
	t := p.Task(*l.Task)
	if l.Point != t.Point || l.Rep != t.Rep || l.Seed != t.Seed {
		return Record{}, fmt.Errorf("task %d: point %d, rep %d, seed %d do not match the plan's %d, %d, %d",
			t.Index, l.Point, l.Rep, l.Seed, t.Point, t.Rep, t.Seed)
	}
	r := Record{Design: l.Design, Task: t, Values: make([]float64, len(p.Responses)), Met: make([]bool, len(p.Responses))}
	for i, resp := range p.Responses {
		v, ok := l.Values[resp.Name]
		if !ok {
			return Record{}, fmt.Errorf("task %d: no value of response %q", t.Index, resp.Name)
		}
		r.Values[i] = math.NaN()
		if v != nil {
			r.Values[i] = *v
		}
		if resp.Verdict {
			m, ok := l.Met[resp.Name]
			if !ok {
				return Record{}, fmt.Errorf("task %d: no verdict of response %q", t.Index, resp.Name)
			}
			r.Met[i] = m
		}
	}
	return r, nil
}
