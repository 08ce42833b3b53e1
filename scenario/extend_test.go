package scenario_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw/scenario"
)

const miniMap = `
[map]
sheet = "A"
cols = 6
rows = 4
owner = "axis"
[map.control]
soviet = ["A-0401", "A-0402", "A-0403", "A-0404", "A-0501", "A-0502", "A-0503", "A-0504", "A-0601", "A-0602", "A-0603", "A-0604"]
[[map.region]]
name = "Western Military District"
hexes = ["A-0401", "A-0402", "A-0403", "A-0404"]
[[map.city]]
hex = "A-0502"
name = "Smolensk"
kind = "major"
`

func parse(t *testing.T, body string) error {
	t.Helper()
	src := "name = \"t\"\nformat_version = 1\nstart = \"Jun 1941\"\nunits = \"gdw\"\n" + body + miniMap
	_, err := scenario.Parse("t.toml", []byte(src), os.DirFS(".."))
	return err
}

// parseCase is a scenario body and the error it must give.
type parseCase struct{ name, body, want string }

// checkParseErrors parses each case's body and checks its error.
func checkParseErrors(t *testing.T, cases []parseCase) {
	t.Helper()
	for _, c := range cases {
		err := parse(t, c.body)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
	}
}

// Every problem names the file and the line it is on.
func TestLoaderErrors(t *testing.T) {
	cases := []parseCase{
		{"unknown unit", "[[setup]]\nregion = \"Western Military District\"\nunits = [\"sov-3\",\n \"sov-999\"]\n",
			`t.toml:8: unit "sov-999" is not a counter of catalogue "gdw"`},
		{"suggestion", "[[setup]]\nregion = \"Western Military District\"\nunits = [\"sov-3x\"]\n", `did you mean "sov-3"?`},
		{"set up twice", "[[setup]]\nregion = \"Western Military District\"\nunits = [\"sov-3\"]\n[[setup]]\ncity = \"Smolensk\"\nunits = [\"sov-3\"]\n",
			"t.toml:10: unit sov-3 is set up twice: each unit is placed once"},
		{"no region", "[[setup]]\nregion = \"Odessa Military District\"\nunits = [\"sov-3\"]\n",
			`t.toml:6: setup: map  has no region "Odessa Military District" (regions: Western Military District)`},
		{"bad turn", "[[reinforcements]]\nturn = \"Jux 1941\"\nunits = [\"sov-3\"]\n",
			`t.toml:5: arrives: "Jux 1941" is not a turn of the calendar (turns: Jan/Feb, Mar/Apr,`},
		{"bad hex", "[[setup]]\nhex = \"A-0909\"\nunits = [\"sov-3\"]\n", `t.toml:6: setup: "A-0909" is neither a city of map  nor a hex`},
		{"wrong side", "[[setup]]\nside = \"axis\"\nregion = \"Western Military District\"\nunits = [\"sov-3\"]\n",
			"t.toml:8: unit sov-3 is soviet; this setup is for the axis side"},
		{"setup and reinforcement", "[[setup]]\ncity = \"Smolensk\"\nunits = [\"sov-3\"]\n[[reinforcements]]\nturn = \"Jul 1941\"\nunits = [\"sov-3\"]\n",
			"t.toml:10: unit sov-3 is both set up and a reinforcement"},
		{"area too small", "[[setup]]\nregion = \"Western Military District\"\nunits = [\"sov-3\", \"sov-4\", \"sov-5\", \"sov-6\", \"sov-8\"]\n",
			"t.toml:5: setup Western Military District: 5 combat units but only 4 free hexes in its area"},
		{"pool kind", "[[pool]]\nname = \"X\"\nkind = \"magic\"\nunits = [\"sov-3\"]\n", `t.toml:5: pool X: kind "magic" is not one of`},
		{"victory city", "[[victory.condition]]\nside = \"axis\"\ncities = [\"Atlantis\"]\n", `t.toml:7: victory: map  has no city "Atlantis"`},
		{"unknown key", "[[setup]]\nregoin = \"Western Military District\"\nunits = [\"sov-3\"]\n", `t.toml:6: unknown key "setup.regoin"`},
		{"repl year and turn", "[[replacements]]\nturn = \"Jul 1941\"\nyear = 1941\n", "t.toml:5: replacements: give turn or year, not both"},
		{"schedule file", "schedule = \"nope\"\n", `schedule "nope": no file scenarios/schedules/nope.toml`},
	}
	checkParseErrors(t, cases)
}

// The rulebook examples, with inline units and maps, load unchanged.
func TestRulebookExamplesUnchanged(t *testing.T) {
	files, _ := filepath.Glob("../scenarios/rulebook/*.toml")
	if len(files) == 0 {
		t.Fatal("no rulebook examples")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.Parse(filepath.Base(f), data, os.DirFS(".."))
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if sc.Catalog != "" || len(sc.Setup) > 0 {
			t.Errorf("%s: catalogue keys set", f)
		}
	}
}

func TestFrontSplitsTheMap(t *testing.T) {
	src := `name = "t"
start = "Jun 1942"
units = "gdw"
[front]
places = ["A-0301", "A-0304"]
[[setup]]
side = "axis"
front = 1
units = ["ger-1", "ger-2"]
[[setup]]
side = "soviet"
front = 1
units = ["sov-3", "sov-4", "sov-5", "sov-6"]
[map]
sheet = "A"
cols = 6
rows = 4
owner = "soviet"
`
	sc, err := scenario.Parse("t.toml", []byte(src), os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	m := sc.Map
	for _, c := range []struct {
		hex  string
		side string
	}{{"A-0101", "axis"}, {"A-0204", "axis"}, {"A-0302", "soviet"}, {"A-0603", "soviet"}} {
		h, _ := m.ParseHex(c.hex)
		if m.Control[h].String() != c.side {
			t.Errorf("%s is %s, want %s", c.hex, m.Control[h], c.side)
		}
	}
	// Axis front: one hex behind the line; Soviet: the line itself
	if n := sc.Setup[0].Area.Count(); n != 4 {
		t.Errorf("axis front area %d hexes, want 4 (column 2)", n)
	}
	if n := sc.Setup[1].Area.Count(); n != 4 {
		t.Errorf("soviet front area %d hexes, want 4 (column 3)", n)
	}
}

func TestFileKind(t *testing.T) {
	for file, want := range map[string]string{
		"../scenarios/units/gdw/soviet.toml":     "units",
		"../scenarios/schedules/gdw.toml":        "schedule",
		"../scenarios/gdw/barbarossa.toml":       "scenario",
		"../scenarios/rulebook/movement.toml":    "scenario",
		"../maps/gpw.toml":                       "map",
		"../scenarios/schedules/gdw-events.toml": "schedule",
	} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got := scenario.FileKind(data); got != want {
			t.Errorf("%s: %s, want %s", file, got, want)
		}
	}
	if err := scenario.CheckCatalogFile(os.DirFS(".."), "scenarios/units/gdw/soviet.toml"); err != nil {
		t.Error(err)
	}
	bad := "format_version = 1\n[[group]]\nside = \"axis\"\nkind = \"infantry\"\nstrength = [3, 5]\nunit = [\n  { id = \"x\", name = \"X\" },\n  { id = \"x\", name = \"Y\" },\n]\n"
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bad.toml"), []byte(bad), 0o644)
	err := scenario.CheckCatalogFile(os.DirFS(dir), "bad.toml")
	if err == nil || !strings.Contains(err.Error(), `bad.toml:7: unit x: half strength 5 is more than full strength 3`) || !strings.Contains(err.Error(), `bad.toml:8: unit id "x" is used twice (first at line 7)`) {
		t.Errorf("bad catalogue: %v", err)
	}
}

func TestCheckScheduleFile(t *testing.T) {
	d := os.DirFS("..")
	for _, f := range []string{"scenarios/schedules/gdw.toml", "scenarios/schedules/gdw-events.toml"} {
		kind, err := scenario.CheckFile(d, f, d)
		if kind != "schedule" || err != nil {
			t.Errorf("%s: %s, %v", f, kind, err)
		}
	}
	dir := t.TempDir()
	bad := "format_version = 1\nunits = \"gdw\"\n[[reinforcements]]\nturn = \"Jul 1941\"\nunits = [\"sov-3\", \"sov-77\"]\n[[withdrawals]]\nturn = \"Jux 1942\"\nunits = [\"sov-3\"]\n"
	os.WriteFile(filepath.Join(dir, "s.toml"), []byte(bad), 0o644)
	_, err := scenario.CheckFile(os.DirFS(dir), "s.toml", d)
	if err == nil || !strings.Contains(err.Error(), `s.toml:5: unit "sov-77" is not a counter of catalogue "gdw"`) || !strings.Contains(err.Error(), `s.toml:6: withdraws: "Jux 1942" is not a turn`) {
		t.Errorf("bad schedule: %v", err)
	}
}

func TestNamedReinforcementPool(t *testing.T) {
	src := "name = \"t\"\nstart = \"Jun 1941\"\nunits = \"gdw\"\nunlisted = \"absent\"\n" +
		"[[reinforcements]]\nturn = \"Jul 1941\"\nunits = [\"sov-16\"]\n" +
		"[[reinforcements]]\nturn = \"Aug 1941\"\npool = \"StavkaReserve\"\nunits = [\"sov-24\"]\n" + miniMap
	sc, err := scenario.Parse("t.toml", []byte(src), os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range sc.Pools() {
		got[p.Name] = p.Kind + ":" + strings.Join(p.Units, ",")
	}
	if got["SovietJul41"] != "reinforcement:sov-16" || got["StavkaReserve"] != "reinforcement:sov-24" {
		t.Errorf("pools %v", got)
	}
}

// The checks of a whole scenario (issue 23): what a designer's scenario
// got past the loader before, each with its file and line.
func TestWholeScenarioChecks(t *testing.T) {
	cases := []parseCase{
		{"overlapping areas",
			"[[setup]]\nname = \"North\"\nregion = \"Western Military District\"\nunits = [\"sov-3\", \"sov-4\", \"sov-5\"]\n" +
				"[[setup]]\nname = \"South\"\nregion = \"Western Military District\"\nunits = [\"sov-6\", \"sov-8\"]\n",
			"t.toml:5: setups North (t.toml:5, 3 units) and South (t.toml:9, 2 units) overlap: together 5 combat units but only 4 free hexes"},
		{"neutral area",
			"[[setup]]\nname = \"Lost\"\nside = \"axis\"\nregion = \"Western Military District\"\nunits = [\"ger-4\"]\n",
			"t.toml:5: setup Lost: 1 combat units but only 0 free hexes in its area: of the 4 land hexes its keys name, 4 held by the soviet side"},
		{"fixed hex behind the lines", "[[setup]]\nhex = \"A-0101\"\nunits = [\"sov-3\"]\n",
			`t.toml:6: setup: A-0101 (A-0101) is held by the axis side (behind enemy lines) at the start`},
		{"reinforcement after the end", "end = \"Aug 1941\"\n[[reinforcements]]\nturn = \"Nov/Dec 1941\"\nunits = [\"sov-3\"]\n",
			"t.toml:6: reinforcements: Nov/Dec 1941 comes after the scenario's end (Aug 1941): it never happens"},
		{"withdrawal after the end", "end = \"Aug 1941\"\n[[setup]]\ncity = \"Smolensk\"\nunits = [\"sov-3\"]\n[[withdrawals]]\nturn = \"Sep/Oct 1941\"\nunits = [\"sov-3\"]\n",
			"t.toml:9: withdrawals: Sep/Oct 1941 comes after the scenario's end (Aug 1941)"},
		{"withdrawal of a unit not there", "[[withdrawals]]\nturn = \"Jul 1941\"\nunits = [\"sov-3\"]\n",
			"t.toml:7: withdrawals: unit sov-3 is not in this scenario in Jul 1941: it is neither set up nor a reinforcement"},
		{"withdrawal before arrival", "[[reinforcements]]\nturn = \"Aug 1941\"\nunits = [\"sov-3\"]\n[[withdrawals]]\nturn = \"Jul 1941\"\nunits = [\"sov-3\"]\n",
			"t.toml:10: withdrawals: unit sov-3 withdraws in Jul 1941 but arrives only in Aug 1941"},
		{"result word", "[[victory.condition]]\nside = \"axis\"\ncities = [\"Smolensk\"]\nresult = \"major\"\n",
			`t.toml:8: victory: result must be win (the game ends), decisive or marginal, not "major"`},
		{"default word", "[victory]\ndefault = \"germany\"\n", `t.toml:6: victory: default must be axis, soviet or draw`},
		{"victory city did you mean", "[[victory.condition]]\nside = \"axis\"\ncities = [\"Smolensck\"]\n",
			`t.toml:7: victory: map  has no city "Smolensck" (did you mean "Smolensk"?)`},
		{"place did you mean", "[[setup]]\nnear = \"Smolnsk\"\nradius = 1\nunits = [\"sov-3\"]\n",
			`t.toml:6: setup: "Smolnsk" is neither a city of map  nor a hex (did you mean "Smolensk"?)`},
		{"region did you mean", "[[setup]]\nregion = \"Western Military Distrct\"\nunits = [\"sov-3\"]\n",
			`(did you mean "Western Military District"?)`},
	}
	checkParseErrors(t, cases)
}

// A misspelt [front] place is one error, not one per setup that uses the
// front's depth.
func TestFrontTypoOneError(t *testing.T) {
	err := parse(t, "[front]\nplaces = [\"A-0301\", \"Smolnsk\"]\n[[setup]]\nfront = 1\nunits = [\"sov-3\"]\n[[setup]]\nfront = 2\nunits = [\"sov-4\"]\n")
	es, ok := err.(scenario.Errors)
	if !ok || len(es) != 1 || !strings.Contains(es[0].Error(), `t.toml:6: front: "Smolnsk" is neither a city of map  nor a hex (did you mean "Smolensk"?)`) {
		t.Errorf("got %v", err)
	}
}

// ExportSetup puts the placed units on fixed hexes and leaves the others
// in their table's area; the text reads back.
func TestExportSetupPartial(t *testing.T) {
	src := "name = \"t\"\nformat_version = 1\nstart = \"Jun 1941\"\nunits = \"gdw\"\n# the west\n[[setup]]\nname = \"West\"\nregion = \"Western Military District\"\nunits = [\"sov-3\", \"sov-4\"]\nreduced = [\"sov-4\"]\n\n# the map\n" + miniMap
	sc, err := scenario.Parse("t.toml", []byte(src), os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	out, err := scenario.ExportSetup(sc, map[string]string{"sov-3": "A-0402"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "# the west") || !strings.Contains(string(out), "# the map\n\n[map]") {
		t.Errorf("comments beside the setup lost:\n%s", out)
	}
	back, err := scenario.Parse("t.toml", out, os.DirFS(".."))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, u := range back.Units {
		switch u.ID {
		case "sov-3":
			if u.Hex != "A-0402" || u.Setup != 0 {
				t.Errorf("sov-3: %q, setup %d", u.Hex, u.Setup)
			}
		case "sov-4":
			if u.Hex != "" || u.Setup == 0 || !u.Reduced {
				t.Errorf("sov-4: %q, setup %d, reduced %v", u.Hex, u.Setup, u.Reduced)
			}
		}
	}
	if _, err := scenario.ExportSetup(sc, nil); err == nil {
		t.Errorf("an export with nothing placed")
	}
}
