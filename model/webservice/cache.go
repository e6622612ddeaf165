package webservice

import (
	"math"
	"queuelab/des"
)

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
func (w *warmth) refill(p CacheParams, dbUtil float64) {
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

const noFill = des.Time(math.MinInt64)

// objectCache is the des engine's cache: per hot object, when its entry
// was filled, and its rank in the warm order (a random permutation drawn
// once): an object is cacheable while its rank is below warmCount, the
// warm share × objects. Objects are drawn uniformly or, with ZipfS > 0,
// Zipf-distributed through an alias table.
type objectCache struct {
	fill      []des.Time // per object: when its entry was filled (noFill = none)
	rank      []int32    // per object: position in the warm order
	warmCount int32
	alias     alias
	zipf      bool
}

func newObjectCache(p CacheParams, order *des.Stream) objectCache {
	c := objectCache{fill: make([]des.Time, p.Objects), rank: make([]int32, p.Objects)}
	for i := range c.rank {
		c.rank[i] = int32(i)
		c.fill[i] = noFill
	}
	for i := len(c.rank) - 1; i > 0; i-- { // Fisher–Yates
		j := order.IntN(i + 1)
		c.rank[i], c.rank[j] = c.rank[j], c.rank[i]
	}
	if p.ZipfS > 0 {
		c.zipf = true
		c.alias = newZipfAlias(p.Objects, p.ZipfS)
	}
	return c
}

// setWarm makes the share warm of the objects cacheable, in the warm
// order.
func (c *objectCache) setWarm(warm float64) {
	c.warmCount = int32(math.Floor(warm * float64(len(c.rank))))
}

// object draws the object a request asks for.
func (c *objectCache) object(s *des.Stream) int32 {
	if c.zipf {
		return c.alias.sample(s)
	}
	return int32(s.IntN(len(c.fill)))
}

// prefill puts the cache in its stationary state for the opening rate
// lam (req/s) and TTL T (s), so that minute 0 is not a cold start: each object's TTL cycle is a fresh
// period of length T followed by an expired wait of mean 1/r, so at a
// random instant the entry is fresh with probability rT/(1 + rT) and its
// age is then uniform on [0, T).
func (c *objectCache) prefill(p CacheParams, lam, T float64, s *des.Stream) {
	n := len(c.fill)
	var norm float64
	if p.ZipfS > 0 {
		for i := n; i >= 1; i-- {
			norm += math.Pow(float64(i), -p.ZipfS)
		}
	}
	for i := range c.fill {
		r := lam / float64(n)
		if p.ZipfS > 0 {
			r = lam * math.Pow(float64(i+1), -p.ZipfS) / norm
		}
		if s.Float64()*(1+r*T) < r*T {
			c.fill[i] = -des.Seconds(s.Float64() * T)
		}
	}
}

// lookup looks object o up at now: a hit if it is cacheable and its
// entry was filled less than ttl ago, with the entry's age.
func (c *objectCache) lookup(o int32, now, ttl des.Time) (age des.Time, hit bool) {
	if c.rank[o] < c.warmCount {
		if f := c.fill[o]; f != noFill && now-f < ttl {
			return now - f, true
		}
	}
	return 0, false
}

// store fills the entry of object o at now, if it is cacheable.
func (c *objectCache) store(o int32, now des.Time) {
	if c.rank[o] < c.warmCount {
		c.fill[o] = now
	}
}

// flush empties every entry.
func (c *objectCache) flush() {
	for i := range c.fill {
		c.fill[i] = noFill
	}
}
