package network

import "queuelab/model/dist"

// Dist is a distribution of a time (service, interarrival, patience) in
// seconds, as the file gives it: a family of package dist, or nothing
// (the zero Dist: a class not served at a station, no patience).
type Dist = dist.Dist

// Sampler is a Dist resolved for drawing (dist.Sampler).
type Sampler = dist.Sampler

// Exponential returns the exponential distribution with the given mean.
func Exponential(mean float64) Dist { return dist.Of(dist.Exp{Mean: mean}) }

// Deterministic returns the constant mean.
func Deterministic(mean float64) Dist { return dist.Of(dist.Det{Mean: mean}) }

// ErlangK returns the Erlang-k distribution with the given mean.
func ErlangK(mean float64, k int) Dist { return dist.Of(dist.Erlang{Mean: mean, K: k}) }

// cut shortens a user-supplied value echoed in an error message.
func cut(s string) string {
	const most = 40
	r := []rune(s)
	if len(r) <= most {
		return s
	}
	return string(r[:most]) + "…"
}
