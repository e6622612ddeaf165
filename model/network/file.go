package network

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"queuelab/model/dist"
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
		if valid != nil && !slices.Contains(valid, k.Value) {
			return nil, p.fail(k, elem, "unknown key %q (valid: %s)", cut(k.Value), strings.Join(valid, ", "))
		}
		out = append(out, field{k.Value, k, v})
	}
	return out, nil
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

// allDistKeys lists the keys a distribution mapping may hold: dist and
// every family's parameters (dist.Table), in the table's order.
var allDistKeys = func() []string {
	keys := []string{"dist"}
	for _, r := range dist.Table {
		for _, k := range r.Keys {
			if !slices.Contains(keys, k.Name) {
				keys = append(keys, k.Name)
			}
		}
	}
	return keys
}()

// dist reads {dist: NAME, parameters…} by the family's row of dist.Table;
// times are scaled to seconds (rates to per second). An error found in a
// parameter names that parameter's line.
func (p *reader) dist(n *yaml.Node, elem string) (Dist, error) {
	p.mark(elem, n)
	fs, err := p.mapping(n, elem, allDistKeys)
	if err != nil {
		return Dist{}, err
	}
	name, nameNode, err := p.distName(fs, n, elem, dist.Names())
	if err != nil {
		return Dist{}, err
	}
	row, err := dist.Lookup(name)
	if err != nil {
		return Dist{}, p.fail(nameNode, elem, "%v", err)
	}
	ps := dist.Params{}
	at := map[string]*yaml.Node{}
	for _, f := range fs {
		if f.key == "dist" {
			continue
		}
		key, ok := row.Key(f.key)
		if !ok {
			return Dist{}, p.fail(f.keyNode, elem, "%s does not apply to %s (%s takes: %s)", f.key, name, name, row.KeyNames())
		}
		if ps[f.key], err = p.distValue(key, f.val, elem+" "+f.key); err != nil {
			return Dist{}, err
		}
		at[f.key] = f.keyNode
	}
	d, err := dist.Parse(name, ps)
	if err != nil {
		where := n
		if ke, ok := err.(*dist.KeyError); ok && at[baseKey(ke.Key)] != nil {
			where = at[baseKey(ke.Key)]
		}
		return Dist{}, p.fail(where, elem, "%v", err)
	}
	return d, nil
}

// distName reads the dist key of the mapping n (its fields fs): the
// family's name and its node, or an error naming elem and the valid names.
func (p *reader) distName(fs []field, n *yaml.Node, elem string, valid any) (string, *yaml.Node, error) {
	for _, f := range fs {
		if f.key == "dist" {
			name, err := p.str(f.val, elem+" dist")
			return name, f.val, err
		}
	}
	return "", nil, p.fail(n, elem, "missing key dist (valid: %s)", valid)
}

func hasKey(fs []field, k string) bool {
	for _, f := range fs {
		if f.key == k {
			return true
		}
	}
	return false
}

// baseKey returns the key an error's key names: "values" for "values[3]".
func baseKey(k string) string {
	if i := strings.IndexByte(k, '['); i >= 0 {
		return k[:i]
	}
	return k
}

// maxListLen bounds a list parameter (an empirical law's values).
const maxListLen = 1_000_000

// distValue reads one parameter by its key's shape and unit.
func (p *reader) distValue(k dist.Key, n *yaml.Node, el string) (dist.Value, error) {
	scale := 1.0
	switch k.Unit {
	case dist.Time:
		scale = p.unit
	case dist.Rate:
		scale = 1 / p.unit
	}
	var v dist.Value
	var err error
	switch k.Kind {
	case dist.Number:
		v.Num, err = p.num(n, el)
		v.Num *= scale
	case dist.Whole:
		var i int
		i, err = p.integer(n, el, 1, 1000)
		v.Num = float64(i)
	case dist.List:
		v.List, err = p.numbers(n, el, scale)
	case dist.Matrix:
		if n.Kind != yaml.SequenceNode {
			return v, p.fail(n, el, "must be a list of rows [[a, b], [c, d]], got %s", describe(n))
		}
		v.Rows = make([][]float64, len(n.Content))
		for i, r := range n.Content {
			if v.Rows[i], err = p.numbers(r, fmt.Sprintf("%s[%d]", el, i), scale); err != nil {
				return v, err
			}
		}
	}
	return v, err
}

// numbers reads a list of finite numbers, each multiplied by scale.
func (p *reader) numbers(n *yaml.Node, el string, scale float64) ([]float64, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.fail(n, el, "must be a list of numbers [a, b, …], got %s", describe(n))
	}
	if len(n.Content) > maxListLen {
		return nil, p.fail(n, el, "at most %d numbers, got %d", maxListLen, len(n.Content))
	}
	return p.values(n, el, scale)
}

// values reads the numbers of the list n (its shape already checked),
// each multiplied by scale; an error names the item as el[i].
func (p *reader) values(n *yaml.Node, el string, scale float64) ([]float64, error) {
	out := make([]float64, len(n.Content))
	for i, v := range n.Content {
		x, err := p.num(v, fmt.Sprintf("%s[%d]", el, i))
		if err != nil {
			return nil, err
		}
		out[i] = x * scale
	}
	return out, nil
}
