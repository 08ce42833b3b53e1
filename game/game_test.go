package game

import (
	"os"
	"reflect"
	"testing"

	"gpw/core"
)

func loadFile(t testing.TB, name string) (string, string) {
	t.Helper()
	sc, err := os.ReadFile("testdata/" + name + ".toml")
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := os.ReadFile("testdata/" + name + ".gpw")
	if err != nil {
		t.Fatal(err)
	}
	return string(sc), string(cmds)
}

// TestFullTurn plays one whole turn of a small scenario through all ten
// phases with the dice fixed.
func TestFullTurn(t *testing.T) {
	sc, cmds := loadFile(t, "fullturn")
	g, evs := newTestGame(t, sc, Options{Dice: []int{5, 1, 2, 6, 6, 4}})
	if refused := script(t, g, cmds); len(refused) > 0 {
		t.Fatalf("refused: %q", refused)
	}
	want := []string{
		"arrive unit=g3", "points side=axis points=1", "place unit=g3 hex=B-0105", "rebuild unit=g4 strength=3",
		"phase phase=axis-rail", "rail unit=g3 path=B-0205,B-0305,B-0405",
		"phase phase=axis-panzer", "weather die=5 weather=clear", "move unit=pz1 mp=2",
		"phase phase=axis-combat", "combat attack=6 defense=4 odds=1:1 die=1 result=DR", "retreat unit=s1 path=B-1105,B-1205", "advance unit=g1 hex=B-1005",
		"phase phase=axis-general", "weather die=2 weather=mud", "move unit=pz1 mp=1 allowance=4",
		"phase phase=soviet-reinforcement", "arrive unit=s3", "points side=soviet points=2", "place unit=s3", "rebuild unit=s4 strength=8",
		"phase phase=soviet-rail", "rail unit=s3",
		"phase phase=soviet-armor", "weather die=6 weather=clear", "move unit=t1",
		"phase phase=soviet-combat", "combat attack=6 defense=6 odds=1:1 die=6 result=AL", "loss unit=s2 strength=6",
		"phase phase=soviet-general", "weather die=4", "move unit=s1",
		"phase phase=axis-reinforcement turn=Nov/Dec_1941",
	}
	expectEvents(t, *evs, want)
}

// TestDeterminism plays the same scenario, seed and commands twice with
// the seeded dice and compares the logs byte for byte.
func TestDeterminism(t *testing.T) {
	sc, cmds := loadFile(t, "fullturn")
	var logs [2]string
	for i := range logs {
		g, evs := newTestGame(t, sc, Options{Auto: true})
		script(t, g, cmds)
		if err := g.PlayTurns(2); err != nil {
			t.Fatal(err)
		}
		logs[i] = jsonLog(t, *evs)
	}
	if logs[0] != logs[1] {
		t.Errorf("two runs differ:\n%s\n---\n%s", logs[0], logs[1])
	}
	if len(logs[0]) < 1000 {
		t.Errorf("suspiciously short log:\n%s", logs[0])
	}
	// A different seed gives a different game.
	g, evs := newTestGame(t, sc, Options{Auto: true, Seed: 99, SeedSet: true})
	script(t, g, cmds)
	if jsonLog(t, *evs) == logs[0] {
		t.Error("seed 99 replays seed 1941 exactly")
	}
}

// stateSnap is everything a refused command or a query must leave alone.
type stateSnap struct {
	Units                     []core.Unit
	Control, Rail             []core.Side
	Rolls, Points             any
	Moved, Attacked, Defended []bool
	Turn, Phase, Steps        int
}

func snap(g *Game) stateSnap {
	return stateSnap{Units: append([]core.Unit(nil), g.S.Units...), Control: append([]core.Side(nil), g.S.Control...),
		Rail: append([]core.Side(nil), g.S.RailOwner...), Rolls: g.rolls, Points: g.points,
		Moved: append([]bool(nil), g.moved...), Attacked: append([]bool(nil), g.attacked...),
		Defended: append([]bool(nil), g.defended...), Turn: g.turn, Phase: g.pos, Steps: len(g.steps)}
}

// TestRefusalChangesNothing checks that every refused command leaves the
// game as it was (but for the error event).
func TestRefusalChangesNothing(t *testing.T) {
	sc, _ := loadFile(t, "fullturn")
	bad := []string{
		"move g1 B-1005", "move zz B-0904", "move g1 B-9999", "rail g1 B-0105", "attack B-1005 from B-0905",
		"place g3 B-1505", "rebuild g4 B-1505", "retreat B-0904 B-0903", "loss g1", "advance g1", "stand", "noadvance", "fly", "end now",
	}
	g, evs := newTestGame(t, sc, Options{})
	for _, cmd := range bad {
		before, n := snap(g), len(*evs)
		if err := g.Exec(cmd); err == nil {
			t.Errorf("%q was accepted", cmd)
			continue
		} else if _, ok := err.(*Refusal); !ok {
			t.Errorf("%q: %v is not a refusal", cmd, err)
		}
		if after := snap(g); !reflect.DeepEqual(before, after) {
			t.Errorf("%q changed the game", cmd)
		}
		if got := (*evs)[n:]; len(got) != 1 || got[0].Kind != "error" || got[0].Get("rule") == "" {
			t.Errorf("%q: events %v, want one error event citing a rule", cmd, got)
		}
	}
}
