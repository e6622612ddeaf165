package ctmc

// AtError is a refusal that concerns one station of the model: Station
// names it, and Routing says whether what to change is its routing row
// (where its customers go) rather than the station itself. A caller that
// knows where the station is written (a network file) can so point at the
// line.
type AtError struct {
	Station string
	Routing bool
	Err     error
}

func (e *AtError) Error() string { return e.Err.Error() }
func (e *AtError) Unwrap() error { return e.Err }
