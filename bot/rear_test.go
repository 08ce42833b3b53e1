package bot

import (
	"fmt"
	"strings"
	"testing"

	"gpw/core"
	"gpw/game"
)

// rear-security: an empty city of the side that an enemy panzer can
// enter next turn gets a garrison before the rest move.
func TestTacticRearSecurity(t *testing.T) {
	g := newBoard(t, "soviet-general", victoryTOML("B-1005")+units("axis", "panzer", 12, 6, 8, "B-0505")+
		units("soviet", "infantry", 8, 4, 6, "B-1308"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, b.Side)
	if v.reach[idx(t, g, "B-1005")] <= 0 {
		t.Fatal("the panzer cannot reach Testgrad: the position tests nothing")
	}
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	if at := hexOf(g, "sov-in1"); at != "B-1005" {
		t.Errorf("sov-in1 went to %s, not into Testgrad (B-1005)", at)
	}
	if n := b.Tactics["rear-security"]; n != 1 {
		t.Errorf("rear-security credited %d times, want 1 (tactics %v)", n, b.Tactics)
	}
}

// rear-security leaves a city out of the enemy's reach alone.
func TestTacticRearSecurityNoThreat(t *testing.T) {
	g := newBoard(t, "soviet-general", victoryTOML("B-1005")+units("soviet", "infantry", 8, 4, 6, "B-1308"), game.Options{})
	b := bound(t, g, core.Soviet)
	held, moved := b.secureRear(b.newView(b.e, b.Side))
	if moved || len(held) > 0 || b.Tactics["rear-security"] > 0 {
		t.Errorf("with no enemy: moved %v, held %v", moved, held)
	}
}

// hold-the-city: the unit standing in a threatened city of the side
// stays there.
func TestTacticHoldTheCity(t *testing.T) {
	g := newBoard(t, "soviet-general", victoryTOML("B-1005")+units("axis", "panzer", 12, 6, 8, "B-0505")+
		units("soviet", "infantry", 8, 4, 6, "B-1005"), game.Options{})
	b := bound(t, g, core.Soviet)
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	if at := hexOf(g, "sov-in1"); at != "B-1005" {
		t.Errorf("sov-in1 left Testgrad for %s", at)
	}
	if n := b.Tactics["hold-the-city"]; n != 1 {
		t.Errorf("hold-the-city credited %d times, want 1 (tactics %v)", n, b.Tactics)
	}
}

// keep-support: a hex the enemy can attack, far ahead of every other
// friendly unit, costs; the same hex next to a friend, or a hex out of
// the enemy's reach, does not.
func TestTacticKeepSupport(t *testing.T) {
	term := func(extra string) (alone, safe float64) {
		g := newBoard(t, "soviet-general", units("axis", "panzer", 12, 6, 8, "B-0503", "B-0505")+
			units("soviet", "infantry", 8, 4, 6, "B-1505")+extra, game.Options{})
		b := bound(t, g, core.Soviet)
		p := newPlan(b, b.newView(b.e, core.Soviet))
		k, _ := g.Position().UnitByID("sov-in1")
		return keepSupport(p, k, idx(t, g, "B-0705"), nil), keepSupport(p, k, idx(t, g, "B-1905"), nil)
	}
	alone, safe := term("")
	if alone >= 0 || safe != 0 {
		t.Errorf("alone ahead %v, out of reach %v", alone, safe)
	}
	if near, _ := term(unitTOML("sov-x", "soviet", "infantry", 8, 4, 6, "B-0805")); near != 0 {
		t.Errorf("next to a friend %v", near)
	}
}

// rear-security by rail: a far unit rails into an empty city of the side
// an enemy unit can enter next turn.
func TestTacticRearSecurityRail(t *testing.T) {
	var line []string
	for c := 4; c <= 19; c++ {
		line = append(line, fmt.Sprintf("%q", fmt.Sprintf("B-%02d05", c)))
	}
	g := newBoard(t, "soviet-rail", "\n[[map.rail]]\nhexes = ["+strings.Join(line, ", ")+"]\n"+victoryTOML("B-0805")+
		units("axis", "infantry", 6, 3, 6, "B-0305")+units("soviet", "infantry", 8, 4, 6, "B-1905"), game.Options{})
	b := bound(t, g, core.Soviet)
	if v := b.newView(b.e, b.Side); v.reach[idx(t, g, "B-0805")] <= 0 {
		t.Fatal("the enemy cannot reach Testgrad: the position tests nothing")
	}
	if err := b.rail(); err != nil {
		t.Fatal(err)
	}
	if at := hexOf(g, "sov-in1"); at != "B-0805" {
		t.Errorf("sov-in1 railed to %s, not into Testgrad (B-0805)", at)
	}
	if n := b.Tactics["rear-security"]; n != 1 {
		t.Errorf("rear-security credited %d times, want 1 (tactics %v)", n, b.Tactics)
	}
}

// hold-the-ring: a unit next to a threatened city of the side stays
// while the city's defence and its ring are short of twice the
// garrison's want; one farther away does not.
func TestTacticHoldTheRing(t *testing.T) {
	n := nbr(t, "B-1005")
	g := newBoard(t, "soviet-general", victoryTOML("B-1005")+units("axis", "panzer", 12, 6, 8, "B-0505", "B-0506")+
		units("soviet", "infantry", 8, 4, 6, "B-1005", n[3], "B-1509"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, b.Side)
	h := idx(t, g, "B-1005")
	if 2*garrisonWant(v, h) <= 8 {
		t.Fatalf("want %v: the position tests nothing", garrisonWant(v, h))
	}
	held, _ := b.secureRear(v)
	k2, _ := g.Position().UnitByID("sov-in2")
	k3, _ := g.Position().UnitByID("sov-in3")
	if !held[k2] || held[k3] {
		t.Errorf("held %v: want sov-in2 (next to Testgrad), not sov-in3", held)
	}
	if b.Tactics["hold-the-ring"] != 1 {
		t.Errorf("hold-the-ring credited %d times (tactics %v)", b.Tactics["hold-the-ring"], b.Tactics)
	}
	// in contact with the enemy, the ring unit is the line's
	m := nbr(t, n[3])
	g = newBoard(t, "soviet-general", victoryTOML("B-1005")+units("axis", "panzer", 12, 6, 8, "B-0505", "B-0506")+
		unitTOML("axi-x", "axis", "infantry", 2, 1, 6, m[3])+units("soviet", "infantry", 8, 4, 6, "B-1005", n[3], "B-1509"), game.Options{})
	b = bound(t, g, core.Soviet)
	held, _ = b.secureRear(b.newView(b.e, b.Side))
	if k2, _ := g.Position().UnitByID("sov-in2"); held[k2] {
		t.Errorf("sov-in2, next to an enemy unit, held in the ring")
	}
}

// rear-security covers the side's fortresses too: an empty fortress
// (no victory city, no capital) an enemy panzer can enter next turn gets
// a garrison.
func TestTacticRearSecurityFortress(t *testing.T) {
	fort := "\n[[map.city]]\nhex = \"B-1005\"\nname = \"Testburg\"\nkind = \"fortress\"\n"
	g := newBoard(t, "soviet-general", fort+units("axis", "panzer", 12, 6, 8, "B-0505")+
		units("soviet", "infantry", 8, 4, 6, "B-1308"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, b.Side)
	if h := idx(t, g, "B-1005"); v.reach[h] <= 0 || v.key.Has(h) {
		t.Fatal("Testburg is out of the panzer's reach, or an objective: the position tests nothing")
	}
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	if at := hexOf(g, "sov-in1"); at != "B-1005" {
		t.Errorf("sov-in1 went to %s, not into Testburg (B-1005)", at)
	}
	if n := b.Tactics["rear-security"]; n != 1 {
		t.Errorf("rear-security credited %d times, want 1 (tactics %v)", n, b.Tactics)
	}
}
