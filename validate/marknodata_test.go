package validate

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMarkNoData: both markers give every judged check NoData and the
// reason, and leave an Info check (nothing to judge) Info.
func TestMarkNoData(t *testing.T) {
	why := errors.New("only 12 customers measured")
	in := []Verdict{Agrees, Disagrees, Inconclusive, Info, NoData}
	want := []Verdict{NoData, NoData, NoData, Info, NoData}

	cs := make([]Check, len(in))
	ns := make([]NetworkCheck, len(in))
	for i, v := range in {
		cs[i].Verdict, ns[i].Verdict = v, v
	}
	MarkNoData(cs, why)
	MarkNetworkNoData(ns, why)
	for i := range in {
		assert.Equal(t, want[i], cs[i].Verdict, "Check %d", i)
		assert.Equal(t, why.Error(), cs[i].Note, "Check %d", i)
		assert.Equal(t, want[i], ns[i].Verdict, "NetworkCheck %d", i)
		assert.Equal(t, why.Error(), ns[i].Note, "NetworkCheck %d", i)
	}
}
