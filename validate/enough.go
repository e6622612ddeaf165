package validate

import "fmt"

// MinPerBatch is the fewest customers per batch, on average, that a
// batch-means interval is built from: with fewer, most batch values are
// ratios of a handful of observations (or undefined), and neither the
// estimate nor its interval means anything. A run needs MinPerBatch times
// its number of batches (300 with the default 30).
const MinPerBatch = 10

// MinCustomers returns the fewest arrivals in the measured period for
// which c's results are judged.
func (c Config) MinCustomers() int64 { return int64(MinPerBatch * c.batches()) }

// ExpectedCustomers returns the arrivals expected in the measured period
// of a run of c, before it starts: λ times the measured length (Duration,
// or MinDuration for a precision-driven run; an automatic warm-up may
// take up to half of it).
func (c Config) ExpectedCustomers() float64 {
	length := c.Duration
	if c.Precision > 0 {
		length = c.MinDuration
	}
	return c.ArrivalRate * length
}

// NotEnoughDataError reports a run with too few customers to judge: its
// own verdict, never a disagreement.
type NotEnoughDataError struct {
	Customers float64 // measured (or, before the run, expected)
	Need      int64
	// Left, when not negative, is the number of customers who left the
	// system: a run shorter than the time customers stay in it sees
	// arrivals but not what becomes of them.
	Left int64
}

func (e *NotEnoughDataError) Error() string {
	if e.Left >= 0 {
		return fmt.Sprintf("not enough data: %d of %.4g customers left the system, need %d (%d per batch); the run is too short for the time customers stay",
			e.Left, e.Customers, e.Need, MinPerBatch)
	}
	return fmt.Sprintf("not enough data: %.4g customers, need %d (%d per batch)", e.Customers, e.Need, MinPerBatch)
}

// EnoughData returns a *NotEnoughDataError when the run measured fewer
// than MinCustomers arrivals, or fewer than MinCustomers customers who
// left the system (served, abandoned or blocked); else nil. Steady-state
// formulas describe what becomes of customers, so a run that ends before
// most of them are served or give up cannot be compared with them.
func (r *Result) EnoughData() error {
	need := r.Config.MinCustomers()
	switch {
	case r.Customers < need:
		return &NotEnoughDataError{Customers: float64(r.Customers), Need: need, Left: -1}
	case r.Completed < need:
		return &NotEnoughDataError{Customers: float64(r.Customers), Need: need, Left: r.Completed}
	}
	return nil
}

// MarkNoData gives every check of cs the verdict NoData, with a note
// saying why; used when a run had too few customers to judge any metric.
func MarkNoData(cs []Check, why error) {
	for i := range cs {
		cs[i].markNoData(why)
	}
}

// markNoData gives c the verdict NoData (an Info check stays Info) and
// why as its note: the rule of MarkNoData and MarkNetworkNoData.
func (c *Check) markNoData(why error) {
	if c.Verdict != Info {
		c.Verdict = NoData
	}
	c.Note = why.Error()
}
