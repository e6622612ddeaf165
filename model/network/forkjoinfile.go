package network

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"queuelab/des"
)

// forkKeys checks the keys of a fork or join station (name and kind only)
// and gives it no servers: neither serves anybody.
func (p *reader) forkKeys(s *Station, fs []field, el string) error {
	if !s.Kind.forkOrJoin() {
		return nil
	}
	for _, f := range fs {
		if f.key != "name" && f.key != "kind" {
			return p.fail(f.keyNode, el, "a %s takes no %s (it serves nobody; keys of a %s: name, kind)", s.Kind, f.key, s.Kind)
		}
	}
	s.Servers = des.Infinite
	return nil
}

// splitRow reads a fork's routing row, {split: {STATION: tasks, …}}, into
// its station's Split, and reports whether row was a fork's. A split in
// the row of a station that is not a fork is refused (unless a class is
// named split: then it is that class's row).
func (p *reader) splitRow(row field, net *Network) (bool, error) {
	el := elemRouting(row.key)
	st := stationNamed(net, row.key)
	if st == nil || st.Kind != Fork {
		if row.val.Kind == yaml.MappingNode && st != nil && !hasClass(net, "split") {
			for i := 0; i+1 < len(row.val.Content); i += 2 {
				if k := row.val.Content[i]; k.Value == "split" {
					return false, p.fail(k, el, "split: only a fork splits jobs into tasks; %q is a %s (give it kind: fork)", cut(row.key), st.Kind)
				}
			}
		}
		return false, nil
	}
	fs, err := p.mapping(row.val, el, []string{"split"})
	if err != nil {
		return true, err
	}
	if len(fs) == 0 {
		return true, p.fail(row.val, el, "a fork's row is {split: {STATION: tasks, …}}")
	}
	sel := elemField(el, "split")
	p.mark(sel, fs[0].keyNode)
	branches, err := p.mapping(fs[0].val, sel, nil)
	if err != nil {
		return true, err
	}
	if len(branches) == 0 {
		return true, p.fail(fs[0].val, sel, "empty: give {STATION: tasks, …}, one entry per branch")
	}
	for _, b := range branches {
		n, err := p.integer(b.val, fmt.Sprintf("%s tasks to %q", sel, cut(b.key)), 1, MaxTasks)
		if err != nil {
			return true, err
		}
		if strings.Contains(b.key, "/") {
			return true, p.fail(b.keyNode, sel, "branch %q: a task keeps its job's class; give a station", cut(b.key))
		}
		st.Split = append(st.Split, Branch{To: b.key, Tasks: n})
	}
	return true, nil
}

// stationNamed returns n's station of that name, nil if it has none.
func stationNamed(n *Network, name string) *Station {
	for i := range n.Stations {
		if n.Stations[i].Name == name {
			return &n.Stations[i]
		}
	}
	return nil
}

func hasClass(n *Network, name string) bool {
	for _, c := range n.Classes {
		if c.Name == name {
			return true
		}
	}
	return false
}

// forkNode writes a fork or join station: its name and kind.
func forkNode(s *Station) *yaml.Node {
	m := mapNode()
	add(m, "name", str(s.Name))
	add(m, "kind", str(s.Kind.String()))
	return m
}

// addSplits adds each fork's row, {split: {STATION: tasks, …}}, to the
// routing node root (nil: none yet) and returns it.
func addSplits(root *yaml.Node, stations []Station) *yaml.Node {
	for i := range stations {
		s := &stations[i]
		if s.Kind != Fork {
			continue
		}
		if root == nil {
			root = mapNode()
		}
		split := flowMap()
		for _, b := range s.Split {
			add(split, b.To, integer(b.Tasks))
		}
		row := flowMap()
		add(row, "split", split)
		add(root, s.Name, row)
	}
	return root
}
