package sweep

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExampleDesignsLoad: every design in examples/sweeps (the README
// shows them) loads and checks; mg1-service-laws.yaml broke unnoticed
// when service-cv began to be refused for laws with a CV of their own.
func TestExampleDesignsLoad(t *testing.T) {
	files, err := filepath.Glob("../examples/sweeps/*.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			d, err := Load(f)
			require.NoError(t, err)
			assert.NotEmpty(t, d.Points)
			assert.NoError(t, d.Plan().Check())
		})
	}
}

// TestServiceCVWithVariedLaws: a service-cv set once for a design whose
// service law varies applies to the laws that take one and leaves the
// others their own CV; with one fixed law that has its own CV, or varied
// beside such a law, it is refused with where it was given.
func TestServiceCVWithVariedLaws(t *testing.T) {
	base := "system: mmc\nset: {servers: 1, arrival-rate: 0.5, duration: 1000s, service-cv: 2}\n"
	d, err := Parse("d.yaml", []byte(base+"vary: {service: [det, exp, hyperexp]}\n"))
	require.NoError(t, err)
	require.Len(t, d.Points, 3)
	var scv []float64
	for _, pt := range d.Points {
		cfg, err := mmcSystem{}.config(d.Settings(pt))
		require.NoError(t, err)
		scv = append(scv, cfg.Service.SCV())
	}
	assert.InDeltaSlice(t, []float64{0, 1, 4}, scv, 1e-12, "det and exp keep their own CV; hyperexp takes CV 2")

	for _, tc := range []struct{ name, design, want string }{
		{"one fixed law with its own CV", "system: mmc\nset: {service: det, service-cv: 2}\n", "d.yaml:2"},
		{"the CV varied beside a law that has its own", "system: mmc\nset: {service: exp}\nvary: {service-cv: [1.5, 2]}\n", "d.yaml:3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("d.yaml", []byte(tc.design))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Contains(t, err.Error(), "fixed CV")
		})
	}
}
