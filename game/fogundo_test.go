package game

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw/core"
)

// fogUndoBoard: the Soviet general movement phase, a German unit in the
// west out of the Soviets' sight (rules/house/fog.lua: three hexes and
// their zone of control), two Soviet units in the east, and a German
// reinforcement due next turn.
func fogUndoBoard() string {
	return fmt.Sprintf(board, "soviet-general") +
		unitTOML("ger-1", "axis", "infantry", 6, 3, 4, "B-0305") +
		unitTOML("sov-a", "soviet", "infantry", 8, 4, 4, "B-1105") +
		unitTOML("sov-b", "soviet", "infantry", 8, 4, 4, "B-1005") +
		"\n[[unit]]\nid = \"ger-2\"\nside = \"axis\"\nnation = \"ger\"\nkind = \"infantry\"\nstrength = [6, 3]\nmp = 4\narrives = \"Aug 1941\"\n"
}

// TestUndoFogWall: under rules/house/fog.lua a command after which its
// side sees an enemy unit it did not see cannot be undone, nor anything
// before it; the refusal cites the fog's rule. Commands that show nothing
// new, an end among them, are undone as without fog.
func TestUndoFogWall(t *testing.T) {
	g, _ := newTestGame(t, fogUndoBoard(), Options{Rules: houseRules(t, "fog.lua")})
	ger := unitIndex(t, g, "ger-1")
	if g.SightOf(core.Soviet).Sees(ger) {
		t.Fatal("the Soviets see ger-1 at the start")
	}
	script(t, g, "move sov-a B-0805")
	if g.SightOf(core.Soviet).Sees(ger) {
		t.Fatal("the Soviets see ger-1 after the first move")
	}
	if refused := script(t, g, "undo"); len(refused) != 0 {
		t.Fatalf("undo of a move that showed nothing: %v", refused)
	}
	script(t, g, "move sov-a B-0805\nmove sov-b B-0605")
	if !g.SightOf(core.Soviet).Sees(ger) {
		t.Fatal("the Soviets do not see ger-1 after the second move")
	}
	if ok, _ := g.CanUndo(); ok {
		t.Error("CanUndo after a move that showed an enemy unit")
	}
	err := g.Exec("undo")
	rf, ok := err.(*Refusal)
	if !ok || rf.Rule != "House: Limited intelligence" || !strings.Contains(rf.Msg, `"move sov-b B-0906 B-0806 B-0706 B-0605" showed the soviet player an enemy unit it had not seen`) {
		t.Fatalf("undo after the fog lifted: %v", err)
	}
	if g.UndoRule() != "House: Limited intelligence" {
		t.Errorf("UndoRule: %s", g.UndoRule())
	}
	if !g.SightOf(core.Soviet).Sees(ger) {
		t.Error("the refused undo took the move back")
	}
	// an end that shows nothing new is undone, back to the wall
	script(t, g, "end")
	if refused := script(t, g, "undo"); len(refused) != 0 {
		t.Fatalf("undo of an end that showed nothing: %v", refused)
	}
	if g.Phase().ID != "soviet-general" {
		t.Fatalf("phase after undoing the end: %s", g.Phase().ID)
	}
	if refused := script(t, g, "undo"); len(refused) != 1 || !strings.Contains(refused[0], "House: Limited intelligence") {
		t.Errorf("undo past the wall: %v", refused)
	}
	checkSaveReloads(t, g)

	// without fog the same moves are undone
	g2, _ := newTestGame(t, fogUndoBoard(), Options{})
	script(t, g2, "move sov-a B-0805\nmove sov-b B-0605")
	if refused := script(t, g2, "undo\nundo"); len(refused) != 0 {
		t.Errorf("undo without fog: %v", refused)
	}
}

// TestUndoFogWallEnd: an end after which the side that ended sees an
// enemy unit it did not (a German reinforcement placed near the Soviets
// as the next phase begins, under a module requiring fog.lua) cannot be
// undone.
func TestUndoFogWallEnd(t *testing.T) {
	dir := t.TempDir()
	fog, err := os.ReadFile(houseRules(t, "fog.lua"))
	if err != nil {
		t.Fatal(err)
	}
	mod := `local R = require("fog")
R.id = "fog-landing"
local start = R.on_phase_start
function R.on_phase_start(phase)
  if start then start(phase) end
  if phase.id == "axis-reinforcement" and gpw.unit("ger-2").status == "pending" then
    assert(gpw.place("ger-2", HEX))
  end
end
return R
`
	for _, c := range []struct {
		hex  string // where ger-2 lands
		undo bool
	}{
		{"B-0105", true},  // far in the west: nothing seen
		{"B-1305", false}, // beside the Soviets
	} {
		t.Run(c.hex, func(t *testing.T) {
			writeFiles(t, dir, map[string]string{"fog.lua": string(fog), "landing.lua": strings.ReplaceAll(mod, "HEX", `"`+c.hex+`"`)})
			g, _ := newTestGame(t, fogUndoBoard(), Options{Rules: filepath.Join(dir, "landing.lua")})
			script(t, g, "end")
			if g.Phase().ID != "axis-reinforcement" || g.S.Units[unitIndex(t, g, "ger-2")].Status != core.OnMap {
				t.Fatalf("after the end: phase %s, ger-2 %v", g.Phase().ID, g.S.Units[unitIndex(t, g, "ger-2")].Status)
			}
			refused := script(t, g, "undo")
			if c.undo != (len(refused) == 0) {
				t.Fatalf("undo of the end: refused %v, want undone %v", refused, c.undo)
			}
			if !c.undo && !strings.Contains(refused[0], `"end" showed the soviet player an enemy unit it had not seen`) {
				t.Errorf("refusal: %s", refused[0])
			}
		})
	}
}
