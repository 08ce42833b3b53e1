package scenario

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"gpw/core"
)

// CatalogFormatVersion is the unit catalogue format this build reads.
const CatalogFormatVersion = 1

// Catalog is a set of counters that scenarios name by id (units = "gdw").
// It is read from scenarios/units/NAME/*.toml (or scenarios/units/NAME.toml).
type Catalog struct {
	Name  string
	Units []UnitSpec
	byID  map[string]int
}

// Unit returns the catalogue's unit with this id.
func (c *Catalog) Unit(id string) (UnitSpec, bool) {
	k, ok := c.byID[id]
	if !ok {
		return UnitSpec{}, false
	}
	return c.Units[k], true
}

// counterValues are what a counter shows: a group gives defaults, each of
// its units may override them.
type counterValues struct {
	Side     string `toml:"side"`
	Nation   string `toml:"nation"`
	Kind     string `toml:"kind"`
	Size     string `toml:"size"`
	Strength []int  `toml:"strength"`
	Defense  []int  `toml:"defense"`
	MP       *int   `toml:"mp"`
	Radius   *int   `toml:"radius"`
	Range    *int   `toml:"range"`
	Shift    *int   `toml:"shift"`
}

// catalogGroup is a [[group]] of a catalogue file: defaults for its units.
type catalogGroup struct {
	counterValues
	Unit []catalogOv `toml:"unit"`
}

// catalogOv is one unit of a group; its keys override the group's.
type catalogOv struct {
	counterValues
	ID   string `toml:"id"`
	Name string `toml:"name"`
	Note string `toml:"note"`
}

type catalogFile struct {
	FormatVersion int            `toml:"format_version"`
	Group         []catalogGroup `toml:"group"`
}

// CatalogFiles lists the files of catalogue name in fsys.
func CatalogFiles(fsys fs.FS, name string) ([]string, error) {
	dir := path.Join("scenarios", "units", name)
	if ents, err := fs.ReadDir(fsys, dir); err == nil {
		var files []string
		for _, e := range ents {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".toml") {
				files = append(files, path.Join(dir, e.Name()))
			}
		}
		sort.Strings(files)
		if len(files) > 0 {
			return files, nil
		}
	}
	file := dir + ".toml"
	if _, err := fs.Stat(fsys, file); err != nil {
		return nil, fmt.Errorf("no unit catalogue %q (expected %s/*.toml or %s)", name, dir, file)
	}
	return []string{file}, nil
}

// LoadCatalog reads the unit catalogue name from fsys, checking every file:
// format_version, known keys, unique ids, sides, strengths.
func LoadCatalog(fsys fs.FS, name string) (*Catalog, error) {
	files, err := CatalogFiles(fsys, name)
	if err != nil {
		return nil, err
	}
	c := &Catalog{Name: name, byID: map[string]int{}}
	var errs Errors
	where := map[string]string{}
	for _, file := range files {
		data, err := fs.ReadFile(fsys, file)
		if err != nil {
			return nil, err
		}
		var f catalogFile
		md, err := toml.Decode(string(data), &f)
		if err != nil {
			errs = append(errs, tomlError(file, err).(Errors)...)
			continue
		}
		src := newSource(file, data)
		undecoded(src, md, "")
		if f.FormatVersion != CatalogFormatVersion {
			src.errorf(src.key("", 0, "format_version"), "format_version is %d; this gpw reads unit catalogue format %d", f.FormatVersion, CatalogFormatVersion)
		}
		last := map[string]int{} // the line each id was last found on, to find the next
		for _, g := range f.Group {
			for _, o := range g.Unit {
				u := mergeUnit(g, o)
				u.Line = src.find(last[o.ID], `"`+o.ID+`"`)
				last[o.ID] = u.Line
				u.File = file
				if o.ID == "" {
					src.errorf(src.find(0, `"`+o.Name+`"`), "unit %q has no id", o.Name)
					continue
				}
				if prev, dup := where[o.ID]; dup {
					src.errorf(u.Line, "unit id %q is used twice (first at %s)", o.ID, prev)
					continue
				}
				where[o.ID] = fmt.Sprintf("%s:%d", file, u.Line)
				checkUnitSpec(src, &u, func(string) int { return u.Line })
				c.byID[u.ID] = len(c.Units)
				c.Units = append(c.Units, u)
			}
		}
		errs = append(errs, src.errs...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return c, nil
}

func mergeUnit(g catalogGroup, o catalogOv) UnitSpec {
	pick := func(a, b string) string {
		if a != "" {
			return a
		}
		return b
	}
	ints := func(a, b []int) []int {
		if a != nil {
			return a
		}
		return b
	}
	ptr := func(a, b *int) int {
		if a != nil {
			return *a
		}
		if b != nil {
			return *b
		}
		return 0
	}
	return UnitSpec{ID: o.ID, Name: o.Name, Note: o.Note, Side: pick(o.Side, g.Side), Nation: pick(o.Nation, g.Nation),
		Kind: pick(o.Kind, g.Kind), Size: pick(o.Size, g.Size), Strength: ints(o.Strength, g.Strength), Defense: ints(o.Defense, g.Defense),
		MP: ptr(o.MP, g.MP), Radius: ptr(o.Radius, g.Radius), Range: ptr(o.Range, g.Range), Shift: ptr(o.Shift, g.Shift)}
}

// checkUnitSpec checks what a unit's counter says, wherever it is defined.
func checkUnitSpec(src *source, u *UnitSpec, line func(key string) int) {
	if _, err := core.ParseSide(u.Side); err != nil {
		src.errorf(line("side"), "unit %s: %v", u.ID, err)
	}
	if u.Kind == "" {
		src.errorf(line("kind"), "unit %s has no kind", u.ID)
	}
	if len(u.Strength) != 2 || u.Strength[0] < 0 || u.Strength[1] < 0 {
		src.errorf(line("strength"), "unit %s: strength must be [full, half]", u.ID)
	} else if u.Strength[1] > u.Strength[0] {
		src.errorf(line("strength"), "unit %s: half strength %d is more than full strength %d", u.ID, u.Strength[1], u.Strength[0])
	}
	if u.Defense != nil && len(u.Defense) != 2 {
		src.errorf(line("defense"), "unit %s: defense must be [full, half]", u.ID)
	}
	if u.MP < 0 {
		src.errorf(line("mp"), "unit %s: mp must not be negative", u.ID)
	}
}

// FileKind tells what a gpw data file is from its top-level keys:
// "units" (a catalogue file: [[group]]), "schedule" ([[reinforcements]] and
// the like without start), "map" (sheets or cols without start) or
// "scenario". gpw check uses it to validate each file as what it is.
func FileKind(data []byte) string {
	var top map[string]any
	if _, err := toml.Decode(string(data), &top); err != nil {
		return "scenario" // let the scenario reader report the syntax error
	}
	_, start := top["start"]
	switch {
	case top["group"] != nil && !start:
		return "units"
	case !start && (top["reinforcements"] != nil || top["withdrawals"] != nil || top["returns"] != nil || top["replacements"] != nil || top["pool"] != nil):
		return "schedule"
	case !start && (top["sheets"] != nil || top["cols"] != nil):
		return "map"
	}
	return "scenario"
}

// CheckCatalogFile validates one catalogue file on its own.
func CheckCatalogFile(fsys fs.FS, file string) error {
	dir, base := path.Split(file)
	sub, err := fs.Sub(fsys, strings.TrimSuffix(dir, "/"))
	if dir == "" {
		sub, err = fsys, nil
	}
	if err != nil {
		return err
	}
	data, err := fs.ReadFile(sub, base)
	if err != nil {
		return err
	}
	var f catalogFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return tomlError(file, err)
	}
	src := newSource(file, data)
	undecoded(src, md, "")
	if f.FormatVersion != CatalogFormatVersion {
		src.errorf(src.key("", 0, "format_version"), "format_version is %d; this gpw reads unit catalogue format %d", f.FormatVersion, CatalogFormatVersion)
	}
	seen, last := map[string]int{}, map[string]int{}
	for _, g := range f.Group {
		for _, o := range g.Unit {
			u := mergeUnit(g, o)
			u.Line = src.find(last[o.ID], `"`+o.ID+`"`)
			last[o.ID] = u.Line
			if prev, dup := seen[o.ID]; dup {
				src.errorf(u.Line, "unit id %q is used twice (first at line %d)", o.ID, prev)
				continue
			}
			seen[o.ID] = u.Line
			checkUnitSpec(src, &u, func(string) int { return u.Line })
		}
	}
	return src.err()
}
