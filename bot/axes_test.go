package bot

import (
	"testing"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// twoCities is two Soviet victory cities of equal worth, one in the
// north of the test board and one in the south.
func twoCities(north, south string) string {
	return "\n[[map.city]]\nhex = \"" + north + "\"\nname = \"Nordgrad\"\nkind = \"major\"\n" +
		"\n[[map.city]]\nhex = \"" + south + "\"\nname = \"Sudgrad\"\nkind = \"major\"\n" +
		"\n[[victory.condition]]\nside = \"axis\"\ncities = [\"Nordgrad\", \"Sudgrad\"]\ncount = 2\nresult = \"decisive\"\n"
}

// axis-of-advance: the side's units are shared out between two
// objectives of equal worth, each taking the units on its side of the
// front, although one objective is nearer to both of them.
func TestAxesAllocate(t *testing.T) {
	g := newBoard(t, "axis-general", twoCities("B-0802", "B-1209")+
		units("axis", "panzer", 12, 6, 8, "B-0303", "B-0306")+units("soviet", "infantry", 8, 4, 6, "B-1905"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, b.Side)
	m := g.Position().Map
	north, south := idx(t, g, "B-0802"), idx(t, g, "B-1209")
	for _, id := range []string{"axi-pa1", "axi-pa2"} {
		k, _ := g.Position().UnitByID(id)
		if h := g.Position().Units[k].Hex; m.Distance(h, north) >= m.Distance(h, south) {
			t.Fatalf("%s is nearer Sudgrad: the position tests nothing", id)
		}
	}
	a := b.axesFor(v)
	k1, _ := g.Position().UnitByID("axi-pa1")
	k2, _ := g.Position().UnitByID("axi-pa2")
	if a.target[k1] != int32(north) || a.target[k2] != int32(south) {
		t.Errorf("axes: axi-pa1 → %s, axi-pa2 → %s; want Nordgrad (B-0802) and Sudgrad (B-1209)",
			hexName(g, a.target[k1]), hexName(g, a.target[k2]))
	}
}

// axis-of-advance keeps a unit's objective from one turn to the next
// when the choice is close.
func TestAxesKeep(t *testing.T) {
	g := newBoard(t, "axis-general", twoCities("B-0802", "B-0808")+
		units("axis", "panzer", 12, 6, 8, "B-0305", "B-0306")+units("soviet", "infantry", 8, 4, 6, "B-1905"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, b.Side)
	k1, _ := g.Position().UnitByID("axi-pa1")
	k2, _ := g.Position().UnitByID("axi-pa2")
	first := b.axesFor(v)
	t1, t2 := first.target[k1], first.target[k2]
	if t1 < 0 || t2 < 0 || t1 == t2 {
		t.Fatalf("first turn: %s and %s, want one each", hexName(g, t1), hexName(g, t2))
	}
	// the next turn, the other way round is as good by distance; each
	// keeps its objective
	swapped := &axes{target: append([]int32(nil), first.target...)}
	swapped.target[k1], swapped.target[k2] = t2, t1
	next := &axes{key: first.key + 1, target: make([]int32, len(first.target)), dist: first.dist, targets: first.targets, index: first.index}
	for i := range next.target {
		next.target[i] = -1
	}
	allocate(v, next, swapped)
	if next.target[k1] != t2 || next.target[k2] != t1 {
		t.Errorf("the units did not keep last turn's objectives: %s, %s", hexName(g, next.target[k1]), hexName(g, next.target[k2]))
	}
}

// axis-of-advance: a unit far from every objective (beyond the reach of
// the objectives' pull) still closes on its own objective, but not past
// the support of the other units.
func TestTacticAxisOfAdvance(t *testing.T) {
	g, b, v, p, k := spearheadBoard(t)
	a := b.axesFor(v)
	if hexName(g, a.target[k]) != "B-1902" {
		t.Fatalf("axi-pa1 drives at %s, not Nordgrad", hexName(g, a.target[k]))
	}
	if v.postureAt(idx(t, g, "B-0502")) != attack {
		t.Fatalf("the sector holds: the position tests nothing")
	}
	toward, away := axisOfAdvance(p, k, idx(t, g, "B-0502"), nil), axisOfAdvance(p, k, idx(t, g, "B-0107"), nil)
	if toward <= 0 || toward <= away {
		t.Errorf("toward Nordgrad %v, toward Sudgrad's side %v", toward, away)
	}
	// a hex past the support of every other unit gains nothing
	if x := axisOfAdvance(p, k, idx(t, g, "B-0802"), nil); x != 0 {
		t.Errorf("six hexes ahead of every other unit: %v", x)
	}
	b.Doctrine.Axes = 0
	if x := axisOfAdvance(p, k, idx(t, g, "B-0502"), nil); x != 0 {
		t.Errorf("with axes = 0 the term is %v", x)
	}
}

// mop-up: an enemy unit cut off behind a wall of zones of control is
// worth attacking, more for an infantry unit than for a panzer (the
// spearhead drives on), nothing for one still in supply.
func TestTacticMopUp(t *testing.T) {
	wall := units("axis", "panzer", 12, 6, 8, "B-0701", "B-0703", "B-0705", "B-0707", "B-0709", "B-0710")
	g := newBoard(t, "axis-general", wall+units("axis", "infantry", 8, 4, 4, "B-0105")+
		units("soviet", "infantry", 8, 4, 6, "B-0305", "B-1505"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, b.Side)
	p := newPlan(b, v)
	p.pre = true
	pocket, _ := g.Position().UnitByID("sov-in1")
	free, _ := g.Position().UnitByID("sov-in2")
	if !v.cutOff(pocket) || v.cutOff(free) {
		t.Fatalf("cut off: sov-in1 %v, sov-in2 %v", v.cutOff(pocket), v.cutOff(free))
	}
	inf, _ := g.Position().UnitByID("axi-in1")
	pz, _ := g.Position().UnitByID("axi-pa1")
	byInf, byPz := mopUp(p, inf, idx(t, g, "B-0405")), mopUp(p, pz, idx(t, g, "B-0405"))
	if byInf <= 0 || byPz >= byInf {
		t.Errorf("mop-up next to the pocket: infantry %v, panzer %v", byInf, byPz)
	}
	if x := mopUp(p, inf, idx(t, g, "B-1405")); x != 0 {
		t.Errorf("next to a supplied unit: %v", x)
	}
}

func hexName(g *game.Game, h int32) string {
	if h < 0 {
		return "none"
	}
	return g.Position().Map.ID(int(h))
}

// axis-of-advance drives at the objective on the unit's road first
// (phase lines): with Ostgrad behind Mittegrad, the unit allotted to
// Ostgrad steps toward Mittegrad.
func TestAxesPhaseLines(t *testing.T) {
	cities := "\n[[map.city]]\nhex = \"B-0905\"\nname = \"Mittegrad\"\nkind = \"major\"\n" +
		"\n[[map.city]]\nhex = \"B-1805\"\nname = \"Ostgrad\"\nkind = \"major\"\n" +
		"\n[[victory.condition]]\nside = \"axis\"\ncities = [\"Ostgrad\"]\nresult = \"decisive\"\n" +
		"\n[[victory.condition]]\nside = \"axis\"\ncities = [\"Mittegrad\"]\nresult = \"marginal\"\n"
	g := newBoard(t, "axis-general", cities+units("axis", "panzer", 12, 6, 8, "B-0205")+units("soviet", "infantry", 2, 1, 6, "B-2009"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, b.Side)
	a := b.axesFor(v)
	k, _ := g.Position().UnitByID("axi-pa1")
	if got := hexName(g, a.target[k]); got != "B-1805" {
		t.Fatalf("axi-pa1's objective is %s, want Ostgrad (B-1805), the more valuable", got)
	}
	if got := hexName(g, a.step[k]); got != "B-0905" {
		t.Errorf("axi-pa1 drives first at %s, want Mittegrad (B-0905), on its road", got)
	}
}

// Spearheads stay within support: on the offensive, a unit of an axis
// gains nothing from the general advance in a hex beyond the support of
// the other units, and all of it within support.
func TestAxesSpearheadSupport(t *testing.T) {
	g, b, v, p, k := spearheadBoard(t)
	if a := b.axesFor(v); !a.offensive {
		t.Fatal("the side is not on the offensive: the position tests nothing")
	}
	if x := p.axisShare(k, idx(t, g, "B-0502")); x != 1 {
		t.Errorf("within support: %v of the advance, want all", x)
	}
	if x := p.axisShare(k, idx(t, g, "B-0802")); x != 0 {
		t.Errorf("six hexes ahead of every other unit: %v of the advance, want none", x)
	}
}

// spearheadBoard is the board of the axis-of-advance tests (objectives
// B-1902 and B-1909, panzers at B-0102 and B-0109, an infantry at
// B-2005): the Axis bot bound to it, its view and plan, and axi-pa1.
func spearheadBoard(t *testing.T) (*game.Game, *Bot, *view, *plan, int) {
	g := newBoard(t, "axis-general", twoCities("B-1902", "B-1909")+
		units("axis", "panzer", 12, 6, 8, "B-0102", "B-0109")+units("soviet", "infantry", 2, 1, 6, "B-2005"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, b.Side)
	k, _ := g.Position().UnitByID("axi-pa1")
	return g, b, v, newPlan(b, v), k
}

// BenchmarkAxes: the allocation of Barbarossa's Axis units to its
// objectives at the start of the game (once a player turn in play).
func BenchmarkAxes(b *testing.B) {
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	if err != nil {
		b.Fatal(err)
	}
	g, err := game.New(sc, game.Options{Rules: "gdw", Seed: 1, SeedSet: true, AutoSetup: true}, gpw.Data, nil)
	if err != nil {
		b.Fatal(err)
	}
	bt := bound(b, g, core.Axis)
	v := bt.newView(bt.e, core.Axis)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bt.ax = nil
		a := bt.axesFor(v)
		if len(a.targets) == 0 {
			b.Fatal("no objectives")
		}
	}
}
