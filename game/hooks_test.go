package game

import (
	"path/filepath"
	"testing"
)

// TestHouseHooks runs a house module that uses every generic hook and
// world function: a variant needs no Go of its own.
func TestHouseHooks(t *testing.T) {
	c := ruleCase{name: "hooks", phase: "soviet-general",
		mapx:  "[map.terrain]\nforest = [\"B-1105\"]",
		units: us("g axis infantry 4/2 4 B-1004", "a soviet infantry 8/4 6 B-1005", "b soviet infantry 8/4 6 B-1205", "cav soviet cavalry 4/2 2 B-1505")}
	abs, _ := filepath.Abs("testdata/hooks.lua")
	g, evs := newTestGame(t, c.toml(), Options{Rules: abs, Dice: []int{1}})
	refused := script(t, g, `pin b
pin zz
move b B-1305
move cav B-1605 B-1705 B-1805 B-1905
end
move a B-1105
end
end
end
end
end
end
end
end
end
attack B-1004 from B-1105`)
	want := []string{"pinned unit=b hex=B-1205", "move unit=cav mp=4 allowance=4", "echo unit=cav how=move hexes=4", "move unit=a", "phase phase=axis-reinforcement", "phase phase=soviet-combat"}
	expectEvents(t, *evs, want)
	wantRefused := []string{"no unit zz (House: Pinning)", "b is pinned (House: Pinning)", "leave B-1005 first (House: Crossroads)", "a may not attack out of a forest (House: Forests)"}
	if len(refused) != len(wantRefused) {
		t.Fatalf("refused %q, want %q", refused, wantRefused)
	}
	for i := range refused {
		if refused[i] != wantRefused[i] {
			t.Errorf("refusal %d: %q, want %q", i, refused[i], wantRefused[i])
		}
	}
	if g.Flag("b", "pinned") != "yes" {
		t.Error("the flag did not stay")
	}
}
