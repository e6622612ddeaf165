package network

import (
	"bytes"
	"encoding/csv"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des/queueing"
)

// TestTraceAndPercentilesBeyondProductForm: the trace and the percentiles
// see every service station of a network with blocking, balking or a
// fork and join (whose visits take the features' and fork's own paths):
// each station has traced visits and finite response percentiles, and so
// has the network end to end. (The features' arrivals and departures once
// skipped the trace and the percentiles, and a fork's tasks crashed the
// trace.)
func TestTraceAndPercentilesBeyondProductForm(t *testing.T) {
	for _, tc := range []struct{ name, src string }{
		{"blocking", "arrivals: {to: a, rate: 0.6}\nstations:\n  - {name: a, service: {dist: exp, mean: 1}}\n" +
			"  - {name: b, service: {dist: exp, mean: 1}, buffer: 2, blocking: after-service}\nrouting:\n  a: {b: 1}\n"},
		{"balking", "arrivals: {to: q, rate: 1.4}\nstations:\n  - {name: q, service: {dist: exp, mean: 1}, join_probability: [1, 0.7, 0.4]}\n"},
		{"fork-join", "arrivals: {to: split, rate: 0.5}\nstations:\n  - {name: split, kind: fork}\n" +
			"  - {name: left, service: {dist: exp, mean: 1}}\n  - {name: right, service: {dist: exp, mean: 1}}\n  - {name: merge, kind: join}\n" +
			"routing:\n  split: {split: {left: 1, right: 1}}\n  left: {merge: 1}\n  right: {merge: 1}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := Parse(tc.name+".yaml", []byte(tc.src))
			require.NoError(t, err)
			var buf bytes.Buffer
			tr := NewTrace(&buf, 1<<30)
			s, err := New(n, Options{Seed: 5, Trace: tr, Percentiles: true, Window: 100})
			require.NoError(t, err)
			defer s.Close()
			require.NoError(t, s.RunUntil(20_000))
			require.NoError(t, tr.Flush())
			rows, err := csv.NewReader(&buf).ReadAll()
			require.NoError(t, err)
			visits := map[string]int{}
			for _, row := range rows[1:] {
				visits[row[2]]++
			}
			res := s.Result(1_000, 30)
			for _, st := range append(n.Stations, Station{Name: NetworkStation}) {
				if st.Kind.forkOrJoin() {
					_, ok := res.Metric(st.Name, "", queueing.Percentile(0.9, queueing.OfResponse))
					assert.False(t, ok, "%s: no percentiles at a %s", st.Name, st.Kind)
					continue
				}
				if st.Name != NetworkStation {
					assert.Greater(t, visits[st.Name], 1000, "%s: traced visits", st.Name)
				}
				m, ok := res.Metric(st.Name, "", queueing.Percentile(0.9, queueing.OfResponse))
				require.True(t, ok, "%s p90_response", st.Name)
				v := m.Value()
				assert.True(t, v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v), "%s p90_response = %v", st.Name, v)
			}
		})
	}
}
