package webservice

import (
	"math"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/model/scenario"
)

// Formula is the original's per-minute model: the same controls, fleet,
// autoscaler, warm share and SLO bookkeeping as the des engine (shared
// code), but each minute's traffic is computed from the textbook formulas
// instead of simulated. Counts in its rows are expected values.
type Formula struct {
	core *core
	ms   mstats
}

// NewFormula returns the formula twin for cfg.
func NewFormula(cfg Config) (*Formula, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	f := &Formula{core: newCore(cfg)}
	f.core.fleet.Open(f.core.ctl.minInst, f.core.deploy.currentBuild)
	return f, nil
}

// Columns implements scenario.Engine.
func (f *Formula) Columns() []scenario.Column { return Columns() }

// Minute implements scenario.Engine.
func (f *Formula) Minute() int { return f.core.minute }

// Apply implements scenario.Engine. The db control is accepted before
// the first minute, as by the des engine, and changes nothing: the twin's
// query time is always the original's 5 ms/(1 − ρ).
func (f *Formula) Apply(a scenario.Action) error {
	if a.Control == ctlDB.Name && f.core.minute > 0 {
		return errDBLayoutLate
	}
	return f.core.apply(a)
}

// Totals implements scenario.Engine. The p99 of the run is reported as the
// largest per-minute p99, an upper bound of the p99 of the mixture.
func (f *Formula) Totals() scenario.Row { return f.core.totals(f.core.ledger.peak.p99) }

// Goals implements scenario.Engine.
func (f *Formula) Goals() []scenario.Goal { return f.core.goals(f.Totals()) }

// Events implements scenario.Evented.
func (f *Formula) Events() []scenario.Mark { return f.core.events() }

var _ scenario.Evented = (*Formula)(nil)

// minuteModel is the original's computation for one minute.
type minuteModel struct {
	hit, S, a, qt, dbLoad, rho float64
	overload, timeoutShare     float64
	waitMean, p99              float64
	dbFailPerMiss              float64
}

// minuteInput is what the original's computation of a minute reads of
// the state: the admitted rate lam, N workers, the bad-build share of
// serving instances, the cache's TTL and warm share, and the switches.
type minuteInput struct {
	lam       float64
	N         int
	badShare  float64
	ttl, warm float64
	recs      bool // recommendations on
	warmupJob bool // the warm-up job runs
}

// solveMinute computes one minute of the original's model.
//
// The service time S = S_app + (1 − hit)·q·t_db depends on the DB query
// time, which depends on the DB load, which depends on how many requests
// the workers get through: x = min(λ, N/S). This fixed point is found by
// bisection on x ∈ [0, λ] (x − min(λ, N/S(x)) is increasing in x).
func solveMinute(p Params, in minuteInput) minuteModel {
	var m minuteModel
	lam, N := in.lam, in.N
	if p.Cache.ZipfS > 0 {
		m.hit = analytic.ZipfTTLHitRatio(lam, in.ttl, in.warm, p.Cache.Objects, p.Cache.ZipfS)
	} else {
		m.hit = analytic.TTLHitRatio(lam/float64(p.Cache.Objects), in.ttl, in.warm)
	}
	q := float64(p.DB.Queries)
	app := p.Workers.AppTime
	if in.recs {
		q += float64(p.DB.RecsQueries)
		app += p.Workers.RecsAppTime
	}
	app *= 1 + (p.Builds.BadCPU-1)*in.badShare
	lookup := 1 - in.badShare*p.Builds.BadErrors // bad-build errors skip the cache
	job := 0.0
	if in.warmupJob {
		job = p.Cache.WarmupQueries
	}
	service := func(x float64) (S, load, qt float64) {
		load = analytic.DBLoad(x*lookup, q, m.hit, job)
		qt = analytic.DBQueryTime(p.DB.BaseTime, load, p.DB.Capacity, p.DB.MaxTime)
		S = app + lookup*(1-m.hit)*q*qt
		return
	}
	x := lam
	if N > 0 {
		if S, _, _ := service(lam); float64(N)/S < lam {
			lo, hi := 0.0, lam
			for range 100 {
				mid := (lo + hi) / 2
				S, _, _ := service(mid)
				if mid-min(lam, float64(N)/S) < 0 {
					lo = mid
				} else {
					hi = mid
				}
			}
			x = (lo + hi) / 2
		}
	}
	m.S, m.dbLoad, m.qt = service(x)
	m.rho = m.dbLoad / p.DB.Capacity
	m.a = lam * m.S
	if N == 0 {
		return m
	}
	m.queue(p, lam, N)
	m.dbFailPerMiss = dbFailPerMiss(p.DB, m.rho, q)
	return m
}

// queue computes the workers' M/M/N of the minute (given S and a = λS):
// the overload share, the timeout share, the mean wait and the p99.
func (m *minuteModel) queue(p Params, lam float64, N int) {
	n := float64(N)
	timeout := p.Workers.Timeout
	tail := m.S * math.Log(100)
	if m.a >= n {
		m.overload = 1 - n/m.a
		m.waitMean = timeout
		m.p99 = timeout + tail
		return
	}
	mmc := analytic.MMc{Servers: N, Lambda: lam, Mu: 1 / m.S}
	m.timeoutShare = mmc.ProbWaitExceeds(timeout)
	m.waitMean = min(mmc.MeanWait(), timeout)
	m.p99 = min(mmc.ResponseTimeQuantileApprox(0.99), timeout+tail)
}

// dbFailPerMiss is the share of misses failed by one of their q queries.
// A query fails past MaxTime: under the M/M/1 reading of 5 ms/(1 − ρ) the
// query time is exponential with that mean, so P(fail) = e^(−t_max/t); in
// overload (ρ ≥ 1) the excess 1 − 1/ρ fails.
func dbFailPerMiss(p DBParams, rho, q float64) float64 {
	var pf float64
	if rho >= 1 {
		pf = 1 - 1/rho
	} else {
		pf = math.Exp(-p.MaxTime * (1 - rho) / p.BaseTime)
	}
	return 1 - math.Pow(1-pf, q)
}

// Step implements scenario.Engine.
func (f *Formula) Step() scenario.Row {
	c := f.core
	now := des.Time(c.minute) * des.Minute
	c.fleet.Promote(now) // boots that completed by the minute's start
	c.begin()
	p := c.p
	lam := c.rate
	shed := lam * p.Traffic.LowShare * c.ctl.shedLow
	serving := c.fleet.Serving()
	in := minuteInput{lam: lam - shed, N: serving * p.Workers.PerInstance,
		ttl: c.ctl.ttl, warm: c.warmth.warm, recs: c.ctl.recs, warmupJob: c.warmth.warmupLeft > 0}
	if serving > 0 {
		in.badShare = float64(c.fleet.ServingTagged(badBuild)) / float64(serving)
	}
	m := solveMinute(p, in)
	s := &f.ms
	*s = mstats{arrivals: 60 * lam, shed: 60 * shed, serving: float64(serving), booting: float64(c.fleet.Booting())}
	s.expect(p, in, m)
	return c.finish(s)
}

// expect sets the minute's counts to their expected values under the
// model m of the minute in.
func (s *mstats) expect(p Params, in minuteInput, m minuteModel) {
	admitted := 60 * in.lam
	if in.N == 0 {
		s.unavailable = admitted
		s.latN = admitted
		s.util = 1
	} else {
		s.timeouts = admitted * (m.overload + (1-m.overload)*m.timeoutShare)
		s.served = admitted - s.timeouts
		s.badServed = s.served * in.badShare
		if in.recs {
			s.recsServed = s.served
		}
		s.buildErr = s.badServed * p.Builds.BadErrors
		s.lookups = s.served - s.buildErr
		s.hits = s.lookups * m.hit
		s.ageSum = s.hits * analytic.CachedAnswerMeanAge(in.ttl)
		misses := s.lookups - s.hits
		s.dbFail = misses * m.dbFailPerMiss
		s.ok = s.lookups - s.dbFail
		s.latSum = s.served*(m.waitMean+m.S) + s.timeouts*p.Workers.Timeout
		s.latN = admitted
		s.latP99 = m.p99
		s.util = min(1, m.a/float64(in.N))
	}
	s.dbLoad = m.dbLoad
	s.dbUtil = min(1, m.rho)
	s.qtN = 60 * m.dbLoad
	s.qtSum = s.qtN * m.qt
}
