package scenario

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

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
	if err := checkName("unit catalogue", name); err != nil {
		return nil, err
	}
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
	if !isFile(fsys, file) {
		return nil, fmt.Errorf("no unit catalogue %q (expected %s/*.toml or %s)", name, dir, file)
	}
	return []string{file}, nil
}

// LoadCatalog reads the unit catalogue name from fsys, checking every file:
// format_version, known keys, unique ids, sides, counter values. A
// catalogue is parsed once per process (by its files' paths and content):
// the catalogue returned is shared and must not be changed. Its non-combat
// kinds are those of DefaultKinds.
func LoadCatalog(fsys fs.FS, name string) (*Catalog, error) {
	return LoadCatalogWith(fsys, name, DefaultKinds())
}

// LoadCatalogWith is LoadCatalog for rules whose non-combat kinds (which
// may have no strength) are k's.
func LoadCatalogWith(fsys fs.FS, name string, k Kinds) (*Catalog, error) {
	k = k.orDefault()
	files, err := CatalogFiles(fsys, name)
	if err != nil {
		return nil, err
	}
	datas := make([][]byte, len(files))
	h := sha256.New()
	for i, file := range files {
		if datas[i], err = readFile(fsys, file, MaxFileSize); err != nil {
			return nil, Errors{{File: file, Msg: why(err)}}
		}
		fmt.Fprintf(h, "%s\x00%d\x00", file, len(datas[i]))
		h.Write(datas[i])
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return cached(cacheKey{"catalog", path.Join("scenarios", "units", name), k.nonCombatKey(), sum}, func() (*Catalog, error) {
		c := &Catalog{Name: name, byID: map[string]int{}}
		var src *source
		where := map[string]*UnitSpec{}
		for i, file := range files {
			if src == nil {
				src = newSource(file, datas[i])
			} else {
				src = src.with(newText(file, datas[i]))
			}
			for _, u := range readCatalogFile(src, where, k.NonCombat) {
				if len(c.Units) == MaxUnits {
					src.errorf(u.Line, "more than %d units: a catalogue may hold at most %d", MaxUnits, MaxUnits)
					return nil, src.err()
				}
				c.byID[u.ID] = len(c.Units)
				c.Units = append(c.Units, u)
			}
		}
		if err := src.err(); err != nil {
			return nil, err
		}
		return c, nil
	})
}

// readCatalogFile reads one catalogue file, reporting its problems to src,
// and returns its units. where holds the units of the files read before,
// by id, to refuse an id used twice; nonCombat are the kinds that may have
// no strength.
func readCatalogFile(src *source, where map[string]*UnitSpec, nonCombat map[string]bool) []UnitSpec {
	var f catalogFile
	md, err := decode(src.file, src.data, &f)
	if err != nil {
		src.add(err)
		return nil
	}
	undecoded(src, md, &f, "")
	if f.FormatVersion != CatalogFormatVersion {
		src.errorf(src.key("", 0, "format_version"), "format_version is %d; this gpw reads unit catalogue format %d", f.FormatVersion, CatalogFormatVersion)
	}
	n := 0
	for _, g := range f.Group {
		n += len(g.Unit)
	}
	if n > MaxUnits {
		src.errorf(0, "%d units; a catalogue may hold at most %d", n, MaxUnits)
		return nil
	}
	out := make([]UnitSpec, 0, n)
	last := map[string]int{} // the line each id was last found on, to find the next
	for _, g := range f.Group {
		for _, o := range g.Unit {
			u := mergeUnit(g, o)
			u.Line = src.find(last[o.ID], `"`+o.ID+`"`)
			last[o.ID] = u.Line
			u.File = src.file
			if o.ID == "" {
				src.errorf(src.find(0, `"`+o.Name+`"`), "unit %q has no id", o.Name)
				continue
			}
			if hasControl(o.ID) {
				if u.Line == 0 {
					u.Line = src.find(last[o.ID], "id")
				}
				src.errorf(u.Line, "unit id %q holds a control character; an id is printed as it is", o.ID)
				continue
			}
			if prev, dup := where[o.ID]; dup {
				at := fmt.Sprintf("line %d", prev.Line)
				if prev.File != u.File {
					at = fmt.Sprintf("%s:%d", prev.File, prev.Line)
				}
				src.errorf(u.Line, "unit id %q is used twice (first at %s)", o.ID, at)
				continue
			}
			checkUnitSpec(src, &u, func(string) int { return u.Line }, nonCombat)
			out = append(out, u)
			where[o.ID] = &out[len(out)-1]
		}
	}
	return out
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

// checkUnitSpec checks what a unit's counter says, wherever it is defined:
// its side and kind, and every value within 0..MaxValue, a half strength
// no more than the full one, a defence of at least 1, and some strength
// unless the kind is one of the rules' nonCombat kinds (GDW: leaders and
// air units).
func checkUnitSpec(src *source, u *UnitSpec, line func(key string) int, nonCombat map[string]bool) {
	if _, err := core.ParseSide(u.Side); err != nil {
		src.errorf(line("side"), "unit %s: %v", u.ID, err)
	}
	if u.Kind == "" {
		src.errorf(line("kind"), "unit %s has no kind", u.ID)
	}
	pair := func(key, what string, v []int, least int) {
		switch {
		case len(v) != 2:
			src.errorf(line(key), "unit %s: %s must be [full, half]", u.ID, key)
		case v[0] < 0 || v[1] < 0:
			src.errorf(line(key), "unit %s: %s %v: a factor may not be negative", u.ID, what, v)
		case v[0] > MaxValue || v[1] > MaxValue:
			src.errorf(line(key), "unit %s: %s %v: a factor may be at most %d", u.ID, what, v, MaxValue)
		case v[1] > v[0]:
			src.errorf(line(key), "unit %s: half %s %d is more than full %s %d", u.ID, what, v[1], what, v[0])
		case v[0] < least:
			src.errorf(line(key), "unit %s: %s %v: a full %s of at least %d is needed", u.ID, what, v, what, least)
		}
	}
	least := 1
	if nonCombat[u.Kind] {
		least = 0 // non-combat units have no strength of their own
	}
	pair("strength", "strength", u.Strength, least)
	if u.Defense != nil {
		pair("defense", "defence", u.Defense, 1)
	}
	for _, v := range []struct {
		key string
		n   int
	}{{"mp", u.MP}, {"radius", u.Radius}, {"range", u.Range}, {"shift", u.Shift}} {
		switch {
		case v.n < 0:
			src.errorf(line(v.key), "unit %s: %s must not be negative", u.ID, v.key)
		case v.n > MaxValue:
			src.errorf(line(v.key), "unit %s: %s %d is more than %d, the most gpw accepts", u.ID, v.key, v.n, MaxValue)
		}
	}
}
