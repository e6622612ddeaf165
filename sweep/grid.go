package sweep

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"queuelab/model/input"
)

// settings parses set, vary and latin into d.Set and d.Factors.
func (p parser) settings(d *Design, keys map[string]*yaml.Node) error {
	factors := d.sys.Factors()
	seen := map[string]string{} // factor → where it was first named
	name := func(k *yaml.Node) (input.Control, error) {
		c, err := input.Find(factors, k.Value)
		if err != nil {
			return c, p.errf(k, "unknown factor %q for system %s (valid: %s)", k.Value, d.System, controlNames(factors))
		}
		if w, dup := seen[k.Value]; dup {
			return c, p.errf(k, "factor %q is already given at %s", k.Value, w)
		}
		seen[k.Value] = p.where(k)
		return c, nil
	}
	level := func(c input.Control, v *yaml.Node) (Setting, error) {
		if v.Kind != yaml.ScalarNode {
			return Setting{}, p.errf(v, "factor %s: want a single value, got a list or mapping", c.Name)
		}
		val, err := c.Parse(v.Value)
		if err != nil {
			return Setting{}, p.errf(v, "%v", err)
		}
		return Setting{Name: c.Name, Value: val, Where: p.where(v)}, nil
	}
	if n := keys["set"]; n != nil {
		if n.Kind != yaml.MappingNode {
			return p.errf(n, "set: want a mapping of factors to values, e.g. {retry: backoff}")
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			c, err := name(n.Content[i])
			if err != nil {
				return err
			}
			st, err := level(c, n.Content[i+1])
			if err != nil {
				return err
			}
			d.Set = append(d.Set, st)
		}
	}
	if n := keys["vary"]; n != nil {
		if n.Kind != yaml.MappingNode || len(n.Content) == 0 {
			return p.errf(n, "vary: want a mapping of factors to lists of values, e.g. {servers: [8, 10, 12]}: an empty grid has no design point")
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			c, err := name(k)
			if err != nil {
				return err
			}
			if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
				return p.errf(v, "vary: factor %s: want a non-empty list of values such as [8, 10, 12]: an empty list makes the grid empty", c.Name)
			}
			f := Factor{Name: c.Name}
			for _, x := range v.Content {
				st, err := level(c, x)
				if err != nil {
					return err
				}
				st.Varied = true
				for _, prev := range f.Levels {
					if prev.Value.Num == st.Value.Num {
						return p.errf(x, "vary: factor %s: level %s is the same as %s at %s", c.Name, st.Value.Text, prev.Value.Text, prev.Where)
					}
				}
				f.Levels = append(f.Levels, st)
			}
			d.Factors = append(d.Factors, f)
		}
	}
	if n := keys["latin"]; n != nil {
		fs, err := p.latin(d, n, name)
		if err != nil {
			return err
		}
		d.latin = fs
	}
	return nil
}

func controlNames(cs []input.Control) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}

// points builds the design points: the full grid of the varied factors
// (the last factor changes fastest, as nested loops in the order written),
// crossed with the Latin-hypercube sample if any; then checks each point
// with the system.
func (p parser) points(d *Design) error {
	n := d.Replications
	for _, f := range d.Factors {
		n *= len(f.Levels)
		if n > MaxTasks {
			break
		}
	}
	if d.latin != nil && n <= MaxTasks {
		n *= len(d.latin.samples)
	}
	if n > MaxTasks {
		return fmt.Errorf("%s: more than %d tasks (design points × replications): split the study into several designs", d.File, MaxTasks)
	}
	grid := [][]Setting{nil}
	for _, f := range d.Factors {
		next := make([][]Setting, 0, len(grid)*len(f.Levels))
		for _, g := range grid {
			for _, l := range f.Levels {
				next = append(next, append(append([]Setting(nil), g...), l))
			}
		}
		grid = next
	}
	if d.latin != nil {
		var next [][]Setting
		for _, g := range grid {
			for _, s := range d.latin.samples {
				next = append(next, append(append([]Setting(nil), g...), s...))
			}
		}
		grid = next
	}
	for i, g := range grid {
		pt := Point{Index: i, Levels: g}
		if err := d.sys.Check(d.Settings(pt)); err != nil {
			return fmt.Errorf("%s: design point %d (%s): %v", d.File, i, describe(pt.Levels, true), err)
		}
		d.Points = append(d.Points, pt)
	}
	return nil
}

// describe renders settings as "servers=8 (line 7), shedding=on (line 8)",
// or without places.
func describe(ss []Setting, places bool) string {
	if len(ss) == 0 {
		return "no varied factor"
	}
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = s.Name + "=" + s.Value.Text
		if places && s.Where != "" {
			parts[i] += " (" + s.Where + ")"
		}
	}
	return strings.Join(parts, ", ")
}

// responses picks the recorded responses: all by default, else the
// listed names in order; "goals" stands for every goal.
func (p parser) responses(all []Response, n *yaml.Node) ([]Response, error) {
	if n == nil {
		return all, nil
	}
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return nil, p.errf(n, "responses: want a non-empty list of response names such as [good_approval, goals, met]")
	}
	var out []Response
	seen := map[string]bool{}
	add := func(r Response) {
		if !seen[r.Name] {
			seen[r.Name] = true
			out = append(out, r)
		}
	}
	for _, x := range n.Content {
		if x.Kind != yaml.ScalarNode {
			return nil, p.errf(x, "responses: want a name, got a list or mapping")
		}
		found := false
		for _, r := range all {
			if r.Name == x.Value || (x.Value == "goals" && r.Op != "") {
				add(r)
				found = true
			}
		}
		if !found {
			names := make([]string, 0, len(all)+1)
			for _, r := range all {
				names = append(names, r.Name)
			}
			if len(names) > 0 && all[len(all)-1].Name == "met" {
				names = append(names, "goals")
			}
			return nil, p.errf(x, "unknown response %q (valid: %s)", x.Value, strings.Join(names, ", "))
		}
	}
	return out, nil
}
