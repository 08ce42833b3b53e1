package serve

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// TestStaticCompressed: the board's files and the map go gzipped to a
// browser that takes gzip, with an entity tag answered 304 when unchanged.
func TestStaticCompressed(t *testing.T) {
	s := newTestServer(t)
	c := newClient(t, s)
	tok := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "hotseat"})["both"]
	get := func(path, etag string) *http.Response {
		req, _ := http.NewRequest("GET", c.ts.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		tr := &http.Transport{DisableCompression: true}
		resp, err := (&http.Client{Transport: tr}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	for _, tc := range []struct{ path, ctype, has string }{
		{"/static/board.js", "text/javascript", "export class Board"},
		{"/static/style.css", "text/css", ".mapbox"},
		{"/", "text/html", "/static/app.js"},
		{"/play/" + tok, "text/html", "/static/app.js"},
		{"/api/g/" + tok + "/map.svg", "image/svg+xml", "<svg"},
	} {
		resp := get(tc.path, "")
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" || !strings.HasPrefix(resp.Header.Get("Content-Type"), tc.ctype) {
			t.Errorf("%s: %d, %q, %q; want 200, gzip, %s", tc.path, resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type"), tc.ctype)
			continue
		}
		zipped, _ := io.ReadAll(resp.Body)
		zr, err := gzip.NewReader(bytes.NewReader(zipped))
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		plain, _ := io.ReadAll(zr)
		if !bytes.Contains(plain, []byte(tc.has)) {
			t.Errorf("%s: no %q in it", tc.path, tc.has)
		}
		t.Logf("%s: %d bytes, %d gzipped", tc.path, len(plain), len(zipped))
		if etag := resp.Header.Get("ETag"); strings.HasPrefix(tc.path, "/static/") || tc.path == "/" {
			if etag == "" {
				t.Errorf("%s: no entity tag", tc.path)
			} else if again := get(tc.path, etag); again.StatusCode != http.StatusNotModified {
				t.Errorf("%s again with its tag: %d, want 304", tc.path, again.StatusCode)
			}
		}
	}
	if resp := get("/static/nothing.js", ""); resp.StatusCode != 404 {
		t.Errorf("a missing file: %d", resp.StatusCode)
	}
}

// TestChat: the two players of a network game speak, in order; a
// spectator reads but may not speak; a hot-seat game has no chat.
func TestChat(t *testing.T) {
	s := newTestServer(t)
	c := newClient(t, s)
	links := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "network"})
	type chat struct {
		Messages []ChatLine `json:"messages"`
	}
	if code := c.do("POST", "/api/g/"+links["axis"]+"/chat", map[string]string{"text": "good luck"}, nil); code != 200 {
		t.Fatalf("axis says: %d", code)
	}
	if code := c.do("POST", "/api/g/"+links["soviet"]+"/chat", map[string]string{"text": "  и тебе  "}, nil); code != 200 {
		t.Fatalf("soviet says: %d", code)
	}
	for _, bad := range []struct {
		tok, text string
		code      int
	}{
		{links["spectator"], "hello", 403},
		{links["axis"], "   ", 400},
		{links["axis"], strings.Repeat("x", 501), 400},
	} {
		if code := c.do("POST", "/api/g/"+bad.tok+"/chat", map[string]string{"text": bad.text}, nil); code != bad.code {
			t.Errorf("chat %q: %d, want %d", bad.text[:min(10, len(bad.text))], code, bad.code)
		}
	}
	var got chat
	c.do("GET", "/api/g/"+links["spectator"]+"/chat", nil, &got)
	if len(got.Messages) != 2 || got.Messages[0].Side != "axis" || got.Messages[1].Text != "и тебе" || got.Messages[1].N != 1 {
		t.Errorf("chat: %+v", got.Messages)
	}
	c.do("GET", "/api/g/"+links["axis"]+"/chat?from=1", nil, &got)
	if len(got.Messages) != 1 || got.Messages[0].Side != "soviet" {
		t.Errorf("chat from 1: %+v", got.Messages)
	}
	// the record holds the chat
	var rec struct {
		Chat []ChatLine `json:"chat"`
	}
	c.do("GET", "/api/g/"+links["axis"]+"/record", nil, &rec)
	if len(rec.Chat) != 2 {
		t.Errorf("the record's chat: %+v", rec.Chat)
	}
	hot := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "hotseat"})
	if code := c.do("POST", "/api/g/"+hot["both"]+"/chat", map[string]string{"text": "me"}, nil); code != 403 {
		t.Errorf("hot-seat chat: %d, want 403", code)
	}
}

// TestLobby: a network game's side offered in the lobby is listed until
// someone joins; of two who join at once, one gets its link.
func TestLobby(t *testing.T) {
	s := newTestServer(t)
	c := newClient(t, s)
	links := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "network"})
	var open []OpenGame
	if c.do("GET", "/api/lobby", nil, &open); len(open) != 0 {
		t.Fatalf("an empty lobby lists %+v", open)
	}
	if code := c.do("POST", "/api/lobby", map[string]string{"token": links["spectator"]}, nil); code != 400 {
		t.Errorf("offering the spectator's link: %d, want 400", code)
	}
	if code := c.do("POST", "/api/lobby", map[string]string{"token": "00"}, nil); code != 404 {
		t.Errorf("offering no game: %d, want 404", code)
	}
	hot := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "hotseat"})
	if code := c.do("POST", "/api/lobby", map[string]string{"token": hot["both"]}, nil); code != 400 {
		t.Errorf("offering a hot-seat game: %d, want 400", code)
	}
	if code := c.do("POST", "/api/lobby", map[string]string{"token": links["soviet"]}, nil); code != 200 {
		t.Fatalf("offer: %d", code)
	}
	c.do("GET", "/api/lobby", nil, &open)
	if len(open) != 1 || open[0].Side != "soviet" || open[0].Title == "" {
		t.Fatalf("lobby: %+v", open)
	}
	var wg sync.WaitGroup
	codes := make([]int, 2)
	answers := make([]map[string]string, 2)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = c.do("POST", "/api/lobby/"+open[0].ID+"/join", nil, &answers[i])
		}()
	}
	wg.Wait()
	won := 0
	for i, code := range codes {
		if code == 200 {
			won++
			if answers[i]["link"] != "/play/"+links["soviet"] {
				t.Errorf("joined with %v", answers[i])
			}
		} else if code != 409 {
			t.Errorf("join: %d", code)
		}
	}
	if won != 1 {
		t.Errorf("%d joined the one free side", won)
	}
	if c.do("GET", "/api/lobby", nil, &open); len(open) != 0 {
		t.Errorf("a taken game still listed: %+v", open)
	}
}

// TestCharts: the charts of the rules in force.
func TestCharts(t *testing.T) {
	s := newTestServer(t)
	c := newClient(t, s)
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "hotseat"})["both"]
	var ch Charts
	if code := c.do("GET", "/api/g/"+tok+"/charts", nil, &ch); code != 200 {
		t.Fatalf("charts: %d", code)
	}
	if len(ch.CRT.Rows) != 6 || len(ch.CRT.Columns) < 5 || len(ch.CRT.Cells[0]) != len(ch.CRT.Columns) {
		t.Errorf("CRT: %+v", ch.CRT)
	}
	if len(ch.Move.Columns) == 0 || len(ch.Move.Rows) < 4 {
		t.Errorf("terrain: %+v", ch.Move)
	}
	for i, row := range ch.Move.Cells {
		for _, x := range row {
			if x == "" || x == "0" {
				t.Errorf("terrain %s: cost %q", ch.Move.Rows[i], x)
			}
		}
	}
}
