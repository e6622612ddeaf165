package serve

import (
	"queuelab/analytic"
	"queuelab/des/queueing"
)

// This file completes the analytic side of the network page where
// analytic.SolveNetwork leaves rows the simulation measures without a
// formula: the end-to-end figures of a network of one class (solved under
// the class's name, measured for all classes together) and the stations
// upstream of an unstable one (SolveNetwork refuses the whole network).

// oneClassTotals copies the "network" figures of a network's only class to
// class "" (all classes), where the simulation reports them: in a network
// of one class the two are the same customers.
func oneClassTotals(fs []NetFormula, classes int) []NetFormula {
	if classes != 1 {
		return fs
	}
	type key struct{ name, method string }
	have := map[key]bool{}
	for _, f := range fs {
		if f.Station == "network" && f.Class == "" {
			have[key{f.Name, f.Method}] = true
		}
	}
	out := fs
	for _, f := range fs {
		if f.Station != "network" || f.Class == "" || have[key{f.Name, f.Method}] {
			continue
		}
		g := f
		g.Class = ""
		out = append(out, g)
	}
	return out
}

// upstreamFormulas solves the part of an open network that no unstable
// station feeds: every station that cannot be reached from an unstable
// one, whose arrivals therefore never passed an unstable station (a route
// from there into the unstable part counts as leaving).
// Those stations see the same traffic as if the rest of the network did
// not exist, so the formulas of the network cut down to them hold there
// (exact where the method is). End-to-end figures are left out: the
// customers who go on into the unstable part never finish. It returns nil
// when the cut is not possible (closed classes, or a class that enters
// at a station fed by an unstable one).
func upstreamFormulas(n analytic.Network, unstable []NetUnstable) []NetFormula {
	M, R := len(n.Stations), len(n.Classes)
	if M == 0 || len(n.Routing) != R*M {
		return nil
	}
	bad := make([]bool, M)
	var queue []int
	for _, u := range unstable {
		for i, st := range n.Stations {
			if st.Name == u.Station && !bad[i] {
				bad[i] = true
				queue = append(queue, i)
			}
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for r := range R {
			for c, p := range n.Routing[r*M+i] {
				if j := c % M; p > 0 && !bad[j] {
					bad[j] = true
					queue = append(queue, j)
				}
			}
		}
	}
	keep := []int{}
	index := make([]int, M)
	for i := range M {
		index[i] = -1
		if !bad[i] {
			index[i] = len(keep)
			keep = append(keep, i)
		}
	}
	if len(keep) == 0 {
		return nil
	}
	sub := analytic.Network{Classes: append([]analytic.NetClass(nil), n.Classes...)}
	for r := range sub.Classes {
		c := &sub.Classes[r]
		if c.Rate <= 0 || bad[c.Source] {
			return nil
		}
		c.Source = index[c.Source]
	}
	for _, i := range keep {
		sub.Stations = append(sub.Stations, n.Stations[i])
	}
	K := len(keep)
	sub.Routing = make([][]float64, R*K)
	for r := range R {
		for a, i := range keep {
			row := make([]float64, R*K)
			for c, p := range n.Routing[r*M+i] {
				// Every station a kept one routes to is kept (what the
				// unstable part reaches is cut whole).
				if j := index[c%M]; p > 0 && j >= 0 {
					row[(c/M)*K+j] = p
				}
			}
			sub.Routing[r*K+a] = row
		}
	}
	ms, err := analytic.SolveNetwork(sub)
	if err != nil {
		return nil
	}
	var out []NetFormula
	for _, m := range ms {
		if m.Station == "network" {
			continue
		}
		out = append(out, NetFormula{Station: m.Station, Class: m.Class, Name: string(m.Name), Value: m.Value, Method: m.Method, Exact: m.Exact})
	}
	return out
}

// netChecker is implemented by a NetLive that can tell whether a change
// would be accepted without making it, so the page refuses a bad change at
// once instead of at the next step.
type netChecker interface {
	Check(c NetChange) error
}

// Check applies c to a throwaway copy of the network as it is now and
// reports the copy's error: the same checks Apply makes, the running
// simulation untouched.
func (l *liveNet) Check(c NetChange) error {
	tmp := &liveNet{seed: l.seed}
	if err := tmp.restart(l.sim.Network(), l.Now()); err != nil {
		return err
	}
	return tmp.Apply(c)
}

// preferClosedForms keeps the exact CTMC's value of a row only where no
// closed form is exact for it, as net run's verdicts do
// (analytic.PreferClosedForms).
func preferClosedForms(fs []NetFormula) []NetFormula {
	ms := make([]analytic.NetMetric, len(fs))
	for i, f := range fs {
		ms[i] = analytic.NetMetric{Station: f.Station, Class: f.Class, Name: queueing.Metric(f.Name), Value: f.Value, Method: f.Method, Exact: f.Exact}
	}
	ms = analytic.PreferClosedForms(ms)
	out := make([]NetFormula, len(ms))
	for i, m := range ms {
		out[i] = NetFormula{Station: m.Station, Class: m.Class, Name: string(m.Name), Value: m.Value, Method: m.Method, Exact: m.Exact}
	}
	return out
}
