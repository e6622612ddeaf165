package network

import (
	"strconv"

	"go.yaml.in/yaml/v3"
)

// The writer's part for MAP and time-varying arrivals, batches and the
// initial state (times in seconds, as YAML writes every network).

func flowList() *yaml.Node { return &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle} }

// addProcess writes map: {D0, D1} or rate: [[t, r], …] and period.
func addProcess(a *yaml.Node, arr *Arrivals) {
	if m := arr.MAP; m != nil {
		mp := flowMap()
		for _, x := range []struct {
			key string
			d   [][]float64
		}{{"D0", m.D0}, {"D1", m.D1}} {
			rows := flowList()
			for _, row := range x.d {
				rows.Content = append(rows.Content, numList(row))
			}
			add(mp, x.key, rows)
		}
		add(a, "map", mp)
		return
	}
	steps := flowList()
	for _, st := range arr.Rates {
		steps.Content = append(steps.Content, numList([]float64{st.At, st.Rate}))
	}
	add(a, "rate", steps)
	if arr.Period > 0 {
		add(a, "period", num(arr.Period))
	}
}

func batchNode(b *Batch) *yaml.Node {
	m := flowMap()
	add(m, "dist", str(b.Kind.String()))
	if b.Kind != BatchValues {
		add(m, "mean", num(b.Mean))
		return m
	}
	vs := flowList()
	for _, v := range b.Values {
		vs.Content = append(vs.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(v)})
	}
	add(m, "values", vs)
	if b.P != nil {
		add(m, "p", numList(b.P))
	}
	return m
}

// addInitial writes initial: {station: count} in station order.
func addInitial(m *yaml.Node, init map[string]int, stations []Station) {
	if init == nil {
		return
	}
	in := flowMap()
	for _, st := range stations {
		if v, ok := init[st.Name]; ok {
			add(in, st.Name, integer(v))
		}
	}
	add(m, "initial", in)
}
