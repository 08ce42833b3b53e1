package bot

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

func scratchGame(t testing.TB, file, rules string, seed int64, turns int, print bool) (*game.Game, *Bot, *Bot) {
	sc, err := scenario.Load(gpw.Data, file, gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(sc, game.Options{Rules: rules, Seed: seed, SeedSet: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	ax, _ := ForGame(g, core.Axis, "normal")
	so, _ := ForGame(g, core.Soviet, "normal")
	err = PlayGame(g, ax, so, turns, func(s Summary) {
		if print {
			fmt.Println(s)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return g, ax, so
}

func TestScratchAdc2(t *testing.T) {
	start := time.Now()
	scratchGame(t, "scenarios/gdw/barbarossa.toml", "adc2", 1, 0, false)
	fmt.Println(time.Since(start))
}

func TestScratchGdw(t *testing.T) {
	start := time.Now()
	for i := 0; i < 10; i++ {
		scratchGame(t, "scenarios/gdw/barbarossa.toml", "gdw", int64(i), 0, false)
	}
	fmt.Println(time.Since(start) / 10)
}

func TestScratchVsRandom(t *testing.T) {
	sc, _ := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	for _, side := range []core.Side{core.Axis, core.Soviet} {
		wins := 0
		n := 20
		for seed := 0; seed < n; seed++ {
			g, err := game.New(sc, game.Options{Rules: "gdw", Seed: int64(seed), SeedSet: true}, gpw.Data, nil)
			if err != nil {
				t.Fatal(err)
			}
			var bots [2]*Bot
			bots[side], _ = ForGame(g, side, "normal")
			bots[1-side], _ = ForGame(g, 1-side, "random")
			if err := PlayGame(g, bots[0], bots[1], 0, nil); err != nil {
				t.Fatal(err)
			}
			w := Winner(g)
			if w == side {
				wins++
			}
			fmt.Println(side, seed, w, Objectives(g)[core.Axis], bots[0].Refused(), bots[1].Refused())
		}
		fmt.Println(side, "wins", wins, "of", n)
	}
}

func TestScratchHistory(t *testing.T) {
	sc, _ := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	h, err := PlayHistory(HistoryOptions{Scenario: sc, Rules: "gdw", Seeds: 40, Builtin: gpw.Data})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(h)
}

func TestScratchBlau(t *testing.T) {
	for s := 1; s <= 3; s++ {
		scratchGame(t, "scenarios/gdw/fall-blau.toml", "adc2", int64(s), 1, false)
	}
}

func TestScratchPosture(t *testing.T) {
	sc, _ := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	g, _ := game.New(sc, game.Options{}, gpw.Data, nil)
	ax, _ := ForGame(g, core.Axis, "hard")
	so, _ := ForGame(g, core.Soviet, "hard")
	m := &Match{G: g, Bots: [2]*Bot{ax, so}}
	for i := 0; i < 4; i++ {
		b := m.Bots[Actor(g)]
		if g.InSetup() {
			b.bind(g)
			b.setup()
			continue
		}
		b.bind(g)
		v := b.newView(b.e, b.Side)
		fmt.Println(b.Side, g.Phase().ID, v.posture)
		b.Play(g)
	}
}

func TestScratchMarch(t *testing.T) {
	g := newBoard(t, "axis-general", units("axis", "infantry", 6, 3, 6, "B-0105")+units("soviet", "infantry", 8, 4, 6, "B-1905"), game.Options{})
	b := bound(t, g, core.Axis)
	v := b.newView(b.e, core.Axis)
	p := newPlan(b, v)
	k, _ := g.S.UnitByID("axi-in1")
	for _, hx := range []string{"B-0105", "B-0705", "B-0501"} {
		h := idx(t, g, hx)
		fmt.Println(hx, v.foeDist[h], v.postureAt(h))
		for _, tc := range moveTactics {
			if tc.static != nil {
				fmt.Printf("  %s %.2f\n", tc.name, tc.static(p, k, h, nil))
			} else {
				fmt.Printf("  %s %.2f\n", tc.name, tc.dynamic(p, k, h))
			}
		}
	}
}

func TestScratchPosture2(t *testing.T) {
	sc, _ := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	g, _ := game.New(sc, game.Options{Seed: 4, SeedSet: true}, gpw.Data, nil)
	ax, _ := ForGame(g, core.Axis, "normal")
	so, _ := ForGame(g, core.Soviet, "normal")
	ax.bind(g)
	so.bind(g)
	for g.Phase().ID != "axis-general" || g.InSetup() {
		b := []*Bot{ax, so}[Actor(g)]
		if g.InSetup() {
			b.setup()
			continue
		}
		h := b.handlers()
		switch g.Phase().Kind {
		case "reinforcement":
			h.reinforce()
		case "rail":
			h.rail()
		case "move":
			h.move()
		case "combat":
			for g.Phase().Kind == "combat" {
				if d := b.e.pending(); d != nil {
					b.decide(d)
				} else {
					h.combat()
				}
			}
		}
	}
	v := ax.newView(ax.e, core.Axis)
	fmt.Println(v.posture)
	p := newPlan(ax, v)
	p.next = true
	k26, _ := g.S.UnitByID("ger-26")
	dumpUnit(p, k26, []string{"A-1314", "A-0816", "A-1415", "A-1513"})
	for _, id := range []string{} {
		k, _ := g.S.UnitByID(id)
		h := g.S.Units[k].Hex
		fmt.Println(id, g.S.Map.ID(h), v.foeDist[h], v.postureAt(h), v.sector[h])
		for _, tc := range moveTactics {
			if tc.static != nil {
				fmt.Printf("  %s %.2f\n", tc.name, tc.static(p, k, h, nil))
			}
		}
	}
}

func dumpUnit(p *plan, k int, hexes []string) {
	g := p.v.g
	for _, hx := range hexes {
		h, _ := g.S.Map.ParseHex(hx)
		fmt.Println(" ", hx, "foeDist", p.v.foeDist[h], p.v.postureAt(h), "pull", p.v.pull[h])
		for _, tc := range moveTactics {
			var x float64
			if tc.static != nil {
				x = tc.static(p, k, h, nil)
			} else {
				x = tc.dynamic(p, k, h)
			}
			if x != 0 {
				fmt.Printf("    %s %.2f\n", tc.name, x)
			}
		}
	}
}

func TestScratchGuard(t *testing.T) {
	g := newBoard(t, "soviet-general", victoryTOML("B-1902")+units("axis", "panzer", 12, 6, 8, "B-0509")+
		units("soviet", "infantry", 8, 4, 6, "B-0710"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, core.Soviet)
	p := newPlan(b, v)
	p.next = true
	k, _ := g.S.UnitByID("sov-in1")
	fmt.Println(p.keep, v.posture)
	dumpUnit(p, k, []string{"B-0710", "B-0807", "B-1107", "B-1206"})
}

func TestScratchStrength(t *testing.T) {
	sc, _ := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	var str [2][6]int
	var lost [2][6]int
	n := 10
	for seed := 1; seed <= n; seed++ {
		g, _ := game.New(sc, game.Options{Seed: int64(seed), SeedSet: true}, gpw.Data, nil)
		ax, _ := ForGame(g, core.Axis, "normal")
		so, _ := ForGame(g, core.Soviet, "normal")
		i := 0
		PlayGame(g, ax, so, 0, func(s Summary) {
			for k := range g.S.Units {
				u := &g.S.Units[k]
				if u.Status == core.OnMap {
					str[u.Side][i] += u.AttackNow()
				}
			}
			lost[0][i] += s.Lost[0]
			lost[1][i] += s.Lost[1]
			i++
		})
	}
	for side := 0; side < 2; side++ {
		fmt.Print(core.Side(side), " on map:")
		for i := 0; i < 5; i++ {
			fmt.Printf(" %5d", str[side][i]/n)
		}
		fmt.Print("   lost:")
		for i := 0; i < 5; i++ {
			fmt.Printf(" %4d", lost[side][i]/n)
		}
		fmt.Println()
	}
}

func historyError(h *History) float64 {
	var e float64
	for i, c := range h.Cities {
		for t, name := range h.Turns {
			want := 0.0
			if c.heldIn(name, h.Turns[:t+1]) {
				want = 1
			}
			got := float64(h.Held[i][t]) / float64(h.Games)
			e += math.Abs(got - want)
		}
	}
	return e
}

func compact(h *History) string {
	var b strings.Builder
	for i, c := range h.Cities {
		fmt.Fprintf(&b, "%s:", c.City[:3])
		for t := range h.Turns {
			fmt.Fprintf(&b, "%3d", percent(h.Held[i][t], h.Games))
		}
		b.WriteString(" ")
	}
	return b.String()
}

func TestScratchTune(t *testing.T) {
	variants := []map[string]any{
		{},
		{"soviet": map[string]any{"reserve": 0.25}},
		{"soviet": map[string]any{"withdraw_ratio": 0.4}},
		{"soviet": map[string]any{"depth": 3}},
		{"axis": map[string]any{"caution": 0.3}},
		{"soviet": map[string]any{"aggression": 0.4}},
	}
	for _, vr := range variants {
		sc, _ := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
		sc.Bot = vr
		h, err := PlayHistory(HistoryOptions{Scenario: sc, Rules: "gdw", Seeds: 24, Builtin: gpw.Data})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("%-45v err %5.2f win %v\n   %s\n", vr, historyError(h), h.Wins, compact(h))
	}
}

func TestScratchLine(t *testing.T) {
	g := newBoard(t, "soviet-general", units("axis", "infantry", 6, 3, 6, "B-0502", "B-0504", "B-0506", "B-0508", "B-0510")+
		units("axis", "panzer", 12, 6, 8, "B-0309")+units("soviet", "infantry", 8, 4, 6, "B-1505"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, core.Soviet)
	p := newPlan(b, v)
	fmt.Println(v.posture, p.lineDepths())
	for r := 1; r <= 10; r++ {
		for c := 5; c <= 12; c++ {
			h := idx(t, g, fmt.Sprintf("B-%02d%02d", c, r))
			fmt.Printf(" %4.1f/%3.0f", p.line[h], v.reach[h])
		}
		fmt.Println()
	}
}

func TestScratchRiver(t *testing.T) {
	var sides []string
	for _, h := range []string{"B-1003", "B-1004", "B-1005", "B-1006", "B-1007"} {
		n := nbr(t, h)
		for _, d := range []int{4, 5} {
			sides = append(sides, fmt.Sprintf("[%q, %q]", h, n[d]))
		}
	}
	river := "\n[[map.river]]\nsides = [" + strings.Join(sides, ", ") + "]\n"
	g := newBoard(t, "soviet-general", river+units("axis", "panzer", 12, 6, 8, "B-0705")+
		units("soviet", "infantry", 8, 4, 6, "B-1405", "B-1406"), game.Options{})
	b := bound(t, g, core.Soviet)
	v := b.newView(b.e, core.Soviet)
	p := newPlan(b, v)
	fmt.Println(v.posture, p.lineDepths())
	k, _ := g.S.UnitByID("sov-in1")
	dumpUnit(p, k, []string{"B-0906", "B-1005", "B-1006"})
}

func TestScratchKiev(t *testing.T) {
	sc, _ := scenario.Load(gpw.Data, "scenarios/gdw/barbarossa.toml", gpw.Data)
	g, _ := game.New(sc, game.Options{Seed: 1, SeedSet: true}, gpw.Data, nil)
	ax, _ := ForGame(g, core.Axis, "normal")
	so, _ := ForGame(g, core.Soviet, "normal")
	ax.bind(g)
	so.bind(g)
	for !(g.Phase().ID == "soviet-general" && !g.InSetup()) {
		b := []*Bot{ax, so}[Actor(g)]
		if g.InSetup() {
			b.setup()
			continue
		}
		h := b.handlers()
		if d := b.e.pending(); d != nil {
			b.decide(d)
			continue
		}
		switch g.Phase().Kind {
		case "reinforcement":
			h.reinforce()
		case "rail":
			h.rail()
		case "move":
			h.move()
		case "combat":
			h.combat()
		}
	}
	v := so.newView(so.e, core.Soviet)
	p := newPlan(so, v)
	p.next = true
	fmt.Println(v.posture, p.lineDepths())
	k, _ := g.S.UnitByID("sov-12")
	fmt.Println("keep", len(p.keep))
	for _, o := range p.keep {
		fmt.Println("  ", g.S.Map.ID(o), v.value[o], p.covered(o), v.danger(o))
	}
	dumpUnit(p, k, []string{"A-2121", "A-2417", "A-2120"})
}

func TestScratchLevels(t *testing.T) {
	for _, pair := range [][2]string{{"normal", "normal"}, {"hard", "easy"}, {"easy", "hard"}, {"easy", "easy"}} {
		wins := [3]int{}
		for seed := 1; seed <= 20; seed++ {
			g, _, _ := match(t, "scenarios/gdw/barbarossa.toml", "gdw", int64(seed), pair[0], pair[1], 0)
			switch Winner(g) {
			case core.Axis:
				wins[0]++
			case core.Soviet:
				wins[1]++
			default:
				wins[2]++
			}
		}
		fmt.Println(pair, "axis", wins[0], "soviet", wins[1])
	}
}
