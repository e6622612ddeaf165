package validate

import (
	"fmt"
	"strings"

	"queuelab/model/network"
)

// ServiceNames are the service-time laws of the single-station experiment
// by the names `queuelab mmc --service` and the mmc sweep's service factor
// accept, in this order. Each is a family of network.Dist; "erlang-k" is
// network.Erlang.
var ServiceNames = []string{"exp", "det", "lognormal", "erlang-k", "hyperexp"}

var serviceKinds = [...]network.DistKind{network.Exp, network.Det, network.LogNormal, network.Erlang, network.HyperExp}

// Default shapes of ServiceLaw.
const (
	DefaultLogNormalCV = 1 // lognormal service with the variability of the exponential
	DefaultHyperExpCV  = 2 // hyperexponential service: network.DefaultCV
)

// ServiceLaw returns the service-time law called name (one of
// ServiceNames) with the given mean in seconds. cv shapes lognormal and
// hyperexp service (0 picks DefaultLogNormalCV or DefaultHyperExpCV) and
// is ignored by the other laws; k is the number of erlang-k phases. The
// result still needs Config.Validate (or network.Dist.Validate) for its
// ranges.
func ServiceLaw(name string, mean, cv float64, k int) (network.Dist, error) {
	for i, n := range ServiceNames {
		if n != name {
			continue
		}
		switch kind := serviceKinds[i]; kind {
		case network.LogNormal:
			if cv == 0 {
				cv = DefaultLogNormalCV
			}
			return network.Shaped(kind, mean, cv), nil
		case network.HyperExp:
			if cv == 0 {
				cv = DefaultHyperExpCV
			}
			return network.Shaped(kind, mean, cv), nil
		case network.Erlang:
			return network.ErlangK(mean, k), nil
		default:
			return network.Dist{Kind: kind, Mean: mean}, nil
		}
	}
	return network.Dist{}, fmt.Errorf("unknown service distribution %q (valid: %s)", name, strings.Join(ServiceNames, ", "))
}

// ServiceName returns the name in ServiceNames of kind, or kind's own name
// (network.DistKind.String) for the families the mmc flags do not offer.
func ServiceName(kind network.DistKind) string {
	for i, k := range serviceKinds {
		if k == kind {
			return ServiceNames[i]
		}
	}
	return kind.String()
}
