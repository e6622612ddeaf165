package sweep

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: no design file makes Parse panic, and a design it accepts
// has at least one point, a response, and a plan that checks.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("../examples/sweeps/*.yaml")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(smallMMc))
	f.Add([]byte("system: mmc\nlatin: {points: 4, ranges: {servers: [200, 300], arrival-rate: [1, 50]}}\n"))
	f.Add([]byte("system: switch\nscenario: fraud-wave\nset: {stepup: 0.5}\nvary: {threshold: [1.5, 2, 2.5]}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse("fuzz.yaml", data)
		if err != nil {
			return
		}
		if len(d.Points) == 0 || len(d.Responses) == 0 {
			t.Fatalf("accepted a design with %d points and %d responses", len(d.Points), len(d.Responses))
		}
		if err := d.Plan().Check(); err != nil {
			t.Fatalf("accepted a design whose plan does not check: %v", err)
		}
	})
}
