package network

import "go.yaml.in/yaml/v3"

// The writer's part for the station features of features.go.

// writeServers adds a station's servers: a schedule's steps, or nothing for
// a router. It reports whether it wrote them.
func writeServers(m *yaml.Node, s *Station) bool {
	switch {
	case s.Kind == Router:
		add(m, "kind", str(s.Kind.String()))
		return true
	case s.Schedule != nil:
		steps := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, st := range s.Schedule {
			steps.Content = append(steps.Content, &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle,
				Content: []*yaml.Node{num(st.At), integer(st.Servers)}})
		}
		add(m, "servers", steps)
		add(m, "discipline", str(s.Discipline.String()))
		if s.Period > 0 {
			add(m, "period", num(s.Period))
		}
		return true
	}
	return false
}

// writeFeatures adds a station's buffer, blocking, rates and join
// probabilities.
func writeFeatures(m *yaml.Node, s *Station) {
	if s.Buffer > 0 {
		add(m, "buffer", integer(s.Buffer))
		add(m, "blocking", str(s.Blocking.String()))
	}
	if s.Rates != nil {
		add(m, "rates", numList(s.Rates))
	}
	if s.JoinProbability != nil {
		add(m, "join_probability", numList(s.JoinProbability))
	}
}

// lbNodes adds the routers' lb rows to the routing mapping root (created
// when nil), after the other rows.
func lbNodes(root *yaml.Node, stations []Station) *yaml.Node {
	for i := range stations {
		lb := stations[i].LB
		if lb == nil {
			continue
		}
		if root == nil {
			root = mapNode()
		}
		m := flowMap()
		add(m, "policy", str(lb.Policy.String()))
		to := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, t := range lb.To {
			to.Content = append(to.Content, str(t))
		}
		add(m, "to", to)
		if lb.D > 0 {
			add(m, "d", integer(lb.D))
		}
		row := flowMap()
		add(row, "lb", m)
		add(root, stations[i].Name, row)
	}
	return root
}
