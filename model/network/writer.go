package network

import (
	"bytes"
	"strconv"

	"go.yaml.in/yaml/v3"

	"queuelab/des"
	"queuelab/model/dist"
)

// YAML writes n in the file format (times in seconds), so that a network
// changed while running can be saved: Parse reads the result back to the
// same network. n must be valid.
func (n *Network) YAML() ([]byte, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	root := mapNode()
	if n.Name != "" {
		add(root, "name", str(n.Name))
	}
	classes := &yaml.Node{Kind: yaml.SequenceNode}
	for _, c := range n.Classes {
		classes.Content = append(classes.Content, classNode(c, n.Stations))
	}
	add(root, "classes", classes)
	stations := &yaml.Node{Kind: yaml.SequenceNode}
	for i := range n.Stations {
		stations.Content = append(stations.Content, stationNode(&n.Stations[i], n.Classes))
	}
	add(root, "stations", stations)
	var routing *yaml.Node
	if len(n.Routes) > 0 {
		routing = routingNode(n.Routes)
	}
	if routing = lbNodes(addSplits(routing, n.Stations), n.Stations); routing != nil {
		add(root, "routing", routing)
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}}); err != nil {
		return nil, err
	}
	return b.Bytes(), enc.Close()
}

func mapNode() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode} }

func flowMap() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle} }

func add(m *yaml.Node, key string, v *yaml.Node) { m.Content = append(m.Content, str(key), v) }

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func num(x float64) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.FormatFloat(x, 'g', -1, 64)}
}

func integer(i int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(i)}
}

func classNode(c Class, stations []Station) *yaml.Node {
	m := flowMap()
	add(m, "name", str(c.Name))
	if !c.Open() {
		add(m, "population", integer(c.Population))
		add(m, "start", str(c.Start))
		addInitial(m, c.Initial, stations)
		return m
	}
	a := flowMap()
	add(a, "to", str(c.Arrivals.To))
	d := c.Arrivals.Interarrival
	switch {
	case c.Arrivals.MAP != nil || c.Arrivals.Rates != nil:
		addProcess(a, c.Arrivals)
	case d.Memoryless() && 1/(1/d.MeanValue()) == d.MeanValue():
		add(a, "rate", num(1/d.MeanValue()))
	default:
		add(a, "interarrival", distNode(d))
	}
	if c.Arrivals.Batch != nil {
		add(a, "batch", batchNode(c.Arrivals.Batch))
	}
	add(m, "arrivals", a)
	addInitial(m, c.Initial, stations)
	return m
}

// distNode writes d's family and parameters (dist.Family.Params).
func distNode(d Dist) *yaml.Node {
	m := flowMap()
	add(m, "dist", str(d.Name()))
	for _, p := range d.Params() {
		var v *yaml.Node
		switch p.Key.Kind {
		case dist.Whole:
			v = integer(int(p.Value.Num))
		case dist.List:
			v = numList(p.Value.List)
		case dist.Matrix:
			v = &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
			for _, row := range p.Value.Rows {
				v.Content = append(v.Content, numList(row))
			}
		default:
			v = num(p.Value.Num)
		}
		add(m, p.Key.Name, v)
	}
	return m
}

func numList(xs []float64) *yaml.Node {
	vs := flowList()
	for _, x := range xs {
		vs.Content = append(vs.Content, num(x))
	}
	return vs
}

func stationNode(s *Station, classes []Class) *yaml.Node {
	if s.Kind == Fork || s.Kind == Join {
		return forkNode(s)
	}
	m := mapNode()
	add(m, "name", str(s.Name))
	switch {
	case writeServers(m, s): // a router or a schedule
	case s.Servers == des.Infinite:
		add(m, "servers", str("inf"))
	default:
		add(m, "servers", integer(s.Servers))
		add(m, "discipline", str(s.Discipline.String()))
	}
	if s.ServiceByClass != nil {
		per := mapNode()
		for _, c := range classes { // class order, not map order
			if d, ok := s.ServiceByClass[c.Name]; ok {
				add(per, c.Name, distNode(d))
			}
		}
		add(m, "service", per)
	} else if s.Service.Given() {
		add(m, "service", distNode(s.Service))
	}
	if s.Capacity > 0 {
		add(m, "capacity", integer(s.Capacity))
	}
	if s.Patience.Given() {
		add(m, "patience", distNode(s.Patience))
	}
	writeFeatures(m, s)
	return m
}

// routingNode groups the routes by station, then by class, in the order
// they first appear.
func routingNode(routes []Route) *yaml.Node {
	root := mapNode()
	rows := map[string]*yaml.Node{}
	perClass := map[[2]string]*yaml.Node{}
	for _, rt := range routes {
		row, ok := rows[rt.From]
		if !ok {
			row = flowMap()
			if rt.Class != "" {
				row.Style = 0
			}
			rows[rt.From] = row
			add(root, rt.From, row)
		}
		target := row
		if rt.Class != "" {
			k := [2]string{rt.From, rt.Class}
			if target, ok = perClass[k]; !ok {
				target = flowMap()
				perClass[k] = target
				add(row, rt.Class, target)
			}
		}
		to := rt.To
		if rt.ToClass != "" {
			to += "/" + rt.ToClass
		}
		add(target, to, num(rt.Prob))
	}
	return root
}
