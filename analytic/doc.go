// Package analytic holds the closed-form and numerically exact queueing
// results that the queuelab simulations are checked against: Erlang B and C,
// M/M/c, M/M/c/K, M/M/c with deterministic patience (M/M/c+D), Erlang-A
// (M/M/c+M), Little's law, and the small formulas of the two modelled systems
// — the payment switch (issuer timeouts, the binormal fraud score, lognormal
// amounts, overload goodput) and the web service (TTL cache, database query
// time, p99, error budgets, the autoscaler).
//
// Every function is pure and depends only on the Go standard library.
//
// # Conventions
//
// Times are in seconds and rates are per second. A probability is a float64
// in [0, 1]. A queue is described by its arrival rate λ (Lambda), its service
// rate per server μ (Mu, the reciprocal of the mean service time S) and its
// number of servers c; the offered load is a = λ/μ erlangs.
//
// Invalid input — a negative rate, a NaN, zero servers — never yields a
// plausible-looking wrong number: scalar functions return NaN (each doc
// comment says when), and the model types have a Validate method that
// returns an error explaining what is wrong. Quantities that are infinite in
// the mathematical sense (the mean wait of an unstable M/M/c) are returned as
// +Inf and documented as such.
//
// # References
//
//   - [Harchol-Balter] M. Harchol-Balter, Performance Modeling and Design of
//     Computer Systems: Queueing Theory in Action, Cambridge University Press,
//     2013 (M/M/k, M/M/k/k, Erlang B and C).
//   - [Kleinrock] L. Kleinrock, Queueing Systems, Volume 1: Theory, Wiley,
//     1975 (birth–death queues, M/M/m/K).
//   - [Baccelli-Hebuterne] F. Baccelli and G. Hébuterne, On queues with
//     impatient customers, in Performance '81, North-Holland, 1981.
//   - [Zeltyn-Mandelbaum] S. Zeltyn and A. Mandelbaum, Call centers with
//     impatient customers: many-server asymptotics of the M/M/n+G queue,
//     Queueing Systems 51 (2005).
//   - [Garnett] O. Garnett, A. Mandelbaum and M. Reiman, Designing a call
//     center with impatient customers, Manufacturing & Service Operations
//     Management 4 (2002) (Erlang-A).
//   - [Jagerman] D. L. Jagerman, Some properties of the Erlang loss
//     function, Bell System Technical Journal 53 (1974).
//   - [Jung] J. Jung, A. W. Berger and H. Balakrishnan, Modeling TTL-based
//     Internet caches, IEEE INFOCOM 2003.
//   - [Green-Swets] D. M. Green and J. A. Swets, Signal Detection Theory and
//     Psychophysics, Wiley, 1966 (the binormal ROC).
//   - [Beyer] B. Beyer et al. (eds.), The Site Reliability Workbook, O'Reilly,
//     2018, chapter 5 (error budgets and burn rates).
package analytic
