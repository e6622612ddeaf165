package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"queuelab/analytic"
	"queuelab/des/queueing"
	"queuelab/model/network"
	"queuelab/validate"
)

// netSolveAt prints the transient measures of n at each time of at (net
// solve --at), from the exact CTMC by uniformization.
func netSolveAt(w io.Writer, n *network.Network, file string, an analytic.Network, at []string, asJSON bool) error {
	times := make([]float64, len(at))
	for k, s := range at {
		t, err := flagSeconds("at", s, 0, 1e8, false)
		if err != nil {
			return err
		}
		times[k] = t
	}
	values, bounds, err := analytic.CTMCTransient(an, times)
	if err != nil {
		return fmt.Errorf("%s: --at needs the exact CTMC: %v", validate.NetworkTitle(n.Name, file), err)
	}
	if asJSON {
		return writeNetAtJSON(w, times, values, bounds)
	}
	start := "after an empty start (closed classes at their start station)"
	for _, c := range n.Classes {
		if len(c.Initial) > 0 {
			start = "from the file's initial state (initial:; stations it leaves out start empty)"
		}
	}
	fmt.Fprintf(w, "%s: measures at time t %s, exact CTMC by uniformization; each value is within its bound\n", validate.NetworkTitle(n.Name, file), start)
	for k, t := range times {
		fmt.Fprintf(w, "\nt = %s s\n", validate.FormatValue(t))
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "station\tclass\tmetric\tvalue\t± bound")
		for j, m := range values[k] {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.2g\n", m.Station, orDash(m.Class), m.Name, validate.FormatValue(m.Value), bounds[k][j].Value)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

func writeNetAtJSON(w io.Writer, times []float64, values, bounds [][]analytic.NetMetric) error {
	type metric struct {
		Station string              `json:"station"`
		Class   *string             `json:"class"`
		Name    queueing.Metric     `json:"name"`
		Value   validate.JSONNumber `json:"value"`
		Bound   validate.JSONNumber `json:"bound"`
	}
	type snapshot struct {
		T       validate.JSONNumber `json:"t_s"`
		Metrics []metric            `json:"metrics"`
	}
	out := struct {
		Method    string     `json:"method"`
		Transient []snapshot `json:"transient"`
	}{Method: analytic.MethodCTMC}
	for k, t := range times {
		sn := snapshot{T: validate.JSONNumber(t)}
		for j, m := range values[k] {
			sn.Metrics = append(sn.Metrics, metric{m.Station, validate.JSONClass(m.Class), m.Name, validate.JSONNumber(m.Value), validate.JSONNumber(bounds[k][j].Value)})
		}
		out.Transient = append(out.Transient, sn)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
