package scenario

import (
	"fmt"
	"path"
	"strings"

	"gpw/core"
)

// extend reads the catalogue-format keys of f into sc: special rules,
// setups, schedules, pools, the front line and victory (docs/modding.md).
func extend(src *source, sc *Scenario, f *fileSpec, ld *loader) {
	sc.Description, sc.Variants, sc.Catalog = f.Description, f.Variants, f.Units
	switch v := f.Schedule.(type) {
	case nil:
	case string:
		sc.Schedule = []string{v}
	case []any:
		for _, e := range v {
			if s, ok := e.(string); ok {
				sc.Schedule = append(sc.Schedule, s)
			} else {
				src.errorf(src.key("", 0, "schedule"), "schedule: %v is not a name", e)
			}
		}
	default:
		src.errorf(src.key("", 0, "schedule"), "schedule must be a name or a list of names")
	}
	if len(sc.Variants) == 0 {
		r := sc.Rules
		if r == "" {
			r = "gdw"
		}
		sc.Variants = []string{r}
	}
	start, err := sc.Kinds.ParseTurn(sc.Start)
	if err != nil {
		src.errorf(src.key("", 0, "start"), "start: %v", err)
		return
	}
	if sc.End != "" {
		if end, err := sc.Kinds.ParseTurn(sc.End); err != nil {
			src.errorf(src.key("", 0, "end"), "end: %v", err)
		} else if end < start {
			src.errorf(src.key("", 0, "end"), "end (%s) comes before start (%s)", sc.End, sc.Start)
		}
	}
	for i := range f.Setup {
		f.Setup[i].Line, f.Setup[i].File = src.header("setup", i)+1, sc.File
	}
	own := schedules{Reinforcements: f.Reinforcements, Withdrawals: f.Withdrawals, Returns: f.Returns, Pool: f.Pool}
	own.number(src.text)
	for i := range f.Victory.Condition {
		f.Victory.Condition[i].Line = src.header("victory.condition", i) + 1
	}
	if f.Units == "" {
		for _, k := range []string{"setup", "reinforcements", "withdrawals", "returns", "pool", "schedule"} {
			if l := src.topKey(k); l > 0 || src.header(k, 0) >= 0 {
				src.errorf(max(l, src.header(k, 0)+1), "%s needs a unit catalogue: add units = \"gdw\"", k)
				return
			}
		}
	}
	for _, rp := range sc.Repl {
		checkRepl(src, rp, sc.Kinds)
	}
	if f.Front != nil {
		sc.Front = f.Front
		buildFront(src, sc)
	}
	if f.Units == "" {
		sc.Setup = f.Setup
		checkSetups(src, sc, nil)
		checkVictory(src, sc, f.Victory)
		return
	}
	cat := ld.catalog(src, f.Units, sc.Kinds)
	if cat == nil {
		return
	}
	shared, srcs, ok := ld.schedules(src, sc.Schedule, f.Units, sc.Kinds)
	if !ok {
		return
	}
	// the shared schedules first, so that the scenario's own entries win
	sc.Repl = append(append([]Replacements(nil), shared.Replacements...), sc.Repl...)
	srcOf := func(file string) *source {
		for _, s := range srcs {
			if file == s.file {
				return s
			}
		}
		return src
	}
	x := &expander{sc: sc, cat: cat, srcOf: srcOf, start: start, units: map[string]*UnitSpec{}}
	// inline [[unit]] tables: extra counters of this scenario
	for i := range sc.Units {
		u := &sc.Units[i]
		if _, dup := cat.byID[u.ID]; dup {
			src.errorf(u.Line, "unit id %q is already a counter of catalogue %q", u.ID, cat.Name)
			continue
		}
		x.units[u.ID] = u
		x.order = append(x.order, u.ID)
	}
	sc.Setup = f.Setup
	checkSetups(src, sc, x)
	x.schedule(shared.Reinforcements, "arrives", false)
	x.schedule(own.Reinforcements, "arrives", true)
	x.schedule(shared.Withdrawals, "withdraws", false)
	x.schedule(own.Withdrawals, "withdraws", true)
	x.schedule(shared.Returns, "returns", false)
	x.schedule(own.Returns, "returns", true)
	sc.PoolSpecs = append(append([]PoolSpec(nil), shared.Pool...), own.Pool...)
	x.pools(sc.PoolSpecs)
	x.checkWithdrawals()
	sc.Reinforce = append(append([]ScheduleSpec(nil), shared.Reinforcements...), own.Reinforcements...)
	sc.Withdraw = append(append([]ScheduleSpec(nil), shared.Withdrawals...), own.Withdrawals...)
	sc.Return = append(append([]ScheduleSpec(nil), shared.Returns...), own.Returns...)
	x.finish(f.Unlisted)
	checkVictory(src, sc, f.Victory)
}

// special reads the scenario's special rules: a Lua file next to the
// scenario (or at the root of its folder).
func (ld *loader) special(src *source, sc *Scenario) {
	line := src.key("", 0, "special")
	if !strings.HasSuffix(sc.Special, ".lua") {
		src.errorf(line, "special rules %q: a special rules file is a .lua file", sc.Special)
		return
	}
	for _, p := range []string{path.Join(path.Dir(sc.File), sc.Special), sc.Special} {
		if !present(ld.fsys, p) {
			continue
		}
		data, err := readFile(ld.fsys, p, MaxLuaSize)
		if err != nil {
			src.errorf(line, "special rules %q: %s", sc.Special, why(err))
			return
		}
		sc.SpecialPath, sc.SpecialSource = p, data
		return
	}
	src.errorf(line, "special rules %q: no such file next to the scenario", sc.Special)
}

// catalog reads the unit catalogue name: from the scenario's folder if it
// has one of that name, else from the built-in data.
func (ld *loader) catalog(src *source, name string, k Kinds) *Catalog {
	line := src.key("", 0, "units")
	if err := checkName("unit catalogue", name); err != nil {
		src.errorf(line, "%v", err)
		return nil
	}
	dir := path.Join("scenarios", "units", name)
	fsys := firstWith(dir, ld.fsys)
	if fsys == nil {
		fsys = firstWith(dir+".toml", ld.fsys, ld.dataFS)
	}
	if fsys == nil {
		fsys = ld.dataFS
	}
	if fsys == nil {
		src.errorf(line, "unit catalogue %q: no data directory to read it from", name)
		return nil
	}
	cat, err := LoadCatalogWith(fsys, name, k)
	if err != nil {
		if _, ok := err.(Errors); ok {
			src.add(err)
		} else {
			src.errorf(line, "%v", err)
		}
		return nil
	}
	return cat
}

// expander turns catalogue references into the scenario's unit list.
type expander struct {
	sc     *Scenario
	cat    *Catalog
	srcOf  func(file string) *source
	start  int
	units  map[string]*UnitSpec // every unit the scenario uses, by id
	slab   []UnitSpec           // the catalogue units it uses
	order  []string
	setup  map[string]bool
	shared map[string]bool // units whose arrival the shared schedule gave
	// withdrawn are the scenario's own withdrawals (checkWithdrawals)
	withdrawn []ownWithdrawal
}

// use returns the scenario's copy of unit id, taking it from the
// catalogue the first time; nil (and an error at the line of id after
// line) if it is unknown.
func (x *expander) use(src *source, line int, id string) *UnitSpec {
	if u, ok := x.units[id]; ok {
		return u
	}
	c, ok := x.cat.Unit(id)
	if !ok {
		src.errorfAt(func() int { return src.find(line-1, `"`+id+`"`) }, "unit %q is not a counter of catalogue %q%s", id, x.cat.Name, x.suggest(src, id))
		return nil
	}
	return x.take(c)
}

// take adds the scenario's copy of catalogue unit c.
func (x *expander) take(c UnitSpec) *UnitSpec {
	if x.slab == nil {
		x.slab = make([]UnitSpec, 0, len(x.cat.Units)) // each counter is taken once: no copy moves
	}
	x.slab = append(x.slab, c)
	u := &x.slab[len(x.slab)-1]
	x.units[c.ID] = u
	x.order = append(x.order, c.ID)
	return u
}

func (x *expander) suggest(src *source, id string) string {
	if src.full() {
		return ""
	}
	ids := make([]string, len(x.cat.Units))
	for i, u := range x.cat.Units {
		ids[i] = u.ID
	}
	if near := core.NearNames(id, ids); len(near) > 0 {
		return fmt.Sprintf(" (did you mean %q?)", near[0])
	}
	return ""
}

// finish decides each unit's state at the start and fills sc.Units.
func (x *expander) finish(unlisted string) {
	sc := x.sc
	src := x.srcOf(sc.File)
	switch unlisted {
	case "", "eliminated", "absent":
	default:
		src.errorf(src.key("", 0, "unlisted"), "unlisted must be \"eliminated\" or \"absent\", not %q", unlisted)
	}
	if unlisted != "absent" {
		// GDW: Beginning Play: units neither set up nor scheduled later
		// start in the eliminated pile. Non-combat units (leaders and air
		// units) are not rebuilt: they stay out.
		for _, c := range x.cat.Units {
			if _, used := x.units[c.ID]; !used && !sc.Kinds.NonCombat[c.Kind] {
				x.take(c)
			}
		}
	}
	if len(x.order) > MaxUnits {
		src.errorf(0, "the scenario uses %d units; a scenario may have at most %d", len(x.order), MaxUnits)
		return
	}
	turn := func(s string) int {
		if s == "" {
			return -1
		}
		t, err := sc.Kinds.ParseTurn(s)
		if err != nil {
			return -1
		}
		return t
	}
	out := make([]UnitSpec, 0, len(x.order))
	for _, id := range x.order {
		u := *x.units[id]
		a, w, r := turn(u.Arrives), turn(u.Withdraws), turn(u.Returns)
		placed := u.Setup > 0 || u.Hex != ""
		if u.Held {
			out = append(out, u)
			continue
		}
		if placed || (a >= x.start) {
			// on the map at the start, or arriving later: drop what
			// happened before the start
			if w >= 0 && w < x.start {
				u.Withdraws = ""
				if r >= 0 && r < x.start {
					u.Returns = ""
				}
			}
			if r >= 0 && r < x.start {
				u.Returns = ""
			}
			if placed {
				u.Arrives = ""
			}
			if u.Arrives != "" && u.Pool == "" {
				u.Pool = sc.Kinds.ReinforcementPool(u.SideOf(), a)
			}
			out = append(out, u)
			continue
		}
		// neither set up nor arriving later
		u.Arrives = ""
		switch {
		case w >= 0 && w < x.start && (r < 0 || r >= x.start):
			u.Withdrawn = true // off the map at the start; Returns brings it back
			u.Withdraws = ""
			u.Pool = "Withdrawn"
		case sc.Kinds.NonCombat[u.Kind]:
			continue // non-combat units are not rebuilt: out of this scenario
		default:
			u.Withdraws, u.Returns = "", ""
			u.Eliminated = true
			if u.Pool == "" {
				u.Pool = "Removed"
			}
		}
		out = append(out, u)
	}
	ownValues(out)
	sc.Units = out
}

// ownValues gives the units their own copies of their strength and
// defence (the catalogue's are shared between scenarios): one block for
// all.
func ownValues(us []UnitSpec) {
	n := 0
	for _, u := range us {
		n += len(u.Strength) + len(u.Defense)
	}
	block := make([]int, 0, n)
	take := func(v []int) []int {
		if v == nil {
			return nil
		}
		block = append(block, v...)
		return block[len(block)-len(v) : len(block) : len(block)]
	}
	for i := range us {
		us[i].Strength = take(us[i].Strength)
		us[i].Defense = take(us[i].Defense)
	}
}
