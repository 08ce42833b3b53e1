package main

import (
	"fmt"
	"net"
	"os"
	"syscall"

	"github.com/spf13/cobra"

	"gpw/serve"
)

// serveGuard are the flags of gpw serve's defences on the open internet
// (docs/serve.md, "On the open internet").
type serveGuard struct {
	// Hosts are the host names the server answers for (--host); the
	// listen address and localhost are always among them.
	Hosts    []string
	Rate     float64
	MaxConns int
	KeyFile  string // seals the dice secrets in the database; else GPW_SERVE_KEY
}

func (g *serveGuard) flags(cmd *cobra.Command) {
	cmd.Flags().StringSliceVar(&g.Hosts, "host", nil, "a host name the server answers for, besides the listen address and localhost (repeat or separate by commas): a request naming another is refused (DNS rebinding)")
	cmd.Flags().Float64Var(&g.Rate, "rate", serve.DefaultRate, "requests a second one client (IP address) may send, in bursts of three times as many; beyond, 429")
	cmd.Flags().IntVar(&g.MaxConns, "max-conns", serve.DefaultMaxConns, "connections open at once; beyond, 503 (one client may hold at most "+fmt.Sprint(serve.DefaultMaxConnsPerClient)+")")
	cmd.Flags().StringVar(&g.KeyFile, "key-file", "", "a file (mode 600) holding 64 hex digits that seal the games' dice secrets in the database (or set GPW_SERVE_KEY); without a key they are stored unsealed and the database's mode 600 is their only defence")
}

// protect sets up server s listening on ln with the defences: the host
// names, the rates, the key of the dice secrets. It returns the listener
// bounding connections and how the secrets are kept, in words.
func (g *serveGuard) protect(s *serve.Server, ln net.Listener, addr string) (net.Listener, string, error) {
	var key []byte
	var err error
	sealed := "unsealed (the database is readable by its owner only; give --key-file to seal them)"
	switch env := os.Getenv("GPW_SERVE_KEY"); {
	case g.KeyFile != "":
		if key, err = serve.ReadKeyFile(g.KeyFile); err != nil {
			return nil, "", err
		}
		sealed = "sealed with the key in " + g.KeyFile
	case env != "":
		if key, err = serve.ParseKey(env); err != nil {
			return nil, "", fmt.Errorf("GPW_SERVE_KEY: %v", err)
		}
		sealed = "sealed with the key in GPW_SERVE_KEY"
	}
	hosts := append([]string{ln.Addr().String(), addr, "localhost", "127.0.0.1", "::1"}, g.Hosts...)
	rate := g.Rate
	if rate == 0 {
		rate = serve.DefaultRate // options made without flags (tests)
	}
	err = s.Protect(serve.Config{Hosts: hosts, Rate: rate, Burst: int(3 * rate), GamesPerHour: serve.DefaultGamesPerHour, Key: key})
	if err != nil {
		return nil, "", err
	}
	return serve.LimitListener(ln, maxConns(g.MaxConns), serve.DefaultMaxConnsPerClient), sealed, nil
}

// maxConns is the bound on open connections: n, but below the process's
// limit of open files (with room for the database and the modules), so
// that a connection over it is answered 503 instead of accept failing.
func maxConns(n int) int {
	if n <= 0 {
		n = serve.DefaultMaxConns
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur < uint64(n)+64 {
		n = max(int(lim.Cur)-64, 8)
	}
	return n
}
