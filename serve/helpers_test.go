package serve

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpw"
)

// newTestServer starts a server on a fresh database in a temporary folder.
func newTestServer(t testing.TB) *Server {
	t.Helper()
	return startTestServer(t, filepath.Join(t.TempDir(), "gpw.db"))
}

func startTestServer(t testing.TB, db string) *Server {
	t.Helper()
	s, err := New(Config{DB: db, Data: gpw.Data})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// httpClient keeps a connection per player, as browsers do.
var httpClient = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}

// client talks to a test server.
type client struct {
	t  testing.TB
	ts *httptest.Server
}

// newStreamedServer starts a test server behind an HTTP server, both
// closed when the test ends (the event streams ended first), and a
// client of it.
func newStreamedServer(t testing.TB) (*Server, *httptest.Server, *client) {
	t.Helper()
	s := newTestServer(t)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { s.EndStreams(); ts.Close(); s.Close() })
	return s, ts, &client{t: t, ts: ts}
}

func newClient(t testing.TB, s *Server) *client {
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return &client{t: t, ts: ts}
}

// do sends a request and decodes the JSON answer into out; it returns
// the status code.
func (c *client) do(method, path string, body any, out any) int {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.ts.URL+path, rd)
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			c.t.Fatalf("%s %s: %d %s: %v", method, path, resp.StatusCode, b, err)
		}
	}
	return resp.StatusCode
}

// create starts a game and returns its links by role (the tokens).
func (c *client) create(req NewGame) map[string]string {
	c.t.Helper()
	var cr Created
	if code := c.do("POST", "/api/games", req, &cr); code != http.StatusCreated {
		c.t.Fatalf("create: %d", code)
	}
	out := map[string]string{}
	for role, link := range cr.Links {
		out[role] = strings.TrimPrefix(link, "/play/")
	}
	return out
}

func (c *client) view(tok string) *View {
	c.t.Helper()
	var v View
	if code := c.do("GET", "/api/g/"+tok, nil, &v); code != http.StatusOK {
		c.t.Fatalf("view: %d", code)
	}
	return &v
}

// command sends a command; it returns the status and the refusal, if any.
func (c *client) command(tok, cmd string) (int, *Refusal) {
	c.t.Helper()
	var raw json.RawMessage
	code := c.do("POST", "/api/g/"+tok+"/command", CommandRequest{Command: cmd}, &raw)
	if code == http.StatusOK {
		return code, nil
	}
	var rf Refusal
	json.Unmarshal(raw, &rf)
	return code, &rf
}

// endUntil ends the phases of game tok until one of kind begins.
func (c *client) endUntil(tok, kind string) {
	for c.view(tok).Status.Kind != kind {
		c.must(tok, "end")
	}
}

// must sends a command that must be accepted.
func (c *client) must(tok, cmd string) {
	c.t.Helper()
	if code, rf := c.command(tok, cmd); code != http.StatusOK {
		c.t.Fatalf("%s: %d %v", cmd, code, rf)
	}
}

// waitFor polls the view until ok holds (the computer plays in the
// background).
func (c *client) waitFor(tok string, ok func(*View) bool) *View {
	c.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		v := c.view(tok)
		if ok(v) {
			return v
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("timed out waiting; acting %s, phase %s", v.Acting, v.Status.Phase)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
