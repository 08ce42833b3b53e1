package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The speed targets (docs/serve.md): a move ≤ 50 ms of server time; the
// campaign board ready ≤ 1 s; 100 games at once with p99 command latency
// ≤ 100 ms and no command lost. Run with go test -run x -bench . ./serve/

// movePhase starts a hot-seat campaign game and ends phases up to its
// first general movement phase, where most units may move.
func movePhase(tb testing.TB, c *client) string {
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/campaign", AutoSetup: true}, Mode: "hotseat"})["both"]
	for v := c.view(tok); v.Status.Phase != "axis-general"; v = c.view(tok) {
		c.must(tok, "end")
	}
	return tok
}

// player reads a game as the board does: its view with the log from
// where it stopped.
type player struct {
	c       *client
	tok     string
	logNext int
	epoch   int64
}

func (p *player) view() *View {
	var v View
	p.c.do("GET", fmt.Sprintf("/api/g/%s?log=%d&epoch=%d", p.tok, p.logNext, p.epoch), nil, &v)
	p.logNext, p.epoch = v.LogTotal, v.LogEpoch
	return &v
}

// nextMove finds a move for the first unit that may move: to the
// farthest hex it may end in; "" when none may.
func (p *player) nextMove() string {
	v := p.view()
	if v.Actions == nil {
		return ""
	}
	for _, id := range v.Actions.Move {
		var r struct {
			Hexes []struct {
				Path []string `json:"path"`
				End  bool     `json:"end"`
			} `json:"hexes"`
		}
		p.c.do("GET", "/api/g/"+p.tok+"/reach?unit="+id, nil, &r)
		for i := len(r.Hexes) - 1; i >= 0; i-- {
			if r.Hexes[i].End {
				return "move " + id + " " + strings.Join(r.Hexes[i].Path, " ")
			}
		}
	}
	return ""
}

// BenchmarkMove is the server time of one move: the request handled, the
// move checked and made, and stored.
func BenchmarkMove(b *testing.B) {
	s := newTestServer(b)
	defer s.Close()
	c := newClient(b, s)
	h := s.Handler()
	p := &player{c: c, tok: movePhase(b, c)}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		move := p.nextMove()
		if move == "" {
			p = &player{c: c, tok: movePhase(b, c)}
			move = p.nextMove()
		}
		b.StartTimer()
		body, _ := json.Marshal(CommandRequest{Command: move})
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/g/"+p.tok+"/command", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("%d %s", rec.Code, rec.Body)
		}
	}
}

// BenchmarkView is the server time of a view of the campaign in a
// movement phase: units, log and legal actions.
func BenchmarkView(b *testing.B) {
	s := newTestServer(b)
	defer s.Close()
	c := newClient(b, s)
	tok := movePhase(b, c)
	h := s.Handler()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/g/"+tok+"?log=0", nil))
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkLoad100Games plays 100 games at once over HTTP on loopback.
// Each player, like a quick human, thinks 0.25 to 0.75 s, reads its view
// as the board does, asks the reach of a unit and sends a command (a move
// while it has one, an end every fourth), 20 times; the whole is bounded
// to a minute. It reports the latency of the commands and fails on a
// command lost.
func BenchmarkLoad100Games(b *testing.B) {
	const games, perGame = 100, 20
	for i := 0; i < b.N; i++ {
		s := newTestServer(b)
		c := newClient(b, s)
		toks := make([]string, games)
		for g := range toks {
			toks[g] = c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "hotseat"})["both"]
		}
		var mu sync.Mutex
		var lat []time.Duration
		accepted := make([]int, games)
		deadline := time.Now().Add(time.Minute)
		var wg sync.WaitGroup
		b.ResetTimer()
		for g, tok := range toks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p := &player{c: c, tok: tok}
				rng := rand.New(rand.NewPCG(uint64(g), 1))
				for n := 0; n < perGame && time.Now().Before(deadline); n++ {
					time.Sleep(time.Duration(250+rng.IntN(500)) * time.Millisecond)
					cmd := p.nextMove()
					if cmd == "" || n%4 == 3 {
						cmd = "end"
					}
					t0 := time.Now()
					code, _ := c.command(tok, cmd)
					d := time.Since(t0)
					if code == http.StatusOK {
						accepted[g]++
					}
					mu.Lock()
					lat = append(lat, d)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		b.StopTimer()
		for g, tok := range toks {
			var rec Record
			c.do("GET", "/api/g/"+tok+"/record", nil, &rec)
			if len(rec.Entries) != accepted[g] {
				b.Fatalf("game %d: %d accepted, %d in the record", g, accepted[g], len(rec.Entries))
			}
		}
		s.Close()
		slices.Sort(lat)
		p := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))].Microseconds()) / 1000 }
		b.ReportMetric(p(0.5), "p50-ms")
		b.ReportMetric(p(0.99), "p99-ms")
		b.ReportMetric(float64(len(lat)), "commands")
	}
}

// BenchmarkBoardReady loads the campaign board in chromium until its
// map, click targets and counters are drawn.
func BenchmarkBoardReady(b *testing.B) {
	_, ts, c := newStreamedServer(b)
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/campaign", AutoSetup: true}, Mode: "hotseat"})["both"]
	br := newBrowser(b)
	br.do("warm up", chromedp.Navigate(ts.URL+"/"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		br.do("load", chromedp.Navigate(fmt.Sprintf("%s/play/%s?i=%d", ts.URL, tok, i)))
		br.wait("the board", `document.body.dataset.ready === 'true' && document.querySelectorAll('#counters .counter').length > 20`)
	}
}

// BenchmarkViewFresh is a view computed anew, as after each command: the
// units (with their supply), the legal actions and the log.
func BenchmarkViewFresh(b *testing.B) {
	s := newTestServer(b)
	defer s.Close()
	c := newClient(b, s)
	tok := movePhase(b, c)
	l, role, err := s.game(tok)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l.mu.Lock()
		l.e.cached.stamp = [2]int64{}
		v := l.view(role, 0, 0)
		l.mu.Unlock()
		if _, err := json.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}
