package scenario

// Pictured is implemented by engines that can show their state the way the
// originals draw it (the switch's server rack and issuers, the web
// service's instances, cache and database). The live simulator (queuelab
// serve) and the HTML report use it; it is called once per simulated
// minute at most, never on a hot path.
type Pictured interface {
	Picture() Picture
}

// Picture is a snapshot of a model's state after the last Step.
type Picture struct {
	// Groups are rows of icons, e.g. {"servers", ["in-service", "booting",
	// "empty", …]} or {"issuers", ["normal", "slow", "stand-in"]}.
	Groups []Group `json:"groups"`
	// Gauges are named levels in [0, 1], e.g. cache warmth, DB load.
	Gauges []Gauge `json:"gauges"`
	// Dots are entities sampled from the last minute, in time order: real
	// simulated transactions or requests, coloured by outcome.
	Dots []Dot `json:"dots"`
}

// Group is one row of icons; each item is a state word the page colours.
type Group struct {
	Name  string   `json:"name"`
	Items []string `json:"items"`
	Label []string `json:"label,omitempty"` // optional per-item captions (e.g. build version)
}

// Gauge is a level in [0, 1] with a caption.
type Gauge struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Dot is one sampled entity: when in the minute it arrived (seconds from
// the minute's start), its class (e.g. "genuine", "fraud", "low") and its
// outcome (e.g. "approved", "declined", "timeout", "shed").
type Dot struct {
	At      float64 `json:"at"`
	Class   string  `json:"class"`
	Outcome string  `json:"outcome"`
}
