package serve

// guard.go is what every request passes before the API sees it: the
// security headers, the Host check (DNS rebinding), the checks of a
// state-changing request (JSON only, from the board's own origin) and the
// rate of requests per client (docs/security.md, "gpw serve").

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Security headers sent with every answer. The board loads its scripts
// and styles from /static/ only (web/index.html has no inline script or
// style), so the policy allows nothing else; frame-ancestors 'none' keeps
// the board out of other sites' frames (clickjacking).
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Request rates per client (its IP address): a steady rate and a burst.
// A board polls and streams; a player sends a command every second or
// so: 20 a second is far above honest play.
const (
	DefaultRate  = 20
	DefaultBurst = 60
)

// Games one client may create (gpw serve's default; Config.GamesPerHour),
// in bursts of GamesBurst. Each game keeps its spec (a house module's
// text, up to MaxModuleSize) in the database, so the rate bounds how fast
// a stranger can fill the disk.
const (
	DefaultGamesPerHour = 60
	GamesBurst          = 20
)

// securityHeaders sets the headers every answer carries.
func securityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
}

// guard wraps the API: headers, Host, origin and content type of
// state-changing requests, and the client's rate.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		securityHeaders(w.Header())
		if !s.hostAllowed(r.Host) {
			writeError(w, http.StatusMisdirectedRequest, &Refusal{Msg: "this server does not answer for the host name the request names (gpw serve --host)"})
			return
		}
		if !s.allow(clientOf(r)) {
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusTooManyRequests, &Refusal{Msg: "too many requests from this address; wait a moment"})
			return
		}
		if changesState(r.Method) {
			if code, err := checkOrigin(r); err != nil {
				writeError(w, code, err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// changesState reports whether a request of this method may change a game.
func changesState(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// checkOrigin refuses a state-changing request another site's page could
// send: one not of type application/json (a form or a text/plain POST
// needs no permission from the server, a JSON one does), or one whose
// Origin is not the server's own.
func checkOrigin(r *http.Request) (int, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return http.StatusUnsupportedMediaType, &Refusal{Msg: "a request that changes a game must be sent as Content-Type: application/json"}
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site == "cross-site" || site == "same-site" {
		return http.StatusForbidden, &Refusal{Msg: "a request from another site's page may not change a game"}
	}
	o := r.Header.Get("Origin")
	if o == "" {
		return 0, nil // not sent by a browser's cross-origin request
	}
	u, err := url.Parse(o)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || !strings.EqualFold(u.Host, r.Host) {
		return http.StatusForbidden, &Refusal{Msg: "a request from another site's page may not change a game (its Origin is not this server)"}
	}
	return 0, nil
}

// hostAllowed reports whether a request's Host names this server: a name
// among the configured ones, or an IP address when the server listens on
// all addresses (an address cannot be rebound as a name can). With no
// names configured every host is answered (tests, a server behind a proxy
// that checks).
func (s *Server) hostAllowed(host string) bool {
	if len(s.hosts) == 0 {
		return true
	}
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.ToLower(strings.TrimSuffix(strings.Trim(name, "[]"), "."))
	if s.hosts[name] {
		return true
	}
	return s.anyIP && net.ParseIP(name) != nil
}

// setHosts keeps the names a request may address; "*" among them (or a
// listen address on all interfaces) lets any IP address through.
func (s *Server) setHosts(names []string) {
	if len(names) == 0 {
		return
	}
	s.hosts = map[string]bool{}
	for _, n := range names {
		n = strings.ToLower(strings.TrimSuffix(strings.Trim(n, "[]"), "."))
		if h, _, err := net.SplitHostPort(n); err == nil {
			n = strings.Trim(h, "[]")
		}
		if n == "*" || n == "" || n == "0.0.0.0" || n == "::" {
			s.anyIP = true
			continue
		}
		s.hosts[n] = true
	}
}

// clientOf is the client a request is counted against: its IP address.
func clientOf(r *http.Request) string {
	if h, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return h
	}
	return r.RemoteAddr
}

// limiter is a client's request rate.
type limiter struct {
	lim  *rate.Limiter
	seen time.Time
}

// clients is the rate of each client seen lately.
type clients struct {
	mu    sync.Mutex
	rate  rate.Limit
	burst int
	m     map[string]*limiter
}

// allow counts one request of client: false when it is over its rate.
func (s *Server) allow(client string) bool { return s.rates.allow(client) }

// allowGame counts a game created by client: false when it is over its
// rate of games.
func (s *Server) allowGame(client string) bool { return s.games.allow(client) }

// allow counts one event of client: false when it is over its rate.
func (c *clients) allow(client string) bool {
	if c.rate <= 0 {
		return true
	}
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*limiter{}
	}
	l := c.m[client]
	if l == nil {
		if len(c.m) >= 10_000 {
			for k, v := range c.m {
				if now.Sub(v.seen) > time.Minute {
					delete(c.m, k)
				}
			}
		}
		l = &limiter{lim: rate.NewLimiter(c.rate, c.burst)}
		c.m[client] = l
	}
	l.seen = now
	return l.lim.AllowN(now, 1)
}

// String describes the limits, for the server's start message.
func (c *clients) String() string {
	return fmt.Sprintf("%g requests a second per client (bursts of %d)", float64(c.rate), c.burst)
}
