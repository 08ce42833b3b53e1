package bot

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"gpw/core"
	"gpw/game"
)

// frontBoard is a front of two sectors: three panzers against the
// north, three weak infantry units against the south; one Soviet army
// holds the north, two the south. extra is added to the scenario.
func frontBoard(t *testing.T, extra string) (*game.Game, *Bot, *plan) {
	return frontBoardIn(t, "soviet-general", extra)
}

func frontBoardIn(t *testing.T, phase, extra string) (*game.Game, *Bot, *plan) {
	t.Helper()
	g := newBoard(t, phase, "\n[bot.soviet]\nattack_ratio = 10\n"+extra+
		units("axis", "panzer", 12, 6, 8, "B-0301", "B-0302", "B-0303")+units("axis", "infantry", 2, 1, 6, "B-0308", "B-0309", "B-0310")+
		units("soviet", "infantry", 8, 4, 6, "B-0602", "B-0608", "B-0609"), game.Options{})
	b := bound(t, g, core.Soviet)
	return g, b, newPlan(b, b.newView(b.e, core.Soviet))
}

// sectorsNS are the sectors of the north (the panzers) and the south.
func sectorsNS(t *testing.T, g *game.Game, p *plan) (north, south int) {
	t.Helper()
	north, south = int(p.v.sector[idx(t, g, "B-0302")]), int(p.v.sector[idx(t, g, "B-0309")])
	if north == south {
		t.Fatal("the board's front is one sector: the position tests nothing")
	}
	return north, south
}

// The line's defence is shared in proportion to threat × value: the
// panzers' sector wants more than the infantry's, every holding sector
// something; a city behind the south raises its share.
func TestFrontShares(t *testing.T) {
	g, _, p := frontBoard(t, "")
	f := p.front
	north, south := sectorsNS(t, g, p)
	if f.threat[north] <= f.threat[south] || f.threat[south] <= 0 {
		t.Fatalf("threat north %v, south %v", f.threat[north], f.threat[south])
	}
	if f.want[north] <= f.want[south] || f.want[south] <= 0 {
		t.Errorf("want north %v, south %v", f.want[north], f.want[south])
	}
	if got, total := sum(f.want), 0.9*24; math.Abs(got-total) > 1e-9 {
		t.Errorf("the sectors want %v of the line, not %v (the side's defence less its reserve)", got, total)
	}
	if r := f.want[north] / f.want[south]; math.Abs(r-f.threat[north]/f.threat[south]) > 1e-9 {
		t.Errorf("with no value behind either, the shares go as the threat: %v", r)
	}
	if f.have[north] != 8 || f.have[south] != 16 {
		t.Errorf("on the line: north %v, south %v", f.have[north], f.have[south])
	}
	g2, _, p2 := frontBoard(t, victoryTOML("B-1009"))
	_, south2 := sectorsNS(t, g2, p2)
	if p2.front.value[south2] <= 0 || p2.front.want[south2] <= f.want[south] {
		t.Errorf("a city behind the south: value %v, want %v (was %v)", p2.front.value[south2], p2.front.want[south2], f.want[south])
	}
}

// front-allocation: a unit of the sector with more than its share moves
// onto the line of the sector short of its share (at a weight that
// outweighs the panzers' danger there and the south's own line, worth
// lineBase a hex); without the tactic both stay in the south.
func TestTacticFrontAllocation(t *testing.T) {
	moved := func(weight float64) int {
		g, b, p := frontBoard(t, "")
		north, _ := sectorsNS(t, g, p)
		b.Doctrine.Front = weight
		b.turnView = nil
		if err := b.move(); err != nil {
			t.Fatal(err)
		}
		v := p.v // the sectors and distances before the move (the enemy has not moved)
		n := 0
		for _, id := range []string{"sov-in2", "sov-in3"} {
			if h := idx(t, g, hexOf(g, id)); int(v.sector[h]) == north && v.foeDist[h] <= p.front.depth[north]+1 {
				n++
			}
		}
		return n
	}
	if n := moved(5); n != 1 {
		t.Errorf("%d units of the south went onto the north's line, want 1", n)
	}
	if n := moved(0); n != 0 {
		t.Errorf("without front-allocation %d went north: the position tests nothing", n)
	}
}

// front-allocation: leaving the line of a sector short of its share
// costs; leaving one with more than its share for the short one gains.
func TestTacticFrontAllocationLeaving(t *testing.T) {
	g, _, p := frontBoard(t, "")
	k1, _ := g.Position().UnitByID("sov-in1")
	k2, _ := g.Position().UnitByID("sov-in2")
	if x := frontAllocation(p, k1, idx(t, g, "B-1202")); x >= 0 {
		t.Errorf("the north's one army leaving its line: %v", x)
	}
	if x := frontAllocation(p, k2, idx(t, g, "B-0603")); x <= 0 {
		t.Errorf("a southern army onto the north's line: %v", x)
	}
}

// reserve: the reserves wanted are shared among the holding sectors by
// their threat.
func TestReserveByThreat(t *testing.T) {
	g, _, p := frontBoard(t, "reserve = 1\n")
	north, south := sectorsNS(t, g, p)
	f := p.front
	if f.resWant[north] != 2 || f.resWant[south] != 1 {
		t.Errorf("reserves wanted north %d, south %d (threat %v, %v)", f.resWant[north], f.resWant[south], f.threat[north], f.threat[south])
	}
}

// front-allocation by rail: a unit far behind the front rails onto the
// line of the sector short of its share (the north), not to the south,
// which has more than its share and where it would rail without the
// tactic.
func TestTacticFrontAllocationRail(t *testing.T) {
	var line []string
	for r := 1; r <= 10; r++ {
		line = append(line, fmt.Sprintf("%q", fmt.Sprintf("B-08%02d", r)))
	}
	for c := 9; c <= 16; c++ {
		line = append(line, fmt.Sprintf("%q", fmt.Sprintf("B-%02d10", c)))
	}
	rail := "\n[[map.rail]]\nhexes = [" + strings.Join(line, ", ") + "]\n" + unitTOML("sov-far", "soviet", "infantry", 8, 4, 6, "B-1610")
	// at the line's full weight (lineBase) the north's open line hexes
	// draw the unit by themselves; at a quarter of it only the shares do
	defer func(x float32) { lineBase = x }(lineBase)
	lineBase = 0.5
	railed := func(weight float64) (string, int) {
		g, b, p := frontBoardIn(t, "soviet-rail", rail)
		north, _ := sectorsNS(t, g, p)
		b.Doctrine.Front = weight
		b.turnView = nil
		if err := b.rail(); err != nil {
			t.Fatal(err)
		}
		at := hexOf(g, "sov-far")
		h := idx(t, g, at)
		if int(p.v.sector[h]) == north && p.v.foeDist[h] <= p.front.depth[north]+1 {
			return at, b.Tactics["front-allocation"]
		}
		return at, -1
	}
	if at, n := railed(DefaultDoctrine(core.Soviet).Front); n != 1 {
		t.Errorf("sov-far railed to %s, not onto the north's line (front-allocation credited %d)", at, n)
	}
	if at, n := railed(0); n >= 0 {
		t.Errorf("without front-allocation sov-far railed to %s, on the north's line: the position tests nothing", at)
	}
}

// The line runs on across the sectors' seams: neighbouring holding or
// withdrawing sectors draw it at most a hex apart in depth (the
// shallower drawn back); an attacking sector between them is no seam.
func TestSmoothDepths(t *testing.T) {
	for _, c := range []struct {
		posture []posture
		depth   []int16
		want    []int16
	}{
		{[]posture{hold, withdraw, withdraw}, []int16{2, 8, 4}, []int16{7, 8, 7}},
		{[]posture{hold, hold, hold, withdraw}, []int16{2, 2, 2, 6}, []int16{3, 4, 5, 6}},
		{[]posture{hold, attack, withdraw}, []int16{2, 0, 8}, []int16{2, 0, 8}},
		{[]posture{hold, hold}, []int16{3, 2}, []int16{3, 2}},
	} {
		got := append([]int16(nil), c.depth...)
		smoothDepths(&view{posture: c.posture}, got)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%v %v: %v, want %v", c.posture, c.depth, got, c.want)
		}
	}
}

// plug-the-breach: a gap in the line of the sector under more threat
// than the front's mean is worth more than the same gap elsewhere.
func TestPlugTheBreachByPressure(t *testing.T) {
	g, _, p := frontBoard(t, "")
	north, south := sectorsNS(t, g, p)
	if pn, ps := p.front.pressure(north), p.front.pressure(south); pn <= 1 || ps >= 1 {
		t.Fatalf("pressure north %v, south %v", pn, ps)
	}
	k, _ := g.Position().UnitByID("sov-in3")
	found := false
	for h, x := range p.line {
		if x <= 0 || p.cover[h] > 0 || p.v.reach[h] <= 0 || int(p.v.sector[h]) != north {
			continue
		}
		with := plugTheBreach(p, k, h)
		f := p.front
		p.front = nil
		without := plugTheBreach(p, k, h)
		p.front = f
		if with <= without || without <= 0 {
			t.Errorf("a breach of the north's line at %s: %v, %v without the front's pressure", g.Position().Map.ID(h), with, without)
		}
		found = true
		break
	}
	if !found {
		t.Fatal("no breach in the north's line: the position tests nothing")
	}
}

// The plan's line depths are smoothed: on the front board the south
// holds (its line two hexes out) and the north withdraws (four), so the
// south's line is drawn back to three.
func TestLineRunsAcrossSeams(t *testing.T) {
	g, _, p := frontBoard(t, "")
	north, south := sectorsNS(t, g, p)
	if p.v.posture[north] != withdraw || p.v.posture[south] != hold {
		t.Fatalf("postures north %v, south %v: the position tests nothing", p.v.posture[north], p.v.posture[south])
	}
	if d := p.lineDepths(); d[north] != 4 || d[south] != 3 {
		t.Errorf("line depths north %d, south %d; want 4 and 3", d[north], d[south])
	}
}

// The front's doctrine keys are read from a scenario's [bot] table, and
// checked.
func TestDoctrineFrontKeys(t *testing.T) {
	g := newBoard(t, "axis-combat", "\n[bot.soviet]\nfront = 0.8\nfront_value = 40\ngarrison = 0.5\n"+
		unitTOML("ger-1", "axis", "infantry", 6, 3, 6, "B-0505"), game.Options{})
	so, err := doctrineFor(g, core.Soviet)
	if err != nil {
		t.Fatal(err)
	}
	if so.Front != 0.8 || so.FrontValue != 40 || so.Garrison != 0.5 {
		t.Errorf("soviet doctrine front %v, front_value %v, garrison %v", so.Front, so.FrontValue, so.Garrison)
	}
	if ax, _ := doctrineFor(g, core.Axis); ax.Front != DefaultDoctrine(core.Axis).Front {
		t.Errorf("the Soviet table changed the Axis's front weight: %v", ax.Front)
	}
	for _, c := range []struct{ toml, want string }{
		{"[bot]\nfront = -1\n", "front, front_value: not negative"},
		{"[bot]\ngarrison = 2\n", "garrison: 2 is not in 0..1"},
	} {
		g := newBoard(t, "axis-combat", c.toml+unitTOML("ger-1", "axis", "infantry", 6, 3, 6, "B-0505"), game.Options{})
		if _, err := doctrineFor(g, core.Axis); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.toml, err, c.want)
		}
	}
}

// lineBase: a weak Soviet reserve behind a line of four units that
// leaves its southern end open to three panzer corps closes the gap (the
// line hexes worth enough to stand in where the enemy can attack); at
// the old weight (0.5) it stood back out of danger and two gaps into the
// rear stayed open.
func TestLineBaseClosesTheLine(t *testing.T) {
	gaps := func(base float32) LineQuality {
		defer func(x float32) { lineBase = x }(lineBase)
		lineBase = base
		g := newBoard(t, "soviet-general", units("axis", "panzer", 12, 6, 6, "B-0301", "B-0302", "B-0303", "B-0304", "B-0305", "B-0306", "B-0307", "B-0308", "B-0309", "B-0310")+
			units("soviet", "infantry", 8, 4, 1, "B-0601", "B-0603", "B-0605", "B-0607")+unitTOML("sov-r", "soviet", "infantry", 4, 2, 4, "B-1008"), game.Options{})
		b := bound(t, g, core.Soviet)
		if err := b.move(); err != nil {
			t.Fatal(err)
		}
		return MeasureLine(g.Position(), core.Soviet)
	}
	if q := gaps(lineBase); q.Gaps != 0 {
		t.Errorf("the line is left open: %v", q)
	}
	if q := gaps(0.5); q.Gaps == 0 {
		t.Errorf("at the old weight the line closes too: the position tests nothing (%v)", q)
	}
}
