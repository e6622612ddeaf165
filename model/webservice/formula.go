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
	*core
	ms mstats
}

// NewFormula returns the formula twin for cfg.
func NewFormula(cfg Config) (*Formula, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	f := &Formula{core: newCore(cfg)}
	f.fleet.Open(f.ctl.minInst, f.currentBuild)
	return f, nil
}

// Columns implements scenario.Engine.
func (f *Formula) Columns() []scenario.Column { return Columns() }

// Minute implements scenario.Engine.
func (f *Formula) Minute() int { return f.minute }

// Apply implements scenario.Engine. The db control is accepted before
// the first minute, as by the des engine, and changes nothing: the twin's
// query time is always the original's 5 ms/(1 − ρ).
func (f *Formula) Apply(a scenario.Action) error {
	if a.Control == ctlDB.Name && f.minute > 0 {
		return errDBLayoutLate
	}
	return f.apply(a)
}

// Totals implements scenario.Engine. The p99 of the run is reported as the
// largest per-minute p99, an upper bound of the p99 of the mixture.
func (f *Formula) Totals() scenario.Row { return f.totals(f.peak.p99) }

// Goals implements scenario.Engine.
func (f *Formula) Goals() []scenario.Goal { return f.goals(f.Totals()) }

// minuteModel is the original's computation for one minute.
type minuteModel struct {
	hit, S, a, qt, dbLoad, rho float64
	overload, timeoutShare     float64
	waitMean, p99              float64
	dbFailPerMiss              float64
}

// solve computes one minute: given the admitted rate lam, N workers, the
// bad-build share of serving instances and the cache's warm share.
//
// The service time S = S_app + (1 − hit)·q·t_db depends on the DB query
// time, which depends on the DB load, which depends on how many requests
// the workers get through: x = min(λ, N/S). This fixed point is found by
// bisection on x ∈ [0, λ] (x − min(λ, N/S(x)) is increasing in x).
func (f *Formula) solve(lam float64, N int, badShare float64) minuteModel {
	p, ctl := f.p, f.ctl
	var m minuteModel
	r := lam / float64(p.Objects)
	if p.ZipfS > 0 {
		m.hit = analytic.ZipfTTLHitRatio(lam, ctl.ttl, f.warm, p.Objects, p.ZipfS)
	} else {
		m.hit = analytic.TTLHitRatio(r, ctl.ttl, f.warm)
	}
	q := float64(p.Queries)
	app := p.AppTime
	if ctl.recs {
		q += float64(p.RecsQueries)
		app += p.RecsAppTime
	}
	app *= 1 + (p.BadCPU-1)*badShare
	lookup := 1 - badShare*p.BadErrors // bad-build errors skip the cache
	job := 0.0
	if f.warmupLeft > 0 {
		job = p.WarmupQueries
	}
	service := func(x float64) (S, load, qt float64) {
		load = analytic.DBLoad(x*lookup, q, m.hit, job)
		qt = analytic.DBQueryTime(p.DBBaseTime, load, p.DBCapacity, p.DBMaxTime)
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
	m.rho = m.dbLoad / p.DBCapacity
	m.a = lam * m.S
	if N == 0 {
		return m
	}
	n := float64(N)
	tail := m.S * math.Log(100)
	if m.a >= n {
		m.overload = 1 - n/m.a
		m.waitMean = p.Timeout
		m.p99 = p.Timeout + tail
	} else {
		mmc := analytic.MMc{Servers: N, Lambda: lam, Mu: 1 / m.S}
		m.timeoutShare = mmc.ProbWaitExceeds(p.Timeout)
		m.waitMean = min(mmc.MeanWait(), p.Timeout)
		m.p99 = min(mmc.ResponseTimeQuantileApprox(0.99), p.Timeout+tail)
	}
	// A query fails past DBMaxTime: under the M/M/1 reading of
	// 5 ms/(1 − ρ) the query time is exponential with that mean, so
	// P(fail) = e^(−t_max/t); in overload (ρ ≥ 1) the excess 1 − 1/ρ
	// fails. A miss fails if any of its q queries does.
	var pf float64
	if m.rho >= 1 {
		pf = 1 - 1/m.rho
	} else {
		pf = math.Exp(-p.DBMaxTime * (1 - m.rho) / p.DBBaseTime)
	}
	m.dbFailPerMiss = 1 - math.Pow(1-pf, q)
	return m
}

// Step implements scenario.Engine.
func (f *Formula) Step() scenario.Row {
	now := des.Time(f.minute) * des.Minute
	f.fleet.Promote(now) // boots that completed by the minute's start
	f.begin()
	p := f.p
	s := &f.ms
	*s = mstats{}
	lam := f.rate
	shed := lam * p.LowShare * f.ctl.shedLow
	adm := lam - shed
	serving := f.fleet.Serving()
	N := serving * p.Workers
	badShare := 0.0
	if serving > 0 {
		badShare = float64(f.fleet.ServingTagged(badBuild)) / float64(serving)
	}
	m := f.solve(adm, N, badShare)
	s.arrivals, s.shed = 60*lam, 60*shed
	s.serving, s.booting = float64(serving), float64(f.fleet.Booting())
	admitted := 60 * adm
	if N == 0 {
		s.unavailable = admitted
		s.latN = admitted
		s.util = 1
	} else {
		s.timeouts = admitted * (m.overload + (1-m.overload)*m.timeoutShare)
		s.served = admitted - s.timeouts
		s.badServed = s.served * badShare
		if f.ctl.recs {
			s.recsServed = s.served
		}
		s.buildErr = s.badServed * p.BadErrors
		s.lookups = s.served - s.buildErr
		s.hits = s.lookups * m.hit
		s.ageSum = s.hits * analytic.CachedAnswerMeanAge(f.ctl.ttl)
		misses := s.lookups - s.hits
		s.dbFail = misses * m.dbFailPerMiss
		s.ok = s.lookups - s.dbFail
		s.latSum = s.served*(m.waitMean+m.S) + s.timeouts*p.Timeout
		s.latN = admitted
		s.latP99 = m.p99
		s.util = min(1, m.a/float64(N))
	}
	s.dbLoad = m.dbLoad
	s.dbUtil = min(1, m.rho)
	s.qtN = 60 * m.dbLoad
	s.qtSum = s.qtN * m.qt
	return f.finish(s)
}
