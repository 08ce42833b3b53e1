package game

import (
	"strings"
	"testing"
)

func repl(turn string, axis, soviet int) string {
	return "\n[[replacements]]\nturn = \"" + turn + "\"\naxis = " + itoa(axis) + "\nsoviet = " + itoa(soviet) + "\n"
}

func TestReinforcementRules(t *testing.T) {
	far := "g axis infantry 6/3 4 B-0110"
	runCases(t, []ruleCase{
		{name: "reinf/friendly-city", start: "Sep/Oct 1941", phase: "soviet-reinforcement", mapx: city("B-1005", "Town", "minor", ""),
			units: us(far, "r soviet infantry 8/4 6 - arrives=Sep/Oct_1941"), script: "place r B-1005",
			want: []string{"arrive unit=r strength=8", "place unit=r hex=B-1005 strength=8"}},
		{name: "reinf/jul-1941-half", start: "Jul 1941", phase: "soviet-reinforcement",
			units: us(far, "r soviet infantry 8/4 6 - arrives=Jul_1941"), script: "place r B-2005",
			want: []string{"arrive unit=r strength=4", "place unit=r strength=4"}},
		{name: "reinf/aug-1941-half", start: "Aug 1941", phase: "soviet-reinforcement",
			units: us(far, "r soviet infantry 8/4 6 - arrives=Aug_1941"), script: "place r B-2005",
			want: []string{"place unit=r strength=4"}},
		{name: "reinf/axis-jul-1941-full", start: "Jul 1941", phase: "axis-reinforcement",
			units: us("s soviet infantry 8/4 6 B-2010", "r axis infantry 6/3 4 - arrives=Jul_1941"), script: "place r B-0105",
			want: []string{"place unit=r strength=6"}},
		{name: "reinf/entry-hexes", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			mapx:   city("B-1505", "Lost", "major", "") + "[map.control]\naxis = [\"B-1505\"]\n",
			units:  us("g axis infantry 6/3 4 B-1903", "r soviet infantry 8/4 6 - arrives=Sep/Oct_1941", "o soviet infantry 8/4 6 B-2007"),
			script: "place r B-2003\nplace r B-1205\nplace r B-1505\nplace r B-2007\nplace r B-2009",
			want:   []string{"place unit=r hex=B-2009"},
			refuse: []string{"enemy zone of control", "neither a friendly city nor on the soviet map edge", "neither a friendly city", "already holds"}},
		{name: "reinf/moves-on-arrival", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			units:  us(far, "r soviet infantry 8/4 6 - arrives=Sep/Oct_1941"),
			script: "place r B-2005\nend\nend\nend\nend\nmove r B-1905 B-1805",
			want:   []string{"place unit=r", "phase phase=soviet-general", "move unit=r"}},
		{name: "reinf/only-due-units", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			units:  us(far, "r soviet infantry 8/4 6 - arrives=Nov/Dec_1941", "s soviet infantry 8/4 6 B-1505"),
			script: "place r B-2005\nplace s B-2004",
			refuse: []string{"not a reinforcement waiting", "not a reinforcement waiting"}},
		{name: "reinf/placed-before-replacements", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			units:  us(far, "r soviet infantry 8/4 6 - arrives=Sep/Oct_1941", "h soviet infantry 8/4 6 B-1505 reduced=true"),
			extra:  repl("Sep/Oct 1941", 0, 1),
			script: "rebuild h\nplace r B-2005\nrebuild h",
			want:   []string{"points side=soviet points=1", "rebuild unit=h strength=8 points=1"}, refuse: []string{"place the reinforcements first"}},
		{name: "repl/half-to-full", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			units: us(far, "h soviet infantry 8/4 6 B-1505 reduced=true"), extra: repl("Sep/Oct 1941", 0, 2),
			script: "rebuild h\nrebuild h",
			want:   []string{"rebuild unit=h strength=8 points=1"}, refuse: []string{"already at full strength"}},
		{name: "repl/eliminated-returns-half", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			mapx:  city("B-1505", "Big", "major", "") + city("B-1605", "Small", "minor", ""),
			units: us(far, "e soviet infantry 8/4 6 - eliminated=true", "f soviet infantry 8/4 6 - eliminated=true"), extra: repl("Sep/Oct 1941", 0, 2),
			script: "rebuild e\nrebuild e B-1605\nrebuild e B-1505\nrebuild f B-2003",
			want:   []string{"rebuild unit=e hex=B-1505 strength=4 points=1", "rebuild unit=f hex=B-2003 strength=4"},
			refuse: []string{"name the hex", "minor city"}},
		{name: "repl/major-city-needs-supply", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			mapx:  city("B-0205", "Cut", "major", "") + wall(false, "lake"),
			units: us(far, "e soviet infantry 8/4 6 - eliminated=true"), extra: repl("Sep/Oct 1941", 0, 1),
			script: "rebuild e B-0205",
			refuse: []string{"not in supply"}},
		{name: "repl/armor-costs-double", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			units: us(far, "t soviet tank 14/7 8 B-1505 reduced=true", "t2 soviet tank 14/7 8 B-1507 reduced=true"), extra: repl("Sep/Oct 1941", 0, 3),
			script: "rebuild t\nrebuild t2",
			want:   []string{"rebuild unit=t strength=14 points=2"}, refuse: []string{"needs 2 replacement point(s); the soviet player has 1 left"}},
		{name: "repl/out-of-supply", start: "Sep/Oct 1941", phase: "soviet-reinforcement", mapx: wall(false, "lake"),
			units: us(far, "h soviet infantry 8/4 6 B-0205 reduced=true"), extra: repl("Sep/Oct 1941", 0, 1),
			script: "rebuild h", refuse: []string{"out of supply"}},
		{name: "repl/moscow-always", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			mapx:  city("B-0205", "Moscow", "major", "soviet") + wall(false, "lake"),
			units: us("g axis infantry 6/3 4 B-0105", "h soviet infantry 8/4 6 B-0205 reduced=true", "e soviet infantry 8/4 6 - eliminated=true"), extra: repl("Sep/Oct 1941", 0, 2),
			script: "rebuild h\nmove h B-0206",
			want:   []string{"rebuild unit=h strength=8"}, refuse: []string{"not a move phase"}},
		{name: "repl/moscow-return-in-zoc", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			mapx:  city("B-0205", "Moscow", "major", "soviet") + wall(false, "lake"),
			units: us("g axis infantry 6/3 4 B-0105", "e soviet infantry 8/4 6 - eliminated=true"), extra: repl("Sep/Oct 1941", 0, 1),
			script: "rebuild e B-0205",
			want:   []string{"rebuild unit=e hex=B-0205 strength=4"}},
		{name: "repl/not-accumulated", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			units:  us(far, "h soviet infantry 8/4 6 B-1505 reduced=true"),
			extra:  repl("Sep/Oct 1941", 0, 3) + repl("Nov/Dec 1941", 0, 1),
			script: strings.Repeat("end\n", 10),
			want:   []string{"points side=soviet points=3", "phase phase=soviet-reinforcement turn=Nov/Dec_1941", "points side=soviet points=1"},
			check: func(t *testing.T, g *Game) {
				if g.points[1] != 1 {
					t.Errorf("soviet points %d, want 1 (unused points are lost)", g.points[1])
				}
			}},
		{name: "repl/allies", start: "Sep/Oct 1941", phase: "axis-reinforcement",
			units: us("s soviet infantry 8/4 6 B-2010", "ro axis infantry 4/2 4 - eliminated=true nation=rom", "it axis infantry 4/2 4 - eliminated=true nation=ita"),
			extra: repl("Sep/Oct 1941", 2, 0), script: "rebuild it B-0105\nrebuild ro B-0105",
			want: []string{"rebuild unit=ro strength=2"}, refuse: []string{"ita units"}},
		{name: "withdraw-and-return", start: "Sep/Oct 1941", phase: "soviet-general",
			units:  us(far, "w soviet infantry 8/4 6 B-1505 withdraws=Nov/Dec_1941 returns=Jan/Feb_1942"),
			script: strings.Repeat("end\n", 6) + strings.Repeat("end\n", 10) + "place w B-2005",
			want:   []string{"phase phase=soviet-reinforcement turn=Nov/Dec_1941", "withdraw unit=w", "phase phase=soviet-reinforcement turn=Jan/Feb_1942", "arrive unit=w", "place unit=w"}},
		{name: "withdraw", start: "Sep/Oct 1941", phase: "soviet-general",
			units:  us(far, "w soviet infantry 8/4 6 B-1505 withdraws=Nov/Dec_1941"),
			script: strings.Repeat("end\n", 6),
			want:   []string{"phase phase=soviet-reinforcement turn=Nov/Dec_1941", "withdraw unit=w"},
			check:  func(t *testing.T, g *Game) { at(t, g, "w", "-") }},
		{name: "setup/unlisted-start-eliminated", start: "Sep/Oct 1941", phase: "soviet-reinforcement",
			units: us(far, "x soviet infantry 8/4 6 -"), extra: repl("Sep/Oct 1941", 0, 1),
			script: "rebuild x B-2005", want: []string{"rebuild unit=x strength=4"}},
	})
}

func TestSequenceOfPlay(t *testing.T) {
	ids := []string{"axis-rail", "axis-panzer", "axis-combat", "axis-general", "soviet-reinforcement", "soviet-rail", "soviet-armor", "soviet-combat", "soviet-general"}
	var want []string
	for _, id := range ids {
		want = append(want, "phase phase="+id+" turn=Jul_1941")
	}
	want = append(want, "phase phase=axis-reinforcement turn=Aug_1941")
	runCases(t, []ruleCase{
		{name: "sequence/ten-phases", phase: "axis-reinforcement",
			units: us("g axis infantry 6/3 4 B-0110"), script: strings.Repeat("end\n", 10), want: want},
		{name: "sequence/game-over", start: "May 1942", phase: "soviet-general",
			units: us("g axis infantry 6/3 4 B-0110", "s soviet infantry 8/4 6 B-2005"), script: "end\nmove s B-1905\nend",
			want: []string{"end turn=May_1942"}, refuse: []string{"the game is over", "the game is over"}},
		{name: "sequence/unknown-command", phase: "soviet-general",
			units: us("s soviet infantry 8/4 6 B-2005"), script: "fly s B-1905\nend now",
			refuse: []string{"unknown command", "end takes no arguments"}},
	})
}
