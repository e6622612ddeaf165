// Package validate checks queuelab's simulations against textbook
// queueing formulas, with the statistics that make such a check honest.
//
// # A single station
//
// Station simulates one queue built from des parts (des.Env, des.Pool,
// des.Streams): Poisson arrivals, c servers, a FIFO queue, a service law
// (exponential, deterministic, lognormal, Erlang-k, hyperexponential, all
// parameterised by their mean), optional patience (deterministic or
// exponential: reneging) and an optional system-size limit (blocking). It
// measures P(wait), the mean wait of all and of served customers,
// P(abandon), P(block), utilisation, Lq and L (time-weighted, measured
// directly, not through Little's law), throughput, P(W > t) and
// response-time quantiles. Every metric is an Estimate with a batch-means
// Student-t interval (30 batches by default; ratio estimators for ratios,
// batch means of indicators for probabilities). The warm-up is given, or
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
// A Check compares an Estimate with a formula; Judge applies a Rule with
// two parts, consistency and power, at per-check significance α = 10⁻³
// (see Rule). Verdicts: agrees, approximate (off by X %, within a
// documented tolerance), inconclusive (too imprecise to show an error),
// DISAGREES. A report states the Bonferroni family-wise rate m·α.
//
// # The catalogue
//
// Run runs the catalogue — Catalogue (stations) and ModelCatalogue (the
// two models' normal days against the originals' figures; the TTL cache at
// several TTLs, the database and the p99 approximation; issuer timeouts,
// stand-in share and volume under lognormal amounts, the fraud ROC and
// step-up shares; and the des engine against the formula twin minute by
// minute for every scenario of both systems) — in parallel; every
// run's seed is SeedFor(base, index), so results do not depend on
// GOMAXPROCS. Reports render as text, Markdown, HTML and JSON.
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
