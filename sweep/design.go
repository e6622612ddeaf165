package sweep

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"queuelab/model/input"
	"queuelab/model/scenario"
)

// Limits on a design, so that a typo cannot ask for a year of computing
// or a file that is not a design cannot exhaust memory.
const (
	MaxDesignBytes  = 1 << 20 // a design file is at most 1 MiB
	MaxReplications = 100_000
	MaxTasks        = 1_000_000 // design points × replications
)

// Design is a parsed sweep design: what to run, the design points and how
// many replications of each. Build it with Load or Parse.
type Design struct {
	File     string
	System   string // switch, web, mmc or net
	Scenario string // for switch and web
	Network  string // for net: the network file
	Engine   string // for switch and web: des (default) or formula
	At       int    // for switch and web: the minute the settings apply
	Minutes  int    // for switch and web: run length (0: the scenario's)

	Set          []Setting // fixed settings, in the order written
	Factors      []Factor  // varied factors, in the order written
	Replications int
	Seed         uint64
	Responses    []Response // recorded, in order
	Points       []Point    // the design points, by index

	sys   System
	latin *latinSample
}

// Factor is a varied factor and its levels.
type Factor struct {
	Name   string
	Levels []Setting
}

// Point is one design point: the settings of every varied factor, in
// factor order.
type Point struct {
	Index  int
	Levels []Setting
}

// Settings returns everything a run of p applies: the fixed settings, then
// p's levels.
func (d *Design) Settings(p Point) []Setting {
	return append(append(make([]Setting, 0, len(d.Set)+len(p.Levels)), d.Set...), p.Levels...)
}

// Load reads and parses a design file; see Parse.
func Load(path string) (*Design, error) {
	data, err := input.ReadInput(path, MaxDesignBytes)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// designKeys are the keys a design may have.
var designKeys = []string{"system", "scenario", "network", "engine", "at", "minutes", "set", "vary", "latin",
	"replications", "seed", "responses"}

// Parse parses a design:
//
//	system: switch            # switch | web | mmc | net
//	scenario: sale-surge      # for switch and web
//	at: 5m                    # when the settings apply (default 0m)
//	set: {retry: backoff}     # fixed settings
//	vary:                     # the full grid of these levels
//	  servers: [8, 10, 12]
//	  shedding: [on, off]
//	replications: 5
//	seed: 1
//	responses: [good_approval, auth_ms, goals, met]
//
// Errors name the file, the line, the key or factor and the value, with
// the valid range (from the factor's own control).
func Parse(file string, data []byte) (*Design, error) {
	if len(data) > MaxDesignBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes: not a sweep design", file, MaxDesignBytes)
	}
	p := parser{file: file}
	var doc yaml.Node
	second, err := input.DecodeYAML(data, &doc)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if second > 0 {
		return nil, fmt.Errorf(`%s:%d: a second YAML document: a sweep design is one mapping (remove the "---" line)`, file, second)
	}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: empty design: it needs at least system, and set or vary", file)
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, p.errf(root, "a design is a mapping with keys such as system, scenario, vary, replications")
	}
	keys, err := p.keys(root)
	if err != nil {
		return nil, err
	}
	d := &Design{File: file, Replications: 1, Seed: 1}
	if err := p.header(d, root, keys); err != nil {
		return nil, err
	}
	if key, err := checkKeys(d); err != nil && builders[d.System] != nil {
		return nil, p.errf(keys[key], "%v", err)
	}
	if d.sys, err = newSystem(d); err != nil {
		return nil, p.errf(keys["system"], "%v", err)
	}
	if err := p.settings(d, keys); err != nil {
		return nil, err
	}
	if err := p.points(d); err != nil {
		return nil, err
	}
	if d.Responses, err = p.responses(d.sys.Responses(), keys["responses"]); err != nil {
		return nil, err
	}
	return d, nil
}

// parser carries the file name for error messages.
type parser struct{ file string }

func (p parser) where(n *yaml.Node) string { return fmt.Sprintf("%s:%d", p.file, n.Line) }

func (p parser) errf(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s: %s", p.where(n), fmt.Sprintf(format, args...))
}

// keys returns the values of a mapping by key, refusing unknown and
// repeated keys.
func (p parser) keys(m *yaml.Node) (map[string]*yaml.Node, error) {
	out := map[string]*yaml.Node{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if !slices.Contains(designKeys, k.Value) {
			return nil, p.errf(k, "unknown key %q (valid: %s)", k.Value, strings.Join(designKeys, ", "))
		}
		if _, dup := out[k.Value]; dup {
			return nil, p.errf(k, "key %q given twice", k.Value)
		}
		out[k.Value] = v
	}
	if out["system"] == nil {
		return nil, p.errf(m, "missing key \"system\" (switch, web, mmc or net)")
	}
	return out, nil
}

// scalar returns n's value, or an error if n is not a single value.
func (p parser) scalar(n *yaml.Node, key string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", p.errf(n, "%s: want a single value", key)
	}
	return strings.TrimSpace(n.Value), nil
}

// header parses the design's single-valued keys.
func (p parser) header(d *Design, root *yaml.Node, keys map[string]*yaml.Node) error {
	var err error
	str := func(key string, dst *string) {
		if n := keys[key]; n != nil && err == nil {
			*dst, err = p.scalar(n, key)
		}
	}
	str("system", &d.System)
	str("scenario", &d.Scenario)
	str("network", &d.Network)
	str("engine", &d.Engine)
	if err != nil {
		return err
	}
	if d.Engine != "" && d.Engine != "des" && d.Engine != "formula" {
		return p.errf(keys["engine"], "engine: want des or formula, got %q", d.Engine)
	}
	if n := keys["at"]; n != nil {
		s, err := p.scalar(n, "at")
		if err != nil {
			return err
		}
		if d.At, err = scenario.ParseMinute(s); err != nil {
			return p.errf(n, "at: %v", err)
		}
	}
	ints := []struct {
		key     string
		lo, hi  int
		dst     *int
		meaning string
	}{
		{"minutes", 1, scenario.MaxPlaybookMinute, &d.Minutes, "simulated minutes"},
		{"replications", 1, MaxReplications, &d.Replications, "replications per design point"},
	}
	for _, x := range ints {
		n := keys[x.key]
		if n == nil {
			continue
		}
		s, err := p.scalar(n, x.key)
		if err != nil {
			return err
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < x.lo || v > x.hi {
			return p.errf(n, "%s: want a whole number of %s from %d to %d, got %q", x.key, x.meaning, x.lo, x.hi, s)
		}
		*x.dst = v
	}
	if n := keys["seed"]; n != nil {
		s, err := p.scalar(n, "seed")
		if err != nil {
			return err
		}
		if d.Seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			return p.errf(n, "seed: want a whole number from 0 to 18446744073709551615, got %q", s)
		}
	}
	return nil
}
