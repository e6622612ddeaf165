package validate

import (
	"fmt"
	"slices"
	"strings"

	"queuelab/model/dist"
	"queuelab/model/network"
)

// ServiceNames are the service-time laws of the single-station experiment
// by the names `queuelab mmc --service` and the mmc sweep's service factor
// accept, in this order: families of dist.Table that a mean and one shape
// number (--service-cv or --erlang-k) determine. "erlang-k" is the
// commands' name for the table's erlang, after the flag that shapes it.
var ServiceNames = []string{"exp", "det", "lognormal", "erlang-k", "hyperexp"}

// Default shapes of ServiceLaw.
const (
	DefaultLogNormalCV = 1              // lognormal service with the variability of the exponential
	DefaultHyperExpCV  = dist.DefaultCV // hyperexponential service
)

// familyOf returns the dist.Table name of a ServiceNames entry.
func familyOf(name string) string {
	if name == "erlang-k" {
		return "erlang"
	}
	return name
}

// ServiceLaw returns the service-time law called name (one of
// ServiceNames) with the given mean in seconds. cv shapes lognormal and
// hyperexp service (0 picks DefaultLogNormalCV or DefaultHyperExpCV) and
// is ignored by the other laws; k is the number of erlang-k phases. The
// result still needs Config.Validate (or Dist.Validate) for its ranges.
func ServiceLaw(name string, mean, cv float64, k int) (network.Dist, error) {
	if !slices.Contains(ServiceNames, name) {
		return network.Dist{}, fmt.Errorf("unknown service distribution %q (valid: %s)", name, strings.Join(ServiceNames, ", "))
	}
	row, err := dist.Lookup(familyOf(name))
	if err != nil {
		return network.Dist{}, err
	}
	if cv == 0 {
		cv = DefaultHyperExpCV
		if name == "lognormal" {
			cv = DefaultLogNormalCV
		}
	}
	ps := dist.Params{"mean": {Num: mean}}
	if _, ok := row.Key("cv"); ok {
		ps["cv"] = dist.Value{Num: cv}
	}
	if _, ok := row.Key("k"); ok {
		ps["k"] = dist.Value{Num: float64(k)}
	}
	f, err := row.Build(row, ps)
	return dist.Of(f), err
}

// ServiceName returns d's name in ServiceNames, or its family's own name
// for the families the mmc flags do not offer.
func ServiceName(d network.Dist) string {
	for _, n := range ServiceNames {
		if familyOf(n) == d.Name() {
			return n
		}
	}
	return d.Name()
}
