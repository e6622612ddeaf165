package network

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"go.yaml.in/yaml/v3"

	"queuelab/des"
	"queuelab/model/input"
)

// MaxFileSize is the largest network file Parse reads (1 MiB).
const MaxFileSize = 1 << 20

// DefaultClass is the name of the open class of a file without classes.
const DefaultClass = "job"

// time units of time_unit, in seconds.
var timeUnits = map[string]float64{"ms": 1e-3, "s": 1, "min": 60, "h": 3600}

var topKeys = []string{"name", "time_unit", "classes", "arrivals", "stations", "routing"}

// ParseFileUnit is ParseFile that also returns the file's time_unit ("ms",
// "s", "min" or "h"; "" when it gives none), in which a report may show
// results; the Network itself is in seconds whatever the unit.
func ParseFileUnit(path string) (*Network, string, error) {
	data, err := input.ReadInput(path, MaxFileSize)
	if err != nil {
		return nil, "", err
	}
	n, err := Parse(path, data)
	if err != nil {
		return nil, "", err
	}
	var top struct {
		TimeUnit string `yaml:"time_unit"`
	}
	_ = yaml.Unmarshal(data, &top) // Parse has read and checked it
	return n, top.TimeUnit, nil
}

// TimeUnitSeconds returns the length of a time_unit in seconds (1 for ""
// or an unknown unit).
func TimeUnitSeconds(unit string) float64 {
	if u := timeUnits[unit]; u > 0 {
		return u
	}
	return 1
}

// ParseFile reads and parses the network file at path (see Parse).
func ParseFile(path string) (*Network, error) {
	data, err := input.ReadInput(path, MaxFileSize)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse parses a network file (the format is described in the package
// documentation) and validates it. file names the source in errors. Every
// error is an *Error with the file, the line, the element and the valid
// values. Times in the result are in seconds whatever the file's
// time_unit.
func Parse(file string, data []byte) (*Network, error) {
	if len(data) > MaxFileSize {
		return nil, &Error{File: file, Msg: fmt.Sprintf("file too large: at most %d bytes, got more", MaxFileSize)}
	}
	var doc yaml.Node
	second, err := input.DecodeYAML(data, &doc)
	if err != nil {
		return nil, &Error{File: file, Msg: "not valid YAML: " + cut(strings.TrimPrefix(err.Error(), "yaml: "))}
	}
	if second > 0 {
		return nil, &Error{File: file, Line: second, Msg: `a second YAML document: a network file is one mapping (remove the "---" line)`}
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, &Error{File: file, Msg: "empty file: a network needs stations (and classes, routing)"}
	}
	p := &reader{file: file, unit: 1, lines: map[string]int{}}
	n, err := p.network(doc.Content[0])
	if err != nil {
		return nil, err
	}
	if err := n.Validate(); err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.File, e.Line = file, p.lineOf(e.Elem)
		}
		return nil, err
	}
	n.lines = p.lines
	return n, nil
}

// lineOf returns the line of elem, or of the closest enclosing element
// recorded.
func (p *reader) lineOf(elem string) int {
	for e := elem; e != ""; {
		if l, ok := p.lines[e]; ok {
			return l
		}
		i := strings.LastIndexByte(e, ' ')
		if i < 0 {
			break
		}
		e = e[:i]
	}
	return 0
}

func (p *reader) network(root *yaml.Node) (*Network, error) {
	fs, err := p.mapping(root, "file", topKeys)
	if err != nil {
		return nil, err
	}
	n := &Network{}
	get := map[string]*yaml.Node{}
	for _, f := range fs {
		get[f.key] = f.val
		p.mark(f.key, f.keyNode)
	}
	if v := get["time_unit"]; v != nil {
		u, err := p.str(v, "time_unit")
		if err != nil {
			return nil, err
		}
		if p.unit = timeUnits[u]; p.unit == 0 {
			return nil, p.fail(v, "time_unit", "unknown unit %q (valid: ms, s, min, h)", cut(u))
		}
	}
	if v := get["name"]; v != nil {
		if n.Name, err = p.str(v, "name"); err != nil {
			return nil, err
		}
	}
	switch {
	case get["classes"] != nil && get["arrivals"] != nil:
		return nil, p.fail(get["arrivals"], "arrivals", "top-level arrivals are for the default class %q of a file without classes; give each class its own arrivals", DefaultClass)
	case get["classes"] != nil:
		if n.Classes, err = p.classes(get["classes"]); err != nil {
			return nil, err
		}
	case get["arrivals"] != nil:
		a, err := p.arrivals(get["arrivals"], "arrivals")
		if err != nil {
			return nil, err
		}
		n.Classes = []Class{{Name: DefaultClass, Arrivals: a}}
		p.mark(elemClass(DefaultClass), get["arrivals"])
	default:
		return nil, p.fail(root, "file", "no customers: give classes, or arrivals: {to: STATION, rate: R} for one open class %q", DefaultClass)
	}
	if get["stations"] == nil {
		return nil, p.fail(root, "file", "missing key stations (a list of stations)")
	}
	if n.Stations, err = p.stations(get["stations"]); err != nil {
		return nil, err
	}
	if v := get["routing"]; v != nil {
		if n.Routes, err = p.routing(v, n); err != nil {
			return nil, err
		}
	}
	return n, nil
}

func (p *reader) list(n *yaml.Node, elem string) ([]*yaml.Node, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.fail(n, elem, "must be a list (- item per line), got %s", describe(n))
	}
	return n.Content, nil
}

// nameOf reads the name key of a list item first, so that every later
// error names the element.
func (p *reader) nameOf(fs []field, n *yaml.Node, elem string) (string, error) {
	for _, f := range fs {
		if f.key == "name" {
			return p.str(f.val, elem+" name")
		}
	}
	return "", p.fail(n, elem, "missing key name")
}

func (p *reader) classes(n *yaml.Node) ([]Class, error) {
	items, err := p.list(n, "classes")
	if err != nil {
		return nil, err
	}
	var out []Class
	for i, it := range items {
		el := fmt.Sprintf("classes[%d]", i)
		fs, err := p.mapping(it, el, []string{"name", "population", "start", "arrivals", "initial"})
		if err != nil {
			return nil, err
		}
		var c Class
		if c.Name, err = p.nameOf(fs, it, el); err != nil {
			return nil, err
		}
		el = elemClass(c.Name)
		p.lines[el] = it.Line // a duplicate name is reported at its second use
		for _, f := range fs {
			fe := elemField(el, f.key)
			p.mark(fe, f.keyNode)
			switch f.key {
			case "population":
				c.Population, err = p.integer(f.val, fe, 1, MaxPopulation)
			case "start":
				c.Start, err = p.str(f.val, fe)
			case "arrivals":
				c.Arrivals, err = p.arrivals(f.val, fe)
			case "initial":
				c.Initial, err = p.initial(f.val, fe)
			}
			if err != nil {
				return nil, err
			}
		}
		out = append(out, c)
	}
	return out, nil
}

func (p *reader) arrivals(n *yaml.Node, elem string) (*Arrivals, error) {
	fs, err := p.mapping(n, elem, arrivalKeys)
	if err != nil {
		return nil, err
	}
	a := &Arrivals{}
	var rate, inter, mp *yaml.Node
	for _, f := range fs {
		p.mark(elemField(elem, f.key), f.keyNode)
		switch f.key {
		case "to":
			if a.To, err = p.str(f.val, elem+" to"); err != nil {
				return nil, err
			}
		case "rate":
			rate = f.val
		case "interarrival":
			inter = f.val
		case "map":
			mp = f.val
		}
	}
	if err := p.arrivalExtras(a, fs, elem); err != nil {
		return nil, err
	}
	given := 0
	for _, x := range []*yaml.Node{rate, inter, mp} {
		if x != nil {
			given++
		}
	}
	switch {
	case a.To == "":
		return nil, p.fail(n, elem, "missing key to (the station arrivals join)")
	case given != 1:
		return nil, p.fail(n, elem, "give exactly one of rate (Poisson arrivals per time unit, or [[time, rate], …] varying over time), interarrival {dist: …} or map {D0: [[…]], D1: [[…]]}")
	case a.Period != 0 && (rate == nil || rate.Kind != yaml.SequenceNode):
		return nil, p.fail(n, elem+" period", "applies only to a time-varying rate [[time, rate], …]")
	case mp != nil:
		if a.MAP, err = p.mapProcess(mp, elem+" map"); err != nil {
			return nil, err
		}
	case rate != nil && rate.Kind == yaml.SequenceNode:
		if a.Rates, err = p.rateSteps(rate, elem+" rate"); err != nil {
			return nil, err
		}
		if err := validateRates(a.Rates, a.Period); err != nil {
			return nil, p.fail(rate, elem+" rate", "%v", err)
		}
	case rate != nil:
		r, err := p.num(rate, elem+" rate")
		if err != nil {
			return nil, err
		}
		if !(r > 0 && r <= 1e9) {
			return nil, p.fail(rate, elem+" rate", "must be a number > 0 and ≤ 1e9 per time unit, got %v", r)
		}
		a.Interarrival = Exponential(p.unit / r)
	default:
		if a.Interarrival, err = p.dist(inter, elem+" interarrival"); err != nil {
			return nil, err
		}
	}
	return a, nil
}

func (p *reader) stations(n *yaml.Node) ([]Station, error) {
	items, err := p.list(n, "stations")
	if err != nil {
		return nil, err
	}
	var out []Station
	for i, it := range items {
		el := fmt.Sprintf("stations[%d]", i)
		fs, err := p.mapping(it, el, append([]string{"name", "servers", "discipline", "service", "capacity", "patience"}, featureKeys...))
		if err != nil {
			return nil, err
		}
		s := Station{Servers: 1}
		if s.Name, err = p.nameOf(fs, it, el); err != nil {
			return nil, err
		}
		el = elemStation(s.Name)
		p.lines[el] = it.Line // a duplicate name is reported at its second use
		for _, f := range fs {
			if err := p.stationField(&s, f, el); err != nil {
				return nil, err
			}
		}
		if err := p.forkKeys(&s, fs, el); err != nil {
			return nil, err
		}
		if s.Kind == Router && !hasKey(fs, "servers") {
			s.Servers = des.Infinite // a router serves nobody: it only passes customers on
		}
		out = append(out, s)
	}
	return out, nil
}

func (p *reader) stationField(s *Station, f field, el string) error {
	fe := elemField(el, f.key)
	p.mark(fe, f.keyNode)
	if ok, err := p.stationFeature(s, f, fe); ok {
		return err
	}
	var err error
	switch f.key {
	case "servers":
		if v := f.val; v.Kind == yaml.ScalarNode && (v.Value == "inf" || v.Value == ".inf") {
			s.Servers = des.Infinite
			return nil
		}
		if f.val.Kind == yaml.SequenceNode {
			return p.schedule(s, f.val, fe)
		}
		s.Servers, err = p.integer(f.val, fe+" (or inf)", 1, MaxServers)
	case "discipline":
		var d string
		if d, err = p.str(f.val, fe); err == nil {
			if s.Discipline, err = des.ParseDiscipline(d); err != nil {
				return p.fail(f.val, fe, "unknown discipline %q (valid: fcfs, lcfs-pr, ps, siro, priority, preemptive-priority)", cut(d))
			}
		}
	case "kind":
		var k string
		if k, err = p.str(f.val, fe); err == nil {
			if s.Kind, err = ParseStationKind(k); err != nil {
				return p.fail(f.val, fe, "%v", err)
			}
		}
	case "capacity":
		s.Capacity, err = p.integer(f.val, fe, 1, 100_000_000)
	case "patience":
		s.Patience, err = p.dist(f.val, fe)
	case "service":
		err = p.service(s, f.val, fe)
	}
	return err
}

// service reads one law for every class ({dist: …}) or one per class
// ({CLASS: {dist: …}, …}).
func (p *reader) service(s *Station, n *yaml.Node, elem string) error {
	fs, err := p.mapping(n, elem, nil)
	if err != nil {
		return err
	}
	if hasKey(fs, "dist") {
		s.Service, err = p.dist(n, elem)
		return err
	}
	s.ServiceByClass = map[string]Dist{}
	for _, f := range fs {
		if s.ServiceByClass[f.key], err = p.dist(f.val, elemField(elem, f.key)); err != nil {
			return err
		}
	}
	if len(fs) == 0 {
		return p.fail(n, elem, "empty: give {dist: …, mean: …} or one law per class")
	}
	return nil
}

// routing reads STATION: {TARGET: p, …} rows, or STATION: {CLASS: {TARGET:
// p, …}, …} per class. TARGET is a station, or station/class to switch
// class on the way.
func (p *reader) routing(n *yaml.Node, net *Network) ([]Route, error) {
	rows, err := p.mapping(n, "routing", nil)
	if err != nil {
		return nil, err
	}
	var out []Route
	for _, row := range rows {
		el := elemRouting(row.key)
		p.mark(el, row.keyNode)
		if fork, err := p.splitRow(row, net); err != nil {
			return nil, err
		} else if fork {
			continue
		}
		fs, err := p.mapping(row.val, el, nil)
		if err != nil {
			return nil, err
		}
		if lbRowOf(fs) {
			if err := p.lbRow(row, fs, el, net); err != nil {
				return nil, err
			}
			continue
		}
		perClass := len(fs) > 0 && fs[0].val.Kind == yaml.MappingNode
		for _, f := range fs {
			if (f.val.Kind == yaml.MappingNode) != perClass {
				return nil, p.fail(f.keyNode, el, "a row is either {station: probability, …} or per class {class: {station: probability, …}, …}, not a mix")
			}
			if !perClass {
				rt, err := p.route(f, el, "", row.key)
				if err != nil {
					return nil, err
				}
				out = append(out, rt)
				continue
			}
			cel := elemRoutingClass(row.key, f.key)
			p.mark(cel, f.keyNode)
			targets, err := p.mapping(f.val, cel, nil)
			if err != nil {
				return nil, err
			}
			for _, tf := range targets {
				rt, err := p.route(tf, cel, f.key, row.key)
				if err != nil {
					return nil, err
				}
				out = append(out, rt)
			}
		}
	}
	return out, nil
}

func (p *reader) route(f field, elem, class, from string) (Route, error) {
	prob, err := p.num(f.val, fmt.Sprintf("%s to %q", elem, cut(f.key)))
	if err != nil {
		return Route{}, err
	}
	if !(prob >= 0 && prob <= 1) || math.IsNaN(prob) {
		return Route{}, p.fail(f.val, elem, "probability to %q must be in [0, 1], got %v", cut(f.key), prob)
	}
	to, toClass, _ := strings.Cut(f.key, "/")
	if to == "" || strings.Contains(toClass, "/") {
		return Route{}, p.fail(f.keyNode, elem, "target %q: must be a station or station/class", cut(f.key))
	}
	return Route{Class: class, From: from, To: to, ToClass: toClass, Prob: prob}, nil
}
