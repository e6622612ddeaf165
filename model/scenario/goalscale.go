package scenario

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A scenario's goals are written for its own length (Scenario.Minutes).
// Under another run length, what a user expects of each depends on what it
// measures:
//
//   - a total over the run — a cost ("u", "$") or an amount at risk
//     ("M u") — grows with the run, so its target is scaled by the ratio
//     of the lengths (75 u for 60 minutes becomes 1800 u for 1440);
//   - a mean, a share, a rate or a state at the end ("%", "‰", "ms",
//     "bp", "×") does not depend on the length, so its target holds as
//     written.
//
// ScaleGoals applies this to evaluated goals and notes every scaled one.

// IsTotal reports whether g's value is a total over the run (a cost or an
// amount), which grows with the run's length.
func (g Goal) IsTotal() bool {
	switch g.Unit {
	case "u", "M u", "$":
		return true
	}
	return false
}

// ScaleGoals returns gs, written for a run of from minutes, adapted to a
// run of to minutes: totals get their target scaled by to/from and Met
// re-evaluated, with a Note saying so; the others are unchanged. With
// from == to (or from ≤ 0) gs is returned as is.
func ScaleGoals(gs []Goal, from, to int) []Goal {
	if from <= 0 || from == to {
		return gs
	}
	out := make([]Goal, len(gs))
	for i, g := range gs {
		if g.IsTotal() {
			target := g.Target
			g.Target = target * float64(to) / float64(from)
			g.Name = scaleFigure(g.Name, target, g.Target)
			g = g.Check(g.Value)
			g.Note = fmt.Sprintf("target scaled from %s for %d minutes to %d minutes", g.format(target), from, to)
		}
		out[i] = g
	}
	return out
}

// figure is a number as goal names write their target ("$7.50", "75 u").
var figure = regexp.MustCompile(`[0-9]+(\.[0-9]+)?`)

// scaleFigure rewrites the first number in name that equals the old
// target as the new target, with as many decimals as it was written
// with, so that a label such as "fleet cost ≤ $7.50" does not keep the
// unscaled figure beside the scaled target.
func scaleFigure(name string, old, scaled float64) string {
	for _, loc := range figure.FindAllStringIndex(name, -1) {
		text := name[loc[0]:loc[1]]
		if v, err := strconv.ParseFloat(text, 64); err != nil || v != old {
			continue
		}
		decimals := 0
		if _, frac, ok := strings.Cut(text, "."); ok {
			decimals = len(frac)
		}
		return name[:loc[0]] + strconv.FormatFloat(scaled, 'f', decimals, 64) + name[loc[1]:]
	}
	return name
}
