package calculator

import (
	"math"

	"queuelab/analytic"
	"queuelab/des/queueing"
)

// The web service's formulas: the diurnal arrival rate, the TTL cache,
// the database, the worker time, the error budget, the autoscaler and
// the fleet's cost.

var (
	pBase      = numP("base", "1000", 0, false, "base rate per second")
	pHour      = Param{flag: "hour", lo: -1e6, hi: 1e6, desc: "time of day in hours (8 = 08:00)"}
	pAmplitude = probP("amplitude", "0.25", "relative amplitude of the daily wave")
)

var diurnalRate = Formula{Name: "diurnal-rate", Params: []Param{pBase, pHour, pAmplitude}, eval: diurnalRateEval,
	Summary: "Web-service arrival rate base·(1 + amplitude·sin(2π(hour − 6)/24))"}

func diurnalRateEval(in Inputs) ([]Output, error) {
	return []Output{{"rate", analytic.DiurnalRate(in.f(pBase), in.f(pAmplitude), in.f(pHour)), "/s", "arrival rate λ"}}, nil
}

var (
	pTTL     = durP("ttl", "60s", false, "cache TTL T")
	pObjects = atMost(intP("objects", "20000", 1, "number of hot objects"), 10_000_000)
	pWarm    = probP("warm", "1", "share of objects currently cacheable")
	pZipf    = numP("zipf", "0", 0, false, "Zipf exponent s of popularity (0 = uniform)")
)

var ttlCache = Formula{Name: "ttl-cache", Params: []Param{pArrival, pTTL, pObjects, pWarm, pZipf}, eval: ttlCacheEval,
	Summary: "TTL cache hit share warm·rT/(1 + rT), r = λ/objects (Zipf popularity optional), mean age T/2"}

func ttlCacheEval(in Inputs) ([]Output, error) {
	n := in.int(pObjects)
	lambda, ttl, warm := in.f(pArrival), in.f(pTTL), in.f(pWarm)
	hit := analytic.TTLHitRatio(lambda/float64(n), ttl, warm)
	if in.f(pZipf) != 0 {
		hit = analytic.ZipfTTLHitRatio(lambda, ttl, warm, n, in.f(pZipf))
	}
	return []Output{
		{"hit", hit, "", "share of requests served from the cache"},
		{"mean_age", analytic.CachedAnswerMeanAge(ttl), "s", "mean age of a cached answer, T/2"},
	}, nil
}

var (
	pQueries    = numP("queries", "3", 0, false, "DB queries per cache miss q")
	pHit        = probP("hit", "", "cache hit share")
	pExtra      = numP("extra", "0", 0, false, "extra queries per second (600 with the warm-up job)")
	pDBCapacity = numP("capacity", "4000", 0, true, "DB capacity, queries per second")
	pQueryBase  = durP("base", "5ms", false, "query time of an idle DB")
	pQueryMax   = durP("max", "250ms", false, "cap on the query time")
)

var dbQueryTime = Formula{Name: "db-query-time", Params: []Param{pArrival, pQueries, pHit, pExtra, pDBCapacity, pQueryBase, pQueryMax}, eval: dbQueryTimeEval,
	Summary: "Database load λ·q·(1 − hit) + extra and query time base/(1 − ρ), capped"}

func dbQueryTimeEval(in Inputs) ([]Output, error) {
	if in.f(pQueryMax) < in.f(pQueryBase) {
		return nil, inputf("--max: must be ≥ --base %gs, got %gs", in.f(pQueryBase), in.f(pQueryMax))
	}
	load := analytic.DBLoad(in.f(pArrival), in.f(pQueries), in.f(pHit), in.f(pExtra))
	return []Output{
		{"db_load", load, "/s", "queries per second"},
		metricOut(queueing.Utilization, load/in.f(pDBCapacity), "", "ρ = load / capacity (may exceed 1)"),
		{"query_time", analytic.DBQueryTime(in.f(pQueryBase), load, in.f(pDBCapacity), in.f(pQueryMax)), "s", "base/(1 − ρ), capped"},
	}, nil
}

var (
	pAppTime     = durP("app-time", "70ms", false, "app work per request (50 ms, +20 ms with recommendations)")
	pMissQueries = numP("queries", "3", 0, false, "DB queries per miss q")
	pQueryTime   = durP("query-time", "", false, "DB query time")
)

var serviceTime = Formula{Name: "service-time", Params: []Param{pAppTime, pHit, pMissQueries, pQueryTime}, eval: serviceTimeEval,
	Summary: "Web-service worker time S = app time + (1 − hit)·q·query time"}

func serviceTimeEval(in Inputs) ([]Output, error) {
	s := analytic.WebServiceTime(in.f(pAppTime), in.f(pHit), in.f(pMissQueries), in.f(pQueryTime))
	return []Output{{"service_time", s, "s", "mean worker holding time S"}}, nil
}

var (
	pErrorRate = probP("error-rate", "", "share of requests failing")
	pSLO       = Param{flag: "slo", def: "0.999", lo: 0, hi: 1, hiOpen: true, desc: "availability objective"}
)

var burnRate = Formula{Name: "burn-rate", Params: []Param{pErrorRate, pSLO}, eval: burnRateEval,
	Summary: "Error budget 1 − SLO, burn = error rate / budget, budget spent per minute (30-day month)"}

func burnRateEval(in Inputs) ([]Output, error) {
	burn := analytic.BurnRate(in.f(pErrorRate), in.f(pSLO))
	return []Output{
		{"budget", analytic.ErrorBudget(in.f(pSLO)), "", "allowed error share 1 − SLO"},
		{"burn", burn, "×", "error rate / budget"},
		{"budget_per_minute", analytic.BudgetSpentPerMinute(burn), "", "share of a 30-day budget spent per minute, burn/43200"},
		{"minutes_to_exhaust", 43200 / math.Max(burn, 1e-300), "min", "minutes until a full budget is gone at this burn"},
	}, nil
}

var (
	pServing      = intP("serving", "", 0, "serving instances")
	pUtilization  = numP("utilization", "", 0, false, "measured utilisation (saturates at 1)")
	pTarget       = Param{flag: "target", def: "0.6", lo: 0, hi: 1, loOpen: true, desc: "target utilisation"}
	pMaxInstances = intP("max", "40", 0, "most instances")
)

var autoscaler = Formula{Name: "autoscaler", Params: []Param{pServing, pUtilization, pTarget, pMaxInstances}, eval: autoscalerEval,
	Summary: "Target-tracking autoscaler: ⌈serving·min(util, 1)/target⌉, at most --max"}

func autoscalerEval(in Inputs) ([]Output, error) {
	n, err := analytic.DesiredInstances(in.int(pServing), in.f(pUtilization), in.f(pTarget), in.int(pMaxInstances))
	if err != nil {
		return nil, inputf("autoscaler: %v", err)
	}
	return []Output{{"desired", float64(n), "", "desired instances"}}, nil
}

var (
	pInstances = intP("instances", "", 0, "instances (or servers) billed")
	pPrice     = numP("price", "", 0, false, "price per instance-hour (6 u on the switch, 0.40 $ on the web service)")
)

var costRate = Formula{Name: "cost-rate", Params: []Param{pInstances, pPrice}, eval: costRateEval,
	Summary: "Fleet cost per hour: instances × price per instance-hour"}

func costRateEval(in Inputs) ([]Output, error) {
	return []Output{{"cost_per_hour", analytic.CostRate(in.int(pInstances), in.f(pPrice)), "/h", "cost rate"}}, nil
}
