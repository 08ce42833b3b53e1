package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw/game"
)

// evilScenario writes the movement example with a text changed to hold
// terminal escapes (set the window's title, clear the screen).
func evilScenario(t *testing.T, from, to string) string {
	t.Helper()
	src, err := os.ReadFile("../../scenarios/rulebook/movement.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), from) {
		t.Fatalf("no %s in the movement example", from)
	}
	p := filepath.Join(t.TempDir(), "evil.toml")
	if err := os.WriteFile(p, []byte(strings.Replace(string(src), from, to, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const escapes = `\u001b]0;pwned\u0007\u001b[2J`

// A control character in a unit id is refused by gpw check with the
// file and line; nothing printed holds it raw.
func TestCheckControlInID(t *testing.T) {
	p := evilScenario(t, `id = "army-1"`, `id = "army-1`+escapes+`"`)
	var out bytes.Buffer
	checkRun(&checkOptions{IO: &ioStreams{Out: &out}, Files: []string{p}})
	got := out.String()
	if !strings.Contains(got, "evil.toml:41:") || !strings.Contains(got, "control character") {
		t.Errorf("gpw check: %s", got)
	}
	if strings.ContainsAny(got, "\x1b\x07") {
		t.Errorf("gpw check printed the escapes raw: %q", got)
	}
	ios, outb := testIO("")
	err := runRun(&runOptions{IO: ios, gameOptions: gameOptions{Scenario: p}})
	if err == nil || !strings.Contains(err.Error(), "control character") {
		t.Errorf("gpw run: %v", err)
	}
	if strings.ContainsAny(outb.String(), "\x1b\x07") {
		t.Errorf("gpw run printed the escapes raw")
	}
}

// The texts of a game (its events, which hold a scenario's ids, names
// and places, a query's answer, a refusal) are printed with their
// control characters escaped, as a module's are.
func TestPrintedTextsEscaped(t *testing.T) {
	raw := "army-1\x1b]0;pwned\x07\x1b[2J\x00"
	var out bytes.Buffer
	printer(&out, false)(game.Event{Kind: "move", Text: "moved " + raw})
	p := &player{out: &out}
	p.answer("units", raw, nil)
	p.answer("units", nil, &game.Refusal{Msg: "no unit " + raw})
	p.failed(errors.New(raw))
	if strings.ContainsAny(out.String(), "\x1b\x07\x00") {
		t.Errorf("printed raw: %q", out.String())
	}
	if !strings.Contains(out.String(), `army-1\x1b]0;pwned\x07`) {
		t.Errorf("the text is not printed escaped: %q", out.String())
	}
}
