package paymentswitch

import (
	"fmt"

	"queuelab/des"
	"queuelab/model/scenario"
)

// Constants of the original (all sample calibrations for a mid-sized
// switch, not any real network's figures).
const (
	BaseRate         = 400.0 // new transactions per second on a normal day
	SlotsPerServer   = 32
	MinServers       = 2
	MaxServers       = 24
	DefaultServers   = 6
	BootMinutes      = 5
	PricePerHour     = 6.0  // u per server-hour, booting or not
	SwitchTime       = 0.08 // s of slot time per attempt
	ReversalTime     = 0.08 // s of extra slot time after an issuer timeout
	QueueTimeout     = 2.0  // s a client waits for a slot
	IssuerMean       = 0.25 // s, mean issuer latency
	GroupBShare      = 0.25 // share of traffic whose issuers are in group B
	GroupBWobble     = 0.15 // group B's mean latency varies uniformly by ±15 % per minute
	ArrivalWobble    = 0.03 // per-minute multiplicative wobble 1 + N(0, 0.03)
	AmountMedian     = 40.0 // u
	AmountSigma      = 1.0
	FraudAmountScale = 1.5
	Omega            = 0.3   // share of a holding time wasted on a request whose client gave up
	ShedFraction     = 0.9   // shedding admits while in flight < 0.9 × slots in service
	BaseFraudShare   = 0.001 // share of new transactions that are fraud
	DPrime           = 2.5   // separation of fraud and genuine scores
	GenuinePass      = 0.85  // share of challenged genuine customers who pass step-up
	FraudPass        = 0.05  // share of challenged fraudsters who pass step-up
	RetryProb        = 0.95  // a merchant retries a technical error with this probability
	MaxRetries       = 3
	SurgeLagMinutes  = 2 // traffic reaches a new surge level linearly over 2 minutes
)

// Backlog bound (control backlog): requests the switch keeps queued per
// connection slot in service; an attempt that finds BacklogPerSlot ×
// (slots in service) requests already queued is answered "dropped in
// queue" at once. The originals have no such bound (their queue is a
// formula); this package's choice, see the package doc.
const (
	BacklogPerSlot = 40   // default
	MaxBacklog     = 1000 // largest value of the control: effectively unbounded (≈ 100 s of discard work)
)

// Defaults of the controls.
const (
	DefaultThreshold     = 3.0 // σ
	DefaultIssuerTimeout = 8.0 // s
)

// BackoffMeans are the mean delays (s) of retries 1, 2 and 3 under the
// backoff policy.
var BackoffMeans = [MaxRetries]float64{60, 120, 240}

// System is the payment switch for the queuelab command line: Name
// "switch", the Controls, the Scenarios and New.
var System = scenario.System{
	Name:      "switch",
	Title:     "Card-payment switch",
	Controls:  Controls,
	Scenarios: Scenarios,
	New:       New,

	NewWithGenerator: NewWithGenerator,
	// The attempts, new and retried: one entity each.
	CostColumns: []string{"offered_tps"},
}

// New returns an engine for the named scenario: kind scenario.DES is the
// per-transaction simulation, scenario.Formula the original's per-minute
// formula model. Both produce rows with the columns of Columns.
func New(kind scenario.EngineKind, name string, seed uint64) (scenario.Engine, error) {
	return NewWithGenerator(kind, name, seed, des.Mulberry32)
}

// NewWithGenerator is New with the random generator of the engine's
// streams: des.Mulberry32 (New's, bit-exact with the originals) or
// des.PCG, whose period suits long runs and many replications (see
// des.Generator).
func NewWithGenerator(kind scenario.EngineKind, name string, seed uint64, gen des.Generator) (scenario.Engine, error) {
	sc, err := scenario.System{Name: "switch", Scenarios: Scenarios}.Scenario(name)
	if err != nil {
		return nil, err
	}
	cfg := defaultConfig(sc)
	switch kind {
	case scenario.DES:
		return newDES(cfg, seed, gen), nil
	case scenario.Formula:
		return newFormula(cfg, seed, gen), nil
	}
	return nil, fmt.Errorf("unknown engine %q (valid: des, formula)", kind)
}
