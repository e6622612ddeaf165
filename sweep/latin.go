package sweep

import (
	"math"
	"strconv"

	"go.yaml.in/yaml/v3"

	"queuelab/des"
	"queuelab/model/input"
)

// latinSample is a Latin-hypercube sample over ranges of numeric factors
// (McKay, Beckman & Conover, "A comparison of three methods for selecting
// values of input variables in the analysis of output from a computer
// code", Technometrics 21(2), 1979): each factor's range is cut into n
// equal strata, each stratum is used by exactly one point, at a uniform
// position inside it (an integer factor's range [a, b] is taken as
// [a − ½, b + ½) and rounded, so every integer is equally likely), and the strata are paired across factors by
// independent random permutations. The sample is drawn from the design's
// seed, so the same design gives the same points.
type latinSample struct {
	samples [][]Setting // n points, each one Setting per factor
}

// latinStream is the stream the sample is drawn from: its own PCG
// sequence of the design seed, apart from every run's streams.
const latinStream = 0x4c48_5300_0000_0001

// latin parses
//
//	latin:
//	  points: 10
//	  ranges: {threshold: [1.5, 3.0], servers: [6, 16]}
func (p parser) latin(d *Design, n *yaml.Node, name func(*yaml.Node) (input.Control, error)) (*latinSample, error) {
	if n.Kind != yaml.MappingNode {
		return nil, p.errf(n, "latin: want a mapping with points and ranges, e.g. {points: 10, ranges: {threshold: [1.5, 3]}}")
	}
	var pointsNode, rangesNode *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch k := n.Content[i]; k.Value {
		case "points":
			pointsNode = n.Content[i+1]
		case "ranges":
			rangesNode = n.Content[i+1]
		default:
			return nil, p.errf(k, "latin: unknown key %q (valid: points, ranges)", k.Value)
		}
	}
	if pointsNode == nil || rangesNode == nil {
		return nil, p.errf(n, "latin: needs both points and ranges")
	}
	pts, err := strconv.Atoi(pointsNode.Value)
	if err != nil || pts < 1 || pts > 100_000 {
		return nil, p.errf(pointsNode, "latin: points: want a whole number from 1 to 100000, got %q", pointsNode.Value)
	}
	if rangesNode.Kind != yaml.MappingNode || len(rangesNode.Content) == 0 {
		return nil, p.errf(rangesNode, "latin: ranges: want a mapping of numeric factors to [low, high]: an empty sample has no design point")
	}
	st := des.NewPCG(d.Seed, latinStream)
	ls := &latinSample{samples: make([][]Setting, pts)}
	for i := 0; i+1 < len(rangesNode.Content); i += 2 {
		k, v := rangesNode.Content[i], rangesNode.Content[i+1]
		c, err := name(k)
		if err != nil {
			return nil, err
		}
		switch c.Kind {
		case input.Int, input.Float, input.Percent, input.Duration:
		default:
			return nil, p.errf(k, "latin: factor %s takes %s, not a number: list its values under vary instead", c.Name, c.Range())
		}
		if v.Kind != yaml.SequenceNode || len(v.Content) != 2 {
			return nil, p.errf(v, "latin: factor %s: want [low, high]", c.Name)
		}
		lo, err := c.Parse(v.Content[0].Value)
		if err != nil {
			return nil, p.errf(v.Content[0], "%v", err)
		}
		hi, err := c.Parse(v.Content[1].Value)
		if err != nil {
			return nil, p.errf(v.Content[1], "%v", err)
		}
		if !(lo.Num < hi.Num) {
			return nil, p.errf(v, "latin: factor %s: the low end %s must be below the high end %s", c.Name, lo.Text, hi.Text)
		}
		perm := make([]int, pts)
		for j := range perm {
			perm[j] = j
		}
		for j := pts - 1; j > 0; j-- { // Fisher–Yates
			r := int(st.Float64() * float64(j+1))
			perm[j], perm[r] = perm[r], perm[j]
		}
		a, b := lo.Num, hi.Num
		if c.Kind == input.Int { // each integer owns [k − ½, k + ½)
			a, b = a-0.5, b+0.5
		}
		for j := range pts {
			x := a + (float64(perm[j])+st.Float64())/float64(pts)*(b-a)
			val, err := c.Parse(latinText(c, x))
			if err != nil { // cannot happen: x is inside [lo, hi]
				return nil, p.errf(v, "%v", err)
			}
			ls.samples[j] = append(ls.samples[j], Setting{Name: c.Name, Value: val, Where: p.where(v), Varied: true})
		}
	}
	return ls, nil
}

// latinText writes a sampled number as the control reads it: integers
// rounded, other numbers to 4 significant digits (a sweep's levels are
// meant to be read), percentages in percent, durations in seconds.
func latinText(c input.Control, x float64) string {
	switch c.Kind {
	case input.Int:
		return strconv.FormatFloat(math.Min(math.Max(math.Round(x), c.Min), c.Max), 'f', 0, 64)
	case input.Percent:
		return strconv.FormatFloat(clampSig(100*x, 100*c.Min, 100*c.Max), 'g', -1, 64) + "%"
	}
	return strconv.FormatFloat(clampSig(x, c.Min, c.Max), 'g', -1, 64)
}

// clampSig rounds x to 4 significant digits, kept inside [lo, hi].
func clampSig(x, lo, hi float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 4, 64), 64)
	return math.Min(math.Max(r, lo), hi)
}
