package validate

import (
	"fmt"
	"math"
)

// NetworkCheckJSON is one check of a network run as queuelab net run
// --json writes it (and the network page's percentiles, which promise the
// same bytes): class null for all classes together, formula and method
// null where no method applies. Times are in the unit the writer chose.
type NetworkCheckJSON struct {
	Station string      `json:"station"`
	Class   *string     `json:"class"`
	Name    string      `json:"name"`
	Sim     JSONNumber  `json:"sim"`
	CI95    JSONNumber  `json:"ci95"`
	Formula *JSONNumber `json:"formula"`
	Method  *string     `json:"method"`
	Verdict string      `json:"verdict"`
}

// CheckJSON returns c's JSON row with its simulated value, interval and
// formula multiplied by scale (1 for seconds).
func (c *NetworkCheck) CheckJSON(scale float64) NetworkCheckJSON {
	m := NetworkCheckJSON{Station: c.Station, Class: JSONClass(c.Class), Name: c.Name, Sim: JSONNumber(scale * c.Sim.Mean),
		CI95: JSONNumber(scale * c.Sim.HalfWidth), Verdict: c.VerdictText()}
	if !math.IsNaN(c.Formula) {
		v, method := JSONNumber(scale*c.Formula), c.Source
		m.Formula, m.Method = &v, &method
	}
	return m
}

// JSONClass is a class in JSON: null for all classes together ("").
func JSONClass(c string) *string {
	if c == "" {
		return nil
	}
	return &c
}

// NetworkUnstableText says that the network titled title (NetworkTitle) has
// no steady state because station has utilisation rho ≥ 1.
func NetworkUnstableText(title, station string, rho float64) string {
	return fmt.Sprintf("%s is unstable: station %q has utilisation ρ = %.4g ≥ 1, so its queue grows without bound and no steady state exists", title, station, rho)
}

// NetworkTitle names a network in a header or message: by its name, or,
// when its file gives none, by the file (network in FILE), never as an
// empty quoted name.
func NetworkTitle(name, file string) string {
	if name == "" {
		return "network in " + file
	}
	return fmt.Sprintf("network %q", name)
}
