package serve

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"queuelab/examples/networks"
)

// catalogueRun is what the name tests (TestMethodNamesTranslated,
// TestMeasureNamesLabelled) read of one catalogue example opened with
// seed 1: its analytic formulas (which depend on the network, not on the
// run) and its estimates after 20 simulated seconds.
type catalogueRun struct {
	name      string
	formulas  []NetFormula
	estimates []NetEstimate
}

// catalogueRuns opens, solves and runs every catalogue example once for
// all the tests that read them (the formulas cost a solve each, exact
// chains included).
var catalogueRuns = sync.OnceValues(func() ([]catalogueRun, error) {
	var out []catalogueRun
	for _, ex := range networks.Catalogue() {
		l, err := OpenNetwork(ex.Name, ex.Source, 1)
		if err != nil {
			return nil, err
		}
		r := catalogueRun{name: ex.Name, formulas: l.Analytic().Formulas}
		if err := l.RunUntil(20); err != nil {
			return nil, err
		}
		r.estimates = l.Estimates()
		out = append(out, r)
	}
	return out, nil
})

// requireCatalogueRuns returns catalogueRuns, failing t on an error.
func requireCatalogueRuns(t *testing.T) []catalogueRun {
	t.Helper()
	runs, err := catalogueRuns()
	require.NoError(t, err)
	require.Len(t, runs, len(networks.Catalogue()))
	return runs
}
