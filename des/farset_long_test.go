//go:build long

package des

import "testing"

// TestFarSetSameOrderAsHeapSeeds is TestFarSetSameOrderAsHeap with seeds
// 2 and 3 of every workload.
func TestFarSetSameOrderAsHeapSeeds(t *testing.T) {
	farSetAgainstHeap(t, 2, 3)
}
