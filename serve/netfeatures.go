package serve

import (
	"fmt"
	"strconv"
	"strings"

	"queuelab/model/network"
)

// NetStationFeatures are a station's features beyond product form, as the
// page draws them (network.Station documents each).
type NetStationFeatures struct {
	Kind            string    `json:"kind,omitempty"`     // "router", "fork" or "join"; "" for a queue
	Policy          string    `json:"policy,omitempty"`   // a router's lb policy
	Buffer          int       `json:"buffer,omitempty"`   // 0: none
	Blocking        string    `json:"blocking,omitempty"` // after-service or before-service, with a buffer
	JoinProbability []float64 `json:"join,omitempty"`
	Rates           []float64 `json:"rates,omitempty"`
	Scheduled       bool      `json:"scheduled,omitempty"` // the servers follow a schedule
}

func graphFeatures(s *network.Station) NetStationFeatures {
	f := NetStationFeatures{Buffer: s.Buffer, JoinProbability: s.JoinProbability, Rates: s.Rates, Scheduled: s.Schedule != nil}
	if s.Kind != network.Queue {
		f.Kind = s.Kind.String()
	}
	if s.LB != nil {
		f.Policy = s.LB.Policy.String()
		if s.LB.Policy == network.LBPowerOfD {
			f.Policy += ":" + strconv.Itoa(s.LB.D)
		}
	}
	if s.Buffer > 0 {
		f.Blocking = s.Blocking.String()
	}
	return f
}

// routerRoutes draws each router's targets as routes of share 1/n, named
// by the policy.
func routerRoutes(n *network.Network) []NetRoute {
	var out []NetRoute
	for i := range n.Stations {
		s := &n.Stations[i]
		if s.LB == nil {
			continue
		}
		for _, to := range s.LB.To {
			out = append(out, NetRoute{From: s.Name, To: to, P: 1 / float64(len(s.LB.To)), Policy: s.LB.Policy.String()})
		}
	}
	return out
}

// applyFeature makes a change of the station features (buffer, join,
// rates, policy); it reports false for any other kind.
func (l *liveNet) applyFeature(c NetChange) (bool, error) {
	switch c.Kind {
	case "buffer":
		k, err := strconv.Atoi(c.Value)
		if err != nil {
			return true, fmt.Errorf("buffer of %q: %q is not a whole number", clip(c.Station, 40), clip(c.Value, 20))
		}
		return true, l.sim.SetBuffer(c.Station, k)
	case "join", "rates":
		xs, err := numberList(c.Value)
		if err != nil {
			return true, fmt.Errorf("%s of %q: %v", c.Kind, clip(c.Station, 40), err)
		}
		if c.Kind == "join" {
			return true, l.sim.SetJoinProbability(c.Station, xs)
		}
		return true, l.sim.SetRates(c.Station, xs)
	case "policy":
		name, d, _ := strings.Cut(c.Value, ":")
		k := 0
		if d != "" {
			var err error
			if k, err = strconv.Atoi(d); err != nil {
				return true, fmt.Errorf("policy of %q: d %q is not a whole number", clip(c.Station, 40), clip(d, 20))
			}
		}
		return true, l.sim.SetPolicy(c.Station, name, k)
	}
	return false, nil
}

// numberList reads "1, 0.5, 0.2".
func numberList(s string) ([]float64, error) {
	parts := strings.Split(s, ",")
	if len(parts) > network.MaxFeatureList {
		return nil, fmt.Errorf("at most %d values, got %d", network.MaxFeatureList, len(parts))
	}
	out := make([]float64, len(parts))
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number (want a list like 1, 0.5, 0.2)", clip(strings.TrimSpace(p), 20))
		}
		out[i] = x
	}
	return out, nil
}
