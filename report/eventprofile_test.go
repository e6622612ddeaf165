package report

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/des"
)

func TestEventProfileSection(t *testing.T) {
	ep := &des.EventProfile{Envs: 1, Events: 30, Busy: time.Millisecond,
		Kinds: []des.KindProfile{
			{Name: "arrival", Count: 20, Share: 2.0 / 3, MeanPending: 4.5, MaxPending: 9, Sampled: 3, Time: 5 * time.Microsecond},
			{Name: "a<b", Count: 10, Share: 1.0 / 3, MeanPending: 2, MaxPending: 3},
		},
		Pending: []des.PendingPoint{{At: 0, Pending: 1}, {At: des.Second, Pending: 9}, {At: 2 * des.Second, Pending: 3}},
	}
	s, err := EventProfileSection(ep)
	require.NoError(t, err)
	body := string(s.Body)
	assert.Equal(t, "Event profile", s.Heading)
	assert.Contains(t, body, "<svg")
	assert.Contains(t, body, "66.7 %")
	assert.Contains(t, body, "a&lt;b", "kind names are escaped")
	assert.NotContains(t, body, "µs", "no times: the report stays the same bytes")
	again, err := EventProfileSection(ep)
	require.NoError(t, err)
	assert.Equal(t, s, again)
	assert.Equal(t, 1, strings.Count(body, "<svg"))
	_, err = EventProfileSection(&des.EventProfile{})
	assert.Error(t, err)
}
