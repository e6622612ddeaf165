package network

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const traceNet = `classes:
  - {name: a, arrivals: {to: q, rate: 2, batch: {dist: values, values: [1, 2]}}}
stations:
  - {name: q, servers: 1, capacity: 3, patience: {dist: exp, mean: 0.5}, service: {dist: exp, mean: 0.3}}
  - {name: "d,1", servers: inf, service: {dist: det, mean: 1}}
routing:
  q: {"d,1": 0.5}
`

func traceRun(t *testing.T, max int64) (*Trace, []byte, *Sim) {
	n, err := Parse("t.yaml", []byte(traceNet))
	require.NoError(t, err)
	var buf bytes.Buffer
	tr := NewTrace(&buf, max)
	s, err := New(n, Options{Seed: 9, Trace: tr})
	require.NoError(t, err)
	require.NoError(t, s.RunUntil(500))
	require.NoError(t, tr.Flush())
	return tr, buf.Bytes(), s
}

func TestTraceRows(t *testing.T) {
	tr, out, s := traceRun(t, 1<<30)
	defer s.Close()
	full, _ := tr.Full()
	assert.False(t, full)
	rows, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"customer", "class", "station", "arrived", "started", "departed", "batch"}, rows[0])
	kinds := map[string]int{}
	batchOf := map[string]string{}
	for _, r := range rows[1:] {
		arr, _ := strconv.ParseFloat(r[3], 64)
		switch {
		case r[4] == "" && r[5] == "":
			kinds["lost"]++
		case r[4] == "":
			kinds["abandoned"]++
			dep, _ := strconv.ParseFloat(r[5], 64)
			assert.GreaterOrEqual(t, dep, arr)
		default:
			kinds["served"]++
			st, _ := strconv.ParseFloat(r[4], 64)
			dep, _ := strconv.ParseFloat(r[5], 64)
			assert.True(t, arr <= st && st <= dep, "%v", r)
			if r[2] == "d,1" {
				assert.Equal(t, arr, st, "nobody waits at a delay station")
				assert.InDelta(t, 1, dep-st, 1e-9)
			}
		}
		if b, ok := batchOf[r[0]]; ok {
			assert.Equal(t, b, r[6], "a customer keeps its batch")
		}
		batchOf[r[0]] = r[6]
	}
	// Every visit that ended is one row: departures + losses + abandons.
	var dep, lost, ab int64
	for _, stn := range s.stations {
		tot := stn.Stats.Total
		dep += tot.Departures
		lost += tot.Losses
		ab += tot.Abandons
	}
	assert.Equal(t, int(dep), kinds["served"])
	assert.Equal(t, int(lost), kinds["lost"])
	assert.Equal(t, int(ab), kinds["abandoned"])
	assert.Positive(t, kinds["lost"]*kinds["abandoned"]*kinds["served"], "%v", kinds)

	_, again, s2 := traceRun(t, 1<<30)
	defer s2.Close()
	assert.Equal(t, out, again, "same seed, same bytes")
}

func TestTraceBudget(t *testing.T) {
	tr, out, s := traceRun(t, 2000)
	defer s.Close()
	full, at := tr.Full()
	assert.True(t, full)
	assert.Positive(t, at)
	assert.LessOrEqual(t, len(out), 2000)
	assert.Equal(t, byte('\n'), out[len(out)-1], "whole rows only")
	_, all, s2 := traceRun(t, 1<<30)
	defer s2.Close()
	assert.Equal(t, all[:len(out)], out, "the budget cuts the same trace")
}
