// Package scenario reads scenario and map files (TOML) into a map, a list of
// units and a schedule. It checks everything it can without the rules;
// turn names are checked by the game against the rules' calendar.
package scenario

import (
	"io/fs"
	"path"
	"strings"

	"github.com/BurntSushi/toml"

	"gpw/core"
)

// FormatVersion is the scenario format this build reads. Files without a
// format_version (such as the rulebook examples) are read as version 1.
const FormatVersion = 1

// Scenario is a loaded scenario.
type Scenario struct {
	File   string
	Name   string
	Rules  string
	Start  string
	End    string
	Phase  string
	Seed   int64
	Map    *core.Map
	Units  []UnitSpec
	Repl   []Replacements
	Source []byte // the file as read

	// The catalogue format (docs/modding.md): everything below is empty
	// for a scenario with inline [[unit]] tables only.
	Description string
	Variants    []string // the rules variants it supports; [Rules] by default
	Catalog     string   // units = "gdw"
	Schedule    []string // schedule = "gdw" or ["gdw", "gdw-events"] (scenarios/schedules/NAME.toml)
	Special     string   // special = "file.lua": the scenario's special rules
	SpecialPath string   // where Special was found (in the scenario's FS)
	// SpecialSource is the special rules' Lua text, read with the scenario
	// so that a save carries what it was played with.
	SpecialSource []byte
	Setup         []SetupSpec
	Reinforce     []ScheduleSpec // reinforcements by turn, shared schedule first
	Withdraw      []ScheduleSpec
	Return        []ScheduleSpec
	PoolSpecs     []PoolSpec
	Victory       VictorySpec
	Front         *FrontSpec
}

// UnitSpec is a [[unit]] entry.
type UnitSpec struct {
	ID         string `toml:"id"`
	Name       string `toml:"name"`
	Side       string `toml:"side"`
	Nation     string `toml:"nation"`
	Kind       string `toml:"kind"`
	Size       string `toml:"size"` // army, corps, division... (default: army for Soviet units, corps for Axis ones)
	Strength   []int  `toml:"strength"`
	Defense    []int  `toml:"defense"`
	MP         int    `toml:"mp"`
	Hex        string `toml:"hex"`
	Reduced    bool   `toml:"reduced"`
	Arrives    string `toml:"arrives"`
	Eliminated bool   `toml:"eliminated"`
	Withdraws  string `toml:"withdraws"`
	Returns    string `toml:"returns"`
	// ADC2 counter values the engine does not read yet (docs/units.md).
	Radius int    `toml:"radius"` // leader: command radius
	Range  int    `toml:"range"`  // air unit: range in hexes
	Shift  int    `toml:"shift"`  // air unit: column shift
	Note   string `toml:"note"`   // where and when it served

	// Set by the loader for catalogue scenarios.
	Setup     int    `toml:"-"` // 1+index into Scenario.Setup: placed in the setup step
	Held      bool   `toml:"-"` // waits in a force pool for an event (conversion, garrison, defection, AvailableToBuild)
	Withdrawn bool   `toml:"-"` // withdrawn before the start; Returns says when it comes back
	Pool      string `toml:"-"` // the force pool it starts in (ADC2 names)
	File      string `toml:"-"` // file that defines it

	Line int `toml:"-"` // line of its [[unit]] header (or catalogue entry)
}

// Replacements is a [[replacements]] entry: points each side gets in a turn.
// A [[replacements]] entry gives a turn or a whole year (year = 1942:
// every turn of that year); a turn entry wins over its year's.
type Replacements struct {
	Turn   string `toml:"turn"`
	Year   int    `toml:"year"`
	Axis   int    `toml:"axis"`
	Soviet int    `toml:"soviet"`
	Line   int    `toml:"-"`
	File   string `toml:"-"`
}

type fileSpec struct {
	FormatVersion int            `toml:"format_version"`
	Name          string         `toml:"name"`
	Rules         string         `toml:"rules"`
	Start         string         `toml:"start"`
	End           string         `toml:"end"`
	Phase         string         `toml:"phase"`
	Seed          int64          `toml:"seed"`
	Map           toml.Primitive `toml:"map"`
	Unit          []UnitSpec     `toml:"unit"`
	Replacements  []Replacements `toml:"replacements"`

	Description    string         `toml:"description"`
	Variants       []string       `toml:"variants"`
	Units          string         `toml:"units"`
	Schedule       any            `toml:"schedule"` // a name or a list of names
	Special        string         `toml:"special"`
	Unlisted       string         `toml:"unlisted"`
	Front          *FrontSpec     `toml:"front"`
	Setup          []SetupSpec    `toml:"setup"`
	Reinforcements []ScheduleSpec `toml:"reinforcements"`
	Withdrawals    []ScheduleSpec `toml:"withdrawals"`
	Returns        []ScheduleSpec `toml:"returns"`
	Pool           []PoolSpec     `toml:"pool"`
	Victory        VictorySpec    `toml:"victory"`
}

// Load reads a scenario from fsys. Maps named by `map = "NAME"` are read
// from maps/NAME.toml in mapFS.
func Load(fsys fs.FS, file string, mapFS fs.FS) (*Scenario, error) {
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, err
	}
	return parse(file, data, fsys, mapFS)
}

// Parse reads a scenario from data; file names it in errors.
func Parse(file string, data []byte, mapFS fs.FS) (*Scenario, error) {
	return parse(file, data, nil, mapFS)
}

func parse(file string, data []byte, fsys, mapFS fs.FS) (*Scenario, error) {
	var f fileSpec
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return nil, tomlError(file, err)
	}
	src := newSource(file, data)
	undecoded(src, md, "map")
	if f.FormatVersion != 0 && f.FormatVersion != FormatVersion {
		src.errorf(src.key("", 0, "format_version"), "format_version is %d; this gpw reads scenario format %d", f.FormatVersion, FormatVersion)
	}
	sc := &Scenario{File: file, Name: f.Name, Rules: f.Rules, Start: f.Start, End: f.End, Phase: f.Phase, Seed: f.Seed, Source: data}
	if f.Start == "" {
		src.errorf(0, "start is missing (a turn such as \"Jun 1941\")")
	}
	switch md.Type("map") {
	case "String":
		var name string
		if err := md.PrimitiveDecode(f.Map, &name); err == nil {
			if mapFS == nil {
				src.errorf(src.key("", 0, "map"), "map %q: no map directory to read it from", name)
			} else if m, err := LoadMapFile(mapFS, path.Join("maps", name+".toml")); err != nil {
				src.errorf(src.key("", 0, "map"), "map %q: %v", name, err)
			} else {
				sc.Map = m
			}
		}
	case "Hash":
		var spec MapSpec
		if err := md.PrimitiveDecode(f.Map, &spec); err != nil {
			src.errorf(src.find(0, "[map"), "map: %v", err)
		} else {
			for _, k := range md.Undecoded() {
				if len(k) > 1 && k[0] == "map" {
					src.errorf(src.find(0, k[len(k)-1]), "unknown key %q", k.String())
				}
			}
			sc.Map = spec.build(src, "map.")
		}
	case "":
		src.errorf(0, "map is missing: name a map (map = \"gpw\") or give a [map] table")
	default:
		src.errorf(src.key("", 0, "map"), "map must be a map name or a [map] table")
	}
	for i := range f.Unit {
		f.Unit[i].Line = src.header("unit", i) + 1
	}
	for i := range f.Replacements {
		f.Replacements[i].Line = src.header("replacements", i) + 1
	}
	for i := range f.Replacements {
		f.Replacements[i].File = file
	}
	sc.Units, sc.Repl = f.Unit, f.Replacements
	if sc.Map != nil {
		checkUnits(src, sc)
	}
	if sc.Map != nil && src.err() == nil {
		extend(src, sc, &f, fsys, mapFS)
	}
	if err := src.err(); err != nil {
		return nil, err
	}
	return sc, nil
}

func checkUnits(src *source, sc *Scenario) {
	seen := map[string]int{}
	for i, u := range sc.Units {
		line := func(key string) int { return src.key("unit", i, key) }
		if u.ID == "" {
			src.errorf(u.Line, "unit has no id")
		} else if prev, dup := seen[u.ID]; dup {
			src.errorf(line("id"), "unit id %q is used twice (first at line %d)", u.ID, prev)
		} else {
			seen[u.ID] = u.Line
		}
		if _, err := core.ParseSide(u.Side); err != nil {
			src.errorf(line("side"), "unit %s: %v", u.ID, err)
		}
		if u.Kind == "" {
			src.errorf(u.Line, "unit %s has no kind", u.ID)
		}
		if len(u.Strength) != 2 || u.Strength[0] < 0 || u.Strength[1] < 0 {
			src.errorf(line("strength"), "unit %s: strength must be [full, half]", u.ID)
		}
		if u.Defense != nil && len(u.Defense) != 2 {
			src.errorf(line("defense"), "unit %s: defense must be [full, half]", u.ID)
		}
		if u.MP < 0 {
			src.errorf(line("mp"), "unit %s: mp must not be negative", u.ID)
		}
		places := 0
		for _, set := range []bool{u.Hex != "", u.Arrives != "", u.Eliminated} {
			if set {
				places++
			}
		}
		if places > 1 {
			src.errorf(u.Line, "unit %s: give only one of hex, arrives and eliminated", u.ID)
		}
		if u.Hex != "" {
			h, err := sc.Map.ParseHex(u.Hex)
			switch {
			case err != nil:
				src.errorf(line("hex"), "unit %s: %v", u.ID, err)
			case sc.Map.Terrain[h].Water():
				src.errorf(line("hex"), "unit %s: %s is a %s hex", u.ID, u.Hex, sc.Map.Terrain[h])
			}
		}
	}
}

// SideOf returns the unit's side (checked by Parse).
func (u *UnitSpec) SideOf() core.Side {
	s, _ := core.ParseSide(strings.ToLower(u.Side))
	return s
}
