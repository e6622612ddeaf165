package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"queuelab/model/scenario"
	"queuelab/serve"
)

func init() { subcommands = append(subcommands, newServeCmd) }

// maxServeSessions bounds --max-sessions: each session holds a model
// (tens of MB for the web service) and a goroutine, so the cap is what
// keeps a server's memory bounded whatever its clients do.
const maxServeSessions = 1000

func newServeCmd() *cobra.Command {
	var addr string
	var maxSessions int
	var idle time.Duration
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the live simulator in the browser (one simulation per tab)",
		Long: `serve starts a web server with the live simulator: pick a system and a
scenario, turn the controls while time runs, watch the indicators, the state
and the trends (with the formula twin), and play the crisis against its goals.
The page is embedded in the binary and needs no network. By default the
server listens on the loopback interface only.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("serve takes no arguments (got %s); the system and scenario are picked in the page", quoteShort(strings.Join(args, " ")))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			if maxSessions < 1 || maxSessions > maxServeSessions {
				return usagef("--max-sessions %d: want 1 to %d", maxSessions, maxServeSessions)
			}
			if idle < time.Second {
				return usagef("--idle %v: want at least 1s", idle)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return serveUntil(ctx, cmd.OutOrStdout(), addr, systems(), serve.Options{MaxSessions: maxSessions, Idle: idle})
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; loopback by default — other hosts can reach a non-loopback address)")
	f.IntVar(&maxSessions, "max-sessions", 16, "how many simulations (browser tabs) may run at once")
	f.DurationVar(&idle, "idle", 10*time.Minute, "end a tab's simulation after this long without a request")
	return cmd
}

// serveUntil serves the live simulator for sys on addr until ctx ends.
func serveUntil(ctx context.Context, out io.Writer, addr string, sys []scenario.System, opts serve.Options) error {
	if len(sys) == 0 {
		return errors.New("serve: no system is available to simulate")
	}
	// A host name given with --addr is a name the server answers to; any
	// other name in a request's Host is refused (DNS rebinding).
	if name, _, err := net.SplitHostPort(addr); err == nil && name != "" && net.ParseIP(name) == nil {
		opts.Hosts = append(opts.Hosts, name)
	}
	h, err := serve.New(sys, opts)
	if err != nil {
		return err
	}
	defer h.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usagef("--addr %s: %v", addr, err)
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
	bound := ln.Addr().(*net.TCPAddr)
	host := bound.IP.String()
	if bound.IP.IsUnspecified() {
		host = "127.0.0.1"
	}
	fmt.Fprintf(out, "queuelab live simulator: http://%s/  (Ctrl-C to stop)\n", net.JoinHostPort(host, fmt.Sprint(bound.Port)))
	if !bound.IP.IsLoopback() {
		fmt.Fprintf(out, "warning: listening on %s, reachable from other machines\n", bound)
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
