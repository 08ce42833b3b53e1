package serve

// listen.go bounds what a client can hold of the server: the time a
// request may take to arrive and its answer to leave, the time an idle
// connection stays open, the header's size, and the connections open at
// once, in all and per client (docs/security.md, "gpw serve").

import (
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// The HTTP server's timeouts and limits. The event stream is exempt from
// the write timeout (handleEvents clears it) and ends after
// streamMaxAge instead; the board reconnects.
const (
	ReadHeaderTimeout = 10 * time.Second
	ReadTimeout       = 30 * time.Second // the whole request, body included
	WriteTimeout      = 60 * time.Second
	IdleTimeout       = 60 * time.Second
	MaxHeaderBytes    = 32 << 10

	streamHeartbeat = 20 * time.Second
	streamMaxAge    = 30 * time.Minute

	// DefaultMaxConns bounds the connections open at once, below the
	// usual limit of 1,024 open files; DefaultMaxConnsPerClient bounds
	// one address's (a browser opens 6 or so per server).
	DefaultMaxConns          = 768
	DefaultMaxConnsPerClient = 32
)

// HTTPServer is an http.Server for h with the timeouts above.
func HTTPServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: ReadHeaderTimeout, ReadTimeout: ReadTimeout,
		WriteTimeout: WriteTimeout, IdleTimeout: IdleTimeout, MaxHeaderBytes: MaxHeaderBytes}
}

// LimitListener accepts at most total connections at once and perClient
// from one IP address. A connection over a limit is answered at once, 503
// (the server is full) or 429 (this client holds too many), and closed,
// so that a client learns why rather than waiting; the connections
// already open go on.
func LimitListener(ln net.Listener, total, perClient int) net.Listener {
	return &limitListener{Listener: ln, total: total, per: perClient, open: map[string]int{}}
}

type limitListener struct {
	net.Listener
	total, per int

	mu   sync.Mutex
	n    int
	open map[string]int
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := c.RemoteAddr().String()
		if h, _, err := net.SplitHostPort(ip); err == nil {
			ip = h
		}
		l.mu.Lock()
		full, many := l.total > 0 && l.n >= l.total, l.per > 0 && l.open[ip] >= l.per
		if !full && !many {
			l.n++
			l.open[ip]++
			l.mu.Unlock()
			return &limitConn{Conn: c, l: l, ip: ip}, nil
		}
		l.mu.Unlock()
		status := "503 Service Unavailable"
		msg := "the server has as many connections open as it takes; try again soon"
		if many {
			status, msg = "429 Too Many Requests", "this address has as many connections open as the server takes from one client"
		}
		go refuseConn(c, status, msg)
	}
}

// refuseConn answers a connection over a limit and closes it.
func refuseConn(c net.Conn, status, msg string) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Second))
	body := `{"error":"` + msg + `"}` + "\n"
	c.Write([]byte("HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\nRetry-After: 5\r\nConnection: close\r\n" +
		"Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body))
}

// limitConn gives its place back when closed.
type limitConn struct {
	net.Conn
	l    *limitListener
	ip   string
	once sync.Once
}

func (c *limitConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		c.l.n--
		if c.l.open[c.ip]--; c.l.open[c.ip] <= 0 {
			delete(c.l.open, c.ip)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}
