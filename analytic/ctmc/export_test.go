package ctmc

// BuildOnly builds m's chain without solving it (for BenchmarkBuild) and
// returns its states and transitions.
func BuildOnly(m *Model) (states, transitions int, err error) {
	c := newChain(m, 0, DefaultMaxStates)
	if err := c.build(); err != nil {
		return 0, 0, err
	}
	return c.states(), c.transitionsN(), nil
}

// PackKeys sets whether chains start with packed keys and returns a
// function that restores the setting.
func PackKeys(on bool) func() {
	was := packKeys
	packKeys = on
	return func() { packKeys = was }
}
