// Package scenario reads scenario and map files (TOML) into a map, a list of
// units and a schedule. What it needs of the rules (the turns of a year,
// the non-combat kinds) comes from the rules module the scenario is played
// under (Options, game.LoadScenario), or else from DefaultKinds.
package scenario

import (
	"cmp"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/BurntSushi/toml"

	"gpw/core"
)

// FormatVersion is the scenario format this build reads. Files without a
// format_version (such as the rulebook examples) are read as version 1.
const FormatVersion = 1

// Scenario is a loaded scenario.
type Scenario struct {
	File  string
	Name  string
	Rules string // a variant (gdw, adc2) or a module file (house.lua)
	// RulesPath is where a rules = "house.lua" module is on disk: resolved
	// against the scenario's folder (LoadFile only).
	RulesPath string
	// Dir is the scenario's folder on disk (LoadFile only).
	Dir    string
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
	// Files are the files the scenario read from its folder (Load,
	// LoadFile), by path in it: the scenario file, its special rules, maps,
	// catalogues and schedules of its own, a rules module's file. A save
	// carries them, so that it loads without the folder.
	Files     map[string][]byte
	Setup     []SetupSpec
	Reinforce []ScheduleSpec // reinforcements by turn, shared schedule first
	Withdraw  []ScheduleSpec
	Return    []ScheduleSpec
	PoolSpecs []PoolSpec
	Victory   VictorySpec
	Front     *FrontSpec
	// Bot is the [bot] table: doctrine for the computer players
	// (docs/bots.md), read by package bot.
	Bot map[string]any
	// Closed lists, per side, the countries and regions its units may not
	// enter ([closed]: the data form of a module's R.closed).
	Closed [2][]string
	// Fortifications are the scenario's [[fortification]] lines, as
	// written (their hexes are marked in Map.Fortified).
	Fortifications []AreaSpec
	closedHexes    [2]core.Bitset
	// Kinds are the rules' turns and non-combat kinds the scenario was
	// read with: a game under rules of other kinds refuses it.
	Kinds Kinds `json:"-"`
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
	Bot            map[string]any `toml:"bot"`
	additions
}

// Options say what a load needs of the rules the scenario is played
// under.
type Options struct {
	// Kinds are the rules' turns and non-combat kinds; zero: DefaultKinds.
	Kinds Kinds
	// Rules, when set, gives the kinds instead, once the scenario's rules
	// and special rules are read (Rules, RulesPath, SpecialPath,
	// SpecialSource): game.LoadScenario compiles the module there. Its
	// error ends the load as it is.
	Rules func(sc *Scenario) (Kinds, error)
}

// Load reads a scenario from fsys. The files it names are read from fsys
// (special rules next to the scenario file; scenarios/units/NAME,
// scenarios/schedules/NAME.toml and maps/NAME.toml from fsys's root), or
// else from the built-in data dataFS. Only regular files are read (see
// DirFS for files on disk). Turn names and kinds are those of
// DefaultKinds; LoadWith reads a scenario for other rules.
func Load(fsys fs.FS, file string, dataFS fs.FS) (*Scenario, error) {
	return LoadWith(fsys, file, dataFS, Options{})
}

// LoadWith is Load for the rules o describes.
func LoadWith(fsys fs.FS, file string, dataFS fs.FS, o Options) (*Scenario, error) {
	return load(&loader{fsys: fsys, dataFS: dataFS, opts: o}, file)
}

// LoadFile reads the scenario file at path on disk. Its folder is the root
// of every file it names, read under the policy of DirFS: files under the
// folder only, regular files only. A rules = "house.lua" is found there too
// (Scenario.RulesPath).
func LoadFile(file string, dataFS fs.FS) (*Scenario, error) {
	return LoadFileWith(file, dataFS, Options{})
}

// LoadFileWith is LoadFile for the rules o describes.
func LoadFileWith(file string, dataFS fs.FS, o Options) (*Scenario, error) {
	// A scenario named through a symbolic link lives where the link leads.
	real, err := filepath.EvalSymlinks(file)
	if err != nil {
		return nil, &Error{File: file, Msg: plainFSError(err)}
	}
	if fi, err := os.Stat(real); err != nil {
		return nil, &Error{File: file, Msg: plainFSError(err)}
	} else if !fi.Mode().IsRegular() {
		return nil, &Error{File: file, Msg: errNotRegular{fi.Mode()}.Error()}
	}
	dir, base := filepath.Split(real)
	abs, err := filepath.Abs(cmp.Or(dir, "."))
	if err != nil {
		return nil, &Error{File: file, Msg: plainFSError(err)}
	}
	d, err := OpenDir(abs)
	if err != nil {
		return nil, &Error{File: file, Msg: err.Error()}
	}
	defer d.Close()
	return load(&loader{fsys: d, dataFS: dataFS, dir: abs, opts: o}, base)
}

// Parse reads a scenario from data; file names it in errors. The files it
// names come from the built-in data dataFS.
func Parse(file string, data []byte, dataFS fs.FS) (*Scenario, error) {
	return ParseWith(file, data, dataFS, Options{})
}

// ParseWith is Parse for the rules o describes.
func ParseWith(file string, data []byte, dataFS fs.FS, o Options) (*Scenario, error) {
	return parse(file, data, &loader{dataFS: dataFS, opts: o})
}

// loader is where one load reads the files a scenario names.
type loader struct {
	fsys   fs.FS  // the scenario's folder (nil for Parse)
	dataFS fs.FS  // the built-in data
	dir    string // the folder on disk (LoadFile)
	opts   Options
}

// kinds sets sc.Kinds once its rules and special rules are read; ok
// reports that they were read without a problem. Without them the rules
// are unknown: the load stops with the problems found so far.
func (ld *loader) kinds(src *source, sc *Scenario, ok bool) (stop bool, err error) {
	sc.Kinds = ld.opts.Kinds.orDefault()
	if ld.opts.Rules == nil {
		return false, nil
	}
	if !ok {
		return true, nil
	}
	k, err := ld.opts.Rules(sc)
	if err != nil {
		return true, err
	}
	sc.Kinds = k.orDefault()
	return false, nil
}

func load(ld *loader, file string) (*Scenario, error) {
	rec := newRecordFS(ld.fsys)
	ld.fsys = rec
	data, err := readFile(ld.fsys, file, MaxFileSize)
	if err != nil {
		return nil, &Error{File: file, Msg: why(err)}
	}
	sc, err := parse(file, data, ld)
	if sc != nil {
		sc.Files = rec.files
	}
	return sc, err
}

func parse(file string, data []byte, ld *loader) (*Scenario, error) {
	var f fileSpec
	md, err := decode(file, data, &f)
	if err != nil {
		return nil, err
	}
	src := newSource(file, data)
	if !checkCounts(src, &f) {
		return nil, src.err()
	}
	undecoded(src, md, &f, "map", "bot") // [bot] is read by package bot (docs/bots.md)
	if f.FormatVersion != 0 && f.FormatVersion != FormatVersion {
		src.errorf(src.key("", 0, "format_version"), "format_version is %d; this gpw reads scenario format %d", f.FormatVersion, FormatVersion)
	}
	sc := &Scenario{File: file, Name: f.Name, Rules: f.Rules, Start: f.Start, End: f.End, Phase: f.Phase, Seed: f.Seed, Source: data, Dir: ld.dir}
	if f.Start == "" {
		src.errorf(0, "start is missing (a turn such as \"Jun 1941\")")
	}
	n := len(*src.errs)
	ld.rules(src, sc)
	if sc.Special = f.Special; sc.Special != "" {
		ld.special(src, sc)
	}
	if stop, err := ld.kinds(src, sc, len(*src.errs) == n); stop {
		return nil, cmp.Or(err, src.err())
	}
	switch md.Type("map") {
	case "String":
		var name string
		if err := md.PrimitiveDecode(f.Map, &name); err == nil {
			sc.Map = ld.namedMap(src, name)
		}
	case "Hash":
		var spec MapSpec
		if err := md.PrimitiveDecode(f.Map, &spec); err != nil {
			src.add(tomlError(file, err))
		} else {
			for _, k := range md.Undecoded() {
				if len(k) > 1 && k[0] == "map" && !src.full() {
					src.unknownKey(k, reflect.TypeOf(spec), 1)
				}
			}
			sc.Map = spec.build(src, "map.")
		}
	case "":
		src.errorf(0, "map is missing: name a map (map = \"gpw\") or give a [map] table")
	default:
		src.errorf(src.key("", 0, "map"), "map must be a map name or a [map] table")
	}
	if sc.Map != nil {
		addToMap(src, sc, &f.additions)
	}
	for i := range f.Unit {
		f.Unit[i].Line = src.header("unit", i) + 1
	}
	for i := range f.Replacements {
		f.Replacements[i].Line, f.Replacements[i].File = src.header("replacements", i)+1, file
	}
	sc.Units, sc.Repl, sc.Bot = f.Unit, f.Replacements, f.Bot
	if sc.Map != nil {
		checkUnits(src, sc)
	}
	if sc.Map != nil && src.err() == nil {
		extend(src, sc, &f, ld)
	}
	if err := src.err(); err != nil {
		return nil, err
	}
	return sc, nil
}

// checkCounts refuses a file with more units or tables than the limits,
// before any work is done on them.
func checkCounts(src *source, f *fileSpec) bool {
	if len(f.Unit) > MaxUnits {
		src.errorf(src.header("unit", MaxUnits)+1, "%d [[unit]] tables; a scenario may have at most %d units", len(f.Unit), MaxUnits)
		return false
	}
	for _, t := range []struct {
		name string
		n    int
	}{{"setup", len(f.Setup)}, {"reinforcements", len(f.Reinforcements)}, {"withdrawals", len(f.Withdrawals)}, {"returns", len(f.Returns)},
		{"pool", len(f.Pool)}, {"replacements", len(f.Replacements)}, {"victory.condition", len(f.Victory.Condition)}} {
		if t.n > MaxTables {
			src.errorf(src.header(t.name, MaxTables)+1, "%d [[%s]] tables; a file may have at most %d", t.n, t.name, MaxTables)
			return false
		}
	}
	return true
}

// rules checks a rules = "house.lua": a module next to the scenario.
func (ld *loader) rules(src *source, sc *Scenario) {
	if !strings.HasSuffix(sc.Rules, ".lua") || ld.fsys == nil {
		return
	}
	p := path.Join(path.Dir(sc.File), sc.Rules)
	if _, err := readFile(ld.fsys, p, MaxLuaSize); err != nil {
		src.errorf(src.key("", 0, "rules"), "rules %q: %s (a rules module is looked for next to the scenario)", sc.Rules, why(err))
		return
	}
	if ld.dir != "" {
		sc.RulesPath = filepath.Join(ld.dir, filepath.FromSlash(p))
	}
}

// namedMap reads map = "NAME": maps/NAME.toml from the scenario's folder,
// or else from the built-in data.
func (ld *loader) namedMap(src *source, name string) *core.Map {
	line := src.key("", 0, "map")
	if err := checkName("map", name); err != nil {
		src.errorf(line, "%v", err)
		return nil
	}
	file := path.Join("maps", name+".toml")
	fsys := firstWith(file, ld.fsys, ld.dataFS)
	if fsys == nil {
		src.errorf(line, "map %q: no file %s", name, file)
		return nil
	}
	m, err := LoadMapFile(fsys, file)
	if err != nil {
		src.errorf(line, "map %q has problems:", name)
		src.add(err)
		return nil
	}
	return m
}

func checkUnits(src *source, sc *Scenario) {
	seen := map[string]int{}
	for i := range sc.Units {
		u := &sc.Units[i]
		line := func(key string) int { return src.key("unit", i, key) }
		if u.ID == "" {
			src.errorf(u.Line, "unit has no id")
		} else if hasControl(u.ID) {
			src.errorf(line("id"), "unit id %q holds a control character; an id is printed as it is", u.ID)
		} else if prev, dup := seen[u.ID]; dup {
			src.errorf(line("id"), "unit id %q is used twice (first at line %d)", u.ID, prev)
		} else {
			seen[u.ID] = u.Line
		}
		checkUnitSpec(src, u, line, sc.Kinds.NonCombat)
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
			if err != nil && !looksLikeHexID(u.Hex) {
				// a place name: "Kursk", "Kursk@NW:1" (the hex id kept)
				h, err = PlaceHex(sc.Map, u.Hex)
			}
			switch {
			case err != nil:
				src.errorf(line("hex"), "unit %s: %v", u.ID, err)
			case sc.Map.Terrain[h].Water():
				src.errorf(line("hex"), "unit %s: %s is a %s hex", u.ID, u.Hex, sc.Map.Terrain[h])
			default:
				u.Hex = sc.Map.ID(h)
			}
		}
	}
}

// SideOf returns the unit's side (checked by Parse).
func (u *UnitSpec) SideOf() core.Side {
	s, _ := core.ParseSide(strings.ToLower(u.Side))
	return s
}

// looksLikeHexID reports whether s has the shape of a hex id (B-1603):
// its errors (off the map) say more than a place lookup's.
func looksLikeHexID(s string) bool {
	i := strings.IndexByte(s, '-')
	return i > 0 && i <= 3 && len(s)-i-1 == 4 && !strings.Contains(s, "@")
}
