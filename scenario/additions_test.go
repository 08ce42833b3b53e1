package scenario_test

import (
	"os"
	"strings"
	"testing"

	"gpw/core"
	"gpw/scenario"
)

const mozhaisk = `name = "Mozhaisk line"
format_version = 1
start = "Sep/Oct 1941"
map = "gpw"
units = "gdw"

[[city]]
name = "Mozhaisk"
hex = "Moscow@SW:2"

[[city]]
name = "Volokolamsk"
hex = "Moscow@NW:1"
kind = "minor"

[[region]]
name = "Mozhaisk line"
hexes = ["Mozhaisk", "Volokolamsk", "Mozhaisk@S:1"]

[[fortification]]
name = "Mozhaisk line"
hexes = ["Mozhaisk", "Volokolamsk"]

[closed]
soviet = ["Finland"]
axis = ["Turkey"]

[[setup]]
side = "soviet"
region = "Mozhaisk line"
units = ["sov-5", "sov-16"]

[[victory.condition]]
side = "axis"
cities = ["Mozhaisk"]
`

// A scenario adds towns, a region, a fortified line and closed areas to
// the built-in map in its own file; the shared map is left as it was.
func TestMapAdditions(t *testing.T) {
	sc, err := scenario.Parse("moz.toml", []byte(mozhaisk), os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	m := sc.Map
	c, ok := m.FindCity("Mozhaisk")
	if !ok || c.Kind != core.Minor {
		t.Fatalf("Mozhaisk: %+v %v", c, ok)
	}
	v, _ := m.FindCity("Volokolamsk")
	if !m.IsFortified(c.Hex) || !m.IsFortified(v.Hex) {
		t.Errorf("the line is not fortified")
	}
	if r, ok := m.Region("Mozhaisk line"); !ok || r.Hexes.Count() != 3 {
		t.Errorf("region: %v", r)
	}
	if sc.Closed[core.Soviet][0] != "Finland" || sc.ClosedHexes(core.Soviet).Count() == 0 || sc.ClosedHexes(core.Axis).Count() == 0 {
		t.Errorf("closed: %v", sc.Closed)
	}
	shared, err := scenario.LoadMapFile(os.DirFS(".."), "maps/gpw.toml")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := shared.FindCity("Mozhaisk"); ok || shared.Fortified != nil {
		t.Errorf("the built-in map was changed")
	}
	if _, ok := shared.Region("Mozhaisk line"); ok {
		t.Errorf("the built-in map has the scenario's region")
	}
}

// The additions' mistakes are errors with their line.
func TestMapAdditionErrors(t *testing.T) {
	cases := []struct{ from, to, want string }{
		{`hex = "Moscow@SW:2"`, `hex = "Moskow@W:2"`, `moz.toml:9: city Mozhaisk: "Moskow" is neither a city of map gpw nor a hex (did you mean "Moscow"?)`},
		{`soviet = ["Finland"]`, `soviet = ["Finnland"]`, `moz.toml:25: closed.soviet: "Finnland" is neither a country nor a region of map gpw (did you mean "Finland"?)`},
		{`name = "Volokolamsk"`, `name = "Moscow"`, `moz.toml:12: city Moscow: map gpw already has a city of that name`},
		{`hexes = ["Mozhaisk", "Volokolamsk"]`, `hexes = ["Mozhaisk", "Volokolamsky"]`, `moz.toml:22: fortification Mozhaisk line: "Volokolamsky" is neither a city`},
	}
	for _, c := range cases {
		src := strings.Replace(mozhaisk, c.from, c.to, 1)
		_, err := scenario.Parse("moz.toml", []byte(src), os.DirFS(".."))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %s", c.to, err, c.want)
		}
	}
}

// An inline unit's hex may be a place: a city, or a city@DIR:N; the
// scenario keeps its hex id.
func TestInlineHexPlace(t *testing.T) {
	src := strings.Replace(mozhaisk, "[[setup]]", `[[unit]]
id = "nkvd-1"
side = "soviet"
nation = "sov"
kind = "infantry"
strength = [2, 1]
mp = 4
hex = "Mozhaisk@N:1"

[[setup]]`, 1)
	sc, err := scenario.Parse("moz.toml", []byte(src), os.DirFS(".."))
	if err != nil {
		t.Fatal(err)
	}
	c, _ := sc.Map.FindCity("Mozhaisk")
	want := sc.Map.ID(int(sc.Map.Nbr[c.Hex][core.N]))
	for _, u := range sc.Units {
		if u.ID == "nkvd-1" && u.Hex != want {
			t.Errorf("nkvd-1 stands in %q, want %s", u.Hex, want)
		}
	}
	_, err = scenario.Parse("moz.toml", []byte(strings.Replace(src, `hex = "Mozhaisk@N:1"`, `hex = "Mozhaysk"`, 1)), os.DirFS(".."))
	if err == nil || !strings.Contains(err.Error(), `unit nkvd-1: "Mozhaysk" is neither a city of map gpw nor a hex (did you mean "Mozhaisk"?)`) {
		t.Errorf("a misspelt place: %v", err)
	}
}
