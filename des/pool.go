package des

import "fmt"

// Admission is what happened to a customer that asked a Pool for a server.
type Admission uint8

const (
	// Started: a server was free and the customer holds it now.
	Started Admission = iota
	// Queued: the customer waits in the FIFO queue.
	Queued
	// Balked: the admission limit was reached; the customer was turned away.
	Balked
)

func (a Admission) String() string {
	switch a {
	case Started:
		return "started"
	case Queued:
		return "queued"
	case Balked:
		return "balked"
	}
	return fmt.Sprintf("admission(%d)", uint8(a))
}

// NoPatience is the patience of a customer who never reneges.
const NoPatience Time = -1

// Unlimited is the admission limit of a pool that admits everyone.
const Unlimited = -1

// Pool is a pool of identical servers (connection slots, workers) with a
// FIFO queue, as in an M/M/c station. Customers are int32 ids chosen by the
// model. A customer that finds a free server and an empty queue starts at
// once; otherwise it waits in FIFO order until a server frees, or until its
// patience runs out (reneging), in which case it leaves the queue.
//
// The number of servers may change while running: SetServers takes effect
// at once, Boot adds servers after a delay. Removing servers drains them:
// customers in service finish, and nobody new starts until fewer than
// Servers() are busy. An admission limit on the number in the system (in
// service + waiting) turns arrivals away (balking, load shedding).
//
// The pool calls back into the model when a customer starts service
// (OnStart) or reneges (OnRenege); it schedules its own events (patience
// deadlines, boots) on the Env. The model must call Release once for every
// customer that started, when its service ends.
type Pool struct {
	env         *Env
	timeoutKind Kind
	bootKind    Kind

	servers, busy, booting int
	limit                  int

	// FIFO queue as a ring buffer indexed by absolute position; a reneged
	// customer is marked gone and skipped when it reaches the head.
	ring       []waiter
	head, tail int64
	queued     int // live (not gone) customers in the queue

	// OnStart is called when customer id gets a server, after waiting
	// waited (0 if it started at once).
	OnStart func(id int32, waited Time)
	// OnRenege is called when customer id leaves the queue at its
	// deadline, after waiting waited.
	OnRenege func(id int32, waited Time)

	// Statistics since the start (or the last ResetStats).
	Busy        TimeWeighted // number of busy servers
	QueueLength TimeWeighted // number of customers waiting
	Capacity    TimeWeighted // servers in service (for utilisation)
	Waits       Tally        // waiting times (s) of customers who started, including zeros
	RenegeWaits Tally        // waiting times (s) of customers who reneged
	Arrivals    int64        // Request calls
	Starts      int64        // customers who got a server
	Reneges     int64        // customers who left at their deadline
	Balks       int64        // customers turned away by the limit
}

type waiter struct {
	id      int32
	gone    bool
	arrived Time
	timer   Handle
}

// NewPool returns a pool of servers servers on env, with no admission
// limit. name prefixes the event kinds it registers.
func NewPool(env *Env, name string, servers int) *Pool {
	if servers < 0 {
		panic(fmt.Sprintf("des: NewPool(%q) with %d servers", name, servers))
	}
	p := &Pool{env: env, servers: servers, limit: Unlimited, ring: make([]waiter, 16)}
	p.timeoutKind = env.Register(name+".patience", p.onTimeout)
	p.bootKind = env.Register(name+".boot", p.onBoot)
	p.record()
	return p
}

// Servers returns the number of servers in service (not booting).
func (p *Pool) Servers() int { return p.servers }

// Booting returns the number of servers ordered by Boot and not yet in
// service.
func (p *Pool) Booting() int { return p.booting }

// BusyServers returns the number of servers serving a customer; it can
// exceed Servers() while removed servers drain.
func (p *Pool) BusyServers() int { return p.busy }

// Queued returns the number of customers waiting.
func (p *Pool) Queued() int { return p.queued }

// Limit returns the admission limit (Unlimited if none).
func (p *Pool) Limit() int { return p.limit }

// SetLimit sets the admission limit: a customer arriving when at least
// limit customers are in the system (in service + waiting) balks. Use
// Unlimited (or any negative value) to admit everyone. Customers already
// admitted are not affected.
func (p *Pool) SetLimit(limit int) {
	if limit < 0 {
		limit = Unlimited
	}
	p.limit = limit
}

// Request asks for a server for customer id. A patience of NoPatience (or
// any negative value) waits for ever; otherwise the customer reneges if it
// has not started within patience. If the customer starts at once, OnStart
// runs before Request returns.
func (p *Pool) Request(id int32, patience Time) Admission {
	p.Arrivals++
	if p.limit >= 0 && p.busy+p.queued >= p.limit {
		p.Balks++
		return Balked
	}
	now := p.env.Now()
	if p.queued == 0 && p.busy < p.servers {
		p.start(id, now, 0)
		return Started
	}
	if p.tail-p.head == int64(len(p.ring)) {
		p.grow()
	}
	pos := p.tail
	w := &p.ring[pos&int64(len(p.ring)-1)]
	*w = waiter{id: id, arrived: now}
	if patience >= 0 {
		w.timer = p.env.MustAfter(patience, PriorityTimeout, Event{Kind: p.timeoutKind, Aux: pos})
	}
	p.tail++
	p.queued++
	now = p.env.Now()
	p.QueueLength.Set(now, float64(p.queued))
	return Queued
}

// Release frees one server at the end of a service and starts the next
// waiting customer if a server is available.
func (p *Pool) Release() {
	if p.busy == 0 {
		panic("des: Pool.Release with no busy server")
	}
	p.busy--
	now := p.env.Now()
	p.Busy.Set(now, float64(p.busy))
	p.startWaiting()
}

// SetServers sets the number of servers in service to n ≥ 0 at once.
// Adding servers starts waiting customers; removing them drains.
func (p *Pool) SetServers(n int) {
	if n < 0 {
		panic(fmt.Sprintf("des: Pool.SetServers(%d)", n))
	}
	p.servers = n
	p.record()
	p.startWaiting()
}

// Boot orders n servers that join after delay. The returned handle can be
// passed to CancelBoot.
func (p *Pool) Boot(n int, delay Time) Handle {
	if n <= 0 {
		return Handle{}
	}
	p.booting += n
	return p.env.MustAfter(delay, PriorityControl, Event{Kind: p.bootKind, Aux: int64(n)})
}

// CancelBoot cancels servers ordered by Boot that have not joined yet; it
// reports whether they were cancelled.
func (p *Pool) CancelBoot(h Handle, n int) bool {
	if !p.env.Cancel(h) {
		return false
	}
	p.booting -= n
	return true
}

// InSystemArea returns ∫ (waiting + in service) dt from the start of the
// statistics to now, in customer·seconds: the sum of the Busy and
// QueueLength areas (they start together, so the number in the system
// needs no accumulator of its own).
func (p *Pool) InSystemArea(now Time) float64 { return p.Busy.Area(now) + p.QueueLength.Area(now) }

// InSystemMean returns the time-average number of customers in the system
// (waiting + in service), the L of Little's law L = λW.
func (p *Pool) InSystemMean(now Time) float64 { return p.Busy.Mean(now) + p.QueueLength.Mean(now) }

// ResetStats forgets all statistics (for deleting a warm-up period),
// keeping the current state.
func (p *Pool) ResetStats() {
	now := p.env.Now()
	p.Busy.Reset(now)
	p.QueueLength.Reset(now)
	p.Capacity.Reset(now)
	p.Waits, p.RenegeWaits = Tally{}, Tally{}
	p.Arrivals, p.Starts, p.Reneges, p.Balks = 0, 0, 0, 0
}

func (p *Pool) onBoot(ev Event) {
	n := int(ev.Aux)
	p.booting -= n
	p.SetServers(p.servers + n)
}

func (p *Pool) onTimeout(ev Event) {
	pos := ev.Aux
	if pos < p.head || pos >= p.tail {
		return // already started
	}
	w := &p.ring[pos&int64(len(p.ring)-1)]
	if w.gone {
		return
	}
	w.gone = true
	p.queued--
	p.Reneges++
	now := p.env.Now()
	waited := now - w.arrived
	p.RenegeWaits.Add(waited.Seconds())
	id := w.id
	p.dropGoneHead()
	p.QueueLength.Set(now, float64(p.queued))
	if p.OnRenege != nil {
		p.OnRenege(id, waited)
	}
}

// startWaiting starts queued customers while servers are free.
func (p *Pool) startWaiting() {
	for p.queued > 0 && p.busy < p.servers {
		w := p.ring[p.head&int64(len(p.ring)-1)]
		p.head++
		if w.gone {
			continue
		}
		p.queued--
		p.env.Cancel(w.timer)
		now := p.env.Now()
		p.QueueLength.Set(now, float64(p.queued))
		p.start(w.id, now, now-w.arrived)
	}
	p.dropGoneHead()
}

func (p *Pool) start(id int32, now, waited Time) {
	p.busy++
	p.Starts++
	p.Waits.Add(waited.Seconds())
	p.Busy.Set(now, float64(p.busy))
	if p.OnStart != nil {
		p.OnStart(id, waited)
	}
}

// dropGoneHead removes reneged customers from the head of the ring so the
// ring holds at most the live queue plus reneged customers behind them.
func (p *Pool) dropGoneHead() {
	for p.head < p.tail && p.ring[p.head&int64(len(p.ring)-1)].gone {
		p.head++
	}
}

func (p *Pool) grow() {
	bigger := make([]waiter, 2*len(p.ring))
	mask, newMask := int64(len(p.ring)-1), int64(len(bigger)-1)
	for pos := p.head; pos < p.tail; pos++ {
		bigger[pos&newMask] = p.ring[pos&mask]
	}
	p.ring = bigger
}

// record updates the time-weighted statistics after a change of state.
func (p *Pool) record() {
	now := p.env.Now()
	p.Busy.Set(now, float64(p.busy))
	p.QueueLength.Set(now, float64(p.queued))
	p.Capacity.Set(now, float64(p.servers))
}
