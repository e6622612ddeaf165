package serve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// zeros is an endless request body that costs no memory to send.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestHostileRequests sends each entry point of the HTTP API requests a
// hostile page or client would, and checks the status, the message, the
// headers and that answering allocated at most maxAlloc bytes.
func TestHostileRequests(t *testing.T) {
	const maxAlloc = 4 << 20
	const create = `{"system":"fake","seed":1}`
	manyAt := `{"system":"fake","at":[` + strings.Repeat(`"1m:servers=3",`, 1000) + `"1m:servers=3"]}`
	tests := []struct {
		name                 string
		method, path         string
		host, origin, ctype  string
		body                 io.Reader
		length               int64 // ContentLength to announce (0: from body)
		want                 int
		wantMsg              string
		wantHeader, wantHVal string
	}{
		{name: "the page's own create", method: "POST", path: "/api/sessions", host: "127.0.0.1:8080",
			origin: "http://127.0.0.1:8080", ctype: "application/json", body: strings.NewReader(create), want: 201},
		{name: "localhost by name", method: "POST", path: "/api/sessions", host: "localhost:8080",
			ctype: "application/json", body: strings.NewReader(create), want: 201},
		{name: "IPv6 loopback", method: "GET", path: "/api/systems", host: "[::1]:8080", want: 200},
		{name: "cross-site form (text/plain, foreign origin and host)", method: "POST", path: "/api/sessions",
			host: "evil.example:8080", origin: "http://evil.example", ctype: "text/plain", body: strings.NewReader(create),
			want: 421, wantMsg: `evil.example:8080`},
		{name: "DNS rebinding read", method: "GET", path: "/api/systems", host: "evil.example:8080",
			want: 421, wantMsg: "this server answers to localhost, IP addresses"},
		{name: "DNS rebinding page", method: "GET", path: "/", host: "rebind.evil.example", want: 421},
		{name: "foreign origin to our address", method: "POST", path: "/api/sessions", host: "127.0.0.1:8080",
			origin: "http://evil.example", ctype: "application/json", body: strings.NewReader(create),
			want: 403, wantMsg: "the Origin http://evil.example is not this server"},
		{name: "null origin (sandboxed frame)", method: "POST", path: "/api/sessions", host: "127.0.0.1:8080",
			origin: "null", ctype: "application/json", body: strings.NewReader(create), want: 403},
		{name: "Sec-Fetch-Site cross-site", method: "POST", path: "/api/sessions", host: "127.0.0.1:8080",
			origin: "cross-site", ctype: "application/json", body: strings.NewReader(create), want: 403, wantMsg: "cross-site requests are refused"},
		{name: "text/plain body from our own origin", method: "POST", path: "/api/sessions", host: "127.0.0.1:8080",
			ctype: "text/plain", body: strings.NewReader(create), want: 415, wantMsg: "Content-Type: application/json"},
		{name: "form body", method: "POST", path: "/api/sessions", host: "127.0.0.1:8080",
			ctype: "application/x-www-form-urlencoded", body: strings.NewReader("system=fake"), want: 415},
		{name: "endless body", method: "POST", path: "/api/sessions", host: "127.0.0.1:8080",
			ctype: "application/json", body: zeros{}, length: -1, want: 413, wantMsg: "larger than 64 KiB"},
		{name: "1001 planned actions", method: "POST", path: "/api/sessions", host: "127.0.0.1:8080",
			ctype: "application/json", body: strings.NewReader(manyAt), want: 400, wantMsg: "too many planned actions (at most 1000 control changes)"},
		{name: "one control set twice in one action", method: "POST", path: "/api/sessions", host: "127.0.0.1:8080",
			ctype: "application/json", body: strings.NewReader(`{"system":"fake","at":["5m:servers=12,servers=8"]}`),
			want: 400, wantMsg: `servers=8: \"servers\" is set twice at the same time`},
		{name: "a 50 KB value is cut short", method: "POST", path: "/api/sessions", host: "127.0.0.1:8080",
			ctype: "application/json", body: strings.NewReader(`{"system":"fake","at":["1m:servers=` + strings.Repeat("9", 50000) + `"]}`),
			want: 400, wantMsg: `… (50000 bytes): want an integer from 1 to 20`},
		{name: "frames are refused", method: "GET", path: "/", host: "127.0.0.1:8080", want: 200,
			wantHeader: "Content-Security-Policy", wantHVal: "frame-ancestors 'none'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newTestServer(t, Options{})
			req := httptest.NewRequest(tt.method, tt.path, tt.body)
			req.Host = tt.host
			if tt.origin == "cross-site" {
				req.Header.Set("Sec-Fetch-Site", "cross-site")
			} else if tt.origin != "" {
				req.Header.Set("Origin", tt.origin)
			}
			if tt.ctype != "" {
				req.Header.Set("Content-Type", tt.ctype)
			}
			if tt.length != 0 {
				req.ContentLength = tt.length
			}
			rec := httptest.NewRecorder()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			srv.ServeHTTP(rec, req)
			runtime.ReadMemStats(&after)
			assert.Equal(t, tt.want, rec.Code, rec.Body.String())
			assert.Contains(t, rec.Body.String(), tt.wantMsg)
			if tt.wantHeader != "" {
				assert.Contains(t, rec.Header().Get(tt.wantHeader), tt.wantHVal)
			}
			assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(maxAlloc), "bytes allocated answering")
		})
	}
}

// TestSessionCapSaysWhenToRetry checks that the 503 of a full server says
// when to come back.
func TestSessionCapSaysWhenToRetry(t *testing.T) {
	srv := newTestServer(t, Options{MaxSessions: 1})
	create(t, srv, `{"system":"fake","seed":1}`)
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, newReq("POST", "/api/sessions", strings.NewReader(`{"system":"fake"}`)))
	require.Equal(t, http.StatusServiceUnavailable, rec.Code)
	assert.Equal(t, RetryAfter, rec.Header().Get("Retry-After"))
}

// TestNoChangeAfterTheLastMinute runs a session to its last minute: a
// control change then is refused, not accepted and silently dropped.
func TestNoChangeAfterTheLastMinute(t *testing.T) {
	srv := newTestServer(t, Options{})
	st := create(t, srv, `{"system":"fake","seed":1}`)
	base := "/api/sessions/" + st.ID
	require.Equal(t, 200, call(t, srv, "POST", base+"/run", `{"speed":-1}`, nil))
	waitMinute(t, srv, st.ID, 10) // the scenario's end pauses the run
	require.Equal(t, 200, call(t, srv, "POST", base+"/run", `{"speed":-1}`, nil))
	waitMinute(t, srv, st.ID, MaxRunMinutes)
	var e errorJSON
	require.Equal(t, http.StatusConflict, call(t, srv, "POST", base+"/control", `{"control":"servers","value":"5"}`, &e))
	assert.Contains(t, e.Error, "last minute")
}
