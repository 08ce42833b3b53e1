package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyCase copies the files of testdata/housetest/NAME.* and house.lua
// into dir, with the expectation replaced by exp when given.
func copyCase(t *testing.T, dir, name, exp string) {
	t.Helper()
	for _, f := range []string{"house.lua", name + ".toml", name + ".gpw", name + ".expect.json"} {
		b, err := os.ReadFile(filepath.Join("testdata", "housetest", f))
		if err != nil {
			t.Fatal(err)
		}
		if exp != "" && strings.HasSuffix(f, ".expect.json") {
			b = []byte(exp)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestGpwTest(t *testing.T) {
	broken := t.TempDir()
	copyCase(t, broken, "rivers", `{"expect": [{"event": "move", "unit": "army-1", "mp": 5}, {"event": "move", "unit": "army-2", "mp": 4}], "errors": 1}`)
	errs := t.TempDir()
	copyCase(t, errs, "rivers", `{"expect": [{"event": "move", "unit": "army-1", "mp": 5}], "errors": 0}`)
	boom := t.TempDir()
	copyCase(t, boom, "gdw-rivers", "")
	os.WriteFile(filepath.Join(boom, "gdw-rivers.expect.json"), []byte(`{"rules": "boom.lua", "expect": [], "errors": 0}`), 0o644)
	os.WriteFile(filepath.Join(boom, "boom.lua"), []byte("local R = require(\"base\")\nR.id = \"boom\"\nfunction R.after_move(u)\n  gpw.defender_los(1)\nend\nreturn R\n"), 0o644)
	for _, c := range []struct {
		name  string
		args  []string
		rules string
		want  []string
		fail  bool
	}{
		{"house", []string{"testdata/housetest"}, "", []string{"PASS gdw-rivers", "PASS rivers (5 events)", "2 passed, 0 failed"}, false},
		{"first-difference", []string{broken}, "", []string{
			`FAIL rivers: expectation 2 of 2 not met: {"event":"move","mp":4,"unit":"army-2"}; the first move event after it is {"allowance":6,"event":"move","from":"B-1304","mp":5,`,
			`: mp is 5, not 4`, "0 passed, 1 failed"}, true},
		{"errors", []string{errs}, "", []string{`FAIL rivers: 1 error event(s), expected 0: entering B-1006 costs 2 MP and only 1 of 6 are left`, "House: rivers cost 2 extra MP"}, true},
		{"under-rules", []string{"testdata/housetest"}, "gdw", []string{"PASS gdw-rivers", "FAIL rivers: expectation 2 of 5 not met", "mp is 4, not 5", "1 passed, 1 failed"}, true},
		{"module-error", []string{boom}, "", []string{"FAIL gdw-rivers: gdw-rivers.gpw:2: ", "gpw.defender_los is not a function of the engine (did you mean gpw.defender_loss?)"}, true},
		{"no-cases", []string{t.TempDir()}, "", nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			err := testRun(&testOptions{IO: &ioStreams{Out: &out}, Dirs: c.args, Rules: c.rules})
			if (err != nil) != c.fail {
				t.Errorf("error %v, want failure %v\n%s", err, c.fail, out.String())
			}
			for _, w := range c.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
}

// TestGpwTestSharedExamples runs the scripting contract's examples, as
// check.py does.
func TestGpwTestSharedExamples(t *testing.T) {
	dir := "../../../shared/examples"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no ../shared/examples beside the repository")
	}
	var out bytes.Buffer
	if err := testRun(&testOptions{IO: &ioStreams{Out: &out}, Dirs: []string{dir}}); err != nil || !strings.HasSuffix(out.String(), "5 passed, 0 failed\n") {
		t.Errorf("%v\n%s", err, out.String())
	}
}

// TestRunJSONModuleError: a rules module's failure under run --json is
// an error event too, and the lint is printed as the module loads.
func TestRunJSONModuleError(t *testing.T) {
	dir := t.TempDir()
	copyCase(t, dir, "gdw-rivers", "")
	mod := filepath.Join(dir, "boom.lua")
	os.WriteFile(mod, []byte("local R = require(\"base\")\nR.id = \"boom\"\nR.chits = 1\nR.weather.snow.shfit = -1\nfunction R.after_move(u)\n  gpw.defender_los(1)\nend\nreturn R\n"), 0o644)
	var out, errw bytes.Buffer
	o := &runOptions{IO: &ioStreams{In: strings.NewReader("move army-2 B-1305\n"), Out: &out, Err: &errw}, JSON: true}
	o.Scenario, o.Rules = filepath.Join(dir, "gdw-rivers.toml"), mod
	err := runRun(o)
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, `{"event":"error","error":"standard input:1: `) || !strings.Contains(last, "gpw.defender_los is not a function of the engine") {
		t.Errorf("the last line: %s", last)
	}
	if w := errw.String(); !strings.Contains(w, "boom.lua: warning: R.weather.snow.shfit is not a field the engine reads (did you mean R.weather.snow.shift?)") || strings.Contains(w, "chits") {
		t.Errorf("lint at run:\n%s", w)
	}
}

func TestGpwTestJSON(t *testing.T) {
	var out bytes.Buffer
	if err := testRun(&testOptions{IO: &ioStreams{Out: &out}, Dirs: []string{"testdata/housetest"}, Run: "gdw", JSON: true}); err != nil {
		t.Fatal(err)
	}
	if want := "{\"case\":\"gdw-rivers\",\"pass\":true,\"events\":2}\n{\"failed\":0,\"passed\":1}\n"; out.String() != want {
		t.Errorf("got %s want %s", out.String(), want)
	}
}
