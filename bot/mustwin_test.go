package bot

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"gpw/core"
	"gpw/game"
)

// TestMustWinPlain: in Barbarossa's last turn the side that must win (the
// Axis: the Soviets win when no condition holds at the end) plays the
// hard bot's moves and compares the doctrine's attack plans only, no
// noisy one (mustWinPlain); the Soviets still search their moves, with
// no noisy plan among them (movesPlain), and their
// attacks with a noisy plan among them. It fails with the searches of
// before (mustWinPlain or movesPlain false).
func TestMustWinPlain(t *testing.T) {
	g, _, hs := match(t, "scenarios/gdw/barbarossa.toml", "gdw", 1, "hard", "hard", 1)
	end, err := g.ParseTurn(g.Sc.End)
	if err != nil {
		t.Fatal(err)
	}
	for g.Turn().Index < end && !g.Over() {
		if err := PlayGame(g, hs[0], hs[1], 1, nil); err != nil {
			t.Fatal(err)
		}
	}
	if g.Over() {
		t.Fatal("the game ended before its last turn")
	}
	var bots [2]*Bot
	for _, side := range []core.Side{core.Axis, core.Soviet} {
		bots[side], _ = ForGame(g, side, "expert")
	}
	if err := PlayGame(g, bots[0], bots[1], 1, nil); err != nil {
		t.Fatal(err)
	}
	if !bots[core.Axis].mustWin() || bots[core.Soviet].mustWin() {
		t.Fatal("in Barbarossa the Axis must win, the Soviets need not")
	}
	for _, b := range bots {
		var moves, noisy, combat int
		for _, r := range b.Searched {
			if !strings.HasSuffix(r.Phase, "-combat") {
				moves++
				for _, p := range r.Plans {
					if strings.HasPrefix(p, "noisy") {
						t.Errorf("the %s expert compared %s in its last turn (%s)", b.Side, p, r)
					}
				}
				continue
			}
			combat++
			for _, p := range r.Plans {
				if strings.HasPrefix(p, "attack-noisy") {
					noisy++
				}
			}
		}
		t.Logf("%s: %d move searches, %d attack searches, %d noisy attack plans", b.Side, moves, combat, noisy)
		if combat == 0 {
			t.Errorf("the %s expert searched no attacks in the last turn", b.Side)
		}
		if b.Side == core.Axis && (moves > 0 || noisy > 0) {
			t.Errorf("the Axis expert searched %d stretches of moves and compared %d noisy attack plans; want none", moves, noisy)
		}
		if b.Side == core.Soviet && (moves == 0 || noisy == 0) {
			t.Errorf("the Soviet expert searched %d stretches of moves and compared %d noisy attack plans; want some", moves, noisy)
		}
	}
}

// TestSearchKeepsStance: an expert in the defensive stance (the Axis
// outnumbered) plays the plan its search chose with the stance's
// doctrine, as the hard helpers that played the plan on the clones did,
// not with the doctrine the stance changed.
func TestSearchKeepsStance(t *testing.T) {
	g := newBoard(t, "axis-combat", victoryTOML("B-1005")+units("axis", "panzer", 12, 6, 8, "B-0904")+
		units("soviet", "infantry", 8, 4, 6, "B-1005", "B-1007", "B-1009"), game.Options{})
	b, err := New(core.Axis, "expert", nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.bind(g); err != nil {
		t.Fatal(err)
	}
	b.readStance(g)
	if b.Stance() != Defensive {
		t.Fatalf("stance %s: want defensive (one panzer corps against three armies)", b.Stance())
	}
	want := b.Doctrine
	b.searchCombat(g)
	if len(b.Searched) == 0 {
		t.Fatal("no search of the combat phase")
	}
	r := b.Searched[len(b.Searched)-1]
	if b.Doctrine.Aggression > want.Aggression || b.Doctrine.Caution < want.Caution || b.Doctrine.Axes > want.Axes {
		t.Errorf("playing %s: aggression %.2f, caution %.2f, axes %.2f; the defensive stance's are %.2f, %.2f, %.2f",
			r.Plans[r.Chosen], b.Doctrine.Aggression, b.Doctrine.Caution, b.Doctrine.Axes, want.Aggression, want.Caution, want.Axes)
	}
	b.endPlan()
	if d := b.Doctrine; d.Aggression != want.Aggression || d.Caution != want.Caution || d.Axes != want.Axes || d.Reserve != want.Reserve {
		t.Errorf("after the plan: aggression %.2f, caution %.2f, axes %.2f, reserve %.2f; want the stance's %.2f, %.2f, %.2f, %.2f",
			d.Aggression, d.Caution, d.Axes, d.Reserve, want.Aggression, want.Caution, want.Axes, want.Reserve)
	}
}

// TestHolderEndOnly: the side that need not win (Barbarossa's Soviets)
// searches nothing in the turns before its plans reach the game's end,
// and plays there as the hard bot does, move for move; it searches in
// the last turn (TestMustWinPlain). It fails with holderEndOnly false.
func TestHolderEndOnly(t *testing.T) {
	var logs [2]string
	for i, level := range []string{"expert", "hard"} {
		_, log, bots := match(t, "scenarios/gdw/barbarossa.toml", "gdw", 1, "hard", level, 2)
		if n := len(bots[core.Soviet].Searched); level == "expert" && n > 0 {
			t.Errorf("the Soviet expert searched %d stretches in Barbarossa's first two turns: %v", n, bots[core.Soviet].Searched[0])
		}
		b, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		logs[i] = string(b)
	}
	if logs[0] != logs[1] {
		t.Error("the Soviet expert played its first two turns otherwise than the hard bot")
	}
}

// TestMustWinCities: the side that must win (Barbarossa's Axis) moves
// each stretch by citiesMoves, the victory cities worth more, and so
// otherwise than the hard bot, and compares the attack-all-in plan in
// its combat phase; the Soviets compare no such plan. It fails with
// mustWinCities false.
func TestMustWinCities(t *testing.T) {
	var logs [2]string
	for i, level := range []string{"expert", "hard"} {
		_, log, bots := match(t, "scenarios/gdw/barbarossa.toml", "gdw", 1, level, "hard", 1)
		b, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		logs[i] = string(b)
		if level != "expert" {
			continue
		}
		if n := bots[core.Axis].Tactics["plan:cities"]; n == 0 {
			t.Error("the Axis expert moved no stretch by the cities plan")
		}
		allIn := false
		for _, r := range bots[core.Axis].Searched {
			allIn = allIn || slices.Contains(r.Plans, "attack-all-in")
		}
		if !allIn {
			t.Error("the Axis expert compared no attack-all-in plan")
		}
	}
	if logs[0] == logs[1] {
		t.Error("the Axis expert played its first turn as the hard bot does")
	}
}
