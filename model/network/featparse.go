package network

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The reader's part for the station features of features.go.

// featureKeys are the station keys of features.go.
var featureKeys = []string{"kind", "buffer", "blocking", "rates", "join_probability", "period"}

// stationFeature reads one feature key of a station; it reports false for
// a key that is not a feature.
func (p *reader) stationFeature(s *Station, f field, fe string) (bool, error) {
	var err error
	switch f.key {
	case "kind":
		var i int
		i, err = p.oneOf(f.val, fe, "kind", stationKinds[:])
		s.Kind = StationKind(i)
	case "buffer":
		s.Buffer, err = p.integer(f.val, fe, 1, 100_000_000)
	case "blocking":
		var i int
		i, err = p.oneOf(f.val, fe, "blocking", blockingNames[:])
		s.Blocking = Blocking(i)
	case "rates":
		s.Rates, err = p.numberList(f.val, fe, "[r1, r2, …] (multipliers with 1, 2, … present)")
	case "join_probability":
		s.JoinProbability, err = p.numberList(f.val, fe, "[p0, p1, …] (join probabilities with 0, 1, … present)")
	case "period":
		s.Period, err = p.num(f.val, fe)
		s.Period *= p.unit
	default:
		return false, nil
	}
	return true, err
}

// oneOf reads n as one of names and returns its index; an error names
// elem, and for an unknown name what and the valid names.
func (p *reader) oneOf(n *yaml.Node, elem, what string, names []string) (int, error) {
	name, err := p.str(n, elem)
	if err != nil {
		return 0, err
	}
	i, err := parseName(what, name, names)
	if err != nil {
		return 0, p.fail(n, elem, "%v", err)
	}
	return i, nil
}

// numberList reads a feature's list of numbers (1 to MaxFeatureList);
// form shows the list's shape in the error.
func (p *reader) numberList(n *yaml.Node, elem, form string) ([]float64, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.fail(n, elem, "must be a list %s, got %s", form, describe(n))
	}
	if len(n.Content) == 0 || len(n.Content) > MaxFeatureList {
		return nil, p.fail(n, elem, "needs 1 to %d values, got %d", MaxFeatureList, len(n.Content))
	}
	return p.values(n, elem, 1)
}

// schedule reads servers: [[time, servers], …].
func (p *reader) schedule(s *Station, n *yaml.Node, fe string) error {
	if len(n.Content) == 0 || len(n.Content) > MaxFeatureList {
		return p.fail(n, fe, "a schedule needs 1 to %d steps [time, servers], got %d", MaxFeatureList, len(n.Content))
	}
	s.Schedule = make([]ServerStep, len(n.Content))
	for k, step := range n.Content {
		el := fmt.Sprintf("%s[%d]", fe, k)
		if step.Kind != yaml.SequenceNode || len(step.Content) != 2 {
			return p.fail(step, el, "a step is [time, servers], got %s", describe(step))
		}
		at, err := p.num(step.Content[0], el+" time")
		if err != nil {
			return err
		}
		c, err := p.integer(step.Content[1], el+" servers", 1, MaxServers)
		if err != nil {
			return err
		}
		s.Schedule[k] = ServerStep{At: at * p.unit, Servers: c}
	}
	s.Servers = s.Schedule[0].Servers
	return nil
}

// lbRow reads a router's routing row {lb: {policy: P, to: [S, …], d: D}}
// onto its station.
func (p *reader) lbRow(row field, fs []field, el string, net *Network) error {
	if len(fs) != 1 {
		return p.fail(row.keyNode, el, "a router's row is lb: {policy: …, to: […]} alone")
	}
	lel := elemField(el, "lb")
	p.mark(lel, fs[0].keyNode)
	st := stationNamed(net, row.key)
	if st == nil {
		return p.fail(row.keyNode, el, "unknown station %q", cut(row.key))
	}
	lfs, err := p.mapping(fs[0].val, lel, []string{"policy", "to", "d"})
	if err != nil {
		return err
	}
	lb := &LoadBalance{}
	havePolicy := false
	for _, f := range lfs {
		switch f.key {
		case "policy":
			name, err := p.str(f.val, lel+" policy")
			if err != nil {
				return err
			}
			i, err := parseName("policy", name, lbNames[:])
			if err != nil {
				return p.fail(f.val, lel, "%v", err)
			}
			lb.Policy, havePolicy = LBPolicy(i), true
		case "to":
			if f.val.Kind != yaml.SequenceNode {
				return p.fail(f.val, lel+" to", "must be a list of stations [s1, s2, …], got %s", describe(f.val))
			}
			for k, v := range f.val.Content {
				name, err := p.str(v, fmt.Sprintf("%s to[%d]", lel, k))
				if err != nil {
					return err
				}
				lb.To = append(lb.To, name)
			}
		case "d":
			if lb.D, err = p.integer(f.val, lel+" d", 1, MaxStations); err != nil {
				return err
			}
		}
	}
	if !havePolicy {
		return p.fail(fs[0].val, lel, "missing key policy (valid: %s)", strings.Join(lbNames[:], ", "))
	}
	st.LB = lb
	return nil
}

// lbRowOf reports whether a routing row is a router's {lb: {…}} (and not a
// probability to a station named lb).
func lbRowOf(fs []field) bool {
	for _, f := range fs {
		if f.key == "lb" && f.val.Kind == yaml.MappingNode && hasKey(fieldsOf(f.val), "policy") {
			return true
		}
	}
	return false
}

// fieldsOf lists the keys of a mapping node, unchecked.
func fieldsOf(n *yaml.Node) []field {
	var out []field
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, field{key: n.Content[i].Value, keyNode: n.Content[i], val: n.Content[i+1]})
	}
	return out
}
