package scenario

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/BurntSushi/toml"

	"gpw/core"
)

// Calendar is the eight turns of a year shared by the GDW and ADC2 rules
// (GDW: Sequence of Play). The loader checks turn names against it; the
// game checks them again against the rules' own calendar.
var Calendar = []string{"Jan/Feb", "Mar/Apr", "May", "Jun", "Jul", "Aug", "Sep/Oct", "Nov/Dec"}

// ParseTurn reads a turn name such as "Sep/Oct 1941" into year*8+slot.
func ParseTurn(s string) (int, error) { return ParseTurnIn(s, Calendar) }

// ParseTurnIn reads a turn name against a calendar of month names:
// year*len(months)+slot.
func ParseTurnIn(s string, months []string) (int, error) {
	s = strings.TrimSpace(s)
	i := strings.LastIndexByte(s, ' ')
	if i < 0 {
		return 0, fmt.Errorf("turn %q: expected a month and a year, such as \"Jul 1941\"", s)
	}
	year, err := strconv.Atoi(s[i+1:])
	if err != nil || year < 1900 || year > 2100 {
		return 0, fmt.Errorf("turn %q: %q is not a year", s, s[i+1:])
	}
	for k, m := range months {
		if strings.EqualFold(m, s[:i]) {
			return year*len(months) + k, nil
		}
	}
	return 0, fmt.Errorf("turn %q: %q is not a turn of the calendar (%s)", s, s[:i], strings.Join(months, ", "))
}

// TurnName prints a turn index.
func TurnName(t int) string {
	return fmt.Sprintf("%s %d", Calendar[t%len(Calendar)], t/len(Calendar))
}

// SetupSpec is a [[setup]] table: units placed at the start. With hex,
// hexes or city the units stand there; otherwise each player places them
// in the setup step (place UNIT HEX) within the area the keys describe,
// all of which must hold: region, country, near+radius, front (depth), and
// always a land hex the side controls (GDW: Beginning Play).
type SetupSpec struct {
	Name    string   `toml:"name"` // the force pool's name (ADC2); region or country by default
	Side    string   `toml:"side"`
	Region  string   `toml:"region"`
	Country string   `toml:"country"`
	Near    string   `toml:"near"`   // a city name or hex id
	Radius  int      `toml:"radius"` // hexes from near
	Front   int      `toml:"front"`  // hexes from the [front] line (its depth)
	Hex     string   `toml:"hex"`
	Hexes   []string `toml:"hexes"` // one per unit, in order
	City    string   `toml:"city"`
	Units   []string `toml:"units"`
	Reduced []string `toml:"reduced"` // units of this table that start at half strength

	Line  int         `toml:"-"`
	File  string      `toml:"-"`
	Area  core.Bitset `toml:"-"` // where its units may be placed (nil for fixed hexes)
	SideV core.Side   `toml:"-"`
}

// Bound reports whether the units of this table are placed in the setup step.
func (s *SetupSpec) Bound() bool { return s.Area != nil }

// ScheduleSpec is a [[reinforcements]], [[withdrawals]] or [[returns]]
// table: the units named, in the turn named.
type ScheduleSpec struct {
	Turn  string   `toml:"turn"`
	Side  string   `toml:"side"`
	Pool  string   `toml:"pool"` // force pool name (ADC2); e.g. AxisAug41 by default
	Units []string `toml:"units"`
	Line  int      `toml:"-"`
	File  string   `toml:"-"`
}

// PoolSpec is a [[pool]] table: an ADC2 force pool not made of setup or
// reinforcements: kind "conversion" (Soviet Guards and Shock armies
// available from turn), "available" (AvailableToBuild: into the Removed
// pool on turn), "garrison" (Axis, from turn once the Balkan Garrison is
// active), "defection" (Soviet allies entering when their country
// defects), "removed" (the eliminated pile at the start).
type PoolSpec struct {
	Name  string   `toml:"name"`
	Kind  string   `toml:"kind"`
	Side  string   `toml:"side"`
	Turn  string   `toml:"turn"`
	Units []string `toml:"units"`
	Line  int      `toml:"-"`
	File  string   `toml:"-"`
}

// NonStacking are the kinds that do not take a hex of their own: the
// non-combat kinds of rules/base.lua (R.noncombat). The loader uses it only
// to count the room a setup area needs; the game asks the rules.
var NonStacking = map[string]bool{"leader": true, "air": true}

// PoolKinds are the kinds a [[pool]] may have.
var PoolKinds = []string{"conversion", "available", "garrison", "defection", "removed"}

// VictorySpec is the [victory] table: the text shown to players and the
// conditions as data.
type VictorySpec struct {
	Text      string          `toml:"text"`
	Default   string          `toml:"default"` // the side that wins when no condition holds at the end ("" for a draw)
	Condition []VictoryCondit `toml:"condition"`
}

// VictoryCondit is a [[victory.condition]]: side wins (result) when it
// holds every city listed at the moment named.
type VictoryCondit struct {
	Side   string   `toml:"side"`
	When   string   `toml:"when"`   // "end" (of the last turn), "axis-turn", "soviet-turn" (the end of that player turn)
	Hold   string   `toml:"hold"`   // "occupy" (a combat unit in the hex) or "control" (default)
	Cities []string `toml:"cities"` // all of these
	Count  int      `toml:"count"`  // or at least this many of them (0: all)
	// Require lists cities that must all be held as well (with count:
	// "Minsk and two of Vilnius, Lvov, ...").
	Require []string `toml:"require"`
	Result  string   `toml:"result"` // "win" (the game ends), "decisive", "marginal"
	Line    int      `toml:"-"`
}

// FrontSpec is the [front] table: the line of contact as places the Soviet
// side holds, north to south (city names or hex ids). The line runs
// straight between them and on from its ends to the map's north and south
// edges (stopping at water when extend_to_water is set). Every land hex
// the Axis edge reaches without crossing the line or water becomes Axis
// controlled, every other land hex Soviet (neutral hexes stay neutral).
type FrontSpec struct {
	Places []string `toml:"places"`
	// StopAtWater ends each extension at the first water hex.
	StopAtWater bool `toml:"stop_at_water"`
	// AxisAreas are places the Axis holds that its edge cannot reach over
	// land (Finland): the land around them joins the Axis side too.
	AxisAreas []string `toml:"axis_areas"`
	// AxisHexes and SovietHexes set the control of single hexes after the
	// line: pockets and bridgeheads (Sevastopol in Jun 1942).
	AxisHexes   []string `toml:"axis_hexes"`
	SovietHexes []string `toml:"soviet_hexes"`

	Hexes core.Bitset `toml:"-"` // the line's hexes
	Dist  []int       `toml:"-"` // each hex's distance in hexes from the line over land, -1 unreachable
}

type scheduleFile struct {
	FormatVersion  int            `toml:"format_version"`
	Name           string         `toml:"name"`
	Units          string         `toml:"units"` // the catalogue its ids come from
	Description    string         `toml:"description"`
	Reinforcements []ScheduleSpec `toml:"reinforcements"`
	Withdrawals    []ScheduleSpec `toml:"withdrawals"`
	Returns        []ScheduleSpec `toml:"returns"`
	Replacements   []Replacements `toml:"replacements"`
	Pool           []PoolSpec     `toml:"pool"`
}

// findFile looks for name in fsys, then in the built-in data.
func findFile(name string, fss ...fs.FS) (fs.FS, bool) {
	for _, f := range fss {
		if f == nil {
			continue
		}
		if _, err := fs.Stat(f, name); err == nil {
			return f, true
		}
	}
	return nil, false
}

// extend reads the catalogue-format keys of f into sc.
func extend(src *source, sc *Scenario, f *fileSpec, fsys, dataFS fs.FS) {
	sc.Description, sc.Variants, sc.Catalog, sc.Special = f.Description, f.Variants, f.Units, f.Special
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
	if sc.Special != "" {
		p := path.Join(path.Dir(sc.File), sc.Special)
		if _, ok := findFile(p, fsys); ok {
			sc.SpecialPath = p
		} else if _, ok := findFile(sc.Special, fsys); ok {
			sc.SpecialPath = sc.Special
		} else {
			src.errorf(src.key("", 0, "special"), "special rules %q: no such file next to the scenario", sc.Special)
		}
		if sc.SpecialPath != "" {
			sc.SpecialSource, _ = fs.ReadFile(fsys, sc.SpecialPath)
		}
	}
	start, err := ParseTurn(sc.Start)
	if err != nil {
		src.errorf(src.key("", 0, "start"), "start: %v", err)
		return
	}
	if sc.End != "" {
		if end, err := ParseTurn(sc.End); err != nil {
			src.errorf(src.key("", 0, "end"), "end: %v", err)
		} else if end < start {
			src.errorf(src.key("", 0, "end"), "end (%s) comes before start (%s)", sc.End, sc.Start)
		}
	}
	for i := range f.Setup {
		f.Setup[i].Line, f.Setup[i].File = src.header("setup", i)+1, sc.File
	}
	for _, t := range []struct {
		name string
		s    []ScheduleSpec
	}{{"reinforcements", f.Reinforcements}, {"withdrawals", f.Withdrawals}, {"returns", f.Returns}} {
		for i := range t.s {
			t.s[i].Line, t.s[i].File = src.header(t.name, i)+1, sc.File
		}
	}
	for i := range f.Pool {
		f.Pool[i].Line, f.Pool[i].File = src.header("pool", i)+1, sc.File
	}
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
		checkRepl(src, rp)
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
	catFS := fsys
	if _, ok := findFile(path.Join("scenarios", "units", f.Units), fsys); !ok {
		if _, ok := findFile(path.Join("scenarios", "units", f.Units+".toml"), fsys); !ok {
			catFS = dataFS
		}
	}
	if catFS == nil {
		src.errorf(src.key("", 0, "units"), "unit catalogue %q: no data directory to read it from", f.Units)
		return
	}
	cat, err := LoadCatalog(catFS, f.Units)
	if err != nil {
		if es, ok := err.(Errors); ok {
			src.errs = append(src.errs, es...)
		} else {
			src.errorf(src.key("", 0, "units"), "%v", err)
		}
		return
	}
	var shared scheduleFile
	var ssrcs []*source
	for _, name := range sc.Schedule {
		file := path.Join("scenarios", "schedules", name+".toml")
		sfs, ok := findFile(file, fsys, dataFS)
		if !ok {
			src.errorf(src.key("", 0, "schedule"), "schedule %q: no file %s", name, file)
			return
		}
		data, _ := fs.ReadFile(sfs, file)
		var one scheduleFile
		md, err := toml.Decode(string(data), &one)
		if err != nil {
			src.errs = append(src.errs, tomlError(file, err).(Errors)...)
			return
		}
		ssrc := newSource(file, data)
		ssrcs = append(ssrcs, ssrc)
		undecoded(ssrc, md, "")
		if one.Units != "" && one.Units != f.Units {
			ssrc.errorf(ssrc.key("", 0, "units"), "schedule %s is for unit catalogue %q, the scenario uses %q", name, one.Units, f.Units)
		}
		if one.FormatVersion != FormatVersion {
			ssrc.errorf(ssrc.key("", 0, "format_version"), "format_version is %d; this gpw reads schedule format %d", one.FormatVersion, FormatVersion)
		}
		for _, t := range []struct {
			name string
			s    []ScheduleSpec
		}{{"reinforcements", one.Reinforcements}, {"withdrawals", one.Withdrawals}, {"returns", one.Returns}} {
			for i := range t.s {
				t.s[i].Line, t.s[i].File = ssrc.header(t.name, i)+1, file
			}
		}
		for i := range one.Replacements {
			one.Replacements[i].Line, one.Replacements[i].File = ssrc.header("replacements", i)+1, file
			checkRepl(ssrc, one.Replacements[i])
		}
		for i := range one.Pool {
			one.Pool[i].Line, one.Pool[i].File = ssrc.header("pool", i)+1, file
		}
		shared.Reinforcements = append(shared.Reinforcements, one.Reinforcements...)
		shared.Withdrawals = append(shared.Withdrawals, one.Withdrawals...)
		shared.Returns = append(shared.Returns, one.Returns...)
		shared.Replacements = append(shared.Replacements, one.Replacements...)
		shared.Pool = append(shared.Pool, one.Pool...)
	}
	// the shared schedules first, so that the scenario's own entries win
	sc.Repl = append(append([]Replacements(nil), shared.Replacements...), sc.Repl...)
	srcOf := func(file string) *source {
		for _, s := range ssrcs {
			if file == s.file {
				return s
			}
		}
		return src
	}
	x := &expander{sc: sc, cat: cat, srcOf: srcOf, start: start, units: map[string]*UnitSpec{}, origin: map[string]string{}}
	// inline [[unit]] tables: extra counters of this scenario
	for i := range sc.Units {
		u := &sc.Units[i]
		if _, dup := cat.byID[u.ID]; dup {
			src.errorf(u.Line, "unit id %q is already a counter of catalogue %q", u.ID, cat.Name)
			continue
		}
		x.units[u.ID] = u
		x.order = append(x.order, u.ID)
		x.origin[u.ID] = fmt.Sprintf("[[unit]] at line %d", u.Line)
	}
	sc.Setup = f.Setup
	checkSetups(src, sc, x)
	x.schedule(shared.Reinforcements, "arrives", false)
	x.schedule(f.Reinforcements, "arrives", true)
	x.schedule(shared.Withdrawals, "withdraws", false)
	x.schedule(f.Withdrawals, "withdraws", true)
	x.schedule(shared.Returns, "returns", false)
	x.schedule(f.Returns, "returns", true)
	x.pools(append(append([]PoolSpec(nil), shared.Pool...), f.Pool...))
	sc.Reinforce = append(append([]ScheduleSpec(nil), shared.Reinforcements...), f.Reinforcements...)
	sc.Withdraw = append(append([]ScheduleSpec(nil), shared.Withdrawals...), f.Withdrawals...)
	sc.Return = append(append([]ScheduleSpec(nil), shared.Returns...), f.Returns...)
	sc.PoolSpecs = append(append([]PoolSpec(nil), shared.Pool...), f.Pool...)
	x.finish(f.Unlisted)
	checkVictory(src, sc, f.Victory)
	for _, s := range ssrcs {
		src.errs = append(src.errs, s.errs...)
	}
}

func checkRepl(src *source, rp Replacements) {
	switch {
	case rp.Turn != "" && rp.Year != 0:
		src.errorf(rp.Line, "replacements: give turn or year, not both")
	case rp.Turn != "":
		if _, err := ParseTurn(rp.Turn); err != nil {
			src.errorf(rp.Line, "replacements: %v", err)
		}
	case rp.Year < 1900 || rp.Year > 2100:
		src.errorf(rp.Line, "replacements: give a turn (turn = \"Jul 1941\") or a year (year = 1942)")
	}
	if rp.Axis < 0 || rp.Soviet < 0 {
		src.errorf(rp.Line, "replacements: points must not be negative")
	}
}

// expander turns catalogue references into the scenario's unit list.
type expander struct {
	sc     *Scenario
	cat    *Catalog
	srcOf  func(file string) *source
	start  int
	units  map[string]*UnitSpec // every unit the scenario uses, by id
	order  []string
	origin map[string]string // how each unit entered the scenario
	setup  map[string]bool
	shared map[string]bool // units whose arrival the shared schedule gave
}

// use returns the scenario's copy of unit id, taking it from the
// catalogue the first time; nil (and an error at line) if it is unknown.
func (x *expander) use(src *source, line int, id string) *UnitSpec {
	if u, ok := x.units[id]; ok {
		return u
	}
	c, ok := x.cat.Unit(id)
	if !ok {
		src.errorf(src.find(line-1, `"`+id+`"`), "unit %q is not a counter of catalogue %q%s", id, x.cat.Name, x.suggest(id))
		return nil
	}
	x.units[id] = &c
	x.order = append(x.order, id)
	return &c
}

func (x *expander) suggest(id string) string {
	best, bd := "", 4
	for _, u := range x.cat.Units {
		if d := editDistance(id, u.ID); d < bd {
			best, bd = u.ID, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// schedule applies reinforcements, withdrawals or returns. own marks the
// scenario's own tables (which win over the shared schedule).
func (x *expander) schedule(list []ScheduleSpec, what string, own bool) {
	seen := map[string]string{}
	for _, e := range list {
		src := x.srcOf(e.File)
		t, err := ParseTurn(e.Turn)
		if err != nil {
			src.errorf(e.Line, "%s: %v", what, err)
			continue
		}
		var side core.Side = core.NoSide
		if e.Side != "" {
			if side, err = core.ParseSide(e.Side); err != nil {
				src.errorf(src.key("", 0, "side"), "%v", err)
			}
		}
		for _, id := range e.Units {
			line := src.find(e.Line-1, `"`+id+`"`)
			if prev, dup := seen[id]; dup {
				src.errorf(line, "unit %s %s twice in this file (also %s)", id, what, prev)
				continue
			}
			seen[id] = fmt.Sprintf("%s at line %d", e.Turn, line)
			if x.setup[id] && what == "arrives" {
				if own {
					src.errorf(line, "unit %s is both set up and a reinforcement: each unit is placed once", id)
				}
				continue // a shared arrival of a unit this scenario sets up
			}
			u := x.use(src, e.Line, id)
			if u == nil {
				continue
			}
			if side != core.NoSide && u.SideOf() != side {
				src.errorf(line, "unit %s is %s, not %s", id, u.Side, side)
			}
			switch what {
			case "arrives":
				u.Arrives = e.Turn
				u.Pool = e.Pool // a named pool, or AxisJul41 and the like (finish)
				if !own {
					if x.shared == nil {
						x.shared = map[string]bool{}
					}
					x.shared[id] = true
				}
			case "withdraws":
				u.Withdraws = e.Turn
			case "returns":
				u.Returns = e.Turn
			}
			_ = t
		}
	}
}

func (x *expander) pools(list []PoolSpec) {
	for _, p := range list {
		src := x.srcOf(p.File)
		ok := false
		for _, k := range PoolKinds {
			ok = ok || k == p.Kind
		}
		if !ok {
			src.errorf(p.Line, "pool %s: kind %q is not one of %s", p.Name, p.Kind, strings.Join(PoolKinds, ", "))
			continue
		}
		if p.Name == "" {
			src.errorf(p.Line, "pool has no name")
		}
		if p.Turn != "" {
			if _, err := ParseTurn(p.Turn); err != nil {
				src.errorf(p.Line, "pool %s: %v", p.Name, err)
			}
		} else if p.Kind == "conversion" || p.Kind == "available" {
			src.errorf(p.Line, "pool %s: a %s pool needs a turn", p.Name, p.Kind)
		}
		for _, id := range p.Units {
			line := src.find(p.Line-1, `"`+id+`"`)
			u := x.use(src, p.Line, id)
			if u == nil {
				continue
			}
			if u.Arrives != "" && x.shared[id] && p.File == x.sc.File {
				u.Arrives = "" // the scenario's own pool wins over the shared schedule
			}
			if x.setup[id] || u.Arrives != "" || u.Pool != "" {
				src.errorf(line, "unit %s is already placed (%s): each unit is placed once", id, x.where(u))
				continue
			}
			u.Pool = p.Name
			u.Held = p.Kind != "removed"
			if p.Kind == "removed" {
				u.Eliminated = true
			}
		}
	}
}

func (x *expander) where(u *UnitSpec) string {
	switch {
	case u.Setup > 0 || u.Hex != "":
		return "set up"
	case u.Arrives != "":
		return "arrives " + u.Arrives
	case u.Pool != "":
		return "in pool " + u.Pool
	}
	return "listed"
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
		// start in the eliminated pile. Leaders and air units are not
		// rebuilt: they stay out.
		for _, c := range x.cat.Units {
			if _, used := x.units[c.ID]; !used && c.Kind != "leader" && c.Kind != "air" {
				c := c
				x.units[c.ID] = &c
				x.order = append(x.order, c.ID)
			}
		}
	}
	turn := func(s string) int {
		if s == "" {
			return -1
		}
		t, err := ParseTurn(s)
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
				u.Pool = ReinforcementPool(u.SideOf(), a)
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
		case NonStacking[u.Kind]:
			continue // leaders and air units are not rebuilt: out of this scenario
		default:
			u.Withdraws, u.Returns = "", ""
			if w >= x.start {
				u.Withdraws = "" // it is not on the map to be withdrawn
			}
			u.Eliminated = true
			if u.Pool == "" {
				u.Pool = "Removed"
			}
		}
		out = append(out, u)
	}
	sc.Units = out
}

// ReinforcementPool names the ADC2 force pool of side's reinforcements in
// turn t, e.g. "AxisAug41" or "SovietSepOct43".
func ReinforcementPool(side core.Side, t int) string {
	m := strings.ReplaceAll(Calendar[t%len(Calendar)], "/", "")
	s := side.String()
	return strings.ToUpper(s[:1]) + s[1:] + m + fmt.Sprintf("%02d", (t/len(Calendar))%100)
}

// checkSetups resolves every [[setup]] table: its side, its area or fixed
// hexes, and that each unit is placed once.
func checkSetups(src *source, sc *Scenario, x *expander) {
	m := sc.Map
	if x != nil {
		x.setup = map[string]bool{}
	}
	fixed := core.NewBitset(m.Len())
	for i := range sc.Setup {
		g := &sc.Setup[i]
		if x == nil {
			src.errorf(g.Line, "setup needs a unit catalogue: add units = \"gdw\"")
			return
		}
		side := core.NoSide
		if g.Side != "" {
			s, err := core.ParseSide(g.Side)
			if err != nil {
				src.errorf(src.find(g.Line-1, "side"), "setup: %v", err)
			}
			side = s
		}
		if len(g.Units) == 0 {
			src.errorf(g.Line, "setup lists no units")
			continue
		}
		var us []*UnitSpec
		for _, id := range g.Units {
			line := src.find(g.Line-1, `"`+id+`"`)
			if x.setup[id] {
				src.errorf(line, "unit %s is set up twice: each unit is placed once", id)
				continue
			}
			u := x.use(src, g.Line, id)
			if u == nil {
				continue
			}
			x.setup[id] = true
			if side == core.NoSide {
				side = u.SideOf()
			}
			if u.SideOf() != side {
				src.errorf(line, "unit %s is %s; this setup is for the %s side", id, u.Side, side)
			}
			us = append(us, u)
		}
		g.SideV = side
		for _, id := range g.Reduced {
			found := false
			for _, u := range us {
				if u.ID == id {
					u.Reduced, found = true, true
				}
			}
			if !found {
				src.errorf(src.find(g.Line-1, `"`+id+`"`), "reduced: %s is not one of this setup's units", id)
			}
		}
		hexOf := func(ref string) int {
			h, err := PlaceHex(m, ref)
			if err != nil {
				src.errorf(src.find(g.Line-1, `"`+ref+`"`), "setup: %v", err)
				return -1
			}
			return h
		}
		var hexes []string
		switch {
		case g.Hex != "":
			hexes = []string{g.Hex}
		case g.City != "":
			hexes = []string{g.City}
		case len(g.Hexes) > 0:
			hexes = g.Hexes
		}
		if hexes != nil {
			if len(hexes) != len(us) {
				src.errorf(g.Line, "setup gives %d hex(es) for %d unit(s): one each", len(hexes), len(us))
				continue
			}
			for k, ref := range hexes {
				h := hexOf(ref)
				if h < 0 {
					continue
				}
				if m.Terrain[h].Water() {
					src.errorf(src.find(g.Line-1, `"`+ref+`"`), "setup: %s is a %s hex", ref, m.Terrain[h])
					continue
				}
				if fixed.Has(h) {
					src.errorf(src.find(g.Line-1, `"`+ref+`"`), "setup: two units are set up in %s", m.ID(h))
				}
				fixed.Set(h)
				us[k].Hex = m.ID(h)
			}
			continue
		}
		area := core.NewBitset(m.Len())
		for h := 0; h < m.Len(); h++ {
			if m.OnMap[h] && !m.Terrain[h].Water() && m.Control[h] == side {
				area.Set(h)
			}
		}
		and := func(keep func(h int) bool) {
			for h := 0; h < m.Len(); h++ {
				if area.Has(h) && !keep(h) {
					area.Unset(h)
				}
			}
		}
		if g.Region != "" {
			if r, ok := m.Region(g.Region); ok {
				and(r.Hexes.Has)
			} else {
				var names []string
				for _, r := range m.Regions {
					names = append(names, r.Name)
				}
				src.errorf(src.find(g.Line-1, "region"), "setup: map %s has no region %q (regions: %s)", m.Name, g.Region, strings.Join(names, ", "))
				continue
			}
		}
		if g.Country != "" {
			found := false
			for _, c := range m.Countries {
				found = found || strings.EqualFold(c, g.Country)
			}
			if !found {
				src.errorf(src.find(g.Line-1, "country"), "setup: map %s has no country %q (countries: %s)", m.Name, g.Country, strings.Join(m.Countries, ", "))
				continue
			}
			and(func(h int) bool { return strings.EqualFold(m.CountryOf(h), g.Country) })
		}
		if g.Near != "" {
			c := hexOf(g.Near)
			if c < 0 {
				continue
			}
			and(func(h int) bool { return m.Distance(h, c) <= g.Radius })
		}
		if g.Front > 0 {
			if sc.Front == nil || sc.Front.Dist == nil {
				src.errorf(src.find(g.Line-1, "front"), "setup: front = %d needs a [front] table", g.Front)
				continue
			}
			d := sc.Front.Dist
			if side == core.Soviet {
				and(func(h int) bool { return d[h] >= 0 && d[h] < g.Front })
			} else {
				and(func(h int) bool { return d[h] >= 1 && d[h] <= g.Front })
			}
		}
		for _, u := range us {
			u.Setup = i + 1
			u.Pool = g.PoolName()
		}
		g.Area = area
	}
	// enough room for every table's units, fixed hexes taken out
	for i := range sc.Setup {
		g := &sc.Setup[i]
		if g.Area == nil {
			continue
		}
		free := 0
		g.Area.Each(func(h int) {
			if !fixed.Has(h) {
				free++
			}
		})
		stacking := 0
		for _, id := range g.Units {
			if u, ok := x.units[id]; ok && !NonStacking[u.Kind] {
				stacking++
			}
		}
		if free < stacking {
			src.errorf(g.Line, "setup %s: %d combat units but only %d free hexes in its area", g.PoolName(), stacking, free)
		}
	}
}

// PoolName is the force pool a setup table stands for (ADC2: Game Setup).
func (g *SetupSpec) PoolName() string {
	switch {
	case g.Name != "":
		return g.Name
	case g.Region != "":
		return g.Region
	case g.Country != "":
		return g.Country
	case g.Near != "":
		return "near " + g.Near
	case g.Front > 0:
		return g.SideV.String() + " front"
	}
	return g.SideV.String() + " setup"
}

func checkVictory(src *source, sc *Scenario, v VictorySpec) {
	sc.Victory = v
	for _, c := range v.Condition {
		if _, err := core.ParseSide(c.Side); err != nil {
			src.errorf(c.Line, "victory: %v", err)
		}
		switch c.When {
		case "", "end", "axis-turn", "soviet-turn":
		default:
			src.errorf(c.Line, "victory: when must be end, axis-turn or soviet-turn, not %q", c.When)
		}
		switch c.Hold {
		case "", "control", "occupy":
		default:
			src.errorf(c.Line, "victory: hold must be control or occupy, not %q", c.Hold)
		}
		if len(c.Cities) == 0 {
			src.errorf(c.Line, "victory: a condition lists the cities to hold")
		}
		for _, name := range append(append([]string(nil), c.Cities...), c.Require...) {
			if _, ok := sc.Map.FindCity(name); !ok {
				src.errorf(src.find(c.Line-1, `"`+name+`"`), "victory: map %s has no city %q", sc.Map.Name, name)
			}
		}
		if c.Count > len(c.Cities) {
			src.errorf(c.Line, "victory: count %d is more than the %d cities listed", c.Count, len(c.Cities))
		}
	}
}

// buildFront draws the [front] line and sets control on both sides of it.
func buildFront(src *source, sc *Scenario) {
	m, f := sc.Map, sc.Front
	line := src.find(0, "[front]")
	if len(f.Places) < 2 {
		src.errorf(line, "front: give at least two places, north to south")
		return
	}
	var pts []int
	for _, p := range f.Places {
		h, err := PlaceHex(m, p)
		if err != nil {
			src.errorf(src.find(line-1, `"`+p+`"`), "front: %v", err)
			return
		}
		pts = append(pts, h)
	}
	f.Hexes = core.NewBitset(m.Len())
	add := func(h int) { f.Hexes.Set(h) }
	for i := 0; i+1 < len(pts); i++ {
		for _, hx := range m.Hex(pts[i]).Line(m.Hex(pts[i+1])) {
			if h := m.Index(hx); h >= 0 {
				add(h)
			}
		}
	}
	extendLine := func(h int, d core.Dir) {
		for {
			n := int(m.Nbr[h][d])
			if n < 0 || (f.StopAtWater && m.Terrain[n].Water()) {
				return
			}
			add(n)
			h = n
		}
	}
	extendLine(pts[0], core.N)
	extendLine(pts[len(pts)-1], core.S)
	// the Axis side: what the Axis edge reaches over land without crossing
	// the line, water or a lake/sea hexside
	axis := core.NewBitset(m.Len())
	var queue []int
	for _, h := range m.Edge[core.Axis] {
		if !f.Hexes.Has(h) && !m.Terrain[h].Water() {
			axis.Set(h)
			queue = append(queue, h)
		}
	}
	for _, p := range f.AxisAreas {
		h, err := PlaceHex(m, p)
		if err != nil {
			src.errorf(src.find(line-1, `"`+p+`"`), "front: axis_areas: %v", err)
			continue
		}
		if !f.Hexes.Has(h) && !axis.Has(h) {
			axis.Set(h)
			queue = append(queue, h)
		}
	}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for d := core.N; d <= core.NW; d++ {
			n := int(m.Nbr[h][d])
			if n < 0 || axis.Has(n) || f.Hexes.Has(n) || m.Terrain[n].Water() || m.WaterSide[h]&(1<<d) != 0 {
				continue
			}
			axis.Set(n)
			queue = append(queue, n)
		}
	}
	for _, h := range m.Edge[core.Soviet] {
		if axis.Has(h) {
			src.errorf(line, "front: the line does not divide the map: the Axis side reaches the Soviet edge at %s", m.ID(h))
			return
		}
	}
	for h := 0; h < m.Len(); h++ {
		if !m.OnMap[h] || m.Terrain[h].Water() || m.Control[h] == core.NoSide {
			continue
		}
		if axis.Has(h) {
			m.Control[h] = core.Axis
		} else {
			m.Control[h] = core.Soviet
		}
	}
	for _, t := range []struct {
		key  string
		refs []string
		side core.Side
	}{{"axis_hexes", f.AxisHexes, core.Axis}, {"soviet_hexes", f.SovietHexes, core.Soviet}} {
		for _, p := range t.refs {
			h, err := PlaceHex(m, p)
			if err != nil {
				src.errorf(src.find(line-1, `"`+p+`"`), "front: %s: %v", t.key, err)
				continue
			}
			m.Control[h] = t.side
		}
	}
	// distance from the line over land
	f.Dist = make([]int, m.Len())
	for i := range f.Dist {
		f.Dist[i] = -1
	}
	queue = queue[:0]
	f.Hexes.Each(func(h int) {
		if !m.Terrain[h].Water() {
			f.Dist[h] = 0
			queue = append(queue, h)
		}
	})
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for d := core.N; d <= core.NW; d++ {
			n := int(m.Nbr[h][d])
			if n < 0 || f.Dist[n] >= 0 || m.Terrain[n].Water() {
				continue
			}
			f.Dist[n] = f.Dist[h] + 1
			queue = append(queue, n)
		}
	}
}

// Pool is a named force pool (ADC2) and the units in it at the start or
// due in it.
type Pool struct {
	Name  string
	Kind  string // setup, reinforcement, withdrawn, returns, removed, conversion, available, garrison, defection
	Side  core.Side
	Turn  string // for pools tied to a turn
	Units []string
}

// Pools lists the scenario's force pools in the ADC2 sense: the setup
// pools, a reinforcement pool per side and turn, the Withdrawn pool (units
// withdrawn before the start that return), the Removed pool (the
// eliminated pile) and the [[pool]] tables.
func (sc *Scenario) Pools() []Pool {
	var out []Pool
	idx := map[string]int{}
	add := func(name, kind string, side core.Side, turn, id string) {
		key := side.String() + "/" + name
		k, ok := idx[key]
		if !ok {
			k = len(out)
			idx[key] = k
			out = append(out, Pool{Name: name, Kind: kind, Side: side, Turn: turn})
		}
		out[k].Units = append(out[k].Units, id)
	}
	for i := range sc.Setup {
		g := &sc.Setup[i]
		for _, id := range g.Units {
			add(g.PoolName(), "setup", g.SideV, sc.Start, id)
		}
	}
	held := map[string]string{}
	for _, p := range sc.PoolSpecs {
		for _, id := range p.Units {
			held[id] = p.Kind
		}
	}
	var arrivals []UnitSpec
	for _, u := range sc.Units {
		switch {
		case u.Held:
			// listed below from the [[pool]] tables, in their order
		case u.Arrives != "":
			arrivals = append(arrivals, u)
		case u.Withdrawn:
			add("Withdrawn", "withdrawn", u.SideOf(), "", u.ID)
		case u.Eliminated:
			add("Removed", "removed", u.SideOf(), "", u.ID)
		}
	}
	sort.SliceStable(arrivals, func(i, j int) bool {
		a, _ := ParseTurn(arrivals[i].Arrives)
		b, _ := ParseTurn(arrivals[j].Arrives)
		return a < b
	})
	for _, u := range arrivals {
		t, _ := ParseTurn(u.Arrives)
		add(u.Pool, "reinforcement", u.SideOf(), TurnName(t), u.ID)
	}
	for _, p := range sc.PoolSpecs {
		side := core.NoSide
		for _, id := range p.Units {
			for _, u := range sc.Units {
				if u.ID == id && u.Held {
					side = u.SideOf()
					add(p.Name, p.Kind, side, p.Turn, id)
				}
			}
		}
	}
	return out
}

// PlaceHex finds a place: a city name ("Kursk"), a hex id ("A-1203"), or
// either followed by @DIR:N, N hexes from it in direction DIR (N, NE, SE,
// S, SW, NW), e.g. "Kursk@NW:2".
func PlaceHex(m *core.Map, ref string) (int, error) {
	base, off, hasOff := strings.Cut(ref, "@")
	h := -1
	if c, ok := m.FindCity(base); ok {
		h = c.Hex
	} else if i, err := m.ParseHex(base); err == nil {
		h = i
	} else {
		return -1, fmt.Errorf("%q is neither a city of map %s nor a hex", base, m.Name)
	}
	if !hasOff {
		return h, nil
	}
	ds, ns, _ := strings.Cut(off, ":")
	n := 1
	if ns != "" {
		v, err := strconv.Atoi(ns)
		if err != nil || v < 0 {
			return -1, fmt.Errorf("%q: %q is not a number of hexes", ref, ns)
		}
		n = v
	}
	d := -1
	for k := core.N; k <= core.NW; k++ {
		if strings.EqualFold(k.String(), ds) {
			d = int(k)
		}
	}
	if d < 0 {
		return -1, fmt.Errorf("%q: %q is not a direction (N, NE, SE, S, SW, NW)", ref, ds)
	}
	for i := 0; i < n; i++ {
		next := int(m.Nbr[h][d])
		if next < 0 {
			return -1, fmt.Errorf("%q runs off the map", ref)
		}
		h = next
	}
	return h, nil
}

// CheckFile validates a data file that is not a scenario: a unit
// catalogue file, a schedule (against the catalogue its units key names)
// or a map. It returns the file's kind; for "scenario" it checks nothing
// (load it with Load and start a game to check it). dataFS holds the
// built-in catalogues.
func CheckFile(fsys fs.FS, file string, dataFS fs.FS) (string, error) {
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return "", err
	}
	kind := FileKind(data)
	switch kind {
	case "units":
		return kind, CheckCatalogFile(fsys, file)
	case "map":
		_, err := LoadMapFile(fsys, file)
		return kind, err
	case "schedule":
		return kind, checkScheduleFile(fsys, file, data, dataFS)
	}
	return kind, nil
}

// checkScheduleFile reads a schedule through a stand-in scenario that
// starts before every turn it names.
func checkScheduleFile(fsys fs.FS, file string, data []byte, dataFS fs.FS) error {
	var head struct {
		Units string `toml:"units"`
	}
	_, _ = toml.Decode(string(data), &head)
	if head.Units == "" {
		return Errors{{File: file, Line: 1, Msg: "a schedule file names its unit catalogue: units = \"gdw\""}}
	}
	const name = "scenarios/schedules/zz-check.toml"
	over := overlayFS{extra: map[string][]byte{name: data}, fss: []fs.FS{fsys, dataFS}}
	sc := fmt.Sprintf("name = \"check\"\nstart = \"Jan/Feb 1900\"\nunits = %q\nschedule = \"zz-check\"\nunlisted = \"absent\"\n[map]\nsheet = \"A\"\ncols = 1\nrows = 1\n", head.Units)
	_, err := parse("check.toml", []byte(sc), over, over)
	if es, ok := err.(Errors); ok {
		var out Errors
		for _, e := range es {
			if e.File == name {
				e.File = file
				out = append(out, e)
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	}
	return err
}

// overlayFS serves extra files first, then each of fss in turn.
type overlayFS struct {
	extra map[string][]byte
	fss   []fs.FS
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if b, ok := o.extra[name]; ok {
		return fstest.MapFS{name: {Data: b}}.Open(name)
	}
	for _, f := range o.fss {
		if f == nil {
			continue
		}
		if h, err := f.Open(name); err == nil {
			return h, nil
		}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}
