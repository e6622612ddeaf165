package webservice

import "math"

// warmth is the cache's warm share — the share of the hot objects that
// are cacheable — and the warm-up job. A flush empties it; it refills by
// itself toward 1 with time constant RefillTau, slowed linearly to a
// standstill as the database's utilisation goes from RefillSlowFrom to
// 100 % (refilling needs spare database reads); the warm-up job adds
// WarmupRate a minute on top for WarmupMinutes.
type warmth struct {
	warm       float64
	warmupLeft int // minutes of the warm-up job still to run
}

// refill advances the warm share by one minute at database utilisation
// dbUtil.
func (w *warmth) refill(p Params, dbUtil float64) {
	slow := 1.0
	if dbUtil > p.RefillSlowFrom {
		slow = max(0, (1-dbUtil)/(1-p.RefillSlowFrom))
	}
	w.warm += (1 - w.warm) * (-math.Expm1(-60 / p.RefillTau)) * slow
	if w.warmupLeft > 0 {
		w.warm += p.WarmupRate
		w.warmupLeft--
	}
	w.warm = min(w.warm, 1)
}
