package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/game"
	"gpw/internal/testboard"
	"gpw/scenario"
)

// board is a small sheet for inline test scenarios: 20 columns by 10
// rows of clear terrain, the Axis edge in the west, the Soviet one in the
// east. Add terrain, units and tables by appending TOML.
const board = testboard.Board

// unitTOML is one [[unit]] table.
func unitTOML(id, side, kind string, full, half, mp int, hex string) string {
	return testboard.Unit(id, side, kind, full, half, mp, hex)
}

// newBoard starts a game on the test board in phase with the extra TOML.
func newBoard(t testing.TB, phase, extra string, o game.Options) *game.Game {
	t.Helper()
	src := strings.Replace(board, "%s", phase, 1) + extra
	sc, err := scenario.Parse("test.toml", []byte(src), gpw.Data)
	if err != nil {
		t.Fatalf("scenario: %v", err)
	}
	g, err := game.New(sc, o, gpw.Data, nil)
	if err != nil {
		t.Fatalf("new game: %v", err)
	}
	return g
}

func TestDoctrineFromScenario(t *testing.T) {
	g := newBoard(t, "axis-combat", `
[bot]
caution = 0.6
victory_city = 20

[bot.soviet]
aggression = 0.15
depth = 3
terrain = { forest = 1.8 }
hold_fortresses = 4
`+unitTOML("ger-1", "axis", "infantry", 6, 3, 6, "B-0505")+unitTOML("sov-1", "soviet", "infantry", 8, 4, 6, "B-0705"), game.Options{})
	ax, err := doctrineFor(g, core.Axis)
	if err != nil {
		t.Fatal(err)
	}
	so, err := doctrineFor(g, core.Soviet)
	if err != nil {
		t.Fatal(err)
	}
	def := DefaultDoctrine(core.Axis)
	if ax.Caution != 0.6 || ax.VictoryCity != 20 || ax.Aggression != def.Aggression || ax.Depth != def.Depth {
		t.Errorf("axis doctrine %+v", ax)
	}
	if so.Caution != 0.6 || so.Aggression != 0.15 || so.Depth != 3 || so.Terrain["forest"] != 1.8 || so.Terrain["swamp"] != 2 ||
		so.HoldFortresses != 4 || ax.HoldFortresses != 0 {
		t.Errorf("soviet doctrine %+v", so)
	}
	if DefaultDoctrine(core.Soviet).Terrain["forest"] != 1.5 {
		t.Errorf("the scenario changed the defaults")
	}
}

func TestDoctrineFromModule(t *testing.T) {
	g := newBoard(t, "axis-combat", unitTOML("ger-1", "axis", "infantry", 6, 3, 6, "B-0505"), game.Options{Rules: "testdata/doctrine.lua"})
	ax, err := doctrineFor(g, core.Axis)
	if err != nil {
		t.Fatal(err)
	}
	so, _ := doctrineFor(g, core.Soviet)
	if ax.Aggression != 0.9 || ax.Caution != 0.2 || so.Caution != 0.2 || so.Aggression == 0.9 {
		t.Errorf("doctrines %+v %+v", ax, so)
	}
	if r := ax.Results["DR"]; r.Retreat != 3 || !r.Advance || r.Stand {
		t.Errorf("DR as R.bot describes it: %+v", r)
	}
	if r := ax.Results["DE"]; !r.DefElim {
		t.Errorf("the other codes keep their meaning: %+v", r)
	}
}

func TestDoctrineErrors(t *testing.T) {
	for _, c := range []struct{ toml, want string }{
		{"[bot]\nagression = 0.5\n", `test.toml: [bot]: unknown key "agression"`},
		{"[bot]\ncaution = 2\n", "caution: 2 is not in 0..1"},
		{"[bot.axis]\nsoviet = { caution = 0.1 }\n", "axis: soviet: a side's table may not hold another side's"},
		{"[bot]\nresults = { DR = { retreat = \"far\" } }\n", "results.DR: retreat: a number"},
		{"[bot]\naggression = \"high\"\n", "aggression: a number"},
		{"[bot]\nsiege_odds = -1\n", "siege_odds: not negative (-1)"},
		{"[bot.axis]\nobjectives = { Atlantis = 10 }\n", "test.toml: [bot]: objectives.Atlantis: no city of that name on the map"},
		{"[bot.axis]\nobjectives = { Kharkov = \"yes\" }\n", "objectives.Kharkov: a number, not yes"},
		{"[bot.axis]\nobjectives = 3\n", "objectives: a table of worth by city name"},
	} {
		g := newBoard(t, "axis-combat", c.toml+unitTOML("ger-1", "axis", "infantry", 6, 3, 6, "B-0505"), game.Options{})
		_, err := doctrineFor(g, core.Axis)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.toml, err, c.want)
		}
	}
}

// TestModuleFailureStopsTheBot: a rules module that fails when the bot
// weighs an attack fails the bot's turn with the module's error, at the
// first failure; the bot does not take the failures for illegal attacks
// and play on without them.
func TestModuleFailureStopsTheBot(t *testing.T) {
	dir := t.TempDir()
	mod := filepath.Join(dir, "broken.lua")
	if err := os.WriteFile(mod, []byte("local R = require(\"base\")\nfunction R.odds(b) error(\"odds broke\") end\nreturn R\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := newBoard(t, "axis-combat", unitTOML("ger-1", "axis", "infantry", 6, 3, 6, "B-0505")+unitTOML("sov-1", "soviet", "infantry", 4, 2, 6, "B-0506"), game.Options{Rules: mod})
	b, err := ForGame(g, core.Axis, "normal")
	if err != nil {
		t.Fatal(err)
	}
	err = b.Play(g)
	if err == nil || !strings.Contains(err.Error(), "odds broke") {
		t.Errorf("Play: %v, want the module's failure", err)
	}
}
