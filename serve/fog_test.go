package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"gpw/game"
)

// raw GETs a path and returns the status and the body as text.
func (c *client) raw(path string) (int, string) {
	c.t.Helper()
	resp, err := httpClient.Get(c.ts.URL + path)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestFogNetworkGame plays a network game under rules/house/fog.lua and
// checks that the Soviet link never receives what the Soviet side may not
// see: an Axis unit moved out of its sight, by id, kind or strength, in
// the view (units, log, marks, actions), the answers to its questions,
// the record or the event stream; the Axis link receives it all.
func TestFogNetworkGame(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	src, err := os.ReadFile("../rules/house/fog.lua")
	if err != nil {
		t.Fatal(err)
	}
	links := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true, Module: &Module{Name: "fog.lua", Source: string(src)}}, Mode: "network"})
	axis, soviet := links["axis"], links["soviet"]
	for _, cmd := range []string{"place auto", "end", "end", "end", "end"} {
		c.must(axis, cmd)
	}
	if v := c.view(axis); v.Status.Phase != "axis-general" {
		t.Fatalf("phase %s", v.Status.Phase)
	}
	// the Axis reserves (units to arrive, withdrawn) are the Axis's to know
	reserves := func(v *View) (n int) {
		for _, u := range v.Units {
			if u.Side == "axis" && (u.Status == "pending" || u.Status == "withdrawn") {
				n++
			}
		}
		return n
	}
	if n, m := reserves(c.view(axis)), reserves(c.view(soviet)); n == 0 || m != 0 {
		t.Errorf("Axis reserves: %d in the Axis view, %d in the Soviet view (want some, none)", n, m)
	}
	// an Axis unit the Soviets do not see, moved west, farther out of sight
	sv := c.view(soviet)
	hidden := map[string]bool{}
	for _, u := range sv.Units {
		if u.Hidden {
			hidden[u.Hex] = true
		}
	}
	av := c.view(axis)
	unit, dest := "", ""
	for _, id := range av.Actions.Move {
		var from string
		for _, u := range av.Units {
			if u.ID == id {
				from = u.Hex
			}
		}
		if !hidden[from] {
			continue
		}
		var r game.Reach
		if code := c.do("GET", "/api/g/"+axis+"/reach?unit="+id, nil, &r); code != http.StatusOK {
			t.Fatalf("reach %s: %d", id, code)
		}
		for _, h := range r.Hexes {
			if h.End && h.Hex != from && (dest == "" || h.Hex < dest) && strings.HasPrefix(h.Hex, "A-") {
				unit, dest = id, h.Hex
			}
		}
		if unit != "" {
			break
		}
	}
	if unit == "" {
		t.Fatalf("no Axis unit out of the Soviets' sight may move (%d hidden)", len(hidden))
	}
	var res json.RawMessage
	if code := c.do("POST", "/api/g/"+axis+"/command", CommandRequest{Command: "move " + unit + " " + dest}, &res); code != http.StatusOK {
		t.Fatalf("move %s %s: %d", unit, dest, code)
	}
	if !strings.Contains(string(res), `"unit":"`+unit+`"`) {
		t.Errorf("the Axis link's step hides its own move: %s", res)
	}
	quoted := `"` + unit + `"`
	for _, q := range []string{"", "?log=0", "/hex?id=" + dest, "/overlay?kind=supply&side=axis", "/overlay?kind=zoc&side=axis"} {
		code, body := c.raw("/api/g/" + soviet + q)
		if code != http.StatusOK {
			t.Errorf("soviet %s: %d %.300s", q, code, body)
		}
		if strings.Contains(body, quoted) {
			t.Errorf("the Soviet link receives %s in %q", unit, q)
		}
		if _, truth := c.raw("/api/g/" + axis + q); q == "" && !strings.Contains(truth, quoted) {
			t.Errorf("the Axis link does not see its own unit in %q", q)
		}
	}
	// the hidden unit as the board reads it, and the move in the log
	sv = c.view(soviet)
	var seen bool
	for _, u := range sv.Units {
		if u.Hex == dest && u.Side == "axis" {
			seen = true
			b, _ := json.Marshal(u)
			if want := `{"id":"?` + dest + `","side":"axis","hex":"` + dest + `","status":"on map","hidden":true}`; string(b) != want {
				t.Errorf("the hidden unit: %s, want %s", b, want)
			}
		}
	}
	if !seen {
		t.Errorf("the Soviet view has no unit in %s", dest)
	}
	last := sv.Log[len(sv.Log)-1]
	if string(last.Event) != `{"event":"move","side":"axis","hidden":true}` {
		t.Errorf("the move as the Soviets read it: %s", last.Event)
	}
	// questions that would show it are refused; so are the record and past positions
	for _, q := range []string{"/reach?unit=" + dest, "/preview?hex=" + dest + "&from=" + dest, "/record", "/at?n=1"} {
		code, body := c.raw("/api/g/" + soviet + q)
		if code == http.StatusOK || !strings.Contains(body, "House: Limited intelligence") || strings.Contains(body, quoted) {
			t.Errorf("soviet %s: %d %.300s", q, code, body)
		}
	}
	if code, _ := c.raw("/api/g/" + axis + "/record"); code != http.StatusForbidden {
		t.Errorf("the Axis link gets the record (it names Soviet units) while the game goes on: %d", code)
	}
	// the event stream carries only the version
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", c.ts.URL+"/api/g/"+soviet+"/events", nil)
	resp, err := httpClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(resp.Body)
	var lines []string
	for sc.Scan() && len(lines) < 2 {
		if l := sc.Text(); l != "" {
			lines = append(lines, l)
		}
	}
	resp.Body.Close()
	if len(lines) != 2 || lines[0] != "event: update" || !strings.HasPrefix(lines[1], `data: {"version":`) || strings.Contains(lines[1], unit) {
		t.Errorf("the event stream: %q", lines)
	}
	// the spectator sees the whole game (a referee)
	if _, body := c.raw("/api/g/" + links["spectator"]); !strings.Contains(body, quoted) {
		t.Error("the spectator does not see the whole game")
	}
}

// TestModuleLintWarnings: a module sent to the server is linted as gpw
// check does, and its sender told.
func TestModuleLintWarnings(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	var cr Created
	src := "local R = require(\"base\")\nR.id = \"typo\"\nR.chits = 1\nR.weather.snow.shfit = -1\nreturn R\n"
	if code := c.do("POST", "/api/games", NewGame{Spec: Spec{Scenario: "rulebook/movement", Module: &Module{Name: "typo.lua", Source: src}}, Mode: "hotseat"}, &cr); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	if len(cr.Warnings) != 1 || !strings.Contains(cr.Warnings[0], "R.weather.snow.shfit is not a field the engine reads (did you mean R.weather.snow.shift?)") {
		t.Errorf("warnings %q", cr.Warnings)
	}
}
