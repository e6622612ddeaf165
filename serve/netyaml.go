package serve

import (
	"bytes"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"queuelab/des"
	"queuelab/model/network"
)

// networkYAML writes n as a network file (the format network.Parse reads,
// times in seconds), after header (comment lines kept from the original
// file). Distributions and routing rows are written in flow style, as the
// catalogue's files are.
func networkYAML(n *network.Network, header string) []byte {
	root := mapNode()
	add(root, "name", scalar(n.Name))
	classes := &yaml.Node{Kind: yaml.SequenceNode}
	for _, c := range n.Classes {
		m := mapNode()
		add(m, "name", scalar(c.Name))
		if c.Open() {
			a := flowMap()
			add(a, "to", scalar(c.Arrivals.To))
			if d := c.Arrivals.Interarrival; d.Kind == network.Exp {
				add(a, "rate", number(1/d.Mean))
			} else {
				add(a, "interarrival", distNode(d))
			}
			add(m, "arrivals", a)
		} else {
			add(m, "population", number(float64(c.Population)))
			add(m, "start", scalar(c.Start))
		}
		classes.Content = append(classes.Content, m)
	}
	add(root, "classes", classes)
	stations := &yaml.Node{Kind: yaml.SequenceNode}
	for i := range n.Stations {
		stations.Content = append(stations.Content, stationNode(&n.Stations[i], n.Classes))
	}
	add(root, "stations", stations)
	if r := routingNode(n); len(r.Content) > 0 {
		add(root, "routing", r)
	}
	var b bytes.Buffer
	b.WriteString(header)
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		// Encoding a tree of plain scalars cannot fail; say so in the file
		// rather than send half of it.
		return []byte("# queuelab could not write this network: " + err.Error() + "\n")
	}
	_ = enc.Close()
	return b.Bytes()
}

func stationNode(s *network.Station, classes []network.Class) *yaml.Node {
	m := mapNode()
	add(m, "name", scalar(s.Name))
	if s.Servers == des.Infinite {
		add(m, "servers", scalar("inf"))
	} else {
		add(m, "servers", number(float64(s.Servers)))
		add(m, "discipline", scalar(s.Discipline.String()))
	}
	if s.ServiceByClass == nil {
		add(m, "service", distNode(s.Service))
	} else {
		per := flowMap()
		for _, c := range classes { // class order, not map order: byte-identical output
			if d, ok := s.ServiceByClass[c.Name]; ok {
				add(per, c.Name, distNode(d))
			}
		}
		add(m, "service", per)
	}
	if s.Capacity > 0 {
		add(m, "capacity", number(float64(s.Capacity)))
	}
	if s.Patience.Kind != network.NoDist {
		add(m, "patience", distNode(s.Patience))
	}
	return m
}

// routingNode writes one row per station, per class where any route of
// the station names a class (a row of every class is then repeated for
// each class).
func routingNode(n *network.Network) *yaml.Node {
	out := mapNode()
	for i := range n.Stations {
		from := n.Stations[i].Name
		var shared, perClass []network.Route
		for _, r := range n.Routes {
			if r.From != from {
				continue
			}
			if r.Class == "" {
				shared = append(shared, r)
			} else {
				perClass = append(perClass, r)
			}
		}
		switch {
		case len(perClass) == 0 && len(shared) > 0:
			add(out, from, targets(shared))
		case len(perClass) > 0:
			rows := mapNode()
			for _, c := range n.Classes {
				var rs []network.Route
				for _, r := range append(append([]network.Route(nil), shared...), perClass...) {
					if r.Class == "" || r.Class == c.Name {
						rs = append(rs, r)
					}
				}
				if len(rs) > 0 {
					add(rows, c.Name, targets(rs))
				}
			}
			add(out, from, rows)
		}
	}
	return out
}

func targets(rs []network.Route) *yaml.Node {
	m := flowMap()
	for _, r := range rs {
		key := r.To
		if r.ToClass != "" {
			key += "/" + r.ToClass
		}
		add(m, key, number(r.Prob))
	}
	return m
}

func distNode(d network.Dist) *yaml.Node {
	m := flowMap()
	add(m, "dist", scalar(d.Kind.String()))
	switch d.Kind {
	case network.Uniform:
		add(m, "min", number(d.Min))
		add(m, "max", number(d.Max))
		return m
	case network.Empirical:
		vs := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, v := range d.Values {
			vs.Content = append(vs.Content, number(v))
		}
		add(m, "values", vs)
		return m
	}
	add(m, "mean", number(d.Mean))
	switch d.Kind {
	case network.Erlang:
		add(m, "k", number(float64(d.K)))
	case network.Pareto:
		if d.Alpha != 0 {
			add(m, "alpha", number(d.Alpha))
		} else {
			add(m, "cv", number(d.CV))
		}
	case network.HyperExp, network.Gamma, network.LogNormal, network.Weibull:
		add(m, "cv", number(d.CV))
	}
	return m
}

func mapNode() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode} }
func flowMap() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle} }

// scalar is a string; the encoder quotes it where YAML would read it as
// something else (a number, a bool).
func scalar(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// number writes v in its shortest exact form.
func number(v float64) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.FormatFloat(v, 'g', -1, 64)}
}

func add(m *yaml.Node, key string, v *yaml.Node) {
	m.Content = append(m.Content, scalar(key), v)
}

// leadingComments returns the comment lines at the top of a file (its
// description and source), to head the edited file.
func leadingComments(src []byte) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(string(src), "\n") {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "#") {
			break
		}
		b.WriteString(strings.TrimRight(line, "\r\n") + "\n")
	}
	return b.String()
}
