package network

import (
	"fmt"
	"strings"

	"queuelab/analytic"
	"queuelab/des"
)

// StationKind says what a station does with a customer: serve it (Queue),
// split it into tasks (Fork), wait for all of a job's tasks (Join), or send
// it on at once by a load-balancing policy (Router, see features.go).
type StationKind uint8

// The station kinds. Fork/join follows JMT and LINE: a job arriving at a
// fork splits at once into tasks, Station.Split of them per branch
// station; the tasks travel by the routing like any customer (each is
// served on its own) until they reach the fork's join, which holds them
// until the job's last task has arrived and then releases the job, which
// continues from the join's routing row as the class it had at the fork.
// A fork's join is not named: it is the one join every branch leads to.
//
// What the model accepts (Validate refuses the rest, naming the station):
// between a fork and its join every routing row sums to 1 and no station
// has a capacity or patience (a task may not leave the network); a task
// may not reach another fork (nested fork/join is not supported) nor a
// closed class's start station; every task must be able to reach the
// join from wherever it is; each fork has one join and each join one
// fork; only tasks arrive at a join.
//
// Measures: a branch station measures tasks like any customers. The fork
// station measures jobs through the whole fork/join section: throughput
// (jobs per second leaving the join), mean_response (per job: from the
// fork to the join's release) and mean_in_system (jobs between fork and
// join). The join station measures tasks: throughput (tasks per second),
// mean_in_system (tasks waiting there for their siblings) and
// mean_sync_delay (per task: arrival at the join to the job's release, the
// synchronisation delay). The network rows count jobs, never tasks: a
// closed class's population is its number of jobs.
const (
	Queue  StationKind = iota // a service station (the default)
	Fork                      // splits each job into tasks (Station.Split)
	Join                      // holds the tasks of a job until all have arrived
	Router                    // no service: sends each customer on at once by its LB policy
)

var stationKinds = [...]string{"queue", "fork", "join", "router"}

// String returns the file's name of k: queue, fork, join or router.
func (k StationKind) String() string {
	if int(k) < len(stationKinds) {
		return stationKinds[k]
	}
	return fmt.Sprintf("StationKind(%d)", uint8(k))
}

// forkOrJoin reports whether k is Fork or Join.
func (k StationKind) forkOrJoin() bool { return k == Fork || k == Join }

// ParseStationKind parses queue, fork, join or router.
func ParseStationKind(s string) (StationKind, error) {
	for k, name := range stationKinds {
		if s == name {
			return StationKind(k), nil
		}
	}
	return 0, fmt.Errorf("unknown kind %q (valid: %s)", cut(s), strings.Join(stationKinds[:], ", "))
}

// Branch is one branch of a fork: Tasks tasks (≥ 1) of each job go to
// station To.
type Branch struct {
	To    string
	Tasks int
}

// MaxTasks is the most tasks one fork makes of a job.
const MaxTasks = 1000

// forkStation checks station i of kind Fork or Join: no servers, service,
// capacity or patience of its own; a fork's branches are known stations.
func (t *topology) forkStation(i int) error {
	s := &t.net.Stations[i]
	el := elemStation(s.Name)
	t.service = append(t.service, make([]Dist, t.R)...)
	switch {
	case s.Kind > Router:
		return errf(elemField(el, "kind"), "unknown kind %d (valid: %s)", s.Kind, strings.Join(stationKinds[:], ", "))
	case s.Servers != 0 && s.Servers != des.Infinite:
		return errf(elemField(el, "servers"), "a %s has no servers (it serves nobody); leave servers out", s.Kind)
	case s.Service.Given() || s.ServiceByClass != nil:
		return errf(elemField(el, "service"), "a %s has no service time; leave service out", s.Kind)
	case s.Capacity != 0:
		return errf(elemField(el, "capacity"), "a %s has no capacity; leave capacity out", s.Kind)
	case s.Patience.Given():
		return errf(elemField(el, "patience"), "a %s has no patience; leave patience out", s.Kind)
	case s.Discipline != des.FCFS:
		return errf(elemField(el, "discipline"), "a %s has no discipline; leave discipline out", s.Kind)
	case s.Kind == Join && len(s.Split) > 0:
		return errf(elemRouting(s.Name), "split: only a fork splits jobs, %q is a join", s.Name)
	case s.Kind == Join:
		return nil
	case len(s.Split) == 0:
		return errf(el, "a fork needs a routing row %s: {split: {STATION: tasks, …}}, its branches (valid stations: %s)", cut(s.Name), t.stationList())
	}
	total := 0
	for b, br := range s.Split {
		el := elemField(elemRouting(s.Name), "split")
		if _, err := t.stationOf(el, br.To); err != nil {
			return err
		}
		for _, old := range s.Split[:b] {
			if old.To == br.To {
				return errf(el, "duplicate branch %q (give its number of tasks once)", cut(br.To))
			}
		}
		if br.Tasks < 1 || br.Tasks > MaxTasks {
			return errf(el, "tasks to %q: must be a whole number from 1 to %d, got %d", cut(br.To), MaxTasks, br.Tasks)
		}
		total += br.Tasks
	}
	if total > MaxTasks {
		return errf(elemRouting(s.Name), "split makes %d tasks of each job; at most %d", total, MaxTasks)
	}
	return nil
}

// forkRegion walks the tasks a class-r job makes at fork f, checks the
// rules of StationKind between the fork and its join, marks what the tasks
// reach (t.task), and returns the join.
func (t *topology) forkRegion(f, r int) (int, error) {
	fs := &t.net.Stations[f]
	el := elemRouting(fs.Name)
	seen := map[int]bool{}
	var nodes, stack []int // i*R+q
	var atJoin []int       // the classes tasks arrive at the join in
	join := -1
	step := func(from string, i, q int) error {
		st := &t.net.Stations[i]
		switch st.Kind {
		case Join:
			if join >= 0 && join != i {
				return errf(el, "the tasks of fork %q reach two joins, %q and %q; all of a fork's tasks must meet at one join", fs.Name, t.net.Stations[join].Name, st.Name)
			}
			join = i
			atJoin = append(atJoin, q)
			return nil
		case Fork:
			return errf(elemRouting(from), "a task of fork %q reaches fork %q before its join: nested fork/join is not supported (route the tasks to the first fork's join first)", fs.Name, st.Name)
		}
		if !seen[i*t.R+q] {
			seen[i*t.R+q] = true
			nodes = append(nodes, i*t.R+q)
			stack = append(stack, i*t.R+q)
		}
		return nil
	}
	for _, br := range fs.Split {
		if err := step(fs.Name, t.stationIdx[br.To], r); err != nil {
			return 0, err
		}
	}
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if err := t.taskNode(fs.Name, k); err != nil {
			return 0, err
		}
		i, q := k/t.R, k%t.R
		for _, tg := range t.rows[q*t.M+i] {
			if tg.prob > 0 {
				if err := step(t.net.Stations[i].Name, tg.station, tg.class); err != nil {
					return 0, err
				}
			}
		}
	}
	if join < 0 {
		return 0, errf(el, "the tasks of fork %q never reach a join: route every branch on to one station of kind: join", fs.Name)
	}
	if err := t.allReach(fs.Name, join, nodes); err != nil {
		return 0, err
	}
	for _, k := range nodes {
		t.task[k] = true
	}
	for _, q := range atJoin {
		t.task[join*t.R+q] = true
	}
	return join, t.pair(f, join)
}

// taskNode checks one (station, class) node k = i·R+q that the tasks of
// fork reach.
func (t *topology) taskNode(fork string, k int) error {
	i, q := k/t.R, k%t.R
	st, c := &t.net.Stations[i], &t.net.Classes[q]
	switch {
	case !t.service[k].Given():
		return errf(elemField(elemStation(st.Name), "service"), "missing: the tasks of fork %q (class %q) reach this station but have no service law here", fork, c.Name)
	case st.Capacity > 0 || st.Patience.Given():
		return errf(elemStation(st.Name), "the tasks of fork %q reach this station, where a capacity or patience could take them out of the network before their join: remove capacity and patience here", fork)
	case t.rowSum[q*t.M+i] < 1-rowTolerance:
		return errf(elemRouting(st.Name), "a task of fork %q (class %q) can leave the network here (its routing row sums to %.6g); between a fork and its join every row must sum to 1", fork, c.Name, t.rowSum[q*t.M+i])
	}
	for _, cl := range t.net.Classes {
		if !cl.Open() && cl.Start == st.Name {
			return errf(elemStation(st.Name), "the tasks of fork %q reach this station, the start of closed class %q: a class must start outside every fork/join", fork, cl.Name)
		}
	}
	return nil
}

// allReach checks that the join can be reached from every node the tasks
// reach (so no task circulates for ever).
func (t *topology) allReach(fork string, join int, nodes []int) error {
	ok := map[int]bool{}
	for changed := true; changed; {
		changed = false
		for _, k := range nodes {
			if ok[k] {
				continue
			}
			i, q := k/t.R, k%t.R
			for _, tg := range t.rows[q*t.M+i] {
				if tg.prob > 0 && (tg.station == join || ok[tg.station*t.R+tg.class]) {
					ok[k], changed = true, true
					break
				}
			}
		}
	}
	for _, k := range nodes {
		if !ok[k] {
			st := t.net.Stations[k/t.R].Name
			return errf(elemRouting(st), "a task of fork %q (class %q) that reaches this station can never reach the join %q", fork, t.net.Classes[k%t.R].Name, t.net.Stations[join].Name)
		}
	}
	return nil
}

// pair records join as fork f's join, refusing a second join of f or a
// second fork of join.
func (t *topology) pair(f, join int) error {
	fn, jn := t.net.Stations[f].Name, t.net.Stations[join].Name
	switch {
	case t.joinOf[f] >= 0 && t.joinOf[f] != join:
		return errf(elemRouting(fn), "the tasks of fork %q reach join %q in one class and %q in another; a fork has one join", fn, t.net.Stations[t.joinOf[f]].Name, jn)
	case t.forkOf[join] >= 0 && t.forkOf[join] != f:
		return errf(elemStation(jn), "join %q is reached by the tasks of forks %q and %q; each fork needs its own join", jn, t.net.Stations[t.forkOf[join]].Name, fn)
	}
	t.joinOf[f], t.forkOf[join] = join, f
	return nil
}

// forkJoinNode handles a job of class r at fork i in the walk of
// reachable: it checks the fork's tasks, then continues the walk from the
// join's routing row (push).
func (t *topology) forkJoinNode(i, r int, push func(i, r int)) error {
	j, err := t.forkRegion(i, r)
	if err != nil {
		return err
	}
	c := &t.net.Classes[r]
	if !c.Open() && t.rowSum[r*t.M+j] < 1-rowTolerance {
		return errf(elemRouting(t.net.Stations[j].Name), "closed class %q can leave the network here (its routing row sums to %.6g); a closed class's rows must sum to 1", c.Name, t.rowSum[r*t.M+j])
	}
	for _, tg := range t.rows[r*t.M+j] {
		if tg.prob > 0 {
			if err := t.notToJoin(t.net.Stations[j].Name, tg.station); err != nil {
				return err
			}
			push(tg.station, tg.class)
		}
	}
	return nil
}

// notToJoin refuses a whole job (not a task) sent from from to station i
// when i is a join.
func (t *topology) notToJoin(from string, i int) error {
	if st := &t.net.Stations[i]; st.Kind == Join {
		return errf(elemRouting(from), "sends customers to join %q without passing its fork: only a fork's tasks arrive at a join (route them to the fork)", st.Name)
	}
	return nil
}

// finishForks merges the task nodes into reach and checks that every join
// has a fork.
func (t *topology) finishForks() error {
	for k, ok := range t.task {
		t.reach[k] = t.reach[k] || ok
	}
	for i := range t.net.Stations {
		if st := &t.net.Stations[i]; st.Kind == Join && t.forkOf[i] < 0 {
			return errf(elemStation(st.Name), "no fork's tasks reach this join (route a fork's branches to it, or remove it)")
		}
	}
	return nil
}

// hasForks reports whether the network has a fork or a join.
func (n *Network) hasForks() bool {
	for i := range n.Stations {
		if n.Stations[i].Kind.forkOrJoin() {
			return true
		}
	}
	return false
}

// forkSections returns t's fork/join sections as analytic describes them.
func forkSections(t *topology) []analytic.NetFork {
	var out []analytic.NetFork
	for f, j := range t.joinOf {
		if j < 0 {
			continue
		}
		fk := analytic.NetFork{Fork: f, Join: j, Tasks: make([]int, t.M)}
		for _, b := range t.net.Stations[f].Split {
			fk.Tasks[t.stationIdx[b.To]] += b.Tasks
		}
		out = append(out, fk)
	}
	return out
}
