package scenario_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"gpw"
	"gpw/game"
	"gpw/scenario"
)

// head is the start of a scenario with a small inline map.
const head = "name = \"t\"\nstart = \"Jun 1941\"\n"

const smallMap = "[map]\nsheet = \"A\"\ncols = 10\nrows = 10\n"

// unitTable is one inline [[unit]].
func unitTable(id, extra string) string {
	return fmt.Sprintf("[[unit]]\nid = %q\nside = \"axis\"\nkind = \"infantry\"\nstrength = [6, 3]\nmp = 6\n%s", id, extra)
}

// units is n inline units.
func units(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(unitTable(fmt.Sprintf("u%d", i), ""))
	}
	return b.String()
}

// hostile are broken or hostile scenario files. Each must be refused with
// a clear message naming the file (and the line where there is one), and
// no Go internals.
var hostile = []struct {
	name, body, want string
}{
	{"nested inline tables", head + "x = " + strings.Repeat("{a=", 10000) + "1" + strings.Repeat("}", 10000) + "\n",
		"t.toml:3: tables and lists nest more than 16 deep"},
	{"nested lists", head + "x = " + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "\n", "t.toml:3: tables and lists nest more than 16 deep"},
	{"dotted keys", head + "x." + strings.Repeat("a.", 10000) + "b = 1\n", "t.toml:3: tables and lists nest more than 16 deep"},
	{"dotted header", head + "[x." + strings.Repeat("a.", 10000) + "b]\n", "t.toml:3: tables and lists nest more than 16 deep"},
	{"sheet far away", head + "[map]\n[[map.sheets]]\nname = \"A\"\ncol0 = 100000\nrow0 = 100000\ncols = 10\nrows = 10\n",
		"t.toml:4: sheet A: col0 100000, row0 100000: each must be 0..65536"},
	{"sheets span too much", head + "[map]\n[[map.sheets]]\nname = \"A\"\ncols = 10\nrows = 10\n[[map.sheets]]\nname = \"B\"\ncol0 = 60000\nrow0 = 60000\ncols = 10\nrows = 10\n",
		"t.toml:4: the sheets span a grid of 60011×60010 = 3601260110 hexes; a map may span at most 65536"},
	{"sheet offset overflow", head + "[map]\n[[map.sheets]]\nname = \"A\"\ncol0 = 9223372036854775800\ncols = 10\nrows = 10\n", "col0 9223372036854775800"},
	{"sheet size", head + "[map]\nsheet = \"A\"\ncols = 1000000\nrows = 1000000\n", "sheet A: 1000000×1000000 hexes; each must be 1..99"},
	{"sheet name", head + "[map]\nsheet = \"A-1\"\ncols = 5\nrows = 5\n", `sheet "A-1": a sheet is named by one to three letters`},
	{"too many units", head + smallMap + units(scenario.MaxUnits+1), "t.toml:60007: 10001 [[unit]] tables; a scenario may have at most 10000 units"},
	{"defence 0", head + smallMap + unitTable("x", "defense = [0, 0]\n"), "t.toml:13: unit x: defence [0 0]: a full defence of at least 1 is needed"},
	{"defence negative", head + smallMap + unitTable("x", "defense = [-6, -3]\n"), "t.toml:13: unit x: defence [-6 -3]: a factor may not be negative"},
	{"strength negative", head + smallMap + strings.Replace(unitTable("x", ""), "[6, 3]", "[34, -1]", 1), "t.toml:11: unit x: strength [34 -1]: a factor may not be negative"},
	{"strength huge", head + smallMap + strings.Replace(unitTable("x", ""), "[6, 3]", "[9223372036854775807, 3]", 1), "t.toml:11: unit x: strength [9223372036854775807 3]: a factor may be at most 99"},
	{"strength zero", head + smallMap + strings.Replace(unitTable("x", ""), "[6, 3]", "[0, 0]", 1), "unit x: strength [0 0]: a full strength of at least 1 is needed"},
	{"mp negative", head + smallMap + strings.Replace(unitTable("x", ""), "mp = 6", "mp = -1", 1), "t.toml:12: unit x: mp must not be negative"},
	{"mp huge", head + smallMap + strings.Replace(unitTable("x", ""), "mp = 6", "mp = 9223372036854775807", 1), "t.toml:12: unit x: mp 9223372036854775807 is more than 99"},
	{"number out of range", head + smallMap + strings.Replace(unitTable("x", ""), "mp = 6", "mp = 99999999999999999999", 1), "t.toml:12: the number 99999999999999999999 is too large"},
	{"wrong type", head + smallMap + strings.Replace(unitTable("x", ""), "mp = 6", "mp = \"six\"", 1), "t.toml:12: unit.mp must be a whole number, not text"},
	{"table expected", head + "front = 10\n" + smallMap, "t.toml:3: front must be a table, not a whole number"},
	{"list for a number", head + "seed = [1]\n" + smallMap, "t.toml:3: seed must be a whole number, not a list"},
	{"duplicate id", head + smallMap + unitTable("x", "") + unitTable("x", ""), `t.toml:14: unit id "x" is used twice (first at line 7)`},
	{"catalogue id reused", head + "units = \"gdw\"\n" + smallMap + unitTable("ger-1", ""), `t.toml:8: unit id "ger-1" is already a counter of catalogue "gdw"`},
	{"unknown key", head + "sead = 1\n" + smallMap, `t.toml:3: unknown key "sead" (did you mean "seed"?)`},
	{"unknown unit key", head + smallMap + unitTable("x", "strenght = [1, 1]\n"), `t.toml:13: unknown key "unit.strenght" (did you mean "strength"?)`},
	{"unknown map key", head + smallMap + "colls = 3\n", `unknown key "map.colls" (did you mean "cols"?)`},
	{"duplicate key", head + "seed = 1\nseed = 2\n" + smallMap, "t.toml:4: Key 'seed' has already been defined."},
	{"catalogue name", head + "units = \"../../etc/passwd\"\n" + smallMap, `t.toml:3: unit catalogue "../../etc/passwd": a name has letters, digits, - and _ only`},
	{"map name", head + "map = \"../../etc/passwd\"\n", `t.toml:3: map "../../etc/passwd": a name has letters, digits, - and _ only`},
	{"schedule name", head + "units = \"gdw\"\nschedule = \"/dev/zero\"\n" + smallMap, `t.toml:4: schedule "/dev/zero": a name has letters, digits, - and _ only`},
	{"no map", head, "t.toml: map is missing"},
	{"binary", "\x00\x01\x02\xff\xfe", "t.toml:1:"},
	{"too many setups", head + "units = \"gdw\"\n" + smallMap + strings.Repeat("[[setup]]\nunits = []\n", scenario.MaxTables+1), "t.toml:2008: 1001 [[setup]] tables; a file may have at most 1000"},
	{"too many cities", head + "[map]\nsheet = \"A\"\ncols = 99\nrows = 99\n" + cities(scenario.MaxCities+1), "4097 [[city]] tables; a map may have at most 4096"},
	{"replacement points", head + smallMap + "[[replacements]]\nturn = \"Jul 1941\"\naxis = 9223372036854775807\n", "t.toml:7: replacements: at most 999 points a turn"},
}

func cities(n int) string {
	var b strings.Builder
	b.WriteString("")
	for i := range n {
		fmt.Fprintf(&b, "[[map.city]]\nhex = \"A-%02d%02d\"\nname = \"C%d\"\nkind = \"minor\"\n", 1+i%99, 1+i/99, i)
	}
	return b.String()
}

// leaks are words of Go internals no message may show.
var leaks = []string{"makeslice", "runtime error", "invalid argument", "goroutine", "panic", "int64", "interface {}", "reflect", "toml: line", "incompatible types", "openat", "[]map"}

func checkMessage(t *testing.T, err error) {
	t.Helper()
	for _, l := range leaks {
		if strings.Contains(err.Error(), l) {
			t.Errorf("the message shows Go internals (%q): %v", l, err)
		}
	}
}

func TestHostileScenarios(t *testing.T) {
	for _, tc := range hostile {
		t.Run(tc.name, func(t *testing.T) {
			_, err := scenario.Parse("t.toml", []byte(tc.body), os.DirFS(".."))
			if err == nil {
				t.Fatalf("loaded; want an error saying %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error:\n%.600s\nwant it to say %q", err, tc.want)
			}
			checkMessage(t, err)
			if n := strings.Count(err.Error(), "\n"); n > scenario.MaxErrors+1 {
				t.Errorf("%d lines of errors; at most %d problems are reported", n, scenario.MaxErrors)
			}
		})
	}
}

// Many problems: the first MaxErrors are reported, and how many more.
func TestErrorsCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString(head + smallMap)
	for i := range 500 {
		b.WriteString(unitTable(fmt.Sprintf("u%d", i), "defense = [0, 0]\n"))
	}
	_, err := scenario.Parse("t.toml", []byte(b.String()), nil)
	es, ok := err.(scenario.Errors)
	if !ok || len(es) != scenario.MaxErrors+1 || es[len(es)-1].Msg != "more problems not shown: these are the first 100" {
		t.Errorf("got %d errors, the last %v", len(es), es[len(es)-1])
	}
}

// writeFiles makes a scenario folder.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Files a scenario names are regular files under its folder, read under
// the policy of the Lua require: a symbolic link to a device or out of the
// folder, or a FIFO, is refused at once with a clear message.
func TestScenarioFilePolicy(t *testing.T) {
	catalog := "format_version = 1\n[[group]]\nside = \"axis\"\nkind = \"infantry\"\nstrength = [6, 3]\nmp = 6\nunit = [{ id = \"a-1\", name = \"A\" }]\n"
	schedule := "format_version = 1\nunits = \"mine\"\n[[reinforcements]]\nturn = \"Jul 1941\"\nunits = [\"a-1\"]\n"
	mapFile := "format_version = 1\nname = \"mine\"\nsheet = \"A\"\ncols = 5\nrows = 5\n"
	base := head + "units = \"mine\"\nunlisted = \"absent\"\n"
	full := base + "map = \"mine\"\nschedule = \"mine\"\nspecial = \"s.lua\"\nrules = \"house.lua\"\n"
	tests := []struct {
		name  string
		scen  string
		make  func(dir string) error // the hostile part
		file  string                 // the scenario to load, in dir
		want  string
		loads bool
	}{
		{name: "all regular", scen: full, loads: true},
		{name: "special to /dev/zero", scen: full, make: link("/dev/zero", "s.lua"), want: `special rules "s.lua": the path leads out of the folder`},
		{name: "special a FIFO", scen: full, make: fifo("s.lua"), want: `special rules "s.lua": is a FIFO (named pipe), not a regular file`},
		{name: "special a folder", scen: full, make: folder("s.lua"), want: `special rules "s.lua": is a folder, not a regular file`},
		{name: "special out of the folder", scen: full, make: link("../outside.lua", "s.lua"), want: `special rules "s.lua": the path leads out of the folder`},
		{name: "rules a FIFO", scen: full, make: fifo("house.lua"), want: `rules "house.lua": is a FIFO (named pipe)`},
		{name: "rules missing", scen: full, make: remove("house.lua"), want: `rules "house.lua": no such file (a rules module is looked for next to the scenario)`},
		{name: "catalogue to /dev/zero", scen: full, make: link("/dev/zero", "scenarios/units/mine/a.toml"), want: `the path leads out of the folder`},
		{name: "catalogue a FIFO", scen: full, make: fifo("scenarios/units/mine/a.toml"), want: `scenarios/units/mine/a.toml: is a FIFO (named pipe), not a regular file`},
		{name: "schedule a FIFO", scen: full, make: fifo("scenarios/schedules/mine.toml"), want: `schedule "mine": scenarios/schedules/mine.toml: is a FIFO (named pipe), not a regular file`},
		{name: "map a FIFO", scen: full, make: fifo("maps/mine.toml"), want: `maps/mine.toml: is a FIFO (named pipe), not a regular file`},
		{name: "map to /dev/zero", scen: full, make: link("/dev/zero", "maps/mine.toml"), want: `the path leads out of the folder`},
		{name: "scenario a FIFO", scen: full, make: fifo("fifo.toml"), file: "fifo.toml", want: `fifo.toml: is a FIFO (named pipe), not a regular file`},
		{name: "scenario to /dev/zero", scen: full, make: link("/dev/zero", "zero.toml"), file: "zero.toml", want: `zero.toml: is a device, not a regular file`},
		{name: "scenario too big", scen: full, make: big("big.toml", scenario.MaxFileSize+1), file: "big.toml", want: "big.toml: has 4194305 bytes; such a file may have at most 4194304"},
		{name: "special too big", scen: full, make: big("s.lua", scenario.MaxLuaSize+1), want: `special rules "s.lua": has 1048577 bytes; such a file may have at most 1048576`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeFiles(t, map[string]string{"s.toml": tc.scen, "s.lua": "return function(R) return R end\n", "house.lua": "local R = require(\"base\")\nR.id = \"house\"\nreturn R\n",
				"scenarios/units/mine/a.toml": catalog, "scenarios/schedules/mine.toml": schedule, "maps/mine.toml": mapFile})
			os.WriteFile(filepath.Join(filepath.Dir(dir), "outside.lua"), []byte("return 1"), 0o644)
			if tc.make != nil {
				if err := tc.make(dir); err != nil {
					t.Skip(err)
				}
			}
			file := filepath.Join(dir, "s.toml")
			if tc.file != "" {
				file = filepath.Join(dir, tc.file)
			}
			sc, err := scenario.LoadFile(file, os.DirFS(".."))
			if tc.loads {
				if err != nil {
					t.Fatal(err)
				}
				if want := filepath.Join(dir, "house.lua"); sc.RulesPath != want {
					t.Errorf("RulesPath %q, want %q", sc.RulesPath, want)
				}
				if sc.SpecialPath != "s.lua" || len(sc.Units) != 1 || sc.Units[0].Arrives != "Jul 1941" || sc.Map.Name != "mine" {
					t.Errorf("special %q, units %+v, map %q", sc.SpecialPath, sc.Units, sc.Map.Name)
				}
				// the game runs the module next to the scenario, whatever
				// the working directory (this test runs in scenario/)
				g, err := game.New(sc, game.Options{}, gpw.Data, nil)
				if err != nil {
					t.Fatal(err)
				}
				if g.Rules.ID != "house" {
					t.Errorf("the game runs rules %q, want the scenario's house.lua", g.Rules.ID)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v\nwant it to say %q", err, tc.want)
			}
			checkMessage(t, err)
		})
	}
}

func link(target, name string) func(string) error {
	return func(dir string) error {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.Remove(p)
		return os.Symlink(target, p)
	}
}

func fifo(name string) func(string) error {
	return func(dir string) error {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.Remove(p)
		return syscall.Mkfifo(p, 0o644)
	}
}

func folder(name string) func(string) error {
	return func(dir string) error {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.Remove(p)
		return os.Mkdir(p, 0o755)
	}
}

func remove(name string) func(string) error {
	return func(dir string) error { return os.Remove(filepath.Join(dir, filepath.FromSlash(name))) }
}

func big(name string, n int) func(string) error {
	return func(dir string) error {
		return os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(strings.Repeat("#", n)), 0o644)
	}
}

// A scenario of 10,000 inline units loads (BenchmarkLoadManyUnits times it).
func TestManyUnitsLoad(t *testing.T) {
	sc, err := scenario.Parse("t.toml", []byte(head+smallMap+units(scenario.MaxUnits)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Units) != scenario.MaxUnits || sc.Units[9999].Line != 6+6*9999+1 {
		t.Errorf("%d units, the last at line %d", len(sc.Units), sc.Units[9999].Line)
	}
}

func BenchmarkLoadManyUnits(b *testing.B) {
	data := []byte(head + smallMap + units(scenario.MaxUnits))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := scenario.Parse("t.toml", data, nil); err != nil {
			b.Fatal(err)
		}
	}
}
