package webservice

import (
	"queuelab/analytic"
	"queuelab/model/scenario"
)

// Column indices of every Row.
const (
	colBurn1h = iota
	colRequests
	colServing
	colBooting
	colHit
	colDBUtil
	colShed
	colCostRate
	colCost
	colAge
	colBadTraffic
	colRecs
	colErrorRate
	colLatMean
	colLatP99
	colTimeouts
	colBudget
	colDBQuery
	colDBQueryFormula
	colDBLoad
	colUtil
	colWarm
	colDBFail
	colBuildErr
	colUnavailable
	colBurn
	numCols
)

// The web service's indicators, as typed keys for goals, validate and the
// command line (the Key of each column).
const (
	Burn1h          scenario.Indicator = "burn_1h"
	Requests        scenario.Indicator = "requests"
	Serving         scenario.Indicator = "serving"
	Booting         scenario.Indicator = "booting"
	CacheHit        scenario.Indicator = "cache_hit"
	DBUtil          scenario.Indicator = "db_util"
	Shed            scenario.Indicator = "shed"
	CostRate        scenario.Indicator = "cost_rate"
	Cost            scenario.Indicator = "cost"
	CacheAge        scenario.Indicator = "cache_age"
	BadBuildTraffic scenario.Indicator = "bad_build_traffic"
	Recommendations scenario.Indicator = "recommendations"
	ErrorRate       scenario.Indicator = "error_rate"
	LatencyMean     scenario.Indicator = "latency_mean"
	LatencyP99      scenario.Indicator = "latency_p99"
	Timeouts        scenario.Indicator = "timeouts"
	BudgetLeft      scenario.Indicator = "budget_left"
	DBQueryTime     scenario.Indicator = "db_query_ms"
	DBQueryFormula  scenario.Indicator = "db_query_formula_ms"
	DBLoad          scenario.Indicator = "db_load"
	Utilization     scenario.Indicator = "utilization"
	Warm            scenario.Indicator = "warm"
	DBFailures      scenario.Indicator = "db_failures"
	BuildErrors     scenario.Indicator = "build_errors"
	Unavailable     scenario.Indicator = "unavailable"
	Burn            scenario.Indicator = "burn"
)

// Status thresholds of the headline indicators (see the package doc).
var (
	burnStatus    = &scenario.Thresholds{Warning: 2, Critical: 14.4}
	hitStatus     = &scenario.Thresholds{Warning: 0.6, Critical: 0.3, HigherIsBetter: true}
	dbStatus      = &scenario.Thresholds{Warning: 0.8, Critical: 0.95}
	shedStatus    = &scenario.Thresholds{Warning: 0, Critical: 0.10}
	badStatus     = &scenario.Thresholds{Warning: 0, Critical: 0.5}
	recsStatus    = &scenario.Thresholds{Warning: 0.999, Critical: 0.5, HigherIsBetter: true}
	errStatus     = &scenario.Thresholds{Warning: 0.001, Critical: 0.01}
	p99Status     = &scenario.Thresholds{Warning: 500, Critical: 1000}
	budgetStatus  = &scenario.Thresholds{Warning: 0.25, Critical: 0.10, HigherIsBetter: true}
	bootingStatus = &scenario.Thresholds{Warning: 0, Critical: 20}
)

// columns describes every indicator. The Doc strings are the definitions.
var columns = [numCols]scenario.Column{
	colBurn1h: {Key: string(Burn1h), Label: "burn 1h", Unit: "×", Digits: 1, Headline: true, Status: burnStatus,
		Doc: "Burn rate over the last hour: the mean of the last 60 per-minute error rates (the window pre-filled with the opening minute) divided by the error budget 0.1 %. 1× spends exactly the month's budget in a month; 14.4× spends 2 % of it in an hour (the usual fast-burn page). Totals: the value after the last minute."},
	colRequests: {Key: string(Requests), Label: "requests", Unit: "req/s", Digits: 0, Headline: true,
		Doc: "Requests arriving at the load balancer per second, shed ones included (arrivals in the minute / 60). Totals: the run's mean."},
	colServing: {Key: string(Serving), Label: "serving", Unit: "", Digits: 1, Headline: true,
		Doc: "Instances serving traffic, time-averaged over the minute (draining instances excluded). Totals: mean over minutes."},
	colBooting: {Key: string(Booting), Label: "booting", Unit: "", Digits: 1, Headline: true, Status: bootingStatus,
		Doc: "Instances started and not yet serving (billed, no traffic), time-averaged over the minute. Totals: mean over minutes."},
	colHit: {Key: string(CacheHit), Label: "cache hits", Unit: "%", Digits: 0, Headline: true, Status: hitStatus,
		Doc: "Cache hit share: cache lookups answered from a fresh entry / all cache lookups of the minute (one lookup per request that finished its app work without a bad-build error). Totals: hits / lookups over the run."},
	colDBUtil: {Key: string(DBUtil), Label: "DB", Unit: "%", Digits: 0, Headline: true, Status: dbStatus,
		Doc: "Database utilisation: busy query lanes / 20, time-averaged over the minute (des), warm-up queries included; the formula engine reports min(load/4,000 q/s, 1). Totals: mean over minutes."},
	colShed: {Key: string(Shed), Label: "shed", Unit: "%", Digits: 1, Headline: true, Status: shedStatus,
		Doc: "Requests rejected by the load balancer (low priority, \"try again later\") / requests arriving. Not charged to the error budget. Totals: over the run."},
	colCostRate: {Key: string(CostRate), Label: "fleet cost", Unit: "$/h", Digits: 2, Headline: true,
		Doc: "Fleet cost rate during the minute: (serving + booting instances + a rollback fleet being prepared) × $0.40/h. Draining instances are no longer billed. Totals: mean over minutes."},
	colCost: {Key: string(Cost), Label: "cost so far", Unit: "$", Digits: 2, Headline: true,
		Doc: "Cost since the start, including this minute (Σ cost rate / 60). Totals: the run's cost."},
	colAge: {Key: string(CacheAge), Label: "answer age", Unit: "s", Digits: 0, Headline: true,
		Doc: "Mean age of cached answers: for each cache hit, the time since its entry was filled; mean over the minute's hits (≈ TTL/2). Totals: mean over all hits."},
	colBadTraffic: {Key: string(BadBuildTraffic), Label: "on bad build", Unit: "%", Digits: 0, Headline: true, Status: badStatus,
		Doc: "Share of the requests that started service in the minute on an instance (worker) running the bad build. Totals: over the run."},
	colRecs: {Key: string(Recommendations), Label: "recs", Unit: "%", Digits: 0, Headline: true, Status: recsStatus,
		Doc: "Recommendations available: share of the requests that started service in the minute with the recommendations feature on. Totals: over the run."},
	colErrorRate: {Key: string(ErrorRate), Label: "errors", Unit: "%", Digits: 2, Headline: true, Status: errStatus,
		Doc: "Errors / (answers + errors) of the requests finished in the minute. Errors: worker-wait timeouts (2 s), database failures (a query past 250 ms), the bad build's 5 %, and requests arriving while no instance serves. Shed requests are not counted. Totals: over the run."},
	colLatMean: {Key: string(LatencyMean), Label: "latency", Unit: "ms", Digits: 0,
		Doc: "Mean time from arrival at the load balancer to the answer or error, over the requests finished in the minute (a timeout counts its 2 s). Totals: over the run."},
	colLatP99: {Key: string(LatencyP99), Label: "p99", Unit: "ms", Digits: 0, Headline: true, Status: p99Status,
		Doc: "99th percentile of the same latencies (des: quantile sketch, relative error 0.5 %; formula: the original's approximation S·ln 100 + ln(C/0.01)/(N/S − λ), at most timeout + S·ln 100). Totals: des over every request of the run; formula the largest minute (an upper bound of the run's p99)."},
	colTimeouts: {Key: string(Timeouts), Label: "timeouts", Unit: "", Digits: 0,
		Doc: "Requests that waited 2 s for a worker without getting one, in the minute (a count). Totals: sum."},
	colBudget: {Key: string(BudgetLeft), Label: "budget left", Unit: "%", Digits: 1, Headline: true, Status: budgetStatus,
		Doc: "Error budget of the 30-day month left after the minute: start value − Σ per-minute burn / 43,200 (negative = overspent). Totals: the value at the end."},
	colDBQuery: {Key: string(DBQueryTime), Label: "query time", Unit: "ms", Digits: 1,
		Doc: "Measured database query time: wait for a lane + service, mean over the queries finished or failed in the minute (a failed query counts 250 ms). Totals: over all queries."},
	colDBQueryFormula: {Key: string(DBQueryFormula), Label: "5ms/(1−ρ)", Unit: "ms", Digits: 1,
		Doc: "The original's query time 5 ms/(1 − ρ) (at most 250 ms) at the minute's DB utilisation ρ, for comparison with the measured query time; not used by the des engine. Totals: at the mean utilisation."},
	colDBLoad: {Key: string(DBLoad), Label: "DB load", Unit: "q/s", Digits: 0,
		Doc: "Database queries offered per second in the minute (request queries + warm-up job queries). Totals: mean over minutes."},
	colUtil: {Key: string(Utilization), Label: "workers busy", Unit: "%", Digits: 0,
		Doc: "Worker utilisation: busy worker-seconds / (16 × serving instance-seconds) in the minute, at most 100 %; what the autoscaler reads. Totals: mean over minutes."},
	colWarm: {Key: string(Warm), Label: "warm", Unit: "%", Digits: 0,
		Doc: "Cache warm share at the end of the minute: the share of the 20,000 hot objects that are cacheable. Totals: mean over minutes."},
	colDBFail: {Key: string(DBFailures), Label: "DB failures", Unit: "", Digits: 0,
		Doc: "Requests failed by a database query that would have taken past 250 ms, in the minute (a count). Totals: sum."},
	colBuildErr: {Key: string(BuildErrors), Label: "build errors", Unit: "", Digits: 0,
		Doc: "Requests failed by the bad build's 5 % errors in the minute (a count). Totals: sum."},
	colUnavailable: {Key: string(Unavailable), Label: "unavailable", Unit: "", Digits: 0,
		Doc: "Requests that found no serving instance (a count; des only in practice). Totals: sum."},
	colBurn: {Key: string(Burn), Label: "burn", Unit: "×", Digits: 1,
		Doc: "Burn rate of the minute alone: its error rate / 0.1 %. Totals: mean over minutes."},
}

// Columns returns the indicator columns of both engines.
func Columns() []scenario.Column { return append([]scenario.Column(nil), columns[:]...) }

// mstats is what an engine measured (des) or computed (formula) over one
// minute, or summed over the run. Counts are per minute; the formula
// engine's are expected values.
type mstats struct {
	arrivals, shed                              float64
	ok, timeouts, dbFail, buildErr, unavailable float64
	lookups, hits, ageSum                       float64
	served, badServed, recsServed               float64
	latSum, latN, latP99                        float64
	dbUtil, dbLoad, qtSum, qtN                  float64
	util, serving, booting                      float64
}

func (s *mstats) errors() float64 { return s.timeouts + s.dbFail + s.buildErr + s.unavailable }

// add adds the counts and per-minute values of m (not its p99).
func (s *mstats) add(m *mstats) {
	s.arrivals += m.arrivals
	s.shed += m.shed
	s.ok += m.ok
	s.timeouts += m.timeouts
	s.dbFail += m.dbFail
	s.buildErr += m.buildErr
	s.unavailable += m.unavailable
	s.lookups += m.lookups
	s.hits += m.hits
	s.ageSum += m.ageSum
	s.served += m.served
	s.badServed += m.badServed
	s.recsServed += m.recsServed
	s.latSum += m.latSum
	s.latN += m.latN
	s.dbUtil += m.dbUtil
	s.dbLoad += m.dbLoad
	s.qtSum += m.qtSum
	s.qtN += m.qtN
	s.util += m.util
	s.serving += m.serving
	s.booting += m.booting
}

// fill writes the indicators measured by s over n minutes into r: rates
// per second and per-minute values are means over the n minutes, shares
// pool their counts, counts are sums. The p99, burn rates, cost, budget
// and warm share come from elsewhere.
func (s *mstats) fill(r scenario.Row, n float64, p DBParams) {
	r[colRequests] = s.arrivals / (60 * n)
	r[colServing] = s.serving / n
	r[colBooting] = s.booting / n
	r[colHit] = scenario.Ratio(s.hits, s.lookups)
	r[colDBUtil] = s.dbUtil / n
	r[colShed] = scenario.Ratio(s.shed, s.arrivals)
	r[colAge] = scenario.Ratio(s.ageSum, s.hits)
	r[colBadTraffic] = scenario.Ratio(s.badServed, s.served)
	r[colRecs] = scenario.Ratio(s.recsServed, s.served)
	r[colErrorRate] = scenario.Ratio(s.errors(), s.ok+s.errors())
	r[colLatMean] = 1000 * scenario.Ratio(s.latSum, s.latN)
	r[colTimeouts] = s.timeouts
	r[colDBQuery] = 1000 * scenario.Ratio(s.qtSum, s.qtN)
	r[colDBQueryFormula] = 1000 * analytic.DBQueryTime(p.BaseTime, r[colDBUtil]*p.Capacity, p.Capacity, p.MaxTime)
	r[colDBLoad] = s.dbLoad / n
	r[colUtil] = s.util / n
	r[colDBFail] = s.dbFail
	r[colBuildErr] = s.buildErr
	r[colUnavailable] = s.unavailable
}

// ledger keeps the run's rows, the sums of its measurements and the
// largest per-minute database utilisation and p99.
type ledger struct {
	rows []scenario.Row
	sum  mstats // sums over the run (latP99 unused)
	peak struct{ dbUtil, p99 float64 }
}

// add books a minute's row and measurements.
func (l *ledger) add(row scenario.Row, s *mstats) {
	l.sum.add(s)
	l.peak.dbUtil = max(l.peak.dbUtil, s.dbUtil)
	l.peak.p99 = max(l.peak.p99, s.latP99)
	l.rows = append(l.rows, row)
}
