package network

import (
	"fmt"
	"math"

	"queuelab/des"
)

// BatchKind names a batch-size law of the network file (batch: {dist: …}).
type BatchKind uint8

// The batch-size laws.
const (
	BatchGeometric BatchKind = iota + 1 // P(X = k) = (1−q)·q^(k−1), k ≥ 1, mean 1/(1−q)
	BatchDet                            // always Mean customers
	BatchValues                         // one of Values, with probabilities P (equal when P is nil)
)

var batchNames = [...]string{"", "geometric", "det", "values"}

// BatchNames lists the batch-size laws a file accepts.
const BatchNames = "geometric, det, values"

// MaxBatch is the largest batch size.
const MaxBatch = 10_000

// String returns the law's name in the file.
func (k BatchKind) String() string {
	if int(k) < len(batchNames) && k > 0 {
		return batchNames[k]
	}
	return fmt.Sprintf("batch(%d)", uint8(k))
}

// ParseBatchKind parses a batch-size law's name.
func ParseBatchKind(s string) (BatchKind, error) {
	for i, n := range batchNames[1:] {
		if s == n {
			return BatchKind(i + 1), nil
		}
	}
	return 0, fmt.Errorf("unknown batch law %q (valid: %s)", cut(s), BatchNames)
}

// Batch is the law of the number of customers one arrival event brings
// (≥ 1): geometric on 1, 2, … with the given Mean (≥ 1), deterministic
// Mean (a whole number), or one of Values drawn with probabilities P (or
// equally likely).
type Batch struct {
	Kind   BatchKind
	Mean   float64   // geometric, det
	Values []int     // values: sizes from 1 to MaxBatch
	P      []float64 // values: their probabilities (nil: equal), summing to 1
}

// Validate reports what is wrong with the batch law, naming the key, or
// nil.
func (b *Batch) Validate() error {
	switch b.Kind {
	case BatchGeometric:
		if !(b.Mean >= 1 && b.Mean <= MaxBatch) {
			return fmt.Errorf("mean: a geometric batch size (1, 2, …) needs a mean from 1 to %d, got %v", MaxBatch, b.Mean)
		}
	case BatchDet:
		if !(b.Mean >= 1 && b.Mean <= MaxBatch && b.Mean == math.Trunc(b.Mean)) {
			return fmt.Errorf("mean: a deterministic batch size must be a whole number from 1 to %d, got %v", MaxBatch, b.Mean)
		}
	case BatchValues:
		if len(b.Values) == 0 || len(b.Values) > 1000 {
			return fmt.Errorf("values: needs 1 to 1000 batch sizes, got %d", len(b.Values))
		}
		for i, v := range b.Values {
			if v < 1 || v > MaxBatch {
				return fmt.Errorf("values[%d]: a batch size must be a whole number from 1 to %d, got %d", i+1, MaxBatch, v)
			}
		}
		if b.P == nil {
			return nil
		}
		if len(b.P) != len(b.Values) {
			return fmt.Errorf("p: needs one probability per value (%d), got %d", len(b.Values), len(b.P))
		}
		sum := 0.0
		for i, p := range b.P {
			if !(p >= 0 && p <= 1) {
				return fmt.Errorf("p[%d]: must be a probability in [0, 1], got %v", i+1, p)
			}
			sum += p
		}
		if math.Abs(sum-1) > 1e-9 {
			return fmt.Errorf("p: the probabilities must sum to 1, got %.6g", sum)
		}
	default:
		return fmt.Errorf("dist: unknown batch law (valid: %s)", BatchNames)
	}
	return nil
}

// MeanSize returns E[X].
func (b *Batch) MeanSize() float64 {
	if b.Kind != BatchValues {
		return b.Mean
	}
	m := 0.0
	for i, v := range b.Values {
		m += b.prob(i) * float64(v)
	}
	return m
}

// SecondMoment returns E[X²]: 2m² − m for the geometric law of mean m
// (variance m² − m), m² for det.
func (b *Batch) SecondMoment() float64 {
	switch b.Kind {
	case BatchGeometric:
		return 2*b.Mean*b.Mean - b.Mean
	case BatchDet:
		return b.Mean * b.Mean
	}
	m2 := 0.0
	for i, v := range b.Values {
		m2 += b.prob(i) * float64(v) * float64(v)
	}
	return m2
}

// PMF returns P(X = k) for k = 1 … len (index k−1), or nil for the
// geometric law, whose support is unbounded.
func (b *Batch) PMF() []float64 {
	switch b.Kind {
	case BatchDet:
		p := make([]float64, int(b.Mean))
		p[len(p)-1] = 1
		return p
	case BatchValues:
		most := 0
		for _, v := range b.Values {
			most = max(most, v)
		}
		p := make([]float64, most)
		for i, v := range b.Values {
			p[v-1] += b.prob(i)
		}
		return p
	}
	return nil
}

func (b *Batch) prob(i int) float64 {
	if b.P == nil {
		return 1 / float64(len(b.Values))
	}
	return b.P[i]
}

// batchSampler draws batch sizes: geometric by inversion,
// 1 + ⌊ln U / ln q⌋; values by a cumulative table.
type batchSampler struct {
	kind BatchKind
	det  int
	lnq  float64 // geometric: ln q, q = 1 − 1/mean (0 when mean is 1)
	vals []int
	cum  []float64
}

func (b *Batch) sampler() *batchSampler {
	s := &batchSampler{kind: b.Kind}
	switch b.Kind {
	case BatchDet:
		s.det = int(b.Mean)
	case BatchGeometric:
		if b.Mean > 1 {
			s.lnq = math.Log(1 - 1/b.Mean)
		}
	case BatchValues:
		s.vals = b.Values
		c := 0.0
		for i := range b.Values {
			c += b.prob(i)
			s.cum = append(s.cum, c)
		}
		s.cum[len(s.cum)-1] = 1
	}
	return s
}

// draw returns one batch size (≥ 1).
func (s *batchSampler) draw(st *des.Stream) int {
	switch s.kind {
	case BatchDet:
		return s.det
	case BatchGeometric:
		if s.lnq == 0 {
			return 1
		}
		u := 1 - st.Float64() // (0, 1]
		k := 1 + math.Floor(math.Log(u)/s.lnq)
		return int(min(k, MaxBatch*1000)) // a guard far beyond any mean allowed
	}
	u := st.Float64()
	for i, c := range s.cum {
		if u < c {
			return s.vals[i]
		}
	}
	return s.vals[len(s.vals)-1]
}
