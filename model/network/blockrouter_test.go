package network

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"queuelab/analytic"
)

// routerBuffer is an open line first → router → {a (buffer 2), b}: a
// customer the router sends to a full a waits at the router.
const routerBuffer = `name: router-buffer
arrivals: {to: first, rate: 0.8}
stations:
  - {name: first, service: {dist: exp, mean: 0.5}}
  - {name: lb, kind: router}
  - {name: a, service: {dist: exp, mean: 1.5}, buffer: 2, blocking: BLOCKING}
  - {name: b, service: {dist: exp, mean: 0.5}}
routing:
  first: {lb: 1}
  lb: {lb: {policy: random, to: [a, b]}}
`

// TestRouterInFrontOfBufferHoldsCustomers pins what the simulator does
// with a buffer behind a router, and that the exact CTMC refuses it: the
// router (infinitely many servers, no service) holds the customers who
// find a full, so first is never blocked and is the M/M/1 it would be
// without the buffer. Simulated 2·10⁵ s with seed 31 (30 batches, 99.9 %
// half-widths): first's utilisation is 0.8·0.5 = 0.4 within the interval,
// the router's mean number present is above 0 beyond it, and the value
// the chain gave when it folded the router into first's row (first
// holding the customer: 0.5616, the chain of basRandom's line "one") lies
// outside it. The chain, which cannot hold customers at a router,
// refuses the network for either blocking, naming the router.
func TestRouterInFrontOfBufferHoldsCustomers(t *testing.T) {
	n := parseBlocking(t, routerBuffer, "after-service")
	r := run(t, n, 31, 2e5)
	got, half := ci999(t, r, "first", "utilization")
	assert.InDelta(t, 0.4, got, half, "first is never blocked")
	assert.Greater(t, 0.5616-got, half, "folded chain's value")
	got, half = ci999(t, r, "lb", "mean_in_system")
	assert.Greater(t, got, half, "the router holds customers")
	for _, b := range []string{"after-service", "before-service"} {
		an, err := parseBlocking(t, routerBuffer, b).Analytic()
		require.NoError(t, err)
		_, err = analytic.NetworkCTMC(an)
		assert.ErrorContains(t, err, `router "lb" feeds "a", which has a buffer: the simulator holds a customer who finds the buffer full at the router`, b)
	}
}

// parseBlocking parses src with BLOCKING replaced by blocking.
func parseBlocking(t *testing.T, src, blocking string) *Network {
	t.Helper()
	n, err := Parse("net.yaml", []byte(strings.ReplaceAll(src, "BLOCKING", blocking)))
	require.NoError(t, err)
	return n
}
