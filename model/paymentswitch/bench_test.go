package paymentswitch

import (
	"path/filepath"
	"testing"

	"queuelab/model/scenario"
)

// BenchmarkSaleSurge runs sale-surge with its reference playbook on the des
// engine: about 2.5 million attempts per run.
func BenchmarkSaleSurge(b *testing.B) {
	pb, err := scenario.LoadFile(filepath.Join("..", "..", "playbooks", "switch-sale-surge.yaml"), Controls)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var attempts float64
	for b.Loop() {
		e, err := New(scenario.DES, SaleSurge, 1)
		if err != nil {
			b.Fatal(err)
		}
		r, err := scenario.Run(e, pb, 60)
		if err != nil {
			b.Fatal(err)
		}
		attempts += r.Value("offered_tps") * 3600
	}
	b.ReportMetric(attempts/float64(b.N), "attempts/op")
	b.ReportMetric(attempts/b.Elapsed().Seconds(), "attempts/s")
}
