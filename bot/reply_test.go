package bot

import (
	"testing"

	"gpw"
	"gpw/scenario"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
)

// replyAt plays Barbarossa under gdw, seed 1, hard against hard through
// Jun 1941, then on to the Axis's Jul 1941 combat phase with the Soviets
// standing still, and answers the game there and an expert Soviet bot.
func replyAt(t *testing.T) (*game.Game, *Bot) {
	t.Helper()
	g, _, _ := match(t, "scenarios/gdw/barbarossa.toml", "gdw", 1, "hard", "hard", 1)
	b, err := ForGame(g, core.Soviet, "expert")
	if err != nil {
		t.Fatal(err)
	}
	b.bind(g)
	if _, ok := b.rollToWith(g, core.Axis, core.Soviet, searchModules); !ok {
		t.Fatal("the Axis's combat phase not reached")
	}
	if p := g.Phase(); p.Side != core.Axis || p.Kind != interp.PhaseCombat {
		t.Fatalf("at %s, not the Axis's combat phase", p.ID)
	}
	b.searchDice = 12345
	return g, b
}

// TestReplyWholeTurn: the enemy's reply is played to the end of its
// player turn (its moves after combat too), the clone answered at the
// side's next phase.
func TestReplyWholeTurn(t *testing.T) {
	g, b := replyAt(t)
	_, c := b.replyLoss(g.Clone())
	if p := c.Phase(); p.Side != core.Soviet && !c.Over() {
		t.Errorf("the reply stopped at %s, before the Soviets' turn", p.ID)
	}
}

// TestReplyCountsCities: the victory cities the enemy takes in its turn
// count in the reply's change (here the Axis takes one in Jul 1941), not
// only the strength lost.
func TestReplyCountsCities(t *testing.T) {
	g, b := replyAt(t)
	with, c := b.replyLoss(g.Clone())
	defer func(v bool) { replyCities = v }(replyCities)
	replyCities = false
	without, _ := b.replyLoss(g.Clone())
	taken := 0
	for _, h := range b.victoryHexes(g) {
		if g.Position().Control[h] != core.Axis && c.Position().Control[h] == core.Axis {
			taken++
		}
	}
	t.Logf("reply: %.1f with the cities, %.1f without; %d victory cities taken on the first sample", with, without, taken)
	if taken == 0 {
		t.Fatal("the Axis took no victory city: the test's position no longer shows it")
	}
	if with >= without {
		t.Errorf("the reply's change %.1f with the cities is not below %.1f without", with, without)
	}
}

// TestNearEnd: a side whose enemy moves first in each turn plays its
// plans to the game's end from the turn before the last (the enemy's
// last player turn then follows), the other side only in the last.
func TestNearEnd(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g0, err := game.New(sc, game.Options{Rules: "gdw"}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	end, err := g0.ParseTurn(sc.End)
	if err != nil {
		t.Fatal(err)
	}
	g, _, hs := match(t, "scenarios/gdw/barbarossa.toml", "gdw", 1, "hard", "hard", 1)
	var idx []int
	var near [][2]bool
	for len(idx) < 20 && !g.Over() {
		var got [2]bool
		for _, side := range []core.Side{core.Axis, core.Soviet} {
			b, _ := ForGame(g, side, "expert")
			got[side] = b.nearEnd(g)
		}
		idx, near = append(idx, g.Turn().Index), append(near, got)
		if err := PlayGame(g, hs[0], hs[1], 1, nil); err != nil {
			t.Fatal(err)
		}
	}
	for i, x := range idx {
		want := [2]bool{x == end, x == end || i+1 < len(idx) && idx[i+1] == end}
		if near[i] != want {
			t.Errorf("%s: nearEnd (axis, soviet) %v, want %v", g.TurnName(x), near[i], want)
		}
	}
	if len(idx) < 3 || idx[len(idx)-1] != end {
		t.Errorf("turns %v: the last turn %d not reached", idx, end)
	}
}
