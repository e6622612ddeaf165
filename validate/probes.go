package validate

import (
	"fmt"
	"math"

	"queuelab/analytic"
	"queuelab/des"
	"queuelab/des/queueing"
	"queuelab/model/paymentswitch"
	"queuelab/model/scenario"
	"queuelab/model/webservice"
	"queuelab/validate/estimate"
)

// ProbeExperiment is a model-level experiment that drives a model's
// exported experiment API — paymentswitch.OpenLoad, the des engines'
// Stations — or replicates a short run, and turns what it measures into
// checks. Its batches are simulated minutes (or independent replications).
type ProbeExperiment struct {
	Name  string
	Quick bool // part of the --quick catalogue (the full run is longer)
	// Run runs the experiment with seed, at the quick or the full length,
	// and returns its checks (not yet judged) and the simulated seconds it
	// measured.
	Run func(seed uint64, quick bool) ([]Check, float64, error)
}

// breaks are deliberate model errors, for tests that prove the probe
// checks have power; the zero value breaks nothing.
type breaks struct {
	omega        float64 // the switch's ω in the model (0: the model's)
	latencyScale float64 // group B's issuer mean latency × this in the model (0: 1)
	clockShift   float64 // the web service's clock shifted by this many s
}

// ProbeCatalogue returns the probe experiments: the switch's overload
// goodput, shedding and issuer timeouts through paymentswitch.OpenLoad,
// Little's law on every station of both models, and the web service's
// 08:00 arrival rate over replications.
func ProbeCatalogue() []ProbeExperiment { return probeCatalogue(breaks{}) }

func probeCatalogue(b breaks) []ProbeExperiment {
	var cat []ProbeExperiment
	cat = append(cat, littleProbes()...)
	cat = append(cat, goodputProbes(b)...)
	cat = append(cat, sheddingProbes()...)
	cat = append(cat, timeoutProbes(b)...)
	cat = append(cat, diurnalProbe(b))
	return cat
}

// pairedEstimate is the estimate of the mean of sim over equal batches
// whose standard error is that of the per-batch difference sim − formula,
// and the mean of the formula. The formula is evaluated per batch at the
// batch's measured inputs (an arrival rate, a holding time), so the
// interval accounts for the noise of those inputs too, and noise common to
// both sides cancels.
func pairedEstimate(name string, sim, formula []float64) (estimate.Estimate, float64) {
	gap := make([]float64, len(sim))
	for i := range sim {
		gap[i] = sim[i] - formula[i]
	}
	e := estimate.Mean(name, sim)
	g := estimate.Mean(name+" gap", gap)
	e.SE, e.HalfWidth = g.SE, g.HalfWidth
	return e, e.Mean - g.Mean
}

// littleStationCheck checks L = λW on a station from its batches: L is the
// time-average number in the station, λ the arrivals per second, W the
// mean measured sojourn of the customers that left. The interval is that
// of the per-batch gap L_b − λ_b·W_b, which is 0 up to the customers
// present at the batch edges.
func littleStationCheck(name string, ws []scenario.StationStats) Check {
	var num, den, gap []float64
	for _, w := range ws {
		if w.Departures == 0 || w.Time <= 0 {
			continue
		}
		l := w.Area / w.Time
		num = append(num, w.Area)
		den = append(den, w.Time)
		gap = append(gap, l-w.Arrivals/w.Time*w.Sojourn/w.Departures)
	}
	l := estimate.Ratio("L", num, den)
	g := estimate.Mean(string(queueing.LittleGap), gap)
	sim := l
	sim.SE, sim.HalfWidth = g.SE, g.HalfWidth
	return Check{Name: "Little L = λW: " + name, Sim: sim, Formula: l.Mean - g.Mean,
		Source: "Little's law, λ·W measured", Expected: math.NaN(),
		Note: "L time-averaged (des.Station InSystem); λ = arrivals/s; W = mean sojourn measured per customer; interval of the per-minute gap L − λW"}
}

// littleChecks steps eng to minute n and checks Little's law on each of
// its stations over one-minute windows from minute from on. A station
// that has no arrivals (one not used in this mode) is left out.
func littleChecks(eng scenario.Engine, st scenario.Stationed, from, n int) []Check {
	var prev []scenario.StationStats
	per := map[string][]scenario.StationStats{}
	var names []string
	for m := 0; m < n; m++ {
		eng.Step()
		cur := st.Stations()
		if m >= from {
			for i, s := range cur {
				if i >= len(prev) || s.Arrivals == 0 {
					continue
				}
				if _, seen := per[s.Name]; !seen {
					names = append(names, s.Name)
				}
				per[s.Name] = append(per[s.Name], s.Sub(prev[i]))
			}
		}
		prev = cur
	}
	var cs []Check
	for _, name := range names {
		cs = append(cs, littleStationCheck(name, per[name]))
	}
	return cs
}

// littleProbes check Little's law on every station of both models over a
// normal run from minute 5 (the switch's slot pool; the web service's
// instance worker pools and its database of per-lane queues, and its
// pooled worker queue and pooled database in a second run with lb and db
// pooled), one batch per minute.
func littleProbes() []ProbeExperiment {
	const from = 5
	minutes := func(quick bool) int {
		if quick {
			return from + 20
		}
		return from + 60
	}
	sw := ProbeExperiment{
		Name: "payment switch, normal day: Little's law on the slot pool", Quick: true,
		Run: func(seed uint64, quick bool) ([]Check, float64, error) {
			eng, err := paymentswitch.New(scenario.DES, paymentswitch.Normal, seed)
			if err != nil {
				return nil, 0, err
			}
			st, ok := eng.(scenario.Stationed)
			if !ok {
				return nil, 0, fmt.Errorf("the switch's des engine has no Stations")
			}
			n := minutes(quick)
			cs := littleChecks(eng, st, from, n)
			return cs, 60 * float64(n-from), nil
		},
	}
	web := func(lb, db string) ProbeExperiment {
		return ProbeExperiment{
			Name: fmt.Sprintf("web service, normal morning (lb = %s, db = %s): Little's law on every station", lb, db), Quick: true,
			Run: func(seed uint64, quick bool) ([]Check, float64, error) {
				cfg, err := webservice.NewConfig("normal", seed)
				if err != nil {
					return nil, 0, err
				}
				eng, err := webservice.NewDES(cfg)
				if err != nil {
					return nil, 0, err
				}
				pb, err := scenario.ParseAt("0m:lb="+lb+",db="+db, webservice.System.Controls)
				if err != nil {
					return nil, 0, err
				}
				for _, a := range pb.At(0) {
					if err := eng.Apply(a); err != nil {
						return nil, 0, err
					}
				}
				n := minutes(quick)
				cs := littleChecks(eng, eng, from, n)
				return cs, 60 * float64(n-from), nil
			},
		}
	}
	return []ProbeExperiment{sw, web("least-connections", "per-lane"), web("pooled", "pooled")}
}

// switchCapacity is N/S of the switch's 6 servers on a normal day: 192
// slots over S = 80 ms + E[min(L, 8 s)] + 80 ms·P(L > 8 s), L ~ Exp(250 ms).
func switchCapacity() (slots int, s float64) {
	s = paymentswitch.SwitchTime + analytic.TimeoutHeldMean(paymentswitch.IssuerMean, paymentswitch.DefaultIssuerTimeout) +
		paymentswitch.ReversalTime*analytic.TimeoutProb(paymentswitch.IssuerMean, paymentswitch.DefaultIssuerTimeout)
	return paymentswitch.DefaultServers * paymentswitch.SlotsPerServer, s
}

// probeMinutes is the measured length of OpenLoad probes: 30 one-minute
// batches quick, 120 full, after 2 minutes of warm-up (the queue reaches
// its 2 s equilibrium within seconds).
func probeMinutes(quick bool) int {
	if quick {
		return 30
	}
	return 120
}

// goodputProbes check the switch's overload goodput at 1.2, 1.5 and 2
// times capacity. Nothing in the des engine computes the formula: clients
// give up at the 2 s queue timeout while their requests stay queued and
// cost ω × a holding time when they reach a slot. In steady overload every
// queued request is eventually taken, live (rate x, cost S) or abandoned
// (rate λ − x, cost ωS), and the N slots are always busy, so
// x·S + (λ − x)·ωS = N: x = (N/S − ωλ)/(1 − ω) holds exactly for long-run
// averages (a fluid balance, exact here because no slot ever idles while
// requests wait). The formula is evaluated per minute at the minute's
// measured λ and S.
func goodputProbes(b breaks) []ProbeExperiment {
	var cat []ProbeExperiment
	for _, k := range []float64{1.2, 1.5, 2} {
		k := k
		cat = append(cat, ProbeExperiment{
			Name: fmt.Sprintf("payment switch, open load λ = %g·N/S, no retries: overload goodput", k), Quick: true,
			Run: func(seed uint64, quick bool) ([]Check, float64, error) {
				slots, s := switchCapacity()
				r, err := paymentswitch.OpenLoad(paymentswitch.OpenLoadConfig{
					Rate: k * float64(slots) / s, Servers: paymentswitch.DefaultServers,
					WarmupMinutes: 2, Minutes: probeMinutes(quick), Seed: seed, Omega: b.omega,
				})
				if err != nil {
					return nil, 0, err
				}
				const w = paymentswitch.Omega // the formula's ω: the model's constant
				var good, goodF, aband, abandF, disc, discF []float64
				var pool []scenario.StationStats
				for _, m := range r.Minutes {
					lam, sm := m.Offered/60, m.HeldLive/m.Served
					x := analytic.Goodput(lam, float64(r.Slots)/sm, w)
					good, goodF = append(good, m.Served/60), append(goodF, x)
					aband, abandF = append(aband, m.Dropped/m.Offered), append(abandF, 1-x/lam)
					disc, discF = append(disc, m.HeldDiscarded/m.Discarded), append(discF, w*sm)
					pool = append(pool, m.Pool)
				}
				ge, gf := pairedEstimate("goodput", good, goodF)
				ae, af := pairedEstimate("abandoned", aband, abandF)
				de, df := pairedEstimate("discard hold", disc, discF)
				cs := []Check{
					{Name: "goodput (live attempts served/s) vs (N/S − ωλ)/(1 − ω)", Sim: ge, Formula: gf,
						Source: "overload goodput (fluid balance)", Expected: math.NaN(),
						Note: fmt.Sprintf("ω = %g, N = %d; λ and S measured per minute (S = slot time of live attempts)", w, r.Slots)},
					{Name: "share abandoned at the 2 s queue timeout vs 1 − x/λ", Sim: ae, Formula: af,
						Source: "overload goodput (fluid balance)", Expected: math.NaN(),
						Note: "x = (N/S − ωλ)/(1 − ω) at the minute's λ and S"},
					{Name: "slot time of an abandoned request vs ω·S", Sim: de, Formula: df,
						Source: "overload goodput (fluid balance)", Expected: math.NaN(),
						Note: "S = the minute's mean slot time of live attempts"},
					littleStationCheck("slot pool (abandoned requests stay queued)", pool),
				}
				return cs, 60 * float64(len(r.Minutes)), nil
			},
		})
	}
	return cat
}

// sheddingProbes check the switch's load shedding. The des engine sheds
// per attempt: it admits while fewer than 0.9·N admitted attempts are in
// flight, and below N in flight no request queues, so admission is an
// Erlang loss system with ⌈0.9·N⌉ places and holding time S, and by
// Erlang B's insensitivity the admitted rate is exactly
// λ·(1 − B(⌈0.9N⌉, λS)). The original's min(λ, 0.9·N/S) is its fluid
// limit: it overstates admission near the cap (by the blocking a loss
// system has even below its capacity) and, far past it, by the little
// capacity idle between a release and the next admitted arrival. The
// documented model tolerance of the original's formula is exactly that
// difference, computed from Erlang B at the run's measured λ and S (the
// mean over minutes of both formulas).
func sheddingProbes() []ProbeExperiment {
	var cat []ProbeExperiment
	for _, k := range []float64{0.9, 1.5} {
		k := k
		cat = append(cat, ProbeExperiment{
			Name: fmt.Sprintf("payment switch, open load λ = %g·N/S, shedding on", k), Quick: true,
			Run: func(seed uint64, quick bool) ([]Check, float64, error) {
				slots, s := switchCapacity()
				r, err := paymentswitch.OpenLoad(paymentswitch.OpenLoadConfig{
					Rate: k * float64(slots) / s, Servers: paymentswitch.DefaultServers, Shedding: true,
					WarmupMinutes: 2, Minutes: probeMinutes(quick), Seed: seed,
				})
				if err != nil {
					return nil, 0, err
				}
				var adm, erl, fluid []float64
				for _, m := range r.Minutes {
					lam, sm := m.Offered/60, m.HeldLive/m.Served
					adm = append(adm, (m.Offered-m.Shed)/60)
					erl = append(erl, lam*(1-analytic.ErlangB(r.Shed, lam*sm)))
					fluid = append(fluid, analytic.SheddingAdmitRate(lam, float64(r.Slots)/sm, paymentswitch.ShedFraction))
				}
				n := float64(len(r.Minutes))
				ee, ef := pairedEstimate("admitted", adm, erl)
				fe, ff := pairedEstimate("admitted", adm, fluid)
				// The documented tolerance: how far the fluid cap is from
				// the exact loss system, both at the same measured λ and S.
				tol := math.Abs(ef-ff) / ff
				cs := []Check{
					{Name: fmt.Sprintf("admitted/s vs Erlang loss λ(1 − B(%d, λS))", r.Shed), Sim: ee, Formula: ef,
						Source: "Erlang B (insensitive)", Expected: math.NaN(),
						Note: fmt.Sprintf("shedding is a loss system with ⌈0.9·%d⌉ = %d places; λ and S measured per minute", r.Slots, r.Shed)},
					{Name: "admitted/s vs the original's min(λ, 0.9·N/S)", Sim: fe, Formula: ff,
						Source: "original (shedding cap)", Approx: true, Tol: tol, Expected: math.NaN(),
						Note: fmt.Sprintf("documented model tolerance %.2f %% = the Erlang-B loss system's difference from the fluid cap at this load", 100*tol)},
				}
				return cs, 60 * n, nil
			},
		})
	}
	return cat
}

// timeoutProbes check issuer latency under a timeout: for attempts
// forwarded to an issuer with exponential latency L of mean m, the slot
// waits min(L, T), E[min(L, T)] = m(1 − e^(−T/m)), and the attempt times
// out with P(L > T) = e^(−T/m). Group B runs at the outage's m = 12 s,
// group A at 250 ms; T = 8 s (the default) and 0.8 s (the outage
// playbook's). The load (200 attempts/s on 24 servers) leaves the slots
// far from full, so nothing queues and every attempt is forwarded. Both
// quantities are measured at the slot's release (slot time − switch time
// − reversal), not taken from the draw.
func timeoutProbes(b breaks) []ProbeExperiment {
	var cat []ProbeExperiment
	const mB = 12.0
	for _, T := range []float64{8, 0.8} {
		T := T
		cat = append(cat, ProbeExperiment{
			Name: fmt.Sprintf("payment switch, issuer timeout T = %g s, group B mean 12 s", T), Quick: true,
			Run: func(seed uint64, quick bool) ([]Check, float64, error) {
				scale := b.latencyScale
				if scale == 0 {
					scale = 1
				}
				r, err := paymentswitch.OpenLoad(paymentswitch.OpenLoadConfig{
					Rate: 200, Servers: paymentswitch.MaxServers, IssuerTimeout: T, GroupBMean: mB * scale,
					WarmupMinutes: 1, Minutes: probeMinutes(quick), Seed: seed,
				})
				if err != nil {
					return nil, 0, err
				}
				var cs []Check
				for g, m := range []float64{paymentswitch.IssuerMean, mB} {
					var fw, to, wt []float64
					for _, mi := range r.Minutes {
						is := mi.Issuer[g]
						fw, to, wt = append(fw, is.Forwarded), append(to, is.TimedOut), append(wt, is.Waited)
					}
					group := [2]string{"A", "B"}[g]
					cs = append(cs, Check{Name: fmt.Sprintf("group %s (m = %g s): E[min(L, T)] vs m(1 − e^(−T/m))", group, m),
						Sim: estimate.Ratio("held", wt, fw), Formula: analytic.TimeoutHeldMean(m, T),
						Source: "exponential latency under a timeout", Expected: math.NaN()})
					p := analytic.TimeoutProb(m, T)
					total := 0.0
					for _, x := range fw {
						total += x
					}
					if p*total < 100 {
						continue // P(L > T) too small to see in this run (e^(−32) at m = 250 ms, T = 8 s)
					}
					cs = append(cs, Check{Name: fmt.Sprintf("group %s (m = %g s): P(timeout) vs e^(−T/m)", group, m),
						Sim: estimate.Ratio("timed out", to, fw), Formula: p,
						Source: "exponential latency under a timeout", Expected: p * total})
				}
				// The slot holding time of live attempts, both groups.
				var held, served []float64
				for _, mi := range r.Minutes {
					held, served = append(held, mi.HeldLive), append(served, mi.Served)
				}
				s := analytic.HoldingTimeWithReversal(paymentswitch.SwitchTime, paymentswitch.ReversalTime, T, []analytic.IssuerGroup{
					{Share: 1 - paymentswitch.GroupBShare, MeanLatency: paymentswitch.IssuerMean},
					{Share: paymentswitch.GroupBShare, MeanLatency: mB}})
				cs = append(cs, Check{Name: "slot holding time S vs 80 ms + Σ share·(E[min(L, T)] + P(L > T)·80 ms)",
					Sim: estimate.Ratio("S", held, served), Formula: s, Source: "exponential latency under a timeout", Expected: math.NaN(),
					Note: "group shares 75/25 % of forwarded attempts"})
				return cs, 60 * float64(len(r.Minutes)), nil
			},
		})
	}
	return cat
}

// diurnalProbe checks the web service's arrival rate at 08:00 against
// base·(1 + 0.25·sin(2π(8 h − 6 h)/24 h)) = 1125 req/s. One minute is
// noisy (its rate carries a 2 % wobble, its count Poisson noise), so the
// check replicates the first minute of the normal morning over
// independent seeds — 40 quick, 200 full — and takes the mean arrival
// rate with a Student-t interval over replications.
func diurnalProbe(b breaks) ProbeExperiment {
	return ProbeExperiment{
		Name: "web service: arrival rate at 08:00 over replications of the first minute", Quick: true,
		Run: func(seed uint64, quick bool) ([]Check, float64, error) {
			n := 40
			if !quick {
				n = 200
			}
			// One worker: the probe itself is one task of the catalogue's
			// parallel run.
			type rate struct {
				x   float64
				err error
			}
			reps := des.Replicate(n, 1, func(i int) rate {
				cfg, err := webservice.NewConfig("normal", des.ReplicationSeed(seed, i))
				if err != nil {
					return rate{err: err}
				}
				cfg.Clock += b.clockShift
				e, err := webservice.NewDES(cfg)
				if err != nil {
					return rate{err: err}
				}
				e.Step()
				return rate{x: e.Requests() / 60}
			}, nil)
			xs := make([]float64, n)
			for i, r := range reps {
				if r.err != nil {
					return nil, 0, r.err
				}
				xs[i] = r.x
			}
			p := webservice.Defaults()
			return []Check{{Name: "mean arrival rate of the first minute vs base·(1 + 0.25·sin(2π·2 h/24 h))",
				Sim: estimate.Mean("rate", xs), Formula: analytic.DiurnalRate(p.Traffic.BaseRate, p.Traffic.Amplitude, 8),
				Source: "diurnal curve", Expected: math.NaN(),
				Note: fmt.Sprintf("%d independent replications; the interval is over replications", n)}}, 60 * float64(n), nil
		},
	}
}
