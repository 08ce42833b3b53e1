package game

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/scenario"
)

// loadBuiltin loads a built-in scenario by name ("gdw/barbarossa").
func loadBuiltin(t testing.TB, name string) *scenario.Scenario {
	t.Helper()
	sc, err := scenario.Load(gpw.Data, "scenarios/"+name+".toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// variants are the rules the platform tests play: the two books and the
// house CRT card.
func variants(t testing.TB) map[string]string {
	return map[string]string{"gdw": "gdw", "adc2": "adc2", "frost": houseRules(t, "frost.lua")}
}

// recorder collects a game's events as JSON lines.
type recorder struct{ b strings.Builder }

func (r *recorder) sink(e Event) {
	j, err := json.Marshal(e)
	if err != nil {
		panic(err)
	}
	r.b.Write(j)
	r.b.WriteByte('\n')
}

// playFor lets two random players play n commands (or to the end).
func playFor(t testing.TB, g *Game, seed uint64, n int) {
	t.Helper()
	ps := [2]*RandomPlayer{NewRandomPlayer(core.Axis, seed), NewRandomPlayer(core.Soviet, seed+1)}
	for i := 0; i < n && !g.Over(); i++ {
		p := ps[g.Actor()]
		c, ok, err := p.choose(g)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			c = g.defaultCommand()
		}
		if err := g.Do(g.Actor(), c); err != nil {
			t.Fatalf("%s, %s: %s refused: %v", g.TurnName(g.turn), g.Phase().ID, g.Text(c), err)
		}
	}
}

// TestCloneIsIndependent clones a game in the middle of a phase, plays the
// original and the clone on with the same commands and dice, and compares
// their logs byte for byte; playing the clone leaves the original alone.
func TestCloneIsIndependent(t *testing.T) {
	t.Parallel()
	for name, rules := range variants(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g, err := New(loadBuiltin(t, "gdw/barbarossa"), Options{Rules: rules, AutoSetup: true}, gpw.Data, func(Event) {})
			if err != nil {
				t.Fatal(err)
			}
			playFor(t, g, 11, 120)
			if g.Over() {
				t.Fatal("the game ended before the test began")
			}
			c := g.Clone()
			var ra, rb recorder
			g.SetSink(ra.sink)
			c.SetSink(rb.sink)
			before := snap(g)
			playFor(t, c, 12, 200)
			if after := snap(g); !reflect.DeepEqual(before, after) {
				t.Fatal("playing the clone changed the original")
			}
			c2 := g.Clone()
			c2.SetSink(rb.sink)
			rb.b.Reset()
			playFor(t, g, 12, 200)
			playFor(t, c2, 12, 200)
			if ra.b.String() != rb.b.String() {
				t.Errorf("the original and its clone diverged:\n%s\nvs\n%s", firstDiff(ra.b.String(), rb.b.String()), "")
			}
			if ra.b.Len() == 0 {
				t.Error("nothing was logged")
			}
		})
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n  %s\n  %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d", len(al), len(bl))
}

// TestActionsAreAccepted walks positions of random games and runs every
// listed action on a clone: each must be accepted (legal actions and
// commands come from the same validators).
func TestActionsAreAccepted(t *testing.T) {
	t.Parallel()
	for name, rules := range variants(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g, err := New(loadBuiltin(t, "gdw/barbarossa"), Options{Rules: rules, NoUndo: true}, gpw.Data, nil)
			if err != nil {
				t.Fatal(err)
			}
			positions, tried := 0, 0
			for step := 0; !g.Over() && positions < 24; step++ {
				if step%7 == 0 {
					positions++
					for _, c := range g.Actions().Commands() {
						tried++
						cl := g.Clone()
						if err := cl.Do(core.NoSide, c); err != nil {
							t.Fatalf("%s %s: listed action %q refused: %v", g.TurnName(g.turn), g.Phase().ID, g.Text(c), err)
						}
					}
				}
				playFor(t, g, uint64(step), 1)
			}
			if tried < 100 {
				t.Errorf("only %d actions tried", tried)
			}
			t.Logf("%d positions, %d actions", positions, tried)
		})
	}
}

// TestRandomGames plays every shipped scenario under gdw and adc2 with
// the random legal player, several seeds each: no command is refused,
// nothing panics, and the save of each game reloads to the same position.
// GPW_LONG=1 plays 20 seeds each to the end; the default plays 2 seeds,
// the campaigns for 3 turns.
func TestRandomGames(t *testing.T) {
	t.Parallel() // the package's longest test: its games run beside the others'
	long := os.Getenv("GPW_LONG") != ""
	seeds := 2
	if long {
		seeds = 20
	}
	files, _ := filepath.Glob("../scenarios/*/*.toml")
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(f, "../scenarios/"), ".toml")
		if strings.HasPrefix(name, "rulebook/") || strings.HasPrefix(name, "schedules/") {
			continue
		}
		for _, rules := range []string{"gdw", "adc2"} {
			t.Run(name+"/"+rules, func(t *testing.T) {
				t.Parallel() // each game its own
				sc := loadBuiltin(t, name)
				if len(sc.Variants) > 0 && !slices.Contains(sc.Variants, rules) {
					t.Skipf("%s does not support %s", name, rules)
				}
				turns := 0
				if !long && strings.Contains(name, "campaign") {
					turns = 3
				}
				for seed := range seeds {
					g, err := New(sc, Options{Rules: rules, Seed: int64(seed), SeedSet: true}, gpw.Data, func(Event) {})
					if err != nil {
						t.Fatal(err)
					}
					err = PlayOut(g, NewRandomPlayer(core.Axis, uint64(seed)), NewRandomPlayer(core.Soviet, uint64(seed)), turns)
					if err != nil {
						t.Fatalf("seed %d, %s %s: %v", seed, g.TurnName(g.turn), g.Phase().ID, err)
					}
					checkSaveReloads(t, g)
				}
			})
		}
	}
}

// checkSaveReloads saves g, loads the save and compares the positions.
func checkSaveReloads(t *testing.T, g *Game) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "save.json")
	if err := g.WriteSave(path); err != nil {
		t.Fatal(err)
	}
	l, err := LoadSave(path, gpw.Data, false, nil)
	if err != nil {
		t.Fatalf("the save does not load: %v", err)
	}
	if !reflect.DeepEqual(snap(g), snap(l)) || !reflect.DeepEqual(storeOf(g), storeOf(l)) {
		t.Fatal("the save reloads to another position")
	}
}

// TestUndo steps back over moves within a phase, and no further than a
// die roll or the start of the phase.
func TestUndo(t *testing.T) {
	c := ruleCase{name: "undo", phase: "soviet-general",
		units: us("g axis infantry 4/2 4 B-1004", "a soviet infantry 8/4 6 B-1205", "b soviet infantry 8/4 6 B-1305")}
	g, evs := newTestGame(t, c.toml(), Options{Dice: []int{6}})
	start := snap(g)
	script(t, g, "move a B-1206\nmove b B-1306")
	if refused := script(t, g, "undo\nundo"); len(refused) > 0 {
		t.Fatalf("undo refused: %v", refused)
	}
	if !reflect.DeepEqual(start, snap(g)) {
		t.Error("two undos did not restore the position")
	}
	if n := len(find(*evs, "undo")); n != 2 {
		t.Errorf("%d undo events, want 2", n)
	}
	if refused := script(t, g, "undo"); len(refused) != 1 || !strings.Contains(refused[0], "nothing to undo") {
		t.Errorf("a third undo: %v", refused)
	}
	// An end with no die is undone (a phase ended by mistake is taken
	// back), not the move before it.
	script(t, g, "move a B-1206")
	moved := snap(g)
	script(t, g, "end")
	if refused := script(t, g, "undo"); len(refused) > 0 {
		t.Fatalf("undo of an end: %v", refused)
	}
	if g.Phase().ID != "soviet-general" || !reflect.DeepEqual(moved, snap(g)) {
		t.Errorf("after undoing the end: phase %s, position restored %v", g.Phase().ID, reflect.DeepEqual(moved, snap(g)))
	}
	if refused := script(t, g, "undo"); len(refused) != 1 {
		t.Errorf("undo of the move before an undone end: %v", refused)
	}
	if h := g.history.list(); len(h) == 0 || h[len(h)-1] != "move a B-1206" {
		t.Errorf("history after undoing the end: %v", h)
	}
	// A phase begun by another command than end (a battle's last
	// decision, say) is a wall; so is a die, as below.
}

// TestUndoStopsAtDie: after an attack (a die rolled) nothing before it can
// be undone; a save made after undoing replays exactly.
func TestUndoStopsAtDie(t *testing.T) {
	c := ruleCase{name: "undo-die", phase: "soviet-combat",
		units: us("g axis infantry 4/2 4 B-1004", "a soviet infantry 8/4 6 B-1005", "b soviet infantry 8/4 6 B-1103")}
	g, _ := newTestGame(t, c.toml(), Options{Dice: []int{1}})
	script(t, g, "attack B-1004 from B-1005")
	if refused := script(t, g, "undo"); len(refused) != 1 {
		t.Fatalf("undo after the die: %v", refused)
	}
	if refused := script(t, g, "retreat B-0904 B-0903\nnoadvance"); len(refused) != 0 {
		t.Fatalf("decisions: %v (%s)", refused, g.Pending())
	}
	if refused := script(t, g, "undo\nundo"); len(refused) != 0 {
		t.Fatalf("undo of the decisions: %v", refused)
	}
	if !strings.Contains(g.Pending(), "retreat of g") {
		t.Errorf("after two undos the battle waits for %q", g.Pending())
	}
	if refused := script(t, g, "undo"); len(refused) != 1 {
		t.Fatalf("undo past the die: %v", refused)
	}
	checkSaveReloads(t, g)
}

// TestFailedCommandLeavesNothing: a results function that fails after the
// die was rolled leaves the game exactly as it was: position, dice,
// history, log.
func TestFailedCommandLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	mod := filepath.Join(dir, "broken.lua")
	src := `local R = require("base")
R.id = "broken"
R.store = { unit = { hit = "boolean" } }
R.results.DR = function(b) gpw.set_flag(b.defender, "hit", true); gpw.defender_loss(1); error("results went wrong") end
function R.after_move(u, how, path) if how == "move" and #path > 1 then return false, "no long moves", "House: Short" end end
return R`
	if err := os.WriteFile(mod, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c := ruleCase{name: "broken", phase: "soviet-combat",
		units: us("g axis infantry 4/2 4 B-1004", "a soviet infantry 8/4 6 B-1005")}
	g, evs := newTestGame(t, c.toml(), Options{Rules: mod, Dice: []int{1}})
	before, n, hist, rolls, dice := snap(g), len(*evs), g.history.Len(), g.rolls, g.dice.clone()
	err := g.Exec("attack B-1004 from B-1005")
	if err == nil || !strings.Contains(err.Error(), "results went wrong") {
		t.Fatalf("error %v", err)
	}
	// the position, the rolls counted and the log are as they were but
	// for the dice: spent (no oracle), marked in the history and the log
	if !reflect.DeepEqual(before, snap(g)) || len(*evs) != n+1 || (*evs)[n].Kind != "spent" || g.history.Len() != hist+1 || g.rolls != rolls {
		t.Errorf("the failed attack left traces")
	}
	if g.Spent() != 1 || reflect.DeepEqual(dice, g.dice) || g.history.list()[hist] != SpentMark+"attack B-1004 from a" {
		t.Errorf("the failed attack's dice are not spent: %d, history %q", g.Spent(), g.history.list())
	}
	if g.Flag("g", "hit") != "" {
		t.Error("the store kept the failed command's flag")
	}
	// The same die comes again: the dice did not move.
	g2, _ := newTestGame(t, c.toml(), Options{Rules: mod, Dice: []int{1}})
	if err := g2.Exec("attack B-1004 from B-1005"); err == nil || err.Error() != g.Exec("attack B-1004 from B-1005").Error() {
		t.Error("a retried attack saw other dice")
	}
	// after_move refusing undoes the move.
	g3, _ := newTestGame(t, (ruleCase{name: "short", phase: "soviet-general", units: us("a soviet infantry 8/4 6 B-1005")}).toml(), Options{Rules: mod})
	before = snap(g3)
	if refused := script(t, g3, "move a B-1006 B-1007"); len(refused) != 1 || !strings.Contains(refused[0], "no long moves") {
		t.Fatalf("refused %v", refused)
	}
	if !reflect.DeepEqual(before, snap(g3)) {
		t.Error("a move refused by after_move stayed")
	}
	checkSaveReloads(t, g3)
}

// TestDiceByPurpose: the die of battle k in a phase does not depend on the
// dice rolled for other purposes before it (common random numbers).
func TestDiceByPurpose(t *testing.T) {
	d := newDice(seedKey(42), nil)
	d.stream(3, 2, purposeBattle, 1)
	want := []int{d.roll(6), d.roll(6)}
	e := newDice(seedKey(42), nil)
	e.stream(3, 2, purposeBattle, 0)
	e.roll(6) // battle 0 rolled once more here
	e.roll(6)
	e.roll(6)
	e.stream(3, 2, purposeBattle, 1)
	if got := []int{e.roll(6), e.roll(6)}; !reflect.DeepEqual(got, want) {
		t.Errorf("battle 1's dice %v, want %v", got, want)
	}
	counts := make([]int, 7)
	f := newDice(seedKey(7), nil)
	for i := range 60000 {
		f.stream(i/100, i%10, purposeBattle, i)
		counts[f.roll(6)]++
	}
	for face := 1; face <= 6; face++ {
		if counts[face] < 9400 || counts[face] > 10600 {
			t.Errorf("face %d came %d times in 60000", face, counts[face])
		}
	}
}
