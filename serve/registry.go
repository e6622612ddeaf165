package serve

import (
	"net/http"
	"sync"
	"time"
)

// live is a session of either page as the registry sees it: its core,
// and the stepping goroutine the registry starts once it admits it.
type live interface {
	core() *sessionCore
	loop()
}

// registry holds the live sessions of both pages (built-in systems and
// networks) in one map under one cap, Options.MaxSessions, and ends those
// idle for longer than Options.Idle. Session ids are random and unique
// across both kinds; a lookup of the wrong kind finds nothing.
type registry struct {
	max  int
	idle time.Duration
	now  func() time.Time

	mu       sync.Mutex
	sessions map[string]live
	closed   bool

	stop    chan struct{}
	janitor chan struct{} // closed when the expiry goroutine ends
}

// newRegistry returns an empty registry with the limits of opts (defaults
// applied) and starts its expiry goroutine; close ends it.
func newRegistry(opts Options) *registry {
	reg := &registry{max: opts.MaxSessions, idle: opts.Idle, now: opts.Now,
		sessions: map[string]live{}, stop: make(chan struct{}), janitor: make(chan struct{})}
	go reg.expire()
	return reg
}

// count returns the number of live sessions of both kinds.
func (reg *registry) count() int {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	return len(reg.sessions)
}

// admit adds s and starts its stepping goroutine; what names the kind in
// messages ("simulation"). When the registry is closed or full it ends s
// and answers 503 (with Retry-After, see fail) and returns false.
func (reg *registry) admit(w http.ResponseWriter, s live, what string) bool {
	c := s.core()
	reg.mu.Lock()
	switch {
	case reg.closed:
		reg.mu.Unlock()
		c.cancel()
		fail(w, http.StatusServiceUnavailable, "the server is shutting down")
		return false
	case len(reg.sessions) >= reg.max:
		reg.mu.Unlock()
		c.cancel()
		fail(w, http.StatusServiceUnavailable, "too many %ss running (%d); close another tab or try again in a few minutes", what, reg.max)
		return false
	}
	reg.sessions[c.id] = s
	reg.mu.Unlock()
	go s.loop()
	return true
}

// lookup returns the session id of kind S, or false.
func lookup[S live](reg *registry, id string) (S, bool) {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	s, ok := reg.sessions[id].(S)
	return s, ok
}

// with wraps a handler of the sessions of kind S: it finds the session of
// the request's {id}, marks it seen and calls h; an unknown id (or one of
// the other kind) answers 404 naming what.
func with[S live](reg *registry, what string, h func(http.ResponseWriter, *http.Request, S)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		s, ok := lookup[S](reg, id)
		if !ok {
			fail(w, http.StatusNotFound, "no %s %q: it ended or expired; reload the page to start a new one", what, clip(id, 40))
			return
		}
		s.core().touch(reg.now())
		h(w, r, s)
	}
}

// closer is the handler of POST …/{id}/close for the sessions of kind S:
// it removes the session and waits for its goroutine to end.
func closer[S live](reg *registry, what string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		reg.mu.Lock()
		s, ok := reg.sessions[id].(S)
		if ok {
			delete(reg.sessions, id)
		}
		reg.mu.Unlock()
		if !ok {
			fail(w, http.StatusNotFound, "no %s %q", what, clip(id, 40))
			return
		}
		s.core().end()
		writeJSON(w, http.StatusOK, map[string]bool{"closed": true})
	}
}

// close ends every session and the expiry goroutine and waits for them;
// admit refuses after it. It may be called more than once.
func (reg *registry) close() {
	reg.mu.Lock()
	if reg.closed {
		reg.mu.Unlock()
		return
	}
	reg.closed = true
	all := reg.sessions
	reg.sessions = map[string]live{}
	reg.mu.Unlock()
	close(reg.stop)
	<-reg.janitor
	for _, s := range all {
		s.core().end()
	}
}

// expire ends idle sessions until close, looking a quarter of Idle apart
// (between 10 ms and 30 s).
func (reg *registry) expire() {
	defer close(reg.janitor)
	t := time.NewTicker(min(max(reg.idle/4, 10*time.Millisecond), 30*time.Second))
	defer t.Stop()
	for {
		select {
		case <-reg.stop:
			return
		case <-t.C:
			reg.expireNow()
		}
	}
}

// expireNow ends the sessions idle for longer than Options.Idle.
func (reg *registry) expireNow() {
	now := reg.now()
	var old []live
	reg.mu.Lock()
	for id, s := range reg.sessions {
		if now.Sub(s.core().seen()) > reg.idle {
			old = append(old, s)
			delete(reg.sessions, id)
		}
	}
	reg.mu.Unlock()
	for _, s := range old {
		s.core().end()
	}
}
