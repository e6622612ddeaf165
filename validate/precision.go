package validate

import (
	"errors"
	"fmt"
	"queuelab/des/queueing"
	"strconv"
)

// ErrPrecisionNotReached is wrapped by the error of a precision run that
// stopped at its longest length (MaxDuration) before its metrics reached
// the precision target: its intervals are wider than asked for.
var ErrPrecisionNotReached = errors.New("precision not reached")

// PrecisionShortfall returns, for a precision run (Config.Precision > 0)
// whose main metric or a PrecisionAlso metric did not reach the target,
// an error wrapping ErrPrecisionNotReached that names the first such
// metric, the relative half-width it reached and the target; nil when the
// target was reached or the run had a fixed length.
func (r *Result) PrecisionShortfall() error {
	if r.Config.Precision <= 0 {
		return nil
	}
	for _, name := range append([]queueing.Metric{r.Config.main()}, r.Config.PrecisionAlso...) {
		m, _ := r.Metric(name)
		if rel := m.RelativeHalfWidth(); !(rel <= r.Config.Precision) {
			return fmt.Errorf("%w: the 95 %% relative half-width of %s is %s after the longest run (%g s), target %g; raise --max-duration or loosen --precision",
				ErrPrecisionNotReached, name, relText(rel), r.Config.MaxDuration, r.Config.Precision)
		}
	}
	return nil
}

// PrecisionShortfall returns, for a precision run (Config.Precision > 0)
// in which some replication stopped at MaxDuration short of the target, an
// error wrapping ErrPrecisionNotReached that says how many; nil otherwise.
func (rep *NetworkReport) PrecisionShortfall() error {
	c := rep.Config
	if c.Precision <= 0 || rep.ShortOfPrecision == 0 {
		return nil
	}
	return fmt.Errorf("%w: %d of %d replication(s) stopped at the longest run (%g s) before the 95 %% relative half-width of %s was at most %g; raise --max-duration or loosen --precision",
		ErrPrecisionNotReached, rep.ShortOfPrecision, max(c.Replications, 1), c.MaxDuration, rep.ShortMetric+" (the first metric short of it)", c.Precision)
}

// relText shows a relative half-width; +Inf (a zero mean) as "undefined".
func relText(rel float64) string {
	if rel > 1e300 {
		return "undefined (the mean is 0)"
	}
	return strconv.FormatFloat(rel, 'g', 3, 64)
}
