package analytic

import (
	"fmt"
	"math"

	"queuelab/des/queueing"
)

// NetFork is a fork/join section of a Network: a job arriving at station
// Fork splits into Tasks[j] tasks for each station j (0: not a branch),
// which travel by the routing until they meet at station Join; the job
// then leaves the join by the join's routing row. The fork and the join
// serve nobody: their Mean is 0 for every class, and the fork has no
// routing row (its tasks are not routed by probabilities).
type NetFork struct {
	Fork, Join int
	Tasks      []int // per station
}

// Method names of the fork/join values.
const (
	// MethodNelsonTantawi is the exact mean response of a two-way
	// homogeneous fork/join of M/M/1 queues: R₂ = (12 − ρ)/8 · 1/(μ − λ)
	// (Flatto & Hahn, SIAM J. Appl. Math. 44(5), 1984; in this form
	// Nelson & Tantawi, IEEE Trans. Computers 37(6), 1988, eq. 3).
	MethodNelsonTantawi = "Nelson-Tantawi (exact, 2 branches)"
	// MethodNelsonTantawiApprox is their scaling approximation for k > 2
	// branches: R_k ≈ [H_k/H₂ + (1 − H_k/H₂)·4ρ/11] · R₂, H_k the k-th
	// harmonic number; within 5 % of simulation for k ≤ 32 in their
	// paper (our measurements: README, fork-join example).
	MethodNelsonTantawiApprox = "Nelson-Tantawi approximation"
	// MethodMM1Branch is each branch alone: an M/M/1 queue, since every
	// branch sees the Poisson stream of jobs.
	MethodMM1Branch = "M/M/1 (one branch)"
)

// validateForks checks the fork/join sections' indices and sizes.
func (n Network) validateForks() error {
	m, r := len(n.Stations), len(n.Classes)
	if err := n.routingShape(); err != nil {
		return err
	}
	for i, st := range n.Stations {
		if len(st.Mean) != r || (st.SCV != nil && len(st.SCV) != r) || (st.Laws != nil && len(st.Laws) != r) {
			return fmt.Errorf("station %d (%q): service means, SCVs and laws must have one entry per class (%d)", i, st.Name, r)
		}
	}
	for f, fk := range n.Forks {
		switch {
		case fk.Fork < 0 || fk.Fork >= m || fk.Join < 0 || fk.Join >= m || fk.Fork == fk.Join:
			return fmt.Errorf("fork/join %d: fork %d and join %d must be two station indices in [0, %d)", f, fk.Fork, fk.Join, m)
		case len(fk.Tasks) != m:
			return fmt.Errorf("fork/join %d: %d task counts for %d stations", f, len(fk.Tasks), m)
		}
		for j, k := range fk.Tasks {
			if k < 0 || (k > 0 && (j == fk.Fork)) {
				return fmt.Errorf("fork/join %d: tasks to station %q must be ≥ 0 (and 0 to the fork itself), got %d", f, n.Stations[j].Name, k)
			}
		}
	}
	return nil
}

// solveForkJoin returns the values of a network with fork/join sections.
// Only one shape has them: one open class with Poisson arrivals at the
// fork, k ≥ 2 branches of one task each, every branch one FCFS
// single-server exponential station of the same mean (homogeneous), all
// routed straight to the join, which the jobs leave. Any network with
// forks gets the exact CTMC's values besides where the chain models it
// (ctmcForks), else no values (and no error): its throughputs alone would
// need the traffic equations to know the forks, and nothing else has a
// closed form.
func solveForkJoin(n Network) (*netSolver, error) {
	if err := n.forkExit(); err != nil {
		return nil, err
	}
	s := &netSolver{n: n, m: len(n.Stations), r: len(n.Classes)}
	lam, err := n.forkRates()
	if err != nil {
		return nil, err
	}
	if err := s.checkStable(lam); err != nil {
		return nil, err // before the exact CTMC, which would truncate an overloaded branch at its state limit
	}
	branches, ok := forkJoinShape(n)
	if !ok {
		s.addCTMC()
		s.sort()
		return s, nil
	}
	fk, cl := n.Forks[0], n.Classes[0]
	lambda, mu := cl.Rate, 1/n.Stations[branches[0]].Mean[0]
	rho := lambda / mu
	if rho >= 1 {
		return nil, &UnstableError{Station: n.Stations[branches[0]].Name, Rho: rho}
	}
	k := len(branches)
	r1 := 1 / (mu - lambda)
	rk, method, exact := NelsonTantawi(k, lambda, mu)
	for _, b := range branches {
		name := n.Stations[b].Name
		s.add(name, "", queueing.Throughput, lambda, MethodMM1Branch, true)
		s.add(name, "", queueing.Utilization, rho, MethodMM1Branch, true)
		s.add(name, "", queueing.MeanInSystem, rho/(1-rho), MethodMM1Branch, true)
		s.add(name, "", queueing.MeanInQueue, rho*rho/(1-rho), MethodMM1Branch, true)
		s.add(name, "", queueing.MeanResponse, r1, MethodMM1Branch, true)
		s.add(name, "", queueing.MeanWait, rho*r1, MethodMM1Branch, true)
	}
	fork, join := n.Stations[fk.Fork].Name, n.Stations[fk.Join].Name
	for _, st := range []string{fork, "network"} {
		s.add(st, "", queueing.Throughput, lambda, method, true)
		s.add(st, "", queueing.MeanResponse, rk, method, exact)
		s.add(st, "", queueing.MeanInSystem, lambda*rk, method, exact)
	}
	s.add(join, "", queueing.Throughput, float64(k)*lambda, method, true)
	s.add(join, "", queueing.MeanSyncDelay, rk-r1, method, exact)
	s.add(join, "", queueing.MeanInSystem, float64(k)*lambda*(rk-r1), method, exact)
	s.addCTMC()
	s.sort()
	return s, nil
}

// NelsonTantawi returns the mean response time (fork to leaving the join)
// of a fork/join of k ≥ 2 homogeneous M/M/1 branches, arrival rate lambda,
// service rate mu > lambda, with its method and whether it is exact
// (k = 2 only; beyond, the scaling approximation). It returns NaN for
// k < 2 or lambda ≥ mu.
func NelsonTantawi(k int, lambda, mu float64) (r float64, method string, exact bool) {
	if k < 2 || !(lambda > 0 && lambda < mu) {
		return math.NaN(), MethodNelsonTantawiApprox, false
	}
	rho := lambda / mu
	r2 := (12 - rho) / 8 / (mu - lambda)
	if k == 2 {
		return r2, MethodNelsonTantawi, true
	}
	h2, hk := 1.5, 0.0
	for i := 1; i <= k; i++ {
		hk += 1 / float64(i)
	}
	return (hk/h2 + (1-hk/h2)*4*rho/11) * r2, MethodNelsonTantawiApprox, false
}

// forkJoinShape returns the branch stations when n is the one shape
// solveForkJoin solves.
func forkJoinShape(n Network) ([]int, bool) {
	if len(n.Forks) != 1 || len(n.Classes) != 1 {
		return nil, false
	}
	fk, cl := n.Forks[0], n.Classes[0]
	if !cl.open() || cl.Source != fk.Fork || !poisson(cl) {
		return nil, false
	}
	var branches []int
	m := len(n.Stations)
	for j, t := range fk.Tasks {
		switch {
		case j == fk.Fork || j == fk.Join:
			continue
		case t != 1:
			return nil, false
		}
		st := n.Stations[j]
		if st.Servers != 1 || st.Discipline != queueing.FCFS || st.Capacity != 0 || st.Patience != 0 ||
			st.scv(0) != 1 || (st.Laws != nil && st.Laws[0].Name != "exp") || n.Routing[j][fk.Join] != 1 {
			return nil, false
		}
		if len(branches) > 0 && st.Mean[0] != n.Stations[branches[0]].Mean[0] {
			return nil, false
		}
		branches = append(branches, j)
	}
	if len(branches) < 2 || len(branches)+2 != m || fk.Tasks[fk.Join] != 0 {
		return nil, false
	}
	for _, p := range n.Routing[fk.Join] {
		if p != 0 {
			return nil, false
		}
	}
	return branches, true
}

// poisson reports whether open class c's arrivals are Poisson.
func poisson(c NetClass) bool {
	return c.ArrivalSCV == 1 && (c.ArrivalLaw.Name == "" || c.ArrivalLaw.Name == "exp")
}

// forkExit returns ErrNoExit when open-class jobs can never leave: the
// traffic equations of the jobs, each fork's row sending them straight to
// its join (where they continue once their tasks have met), are singular.
func (n Network) forkExit() error {
	_, err := n.jobs().openRates()
	return err
}

// jobs returns n with each fork's row sending its jobs straight to its
// join, where they continue once their tasks have met: the network the
// jobs (not the tasks) travel.
func (n Network) jobs() Network {
	m := len(n.Stations)
	jobs := n
	jobs.Routing = append([][]float64(nil), n.Routing...)
	for _, fk := range n.Forks {
		for r := range n.Classes {
			row := make([]float64, len(n.Routing))
			row[r*m+fk.Join] = 1
			jobs.Routing[r*m+fk.Fork] = row
		}
	}
	return jobs
}

// forkRates returns the open classes' arrival rates (by class×station, as
// openRates) in a network with forks: the jobs' rates outside the fork
// sections, and at each branch the tasks its fork sends (the fork's job
// rate times the branch's count in the split, NetFork.Tasks); 0 at the forks and joins
// themselves, which hold no server.
func (n Network) forkRates() ([]float64, error) {
	m := len(n.Stations)
	lam, err := n.jobs().openRates()
	if err != nil {
		return nil, err
	}
	for _, fk := range n.Forks {
		for r := range n.Classes {
			for j, t := range fk.Tasks {
				lam[r*m+j] += lam[r*m+fk.Fork] * float64(t)
			}
		}
	}
	for _, fk := range n.Forks {
		for r := range n.Classes {
			lam[r*m+fk.Fork], lam[r*m+fk.Join] = 0, 0
		}
	}
	return lam, nil
}
