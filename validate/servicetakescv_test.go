package validate

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// ServiceTakesCV follows the table: the laws shaped by --service-cv are
// those whose family has a cv key; the others, and indices outside
// ServiceNames, are not.
func TestServiceTakesCV(t *testing.T) {
	cases := []struct {
		law  string
		want bool
	}{
		{"exp", false},
		{"det", false},
		{"lognormal", true},
		{"erlang-k", false},
		{"hyperexp", true},
	}
	for _, c := range cases {
		i := slices.Index(ServiceNames, c.law)
		if assert.GreaterOrEqual(t, i, 0, c.law) {
			assert.Equal(t, c.want, ServiceTakesCV(i), c.law)
		}
	}
	assert.Len(t, cases, len(ServiceNames), "every law has a case")
	assert.False(t, ServiceTakesCV(-1))
	assert.False(t, ServiceTakesCV(len(ServiceNames)))
}
