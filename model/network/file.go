package network

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// reader walks the YAML node tree of one file. Every structural error it
// returns names the file, the line, the element and the valid values;
// lines records where each element starts so that errors found later,
// by Validate, can name the line too.
type reader struct {
	file  string
	unit  float64 // seconds per time unit of the file
	lines map[string]int
}

func (p *reader) fail(n *yaml.Node, elem, format string, args ...any) *Error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &Error{File: p.file, Line: line, Elem: elem, Msg: fmt.Sprintf(format, args...)}
}

func (p *reader) mark(elem string, n *yaml.Node) {
	if _, ok := p.lines[elem]; !ok && n != nil {
		p.lines[elem] = n.Line
	}
}

// field is one key: value pair of a mapping.
type field struct {
	key     string
	keyNode *yaml.Node
	val     *yaml.Node
}

// mapping returns the pairs of a mapping node, refusing unknown keys (when
// valid is not nil), duplicate keys and non-scalar keys.
func (p *reader) mapping(n *yaml.Node, elem string, valid []string) ([]field, error) {
	if n.Kind != yaml.MappingNode {
		if len(valid) > 0 {
			return nil, p.fail(n, elem, "must be a mapping {key: value, …} (keys: %s), got %s", strings.Join(valid, ", "), describe(n))
		}
		return nil, p.fail(n, elem, "must be a mapping {key: value, …}, got %s", describe(n))
	}
	out := make([]field, 0, len(n.Content)/2)
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, p.fail(k, elem, "keys must be plain names, got %s", describe(k))
		}
		if v.Kind == yaml.AliasNode || v.Anchor != "" || k.Anchor != "" {
			return nil, p.fail(v, elem, "YAML anchors and aliases (& and *) are not supported; write the value out")
		}
		if seen[k.Value] {
			return nil, p.fail(k, elem, "duplicate key %q", cut(k.Value))
		}
		seen[k.Value] = true
		if valid != nil && !contains(valid, k.Value) {
			return nil, p.fail(k, elem, "unknown key %q (valid: %s)", cut(k.Value), strings.Join(valid, ", "))
		}
		out = append(out, field{k.Value, k, v})
	}
	return out, nil
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// describe names what a node is, for "got …" in messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return strconv.Quote(cut(n.Value))
	}
	return "an empty document"
}

func (p *reader) str(n *yaml.Node, elem string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", p.fail(n, elem, "must be a name, got %s", describe(n))
	}
	return n.Value, nil
}

// num parses a finite number.
func (p *reader) num(n *yaml.Node, elem string) (float64, error) {
	if n.Kind == yaml.ScalarNode && (n.Tag == "!!int" || n.Tag == "!!float") {
		if v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64); err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
			return v, nil
		}
	}
	return 0, p.fail(n, elem, "must be a finite number, got %s", describe(n))
}

// integer parses a whole number in [lo, hi].
func (p *reader) integer(n *yaml.Node, elem string, lo, hi int) (int, error) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!int" {
		if v, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64); err == nil && v >= int64(lo) && v <= int64(hi) {
			return int(v), nil
		}
	}
	return 0, p.fail(n, elem, "must be a whole number from %d to %d, got %s", lo, hi, describe(n))
}

// distKeys lists the parameters of each family besides dist.
var distKeys = map[DistKind][]string{
	Exp: {"mean"}, Det: {"mean"}, Uniform: {"min", "max"}, Erlang: {"mean", "k"},
	HyperExp: {"mean", "cv"}, Gamma: {"mean", "cv"}, LogNormal: {"mean", "cv"}, Weibull: {"mean", "cv"},
	Pareto: {"mean", "cv", "alpha"}, Empirical: {"values"},
}

var allDistKeys = []string{"dist", "mean", "cv", "k", "min", "max", "alpha", "values"}

// dist reads {dist: NAME, parameters…}; times are scaled to seconds.
func (p *reader) dist(n *yaml.Node, elem string) (Dist, error) {
	p.mark(elem, n)
	fs, err := p.mapping(n, elem, allDistKeys)
	if err != nil {
		return Dist{}, err
	}
	var d Dist
	var kindNode *yaml.Node
	for _, f := range fs {
		if f.key == "dist" {
			kindNode = f.val
		}
	}
	if kindNode == nil {
		return d, p.fail(n, elem, "missing key dist (valid: %s)", DistNames)
	}
	name, err := p.str(kindNode, elem+" dist")
	if err != nil {
		return d, err
	}
	if d.Kind, err = ParseDistKind(name); err != nil {
		return d, p.fail(kindNode, elem, "%v", err)
	}
	keys := distKeys[d.Kind]
	for _, f := range fs {
		if f.key == "dist" {
			continue
		}
		if !contains(keys, f.key) {
			return d, p.fail(f.keyNode, elem, "%s does not apply to %s (%s takes: %s)", f.key, d.Kind, d.Kind, strings.Join(keys, ", "))
		}
		if err := p.distParam(&d, f, elem); err != nil {
			return d, err
		}
	}
	for _, k := range keys {
		if !hasKey(fs, k) && !(d.Kind == Pareto && (k == "cv" || k == "alpha")) {
			return d, p.fail(n, elem, "%s needs %s (%s takes: %s)", d.Kind, k, d.Kind, strings.Join(keys, ", "))
		}
	}
	if d.Kind == Pareto && !hasKey(fs, "cv") && !hasKey(fs, "alpha") {
		return d, p.fail(n, elem, "pareto needs cv or alpha (pareto takes: mean, cv or alpha)")
	}
	if err := d.Validate(); err != nil {
		return d, p.fail(n, elem, "%v", err)
	}
	return d, nil
}

func hasKey(fs []field, k string) bool {
	for _, f := range fs {
		if f.key == k {
			return true
		}
	}
	return false
}

func (p *reader) distParam(d *Dist, f field, elem string) error {
	el := elem + " " + f.key
	var err error
	switch f.key {
	case "mean":
		d.Mean, err = p.num(f.val, el)
		d.Mean *= p.unit
	case "min":
		d.Min, err = p.num(f.val, el)
		d.Min *= p.unit
	case "max":
		d.Max, err = p.num(f.val, el)
		d.Max *= p.unit
	case "cv":
		d.CV, err = p.num(f.val, el)
	case "alpha":
		d.Alpha, err = p.num(f.val, el)
	case "k":
		d.K, err = p.integer(f.val, el, 1, 1000)
	case "values":
		if f.val.Kind != yaml.SequenceNode {
			return p.fail(f.val, el, "must be a list of times [v1, v2, …], got %s", describe(f.val))
		}
		if len(f.val.Content) > 1_000_000 {
			return p.fail(f.val, el, "at most 1000000 values, got %d", len(f.val.Content))
		}
		d.Values = make([]float64, len(f.val.Content))
		for i, v := range f.val.Content {
			x, err := p.num(v, fmt.Sprintf("%s[%d]", el, i))
			if err != nil {
				return err
			}
			d.Values[i] = x * p.unit
		}
	}
	return err
}
