package interp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// compileFiles writes module files into a folder and compiles the first.
func compileFiles(t *testing.T, files ...[2]string) (*Module, error) {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f[0]), []byte(f[1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Compile(filepath.Join(dir, files[0][0]), os.DirFS(".."), "", nil)
}

func TestLintMore(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       string // a warning holding this, "" for none
	}{
		{"own-short-name", `R.chits = { 1, 2 }`, ""},
		{"own-long-name", `R.command_value = { axis = 1 }`, ""},
		{"weather-shift", `R.weather.snow.shfit = -2`, "R.weather.snow.shfit is not a field the engine reads (did you mean R.weather.snow.shift?)"},
		{"weather-shift-ok", `R.weather.snow.shift = -2`, ""},
		{"calendar-roll", `R.calendar[1].rol = 5`, "R.calendar[1].rol is not a field the engine reads (did you mean R.calendar[1].roll?)"},
		{"calendar-weather", `R.calendar[2].weather = "snwo"`, `R.calendar[2].weather: "snwo" is not a weather of R.weather`},
		{"result-not-in-crt", `R.results.DRR = function(b) gpw.retreat(2) end`, "R.results.DRR: no cell of R.crt.rows holds DRR, so it is never called"},
		{"side-capital", "function R.can_move(u, p)\n  if u.side == \"Axis\" then return false, \"no\", \"x\" end\nend", `house.lua:4: "Axis": sides are spelt "axis" and "soviet"`},
		{"side-in-comment", "-- the \"Axis\" player\nR.x = 1", ""},
		{"side-key", `R.bot = { Soviet = { aggression = 0.2 } }`, `R.bot.Soviet: sides are spelt "axis" and "soviet"; the key "Soviet" is never read as one`},
		{"side-value", `R.my_front = { { side = "AXIS", hex = "A-0101" } }`, `R.my_front[1].side = "AXIS": sides are spelt "axis" and "soviet"`},
		{"help-no-command", "R.help = { fortfy = \"fortify HEX\" }\nR.commands = { fortify = function() return true end }", "R.help.fortfy: there is no command fortfy (R.commands.fortfy); did you mean fortify?"},
		{"fog-not-table", `R.fog = true`, "R.fog is a boolean"},
		{"empty-classes", `R.phases[3].classes = {}`, "R.phases[3].classes is empty: every class moves in axis-panzer"},
		{"fog-key", `R.fog = { rnage = 2 }`, "R.fog.rnage is not a field the engine reads (did you mean R.fog.range?)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := compileFiles(t, [2]string{"house.lua", "local R = require(\"base\")\nR.id = \"house\"\n" + c.body + "\nreturn R\n"})
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(m.Lint(), "\n")
			if c.want == "" && got != "" || !strings.Contains(got, c.want) {
				t.Errorf("lint:\n%s\nwant %q", got, c.want)
			}
		})
	}
}

// TestLintStoreReplaced: a module that replaces R.store after requiring
// one that declared fields keeps them (merged) and says so.
func TestLintStoreReplaced(t *testing.T) {
	m, err := compileFiles(t,
		[2]string{"top.lua", "local R = require(\"mid\")\nR.store = { hex = { fort = \"string\" } }\nreturn R\n"},
		[2]string{"mid.lua", "local R = require(\"base\")\nR.store = { game = { first = { type = \"string\", label = \"moved first\" } } }\nreturn R\n"})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(m.Lint(), "\n")
	if want := "R.store: top.lua replaces the store that mid.lua declared; its fields game.first are kept (merged)"; !strings.Contains(got, want) {
		t.Errorf("lint:\n%s\nwant %q", got, want)
	}
	var names []string
	for _, sc := range []Scope{ScopeGame, ScopeHex} {
		for _, f := range m.Store.Fields(sc) {
			names = append(names, f.Name)
		}
	}
	if strings.Join(names, " ") != "first fort" {
		t.Errorf("the store declares %v, want first and fort", names)
	}
}

// TestStrictAPI: an unknown gpw function is an error naming it.
func TestStrictAPI(t *testing.T) {
	for _, c := range []struct{ call, want string }{
		{"gpw.defender_los(1)", "gpw.defender_los is not a function of the engine (did you mean gpw.defender_loss?)"},
		{"gpw.rol()", "gpw.rol is not a function of the engine (did you mean gpw.roll?)"},
		{"gpw.teleport('x')", "gpw.teleport is not a function of the engine; see docs/modding.md"},
	} {
		_, err := compileFiles(t, [2]string{"house.lua", "local R = require(\"base\")\n" + c.call + "\nreturn R\n"})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "house.lua:2") {
			t.Errorf("%s: %v, want %q at house.lua:2", c.call, err, c.want)
		}
	}
}
