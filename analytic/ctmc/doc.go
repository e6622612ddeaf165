// Package ctmc builds the continuous-time Markov chain of a queueing
// network and solves it exactly: the steady state (every measure of every
// station and class), the transient state at given times, and the
// distribution of an FCFS station's wait and response time. It is the
// exact reference of queuelab wherever a network's laws are phase-type and
// its state space fits; package analytic lists its values as "exact CTMC".
//
// # The state
//
// A station's local state is the list of its customers, each a class and
// a phase of its service law (0 before it starts), in the order its
// Discipline keeps: FCFS serves the first c and keeps the waiting line in
// order (so two classes with different laws are told apart), LCFS-PR the
// last c (a preempted customer keeps its phase), preemptive priority the
// first c of the list kept by class, PS everyone at min(1, c/n), SIRO and
// non-preemptive priority whoever has started (a free server takes a
// waiting customer at random, or the best class). Lists that are the same
// state — the set of customers in service, a PS station's customers — are
// written one way (Discipline.canon), so the chain has one state for
// each. Each station's local states, the moves out of each (phase
// changes, completions, abandonments) and the outcome of each class's
// arrival are computed once, lazily, in a table; the global state is the
// tuple of the stations' local ids, found in an open-addressing hash set:
// packed into one 64-bit key (each entry in as many bits as its largest
// value needs, laid out anew as the tables grow) while the entries and the
// state's index fit in 64 bits, else by the tuple itself.
//
// Service laws are phase-type (PH: α, T): exponential, Erlang-k, the
// two-phase hyperexponential and any other (α, T). A law with no
// phase-type form (deterministic, lognormal, Pareto, …) has no chain;
// package analytic refuses it with that reason. Patience is exponential
// (rate θ for each customer who has not started); an arrival at a full
// station is lost; routing with class switching moves a finishing
// customer to its next station and class, or out.
//
// # Beyond product form
//
// Each of these is a field of the Model, documented there, and plugs in
// as a component of the state or a rule of a station's table:
//
//   - Blocking (Station.Blocking, with Station.Capacity as the buffer K):
//     after service, a customer whose next station is full stays on its
//     server, coded in the station's list as held, and waits in a list of
//     held customers kept by destination — one more entry of the state
//     tuple; whenever a place frees, the customer held longest for it
//     moves in, which may free a place upstream for the next one (the
//     cascade is resolved within the transition). Before service, the
//     service of a customer whose certain next station is full does not
//     progress (BeforeService); or, as the simulator plays it
//     (BeforeStart), a customer reaching a server — an arrival at an idle
//     server, the next in line when a server frees, an initial customer —
//     draws its next station then, and if it is full holds the server
//     unstarted, coded as held before service and listed with the held
//     customers, and starts when a place frees; where the draw is random
//     the started customer keeps it to its departure, as a class of the
//     station's own (draws.go); the check reads the
//     state at the moment the simulator makes it (patience, balking and
//     rates at the feeding station included: the held customer neither
//     abandons nor balks and counts among those present). A reachable state in which a set of full stations can
//     never move again (every server held for another of the set, nobody
//     waiting who can abandon) is a deadlock: Solve refuses the model and
//     names the stations.
//   - Routers (Station.Router), as the simulator plays them: a station
//     of no service that sends each customer on by its row, or holds it,
//     with the station it drew, while that station is a full buffer; its
//     service of zero length ends after the event that brought the
//     customer in (router.go).
//   - Load-dependent service (Station.RateScale): the station's service
//     rates times a factor read from the number present.
//   - Balking (Station.JoinProb): an arrival joins with a probability
//     read from the number present; the rest leave (StationResult.Balked).
//   - MAP arrivals (Class.MAP): the phase of each MAP class is one more
//     entry of the state; D0 moves it alone, D1 with an arrival.
//   - Fork/join (Class.Fork): an arrival puts one task at each branch;
//     with single-server FCFS (or priority) branches the jobs not yet
//     joined are the longest branch's tasks; with FCFS (several servers),
//     LCFS-PR, PS, SIRO, priority or delay branches the state keeps the
//     jobs, in order, with each task's progress (ForkJoinResult, jobFork);
//     a joined job goes on where Class.Join sends it (forkroute.go). A
//     closed class forks each customer routed to its fork station
//     (forkclosed.go); PS and delay branches may serve other classes
//     too (forkshared.go).
//   - An initial state (Model.Initial) for Solution.Transient; the chain
//     is built from it.
//
// # Truncation
//
// Closed populations and capacities bound the chain. Open classes without
// a capacity are truncated: the network keeps at most K open customers
// (arrivals beyond are refused), starting at K = 16. After each solve the
// decay ratio q of the open-customer count is read inside the truncated
// range (from levels K/2 and 3K/4, where the refused arrivals do not bend
// the distribution), the untruncated P(K) is extrapolated geometrically,
// and the mass beyond K, P(K)·q/(1−q), and the mean number beyond it, as a
// share of the mean, must both be below Options.Tol (default 1e-9); else K
// grows and the chain is rebuilt. Solution.MassCut reports the estimate.
//
// # The solver and its convergence test
//
// The generator is stored by column (compressed sparse columns of Q
// without its diagonal, and the exit rate of each state). Chains of up to
// 300 states are solved by Gaussian elimination with partial pivoting on
// Qᵀ with one equation replaced by Σπ = 1. Larger ones by Gauss–Seidel:
// π_j ← Σ_i π_i q_ij / |q_jj| in state order, normalised after each sweep,
// until the residual ‖πQ‖₁ is at most Options.Residual (1e-13) times the
// largest exit rate; at most Options.MaxSweeps sweeps, else an error.
// The test may pass after any sweep (pair): a sweep bounds the residual
// it leaves, Σ_j |Δπ_j|·|q_jj| (row j is left at Σ_{i>j} Δπ_i q_ij), as
// it goes, and the residual itself is computed where that bound, scaled
// by its last ratio to the residual, passes. The sweeps read each rate as
// a 2-byte index into a table of the chain's distinct rates (up to 2¹⁶;
// beyond, the rates themselves), the same values bit for bit.
//
// From 1 000 states on, the sweeps alternate with
// aggregation–disaggregation steps ([Stewart] §6.3, after Koury,
// McAllister and Stewart): the states are grouped, the chain of the
// groups (each group's rates out weighted by π within it) is solved, and
// π is rescaled within each group to the groups' law. Gauss–Seidel alone
// moves probability between distant populations slowly (2 940 sweeps on
// a ring of 1 000 customers); a step corrects a whole marginal law at
// once (80 sweeps there). Two groupings are used:
//
//   - joint steps, every fourth sweep, where they apply: the stations are
//     split into the two sets whose joint local spaces are the most even,
//     and the steps alternate between grouping the states by one set's
//     joint local state and by the other's (the components' aggregation
//     of the multi-level methods, Horton and Leutenegger 1994, Buchholz
//     and Dayar 2004, in one level); the groups' chain is solved by up to
//     30 Gauss–Seidel sweeps on the groups. They apply from three
//     stations on where each set has at most an eighth as many groups as
//     there are states (on a three-class network of 2.4·10⁶ states, 77
//     sweeps instead of 97); on two stations with an open class the two
//     groupings are the customers' counts by class at both stations (the
//     truncated chain's levels, refined) and the larger station's local
//     state (two open classes through an FCFS desk, 1.3·10⁶ states: 85
//     sweeps instead of 329);
//   - else one-station steps, every second sweep: the states grouped by
//     one station's local state (the stations with 2 to 2 000 local
//     states, in turn), the groups' chain solved by elimination that
//     skips zeros where that is cheap (a banded chain costs its band),
//     else by Gauss–Seidel on the groups.
//
// Where the groups miss the slow modes the steps cost more than they
// save, so after 40 sweeps they are kept only if sweeps 21–30 with them
// reduced the residual more per transition read than sweeps 31–40
// without; joint steps that fail this give way to one-station steps (on
// trial in turn), those to plain sweeps. The convergence test is the
// same. A group the step leaves without mass (rounding of a share next
// to nothing) keeps its own.
//
// From 50 000 states on the work is shared by two goroutines, cut in
// two fixed parts (never by the number of cores, so the results are the
// same everywhere): the building looks up the states a chunk of states
// reaches in two halves (the hash set only read; a self-loop, whose
// target is its own state, is not looked up; a tuple's key is packed
// as the tuple is generated; the new states are then added in the
// order reached, by the keys their lookup used, so the
// numbering is the breadth-first one, while the other goroutine
// generates the next chunk's transitions), then both goroutines make the
// chunk's rows in blocks of 512 states, each taking the next block when
// it is free (the rows, and the columns they count for the transpose,
// are the same whichever makes them); the sweeps run in pairs, the
// second on its own goroutine trailing the first by the blocks of states
// it depends on (exactly two Gauss–Seidel sweeps); the steps' sums, the
// residual and the measures are summed in two halves. The steady state's
// measures of a closed network without capacity, blocking or balking are
// read from the stations' marginal laws.
//
// A chain beyond Options.MaxStates (2.5·10⁶) is refused with a
// *TooLargeError that gives the count (or a lower bound reached before
// building: the ways to spread the closed populations, the orders of a
// full FCFS line) and what would shrink it.
//
// # Transient and response time
//
// Solution.Transient gives every measure at times t from the initial
// state (Model.Initial, or by default no open customer and every closed
// customer just arrived at its class's start station) by uniformization:
// π(t) = Σ_k Poisson(k; Λt) π(0)Pᵏ with P = I + Q/Λ, until the Poisson
// mass left is below 1e-10, the error bound it reports. Solution.ResponsePercentiles puts a tagged
// customer behind those an arrival finds (they are distributed as π, by
// PASTA) and runs the absorbing chain of the customers ahead of it until
// it starts (wait) and until it leaves (response); at FCFS later arrivals
// change neither. Percentiles come by bisection on the uniformized
// distribution.
//
// # References
//
//   - [Stewart] W. J. Stewart, Introduction to the Numerical Solution of
//     Markov Chains, Princeton University Press, 1994 (§2 direct methods,
//     §3 Gauss–Seidel and the residual test, §8 uniformization).
//   - [Bolch] G. Bolch, S. Greiner, H. de Meer, K. S. Trivedi, Queueing
//     Networks and Markov Chains, 2nd ed., Wiley, 2006 (§2–3 CTMCs and
//     their numerical solution, §6 phase-type laws).
//   - Horton and Leutenegger: G. Horton, S. T. Leutenegger, A multi-level
//     solution algorithm for steady-state Markov chains, ACM SIGMETRICS
//     1994. Buchholz and Dayar: P. Buchholz, T. Dayar, Comparison of
//     multilevel methods for Kronecker-based Markovian representations,
//     Computing 73(4), 2004 (aggregation by components' states).
//   - [Neuts] M. F. Neuts, Matrix-Geometric Solutions in Stochastic
//     Models, Johns Hopkins, 1981 (phase-type distributions).
package ctmc
