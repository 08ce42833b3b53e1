package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeHouse writes a house module of body after require("base") in a
// folder of its own and returns its path.
func writeHouse(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "house.lua")
	src := "local R = require(\"base\")\nR.id = \"house\"\n" + body + "\nreturn R\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBrokenCRTCommands: gpw crt, gpw rules diff and gpw check on a
// module with a broken CRT end in its error, with the field's path.
func TestBrokenCRTCommands(t *testing.T) {
	tests := []struct{ body, want string }{
		{`R.crt.rows[1] = {"DR"}`, "R.crt.rows[1] has 1 results for 6 columns"},
		{`R.crt.rows[2] = "x"`, "R.crt.rows[2] is a string, not a row of results"},
		{`R.crt.rows[2] = 7`, "R.crt.rows[2] is a number, not a row of results"},
		{`R.crt.columns = {}`, "R.crt.columns: 0 columns; a table has 1 to 30"},
	}
	for _, tt := range tests {
		house := writeHouse(t, tt.body)
		ios, _ := testIO("")
		errs := map[string]error{
			"crt":        crtRun(&crtOptions{IO: ios, Rules: house}),
			"rules diff": rulesDiffRun(&rulesDiffOptions{IO: ios, A: "gdw", B: house}),
		}
		for cmd, err := range errs {
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s %s: error %v, want %q", cmd, tt.body, err, tt.want)
			}
		}
		var out bytes.Buffer
		if err := checkRun(&checkOptions{IO: &ioStreams{Out: &out}, Files: []string{house}}); err == nil || !strings.Contains(out.String(), tt.want) {
			t.Errorf("check %s: %v\n%s", tt.body, err, out.String())
		}
	}
}

// TestCheckModule: gpw check refuses a module with a wrong type or an
// unknown hook, and warns of misspelt fields without failing.
func TestCheckModule(t *testing.T) {
	tests := []struct {
		body string
		want []string
		fail bool
	}{
		{`R.retreet = {hexes = 3}
R.crt.columsn = 1`, []string{"house.lua: warning: R.retreet is not a field the engine reads (did you mean R.retreat?)",
			"house.lua: warning: R.crt.columsn is not a field the engine reads (did you mean R.crt.columns?)", "house.lua: ok"}, false},
		{`function R.on_phase_strat(p) end`, []string{"R.on_phase_strat is not a hook the engine calls (did you mean R.on_phase_start?)"}, true},
		{`R.kinds = 7`, []string{"house.lua: R.kinds is a number; it must be a table"}, true},
		{`R.rail = {limit = "many"}`, []string{"R.rail.limit is a string; it must be a table"}, true},
		{`R.weather.mud = 5`, []string{"R.weather.mud is a number; it must be a table"}, true},
	}
	for _, tt := range tests {
		house := writeHouse(t, tt.body)
		var out bytes.Buffer
		err := checkRun(&checkOptions{IO: &ioStreams{Out: &out}, Files: []string{house}})
		if (err != nil) != tt.fail {
			t.Errorf("%s: error %v, want failure %v", tt.body, err, tt.fail)
		}
		for _, w := range tt.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: output lacks %q:\n%s", tt.body, w, out.String())
			}
		}
	}
}

// TestLongScriptLine: a script line over the limit is an error naming
// the file and line, for run and odds.
func TestLongScriptLine(t *testing.T) {
	script := filepath.Join(t.TempDir(), "long.gpw")
	data := "# fine\n# " + strings.Repeat("x", maxLine+10) + "\n"
	if err := os.WriteFile(script, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	want := script + ":2: the line is longer than 1048576 bytes"
	ios, _ := testIO("")
	err := runRun(&runOptions{IO: ios, gameOptions: gameOptions{Scenario: "rulebook/combat-river-forest", LuaMemory: 256}, Script: script})
	if err == nil || err.Error() != want {
		t.Errorf("run: error %v, want %q", err, want)
	}
	err = oddsRun(&oddsOptions{IO: ios, gameOptions: gameOptions{Scenario: "rulebook/combat-river-forest", LuaMemory: 256}, Script: script, Args: []string{"B-1603", "from", "B-1503"}})
	if err == nil || err.Error() != want {
		t.Errorf("odds: error %v, want %q", err, want)
	}
}

// endless is input that never ends: after its head, the byte fill for
// ever. It counts what was read and, so that a reader that would read for
// ever fails the test, fails past 4 MiB.
type endless struct {
	head string
	fill byte
	read int
}

func (e *endless) Read(b []byte) (int, error) {
	if e.read > 4*maxLine {
		return 0, errors.New("read past 4 MiB of an endless line")
	}
	n := copy(b, e.head)
	e.head = e.head[n:]
	for i := n; i < len(b); i++ {
		b[i] = e.fill
	}
	e.read += len(b)
	return len(b), nil
}

// TestEndlessScriptLine: a script line that never ends (/dev/zero) is an
// error naming the file and line once maxLine bytes are read, for run
// (alone and with a bot) and the reader odds uses.
func TestEndlessScriptLine(t *testing.T) {
	tests := []struct {
		name string
		in   *endless
		run  func(in *endless) error
		want string
	}{
		{"run, zeros", &endless{}, func(in *endless) error {
			ios, _ := testIO("")
			ios.In = in
			return runRun(&runOptions{IO: ios, gameOptions: gameOptions{Scenario: "rulebook/combat-river-forest", LuaMemory: 256}})
		}, "standard input:1: the line is longer than 1048576 bytes"},
		{"run with a bot", &endless{head: "# a comment\n", fill: 'x'}, func(in *endless) error {
			ios, _ := testIO("")
			ios.In = in
			return runRun(&runOptions{IO: ios, gameOptions: gameOptions{Scenario: "rulebook/combat-river-forest", LuaMemory: 256}, botOptions: botOptions{Bots: []string{"axis"}}})
		}, "standard input:2: the line is longer than 1048576 bytes"},
		{"script lines", &endless{head: "phase\n\n", fill: 'x'}, func(in *endless) error {
			return lines(in, "s.gpw", func(int, string) error { return nil })
		}, "s.gpw:3: the line is longer than 1048576 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.run(tt.in)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v, want %q", err, tt.want)
			}
			if tt.in.read > 2*maxLine {
				t.Errorf("read %d bytes, past twice the limit", tt.in.read)
			}
		})
	}
}

// TestPlayLongLine: play reading a pipe skips a line over the limit with
// an error, and goes on.
func TestPlayLongLine(t *testing.T) {
	in := "#" + strings.Repeat("x", maxLine+10) + "\nphase\n"
	ios, out := testIO(in)
	if err := playRun(&runOptions{IO: ios, gameOptions: gameOptions{Scenario: "rulebook/combat-river-forest", LuaMemory: 256}}); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"error: line 1 is longer than 1048576 bytes: skipped", "soviet-combat phase"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("output lacks %q:\n%.500s", w, out.String())
		}
	}
}

// TestLuaMemoryFlag: --lua-memory sets the game's memory budget.
func TestLuaMemoryFlag(t *testing.T) {
	house := writeHouse(t, `R.commands = R.commands or {}
R.commands.hoard = function() local t = {} for i = 1, 1e9 do t[i] = {i} end end`)
	script := filepath.Join(t.TempDir(), "s.gpw")
	os.WriteFile(script, []byte("hoard\n"), 0o644)
	ios, _ := testIO("")
	err := runRun(&runOptions{IO: ios, gameOptions: gameOptions{Scenario: "rulebook/combat-river-forest", Rules: house, LuaMemory: 24}, Script: script})
	if err == nil || !strings.Contains(err.Error(), "took more than its memory budget of 24 MiB in one call (--lua-memory)") {
		t.Errorf("error %v, want the memory budget's", err)
	}
	if b := (&gameOptions{LuaMemory: 0}).budget(); b.Memory >= 0 {
		t.Errorf("--lua-memory 0 gives a budget of %d bytes, want none (negative)", b.Memory)
	}
}
