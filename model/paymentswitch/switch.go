package paymentswitch

import (
	"queuelab/des"
	"queuelab/model/scenario"
)

// desEngine is the per-transaction simulation of the switch. Every event
// runs through one des scheduler by its tie rules: new transactions
// (traffic.go) and the immediate retries (retry.go) are des.Sources
// merged with the event set (des.Env.RunUntilSources), backoff retries
// are timers, and the connection slots are a des.Station (slots.go) whose
// service completions and queue give-ups are its own events. A transaction passes the fraud screen
// (fraud.go), is admitted to the slots, holds one for the switch time and
// the issuer's answer (issuer.go), and ends approved, declined or lost, or
// retries (transaction.go).
type desEngine struct {
	cfg    config
	ctl    controls
	srv    servers
	rows   []scenario.Row // every minute so far, for the goals
	minute int

	env     *des.Env
	rng     streams
	txs     des.Slab[txn]
	slots   slots
	traffic traffic
	retries retries

	win      window // the minute being simulated
	tot      counts // the whole run so far
	bSum     float64
	inflight int // admitted attempts whose client has not been answered
	pic      picture
	sources  []*des.Source // traffic and immediate retries, for RunUntilSources
}

// streams are the engine's named random streams: each purpose draws from
// its own, so that changing one (a control, a scenario) leaves the others'
// numbers alone (common random numbers).
type streams struct {
	arrive, class, group, score, stepUp, amount, latency, retry, wobble *des.Stream
}

func newStreams(seed uint64, gen des.Generator) streams {
	ss := des.Streams{Seed: seed, Gen: gen}
	return streams{
		arrive: ss.Stream("arrivals"), class: ss.Stream("fraud"), group: ss.Stream("group"),
		score: ss.Stream("scores"), stepUp: ss.Stream("stepup"), amount: ss.Stream("amounts"),
		latency: ss.Stream("latency"), retry: ss.Stream("retries"), wobble: ss.Stream("wobble"),
	}
}

// window is what the engine knows of the minute being simulated: its
// bounds, its drawn parameters and its counts.
type window struct {
	start, end des.Time
	rate       float64 // new transactions per second
	fraudShare float64
	groupBMean float64 // s
	counts     counts
}

func newDES(cfg config, seed uint64, gen des.Generator) *desEngine {
	e := &desEngine{cfg: cfg, ctl: cfg.ctl, env: des.NewEnv(), rng: newStreams(seed, gen)}
	e.srv = newServers(cfg.ctl.servers)
	e.slots.init(e)
	e.traffic.init(e)
	e.retries.init(e)
	e.pic.dots = make([]scenario.Dot, 0, 60)
	e.sources = []*des.Source{e.traffic.src, e.retries.src}
	return e
}

func (e *desEngine) Columns() []scenario.Column { return Columns() }
func (e *desEngine) Minute() int                { return e.minute }

// Apply changes a control before the next minute.
func (e *desEngine) Apply(a scenario.Action) error {
	ordered, err := e.ctl.apply(a, e.srv, e.minute)
	if ordered {
		e.slots.st.SetServers(e.srv.inService() * SlotsPerServer)
	}
	return err
}

// minuteParams draws the minute's wobbles (arrival rate, group B latency)
// from the "wobble" stream; the formula twin draws the same values in the
// same order.
func minuteParams(cfg *config, s *des.Stream, m int) (rate, bMean float64) {
	rate = cfg.baseRate * cfg.surge(m)
	bMean = cfg.groupBMeanAt(m)
	if cfg.wobble {
		w := 1 + des.Normal{Mu: 0, Sigma: ArrivalWobble}.Rand(s)
		rate *= max(w, 0)
		bMean *= 1 + GroupBWobble*(2*s.Float64()-1)
	}
	return rate, bMean
}

// Step simulates the next minute: it sets the minute's parameters, starts
// the minute's arrival streams and runs the scheduler to the minute's end.
func (e *desEngine) Step() scenario.Row {
	m := e.minute
	e.srv.tick(m)
	e.slots.st.SetServers(e.srv.inService() * SlotsPerServer)
	w := &e.win
	w.rate, w.groupBMean = minuteParams(&e.cfg, e.rng.wobble, m)
	w.fraudShare = e.cfg.fraudShareAt(m)
	w.start = des.Time(m) * des.Minute
	w.end = w.start + des.Minute
	w.counts = counts{seconds: 60}
	e.bSum += w.groupBMean
	e.slots.mark(w.start)
	e.pic.reset(w.start)
	e.retries.startMinute()
	e.traffic.startMinute()
	if err := e.env.RunUntilSources(w.end, e.sources); err != nil {
		panic(err) // the minute's end and the sources' times are never before now
	}
	c := &w.counts
	c.busyArea, c.slotArea = e.slots.areas(w.end)
	e.tot.add(c)
	r := row(c, e.state(w.groupBMean))
	e.rows = append(e.rows, r)
	e.minute++
	return r
}

func (e *desEngine) state(bMean float64) state {
	return state{srv: e.srv, cum: &e.tot, waiting: float64(e.retries.waiting), groupBMean: bMean}
}

// Totals returns the indicators over the run so far.
func (e *desEngine) Totals() scenario.Row {
	return row(&e.tot, e.state(e.bSum/float64(max(e.minute, 1))))
}

// Goals evaluates the scenario's goals.
func (e *desEngine) Goals() []scenario.Goal {
	return scenario.Evaluate(e.cfg.sc.Goals, Columns(), e.rows, e.Totals())
}

// Events implements scenario.Evented.
func (e *desEngine) Events() []scenario.Mark { return e.cfg.events(e.minute) }
