package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"gpw/serve"
)

// serveOptions are the flags of gpw serve.
type serveOptions struct {
	IO   *ioStreams
	Addr string
	DB   string
	Sync string
	// Hosts are the host names the server answers for (--host); the
	// listen address and localhost are always among them.
	Hosts    []string
	Rate     float64
	MaxConns int
	KeyFile  string // seals the dice secrets in the database; else GPW_SERVE_KEY
	// ready, when set, hears the address the server listens on (tests).
	ready func(addr string)
	// stop, when set, ends the server instead of a signal (tests).
	stop context.Context
}

func newServeCmd(ios *ioStreams) *cobra.Command {
	o := &serveOptions{IO: ios}
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--db gpw.db]",
		Short: "Serve the browser board: solo, hot-seat and network play",
		Long: `Serve runs the game server: open the address in a browser, pick a
scenario, a variant (or a house module), a mode and a side. Games are kept
in the SQLite file --db, created on first start; every accepted command is
stored before it is answered. The server listens on this machine only
unless --addr says otherwise. The HTTP API is in docs/serve.md.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error { return serveRun(o) },
	}
	cmd.Flags().StringVar(&o.Addr, "addr", "127.0.0.1:8080", "address to listen on")
	cmd.Flags().StringVar(&o.DB, "db", "gpw.db", "SQLite file for the games")
	cmd.Flags().StringSliceVar(&o.Hosts, "host", nil, "a host name the server answers for, besides the listen address and localhost (repeat or separate by commas): a request naming another is refused (DNS rebinding)")
	cmd.Flags().Float64Var(&o.Rate, "rate", serve.DefaultRate, "requests a second one client (IP address) may send, in bursts of three times as many; beyond, 429")
	cmd.Flags().IntVar(&o.MaxConns, "max-conns", serve.DefaultMaxConns, "connections open at once; beyond, 503 (one client may hold at most "+fmt.Sprint(serve.DefaultMaxConnsPerClient)+")")
	cmd.Flags().StringVar(&o.KeyFile, "key-file", "", "a file (mode 600) holding 64 hex digits that seal the games' dice secrets in the database (or set GPW_SERVE_KEY); without a key they are stored unsealed and the database's mode 600 is their only defence")
	cmd.Flags().StringVar(&o.Sync, "sync", "normal", "normal: a command is stored before it is answered, safe from a crash or kill -9; full: also flushed to the disk, safe from a power cut, slower")
	return cmd
}

func serveRun(o *serveOptions) error {
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	hosts := append([]string{ln.Addr().String(), o.Addr, "localhost", "127.0.0.1", "::1"}, o.Hosts...)
	var key []byte
	sealed := "unsealed (the database is readable by its owner only; give --key-file to seal them)"
	switch env := os.Getenv("GPW_SERVE_KEY"); {
	case o.KeyFile != "":
		if key, err = serve.ReadKeyFile(o.KeyFile); err != nil {
			return err
		}
		sealed = "sealed with the key in " + o.KeyFile
	case env != "":
		if key, err = serve.ParseKey(env); err != nil {
			return fmt.Errorf("GPW_SERVE_KEY: %v", err)
		}
		sealed = "sealed with the key in GPW_SERVE_KEY"
	}
	s, err := serve.New(serve.Config{DB: o.DB, Sync: o.Sync, Data: rulesFS(), Hosts: hosts, Rate: o.Rate, Burst: int(3 * o.Rate), GamesPerHour: serve.DefaultGamesPerHour, Key: key})
	if err != nil {
		return err
	}
	defer s.Close()
	hs := serve.HTTPServer(s.Handler())
	ln = serve.LimitListener(ln, maxConns(o.MaxConns), serve.DefaultMaxConnsPerClient)
	hs.RegisterOnShutdown(s.EndStreams)
	fmt.Fprintf(o.IO.Out, "gpw serve: http://%s/ (games in %s; dice secrets %s)\n", ln.Addr(), o.DB, sealed)
	if o.ready != nil {
		o.ready(ln.Addr().String())
	}
	stop := o.stop
	if stop == nil {
		var cancel context.CancelFunc
		stop, cancel = signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer cancel()
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-stop.Done():
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// maxConns is the bound on open connections: n, but below the process's
// limit of open files (with room for the database and the modules), so
// that a connection over it is answered 503 instead of accept failing.
func maxConns(n int) int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur < uint64(n)+64 {
		n = max(int(lim.Cur)-64, 8)
	}
	return n
}
