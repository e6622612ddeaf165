package serve

import (
	"context"
	"net/http"
	"sync"
	"time"
)

// sessionCore is what a session of either page has whatever it simulates:
// its id, the life of its stepping goroutine, and the run state the HTTP
// handlers and the goroutine share. A session embeds it; mu then guards
// the fields below it here and the session's own fields documented as
// under mu.
type sessionCore struct {
	id     string
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{} // closed when the stepping goroutine ends
	wake   chan struct{} // nudges the stepping goroutine (buffered, 1)
	timer  *time.Timer   // the stepping goroutine's, for wait

	mu       sync.Mutex
	lastSeen time.Time
	speed    int  // 0 paused, >0 simulated units per second, SpeedMax
	steps    int  // single steps requested
	busy     bool // a step is being simulated
	messages []string
}

// init gives the core a fresh id and context, seen at now.
func (c *sessionCore) init(now time.Time) {
	c.id = newID()
	c.ctx, c.cancel = context.WithCancel(context.Background())
	c.done, c.wake = make(chan struct{}), make(chan struct{}, 1)
	c.lastSeen = now
}

func (c *sessionCore) core() *sessionCore { return c }

// touch marks the session seen at now.
func (c *sessionCore) touch(now time.Time) {
	c.mu.Lock()
	c.lastSeen = now
	c.mu.Unlock()
}

// seen returns when the session was last seen.
func (c *sessionCore) seen() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lastSeen
}

// end cancels the session and waits for its stepping goroutine to end.
func (c *sessionCore) end() {
	c.cancel()
	<-c.done
}

// note records a message for the page, keeping the last maxMessages (mu
// held).
func (c *sessionCore) note(msg string) {
	c.messages = append(c.messages, msg)
	if len(c.messages) > maxMessages {
		c.messages = c.messages[len(c.messages)-maxMessages:]
	}
}

// nudge wakes the stepping goroutine without blocking.
func (c *sessionCore) nudge() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// pace returns the speed and the single steps requested.
func (c *sessionCore) pace() (speed, steps int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.speed, c.steps
}

// wait blocks the stepping goroutine until the session ends (alive false),
// a nudge (nudged true) or, when d > 0, until d has passed.
func (c *sessionCore) wait(d time.Duration) (alive, nudged bool) {
	var elapsed <-chan time.Time
	if d > 0 {
		if c.timer == nil {
			c.timer = time.NewTimer(d)
		} else {
			c.timer.Reset(d) // Go ≥ 1.23: no stale tick to drain
		}
		defer c.timer.Stop()
		elapsed = c.timer.C
	}
	select {
	case <-c.ctx.Done():
		return false, false
	case <-c.wake:
		return true, true
	case <-elapsed:
		return true, false
	}
}

// Bounds on what a session's requests queue for its stepping goroutine.
const (
	maxQueuedSteps = 60  // single steps
	maxPending     = 100 // live changes waiting for the next step (429 beyond)
)

// handleStep pauses the session and queues one single step (the step
// endpoint of both pages).
func handleStep[S live](w http.ResponseWriter, _ *http.Request, s S) {
	c := s.core()
	c.mu.Lock()
	c.speed = 0
	if c.steps < maxQueuedSteps {
		c.steps++
	}
	c.mu.Unlock()
	c.nudge()
	writeJSON(w, http.StatusAccepted, map[string]int{"steps": 1})
}

// speedRule is what a page takes as a run speed: 0 (pause), 1 to most
// units per second, or SpeedMax; usual names the speeds its page offers.
type speedRule struct {
	most         int
	units, usual string
}

// runner is a session the run endpoint drives.
type runner interface {
	live
	speeds() speedRule
	ended() bool // no step can follow (mu held)
}

type runReq struct {
	Speed *int `json:"speed"`
}

// handleRun sets the session's speed (the run endpoint of both pages); an
// ended session stays paused.
func handleRun[S runner](w http.ResponseWriter, r *http.Request, s S) {
	req, ok := readJSON[runReq](w, r)
	if !ok {
		return
	}
	rule := s.speeds()
	if req.Speed == nil {
		fail(w, http.StatusBadRequest, "want {\"speed\": N}: 0 pauses, %s per second, -1 as fast as possible", rule.usual)
		return
	}
	sp := *req.Speed
	if sp != 0 && sp != SpeedMax && (sp < 1 || sp > rule.most) {
		fail(w, http.StatusBadRequest, "speed %d: want 0 (pause), 1 to %d %s per second, or -1 (as fast as possible)", sp, rule.most, rule.units)
		return
	}
	c := s.core()
	c.mu.Lock()
	c.speed = sp
	if s.ended() {
		c.speed = 0
	}
	c.mu.Unlock()
	c.nudge()
	writeJSON(w, http.StatusOK, map[string]int{"speed": sp})
}
