package ctmc

import "slices"

// Branches shared with other classes. A PS or delay branch may serve
// other classes besides the forking class's tasks: there no customer's
// order matters, so the job list still says all there is to know of the
// tasks (each one's phase, in job order), and the branch's local state
// holds the others beside them. The station's table makes the other
// classes' moves (its PS shares counting the tasks), the job list the
// tasks' (their PS shares and a load-dependent rate counting the others);
// put merges the two. At an FCFS, LCFS-PR, SIRO or priority branch the
// tasks' places among the other customers would be part of every job's
// state (which job's task a server takes next depends on them), which
// the job list does not keep: validateFork refuses those.

// sharedOK reports whether branch st may serve other classes too.
func sharedOK(st Station) bool {
	return st.Servers == 0 || st.Discipline == PS
}

// forkedElsewhere reports whether station i is a branch of the fork of a
// class other than r.
func (m *Model) forkedElsewhere(r, i int) bool {
	for s, c := range m.Classes {
		if s != r && slices.Contains(c.Fork, i) {
			return true
		}
	}
	return false
}

// sharedBranch reports whether customers of a class other than r can
// reach station i, a branch of r's fork: they arrive there, start there,
// or some routing row, join row or initial state puts them there (a
// class with a law at i that none of these brings there does not count).
func (m *Model) sharedBranch(r, i int) bool {
	M := len(m.Stations)
	for s, c := range m.Classes {
		if s == r || m.Stations[i].Service[s] == nil {
			continue
		}
		at := s*M + i
		switch {
		case c.Fork == nil && c.Open() && c.Source == i, !c.Open() && c.Start == i && m.Initial == nil,
			m.Initial != nil && m.Initial[i] != nil && m.Initial[i][s] > 0, slices.Contains(c.Fork, i):
			return true
		}
		for x, row := range m.Routing {
			if row[at] > 0 && x != at { // routed there from elsewhere
				return true
			}
		}
		for _, o := range m.Classes {
			if o.Join != nil && o.Join[at] > 0 {
				return true
			}
		}
	}
	return false
}

// shareBranches marks f's branches that serve other classes too.
func (f *jobFork) shareBranches(c *chain) {
	for k, i := range f.branches {
		if c.m.sharedBranch(f.class, i) {
			f.shared |= 1 << k
		}
	}
	if f.shared != 0 {
		f.merged = map[[3]int32]int32{}
	}
}

// sharedAt reports whether station i is a fork's branch shared with other
// classes.
func (jf *jobForks) sharedAt(i int) bool {
	f := jf.byClass[jf.task[i]]
	return f.shared>>slices.Index(f.branches, i)&1 != 0
}

// merge returns the local state of shared branch k that has local state
// x's customers of other classes and list l's tasks.
func (f *jobFork) merge(c *chain, k int, x, l int32) int32 {
	key := [3]int32{int32(k), x, l}
	if y, ok := f.merged[key]; ok {
		return y
	}
	i := f.branches[k]
	tb := c.tabs[i]
	var st []code
	for _, cd := range tb.lists[x] {
		if classOf(cd) != f.class {
			st = append(st, cd)
		}
	}
	st = append(st, f.stationList(f.lists[l], k)...)
	tb.disc.canon(st, c.m.Stations[i].Servers)
	y := tb.id(st)
	f.merged[key] = y
	return y
}

// movesAt returns the transitions of f's job list in state tuple t: as
// movesOf where no other class is at a shared branch, else with the
// others counted in the tasks' shares, cached by list and the others'
// counts at the shared branches (as movesOf caches by list). The build
// fills the cache; the measures, reading states it met, only read it.
func (f *jobFork) movesAt(c *chain, t []int32) []jobMove {
	x := t[f.at]
	if f.shared == 0 {
		return f.movesOf(c, x)
	}
	var buf [8]int32
	key, some := buf[:0], false
	for k, i := range f.branches {
		if f.shared>>k&1 == 0 {
			continue
		}
		n := int32(0)
		for s, v := range c.tabs[i].info[t[i]].count {
			if s != f.class {
				n += int32(v)
			}
		}
		key = append(key, n)
		some = some || n > 0
	}
	if !some {
		return f.movesOf(c, x)
	}
	for len(f.with) <= int(x) {
		f.with = append(f.with, nil)
	}
	for _, w := range f.with[x] {
		if slices.Equal(w.others, key) {
			return w.moves
		}
	}
	others := make([]int, f.B())
	j := 0
	for k := range f.branches {
		if f.shared>>k&1 != 0 {
			others[k] = int(key[j])
			j++
		}
	}
	out := f.movesWith(c, x, others)
	f.with[x] = append(f.with[x], sharedMoves{slices.Clone(key), out})
	return out
}

// sharedMoves are the transitions of a job list with others customers
// of other classes at each shared branch, in branch order.
type sharedMoves struct {
	others []int32
	moves  []jobMove
}

// sharedShares sets the shares of the tasks at a shared branch st with n
// customers in all (PS: min(1, c/n) each; delay: 1) and returns its rate
// factor for n present.
func (f *jobFork) sharedShares(st *Station, n int, share []float64) float64 {
	for k := range share {
		share[k] = 1
		if st.Servers > 0 && n > st.Servers {
			share[k] = float64(st.Servers) / float64(n)
		}
	}
	return st.scale(n)
}
