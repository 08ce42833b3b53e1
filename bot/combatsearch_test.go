package bot

import (
	"strings"
	"testing"

	"gpw/core"
	"gpw/game"
)

// TestSearchCombat: in its combat phase, with attacks to make, the
// expert compares its attack plans on clones (the hard bot's own first)
// and attacks by one of them, nothing refused; the same position and
// seed give the same plans, values and choice. (The board's Axis need
// not win and its game is far from its end: it searches with
// holderEndOnly off.)
func TestSearchCombat(t *testing.T) {
	defer func(v bool) { holderEndOnly = v }(holderEndOnly)
	holderEndOnly = false
	var runs []SearchResult
	for range 2 {
		g := newBoard(t, "axis-combat", victoryTOML("B-1005")+units("axis", "panzer", 12, 6, 8, "B-0904", "B-0905", "B-0906")+
			units("soviet", "infantry", 8, 4, 6, "B-1005", "B-1007"), game.Options{})
		b, err := New(core.Axis, "expert", nil, 3)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Play(g); err != nil {
			t.Fatal(err)
		}
		if b.Refused() > 0 {
			t.Fatalf("refused: %s", b.LastRefusal())
		}
		var found *SearchResult
		for i, r := range b.Searched {
			if r.Phase == "axis-combat" {
				found = &b.Searched[i]
			}
		}
		if found == nil {
			t.Fatalf("no search of the combat phase: %v", b.Searched)
		}
		if len(found.Plans) != combatPlans || found.Plans[0] != "attack-as-is" {
			t.Errorf("plans %v: want %d, the hard bot's first", found.Plans, combatPlans)
		}
		for _, p := range found.Plans {
			if !strings.HasPrefix(p, "attack-") {
				t.Errorf("plan %s is no attack plan", p)
			}
		}
		if b.Tactics["plan:"+found.Plans[found.Chosen]] == 0 {
			t.Errorf("the chosen plan %s is not counted in Tactics %v", found.Plans[found.Chosen], b.Tactics)
		}
		runs = append(runs, *found)
		t.Log(found)
	}
	if runs[0].String() != runs[1].String() {
		t.Errorf("two searches of the same position differ:\n%s\n%s", runs[0], runs[1])
	}
}
