package scenario

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Action is one timed control change.
type Action struct {
	Minute  int    // when, in whole minutes from the start of the run
	Control string // a Control's Name
	Value   Value
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

// parseMinute parses an action time: a Go duration ("5m", "1h30m") or a
// bare number of minutes, which must be a whole number of minutes.
func parseMinute(s string) (int, error) {
	s = strings.TrimSpace(s)
	var d time.Duration
	if n, ok := parseSeconds(s); ok && !strings.ContainsAny(s, "hmsuµn") {
		d = time.Duration(n * float64(time.Minute))
	} else {
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			return 0, fmt.Errorf("invalid time %q: want a duration such as \"5m\" or \"1h30m\", or a number of minutes", s)
		}
	}
	if d < 0 || d%time.Minute != 0 {
		return 0, fmt.Errorf("invalid time %q: controls change at whole minutes from the start (0m, 1m, 2m, …)", s)
	}
	m := int(d / time.Minute)
	if m > MaxPlaybookMinute {
		return 0, fmt.Errorf("invalid time %q: later than %d minutes", s, MaxPlaybookMinute)
	}
	return m, nil
}

// ParseAt parses one --at flag value "TIME:name=value,name=value", e.g.
// "5m:servers=10,shedding=on".
func ParseAt(spec string, controls []Control) (Playbook, error) {
	src := "--at " + spec
	at, sets, ok := strings.Cut(spec, ":")
	if !ok {
		return nil, fmt.Errorf("%s: want TIME:control=value[,control=value…], e.g. 5m:servers=10,shedding=on", src)
	}
	m, err := parseMinute(at)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	var pb Playbook
	for _, kv := range strings.Split(sets, ",") {
		name, raw, ok := strings.Cut(kv, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, fmt.Errorf("%s: %q is not control=value", src, kv)
		}
		a, err := newAction(m, name, raw, src, controls)
		if err != nil {
			return nil, err
		}
		pb = append(pb, a)
	}
	return pb, nil
}

func newAction(m int, name, raw, src string, controls []Control) (Action, error) {
	c, err := Find(controls, name)
	if err != nil {
		return Action{}, fmt.Errorf("%s: %w", src, err)
	}
	v, err := c.Parse(raw)
	if err != nil {
		return Action{}, fmt.Errorf("%s: %w", src, err)
	}
	return Action{Minute: m, Control: name, Value: v, Source: src}, nil
}

// LoadFile reads a playbook file; see ParseYAML.
func LoadFile(path string, controls []Control) (Playbook, error) {
	data, err := os.ReadFile(path)
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
func ParseYAML(file string, data []byte, controls []Control) (Playbook, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", file, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	where := func(n *yaml.Node) string { return fmt.Sprintf("%s:%d", file, n.Line) }
	root := doc.Content[0]
	if root.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("%s: a playbook is a list of steps such as \"- at: 5m\\n  set: {servers: 10}\"", where(root))
	}
	var pb Playbook
	for _, step := range root.Content {
		if step.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("%s: each step is a mapping with \"at\" and \"set\"", where(step))
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
				return nil, fmt.Errorf("%s: unknown key %q in a step (valid: at, set)", where(k), k.Value)
			}
		}
		if atNode == nil || setNode == nil {
			return nil, fmt.Errorf("%s: a step needs both \"at\" and \"set\"", where(step))
		}
		if atNode.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("%s: \"at\" must be a time such as 5m", where(atNode))
		}
		m, err := parseMinute(atNode.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where(atNode), err)
		}
		if setNode.Kind != yaml.MappingNode || len(setNode.Content) == 0 {
			return nil, fmt.Errorf("%s: \"set\" must be a mapping of controls to values, e.g. {servers: 10}", where(setNode))
		}
		for i := 0; i+1 < len(setNode.Content); i += 2 {
			k, v := setNode.Content[i], setNode.Content[i+1]
			if v.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("%s: control %s: the value must be a single value", where(v), k.Value)
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
