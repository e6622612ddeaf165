//go:build long

package network

import "testing"

// TestWorkBoundsMeasuredPeakLarge: the networks of issue 20, whose
// estimates were 3.5–8× low — a class of a million customers (161 MiB
// estimated, 557 MB used) and a ring of 1024 stations (1.5 GB used under
// --max-memory 256MiB) — are bounded by Work's memory.
func TestWorkBoundsMeasuredPeakLarge(t *testing.T) {
	checkWorkBoundsPeak(t, []memCase{
		{"a class of a million customers", ringNetwork(2, 1_000_000), 10, 1200},
		{"a ring of 1024 stations", ringNetwork(1024, 1024), 10, 1200},
	})
}
