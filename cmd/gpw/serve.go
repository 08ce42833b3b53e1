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
	serveGuard
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
	o.serveGuard.flags(cmd)
	cmd.Flags().StringVar(&o.Sync, "sync", "normal", "normal: a command is stored before it is answered, safe from a crash or kill -9; full: also flushed to the disk, safe from a power cut, slower")
	return cmd
}

func serveRun(o *serveOptions) error {
	s, err := serve.New(serve.Config{DB: o.DB, Sync: o.Sync, Data: rulesFS()})
	if err != nil {
		return err
	}
	defer s.Close()
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return err
	}
	ln, sealed, err := o.protect(s, ln, o.Addr)
	if err != nil {
		return err
	}
	hs := serve.HTTPServer(s.Handler())
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
