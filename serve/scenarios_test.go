package serve

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw"
)

// mozhaisk is a designer's scenario: a town and a fortified line added to
// the built-in map, and special rules beside it.
const mozhaisk = `name = "Mozhaisk line"
format_version = 1
start = "Sep/Oct 1941"
end = "Nov/Dec 1941"
map = "gpw"
units = "gdw"
unlisted = "absent"
special = "mozhaisk.lua"

[[city]]
name = "Mozhaisk"
hex = "Moscow@SW:2"

[[fortification]]
name = "Mozhaisk line"
hexes = ["Mozhaisk", "Mozhaisk@N:1"]

[front]
places = ["Leningrad", "Vyazma", "Bryansk", "Kharkov", "Rostov"]
axis_areas = ["Helsinki"]

[[setup]]
side = "soviet"
hexes = ["Mozhaisk", "Mozhaisk@N:1"]
units = ["sov-5", "sov-16"]

[[setup]]
side = "axis"
near = "Smolensk"
radius = 2
units = ["ger-40pz"]
`

// A folder's scenarios are listed beside the built-in ones and played;
// the game keeps the files it began with, so the folder may change.
func TestServeScenarioFolder(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"mozhaisk.toml": mozhaisk, "mozhaisk.lua": "return function(R) return R end\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(Config{DB: filepath.Join(t.TempDir(), "gpw.db"), Data: gpw.Data, Scenarios: os.DirFS(dir)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := newClient(t, s)
	var list []struct{ Name, Title string }
	c.do("GET", "/api/scenarios", nil, &list)
	names := ""
	for _, l := range list {
		names += l.Name + " "
	}
	if !strings.Contains(names, "local/mozhaisk") || !strings.Contains(names, "gdw/barbarossa") {
		t.Fatalf("listed: %s", names)
	}
	links := c.create(NewGame{Spec: Spec{Scenario: "local/mozhaisk", AutoSetup: true}, Mode: "hotseat"})
	// the folder changes; the game goes on with what it began with
	if err := os.WriteFile(filepath.Join(dir, "mozhaisk.toml"), []byte("broken"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	s.live = map[string]*live{} // read the game again from the database
	s.mu.Unlock()
	v := c.view(links["both"])
	if v.Status.Turn != "Sep/Oct 1941" {
		t.Errorf("turn %q", v.Status.Turn)
	}
	if code := c.do("GET", "/api/g/"+links["both"]+"/map.json", nil, nil); code != http.StatusOK {
		t.Errorf("map: %d", code)
	}
	if code := c.do("POST", "/api/games", NewGame{Spec: Spec{Scenario: "local/nope"}, Mode: "hotseat"}, nil); code == http.StatusCreated {
		t.Errorf("a scenario not in the folder was started")
	}
}

// An uploaded scenario is checked as a game of it would start, with the
// file and line of each problem, and played.
func TestServeScenarioUpload(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	up := &Upload{File: "mozhaisk.toml", Files: map[string]string{"mozhaisk.toml": mozhaisk, "mozhaisk.lua": "return function(R) return R end\n"}}
	var ok Checked
	if code := c.do("POST", "/api/scenarios/check", up, &ok); code != http.StatusOK || ok.Title != "Mozhaisk line" || len(ok.Variants) != 1 {
		t.Fatalf("check: %d %+v", code, ok)
	}
	bad := &Upload{File: "mozhaisk.toml", Files: map[string]string{"mozhaisk.toml": strings.Replace(mozhaisk, `"Smolensk"`, `"Smolensck"`, 1), "mozhaisk.lua": "return function(R) return R end\n"}}
	var rf Refusal
	if code := c.do("POST", "/api/scenarios/check", bad, &rf); code != http.StatusBadRequest || !strings.Contains(rf.Msg, `mozhaisk.toml:29: setup: "Smolensck" is neither a city of map gpw nor a hex (did you mean "Smolensk"?)`) {
		t.Errorf("a bad upload: %d %+v", code, rf)
	}
	for _, name := range []string{"../x.toml", "/etc/passwd", "a.exe"} {
		u := &Upload{File: "mozhaisk.toml", Files: map[string]string{"mozhaisk.toml": mozhaisk, name: "x"}}
		if code := c.do("POST", "/api/scenarios/check", u, &rf); code != http.StatusBadRequest || !strings.Contains(rf.Msg, "a file is a relative path") {
			t.Errorf("%s: %d %+v", name, code, rf)
		}
	}
	links := c.create(NewGame{Spec: Spec{Scenario: "mozhaisk", Upload: up, AutoSetup: true}, Mode: "hotseat"})
	if v := c.view(links["both"]); v.Status.Turn != "Sep/Oct 1941" {
		t.Errorf("turn %q", v.Status.Turn)
	}
}

// The board's setup mode: units placed by hand in a game's setup step
// are exported as the scenario with fixed hexes, which checks again.
func TestServeSetupExport(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	lua := "return function(R) return R end\n"
	up := &Upload{File: "mozhaisk.toml", Files: map[string]string{"mozhaisk.toml": mozhaisk, "mozhaisk.lua": lua}}
	links := c.create(NewGame{Spec: Spec{Scenario: "mozhaisk", Upload: up}, Mode: "hotseat"})
	tok := links["both"]
	c.must(tok, "place ger-40pz Smolensk")
	c.must(tok, "place ger-40pz Smolensk@N:1") // moved again
	resp, err := httpClient.Get(c.ts.URL + "/api/g/" + tok + "/setup.toml")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "units = [\"ger-40pz\"]\nhexes = [") {
		t.Fatalf("%d\n%s", resp.StatusCode, body)
	}
	var ok Checked
	back := &Upload{File: "mozhaisk.toml", Files: map[string]string{"mozhaisk.toml": string(body), "mozhaisk.lua": lua}}
	if code := c.do("POST", "/api/scenarios/check", back, &ok); code != http.StatusOK {
		t.Errorf("the export does not check: %d\n%s", code, body)
	}
}
