package sweep

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"queuelab/des"
	"queuelab/model/input"
)

// PlanVersion is the version of the plan and task-line formats; merge
// refuses directories written by another version.
const PlanVersion = 1

// Plan is everything about a design that its results depend on, in the
// form written to DIR/design.json: merge builds the summary from the plan
// and the task lines alone, so it needs neither the design file nor the
// models. Its Hash identifies the design in every task line.
type Plan struct {
	Version      int         `json:"version"`
	Hash         string      `json:"hash"`
	System       string      `json:"system"`
	Scenario     string      `json:"scenario,omitempty"`
	Network      string      `json:"network,omitempty"`
	Input        string      `json:"input,omitempty"` // what else the runs depend on, e.g. the network file's hash
	Engine       string      `json:"engine,omitempty"`
	At           int         `json:"at_minute"`
	Minutes      int         `json:"minutes,omitempty"`
	Set          []Level     `json:"set"`
	Factors      []string    `json:"factors"`
	Numeric      []bool      `json:"numeric"` // by factor: its levels are numbers (an axis), not choices
	Points       []PlanPoint `json:"points"`
	Replications int         `json:"replications"`
	Seed         uint64      `json:"seed"`
	Responses    []Response  `json:"responses"`
}

// Level is a factor's value as written, and as a number in the factor's
// unit (a fraction for percentages, seconds for durations, the index of
// a choice).
type Level struct {
	Name  string  `json:"name"`
	Value string  `json:"value"`
	Num   float64 `json:"num"`
}

// PlanPoint is one design point of a plan.
type PlanPoint struct {
	Index  int     `json:"index"`
	Levels []Level `json:"levels"`
}

// Task is one run: design point × replication. Its index is
// Point·Replications + Rep, and its seed depends on the base seed and the
// replication only (des.ReplicationSeed), so every design point is run on
// common random numbers and any task can be rerun alone.
type Task struct {
	Index, Point, Rep int
	Seed              uint64
}

func levels(ss []Setting) []Level {
	out := make([]Level, len(ss))
	for i, s := range ss {
		out[i] = Level{Name: s.Name, Value: s.Value.Text, Num: s.Value.Num}
	}
	return out
}

// Plan returns d's plan, with its hash.
func (d *Design) Plan() *Plan {
	p := &Plan{Version: PlanVersion, System: d.System, Scenario: d.Scenario, Network: d.Network,
		Engine: d.Engine, At: d.At, Minutes: d.Minutes, Set: levels(d.Set), Factors: []string{},
		Numeric: []bool{}, Replications: d.Replications, Seed: d.Seed, Responses: d.Responses}
	for _, pt := range d.Points {
		p.Points = append(p.Points, PlanPoint{Index: pt.Index, Levels: levels(pt.Levels)})
	}
	if len(d.Points) > 0 {
		for _, l := range d.Points[0].Levels {
			c, _ := input.Find(d.sys.Factors(), l.Name)
			numeric := c.Kind == input.Int || c.Kind == input.Float || c.Kind == input.Percent || c.Kind == input.Duration
			p.Factors = append(p.Factors, l.Name)
			p.Numeric = append(p.Numeric, numeric)
		}
	}
	if id, ok := d.sys.(identified); ok {
		p.Input = id.Identity()
	}
	p.Hash = p.digest()
	return p
}

// digest is the first 16 hex digits of the SHA-256 of the plan's JSON
// without its hash.
func (p *Plan) digest() string {
	q := *p
	q.Hash = ""
	b, err := json.Marshal(&q)
	if err != nil {
		panic(err) // a Plan is plain data: Marshal cannot fail
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// Check reports whether p is well formed and its hash matches its content.
func (p *Plan) Check() error {
	switch {
	case p.Version != PlanVersion:
		return fmt.Errorf("plan version %d, this queuelab reads version %d", p.Version, PlanVersion)
	case p.Replications < 1 || len(p.Points) == 0 || len(p.Responses) == 0:
		return fmt.Errorf("plan has no task")
	case len(p.Points)*p.Replications > MaxTasks:
		return fmt.Errorf("plan has more than %d tasks", MaxTasks)
	case p.digest() != p.Hash:
		return fmt.Errorf("plan content does not match its hash %s (edited by hand?)", p.Hash)
	}
	if len(p.Numeric) != len(p.Factors) {
		return fmt.Errorf("plan has %d factors but %d numeric flags", len(p.Factors), len(p.Numeric))
	}
	for i, pt := range p.Points {
		if pt.Index != i || len(pt.Levels) != len(p.Factors) {
			return fmt.Errorf("plan point %d is malformed", i)
		}
	}
	return nil
}

// NumTasks is the number of tasks: design points × replications.
func (p *Plan) NumTasks() int { return len(p.Points) * p.Replications }

// Task returns task i.
func (p *Plan) Task(i int) Task {
	rep := i % p.Replications
	return Task{Index: i, Point: i / p.Replications, Rep: rep, Seed: des.ReplicationSeed(p.Seed, rep)}
}

// Shard is part i of n of a sweep (0 ≤ I < N): the tasks whose index is
// I modulo N, which spreads every design point over the shards.
type Shard struct{ I, N int }

// Whole is the unsharded sweep.
var Whole = Shard{0, 1}

// Has reports whether task index t belongs to the shard.
func (s Shard) Has(t int) bool { return t%s.N == s.I }

// Check reports a shard index out of range.
func (s Shard) Check() error {
	if s.N < 1 || s.I < 0 || s.I >= s.N {
		return fmt.Errorf("shard %d/%d: want 0 ≤ i < n", s.I, s.N)
	}
	return nil
}

// Tasks returns the indices of the shard's tasks, in order.
func (p *Plan) Tasks(s Shard) []int {
	var out []int
	for t := s.I; t < p.NumTasks(); t += s.N {
		out = append(out, t)
	}
	return out
}
