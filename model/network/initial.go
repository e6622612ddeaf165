package network

import "sort"

// Initial state: a class's Initial map places customers at stations at
// time 0. For an open class they are customers present at the start,
// besides those who arrive later (each is a network customer entered at
// time 0). For a closed class the counts define where its Population
// customers start, replacing "all at Start"; they must sum to
// Population, and Start stays the class's reference station (its cycles
// are counted there). Customers are placed station by station in file
// order, in each station in arrival order, so a run is reproducible.

func cloneInitial(m map[string]int) map[string]int {
	if m == nil {
		return nil
	}
	c := make(map[string]int, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// initial checks class r's Initial: known stations, counts from 0 to
// MaxPopulation, for a closed class summing to its population.
func (t *topology) initial(r int) error {
	c := &t.net.Classes[r]
	if c.Initial == nil {
		return nil
	}
	el := elemField(elemClass(c.Name), "initial")
	names := make([]string, 0, len(c.Initial))
	for k := range c.Initial {
		names = append(names, k)
	}
	sort.Strings(names)
	total := 0
	for _, k := range names {
		if _, err := t.stationOf(el, k); err != nil {
			return err
		}
		v := c.Initial[k]
		if v < 0 || v > MaxPopulation {
			return errf(el, "%s: must be a whole number of customers from 0 to %d, got %d", cut(k), MaxPopulation, v)
		}
		total += v
	}
	if total > MaxPopulation {
		return errf(el, "%d customers in all; at most %d", total, MaxPopulation)
	}
	if !c.Open() && total != c.Population {
		return errf(el, "the counts sum to %d, but the closed class has population %d: they say where its customers start, so they must sum to it", total, c.Population)
	}
	return nil
}

// place calls enter(i) once per customer of class r present at time 0,
// station by station in file order: Initial's counts, or for a closed
// class without Initial its Population at Start.
func (t *topology) place(r int, enter func(i int)) {
	c := &t.net.Classes[r]
	if c.Initial == nil {
		if !c.Open() {
			for range c.Population {
				enter(t.stationIdx[c.Start])
			}
		}
		return
	}
	for i, st := range t.net.Stations {
		for range c.Initial[st.Name] {
			enter(i)
		}
	}
}

// initialCounts returns class r's Initial as counts per station index, or
// nil.
func (t *topology) initialCounts(r int) []int {
	c := &t.net.Classes[r]
	if c.Initial == nil {
		return nil
	}
	out := make([]int, t.M)
	for name, k := range c.Initial {
		out[t.stationIdx[name]] = k
	}
	return out
}
