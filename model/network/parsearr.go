package network

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The reader's part for the arrival processes beyond renewal ones (MAP,
// time-varying rate, batches) and a class's initial state.

var arrivalKeys = []string{"to", "rate", "interarrival", "map", "period", "batch"}

// arrivalExtras reads period and batch.
func (p *reader) arrivalExtras(a *Arrivals, fs []field, elem string) error {
	for _, f := range fs {
		var err error
		switch f.key {
		case "period":
			a.Period, err = p.num(f.val, elem+" period")
			if err == nil && !(a.Period > 0) {
				return p.fail(f.val, elem+" period", "must be a time > 0 (the rate pattern repeats every period), got %v", a.Period)
			}
			a.Period *= p.unit
		case "batch":
			a.Batch, err = p.batch(f.val, elem+" batch")
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// matrix reads a square-or-not list of lists of numbers.
func (p *reader) matrix(n *yaml.Node, elem string) ([][]float64, error) {
	rows, err := p.list(n, elem)
	if err != nil {
		return nil, err
	}
	if len(rows) > MaxMAPPhases {
		return nil, p.fail(n, elem, "at most %d phases, got %d rows", MaxMAPPhases, len(rows))
	}
	out := make([][]float64, len(rows))
	for i, row := range rows {
		if row.Kind != yaml.SequenceNode {
			return nil, p.fail(row, elem, "row %d: must be a list of rates [a, b, …], got %s", i+1, describe(row))
		}
		if len(row.Content) > MaxMAPPhases {
			return nil, p.fail(row, elem, "row %d: at most %d entries, got %d", i+1, MaxMAPPhases, len(row.Content))
		}
		out[i] = make([]float64, len(row.Content))
		for j, v := range row.Content {
			x, err := p.num(v, fmt.Sprintf("%s[%d][%d]", elem, i+1, j+1))
			if err != nil {
				return nil, err
			}
			out[i][j] = x / p.unit // per time unit → per second
		}
	}
	return out, nil
}

// mapProcess reads {D0: [[…]], D1: [[…]]}, rates per time unit.
func (p *reader) mapProcess(n *yaml.Node, elem string) (*MAP, error) {
	fs, err := p.mapping(n, elem, []string{"D0", "D1"})
	if err != nil {
		return nil, err
	}
	m := &MAP{}
	for _, f := range fs {
		x, err := p.matrix(f.val, elem+" "+f.key)
		if err != nil {
			return nil, err
		}
		if f.key == "D0" {
			m.D0 = x
		} else {
			m.D1 = x
		}
	}
	if m.D0 == nil || m.D1 == nil {
		return nil, p.fail(n, elem, "needs both D0 (phase changes without an arrival, diagonal negative) and D1 (with an arrival), square matrices [[…], …] of rates per time unit")
	}
	if err := m.Validate(); err != nil {
		return nil, p.fail(n, elem, "%v", err)
	}
	return m, nil
}

// rateSteps reads [[time, rate], …] in time units and per time unit.
func (p *reader) rateSteps(n *yaml.Node, elem string) ([]RateStep, error) {
	if len(n.Content) > MaxRateSteps {
		return nil, p.fail(n, elem, "at most %d steps, got %d", MaxRateSteps, len(n.Content))
	}
	out := make([]RateStep, len(n.Content))
	for k, it := range n.Content {
		if it.Kind != yaml.SequenceNode || len(it.Content) != 2 {
			return nil, p.fail(it, elem, "step %d: must be a pair [time, rate], got %s", k+1, describe(it))
		}
		at, err := p.num(it.Content[0], fmt.Sprintf("%s step %d time", elem, k+1))
		if err != nil {
			return nil, err
		}
		r, err := p.num(it.Content[1], fmt.Sprintf("%s step %d rate", elem, k+1))
		if err != nil {
			return nil, err
		}
		out[k] = RateStep{At: at * p.unit, Rate: r / p.unit}
	}
	return out, nil
}

// batch reads {dist: geometric|det, mean: m} or {dist: values, values:
// [k, …], p: [q, …]}.
func (p *reader) batch(n *yaml.Node, elem string) (*Batch, error) {
	fs, err := p.mapping(n, elem, []string{"dist", "mean", "values", "p"})
	if err != nil {
		return nil, err
	}
	b := &Batch{}
	name, kind, err := p.distName(fs, n, elem, BatchNames)
	if err != nil {
		return nil, err
	}
	if b.Kind, err = ParseBatchKind(name); err != nil {
		return nil, p.fail(kind, elem, "%v", err)
	}
	keys := map[BatchKind][]string{BatchGeometric: {"mean"}, BatchDet: {"mean"}, BatchValues: {"values", "p"}}[b.Kind]
	for _, f := range fs {
		if f.key == "dist" {
			continue
		}
		if !slices.Contains(keys, f.key) {
			return nil, p.fail(f.keyNode, elem, "%s does not apply to a %s batch (it takes: %s)", f.key, b.Kind, strings.Join(keys, ", "))
		}
		if err := p.batchParam(b, f, elem); err != nil {
			return nil, err
		}
	}
	if !hasKey(fs, keys[0]) {
		return nil, p.fail(n, elem, "a %s batch needs %s", b.Kind, keys[0])
	}
	if err := b.Validate(); err != nil {
		return nil, p.fail(n, elem, "%v", err)
	}
	return b, nil
}

func (p *reader) batchParam(b *Batch, f field, elem string) error {
	el := elem + " " + f.key
	var err error
	switch f.key {
	case "mean":
		b.Mean, err = p.num(f.val, el)
	case "values", "p":
		items, err := p.list(f.val, el)
		if err != nil {
			return err
		}
		if len(items) > 1000 {
			return p.fail(f.val, el, "at most 1000 entries, got %d", len(items))
		}
		for i, it := range items {
			e := fmt.Sprintf("%s[%d]", el, i+1)
			if f.key == "values" {
				v, err := p.integer(it, e, 1, MaxBatch)
				if err != nil {
					return err
				}
				b.Values = append(b.Values, v)
				continue
			}
			x, err := p.num(it, e)
			if err != nil {
				return err
			}
			b.P = append(b.P, x)
		}
	}
	return err
}

// initial reads {STATION: count, …}.
func (p *reader) initial(n *yaml.Node, elem string) (map[string]int, error) {
	fs, err := p.mapping(n, elem, nil)
	if err != nil {
		return nil, err
	}
	if len(fs) == 0 {
		return nil, p.fail(n, elem, "empty: give {station: number of customers present at time 0, …}")
	}
	m := make(map[string]int, len(fs))
	for _, f := range fs {
		if m[f.key], err = p.integer(f.val, elemField(elem, f.key), 0, MaxPopulation); err != nil {
			return nil, err
		}
	}
	return m, nil
}
