package des

// OrderedUniforms draws k independent uniform times on an interval and
// hands them back in increasing order: the order statistics of k iid
// uniforms, the law of k Poisson points given their number, or of k
// retries each due at a uniform moment of a window.
//
// It costs O(k) expected time and one uniform per time, with no
// logarithm or power: the times are dropped into k equal buckets by a
// counting sort and each bucket (one time on average) is finished by
// insertion. The sequential alternative, each next time the minimum of
// the j times still to come, from + (to − from)(1 − U^{1/j}), needs a
// math.Pow per time; drawing k uniforms and sorting them gives the same
// joint law (Devroye, "Non-Uniform Random Variate Generation", 1986,
// ch. V on uniform order statistics).
//
// The zero value is ready to use; its buffers are kept between draws, so
// a model that draws a window's times every window allocates only while
// k grows.
type OrderedUniforms struct {
	raw, sorted []Time
	count       []int32
}

// Draw returns k uniform times on [from, to), sorted (ties possible: the
// times are rounded down to the clock's resolution), drawing k uniforms
// from s. The slice is the receiver's and is overwritten by the next Draw.
// It requires k ≥ 0 and from < to.
func (o *OrderedUniforms) Draw(s *Stream, k int, from, to Time) []Time {
	if k <= 0 {
		return o.sorted[:0]
	}
	o.raw, o.sorted, o.count = grow(o.raw, k), grow(o.sorted, k), grow(o.count, k+1)
	clear(o.count)
	span := float64(to - from)
	// bucket maps a time to one of k equal buckets of [from, to),
	// monotone in the time, so bucket order is time order.
	scale := float64(k) / span
	bucket := func(t Time) int { return min(int(float64(t-from)*scale), k-1) }
	for i := range o.raw {
		t := min(from+Time(s.Float64()*span), to-1)
		o.raw[i] = t
		o.count[bucket(t)+1]++
	}
	for b := 1; b <= k; b++ { // count[b] becomes the first slot of bucket b
		o.count[b] += o.count[b-1]
	}
	for _, t := range o.raw {
		b := bucket(t)
		o.sorted[o.count[b]] = t
		o.count[b]++
	}
	// Insertion sort: after the scatter a time is out of place only within
	// its bucket, so the moves total the pairs inside buckets, O(k)
	// expected.
	xs := o.sorted
	for i := 1; i < len(xs); i++ {
		t, j := xs[i], i
		for ; j > 0 && xs[j-1] > t; j-- {
			xs[j] = xs[j-1]
		}
		xs[j] = t
	}
	return xs
}

// grow returns s resliced to length n, reallocated only if its capacity
// is short.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, max(n, 2*cap(s)))
	}
	return s[:n]
}
