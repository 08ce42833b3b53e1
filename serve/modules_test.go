package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gpw"
)

// moduleFolders lists what the server keeps in its modules folder.
func moduleFolders(t *testing.T, s *Server) []string {
	t.Helper()
	ents, err := os.ReadDir(s.lib.Modules)
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// No path sent in a request reaches the file system: rules are a
// variant, a built-in house module by name or a module's text.
func TestRulesNeverAPath(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	secret := filepath.Join(t.TempDir(), "x.lua")
	os.WriteFile(secret, []byte(`error("password=hunter2")`), 0o600)
	wd, _ := os.Getwd()
	for _, rules := range []string{secret, "../rules/house/river2.lua", "rules/house/river2.lua", "house/../../x", "house/nothere", "/etc/passwd", "x.lua", "base"} {
		var rf Refusal
		code := c.do("POST", "/api/games", NewGame{Spec: Spec{Scenario: "rulebook/movement", Rules: rules}, Mode: "hotseat"}, &rf)
		if code != http.StatusBadRequest || !strings.Contains(rf.Msg, "gdw, adc2 or a built-in house module") {
			t.Errorf("rules %q: %d %q, want a refusal", rules, code, rf.Msg)
		}
		if strings.Contains(rf.Msg, "hunter2") || strings.Contains(rf.Msg, wd) || strings.Contains(rf.Msg, s.lib.Modules) {
			t.Errorf("rules %q: the answer shows the server's files: %q", rules, rf.Msg)
		}
	}
	// a built-in house module by name, as GET /api/rules lists them
	var rc RulesChoice
	c.do("GET", "/api/rules", nil, &rc)
	if !slices.Contains(rc.House, "house/river2") || !slices.Contains(rc.Variants, "adc2") {
		t.Errorf("GET /api/rules: %+v", rc)
	}
	tok := c.create(NewGame{Spec: Spec{Scenario: "rulebook/movement", Rules: "house/river2"}, Mode: "hotseat"})["both"]
	if v := c.view(tok); v.Game.Rules != "river2" {
		t.Errorf("house/river2 played as %q", v.Game.Rules)
	}
}

// A module's errors name its file, never the server's folders; a module
// requiring a file that is not there does not list them either.
func TestModuleErrorsShowNoServerPath(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	for _, src := range []string{
		`local R = require("base") R.id = "x" local y = require("init") return R`,
		`error("boom")`,
		`return 1`,
	} {
		var raw json.RawMessage
		code := c.do("POST", "/api/games", NewGame{Spec: Spec{Scenario: "rulebook/movement", Module: &Module{Name: "m.lua", Source: src}}, Mode: "hotseat"}, &raw)
		if code/100 == 2 {
			t.Fatalf("%s: accepted", src)
		}
		if strings.Contains(string(raw), s.lib.Modules) || strings.Contains(string(raw), filepath.Dir(s.lib.Modules)) {
			t.Errorf("%s: the answer shows the server's folder: %s", src, raw)
		}
		if !strings.Contains(string(raw), "m.lua") {
			t.Errorf("%s: the answer does not name the module: %s", src, raw)
		}
	}
	// the record of a game under a module names the module, not its path
	src, _ := os.ReadFile("../rules/house/river2.lua")
	tok := c.create(NewGame{Spec: Spec{Scenario: "rulebook/movement", Module: &Module{Name: "river2.lua", Source: string(src)}}, Mode: "hotseat"})["both"]
	var raw json.RawMessage
	c.do("GET", "/api/g/"+tok+"/record", nil, &raw)
	if strings.Contains(string(raw), filepath.Dir(s.lib.Modules)) {
		t.Errorf("the record shows the server's folder")
	}
}

// Modules are checked in memory before anything is written: 20 broken
// modules leave nothing on disk; one that parses but fails to load is
// removed at once.
func TestBrokenModulesLeaveNothing(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	big := "return {" + strings.Repeat("x", MaxModuleSize) + "}"
	for i := range 20 {
		src := fmt.Sprintf("local x%d = = 1", i) // a syntax error
		if i%2 == 1 {
			src = big
		}
		var rf Refusal
		code := c.do("POST", "/api/games", NewGame{Spec: Spec{Scenario: "rulebook/movement", Module: &Module{Name: "m.lua", Source: src}}, Mode: "hotseat"}, &rf)
		if code/100 == 2 {
			t.Fatalf("broken module %d accepted", i)
		}
	}
	if f := moduleFolders(t, s); len(f) != 0 {
		t.Errorf("broken modules left %v", f)
	}
	var rf Refusal
	if code := c.do("POST", "/api/games", NewGame{Spec: Spec{Scenario: "rulebook/movement", Module: &Module{Name: "m.lua", Source: "return 1"}}, Mode: "hotseat"}, &rf); code/100 == 2 {
		t.Fatal("a module returning 1 accepted")
	}
	if f := moduleFolders(t, s); len(f) != 0 {
		t.Errorf("a module that failed to load left %v", f)
	}
}

// A client may send so many new modules an hour, and the server keeps so
// many bytes of them.
func TestModuleQuotas(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	mod := func(i int) NewGame {
		return NewGame{Spec: Spec{Scenario: "rulebook/movement", Module: &Module{Name: "q.lua", Source: fmt.Sprintf("-- %d\nreturn require(\"base\")", i)}}, Mode: "hotseat"}
	}
	for i := range MaxModulesPerHour {
		c.create(mod(i))
	}
	var rf Refusal
	if code := c.do("POST", "/api/games", mod(MaxModulesPerHour), &rf); code/100 == 2 || !strings.Contains(rf.Msg, "an hour") {
		t.Errorf("module %d in an hour: %d %q", MaxModulesPerHour+1, code, rf.Msg)
	}
	// a module already kept is not new
	if code := c.do("POST", "/api/games", mod(0), nil); code != http.StatusCreated {
		t.Errorf("a module sent again: %d", code)
	}
	// the bytes on disk
	s2 := newTestServer(t)
	defer s2.Close()
	c2 := newClient(t, s2)
	s2.lib.mods.inUse = func() map[string]bool { // every module in use: none can be collected
		out := map[string]bool{}
		for _, f := range moduleFolders(t, s2) {
			out[f] = true
		}
		return out
	}
	s2.lib.mods.disk = MaxModulesDisk - 10
	if code := c2.do("POST", "/api/games", mod(1), &rf); code/100 == 2 || !strings.Contains(rf.Msg, "as many house modules") {
		t.Errorf("over the disk quota: %d %q", code, rf.Msg)
	}
}

// A module is removed from disk once no game in memory uses it, and
// written again when its game is read back.
func TestModulesCollected(t *testing.T) {
	s, err := New(Config{DB: filepath.Join(t.TempDir(), "gpw.db"), Data: gpw.Data, MaxLive: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := newClient(t, s)
	src, _ := os.ReadFile("../rules/house/river2.lua")
	a := c.create(NewGame{Spec: Spec{Scenario: "rulebook/movement", Module: &Module{Name: "river2.lua", Source: string(src)}}, Mode: "hotseat"})["both"]
	c.view(a)
	if f := moduleFolders(t, s); len(f) != 1 {
		t.Fatalf("a game in memory under a module: folders %v", f)
	}
	b := c.create(NewGame{Spec: Spec{Scenario: "rulebook/movement"}, Mode: "hotseat"})["both"]
	c.view(b) // evicts a
	if f := moduleFolders(t, s); len(f) != 0 {
		t.Errorf("no game in memory uses the module: folders %v", f)
	}
	c.must(a, "end")
	if f := moduleFolders(t, s); len(f) != 1 {
		t.Errorf("its game read back: folders %v", f)
	}
}
