package calculator

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// List writes every formula with its parameters, for people.
func List(w io.Writer) error {
	fmt.Fprintln(w, "Formulas: queuelab formula NAME [flags] [--json]")
	fmt.Fprintln(w, "Times: Go durations (80ms, 2s) or bare seconds; rates per second.")
	for _, f := range formulas() {
		fmt.Fprintf(w, "\n%s — %s\n", f.Name, f.Summary)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, p := range f.Params {
			d := "required"
			if p.def != "" {
				d = "default " + p.def
			} else if p.opt {
				d = "optional"
			}
			fmt.Fprintf(tw, "    --%s\t%s\t%s; %s\n", p.flag, d, p.desc, p.Range())
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// ListJSON writes every formula with its parameters as a JSON array.
func ListJSON(w io.Writer) error {
	type jp struct {
		Flag     string `json:"flag"`
		Required bool   `json:"required"`
		Default  string `json:"default,omitempty"`
		Range    string `json:"range"`
		Desc     string `json:"description"`
	}
	type jf struct {
		Name    string `json:"name"`
		Summary string `json:"summary"`
		Params  []jp   `json:"params"`
	}
	var list []jf
	for _, f := range formulas() {
		e := jf{Name: f.Name, Summary: f.Summary, Params: []jp{}}
		for _, p := range f.Params {
			e.Params = append(e.Params, jp{p.flag, p.def == "" && !p.opt, p.def, p.Range(), p.desc})
		}
		list = append(list, e)
	}
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// WriteJSON prints {"name": NAME, key: value, …} in the formula's key order.
func WriteJSON(w io.Writer, name string, outs []Output) error {
	var b strings.Builder
	nb, _ := json.Marshal(name)
	fmt.Fprintf(&b, "{\n  \"name\": %s", nb)
	for _, o := range outs {
		kb, _ := json.Marshal(o.Key)
		vb, err := json.Marshal(o.Value)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, ",\n  %s: %s", kb, vb)
	}
	b.WriteString("\n}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteTable prints the inputs of f and then its results, each block
// aligned.
func WriteTable(w io.Writer, f Formula, in Inputs, outs []Output) error {
	fmt.Fprintf(w, "%s — %s\n", f.Name, f.Summary)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range f.Params {
		if s, ok := in.text[p.flag]; ok {
			fmt.Fprintf(tw, "  --%s\t%s\n", p.flag, s)
		}
		if v, ok := in.num[p.flag]; ok {
			unit := ""
			if p.kind == Duration {
				unit = " s"
			}
			fmt.Fprintf(tw, "  --%s\t%s%s\n", p.flag, strconv.FormatFloat(v, 'g', -1, 64), unit)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, o := range outs {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", o.Key, strconv.FormatFloat(o.Value, 'g', 6, 64), o.Unit, o.Desc)
	}
	return tw.Flush()
}
