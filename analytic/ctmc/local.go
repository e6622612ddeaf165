package ctmc

// table enumerates, lazily, the local states of one station (the lists of
// its customers' codes) and caches what can happen in each: moves
// (a phase change, a service completion, an abandonment) and the outcome
// of an arrival of each class. The global chain is built from these
// tables, so a station's behaviour is written once, here and in its
// Discipline.
type table struct {
	st      *Station
	disc    Discipline
	classes int
	open    []bool // by class: open classes (counted against the truncation)
	holds   bool   // customers finishing here may be held, blocked after service
	ids     map[string]int32
	lists   [][]code
	info    []localInfo
	moves   [][]move    // by local id, nil until computed
	arrive  [][]outcome // by local id·classes + class; nil until computed
	done    []bool      // by local id: moves computed
	arrDone []bool
	unblk   [][]outcome // the held customers' releases, in the order computed
	unblkAt []int32     // by local id·classes + class: the place + 1 in unblk of a held customer's release; 0: not computed
	share   []float64   // scratch
	// With BeforeStart: what happens where a start may be held, computed
	// once per mask (see gatedMoves); the heads grow when used.
	gmoveAt []int32
	gmoves  []gatedMoves
	goutAt  [gateKinds][]int32
	gouts   []gatedOuts
	g       gates // the BeforeStart stations its customers check (draws.go)
}

// localInfo holds what the measures read of one local state, per class.
type localInfo struct {
	n           int       // customers present
	open        int       // customers of open classes
	count, busy []float64 // customers and server shares by class
	queue       []float64 // customers not in service, by class
	fresh       []float64 // customers not yet started, by class
	held        []float64 // customers held on a server, blocked after service, by class
}

// move is one transition of a local state: to local state to at rate; a
// departure of class class (kind depart), an abandonment (kind abandon) or
// an internal phase change. A departure also names held, the local state
// in which the finishing customer stays on its server, blocked after
// service (−1 where the station never holds anyone), and dest, the route
// its customer drew at its start (draws.go; −1: none drawn, the routing
// row decides).
type move struct {
	to, held int32
	class    int16
	dest     int16
	kind     uint8
	rate     float64
}

const (
	internal uint8 = iota
	depart
	abandon
)

// outcome is one possible result of an arrival: local state to with
// probability p.
type outcome struct {
	to int32
	p  float64
}

func newTable(st *Station, classes int) *table {
	d := st.Discipline
	if d == nil {
		d = FCFS
	}
	if st.Servers == 0 {
		d = infinite
	}
	return &table{st: st, disc: d, classes: classes, ids: map[string]int32{}}
}

func key(l []code) string {
	b := make([]byte, 2*len(l))
	for k, c := range l {
		b[2*k], b[2*k+1] = byte(c), byte(c>>8)
	}
	return string(b)
}

// id returns the local id of the canonical list l, adding it if new.
func (t *table) id(l []code) int32 {
	k := key(l)
	if x, ok := t.ids[k]; ok {
		return x
	}
	x := int32(len(t.lists))
	t.ids[k] = x
	l = append([]code(nil), l...)
	t.lists = append(t.lists, l)
	t.info = append(t.info, t.describe(l))
	t.moves = append(t.moves, nil)
	t.done = append(t.done, false)
	for range t.classes {
		t.arrive = append(t.arrive, nil)
		t.arrDone = append(t.arrDone, false)
	}
	return x
}

func (t *table) shares(l []code) []float64 {
	if cap(t.share) < len(l) {
		t.share = make([]float64, 2*len(l)+4)
	}
	s := t.share[:len(l)]
	t.disc.shares(l, t.st.Servers, s)
	return s
}

func (t *table) describe(l []code) localInfo {
	R := t.classes
	in := localInfo{n: len(l), count: make([]float64, R), busy: make([]float64, R), queue: make([]float64, R), fresh: make([]float64, R),
		held: make([]float64, R)}
	s := t.shares(l)
	for k, c := range l {
		r := t.real(classOf(c))
		in.count[r]++
		if t.open[r] {
			in.open++
		}
		if holding(c) {
			in.held[r]++
			continue
		}
		in.busy[r] += s[k]
		if s[k] == 0 {
			in.queue[r]++
		}
		if !started(c) {
			in.fresh[r]++
		}
	}
	return in
}

// full reports whether local state x has no room for an arrival.
func (t *table) full(x int32) bool {
	return t.st.Capacity > 0 && len(t.lists[x]) >= t.st.Capacity
}

// settle lets free servers take waiting customers and draws the first
// phase of everyone who starts, adding each resulting canonical local
// state with its probability to out.
func (t *table) settle(l []code, p float64, out []outcome) []outcome {
	return t.settleGated(l, p, 0, out)
}

// settleGated is settle with the BeforeStart stations in closed (a bit
// each, see gates) full: a customer who reaches a server and goes to one
// of them — certainly, or by the draw it makes now — holds the server
// unstarted (startPhase) instead of drawing a phase.
func (t *table) settleGated(l []code, p float64, closed uint64, out []outcome) []outcome {
	if picks := t.disc.choose(l, t.st.Servers); picks != nil {
		for _, pk := range picks {
			m := append([]code(nil), l...)
			m[pk.at] = mkcode(classOf(m[pk.at]), int(pending))
			out = t.settleGated(m, p*pk.p, closed, out)
		}
		return out
	}
	s := t.shares(l)
	for k, c := range l {
		if s[k] == 0 || (started(c) && phaseOf(c) != int(pending)) {
			continue
		}
		lc := classOf(c)
		if lc < t.classes && t.g.draw != nil && t.g.draw[lc] != nil {
			for _, o := range t.g.draw[lc] {
				m := append([]code(nil), l...)
				m[k] = mkcode(o.lc, int(pending))
				if closed&t.g.drawn[o.lc-t.classes].bit != 0 {
					m[k] = mkcode(o.lc, startPhase)
				}
				out = t.settleGated(m, p*o.p, closed, out)
			}
			return out
		}
		if lc < t.classes && t.g.certain != nil && closed&t.g.certain[lc] != 0 {
			m := append([]code(nil), l...)
			m[k] = mkcode(lc, startPhase)
			return t.settleGated(m, p, closed, out)
		}
		ph := t.st.Service[t.real(lc)]
		for a, pa := range ph.Alpha {
			if pa > 0 {
				m := append([]code(nil), l...)
				m[k] = mkcode(lc, a+1)
				out = t.settleGated(m, p*pa, closed, out)
			}
		}
		return out
	}
	m := append([]code(nil), l...)
	t.disc.canon(m, t.st.Servers)
	x := t.id(m)
	for k := range out {
		if out[k].to == x {
			out[k].p += p
			return out
		}
	}
	return append(out, outcome{x, p})
}

// arrivals returns the outcomes of a class-r arrival in local state x:
// nil when the station is full; with balking their probabilities add up
// to the join probability, the rest being the arrivals that do not join.
func (t *table) arrivals(x int32, r int) []outcome {
	k := int(x)*t.classes + r
	if t.arrDone[k] {
		return t.arrive[k]
	}
	var out []outcome
	if !t.full(x) {
		if p := t.st.join(len(t.lists[x])); p > 0 {
			out = t.place(x, r, p)
		}
	}
	t.arrive[k], t.arrDone[k] = out, true
	return out
}

// place returns the outcomes of putting a class-r customer into local
// state x, each with probability times p, whatever the room and balking.
func (t *table) place(x int32, r int, p float64) []outcome {
	l := t.disc.arrive(append([]code(nil), t.lists[x]...), mkcode(r, 0))
	return t.settle(l, p, nil)
}

// unblock returns the outcomes of a held class-r customer leaving local
// state x (the freed server takes the next customer).
func (t *table) unblock(x int32, r int) []outcome {
	k := int(x)*t.classes + r
	if k < len(t.unblkAt) && t.unblkAt[k] != 0 && memoGates {
		return t.unblk[t.unblkAt[k]-1]
	}
	l := t.lists[x]
	at := -1
	for j, c := range l {
		if c == mkcode(r, blockedPhase) {
			at = j
			break
		}
	}
	var out []outcome
	if at >= 0 {
		m := append(append([]code(nil), l[:at]...), l[at+1:]...)
		out = t.settle(m, 1, nil)
	}
	t.unblkAt = grown(t.unblkAt, k+1)
	t.unblk = append(t.unblk, out)
	t.unblkAt[k] = int32(len(t.unblk))
	return out
}

// start returns the outcomes of the class-r customer held before service
// in local state x starting its service (drawing its first phase; marked
// chosen, so that no discipline takes it for a waiting customer).
func (t *table) start(x int32, r int) []outcome {
	l := append([]code(nil), t.lists[x]...)
	for k, c := range l {
		if c == mkcode(r, startPhase) {
			l[k] = mkcode(r, int(pending))
			return t.settle(l, 1, nil)
		}
	}
	return nil
}

// movesOf returns the moves of local state x.
func (t *table) movesOf(x int32) []move {
	if t.done[x] {
		return t.moves[x]
	}
	out := t.computeMoves(x, 0)
	t.moves[x], t.done[x] = out, true
	return out
}

// computeMoves returns the moves of local state x, the customers who
// start after a departure held before service where their class is in
// closed (see settleGated).
func (t *table) computeMoves(x int32, closed uint64) []move {
	l := t.lists[x]
	s := append([]float64(nil), t.shares(l)...)
	scale := t.st.scale(len(l))
	var out []move
	addMove := func(mv move) {
		for k := range out {
			if out[k].to == mv.to && out[k].kind == mv.kind && out[k].class == mv.class && out[k].held == mv.held && out[k].dest == mv.dest {
				out[k].rate += mv.rate
				return
			}
		}
		out = append(out, mv)
	}
	for k := 0; k < len(l); {
		// A run of equal customers with equal shares: removing any one of
		// them gives the same list, so the run's departures and
		// abandonments are computed once, times its length.
		run := 1
		for k+run < len(l) && l[k+run] == l[k] && s[k+run] == s[k] {
			run++
		}
		c := l[k]
		lc, p := classOf(c), phaseOf(c)
		r, dest := t.real(lc), t.destOf(lc)
		if s[k] > 0 && p > 0 && !holding(c) {
			ph := t.st.Service[r]
			for j := k; j < k+run; j++ {
				for q, rate := range ph.T[p-1] {
					if q != p-1 && rate > 0 {
						m := append([]code(nil), l...)
						m[j] = mkcode(lc, q+1)
						t.disc.canon(m, t.st.Servers)
						addMove(move{to: t.id(m), held: -1, class: int16(r), dest: -1, kind: internal, rate: s[j] * rate * scale})
					}
				}
			}
			if e := ph.exit(p - 1); e > 0 {
				held := int32(-1)
				if t.holds {
					m := append([]code(nil), l...)
					m[k] = mkcode(r, blockedPhase)
					t.disc.canon(m, t.st.Servers)
					held = t.id(m)
				}
				m := append(append([]code(nil), l[:k]...), l[k+1:]...)
				for _, o := range t.settleGated(m, 1, closed, nil) {
					addMove(move{to: o.to, held: held, class: int16(r), dest: dest, kind: depart, rate: float64(run) * s[k] * e * scale * o.p})
				}
			}
		}
		if s[k] == 0 && p == 0 && t.st.Patience > 0 {
			m := append(append([]code(nil), l[:k]...), l[k+1:]...)
			for _, o := range t.settleGated(m, 1, closed, nil) {
				addMove(move{to: o.to, held: -1, class: int16(r), dest: -1, kind: abandon, rate: float64(run) * t.st.Patience * o.p})
			}
		}
		k += run
	}
	return out
}
