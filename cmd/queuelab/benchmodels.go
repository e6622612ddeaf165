package main

import (
	"fmt"
	"testing"

	"queuelab/des/desbench"
	"queuelab/examples/networks"
	"queuelab/model/network"
	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
)

// The model benchmarks of `queuelab bench`: the workloads of
// BenchmarkNetwork, BenchmarkSaleSurge and BenchmarkNormalMorning (in the
// model packages' test files), run from the binary's own embedded files.

// benchNetwork is BenchmarkNetwork: the open Jackson network with feedback
// of examples/networks/jackson-feedback.yaml; one op is one station visit
// (the total visit rate is 25/6 per second), after a warm-up of 10⁵ s.
func benchNetwork(b *testing.B) {
	data, err := networks.Files.ReadFile("jackson-feedback.yaml")
	if err != nil {
		b.Fatal(err)
	}
	n, err := network.Parse("jackson-feedback.yaml", data)
	if err != nil {
		b.Fatal(err)
	}
	network.BenchmarkVisits(b, n)
}

// benchSaleSurge is BenchmarkSaleSurge: one op is the switch's 60-minute
// sale-surge with its reference playbook (playbooks/switch-sale-surge.yaml,
// written here as --at actions), seed 1.
func benchSaleSurge(b *testing.B) {
	var pb scenario.Playbook
	for _, at := range []string{"5m:servers=12,shedding=on,retry=backoff", "52m:servers=6"} {
		p, err := scenario.ParseAt(at, paymentswitch.Controls)
		if err != nil {
			b.Fatal(err)
		}
		pb = pb.Merge(p)
	}
	b.ReportAllocs()
	for b.Loop() {
		e, err := paymentswitch.New(scenario.DES, paymentswitch.SaleSurge, 1)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := scenario.Run(e, pb, 60); err != nil {
			b.Fatal(err)
		}
	}
}

// benchNormalMorning is BenchmarkNormalMorning: one op is the web
// service's normal scenario from 08:00 to 12:00 (240 minutes, about 17
// million requests), seed 1.
func benchNormalMorning(b *testing.B) {
	cfg, err := webservice.NewConfig("normal", 1)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		e, err := webservice.NewEngine(scenario.DES, "normal", cfg)
		if err != nil {
			b.Fatal(err)
		}
		for range 240 {
			e.Step()
		}
	}
}

// benchEntry is one line of `queuelab bench`: a benchmark by the name `go
// test -bench` gives it, its body, and the ns/op BENCHMARKS.md quotes for
// our machine (0: none quoted).
type benchEntry struct {
	name  string
	run   func(b *testing.B)
	ours  float64
	quick bool // also in --quick
}

// oursNs are the ns/op BENCHMARKS.md quotes (measured 2026-11-30 on an
// Intel Xeon, 2 vCPUs, go1.26.8: the tables of issue 15's second pass;
// the normal morning is the middle of its three CPU times).
var oursNs = map[string]float64{
	"BenchmarkHold/impl=des/n=100":                    41.5,
	"BenchmarkHold/impl=des/n=10000":                  91.1,
	"BenchmarkHold/impl=des/n=1000000":                342.5,
	"BenchmarkHold/impl=container-heap/n=10000":       230.9,
	"BenchmarkMMc/impl=minimal/rho=0.69":              101.0,
	"BenchmarkMMc/impl=scheduler/rho=0.69":            116.5,
	"BenchmarkMMc/impl=env/rho=0.69":                  130.8,
	"BenchmarkMMc/impl=des/rho=0.69":                  169.3,
	"BenchmarkMMc/impl=minimal/rho=0.95":              96.3,
	"BenchmarkMMc/impl=scheduler/rho=0.95":            111.7,
	"BenchmarkMMc/impl=env/rho=0.95":                  126.5,
	"BenchmarkMMc/impl=des/rho=0.95":                  170.9,
	"BenchmarkStation/discipline=fcfs":                157,
	"BenchmarkStation/discipline=lcfs-pr":             202,
	"BenchmarkStation/discipline=ps":                  221,
	"BenchmarkStation/discipline=siro":                160,
	"BenchmarkStation/discipline=priority":            183,
	"BenchmarkStation/discipline=preemptive-priority": 197,
	"BenchmarkNetwork":                                143.3,
	"BenchmarkSaleSurge":                              0.844e9,
	"BenchmarkNormalMorning":                          8.17e9,
}

// benchEntries lists what `queuelab bench` runs, in order: the engine's
// ladders (des/desbench), then the model benchmarks. --quick keeps the
// ladders' middle size and the network.
func benchEntries() []benchEntry {
	var out []benchEntry
	add := func(group string, cases []desbench.Case, quick func(string) bool) {
		for _, c := range cases {
			name := group + "/" + c.Name
			out = append(out, benchEntry{name: name, run: c.Run, ours: oursNs[name], quick: quick(c.Name)})
		}
	}
	add("BenchmarkHold", desbench.Hold(), func(n string) bool {
		return n == fmt.Sprintf("impl=des/n=%d", 10_000) || n == "impl=container-heap/n=10000"
	})
	add("BenchmarkMMc", desbench.MMc(), func(string) bool { return true })
	add("BenchmarkStation", desbench.Station(), func(n string) bool { return n == "discipline=fcfs" })
	for _, m := range []benchEntry{
		{name: "BenchmarkNetwork", run: benchNetwork, quick: true},
		{name: "BenchmarkSaleSurge", run: benchSaleSurge},
		{name: "BenchmarkNormalMorning", run: benchNormalMorning},
	} {
		m.ours = oursNs[m.name]
		out = append(out, m)
	}
	return out
}
