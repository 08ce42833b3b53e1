package bot

import (
	"fmt"
	"strings"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// Each tactic is tested on the small board of doctrine_test.go: a
// position where the tactic is what decides, then what the bot does
// (or, for the terms of a score, that the term tells the hexes apart).

// nbr returns the neighbours of a hex of the test board, clockwise from
// north (N, NE, SE, S, SW, NW).
func nbr(t testing.TB, id string) [6]string {
	t.Helper()
	m := boardMap(t)
	h, err := m.ParseHex(id)
	if err != nil {
		t.Fatal(err)
	}
	var out [6]string
	for d, n := range m.Nbr[h] {
		if n >= 0 {
			out[d] = m.ID(int(n))
		}
	}
	return out
}

func boardMap(t testing.TB) *core.Map {
	t.Helper()
	sc, err := scenario.Parse("test.toml", []byte(strings.Replace(board, "%s", "axis-combat", 1)), gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	return sc.Map
}

// bound returns a hard bot for side, bound to game g.
func bound(t testing.TB, g *game.Game, side core.Side) *Bot {
	t.Helper()
	b, err := New(side, "hard", nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.bind(g); err != nil {
		t.Fatal(err)
	}
	return b
}

func hexOf(g *game.Game, id string) string {
	k, _ := g.Position().UnitByID(id)
	return g.Position().Map.ID(g.Position().Units[k].Hex)
}

func idx(t testing.TB, g *game.Game, id string) int {
	h, err := g.Position().Map.ParseHex(id)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func units(side, kind string, full, half, mp int, hexes ...string) string {
	var b strings.Builder
	for i, h := range hexes {
		b.WriteString(unitTOML(fmt.Sprintf("%s-%s%d", side[:3], kind[:2], i+1), side, kind, full, half, mp, h))
	}
	return b.String()
}

// adjacent counts the units of side next to hex id.
func adjacent(t testing.TB, g *game.Game, id string, side core.Side) int {
	n := 0
	for _, nb := range g.Position().Map.Nbr[idx(t, g, id)] {
		if nb >= 0 {
			if o := g.Position().Occupant(int(nb)); o >= 0 && g.Position().Units[o].Side == side {
				n++
			}
		}
	}
	return n
}

// mass: before its combat phase the side brings enough strength next to
// the enemy unit for good odds, then attacks at them.
func TestTacticMass(t *testing.T) {
	g := newBoard(t, "axis-panzer", units("axis", "panzer", 12, 6, 8, "B-0403", "B-0405", "B-0407")+
		units("soviet", "infantry", 8, 4, 6, "B-1005"), game.Options{})
	b := bound(t, g, core.Axis)
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	if n := adjacent(t, g, "B-1005", core.Axis); n != 3 {
		t.Fatalf("%d panzers next to sov-in1, want 3 (32 strength for 4:1 against 8)", n)
	}
	if err := b.Play(g); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range g.Log() {
		if e.Kind == "combat" && e.Get("defender") == "sov-in1" {
			found = true
			if col := e.Get("column"); col != "4:1" {
				t.Errorf("attacked at %v, want 4:1", col)
			}
		}
	}
	if !found {
		t.Errorf("sov-in1 was not attacked")
	}
}

// encircle: after combat a panzer closes the only way out of an enemy
// unit.
func TestTacticEncircle(t *testing.T) {
	n := nbr(t, "B-1005")
	g := newBoard(t, "axis-general", units("axis", "infantry", 6, 3, 0, n[0], n[4], n[5])+
		units("axis", "panzer", 12, 6, 8, "B-0909")+units("soviet", "infantry", 8, 4, 6, "B-1005"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, core.Axis)
	before := b.cutValue(v, idx(t, g, n[2]), -1)
	if before <= 0 {
		t.Fatalf("standing in %s leaves sov-in1 no way out: cut value %v", n[2], before)
	}
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	free := 0
	for _, x := range g.Position().Map.Nbr[idx(t, g, "B-1005")] {
		if x >= 0 && g.Position().Occupant(int(x)) < 0 && !g.Position().ZOC(core.Axis, int(x)) {
			free++
		}
	}
	if free > 0 {
		t.Errorf("sov-in1 has %d free hexes left; the panzer went to %s", free, hexOf(g, "axi-pa1"))
	}
}

// hold-the-line: a holding side stands two hexes from the enemy, out of
// reach of its infantry, each unit watching its own part of the line.
func TestTacticHoldTheLine(t *testing.T) {
	g := newBoard(t, "soviet-general", units("axis", "infantry", 6, 3, 6, "B-0503", "B-0505", "B-0507")+
		units("soviet", "infantry", 8, 4, 6, "B-1404", "B-1406"), game.Options{})
	b := bound(t, g, core.Soviet)
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	v := b.newView(b.e, core.Soviet)
	var at []int
	for _, id := range []string{"sov-in1", "sov-in2"} {
		h := idx(t, g, hexOf(g, id))
		if d := v.foeDist[h]; d < 2 || d > 3 {
			t.Errorf("%s in %s is %d hexes from the enemy, want 2 or 3", id, hexOf(g, id), d)
		}
		at = append(at, h)
	}
	if g.Position().Map.Distance(at[0], at[1]) < 2 {
		t.Errorf("the two units stand next to each other (%s, %s): their zones of control overlap", hexOf(g, "sov-in1"), hexOf(g, "sov-in2"))
	}
}

// plug-the-breach: of two gaps in the line, the one the enemy can reach
// is closed first.
func TestTacticPlugTheBreach(t *testing.T) {
	// the northern enemy units hardly move; the southern ones can reach
	// the line
	g := newBoard(t, "soviet-general", units("axis", "infantry", 6, 3, 1, "B-0502", "B-0504", "B-0506", "B-0508")+units("axis", "cavalry", 6, 3, 2, "B-0510")+
		units("soviet", "infantry", 8, 4, 6, "B-1005", "B-1006"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, core.Soviet)
	p := newPlan(b, v)
	k, _ := g.Position().UnitByID("sov-in1")
	north, south := plugTheBreach(p, k, idx(t, g, "B-0702")), plugTheBreach(p, k, idx(t, g, "B-0709"))
	if south <= north {
		t.Errorf("where the enemy can come %v, where it cannot %v", south, north)
	}
}

// reserve: with the line held, a unit stands in reserve behind it.
func TestTacticReserve(t *testing.T) {
	g := newBoard(t, "soviet-general", "\n[bot.soviet]\nreserve = 0.5\n"+units("axis", "infantry", 6, 3, 6, "B-0505", "B-0506")+
		units("soviet", "infantry", 8, 4, 6, "B-0705", "B-1305"), game.Options{})
	b, err := ForGame(g, core.Soviet, "hard")
	if err != nil {
		t.Fatal(err)
	}
	if err := b.bind(g); err != nil {
		t.Fatal(err)
	}
	v := b.newView(b.e, core.Soviet)
	p := newPlan(b, v)
	if n := sum(p.front.resWant); n != 1 {
		t.Fatalf("reserves wanted: %d", n)
	}
	k, _ := g.Position().UnitByID("sov-in2")
	if in, out := reserve(p, k, idx(t, g, "B-1005")), reserve(p, k, idx(t, g, "B-1405")); in <= out {
		t.Errorf("in reserve %v, beyond %v", in, out)
	}
}

// victoryTOML makes Testgrad (in hex) a city of the Axis's victory
// conditions.
func victoryTOML(hex string) string {
	return "\n[[map.city]]\nhex = \"" + hex + "\"\nname = \"Testgrad\"\nkind = \"major\"\n\n[[victory.condition]]\nside = \"axis\"\ncities = [\"Testgrad\"]\nresult = \"decisive\"\n"
}

// take-objectives: a panzer drives through an empty enemy city.
func TestTacticTakeObjectives(t *testing.T) {
	g := newBoard(t, "axis-general", victoryTOML("B-1105")+units("axis", "panzer", 12, 6, 8, "B-0405")+
		units("soviet", "infantry", 8, 4, 6, "B-1909"), game.Options{})
	b := bound(t, g, core.Axis)
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	if c := g.Position().Control[idx(t, g, "B-1105")]; c != core.Axis {
		t.Errorf("Testgrad is %s; the panzer went to %s", c, hexOf(g, "axi-pa1"))
	}
}

// garrison: a threatened city of the side is held.
func TestTacticGarrison(t *testing.T) {
	g := newBoard(t, "soviet-general", victoryTOML("B-1005")+units("axis", "panzer", 12, 6, 8, "B-0505")+
		units("soviet", "infantry", 8, 4, 6, "B-1308"), game.Options{})
	b := bound(t, g, core.Soviet)
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	if at := hexOf(g, "sov-in1"); at != "B-1005" {
		t.Errorf("sov-in1 went to %s, not into Testgrad (B-1005)", at)
	}
}

// guard-objectives: a unit far from an objective no unit can reach
// sets out for it.
func TestTacticGuardObjectives(t *testing.T) {
	g := newBoard(t, "soviet-general", victoryTOML("B-1902")+units("axis", "panzer", 12, 6, 8, "B-0305")+
		units("soviet", "infantry", 8, 4, 6, "B-1410"), game.Options{})
	b := bound(t, g, core.Soviet)
	before := g.Position().Map.Distance(idx(t, g, "B-1410"), idx(t, g, "B-1902"))
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	if d := g.Position().Map.Distance(idx(t, g, hexOf(g, "sov-in1")), idx(t, g, "B-1902")); d > before-4 {
		t.Errorf("sov-in1 went to %s, %d hexes from Testgrad (from %d)", hexOf(g, "sov-in1"), d, before)
	}
}

// river-line: a holding line runs behind a river rather than in front
// of it, and the units stand behind it.
func TestTacticRiverLine(t *testing.T) {
	var sides []string
	for r := 1; r <= 10; r++ {
		h := fmt.Sprintf("B-10%02d", r)
		n := nbr(t, h)
		for _, d := range []int{4, 5} { // SW, NW: the west
			if n[d] != "" {
				sides = append(sides, fmt.Sprintf("[%q, %q]", h, n[d]))
			}
		}
	}
	river := "\n[[map.river]]\nsides = [" + strings.Join(sides, ", ") + "]\n"
	var west []string
	for r := 1; r <= 10; r += 2 {
		west = append(west, fmt.Sprintf("B-07%02d", r))
	}
	g := newBoard(t, "soviet-general", river+units("axis", "cavalry", 6, 3, 6, west...)+
		units("soviet", "infantry", 8, 4, 6, "B-1403", "B-1405", "B-1407", "B-1409"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, core.Soviet)
	p := newPlan(b, v)
	k, _ := g.Position().UnitByID("sov-in1")
	behind, open := riverLine(p, k, idx(t, g, "B-1005"), nil), riverLine(p, k, idx(t, g, "B-0905"), nil)
	if behind <= open {
		t.Errorf("behind the river %v, in front of it %v", behind, open)
	}
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"sov-in1", "sov-in2", "sov-in3", "sov-in4"} {
		if at := hexOf(g, id); at < "B-1000" {
			t.Errorf("%s went to %s, in front of the river (column 10)", id, at)
		}
	}
}

// keep-supply: a hex the side could not trace supply from counts
// against a move there.
func TestTacticKeepSupply(t *testing.T) {
	// a wall of Soviet units cuts the east off from the Axis edge
	var wall []string
	for r := 1; r <= 10; r++ {
		wall = append(wall, fmt.Sprintf("B-08%02d", r))
	}
	g := newBoard(t, "axis-general", units("soviet", "infantry", 8, 4, 6, wall...)+units("axis", "infantry", 6, 3, 6, "B-0305"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, core.Axis)
	p := newPlan(b, v)
	k, _ := g.Position().UnitByID("axi-in1")
	if x := keepSupply(p, k, idx(t, g, "B-1205"), nil); x >= 0 {
		t.Errorf("beyond the wall: %v, want a penalty", x)
	}
	if x := keepSupply(p, k, idx(t, g, "B-0405"), nil); x != 0 {
		t.Errorf("on this side of it: %v", x)
	}
}

// avoid-danger: standing where strong enemy units can attack costs what
// the unit expects to lose.
func TestTacticAvoidDanger(t *testing.T) {
	g := newBoard(t, "soviet-general", units("axis", "panzer", 12, 6, 8, "B-0503", "B-0505", "B-0507")+
		units("soviet", "infantry", 8, 4, 6, "B-1005"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, core.Soviet)
	p := newPlan(b, v)
	k, _ := g.Position().UnitByID("sov-in1")
	near, far := avoidDanger(p, k, idx(t, g, "B-0705"), nil), avoidDanger(p, k, idx(t, g, "B-1905"), nil)
	if near >= far || far != 0 {
		t.Errorf("near the panzers %v, far from them %v", near, far)
	}
}

// withdraw: a sector far weaker than the enemy falls back.
func TestTacticWithdraw(t *testing.T) {
	g := newBoard(t, "soviet-general", units("axis", "panzer", 12, 6, 8, "B-0503", "B-0505", "B-0507", "B-0504")+
		units("soviet", "infantry", 8, 4, 6, "B-0805"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, core.Soviet)
	if p := v.postureAt(idx(t, g, "B-0805")); p != withdraw {
		t.Fatalf("posture %s, want withdraw (8 against 48)", p)
	}
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	if d := v.foeDist[idx(t, g, hexOf(g, "sov-in1"))]; d < 4 {
		t.Errorf("sov-in1 stays %d hexes from the enemy (in %s)", d, hexOf(g, "sov-in1"))
	}
}

// march: a unit far behind closes in on the enemy.
func TestTacticMarch(t *testing.T) {
	g := newBoard(t, "axis-general", units("axis", "infantry", 6, 3, 6, "B-0105")+units("soviet", "infantry", 8, 4, 6, "B-1905"), game.Options{})
	b := bound(t, g, core.Axis)
	if err := b.move(); err != nil {
		t.Fatal(err)
	}
	if d := g.Position().Map.Distance(idx(t, g, hexOf(g, "axi-in1")), idx(t, g, "B-1905")); d != 12 {
		t.Errorf("axi-in1 went to %s, %d hexes from the enemy, want 12 (six hexes on)", hexOf(g, "axi-in1"), d)
	}
}

// escape: a hex with fewer than two ways out, within the enemy's reach,
// is a trap.
func TestTacticEscape(t *testing.T) {
	n := nbr(t, "B-1005")
	g := newBoard(t, "soviet-general", units("axis", "infantry", 6, 3, 6, n[0], n[4], n[5], "B-1208")+
		units("soviet", "infantry", 8, 4, 6, "B-1505"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, core.Soviet)
	p := newPlan(b, v)
	k, _ := g.Position().UnitByID("sov-in1")
	if trap, open := escape(p, k, idx(t, g, "B-1005"), nil), escape(p, k, idx(t, g, "B-1505"), nil); trap >= 0 || open != 0 {
		t.Errorf("in the trap %v, in the open %v", trap, open)
	}
}

// advance: in an attacking sector the objectives pull.
func TestTacticAdvance(t *testing.T) {
	g := newBoard(t, "axis-general", victoryTOML("B-1705")+units("axis", "panzer", 12, 6, 8, "B-0903", "B-0907")+
		units("axis", "infantry", 6, 3, 6, "B-0905")+units("soviet", "infantry", 4, 2, 6, "B-1210"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, core.Axis)
	p := newPlan(b, v)
	k, _ := g.Position().UnitByID("axi-in1")
	if fwd, back := advance(p, k, idx(t, g, "B-1105"), nil), advance(p, k, idx(t, g, "B-0705"), nil); fwd <= 0 || back >= 0 {
		t.Errorf("toward Testgrad %v, away %v", fwd, back)
	}
}

// assault: good odds are taken, hopeless ones are not.
func TestTacticAssault(t *testing.T) {
	n := nbr(t, "B-1005")
	g := newBoard(t, "axis-combat", "\n[map.terrain]\nforest = [\"B-1508\"]\n"+units("axis", "panzer", 12, 6, 8, n[4], n[5], n[0])+
		units("axis", "infantry", 3, 1, 6, "B-1408")+units("soviet", "infantry", 8, 4, 6, "B-1005", "B-1508"), game.Options{})
	b := bound(t, g, core.Axis)
	if err := b.Play(g); err != nil {
		t.Fatal(err)
	}
	var fought []string
	for _, e := range g.Log() {
		if e.Kind == "combat" {
			fought = append(fought, fmt.Sprint(e.Get("defender"), " ", e.Get("column")))
		}
	}
	if len(fought) != 1 || fought[0] != "sov-in1 4:1" {
		t.Errorf("battles %v, want only sov-in1 at 4:1", fought)
	}
}

// pocket: of two like attacks, the one on a unit that cannot retreat is
// worth more.
func TestTacticPocket(t *testing.T) {
	n := nbr(t, "B-1005")
	g := newBoard(t, "axis-combat", units("axis", "panzer", 12, 6, 8, n[4], n[5])+units("axis", "infantry", 6, 3, 6, n[0], n[1], n[2], n[3])+
		units("soviet", "infantry", 8, 4, 6, "B-1005"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, core.Axis)
	k, _ := g.Position().UnitByID("sov-in1")
	o := option{def: k, hex: idx(t, g, "B-1005"), col: 2}
	if x := pocket(b, v, &o); x <= 0 {
		t.Errorf("a surrounded defender: bonus %v", x)
	}
	g2 := newBoard(t, "axis-combat", units("axis", "panzer", 12, 6, 8, n[4], n[5])+units("soviet", "infantry", 8, 4, 6, "B-1005"), game.Options{})
	b2 := bound(t, g2, core.Axis)
	v2 := b2.newView(b2.e, core.Axis)
	o.def, _ = g2.S.UnitByID("sov-in1")
	if x := pocket(b2, v2, &o); x != 0 {
		t.Errorf("a defender with a way out: bonus %v", x)
	}
}

// counterattack: a holding side strikes back at 3:1.
func TestTacticCounterattack(t *testing.T) {
	n := nbr(t, "B-1005")
	g := newBoard(t, "soviet-combat", units("soviet", "infantry", 8, 4, 6, n[1], n[2], n[3])+units("axis", "infantry", 6, 3, 6, "B-1005")+
		units("axis", "panzer", 12, 6, 8, "B-0505", "B-0506", "B-0504"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, core.Soviet)
	if v.postureAt(idx(t, g, "B-1005")) == attack {
		t.Fatalf("the Soviet sector attacks; the test wants it to hold")
	}
	k, _ := g.Position().UnitByID("axi-in1")
	if x := counterattack(b, v, &option{def: k, hex: idx(t, g, "B-1005"), col: 3}); x <= 0 {
		t.Errorf("3:1 from a holding sector: bonus %v", x)
	}
	if x := counterattack(b, v, &option{def: k, hex: idx(t, g, "B-1005"), col: 2}); x != 0 {
		t.Errorf("2:1: bonus %v", x)
	}
	if err := b.Play(g); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logText(g), "axi-in1 attacked") {
		t.Errorf("no counterattack:\n%s", logText(g))
	}
}

// breakthrough: in an attacking sector, a defender alone in the line
// opens the way.
func TestTacticBreakthrough(t *testing.T) {
	g := newBoard(t, "axis-combat", victoryTOML("B-1805")+units("axis", "panzer", 12, 6, 8, "B-0904", "B-0905", "B-0906", "B-0807")+
		units("soviet", "infantry", 4, 2, 6, "B-1005", "B-1009"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, core.Axis)
	k, _ := g.Position().UnitByID("sov-in1")
	if x := breakthrough(b, v, &option{def: k, hex: idx(t, g, "B-1005"), col: 4}); x <= 0 {
		t.Errorf("a lone defender before Testgrad: bonus %v", x)
	}
}

// setup: every unit of Barbarossa is set up in its area by the bots
// themselves, none left to the engine's rule.
func TestTacticSetup(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(sc, game.Options{}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	areas := map[int]core.Bitset{}
	for k := range g.Position().Units {
		if a := g.SetupArea(k); a != nil && g.Position().Units[k].Status != core.OnMap {
			areas[k] = a
		}
	}
	ax, so := bound(t, g, core.Axis), bound(t, g, core.Soviet)
	var said []string
	for _, b := range []*Bot{ax, so} {
		b.Say = func(s string) { said = append(said, s) }
	}
	for g.InSetup() {
		if err := []*Bot{ax, so}[g.SetupSide()].setup(); err != nil {
			t.Fatal(err)
		}
	}
	for k, a := range areas {
		u := &g.Position().Units[k]
		if u.Status != core.OnMap || !a.Has(u.Hex) {
			t.Errorf("%s was not set up in its area", u.ID)
		}
	}
	if len(said) > 0 {
		t.Errorf("the bots said %q", said)
	}
}

// reinforce-the-front: a reinforcement enters at the edge hex nearest
// the fighting.
func TestTacticReinforceTheFront(t *testing.T) {
	g := newBoard(t, "soviet-reinforcement", `
[map.edge]
soviet = ["B-2002", "B-2009"]
axis = ["B-0105"]
`+units("axis", "panzer", 12, 6, 8, "B-1409")+units("soviet", "infantry", 8, 4, 6, "B-1509")+
		"\n[[unit]]\nid = \"sov-new\"\nside = \"soviet\"\nnation = \"sov\"\nkind = \"infantry\"\nstrength = [8, 4]\nmp = 6\narrives = \"Jul 1941\"\n", game.Options{})
	b := bound(t, g, core.Soviet)
	if err := b.reinforce(); err != nil {
		t.Fatal(err)
	}
	if at := hexOf(g, "sov-new"); at != "B-2009" {
		t.Errorf("sov-new placed in %s, want B-2009 near the front", at)
	}
}

// rebuild: replacement points go to the most strength per point.
func TestTacticRebuild(t *testing.T) {
	g := newBoard(t, "soviet-reinforcement", `
[[map.city]]
hex = "B-1805"
name = "Rear"
kind = "major"

[[replacements]]
turn = "Jul 1941"
soviet = 2
`+units("axis", "panzer", 12, 6, 8, "B-0405")+units("soviet", "infantry", 8, 4, 6, "B-1205")+"reduced = true\n"+
		"\n[[unit]]\nid = \"sov-gone\"\nside = \"soviet\"\nnation = \"sov\"\nkind = \"infantry\"\nstrength = [8, 4]\nmp = 6\neliminated = true\n", game.Options{})
	b := bound(t, g, core.Soviet)
	if err := b.reinforce(); err != nil {
		t.Fatal(err)
	}
	text := logText(g)
	if !strings.Contains(text, "sov-in1 rebuilt to strength 8") || !strings.Contains(text, "sov-gone rebuilt to strength 4") {
		t.Errorf("rebuilds:\n%s", text)
	}
}

// rail-to-front: a unit far behind goes by rail toward the enemy.
func TestTacticRailToFront(t *testing.T) {
	var line []string
	for c := 4; c <= 19; c++ {
		line = append(line, fmt.Sprintf("%q", fmt.Sprintf("B-%02d05", c)))
	}
	g := newBoard(t, "soviet-rail", "\n[[map.rail]]\nhexes = ["+strings.Join(line, ", ")+"]\n"+
		units("axis", "infantry", 6, 3, 6, "B-0305", "B-0307")+units("soviet", "infantry", 8, 4, 6, "B-1905"), game.Options{})
	b := bound(t, g, core.Soviet)
	if err := b.rail(); err != nil {
		t.Fatal(err)
	}
	if at := hexOf(g, "sov-in1"); at == "B-1905" {
		t.Errorf("sov-in1 stayed in %s", at)
	} else if d := g.Position().Map.Distance(idx(t, g, at), idx(t, g, "B-0305")); d > 5 || d < 2 {
		t.Errorf("sov-in1 railed to %s, %d hexes from the enemy", at, d)
	}
}

// retreat-into-trap: the attacker sends the defender through the most
// zones of control.
func TestTacticRetreatIntoTrap(t *testing.T) {
	g := newBoard(t, "axis-combat", units("axis", "infantry", 6, 3, 6, "B-1005")+units("soviet", "infantry", 8, 4, 6, "B-1105"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, core.Axis)
	d := &decision{kind: retreatDecision, retreats: [][]int{{idx(t, g, "B-1205"), idx(t, g, "B-1305")}, {idx(t, g, "B-1204"), idx(t, g, "B-1304")}}, zoc: []int{0, 1}}
	if i := b.pickRetreat(v, d); i != 1 {
		t.Errorf("picked retreat %d, want the one through a zone of control", i)
	}
}

// stand-fast: a defender in a swamp stands rather than retreat through a
// zone of control.
func TestTacticStandFast(t *testing.T) {
	n := nbr(t, "B-1005")
	g := newBoard(t, "axis-combat", "\n[map.terrain]\nswamp = [\"B-1005\"]\n"+units("axis", "panzer", 12, 6, 8, n[4], n[5], n[0], n[1], "B-1207")+
		units("soviet", "infantry", 8, 4, 6, "B-1005"), game.Options{Dice: []int{1}})
	so := bound(t, g, core.Soviet)
	ax := bound(t, g, core.Axis)
	m := &Match{G: g, Bots: [2]*Bot{ax, so}}
	if err := m.Run(1); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logText(g), "sov-in1 stands and loses a step") {
		t.Errorf("sov-in1 did not stand:\n%s", logText(g))
	}
}

// stand-fast against a person: the bot defending elects before the
// person attacking picks the retreat.
func TestStandAgainstAPerson(t *testing.T) {
	n := nbr(t, "B-1005")
	g := newBoard(t, "axis-combat", "\n[map.terrain]\nswamp = [\"B-1005\"]\n"+units("axis", "panzer", 12, 6, 8, n[4], n[5], n[0], n[1], "B-1207")+
		units("soviet", "infantry", 8, 4, 6, "B-1005"), game.Options{Dice: []int{1}})
	so := bound(t, g, core.Soviet)
	m := &Match{G: g, Bots: [2]*Bot{nil, so}}
	if err := g.Exec("attack B-1005 from " + strings.Join([]string{n[4], n[5], n[0], n[1]}, " ")); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(0); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logText(g), "sov-in1 stands and loses a step") {
		t.Errorf("the bot did not stand:\n%s", logText(g))
	}
}

// advance (after combat): into the hex that cuts off another enemy unit.
func TestTacticAdvanceAfterCombat(t *testing.T) {
	g := newBoard(t, "axis-combat", units("axis", "panzer", 12, 6, 8, "B-0904", "B-0905", "B-0906")+
		units("soviet", "infantry", 2, 1, 6, "B-1005"), game.Options{Dice: []int{6}})
	b := bound(t, g, core.Axis)
	if err := b.Play(g); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logText(g), "advances") {
		t.Errorf("no advance after combat:\n%s", logText(g))
	}
}

func logText(g *game.Game) string {
	var b strings.Builder
	for _, e := range g.Log() {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

// Every tactic has its test here.
func TestEveryTacticTested(t *testing.T) {
	tested := map[string]bool{"mass": true, "encircle": true, "hold-the-line": true, "plug-the-breach": true, "reserve": true, "take-objectives": true, "garrison": true, "guard-objectives": true,
		"advance": true, "river-line": true, "keep-supply": true, "avoid-danger": true, "withdraw": true, "escape": true,
		"march": true, "assault": true, "pocket": true, "counterattack": true, "breakthrough": true, "setup": true, "reinforce-the-front": true,
		"rebuild": true, "keep-support": true, "axis-of-advance": true, "mop-up": true, "front-allocation": true, "hold-the-ring": true, "rear-security": true, "hold-the-city": true, "rail-to-front": true, "retreat-into-trap": true, "stand-fast": true}
	for _, tc := range TacticNames() {
		if !tested[tc[0]] {
			t.Errorf("tactic %s has no test", tc[0])
		}
	}
	if len(TacticNames()) < 15 {
		t.Errorf("%d tactics", len(TacticNames()))
	}
}

// Every tactic a level leaves out exists.
func TestLevelsSkipRealTactics(t *testing.T) {
	names := map[string]bool{}
	for _, tc := range TacticNames() {
		names[tc[0]] = true
	}
	for _, l := range Levels {
		for _, s := range l.Skip {
			if !names[s] {
				t.Errorf("level %s skips %q, which is no tactic", l.Name, s)
			}
		}
	}
}
