package serve

import (
	"net/http"

	"queuelab/calculator"
)

// The in-page calculator: the calculator package's formulas (the ones
// `queuelab formula` evaluates) behind GET /api/calculator (the list) and
// POST /api/calculator/{name} (an evaluation). calcFormulas and calcEvaluate
// are the only places that touch the package's API, so a change there is
// one change here.

type calcParamJSON struct {
	Flag     string `json:"flag"`
	Desc     string `json:"desc"`
	Default  string `json:"default"`
	Range    string `json:"range"`
	Required bool   `json:"required"`
}

type calcFormulaJSON struct {
	Name    string          `json:"name"`
	Summary string          `json:"summary"`
	Params  []calcParamJSON `json:"params"`
}

type calcOutputJSON struct {
	Key   string `json:"key"`
	Value num    `json:"value"`
	Unit  string `json:"unit"`
	Desc  string `json:"desc"`
}

// calcFormulas lists the calculator's formulas.
func calcFormulas() []calcFormulaJSON {
	var out []calcFormulaJSON
	for _, f := range calculator.All() {
		fj := calcFormulaJSON{Name: f.Name, Summary: f.Summary}
		for _, p := range f.Params {
			fj.Params = append(fj.Params, calcParamJSON{p.Flag(), p.Description(), p.Default(), p.Range(), p.Required()})
		}
		out = append(out, fj)
	}
	return out
}

// calcEvaluate evaluates formula name on the given values (by flag);
// found is false for an unknown formula.
func calcEvaluate(name string, given map[string]string) (outs []calcOutputJSON, found bool, err error) {
	f, ok := calculator.Lookup(name)
	if !ok {
		return nil, false, nil
	}
	_, res, err := f.Evaluate(given)
	if err != nil {
		return nil, true, err
	}
	for _, o := range res {
		outs = append(outs, calcOutputJSON{o.Key, num(o.Value), o.Unit, o.Desc})
	}
	return outs, true, nil
}

// handleCalcList lists the formulas with each parameter's range in the
// request's language (the range texts are error templates: "an integer
// in [1, 10000000]" is "[1; 10.000.000] aralığında bir tam sayı"); the
// summaries and descriptions stay keys of the catalogue, which the page
// translates.
func handleCalcList(w http.ResponseWriter, r *http.Request) {
	tag := pageLanguage(r)
	list := calcFormulas()
	for i := range list {
		for j := range list[i].Params {
			list[i].Params[j].Range = translateError(tag, list[i].Params[j].Range)
		}
	}
	w.Header().Set("Vary", "Accept-Language")
	writeJSON(w, http.StatusOK, list)
}

type calcReq struct {
	Params map[string]string `json:"params"`
}

func handleCalc(w http.ResponseWriter, r *http.Request) {
	req, ok := readJSON[calcReq](w, r)
	if !ok {
		return
	}
	name := r.PathValue("name")
	outs, found, err := calcEvaluate(name, req.Params)
	switch {
	case !found:
		fail(w, http.StatusNotFound, "unknown formula %q (GET /api/calculator lists them)", clip(name, 40))
	case err != nil:
		fail(w, http.StatusBadRequest, "%v", err)
	default:
		writeJSON(w, http.StatusOK, map[string]any{"formula": name, "outputs": outs})
	}
}
