package scenario

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"queuelab/model/input"
)

// Action is one timed control change.
type Action struct {
	Minute  int    // when, in whole minutes from the start of the run
	Control string // a Control's Name
	Value   input.Value
	Source  string // where it was written: "file.yaml:3" or "--at 5m:servers=10"
}

func (a Action) String() string {
	return fmt.Sprintf("%dm %s=%s", a.Minute, a.Control, a.Value.Text)
}

// Playbook is a list of actions in the order they apply: by minute, and
// within a minute in the order written.
type Playbook []Action

// Merge returns the actions of p and q in one playbook, ordered by minute;
// within a minute p's come before q's.
func (p Playbook) Merge(q Playbook) Playbook {
	out := append(append(Playbook{}, p...), q...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Minute < out[j].Minute })
	return out
}

// At returns the actions of minute m.
func (p Playbook) At(m int) []Action {
	i := sort.Search(len(p), func(i int) bool { return p[i].Minute >= m })
	j := i
	for j < len(p) && p[j].Minute == m {
		j++
	}
	return p[i:j]
}

// MaxPlaybookMinute bounds action times (one week) so that a typo such as
// "5000h" is reported instead of silently never happening.
const MaxPlaybookMinute = 7 * 24 * 60

// ParseMinute parses a time of a run at which controls change (a
// playbook's or --at's action time, a sweep's "at"): a Go duration ("5m",
// "1h30m") or a bare number of minutes, which must be a whole number of
// minutes from 0 to MaxPlaybookMinute.
func ParseMinute(s string) (int, error) {
	s = strings.TrimSpace(s)
	late := func() error {
		return fmt.Errorf("invalid time %s: after the end of the longest run (%d minutes, one week)", input.QuoteShort(s), MaxPlaybookMinute)
	}
	var d time.Duration
	if n, ok := input.ParseSeconds(s); ok && !strings.ContainsAny(s, "hmsuµn") {
		if n > MaxPlaybookMinute {
			return 0, late()
		}
		n = max(n, -1) // any negative time is refused below
		d = time.Duration(n * float64(time.Minute))
	} else {
		var err error
		if mins, ok := roughMinutes(s); ok && mins > MaxPlaybookMinute {
			return 0, late() // before ParseDuration, which overflows past 292 years
		}
		if d, err = time.ParseDuration(s); err != nil {
			return 0, fmt.Errorf("invalid time %s: want a duration such as \"5m\" or \"1h30m\", or a number of minutes", input.QuoteShort(s))
		}
	}
	if d < 0 {
		return 0, fmt.Errorf("invalid time %s: controls change at whole minutes from the start (0m, 1m, 2m, …), not before it", input.QuoteShort(s))
	}
	if d/time.Minute > MaxPlaybookMinute {
		return 0, late()
	}
	if d%time.Minute != 0 {
		return 0, fmt.Errorf("invalid time %s: controls change at whole minutes from the start (0m, 1m, 2m, …)", input.QuoteShort(s))
	}
	return int(d / time.Minute), nil
}

// roughMinutes reads a positive Go duration ("5m", "1h30m", "99999999999h")
// as a float64 number of minutes, without ParseDuration's int64 overflow;
// ok is false for anything else.
func roughMinutes(s string) (float64, bool) {
	units := []struct {
		name string
		min  float64
	}{{"ns", 1e-9 / 60}, {"us", 1e-6 / 60}, {"µs", 1e-6 / 60}, {"ms", 1e-3 / 60}, {"s", 1.0 / 60}, {"m", 1}, {"h", 60}}
	total := 0.0
	for s != "" {
		i := strings.IndexFunc(s, func(r rune) bool { return !(r >= '0' && r <= '9' || r == '.') })
		if i <= 0 {
			return 0, false
		}
		x, err := strconv.ParseFloat(s[:i], 64)
		if err != nil {
			return 0, false
		}
		s = s[i:]
		found := false
		for _, u := range units {
			if strings.HasPrefix(s, u.name) { // "ms" is tried before "m"
				total += x * u.min
				s, found = s[len(u.name):], true
				break
			}
		}
		if !found {
			return 0, false
		}
	}
	return total, true
}

// ParseAt parses one --at flag value "TIME:name=value,name=value", e.g.
// "5m:servers=10,shedding=on".
func ParseAt(spec string, controls []input.Control) (Playbook, error) {
	src := "--at " + input.ShortText(spec)
	at, sets, ok := strings.Cut(spec, ":")
	if !ok {
		return nil, fmt.Errorf("%s: want TIME:control=value[,control=value…], e.g. 5m:servers=10,shedding=on", src)
	}
	m, err := ParseMinute(at)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	var pb Playbook
	for _, kv := range strings.Split(sets, ",") {
		name, raw, ok := strings.Cut(kv, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, fmt.Errorf("%s: %s is not control=value", src, input.QuoteShort(kv))
		}
		for _, a := range pb { // as a playbook's duplicate key: which value would win is not what the user wrote
			if a.Control == name {
				return nil, fmt.Errorf("%s: %s is set twice at the same time (first %s=%s): give each control once", src, input.QuoteShort(name), input.ShortText(name), input.ShortText(a.Value.Text))
			}
		}
		a, err := newAction(m, name, raw, src, controls)
		if err != nil {
			return nil, err
		}
		pb = append(pb, a)
	}
	return pb, nil
}

func newAction(m int, name, raw, src string, controls []input.Control) (Action, error) {
	c, err := input.Find(controls, name)
	if err != nil {
		return Action{}, fmt.Errorf("%s: %w", src, err)
	}
	v, err := c.Parse(raw)
	if err != nil {
		return Action{}, fmt.Errorf("%s: %w", src, err)
	}
	return Action{Minute: m, Control: name, Value: v, Source: src}, nil
}

// LoadFile reads a playbook file of at most MaxInputFile bytes; see
// ParseYAML.
func LoadFile(path string, controls []input.Control) (Playbook, error) {
	data, err := input.ReadInput(path, input.MaxInputFile)
	if err != nil {
		return nil, err
	}
	return ParseYAML(path, data, controls)
}

// ParseYAML parses a playbook: a YAML list of steps, each a mapping with
// "at" (a time) and "set" (a mapping of control names to values):
//
//   - at: 5m
//     set: {servers: 10, shedding: on, retry: backoff}
//   - at: 30m
//     set: {servers: 6}
//
// Errors name the file, the line, the control, the value and the valid
// range. An empty file is an empty playbook.
func ParseYAML(file string, data []byte, controls []input.Control) (Playbook, error) {
	root, err := oneDocument(file, data)
	if root == nil || err != nil {
		return nil, err
	}
	where := func(n *yaml.Node) string { return fmt.Sprintf("%s:%d", file, n.Line) }
	if root.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("%s: a playbook is a list of steps such as \"- at: 5m\\n  set: {servers: 10}\"", where(root))
	}
	var pb Playbook
	for _, step := range root.Content {
		if step.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("%s: each step is a mapping with \"at\" and \"set\"", where(step))
		}
		if err := noDuplicateKeys(file, step); err != nil {
			return nil, err
		}
		var atNode, setNode *yaml.Node
		for i := 0; i+1 < len(step.Content); i += 2 {
			k, v := step.Content[i], step.Content[i+1]
			switch k.Value {
			case "at":
				atNode = v
			case "set":
				setNode = v
			default:
				return nil, fmt.Errorf("%s: unknown key %s in a step (valid: at, set)", where(k), input.QuoteShort(k.Value))
			}
		}
		if atNode == nil || setNode == nil {
			return nil, fmt.Errorf("%s: a step needs both \"at\" and \"set\"", where(step))
		}
		if atNode.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("%s: \"at\" must be a time such as 5m", where(atNode))
		}
		m, err := ParseMinute(atNode.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where(atNode), err)
		}
		if setNode.Kind != yaml.MappingNode || len(setNode.Content) == 0 {
			return nil, fmt.Errorf("%s: \"set\" must be a mapping of controls to values, e.g. {servers: 10}", where(setNode))
		}
		if err := noDuplicateKeys(file, setNode); err != nil {
			return nil, err
		}
		for i := 0; i+1 < len(setNode.Content); i += 2 {
			k, v := setNode.Content[i], setNode.Content[i+1]
			if v.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("%s: control %s: the value must be a single value", where(v), input.ShortText(k.Value))
			}
			a, err := newAction(m, k.Value, v.Value, where(k), controls)
			if err != nil {
				return nil, err
			}
			pb = append(pb, a)
		}
	}
	return pb.Merge(nil), nil
}

// oneDocument parses data as exactly one YAML document and returns its
// root node (nil for an empty file). A second document ("---" and more) is
// an error naming its line: it would otherwise be silently ignored.
func oneDocument(file string, data []byte) (*yaml.Node, error) {
	var doc yaml.Node
	second, err := input.DecodeYAML(data, &doc)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: %v", file, strings.TrimPrefix(err.Error(), "yaml: "))
	case second > 0:
		return nil, fmt.Errorf("%s:%d: a second YAML document: a playbook is one list of steps (remove the \"---\" line)", file, second)
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	return doc.Content[0], nil
}

// noDuplicateKeys refuses a mapping that has a key twice: YAML parsers
// differ on which one wins, so the file cannot mean what it says.
func noDuplicateKeys(file string, m *yaml.Node) error {
	first := make(map[string]int, len(m.Content)/2)
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		if line, seen := first[k.Value]; seen {
			return fmt.Errorf("%s:%d: duplicate key %s (first at line %d)", file, k.Line, input.QuoteShort(k.Value), line)
		}
		first[k.Value] = k.Line
	}
	return nil
}

// After returns the actions of p at or after minute end: in a run of end
// minutes they never apply.
func (p Playbook) After(end int) Playbook {
	i := sort.Search(len(p), func(i int) bool { return p[i].Minute >= end })
	return p[i:]
}

// WriteYAML writes pb in the format ParseYAML reads (one step per minute).
func (p Playbook) WriteYAML(sb *strings.Builder) {
	for i := 0; i < len(p); {
		m := p[i].Minute
		fmt.Fprintf(sb, "- at: %dm\n  set: {", m)
		for j := 0; i < len(p) && p[i].Minute == m; i, j = i+1, j+1 {
			if j > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(sb, "%s: %s", p[i].Control, quoteIfNeeded(p[i].Value.Text))
		}
		sb.WriteString("}\n")
	}
}

func quoteIfNeeded(s string) string {
	if s == "" || strings.ContainsAny(s, ",:{}[]#&*!|>'\"%@`") {
		return fmt.Sprintf("%q", s)
	}
	return s
}

// ErrUnknownScenario is returned by System.Scenario for an unknown name.
var ErrUnknownScenario = errors.New("unknown scenario")
