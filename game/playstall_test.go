package game

import (
	"errors"
	"strings"
	"testing"

	"gpw"
	"gpw/core"
)

// toggler never ends its phase: each of its turns it switches the
// engine's auto option, a command the engine accepts, and returns.
type toggler struct{ on bool }

func (p *toggler) Play(g *Game) error {
	p.on = !p.on
	arg := "off"
	if p.on {
		arg = "on"
	}
	return g.Do(g.Actor(), Cmd(VerbAuto, arg))
}

// TestPlayStall: a player that never ends its phase stops Play after
// MaxStall rounds with an error naming it. (A player that moves and
// undoes the move has done nothing: Play passes for it.)
func TestPlayStall(t *testing.T) {
	tests := []struct {
		name    string
		players func() [2]Player
		side    core.Side
		player  string
	}{
		{"setup", func() [2]Player { return [2]Player{&toggler{}, nil} }, core.Axis, "*game.toggler"},
		{"soviet setup", func() [2]Player { return [2]Player{nil, &toggler{}} }, core.Soviet, "*game.toggler"},
		{"reinforcement", func() [2]Player { return [2]Player{&toggler{}, Pass{core.Soviet}} }, core.Axis, "*game.toggler"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(loadBuiltin(t, "gdw/barbarossa"), Options{AutoSetup: tt.name == "reinforcement"}, gpw.Data, nil)
			if err != nil {
				t.Fatal(err)
			}
			err = Play(g, tt.players(), nil)
			var se *StallError
			if !errors.As(err, &se) {
				t.Fatalf("Play = %v, want a StallError", err)
			}
			if se.Side != tt.side || se.Player != tt.player || se.Rounds < MaxStall/2 {
				t.Errorf("stalled by %s %s (%d rounds), want %s %s", se.Side, se.Player, se.Rounds, tt.side, tt.player)
			}
			for _, w := range []string{tt.side.String(), tt.player, g.Phase().ID, "does not advance"} {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// TestPlayNoStall: whole games of the pass players stay far below
// MaxStall rounds in any phase.
func TestPlayNoStall(t *testing.T) {
	g, err := New(loadBuiltin(t, "gdw/barbarossa"), Options{}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := Play(g, [2]Player{Pass{core.Axis}, Pass{core.Soviet}}, nil); err != nil {
		t.Fatal(err)
	}
	if !g.Over() {
		t.Errorf("Play returned before the end")
	}
}
