package serve

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpw"
)

// rawPost sends a POST with the given headers and body and returns the
// status and the body of the answer.
func rawPost(t *testing.T, url string, header map[string]string, body string) (int, string, http.Header) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

// A page of another site may not create a game or send a command: a
// request that changes a game must be JSON (which a browser sends across
// sites only with the server's permission) and come from the board's own
// origin, or from no browser at all.
func TestCrossSiteRequests(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	u := c.ts.URL + "/api/games"
	game := `{"scenario":"rulebook/movement","mode":"hotseat"}`
	host := strings.TrimPrefix(c.ts.URL, "http://")
	for _, tc := range []struct {
		name   string
		header map[string]string
		body   string
		want   int
	}{
		{"text/plain, the simple cross-site POST", map[string]string{"Content-Type": "text/plain"}, game, http.StatusUnsupportedMediaType},
		{"a form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, game, http.StatusUnsupportedMediaType},
		{"no content type", nil, game, http.StatusUnsupportedMediaType},
		{"JSON from another origin", map[string]string{"Content-Type": "application/json", "Origin": "http://evil.example"}, game, http.StatusForbidden},
		{"JSON from the same host on another port", map[string]string{"Content-Type": "application/json", "Origin": "http://127.0.0.1:1"}, game, http.StatusForbidden},
		{"a cross-site fetch", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, game, http.StatusForbidden},
		{"JSON with trailing data", map[string]string{"Content-Type": "application/json"}, game + `{"mode":"solo"}`, http.StatusBadRequest},
		{"JSON with a duplicate key", map[string]string{"Content-Type": "application/json"}, `{"scenario":"rulebook/movement","mode":"solo","mode":"hotseat"}`, http.StatusBadRequest},
		{"JSON from the board's origin", map[string]string{"Content-Type": "application/json; charset=utf-8", "Origin": c.ts.URL, "Sec-Fetch-Site": "same-origin"}, game, http.StatusCreated},
		{"JSON from no browser", map[string]string{"Content-Type": "application/json"}, game, http.StatusCreated},
	} {
		code, body, _ := rawPost(t, u, tc.header, tc.body)
		if code != tc.want {
			t.Errorf("%s: %d %s, want %d", tc.name, code, body, tc.want)
		}
	}
	// the same for a command
	tok := c.create(NewGame{Spec: Spec{Scenario: "rulebook/movement"}, Mode: "hotseat"})["both"]
	code, _, _ := rawPost(t, c.ts.URL+"/api/g/"+tok+"/command", map[string]string{"Content-Type": "text/plain", "Host": host}, `{"command":"end"}`)
	if code != http.StatusUnsupportedMediaType {
		t.Errorf("a text/plain command: %d", code)
	}
	if v := c.view(tok); v.Version != 0 {
		t.Errorf("a refused request changed the game: version %d", v.Version)
	}
	// a duplicate key names it
	_, body, _ := rawPost(t, u, map[string]string{"Content-Type": "application/json"}, `{"scenario":"a","scenario":"b"}`)
	if !strings.Contains(body, `key \"scenario\" is given twice`) {
		t.Errorf("duplicate key: %s", body)
	}
}

// Every answer carries the security headers: the board's pages, the API,
// errors.
func TestSecurityHeaders(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	for _, p := range []string{"/", "/static/app.js", "/api/scenarios", "/api/g/nothere", "/nothing"} {
		resp, err := http.Get(c.ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := resp.Header
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("%s: Content-Security-Policy %q", p, csp)
		}
		if h.Get("Referrer-Policy") != "no-referrer" || h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: Referrer-Policy %q, X-Content-Type-Options %q", p, h.Get("Referrer-Policy"), h.Get("X-Content-Type-Options"))
		}
	}
}

// A request naming a host the server does not answer for (DNS rebinding:
// a page of evil.example whose name now leads to 127.0.0.1) is refused.
func TestHostNames(t *testing.T) {
	s, err := New(Config{DB: filepath.Join(t.TempDir(), "gpw.db"), Data: gpw.Data, Hosts: []string{"127.0.0.1:8080", "localhost", "gpw.example.org"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for host, want := range map[string]int{"evil.example": http.StatusMisdirectedRequest, "evil.example:8080": http.StatusMisdirectedRequest,
		"localhost:8080": http.StatusOK, "127.0.0.1:9999": http.StatusOK, "GPW.example.org": http.StatusOK, "10.0.0.1": http.StatusMisdirectedRequest} {
		req, _ := http.NewRequest("GET", ts.URL+"/api/scenarios", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}
	// listening on every address, any IP address is a name of the server
	s.setHosts([]string{"0.0.0.0:8080", "localhost"})
	if !s.hostAllowed("10.0.0.1:8080") || s.hostAllowed("evil.example") {
		t.Error("listening on 0.0.0.0: an address must pass, a name not configured not")
	}
}

// A client over its rate of requests is answered 429 and the others go on.
func TestRequestRate(t *testing.T) {
	s, err := New(Config{DB: filepath.Join(t.TempDir(), "gpw.db"), Data: gpw.Data, Rate: 1, Burst: 5})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	h := s.Handler()
	codes := map[int]int{}
	for range 20 {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/api/computers", nil)
		req.RemoteAddr = "192.0.2.7:5555"
		h.ServeHTTP(rec, req)
		codes[rec.Code]++
	}
	if codes[http.StatusOK] < 5 || codes[http.StatusOK] > 6 || codes[http.StatusTooManyRequests] < 14 {
		t.Errorf("20 requests at once under a rate of 1/s, bursts of 5: %v", codes)
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/api/computers", nil)
	req.RemoteAddr = "192.0.2.8:5555"
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Errorf("another client: %d", rec.Code)
	}
}

// A client holding connections gets 429 past its share; past the
// server's total every new connection gets 503 at once, not a hang; a
// connection closed gives its place back.
func TestConnectionLimits(t *testing.T) {
	for _, tc := range []struct {
		total, per int
		want       string
	}{{0, 3, "429"}, {3, 0, "503"}} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := HTTPServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
		go srv.Serve(LimitListener(ln, tc.total, tc.per))
		addr := ln.Addr().String()
		var held []net.Conn
		status := func(c net.Conn) string {
			c.SetDeadline(time.Now().Add(5 * time.Second))
			io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
			line, err := bufio.NewReader(c).ReadString('\n')
			if err != nil {
				return err.Error()
			}
			return strings.TrimSpace(line)
		}
		dial := func() net.Conn {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		for range 3 {
			c := dial()
			if got := status(c); !strings.Contains(got, "200") {
				t.Fatalf("a connection within the limits: %s", got)
			}
			held = append(held, c)
		}
		if got := status(dial()); !strings.Contains(got, tc.want) {
			t.Errorf("total %d, per client %d: a 4th connection: %s, want %s", tc.total, tc.per, got, tc.want)
		}
		held[0].Close()
		time.Sleep(50 * time.Millisecond)
		if got := status(dial()); !strings.Contains(got, "200") {
			t.Errorf("after a connection closed: %s", got)
		}
		for _, c := range held {
			c.Close()
		}
		srv.Close()
	}
}

// The server's timeouts: a body sent a byte at a time is cut off at the
// read timeout, an idle keep-alive connection is closed at the idle one.
func TestTimeouts(t *testing.T) {
	srv := HTTPServer(nil)
	if srv.ReadHeaderTimeout == 0 || srv.ReadTimeout == 0 || srv.WriteTimeout == 0 || srv.IdleTimeout == 0 || srv.MaxHeaderBytes == 0 {
		t.Fatalf("a timeout or limit unset: %+v", srv)
	}
	// the same server with the timeouts shortened, to watch them work
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "slow", http.StatusRequestTimeout)
			return
		}
		io.WriteString(w, "ok")
	})
	srv.ReadTimeout, srv.IdleTimeout, srv.ReadHeaderTimeout = 300*time.Millisecond, 300*time.Millisecond, 300*time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n")
	start := time.Now()
	for i := 0; i < 100; i++ {
		if _, err := c.Write([]byte("x")); err != nil {
			break
		}
		if time.Since(start) > 3*time.Second {
			t.Fatal("a trickled body held the connection for 3 s under a 0.3 s read timeout")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// an idle connection is closed
	c2, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	io.WriteString(c2, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	c2.SetReadDeadline(time.Now().Add(5 * time.Second))
	r := bufio.NewReader(c2)
	if line, _ := r.ReadString('\n'); !strings.Contains(line, "200") {
		t.Fatalf("answer %q", line)
	}
	start = time.Now()
	io.Copy(io.Discard, r) // returns when the server closes the idle connection
	if d := time.Since(start); d > 4*time.Second {
		t.Errorf("an idle connection stayed open %v under a 0.3 s idle timeout", d)
	}
}

// The event stream outlives the read and write timeouts (it has its own
// heartbeat and age): an update sent after them still arrives.
func TestEventStreamOutlivesTimeouts(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	srv := HTTPServer(s.Handler())
	srv.ReadTimeout, srv.WriteTimeout = 200*time.Millisecond, 200*time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()
	base := "http://" + ln.Addr().String()
	c := &client{t: t, ts: &httptest.Server{URL: base}}
	tok := c.create(NewGame{Spec: Spec{Scenario: "rulebook/movement"}, Mode: "hotseat"})["both"]
	resp, err := http.Get(base + "/api/g/" + tok + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := bufio.NewReader(resp.Body)
	line, _ := r.ReadString('\n')
	if !strings.HasPrefix(line, "event: update") {
		t.Fatalf("first line %q", line)
	}
	time.Sleep(600 * time.Millisecond) // past both timeouts
	c.must(tok, "end")
	got := make(chan string, 1)
	go func() {
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				got <- "error: " + err.Error()
				return
			}
			if strings.Contains(l, `"version":1`) {
				got <- l
				return
			}
		}
	}()
	select {
	case l := <-got:
		if strings.HasPrefix(l, "error") {
			t.Errorf("the stream ended: %s", l)
		}
	case <-time.After(5 * time.Second):
		t.Error("no update after the timeouts")
	}
}

// A client creates at most so many games an hour (each game's spec, a
// module's text included, stays in the database): past its burst, 429.
func TestGameCreationRate(t *testing.T) {
	s, err := New(Config{DB: filepath.Join(t.TempDir(), "gpw.db"), Data: gpw.Data, GamesPerHour: DefaultGamesPerHour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	h := s.Handler()
	create := func(addr string) int {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"scenario":"rulebook/movement","mode":"hotseat"}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = addr
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	codes := map[int]int{}
	for range GamesBurst + 5 {
		codes[create("192.0.2.9:1")]++
	}
	if codes[http.StatusCreated] != GamesBurst || codes[http.StatusTooManyRequests] != 5 {
		t.Errorf("%d games at once: %v", GamesBurst+5, codes)
	}
	if code := create("192.0.2.10:1"); code != http.StatusCreated {
		t.Errorf("another client: %d", code)
	}
}

// BenchmarkGuard is what every request pays before the API: headers,
// host, rate and, for a POST, content type and origin.
func BenchmarkGuard(b *testing.B) {
	s := &Server{}
	s.setHosts([]string{"127.0.0.1:8080", "localhost"})
	s.rates.rate, s.rates.burst = 1e9, 1e9
	h := s.guard(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	req := httptest.NewRequest("POST", "/api/g/x/command", nil)
	req.Host = "localhost:8080"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://localhost:8080")
	w := httptest.NewRecorder()
	b.ReportAllocs()
	for b.Loop() {
		clear(w.Header())
		h.ServeHTTP(w, req)
	}
}
