// Package validate checks queuelab's simulations against textbook
// queueing formulas, with the statistics that make such a check honest.
//
// # A single station
//
// Station simulates one queue as a one-station network on the network
// simulator, model/network (Config.Network is the network; `queuelab net
// run` of it with the same seed, warm-up and length measures the same
// numbers): Poisson arrivals, c servers, a FIFO queue, a service law (any
// network.Dist family, parameterised by its mean; the mmc command offers
// exponential, deterministic, lognormal, Erlang-k and hyperexponential by
// the names in ServiceNames), optional patience (deterministic or
// exponential: reneging) and an optional system-size limit (blocking).
// StationParams are its parameters, the flags of `queuelab mmc` and the
// factors of the mmc sweep. A customer's wait is filed when it becomes
// known (at the start of its service, or when it abandons), its response
// time when it departs. It measures P(wait), the mean wait of all and of
// served customers, P(abandon), P(block), utilisation, Lq and L
// (time-weighted, measured directly, not through Little's law),
// throughput, P(W > t) and response-time quantiles. Every metric is an
// estimate.Estimate with a batch-means Student-t interval (30 batches by
// default; ratio estimators for ratios, batch means of indicators for
// probabilities; package validate/estimate). The warm-up is given, or
// chosen by MSER-5 capped at half the run; the run has a fixed length or
// stops at a precision target (the relative half-width of the main
// metric), between a minimum and a maximum length, as JMT does.
//
// Formulas returns the exact results that apply to a station: Erlang C
// (M/M/c), Pollaczek–Khinchine (M/G/1), Erlang B (M/G/c/c, insensitive to
// the service law), M/M/c/K, M/M/c+D and Erlang-A.
//
// # The pass rule
//
// A Check compares an estimate.Estimate with a formula; Judge applies a Rule with
// two parts, consistency and power, at per-check significance α = 10⁻⁴
// (see Rule). Verdicts: agrees, approximate (formula off by X %, within a
// documented tolerance), inconclusive (too imprecise to show an error),
// DISAGREES. A report states the Bonferroni family-wise rate m·α.
//
// # The catalogue
//
// Run runs the catalogue — Catalogue (stations), ModelCatalogue (the
// two models' normal days against the originals' figures; the TTL cache at
// several TTLs, the database and the p99 approximation; issuer timeouts,
// stand-in share and volume under lognormal amounts, the fraud ROC and
// step-up shares; and the des engine against the formula twin minute by
// minute for every scenario of both systems) and ProbeCatalogue (model
// mechanisms through the models' experiment APIs) — in parallel; every
// run's seed is des.ReplicationSeed(base, index) and runs go through
// des.Replicate, the repository's one replication engine, so results do
// not depend on GOMAXPROCS. Reports render as text, Markdown, HTML and JSON.
//
// The probes, one batch per simulated minute (30 quick, 120 full, after
// a warm-up) unless stated:
//
//   - Overload goodput (paymentswitch.OpenLoad, no retries, λ = 1.2, 1.5
//     and 2 × N/S): goodput against (N/S − ωλ)/(1 − ω) with ω = 0.3, the
//     share abandoned at the 2 s queue timeout against 1 − x/λ, and the
//     slot time of an abandoned request against ω·S — exact for long-run
//     averages by the fluid balance x·S + (λ − x)·ωS = N, evaluated per
//     minute at the measured λ and S (paired intervals).
//   - Load shedding (λ = 0.9 and 1.5 × N/S): the admitted rate against
//     the Erlang loss system λ(1 − B(⌈0.9N⌉, λS)) — exact, by Erlang B's
//     insensitivity — and against the original's min(λ, 0.9·N/S), an
//     approximation whose documented tolerance is its Erlang-B difference
//     (5.8 % near the cap, 0.7 % at 1.5 × N/S).
//   - Issuer latency under a timeout (m = 12 s for group B and 250 ms for
//     group A; T = 8 s and 0.8 s): E[min(L, T)] = m(1 − e^(−T/m)) and
//     P(L > T) = e^(−T/m), measured at the slot's release, and the slot
//     holding time against 80 ms + Σ share·(E[min(L, T)] + P(L > T)·80 ms).
//   - Little's law L = λW on every station of both models, from minute 5
//     of a normal run (20 minutes quick, 60 full): the switch's slot pool
//     (and, in the overload runs, the pool with its abandoned requests),
//     the web service's ten instance worker pools and database, and its
//     pooled worker queue (lb = pooled); L time-averaged, λ counted, W
//     measured per customer (the engines' Stations).
//   - The web service's arrival rate at 08:00 against 1125 req/s: the
//     first minute's rate over 40 (full: 200) independent replications.
//
// TestProbesCatchBrokenMechanisms breaks ω (0.35), group B's latency
// (×1.1) and the web clock (+1 h) and shows the dependent checks DISAGREE.
//
// # What the meta-tests found
//
// The coverage meta-test (TestCoverage) measures the real coverage of the
// nominal 95 % intervals on short M/M/1 runs: 93.9–94.8 % without warm-up
// deletion, within binomial limits; with MSER-5 deletion it fell to about
// 92 %, because MSER-5 tends to cut off a run's high early excursions. The
// catalogue therefore deletes a fixed share of each run (WarmupShare);
// MSER-5 remains the default of `queuelab mmc`, where no warm-up is known.
package validate
