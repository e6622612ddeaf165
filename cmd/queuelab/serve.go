package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"queuelab/examples/networks"
	"queuelab/model/input"
	"queuelab/model/network"
	"queuelab/model/scenario"
	"queuelab/model/systems"
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
	var files []string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the live simulator in the browser (one simulation per tab)",
		Long: `serve starts a web server with the live simulator: pick a system and a
scenario, turn the controls while time runs, watch the indicators, the state
and the trends (with the formula twin), and play the crisis against its goals.
The network page (/network.html) runs any queueing network: the
examples/networks catalogue, a file opened in the page, or each --network
FILE (the first one opens at once). The page is embedded in the binary and
needs no network. By default the server listens on the loopback interface
only.`,
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
			opts := serve.Options{MaxSessions: maxSessions, Idle: idle}
			if err := withNetworks(&opts, files); err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return serveAt(ctx, cmd.OutOrStdout(), addr, systems.All(), opts, startPage(files))
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; loopback by default — other hosts can reach a non-loopback address)")
	f.IntVar(&maxSessions, "max-sessions", 16, "how many simulations (browser tabs) may run at once")
	f.DurationVar(&idle, "idle", 10*time.Minute, "end a tab's simulation after this long without a request")
	f.StringArrayVar(&files, "network", nil, "a network file to offer on the network page, first in its list (repeatable); the first opens at once")
	return cmd
}

// withNetworks sets the network page's catalogue: the files given (read
// and parsed now, so that a wrong file is an error before the server
// starts), then the examples/networks catalogue.
func withNetworks(opts *serve.Options, files []string) error {
	opts.OpenNetwork = serve.OpenNetwork
	for _, f := range files {
		src, err := input.ReadInput(f, network.MaxFileSize)
		if err != nil {
			return usagef("--network: %v", err)
		}
		if _, err := serve.OpenNetwork(filepath.Base(f), src, 1); err != nil {
			return fmt.Errorf("--network %s: %w", f, err)
		}
		opts.Networks = append(opts.Networks, serve.NetworkFile{Name: filepath.Base(f), Title: filepath.Base(f) + " (your file)", Source: src})
	}
	given := len(opts.Networks)
catalogue:
	for _, e := range networks.Catalogue() {
		for i := range opts.Networks[:given] {
			if g := &opts.Networks[i]; g.Name == e.Name { // a file named like an example replaces it
				if bytes.Equal(g.Source, e.Source) {
					g.Title, g.Lesson = e.Title, e.Lesson
				}
				continue catalogue
			}
		}
		opts.Networks = append(opts.Networks, serve.NetworkFile{Name: e.Name, Title: e.Title, Source: e.Source, Lesson: e.Lesson})
	}
	return nil
}

// startPage is the page the server's address points at: the network page
// with the first --network file, or the home page.
func startPage(files []string) string {
	if len(files) == 0 {
		return "/"
	}
	return "/network.html?net=" + url.QueryEscape(strings.TrimSuffix(filepath.Base(files[0]), filepath.Ext(files[0])))
}

// serveUntil serves the live simulator for sys on addr until ctx ends.
func serveUntil(ctx context.Context, out io.Writer, addr string, sys []scenario.System, opts serve.Options) error {
	return serveAt(ctx, out, addr, sys, opts, "/")
}

// serveAt is serveUntil printing the address of page (a path with its
// query) as the one to open.
func serveAt(ctx context.Context, out io.Writer, addr string, sys []scenario.System, opts serve.Options, page string) error {
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
	fmt.Fprintf(out, "queuelab live simulator: http://%s%s  (Ctrl-C to stop)\n", net.JoinHostPort(host, fmt.Sprint(bound.Port)), page)
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

// serveNetworkFile runs the live simulator with file first in the network
// page's catalogue and prints the address that opens it (net run --serve).
func serveNetworkFile(cmd *cobra.Command, file, addr string) error {
	opts := serve.Options{}
	if err := withNetworks(&opts, []string{file}); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveAt(ctx, cmd.OutOrStdout(), addr, systems.All(), opts, startPage([]string{file}))
}
