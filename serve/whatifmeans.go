package serve

import (
	"fmt"
	"math"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"queuelab/analytic"
)

// What-if with edited service means, as JMVA lets one edit a model's
// service demands: the curves are recomputed for the network as it is
// now with some stations' mean service times replaced, without touching
// the simulation. The page asks GET …/whatif?mean.STATION=SECONDS.

// maxWhatIfMean bounds an edited mean (s), as a network file bounds it.
const maxWhatIfMean = 1e9

// whatIfMeans reads the mean.STATION=SECONDS parameters of q.
func whatIfMeans(q url.Values) (map[string]float64, error) {
	out := map[string]float64{}
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the first bad one, always the same
	for _, k := range keys {
		station, ok := strings.CutPrefix(k, "mean.")
		if !ok {
			return nil, fmt.Errorf("what-if: unknown parameter %s (want mean.STATION=SECONDS)", strconv.Quote(clip(k, 40)))
		}
		v := q.Get(k)
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || !(x > 0) || x > maxWhatIfMean || math.IsInf(x, 0) {
			return nil, fmt.Errorf("what-if: mean of station %s: must be a number of seconds > 0 and ≤ 1e9, got %s", strconv.Quote(clip(station, 40)), strconv.Quote(clip(v, 40)))
		}
		out[station] = x
	}
	return out, nil
}

// whatIfInputError is a what-if request's mistake (answered 400), as
// against a network the curves cannot be drawn for (answered with why).
type whatIfInputError struct{ error }

// withMeans returns n with the mean service times of the named stations
// replaced (every class served there); a name n lacks is an error.
func withMeans(n analytic.Network, means map[string]float64) (analytic.Network, error) {
	if len(means) == 0 {
		return n, nil
	}
	st := append([]analytic.NetStation(nil), n.Stations...)
	found := map[string]bool{}
	for i := range st {
		m, ok := means[st[i].Name]
		if !ok {
			continue
		}
		found[st[i].Name] = true
		mean := append([]float64(nil), st[i].Mean...)
		for r := range mean {
			if mean[r] > 0 {
				mean[r] = m
			}
		}
		st[i].Mean = mean
	}
	for name := range means {
		if !found[name] {
			var names []string
			for _, s := range n.Stations {
				names = append(names, s.Name)
			}
			return analytic.Network{}, whatIfInputError{fmt.Errorf("what-if: unknown station %s (valid: %s)", strconv.Quote(clip(name, 40)), strings.Join(names, ", "))}
		}
	}
	n.Stations = st
	return n, nil
}
