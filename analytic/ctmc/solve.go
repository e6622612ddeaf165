package ctmc

import (
	"errors"
	"fmt"
	"math"
)

// Solution is the steady state of a model's chain and the measures read
// from it.
type Solution struct {
	States      int     // states of the chain
	Transitions int     // nonzero off-diagonal entries of its generator
	Level       int     // most open customers kept in the network; 0: no truncation
	MassCut     float64 // estimated probability mass beyond Level (0 without truncation)
	Solver      string  // "dense" (Gaussian elimination) or "Gauss-Seidel"
	Sweeps      int     // Gauss–Seidel sweeps (0 for dense)
	Residual    float64 // ‖πQ‖₁ at the end, with π summing to 1
	Stations    []StationResult
	ForkJoin    []ForkJoinResult // one per class with a Fork, in class order

	chain         *chain
	pi            []float64
	transientWork float64 // Options.TransientWork, or maxTransientWork
}

// StationResult holds the steady-state (or, from Transient, time-t)
// measures of one station, each indexed by class.
type StationResult struct {
	Throughput []float64 // service completions per s
	Busy       []float64 // mean number of servers busy with the class (server shares at PS)
	InSystem   []float64 // mean number present
	InQueue    []float64 // mean number present and not in service (waiting or preempted)
	Waiting    []float64 // mean number that have not yet started service
	Offered    []float64 // arrivals per s, admitted or lost
	Lost       []float64 // arrivals per s finding the station full
	Abandoned  []float64 // abandonments per s
	Blocked    []float64 // mean number held on a server, blocked after service or before it (not counted in Busy)
	Balked     []float64 // arrivals per s that found room but chose not to join
}

// denseLimit is the largest chain solved by Gaussian elimination; larger
// ones go to Gauss–Seidel.
const denseLimit = 300

// Solve builds the chain of m and solves it for its steady state. Open
// classes are truncated (see Options.Tol) unless capacities bound them.
// Errors: m's Validate error; *TooLargeError beyond Options.MaxStates; an
// error when the open classes never settle (an overloaded station) or
// the solver does not converge.
func Solve(m *Model, opt Options) (*Solution, error) {
	opt = opt.withDefaults()
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if lb := spreads(m); lb > float64(opt.MaxStates) {
		c := newChain(m, 0, opt.MaxStates)
		return nil, &TooLargeError{States: lb, AtLeast: true, Limit: opt.MaxStates, Shrink: c.shrinkHint()}
	}
	pop := 0
	for _, c := range m.Classes {
		pop += c.Population
	}
	if pop > maxCustomers {
		return nil, &TooLargeError{States: float64(pop), AtLeast: true, Limit: opt.MaxStates,
			Shrink: fmt.Sprintf("%d closed customers is more than the %d one station may hold in this solver; smaller populations", pop, maxCustomers)}
	}
	level := 0
	if openBound(m) < 0 {
		level = max(16, 2*initialOpen(m))
	}
	for try := 0; ; try++ {
		if lb := orders(m, level); lb > float64(opt.MaxStates) {
			c := newChain(m, level, opt.MaxStates)
			return nil, &TooLargeError{States: lb, AtLeast: true, Limit: opt.MaxStates, Shrink: c.shrinkHint()}
		}
		c := newChain(m, level, opt.MaxStates)
		if err := c.build(); err != nil {
			return nil, err
		}
		sol, err := c.steady(opt)
		if err != nil {
			return nil, err
		}
		if level == 0 {
			return sol, nil
		}
		next, cut, err := c.retruncate(sol.pi, opt.Tol)
		if err != nil {
			return nil, err
		}
		sol.MassCut = cut
		if next == 0 {
			return sol, nil
		}
		if next+pop > maxCustomers {
			return nil, fmt.Errorf("exact CTMC refused: the open classes need more than %d customers kept in the network to cut less than %g of the probability (a station is nearly saturated or overloaded)", maxCustomers, opt.Tol)
		}
		if try == 12 {
			return nil, fmt.Errorf("exact CTMC: the truncation of the open classes did not settle after %d tries (level %d, estimated mass cut %.3g)", try, level, cut)
		}
		level = next
	}
}

// initialOpen returns the open customers of Model.Initial.
func initialOpen(m *Model) int {
	n := 0
	for _, row := range m.Initial {
		for r, k := range row {
			if m.Classes[r].Open() {
				n += k
			}
		}
	}
	return n
}

// maxCustomers bounds the customers a state may hold (a station's list
// is as long as its customers, and each state's moves cost that much).
const maxCustomers = 5000

// openBound returns the most open customers the network can hold (the sum
// of the capacities of the stations open classes visit), or −1 when a
// station without capacity serves an open class.
func openBound(m *Model) int {
	total, any := 0, false
	for _, s := range m.Stations {
		for r, ph := range s.Service {
			if ph != nil && m.Classes[r].Open() {
				if s.Capacity == 0 {
					return -1
				}
				total += s.Capacity
				any = true
				break
			}
		}
	}
	if !any {
		return 0
	}
	return total
}

// spreads returns a lower bound on the states: the ways to spread each
// closed class's customers over the stations that serve it. A class
// that visits a station of limited capacity counts once: its spreads
// within the capacities depend on the other classes there and on which
// of them the blocking lets the chain reach, so they bound nothing
// (cappedSpreads, the key set's size hint, counts them anyway).
func spreads(m *Model) float64 {
	out := 1.0
	for r, c := range m.Classes {
		if c.Open() {
			continue
		}
		k, capped := 0, false
		for _, s := range m.Stations {
			if s.Service[r] != nil {
				k++
				capped = capped || s.Capacity > 0
			}
		}
		if capped {
			continue
		}
		// C(N+k−1, k−1)
		lg := func(x float64) float64 { v, _ := math.Lgamma(x); return v }
		out *= math.Exp(lg(float64(c.Population+k)) - lg(float64(k)) - lg(float64(c.Population+1)))
	}
	return out
}

// orders returns a lower estimate of the states from the stations that
// keep their customers' order across classes (FCFS, LCFS-PR) for
// two classes or more: the orders in which one full waiting line can hold
// its classes (closed classes at their populations, open ones sharing the
// truncation level), a multinomial coefficient; at LCFS-PR also the
// phases the preempted customers keep (P^waiting for P phases).
func orders(m *Model, level int) float64 {
	best := 1.0
	for _, s := range m.Stations {
		d := s.Discipline
		lcfs := d == LCFSPR
		if s.Servers == 0 || !(classesAt(s) >= 2 && (d == nil || d == FCFS) || lcfs) {
			continue
		}
		phases := maxPhases // a preempted LCFS-PR customer keeps its phase
		for _, ph := range s.Service {
			if ph != nil {
				phases = min(phases, ph.Phases())
			}
		}
		var counts []int
		nOpen, total := 0, 0
		for r, ph := range s.Service {
			if ph == nil {
				continue
			}
			if m.Classes[r].Open() {
				nOpen++
				continue
			}
			counts = append(counts, m.Classes[r].Population)
			total += m.Classes[r].Population
		}
		if lv := level; nOpen > 0 {
			if lv == 0 { // bounded by capacities, not truncated
				lv = s.Capacity
			}
			for k := range nOpen {
				share := lv / nOpen
				if k < lv%nOpen {
					share++
				}
				counts = append(counts, share)
				total += share
			}
		}
		if s.Capacity > 0 {
			total = min(total, s.Capacity)
		}
		wait := total - s.Servers
		if wait <= 1 {
			continue
		}
		lg := func(x int) float64 { v, _ := math.Lgamma(float64(x) + 1); return v }
		ln, left := lg(wait), wait
		for _, n := range counts {
			take := min(n, left)
			ln -= lg(take)
			left -= take
		}
		if lcfs {
			ln += float64(wait) * math.Log(float64(phases))
		}
		best = math.Max(best, math.Exp(ln))
	}
	return best
}

// retruncate checks the truncation at level K against tol. Near K the
// truncation bends the distribution (arrivals are refused there), so the
// decay ratio q of the open-customer count is read inside: from the
// levels a = 3K/4 and b = K/2, q = (P(a)/P(b))^(1/(a−b)). The untruncated
// P(K) is estimated as P(a)·q^(K−a), the mass beyond K as P(K)·q/(1−q) and
// the mean number beyond as P(K)·(K·q/(1−q) + q/(1−q)²), exact for a
// geometric tail. It returns 0 and the estimated mass when both (the mean
// as a share of the mean open count) are below tol, else a higher level.
func (c *chain) retruncate(pi []float64, tol float64) (next int, cut float64, err error) {
	K := c.level
	a, b := K-K/4, K/2
	var pa, pb, mean float64
	for x, p := range pi {
		n := c.openCount(c.tuple(x))
		mean += float64(n) * p
		switch n {
		case a:
			pa += p
		case b:
			pb += p
		}
	}
	if pa == 0 {
		return 0, 0, nil
	}
	q := math.Pow(pa/pb, 1/float64(a-b))
	if !(q < 1) {
		return 2 * K, math.NaN(), nil
	}
	pK := pa * math.Pow(q, float64(K-a))
	cut = pK * q / (1 - q)
	beyond := pK * (float64(K)*q/(1-q) + q/((1-q)*(1-q)))
	worst := math.Max(cut, beyond/math.Max(mean, 1e-300))
	if worst <= tol {
		return 0, cut, nil
	}
	grow := int(math.Ceil(math.Log(tol/worst)/math.Log(q))) + 2
	return K + max(grow, K/4), cut, nil
}

// steady solves πQ = 0, Σπ = 1 and reads the measures.
func (c *chain) steady(opt Options) (*Solution, error) {
	sol := &Solution{States: c.states(), Transitions: c.transitionsN(), Level: c.level, chain: c, transientWork: maxTransientWork}
	if opt.TransientWork > 0 {
		sol.transientWork = opt.TransientWork
	}
	var err error
	if c.states() <= denseLimit {
		sol.Solver = "dense"
		sol.pi, err = c.dense()
	} else {
		sol.Solver = "Gauss-Seidel"
		sol.pi, sol.Sweeps, sol.Residual, err = c.gaussSeidel(opt)
	}
	if err != nil {
		return nil, err
	}
	if sol.Solver == "dense" {
		sol.Residual = c.residual(sol.pi, nil)
	}
	sol.Stations = c.means(sol.pi)
	sol.ForkJoin = c.forkJoin(sol.pi)
	return sol, nil
}

// dense solves the chain by Gaussian elimination on Qᵀ with the last
// equation replaced by Σπ = 1.
func (c *chain) dense() ([]float64, error) {
	n := c.states()
	a := make([][]float64, n)
	for j := range n {
		a[j] = make([]float64, n+1)
		a[j][j] = -c.out[j]
		for k := c.ptr[j]; k < c.ptr[j+1]; k++ {
			a[j][c.src[k]] += c.rate[k]
		}
	}
	for i := range n + 1 {
		a[n-1][i] = 1
	}
	pi, ok := gauss(a)
	if !ok {
		return nil, errors.New("exact CTMC: the chain has no unique steady state (its generator is singular twice over: two closed parts)")
	}
	for i, p := range pi {
		pi[i] = math.Max(p, 0)
	}
	return pi, nil
}

// aggregateFrom is the smallest chain whose Gauss–Seidel sweeps
// alternate with aggregation–disaggregation steps. Below it a solve
// costs little either way; above, a slow chain needs the steps even when
// small (an open tandem of 8 815 states: 3 566 sweeps without, 94 with;
// BENCHMARKS.md, session 7; it was 20 000 before).
var aggregateFrom = 1000

// aggregationPays compares the trial of gaussSeidel, once the fast modes
// have died out: sweeps 21–30 with steps (the residual r20 → r30), sweeps
// 31–40 without (r30 → r40). perSweep is the work of a sweep with its
// share of the steps, in sweeps (1 + a step's cost over the sweeps
// between steps; see stepper.cost). The steps are kept if they reduced the
// residual more per transition read. On a chain whose slow modes the
// groups do not hold (an open model with a long FCFS line) the steps
// cost more than they save.
func aggregationPays(r20, r30, r40, perSweep float64) bool {
	with := math.Log(r20/r30) / (10 * perSweep)
	without := math.Log(r30/r40) / 10
	return !(without >= with)
}

// stepsPay judges agg's trial by aggregationPays (a variable for the
// tests, which note the steps on trial and make them fail it).
var stepsPay = func(_ stepper, r20, r30, r40, perSweep float64) bool {
	return aggregationPays(r20, r30, r40, perSweep)
}

// fallback returns the steps that replace agg when agg fails its trial:
// the one-station steps after the joint steps, else none.
func fallback(c *chain, agg stepper, packed *packedRates) (stepper, int) {
	if _, joint := agg.(*jointAggregator); joint {
		return newAggregator(c, packed), aggregateEvery
	}
	return nil, 0
}

// aggregateEvery is how many sweeps come before each one-station step.
const aggregateEvery = 2

// stepper is an aggregation–disaggregation step: the one-station steps
// (aggregator) or the steps over two sets of stations (jointAggregator).
// cost is what a step reads, in sweeps of the chain (at most: for the
// budget and the trial).
type stepper interface {
	step(c *chain, pi []float64)
	cost(c *chain) float64
}

// perSweep is the work of one sweep of c with its share of agg's steps,
// one every `every` sweeps, in sweeps.
func perSweep(c *chain, agg stepper, every int) float64 {
	if agg == nil {
		return 1
	}
	return 1 + agg.cost(c)/float64(every)
}

// useJoint: whether the solver tries the joint steps before the
// one-station ones (a variable for the tests).
var useJoint = true

// newStepper returns the steps for c (nil below aggregateFrom states)
// and how many sweeps come before each: the joint steps where they apply
// (see newJointAggregator), else the one-station steps.
func newStepper(c *chain, packed *packedRates) (stepper, int) {
	if c.states() < aggregateFrom {
		return nil, 0
	}
	if useJoint {
		if j := newJointAggregator(c, packed); j != nil {
			return j, jointEvery
		}
	}
	return newAggregator(c, packed), aggregateEvery
}

// gaussSeidel iterates π_j ← Σ_i π_i q_ij / |q_jj| over the states in
// order (two sweeps at once on large chains: see sweeper), normalising
// after every sweep (pair), until the residual ‖πQ‖₁ is at most
// opt.Residual times the largest |q_jj| ([Stewart] §3.2), and returns π,
// the sweeps and the residual. Each sweep (pair) bounds the residual
// after it for free (sweeper.rows); the residual itself, a pass over the
// transitions, is computed only where that bound, over its last ratio to
// the residual, passes the test (and for the trial).
func (c *chain) gaussSeidel(opt Options) ([]float64, int, float64, error) {
	n := c.states()
	pi := make([]float64, n)
	for j := range pi {
		pi[j] = 1 / float64(n)
	}
	big := 0.0
	for _, o := range c.out {
		big = math.Max(big, o)
	}
	res := math.Inf(1)
	packed := packRates(c)
	sweep := float64(c.transitionsN() + n) // the work of a sweep
	agg, every := newStepper(c, packed)
	per := perSweep(c, agg, every)
	most := opt.MaxSweeps
	if opt.MaxWork > 0 {
		most = min(most, max(10, int(opt.MaxWork/(sweep*per))))
	}
	spent := 0.0             // work done, in sweeps, steps included
	var res20, res30 float64 // the residuals after sweeps 20 and 30 of the steps (21 and 31 paired), for the trial below
	t0 := 0                  // the sweeps before the steps on trial began (not 0 after a fallback)
	sw := newSweeper(c, packed)
	off := 0 // paired, the trial's residuals come after 21, 31, 41 sweeps: a pair ends at an odd count
	if sw.paired {
		off = 1
	}
	target := opt.Residual * big
	loose := 1.0 // the last ratio of the sweeps' bound to the residual
	for done := 0; done < most; {
		if d := done - off - t0; agg != nil && done%every == 1 && (d < 30 || d >= 40) {
			agg.step(c, pi)
		}
		k := 1
		if sw.paired && done%2 == 1 && most-done >= 2 {
			k = 2
		}
		ran, bound := sw.run(pi, k)
		done += ran
		spent += float64(ran) * per
		d := done - off - t0
		trial := agg != nil && (d == 20 || d == 30 || d == 40)
		// The sweep's bound on the residual is some times the residual;
		// the residual itself (what must pass) is computed where the
		// bound over the last ratio seen passes, and for the trial.
		if bound <= target*loose || trial {
			if res = c.residual(pi, packed); res <= target {
				return pi, done, res, nil
			}
			if res > 0 {
				loose = max(1, bound/res)
			}
		}
		switch {
		case !trial:
		case d == 20:
			res20 = res
		case d == 30:
			res30 = res
		case !stepsPay(agg, res20, res30, res, per):
			// The joint steps fall back to the one-station steps, on
			// trial in turn; those to plain sweeps. The budget left is
			// counted anew at the new steps' cost.
			agg, every = fallback(c, agg, packed)
			per = perSweep(c, agg, every)
			t0 = done - off
			if opt.MaxWork > 0 {
				most = min(most, done+max(0, int((opt.MaxWork/sweep-spent)/per)))
			}
		}
	}
	// The last sweep's bound may have skipped the residual: it decides.
	if res = c.residual(pi, packed); res <= target {
		return pi, most, res, nil
	}
	return nil, most, res, fmt.Errorf("exact CTMC: Gauss-Seidel did not converge in %d sweeps (residual %.3g, target %.3g; the limit is Options.MaxSweeps or MaxWork)", most, res, opt.Residual*big)
}
