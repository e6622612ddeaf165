package des

import (
	"fmt"
	"time"
)

// Kind names what an event does; each Kind is bound to one Handler by
// Env.Register.
type Kind uint16

// Event is the payload of every event an Env runs: what happens (Kind) and
// to whom (Ref, Aux: typically an entity index and a generation or a
// position). It is a small value so events never allocate.
type Event struct {
	Kind Kind
	Ref  int32
	Aux  int64
}

// Handler runs one event. It may schedule and cancel events, including at
// the current time.
type Handler func(ev Event)

// Env is a simulation environment: a clock, the pending events and the
// handlers that run them. It is SimPy's core (now, schedule, step, run)
// without processes: a model registers one Handler per Kind and keeps its
// entities in its own arrays.
type Env struct {
	sched    Scheduler[Event]
	handlers []Handler
	names    []string
	stopped  bool
	steps    uint64
	prof     *envProfile // nil unless a Profiler ran when NewEnv was called
}

// NewEnv returns an environment at time 0 with no events. If a Profiler
// is running (StartProfile), the Env reports its events to it.
func NewEnv() *Env { return &Env{prof: attach()} }

// Register binds h to a new Kind and returns it. name is used in error
// messages and by String.
func (e *Env) Register(name string, h Handler) Kind {
	if h == nil {
		panic("des: Register with a nil handler for " + name)
	}
	e.handlers = append(e.handlers, h)
	e.names = append(e.names, name)
	if e.prof != nil {
		e.prof.register(name)
	}
	return Kind(len(e.handlers) - 1)
}

// KindName returns the name a Kind was registered with.
func (e *Env) KindName(k Kind) string {
	if int(k) < len(e.names) {
		return e.names[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// Now returns the current simulated time.
func (e *Env) Now() Time { return e.sched.now }

// Pending returns the number of live scheduled events.
func (e *Env) Pending() int { return e.sched.Len() }

// Steps returns the number of events run so far.
func (e *Env) Steps() uint64 { return e.steps }

// At schedules ev at time at; see Scheduler.Schedule for the tie rules and
// errors.
func (e *Env) At(at Time, prio Priority, ev Event) (Handle, error) {
	if int(ev.Kind) >= len(e.handlers) {
		return Handle{}, fmt.Errorf("des: event kind %d is not registered", ev.Kind)
	}
	return e.sched.Schedule(at, prio, ev)
}

// After schedules ev at Now()+d.
func (e *Env) After(d Time, prio Priority, ev Event) (Handle, error) {
	if int(ev.Kind) >= len(e.handlers) {
		return Handle{}, fmt.Errorf("des: event kind %d is not registered", ev.Kind)
	}
	return e.sched.After(d, prio, ev)
}

// MustAfter is After for delays the model computed itself (sampled from a
// distribution with valid parameters): an error there is a programming
// error, so it panics instead of returning it.
func (e *Env) MustAfter(d Time, prio Priority, ev Event) Handle {
	if d < 0 || e.sched.now > MaxTime-d || int(ev.Kind) >= len(e.handlers) {
		e.refuse(d, prio, ev)
	}
	return e.sched.schedule(e.sched.now+d, prio, ev)
}

// refuse panics with After's error for an event MustAfter cannot
// schedule. It is a function of its own so that MustAfter's common path
// builds no error value and carries no formatting code.
func (e *Env) refuse(d Time, prio Priority, ev Event) {
	_, err := e.After(d, prio, ev)
	panic(fmt.Sprintf("des: %s: %v", e.KindName(ev.Kind), err))
}

// Cancel cancels a scheduled event; see Scheduler.Cancel.
func (e *Env) Cancel(h Handle) bool { return e.sched.Cancel(h) }

// Step runs the next event. It returns false if there was none.
func (e *Env) Step() bool {
	if e.prof != nil {
		return e.stepProfiled()
	}
	_, ev, ok := e.sched.Pop()
	if !ok {
		return false
	}
	e.steps++
	e.handlers[ev.Kind](ev)
	return true
}

// Stop makes the running Run or RunUntil return after the current event.
func (e *Env) Stop() { e.stopped = true }

// Run runs events until none are left or Stop is called.
func (e *Env) Run() {
	if e.prof != nil {
		defer e.prof.timeRun(time.Now())
	}
	e.stopped = false
	for !e.stopped && e.Step() {
	}
}

// RunUntil runs every event at or before t (also those scheduled at t
// while running), then sets the clock to t. It returns an error if t is
// before Now(). If Stop is called it returns early with the clock at the
// last event run.
func (e *Env) RunUntil(t Time) error {
	if t < e.sched.now {
		return fmt.Errorf("des: RunUntil(%v) is before now (%v)", t, e.sched.now)
	}
	if e.prof != nil {
		defer e.prof.timeRun(time.Now())
	}
	e.stopped = false
	for !e.stopped {
		next, ok := e.sched.Peek()
		if !ok || next > t {
			break
		}
		e.Step()
	}
	if e.stopped {
		return nil
	}
	return e.sched.AdvanceTo(t)
}
