package main

import (
	"errors"
	"strings"
	"testing"

	"gpw/game"
)

func TestIsCommand(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"end", true},
		{"  move ger-4 B-1203 # on", true},
		{"", false},
		{"   ", false},
		{"# a comment", false},
		{game.SpentMark + "attack B-1203 from B-1202", false},
	}
	for _, tt := range tests {
		if got := isCommand(tt.line); got != tt.want {
			t.Errorf("isCommand(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestScriptPlayer: the script plays both sides through game.Play, one
// accepted line a round: comments and refusals (with --keep-going) are
// no rounds of their own, nothing is passed for it, and Play stops at
// the script's end with errScriptEnd; without --keep-going a refusal
// stops it with the line.
func TestScriptPlayer(t *testing.T) {
	lines := "# the axis\nmove nowhere B-0101\n\nplace auto\nend # set up\n"
	for _, keep := range []bool{true, false} {
		var out strings.Builder
		g, err := newGame(&runOptions{IO: &ioStreams{In: strings.NewReader(""), Out: &out, Err: &out}, gameOptions: gameOptions{Scenario: "gdw/barbarossa"}})
		if err != nil {
			t.Fatal(err)
		}
		sp := newScriptPlayer(strings.NewReader(lines), "s.gpw", keep)
		err = game.Play(g, [2]game.Player{sp, sp}, nil)
		got := g.Snapshot().Commands
		switch {
		case keep && (!errors.Is(err, errScriptEnd) || sp.refused != 1 || strings.Join(got, ";") != "place auto;end"):
			t.Errorf("--keep-going: Play = %v, %d refused, commands %q; want the script's end, 1, [place auto, end]", err, sp.refused, got)
		case !keep && (err == nil || err.Error() != "s.gpw:2: refused" || len(got) != 0):
			t.Errorf("Play = %v, commands %q; want s.gpw:2: refused and none", err, got)
		}
	}
}
