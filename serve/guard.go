package serve

import (
	"errors"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// Cross-site protection. The live page has no accounts: whoever can reach
// the server can use it. What must not happen is that another web site,
// open in the same browser, uses it on the visitor's behalf: a form or a
// fetch that creates sessions until the cap is full, drives a session, or
// — by DNS rebinding, pointing its own name at 127.0.0.1 — reads the API.
// guard refuses, before any handler runs:
//
//   - any request whose Host is a name the server does not answer to: a
//     loopback name ("localhost"), an IP address literal, or one of
//     Options.Hosts. A rebinding page's requests carry the attacker's
//     name, never an address;
//   - a state-changing request (anything but GET and HEAD) whose Origin
//     is present and is not this server (scheme://Host), or whose
//     Sec-Fetch-Site says cross-site;
//   - a state-changing request with a body whose Content-Type is not
//     application/json, which a cross-site HTML form cannot send.
//
// Requests without Origin (curl, scripts) pass the origin check: they
// are not made by a browser on another site's behalf.
func (srv *Server) guard(w http.ResponseWriter, r *http.Request) bool {
	if !srv.knownHost(r.Host) {
		fail(w, http.StatusMisdirectedRequest, "host %q: this server answers to localhost, IP addresses and the host name it was started with (serve --addr NAME:PORT)", clip(r.Host, 80))
		return false
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	if err := sameOrigin(r); err != nil {
		fail(w, http.StatusForbidden, "%v", err)
		return false
	}
	if r.ContentLength != 0 {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "application/json" {
			fail(w, http.StatusUnsupportedMediaType, "a request body must be JSON with Content-Type: application/json, got %q", clip(r.Header.Get("Content-Type"), 80))
			return false
		}
	}
	return true
}

// knownHost reports whether the Host header names this server: empty
// (HTTP/1.0), localhost, an IP literal, or one of Options.Hosts.
func (srv *Server) knownHost(host string) bool {
	if host == "" {
		return true
	}
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.TrimSuffix(strings.Trim(name, "[]"), ".")
	if strings.EqualFold(name, "localhost") || net.ParseIP(name) != nil {
		return true
	}
	for _, h := range srv.opts.Hosts {
		if strings.EqualFold(name, h) {
			return true
		}
	}
	return false
}

// sameOrigin refuses a request a browser made on behalf of another site.
func sameOrigin(r *http.Request) error {
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return errors.New("cross-site requests are refused")
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return nil
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host) {
		return errors.New("cross-origin requests are refused: the Origin " + clip(origin, 80) + " is not this server")
	}
	return nil
}
