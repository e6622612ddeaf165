// Package analytic holds the closed-form and numerically exact queueing
// results that the queuelab simulations are checked against: Erlang B and C,
// M/M/c, M/M/c/K, M/M/c with deterministic patience (M/M/c+D), Erlang-A
// (M/M/c+M), Little's law, and the small formulas of the two modelled systems
// — the payment switch (issuer timeouts, the binormal fraud score, lognormal
// amounts, overload goodput) and the web service (TTL cache, database query
// time, p99, error budgets, the autoscaler).
//
// It also solves queueing networks described by a Network (stations,
// classes, routing with class switching): SolveNetwork picks, for each
// network, the methods that apply — traffic equations; Jackson and BCMP
// product form; exact, Bard–Schweitzer and Linearizer mean value analysis
// (ClosedModel); asymptotic and balanced job bounds; mixed MVA; single
// stations by Erlang C, Pollaczek–Khinchine (MG1), Cobham's priority
// formulas (PriorityQueue), M/M/c/K, Erlang-A and M/M/c+D; and Whitt's QNA
// with Kingman and Allen–Cunneen for general open networks; and, where the
// laws are phase-type, the network's Markov chain (package analytic/ctmc)
// — and says for each value whether it is exact for that network.
//
// Every function is pure and depends only on the Go standard library and
// on package des/queueing, the vocabulary (disciplines, the server-count
// convention queueing.Infinite, metric names) it shares with the
// simulator: a leaf that itself imports only the standard library. No
// other queuelab package may be imported here.
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
//   - [Kleinrock2] L. Kleinrock, Queueing Systems, Volume 2: Computer
//     Applications, Wiley, 1976 (M/G/1 priority queues, processor sharing).
//   - [Cobham] A. Cobham, Priority assignment in waiting line problems,
//     Operations Research 2(1) (1954) 70–76.
//   - [BCMP] F. Baskett, K. M. Chandy, R. R. Muntz and F. G. Palacios, Open,
//     closed, and mixed networks of queues with different classes of
//     customers, Journal of the ACM 22(2) (1975) 248–260.
//   - [Reiser-Lavenberg] M. Reiser and S. S. Lavenberg, Mean-value analysis
//     of closed multichain queuing networks, Journal of the ACM 27(2) (1980)
//     313–322.
//   - [Schweitzer] P. J. Schweitzer, Approximate analysis of multiclass
//     closed networks of queues, Proc. International Conference on
//     Stochastic Control and Optimization, Amsterdam, 1979.
//   - [Bard] Y. Bard, Some extensions to multiclass queueing network
//     analysis, in Performance of Computer Systems, North-Holland, 1979.
//   - [Chandy-Neuse] K. M. Chandy and D. Neuse, Linearizer: a heuristic
//     algorithm for queueing network models of computing systems,
//     Communications of the ACM 25(2) (1982) 126–134.
//   - [Seidmann] A. Seidmann, P. J. Schweitzer and S. Shalev-Oren,
//     Computerized closed queueing network models of flexible manufacturing
//     systems, Large Scale Systems 12 (1987) 91–107 (a c-server station as a
//     single server of demand D/c plus a delay of D(c − 1)/c).
//   - [Lazowska] E. D. Lazowska, J. Zahorjan, G. S. Graham and K. C. Sevcik,
//     Quantitative System Performance, Prentice-Hall, 1984 (ch. 5 bounds,
//     ch. 6 MVA, ch. 7 multi-class and mixed networks).
//   - [Zahorjan] J. Zahorjan, K. C. Sevcik, D. L. Eager and B. Galler,
//     Balanced job bound analysis of queueing networks, Communications of the
//     ACM 25(2) (1982) 134–141.
//   - [Bolch] G. Bolch, S. Greiner, H. de Meer and K. S. Trivedi, Queueing
//     Networks and Markov Chains, 2nd ed., Wiley, 2006 (ch. 7 traffic
//     equations with class switching, ch. 8 MVA with multi-server stations).
//   - [Whitt] W. Whitt, The Queueing Network Analyzer, Bell System Technical
//     Journal 62(9) (1983) 2779–2815.
//   - [Kingman] J. F. C. Kingman, The single server queue in heavy traffic,
//     Proc. Cambridge Philosophical Society 57 (1961) 902–904.
//   - [Allen-Cunneen] A. O. Allen, Probability, Statistics, and Queueing
//     Theory with Computer Science Applications, 2nd ed., Academic Press,
//     1990 (the Allen–Cunneen GI/G/c approximation).
package analytic
