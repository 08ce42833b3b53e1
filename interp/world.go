package interp

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"gpw/core"
)

// World is the game as rules modules may read and change it: a generic
// interface so that variants and house rules need no Go of their own. The
// engine's Game implements it; test hosts need not. Units and hexes are
// indices here; the gpw functions turn Lua's ids into them.
type World interface {
	Host
	// Position is the game's position: map, units, ZOC, control.
	Position() *core.State
	// UnitInfoAt describes unit k as hooks see it.
	UnitInfoAt(k int) UnitInfo
	// UnitsAt lists the units on hex h, the combat unit first.
	UnitsAt(h int) []int
	// Store is what the rules keep about the game.
	Store() *Store
	SetReduced(k int, reduced bool) error
	Relocate(k, h int) error
	// Remove takes unit k off the map: eliminated, withdrawn, removed or
	// pending.
	Remove(k int, status core.Status) error
	Place(k, h int) error
	// Emit prints an event; fields are key, value pairs in order. It fails
	// past a command's limit of events.
	Emit(kind, text string, fields [][2]any) error
	Points(side core.Side) int
	SetPoints(side core.Side, n int)
	PhaseID() string
	// Pools lists the scenario's named force pools, in file order.
	Pools() []PoolInfo
	// BattleUnits gives the defender and attackers of the battle under
	// way; -1 outside a battle.
	BattleUnits() (defender int, attackers []int)
	// BattleHex is the hex attacked in the battle under way (-1 for none).
	BattleHex() int
	// RetreatZOC is the fewest enemy zones of control that any legal
	// retreat of hexes by the battle's defender enters; -1 when it has none.
	RetreatZOC(hexes int) int
	// EndGame ends the game, naming the winner (core.NoSide for none).
	EndGame(winner core.Side, text string)
	// Moved reports whether unit k has moved (or rail-moved) this phase.
	Moved(k int) bool
	// Weather is the weather of the phase under way: what the roll that
	// opened a movement phase brought, else clear.
	Weather() string
}

// HexsideFacts describes the side between two adjacent hexes to rules
// modules: a river, lake or sea (water), the Straits of Kerch.
type HexsideFacts struct {
	River, Water, Strait bool
}

// PoolInfo is a scenario's named force pool ([[pool]]): its kind
// (conversion, available, garrison, defection, ...), side, the turn it
// opens (Index as in TurnInfo; -1 for none) and its units.
type PoolInfo struct {
	Name, Kind, Side string
	Turn             int
	Units            []string
}

// UnitInfo is a unit as rules hooks see it.
type UnitInfo struct {
	ID, Side, Kind, Nation, Hex, Status, Size string
	Reduced, Supplied                         bool
	Attack, Defense                           [2]int
	MP                                        int
	Pool                                      string // the force pool it started in ("" for none)
	Radius, Range, Shift                      int    // counter values: a leader's command radius, an air unit's range and column shift
}

// statusNames are the unit statuses as rules modules name them.
var statusNames = map[string]core.Status{"eliminated": core.Eliminated, "withdrawn": core.Withdrawn, "removed": core.Removed, "pending": core.Pending}

// tableCache keeps the Lua tables the runtime has made for units and
// hexes: a unit's table is made again only when the unit changed, a
// hex's fixed facts once per map. Modules must treat them as read-only.
type tableCache struct {
	units  []unitEntry
	hexMap *core.Map
	hexes  []*lua.LTable
	strs   map[string]lua.LValue
	turn   TurnInfo
	turnT  *lua.LTable
	near   core.Bitset // hexes seen by gpw.units_near, cleared after
}

// unitEntry is a unit's table and the one before it: a unit that goes
// back to what it was (a game restored, undone, a position searched) gets
// its old table back instead of a new one.
type unitEntry struct {
	info, prevInfo UnitInfo
	t, prev        *lua.LTable
}

// str returns the Lua string s, made once per runtime.
func (rt *vm) str(s string) lua.LValue {
	c := &rt.cache
	if c.strs == nil {
		c.strs = map[string]lua.LValue{}
	}
	v, ok := c.strs[s]
	if !ok {
		v = lua.LString(s)
		if len(c.strs) < 4096 {
			c.strs[s] = v
		}
	}
	return v
}

// unitTable is unit k's table, made again only when the unit changed.
func (rt *vm) unitTable(k int) lua.LValue {
	info := rt.world.UnitInfoAt(k)
	c := &rt.cache
	if k >= len(c.units) {
		c.units = append(c.units, make([]unitEntry, k+1-len(c.units))...)
	}
	e := &c.units[k]
	switch {
	case e.t != nil && e.info == info:
	case e.prev != nil && e.prevInfo == info:
		e.info, e.prevInfo, e.t, e.prev = e.prevInfo, e.info, e.prev, e.t
	default:
		e.prevInfo, e.prev = e.info, e.t
		e.info, e.t = info, unitValue(rt, info)
	}
	return e.t
}

func unitValue(rt *vm, u UnitInfo) *lua.LTable {
	L := rt.sb.L
	t := L.CreateTable(0, 20)
	t.RawSetString("id", rt.str(u.ID))
	t.RawSetString("side", rt.str(u.Side))
	t.RawSetString("kind", rt.str(u.Kind))
	t.RawSetString("size", rt.str(u.Size))
	t.RawSetString("nation", rt.str(u.Nation))
	t.RawSetString("hex", rt.str(u.Hex))
	t.RawSetString("status", rt.str(u.Status))
	t.RawSetString("reduced", lua.LBool(u.Reduced))
	t.RawSetString("supplied", lua.LBool(u.Supplied))
	t.RawSetString("attack", lnum(u.Attack[0]))
	t.RawSetString("attack_half", lnum(u.Attack[1]))
	t.RawSetString("defense", lnum(u.Defense[0]))
	t.RawSetString("defense_half", lnum(u.Defense[1]))
	t.RawSetString("strength", lnum(u.Attack[b2i(u.Reduced)]))
	t.RawSetString("mp", lnum(u.MP))
	t.RawSetString("pool", rt.str(u.Pool))
	t.RawSetString("radius", lnum(u.Radius))
	t.RawSetString("range", lnum(u.Range))
	t.RawSetString("shift", lnum(u.Shift))
	return rt.sb.engineTable(t)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// hexTable is hex h's table: fixed facts made once per map, control and
// edge set on each call.
func (rt *vm) hexTable(s *core.State, h int) lua.LValue {
	c := &rt.cache
	m := s.Map
	if c.hexMap != m {
		c.hexMap, c.hexes = m, make([]*lua.LTable, m.Len())
	}
	t := c.hexes[h]
	if t == nil {
		L := rt.sb.L
		t = L.CreateTable(0, 13)
		t.RawSetString("id", rt.str(m.ID(h)))
		t.RawSetString("terrain", rt.str(m.Terrain[h].String()))
		city, kind, capital := "", "", ""
		if ct, ok := m.City(h); ok {
			city, kind = ct.Name, ct.Kind.String()
			if ct.Capital != core.NoSide {
				capital = ct.Capital.String()
			}
		}
		t.RawSetString("city", rt.str(city))
		t.RawSetString("city_kind", rt.str(kind))
		t.RawSetString("capital", rt.str(capital))
		t.RawSetString("country", rt.str(m.CountryOf(h)))
		regions := L.CreateTable(0, 0)
		for _, r := range m.Regions {
			if r.Hexes.Has(h) {
				regions.Append(rt.str(r.Name))
			}
		}
		t.RawSetString("regions", rt.sb.engineTable(regions))
		t.RawSetString("rail", lua.LBool(m.IsRail(h)))
		edgeOf := ""
		for _, sd := range []core.Side{core.Axis, core.Soviet} {
			if m.IsEdge(sd, h) {
				edgeOf = sd.String()
			}
		}
		t.RawSetString("edge_of", rt.str(edgeOf))
		t.RawSetString("fortified", lua.LBool(m.IsFortified(h)))
		c.hexes[h] = rt.sb.engineTable(t)
	}
	ctl := s.Control[h]
	t.RawSetString("control", rt.str(ctl.String()))
	t.RawSetString("edge", lua.LBool(ctl != core.NoSide && m.IsEdge(ctl, h)))
	return t
}

// turnTable is the current turn's table, made again only when the turn
// changed (gpw.turn is called often: modules must treat it as read-only).
func (rt *vm) turnTable() lua.LValue {
	c := &rt.cache
	t := rt.host.Turn()
	if c.turnT == nil || c.turn != t {
		c.turn, c.turnT = t, rt.sb.engineTable(turnValue(rt.sb.L, t))
	}
	return c.turnT
}

func turnValue(L *lua.LState, t TurnInfo) *lua.LTable {
	tb := L.CreateTable(0, 6)
	tb.RawSetString("name", lua.LString(t.Name))
	tb.RawSetString("month", lua.LString(t.Month))
	tb.RawSetString("year", lnum(t.Year))
	tb.RawSetString("weather", lua.LString(t.Weather))
	tb.RawSetString("roll", lnum(t.Roll))
	tb.RawSetString("index", lnum(t.Index))
	return tb
}

// strs makes a Lua array of strings.
func strs(L *lua.LState, ss []string) *lua.LTable {
	a := L.CreateTable(len(ss), 0)
	for _, s := range ss {
		a.Append(lua.LString(s))
	}
	return a
}

// w returns the bound world or fails the call.
func (rt *vm) w(L *lua.LState) World {
	if rt.world == nil {
		L.RaiseError("gpw: no game is being played (the module is only being read)")
	}
	return rt.world
}

// unitArg reads argument n as a unit id; nil when there is no such unit.
func (rt *vm) unitArg(L *lua.LState, n int) (int, bool) {
	k, ok := rt.w(L).Position().UnitByID(L.CheckString(n))
	return k, ok
}

// mustUnit reads argument n as a unit id and fails the call when there is
// no such unit.
func (rt *vm) mustUnit(L *lua.LState, n int) int {
	id := L.CheckString(n)
	k, ok := rt.w(L).Position().UnitByID(id)
	if !ok {
		L.ArgError(n, fmt.Sprintf("no unit %q", id))
	}
	return k
}

// hexArg reads argument n as a hex id; false for one not on the map.
func (rt *vm) hexArg(L *lua.LState, n int) (int, bool) {
	h, err := rt.w(L).Position().Map.ParseHex(L.CheckString(n))
	return h, err == nil
}

func (rt *vm) mustHex(L *lua.LState, n int) int {
	h, err := rt.w(L).Position().Map.ParseHex(L.CheckString(n))
	if err != nil {
		L.ArgError(n, err.Error())
	}
	return h
}

// unitToHex is gpw.relocate(id, hex) and gpw.place(id, hex): f with the
// unit and the hex, answered ok, err.
func (rt *vm) unitToHex(fn string, f func(k, h int) error) lua.LGFunction {
	return func(L *lua.LState) int {
		rt.mutate(L, fn)
		k := rt.mustUnit(L, 1)
		h, found := rt.hexArg(L, 2)
		if !found {
			return ok(L, fmt.Errorf("%s is not a hex of the map", L.CheckString(2)))
		}
		return ok(L, f(k, h))
	}
}

// ok pushes true, or false and the error's text.
func ok(L *lua.LState, err error) int {
	if err != nil {
		L.Push(lua.LFalse)
		L.Push(lua.LString(err.Error()))
		return 2
	}
	L.Push(lua.LTrue)
	return 1
}

// worldAPI is the gpw functions that read and change the game.
func worldAPI(rt *vm) map[string]lua.LGFunction {
	ids := func(L *lua.LState, s *core.State, ks []int) *lua.LTable {
		a := L.CreateTable(len(ks), 0)
		for _, k := range ks {
			a.Append(rt.str(s.Units[k].ID))
		}
		return a
	}
	return map[string]lua.LGFunction{
		// gpw.unit(id) -> unit table, or nil
		"unit": func(L *lua.LState) int {
			if k, found := rt.unitArg(L, 1); found {
				L.Push(rt.unitTable(k))
			} else {
				L.Push(lua.LNil)
			}
			return 1
		},
		// gpw.units(side, status) -> array of ids, in scenario order
		"units": func(L *lua.LState) int {
			s := rt.w(L).Position()
			side, status := L.OptString(1, ""), L.OptString(2, "")
			want := core.NoSide
			if side != "" {
				want = checkSide(L, 1)
			}
			var st core.Status
			if status != "" {
				var err error
				if st, err = core.ParseStatus(status); err != nil {
					L.ArgError(2, err.Error())
				}
			}
			kinds := filter{s: s, side: core.NoSide}
			kinds.readKinds(L, 3)
			n := len(s.Units)
			if kinds.n > 0 {
				n = 0
			}
			a := L.CreateTable(n, 0)
			for k := range s.Units {
				u := &s.Units[k]
				if (want == core.NoSide || u.Side == want) && (status == "" || u.Status == st) && kinds.keep(k) {
					a.Append(rt.str(u.ID))
				}
			}
			L.Push(a)
			return 1
		},
		// gpw.units_at(hex) -> array of ids, the combat unit first
		"units_at": func(L *lua.LState) int {
			h, found := rt.hexArg(L, 1)
			if !found {
				L.Push(L.CreateTable(0, 0))
				return 1
			}
			L.Push(ids(L, rt.world.Position(), rt.world.UnitsAt(h)))
			return 1
		},
		// gpw.units_in(hex, ...) -> array of the unit tables on the hexes,
		// hex by hex in the order given, each hex's combat unit first
		// (read-only tables, as gpw.unit's)
		"units_in": func(L *lua.LState) int {
			w := rt.w(L)
			n := L.GetTop()
			a := L.CreateTable(n, 0)
			for i := 1; i <= n; i++ {
				if h, found := rt.hexArg(L, i); found {
					for _, k := range w.UnitsAt(h) {
						a.Append(rt.unitTable(k))
					}
				}
			}
			L.Push(a)
			return 1
		},
		// gpw.units_near(path) -> array of the unit tables in the hexes of
		// path (an array of hex ids) and next to them, in the order a move
		// along it passes them: each path hex, then its neighbours
		// clockwise from north, each hex once
		"units_near": func(L *lua.LState) int {
			w := rt.w(L)
			path := L.CheckTable(1)
			keep := unitFilter(L, w.Position(), 2)
			m := w.Position().Map
			c := &rt.cache
			if len(c.near) != (m.Len()+63)/64 {
				c.near = core.NewBitset(m.Len())
			}
			var seen [64]int
			var buf [32]int
			done, found := seen[:0], buf[:0]
			add := func(h int) {
				if c.near.Has(h) {
					return
				}
				c.near.Set(h)
				done = append(done, h)
				for _, k := range w.UnitsAt(h) {
					if keep.keep(k) {
						found = append(found, k)
					}
				}
			}
			defer func() {
				for _, h := range done {
					c.near.Unset(h)
				}
			}()
			for i := 1; i <= path.Len(); i++ {
				h, err := m.ParseHex(lua.LVAsString(path.RawGetInt(i)))
				if err != nil {
					continue
				}
				add(h)
				for _, n := range m.Nbr[h] {
					if n >= 0 && m.OnMap[n] {
						add(int(n))
					}
				}
			}
			L.Push(rt.unitTables(L, found))
			return 1
		},
		// gpw.units_within(hex, n, side, kind, ...) -> array of the unit
		// tables on the map within n hexes of hex, of side ("" any) and of
		// the kinds given (none: any), in scenario order
		"units_within": func(L *lua.LState) int {
			w := rt.w(L)
			h, found := rt.hexArg(L, 1)
			n := checkInt(L, 2, 0, 999)
			s := w.Position()
			keep := unitFilter(L, s, 3)
			var buf [32]int
			ks := buf[:0]
			if found {
				for k := range s.Units {
					if u := &s.Units[k]; u.Status == core.OnMap && keep.keep(k) && s.Map.Distance(u.Hex, h) <= n {
						ks = append(ks, k)
					}
				}
			}
			L.Push(rt.unitTables(L, ks))
			return 1
		},
		// gpw.near(hex, n, place, ...) -> whether a hex within n hexes of
		// hex (itself included) lies in one of the places: countries or
		// regions of the map, by name
		"near": func(L *lua.LState) int {
			w := rt.w(L)
			h, found := rt.hexArg(L, 1)
			n := checkInt(L, 2, 0, 10)
			if !found {
				L.Push(lua.LFalse)
				return 1
			}
			m := w.Position().Map
			var names []string
			for i := 3; i <= L.GetTop(); i++ {
				names = append(names, L.CheckString(i))
			}
			L.Push(lua.LBool(m.Within(h, n, m.InPlaces(names))))
			return 1
		},
		// gpw.hex(id) -> {id, terrain, city, city_kind, capital, country, control, regions, rail, edge, edge_of, fortified} or nil
		"hex": func(L *lua.LState) int {
			if h, found := rt.hexArg(L, 1); found {
				L.Push(rt.hexTable(rt.world.Position(), h))
			} else {
				L.Push(lua.LNil)
			}
			return 1
		},
		// gpw.distance(a, b) -> hexes (-1 for a bad hex)
		"distance": func(L *lua.LState) int {
			a, ok1 := rt.hexArg(L, 1)
			b, ok2 := rt.hexArg(L, 2)
			d := -1
			if ok1 && ok2 {
				d = rt.world.Position().Map.Distance(a, b)
			}
			L.Push(lua.LNumber(d))
			return 1
		},
		// gpw.neighbors(hex) -> array of hex ids on the map, clockwise from north
		"neighbors": func(L *lua.LState) int {
			h, found := rt.hexArg(L, 1)
			a := L.CreateTable(6, 0)
			if found {
				m := rt.world.Position().Map
				for _, n := range m.Nbr[h] {
					if n >= 0 {
						a.Append(rt.str(m.ID(int(n))))
					}
				}
			}
			L.Push(a)
			return 1
		},
		// gpw.in_zoc(side, hex) -> whether hex is in side's zone of control
		"in_zoc": func(L *lua.LState) int {
			side := checkSide(L, 1)
			h, found := rt.hexArg(L, 2)
			L.Push(lua.LBool(found && rt.world.Position().ZOC(side, h)))
			return 1
		},
		// gpw.control(hex) -> the side controlling hex (or "none"), nil for a bad hex
		"control": func(L *lua.LState) int {
			if h, found := rt.hexArg(L, 1); found {
				L.Push(rt.str(rt.world.Position().Control[h].String()))
			} else {
				L.Push(lua.LNil)
			}
			return 1
		},
		// gpw.in_supply(id) -> supplied as judged at the start of the phase
		"in_supply": func(L *lua.LState) int {
			k, found := rt.unitArg(L, 1)
			L.Push(lua.LBool(found && rt.world.UnitInfoAt(k).Supplied))
			return 1
		},
		// gpw.set_reduced(id, bool) -> ok, err
		"set_reduced": func(L *lua.LState) int {
			rt.mutate(L, "set_reduced")
			return ok(L, rt.world.SetReduced(rt.mustUnit(L, 1), L.ToBool(2)))
		},
		// gpw.relocate(id, hex) -> ok, err: moves a unit on the map, no movement rules
		"relocate": rt.unitToHex("relocate", func(k, h int) error { return rt.world.Relocate(k, h) }),
		// gpw.remove(id, status) -> ok, err: status eliminated, withdrawn, removed or pending
		"remove": func(L *lua.LState) int {
			rt.mutate(L, "remove")
			k := rt.mustUnit(L, 1)
			name := L.OptString(2, "eliminated")
			st, found := statusNames[name]
			if !found {
				L.ArgError(2, fmt.Sprintf("status %q: eliminated, withdrawn, removed or pending", name))
			}
			return ok(L, rt.world.Remove(k, st))
		},
		// gpw.place(id, hex) -> ok, err: a unit off the map onto hex
		"place": rt.unitToHex("place", func(k, h int) error { return rt.world.Place(k, h) }),
		// gpw.emit(kind, text, {key1, value1, key2, value2, ...}): values
		// keep their type (string, number, boolean)
		"emit": func(L *lua.LState) int {
			rt.mutate(L, "emit")
			kind := L.CheckString(1)
			if kind == "" || len(kind) > 32 {
				L.ArgError(1, "an event kind of 1 to 32 characters")
			}
			var kv [][2]any
			if t, isT := L.Get(3).(*lua.LTable); isT {
				n := t.Len()
				if n%2 != 0 {
					L.ArgError(3, fmt.Sprintf("%d items: fields come in key, value pairs", n))
				}
				if n > 64 {
					L.ArgError(3, "more than 32 fields")
				}
				for i := 1; i < n; i += 2 {
					key, isS := t.RawGetInt(i).(lua.LString)
					if !isS {
						L.ArgError(3, fmt.Sprintf("field key %d is a %s, not a string", (i+1)/2, t.RawGetInt(i).Type()))
					}
					v, err := fromLua(t.RawGetInt(i + 1))
					if err != nil {
						L.ArgError(3, fmt.Sprintf("field %s: %v", key, err))
					}
					kv = append(kv, [2]any{safeText(string(key)), safeValue(v)})
				}
			} else if L.Get(3) != lua.LNil {
				L.ArgError(3, "a table of key, value pairs")
			}
			raise(L, "emit", rt.w(L).Emit(safeText(kind), checkText(L, 2), kv))
			return 0
		},
		// gpw.points(side) -> replacement points left this phase
		"points": func(L *lua.LState) int { L.Push(lnum(rt.w(L).Points(checkSide(L, 1)))); return 1 },
		// gpw.set_points(side, n)
		"set_points": func(L *lua.LState) int {
			rt.mutate(L, "set_points")
			side := checkSide(L, 1)
			rt.w(L).SetPoints(side, checkInt(L, 2, 0, 9999))
			return 0
		},
		// gpw.phase() -> the current phase id
		"phase": func(L *lua.LState) int { L.Push(rt.str(rt.w(L).PhaseID())); return 1 },
		// gpw.weather() -> the weather of the phase under way
		"weather": func(L *lua.LState) int {
			w := rt.w(L)
			if L.GetTop() >= 1 && L.Get(1) != lua.LNil {
				h := rt.mustHex(L, 1)
				if zw, ok := w.(ZoneWeatherHost); ok {
					L.Push(rt.str(zw.WeatherAt(h)))
					return 1
				}
			}
			L.Push(rt.str(w.Weather()))
			return 1
		},
		// gpw.battle() -> defender id, array of attacker ids, the hex attacked (nil outside a battle)
		"battle": func(L *lua.LState) int {
			d, a := rt.w(L).BattleUnits()
			if d < 0 {
				L.Push(lua.LNil)
				return 1
			}
			s := rt.world.Position()
			L.Push(rt.str(s.Units[d].ID))
			L.Push(ids(L, s, a))
			L.Push(rt.str(s.Map.ID(rt.world.BattleHex())))
			return 3
		},
		// gpw.city(name) -> the hex id of the named city, or nil
		"city": func(L *lua.LState) int {
			m := rt.w(L).Position().Map
			if c, found := m.FindCity(L.CheckString(1)); found {
				L.Push(rt.str(m.ID(c.Hex)))
			} else {
				L.Push(lua.LNil)
			}
			return 1
		},
		// gpw.pools() -> array of {name, kind, side, turn, units}
		"pools": func(L *lua.LState) int {
			ps := rt.w(L).Pools()
			a := L.CreateTable(len(ps), 0)
			for _, p := range ps {
				t := L.CreateTable(0, 5)
				t.RawSetString("name", lua.LString(p.Name))
				t.RawSetString("kind", lua.LString(p.Kind))
				t.RawSetString("side", lua.LString(p.Side))
				t.RawSetString("turn", lua.LNumber(p.Turn))
				t.RawSetString("units", strs(L, p.Units))
				a.Append(t)
			}
			L.Push(a)
			return 1
		},
		// gpw.moved(id) -> whether the unit has moved in this phase
		"moved": func(L *lua.LState) int {
			k, found := rt.unitArg(L, 1)
			L.Push(lua.LBool(found && rt.world.Moved(k)))
			return 1
		},
		// gpw.end_game(winner, text): the game is over; winner "axis", "soviet" or "" for none
		"end_game": func(L *lua.LState) int {
			rt.mutate(L, "end_game")
			winner := core.NoSide
			if L.OptString(1, "") != "" {
				winner = checkSide(L, 1)
			}
			rt.w(L).EndGame(winner, checkText(L, 2))
			return 0
		},
		// gpw.can_retreat(hexes) -> whether the defender has a legal retreat
		"can_retreat": func(L *lua.LState) int {
			L.Push(lua.LBool(rt.w(L).RetreatZOC(optInt(L, 1, 2, 0, maxRetreatHexes)) >= 0))
			return 1
		},
		// gpw.retreat_zoc(hexes) -> the fewest enemy ZOC hexes a legal retreat of the defender enters, -1 when none
		"retreat_zoc": func(L *lua.LState) int {
			L.Push(lua.LNumber(rt.w(L).RetreatZOC(optInt(L, 1, 2, 0, maxRetreatHexes))))
			return 1
		},
		// gpw.hexside(a, b) -> {river, water, strait} for adjacent hexes, or nil
		"hexside": func(L *lua.LState) int {
			a, ok1 := rt.hexArg(L, 1)
			b, ok2 := rt.hexArg(L, 2)
			m := rt.world.Position().Map
			var d core.Dir
			adj := false
			if ok1 && ok2 {
				d, adj = m.Adjacent(a, b)
			}
			if !adj {
				L.Push(lua.LNil)
				return 1
			}
			bit := uint8(1) << d
			t := L.CreateTable(0, 3)
			t.RawSetString("river", lua.LBool(m.River[a]&bit != 0))
			t.RawSetString("water", lua.LBool(m.WaterSide[a]&bit != 0))
			t.RawSetString("strait", lua.LBool(m.Strait[a]&bit != 0))
			L.Push(t)
			return 1
		},
		// gpw.get(name) -> the game's value name (R.store.game)
		"get": func(L *lua.LState) int { return rt.storeGet(L, ScopeGame, 0, 1) },
		// gpw.set(name, value): nil clears
		"set": func(L *lua.LState) int { return rt.storeSet(L, ScopeGame, 0, 1) },
		// gpw.side_get(side, name) -> a side's value (R.store.side)
		"side_get": func(L *lua.LState) int { return rt.storeGet(L, ScopeSide, int(checkSide(L, 1)), 2) },
		// gpw.side_set(side, name, value)
		"side_set": func(L *lua.LState) int { return rt.storeSet(L, ScopeSide, int(checkSide(L, 1)), 2) },
		// gpw.flag(id, name) -> the unit's value (R.store.unit); an
		// undeclared flag is a string, "" when unset
		"flag": func(L *lua.LState) int {
			k, found := rt.unitArg(L, 1)
			if !found {
				L.Push(lua.LString(""))
				return 1
			}
			return rt.storeGet(L, ScopeUnit, k, 2)
		},
		// gpw.set_flag(id, name, value) -> ok, err ("" or nil clears an undeclared flag)
		"set_flag": func(L *lua.LState) int {
			k, found := rt.unitArg(L, 1)
			if !found {
				return ok(L, fmt.Errorf("no unit %q", L.CheckString(1)))
			}
			rt.storeSet(L, ScopeUnit, k, 2)
			L.Push(lua.LTrue)
			return 1
		},
		// gpw.flagged(name) -> ids of the units holding the value, in scenario order
		"flagged": func(L *lua.LState) int {
			name := rt.storeName(L, ScopeUnit, 1)
			L.Push(ids(L, rt.world.Position(), rt.world.Store().Indices(ScopeUnit, name.Name)))
			return 1
		},
		// gpw.mark(hex, name) -> the hex's value (R.store.hex)
		"mark": func(L *lua.LState) int { return rt.storeGet(L, ScopeHex, rt.mustHex(L, 1), 2) },
		// gpw.set_mark(hex, name, value): nil clears
		"set_mark": func(L *lua.LState) int { return rt.storeSet(L, ScopeHex, rt.mustHex(L, 1), 2) },
		// gpw.marked(name) -> ids of the hexes holding the value, in map order
		"marked": func(L *lua.LState) int {
			name := rt.storeName(L, ScopeHex, 1)
			m := rt.world.Position().Map
			hs := rt.world.Store().Indices(ScopeHex, name.Name)
			a := L.CreateTable(len(hs), 0)
			for _, h := range hs {
				a.Append(rt.str(m.ID(h)))
			}
			L.Push(a)
			return 1
		},
	}
}

// storeName reads argument n as a value name declared in scope; unit
// flags may be undeclared (strings).
func (rt *vm) storeName(L *lua.LState, scope Scope, n int) Field {
	name := L.CheckString(n)
	rt.w(L)
	if f, found := rt.module().Store.Field(scope, name); found {
		return f
	}
	if scope == ScopeUnit {
		return Field{Name: name, Type: "string", Default: ""}
	}
	L.ArgError(n, fmt.Sprintf("%q is not declared in R.store.%s", name, scope))
	return Field{}
}

func (rt *vm) storeGet(L *lua.LState, scope Scope, idx, n int) int {
	f := rt.storeName(L, scope, n)
	v := rt.world.Store().Get(StoreKey{scope, int32(idx), f.Name})
	if v == nil {
		v = f.Default
	}
	L.Push(toLua(L, v))
	return 1
}

func (rt *vm) storeSet(L *lua.LState, scope Scope, idx, n int) int {
	rt.mutate(L, "set")
	f := rt.storeName(L, scope, n)
	v, err := fromLua(L.Get(n + 1))
	if err != nil {
		L.ArgError(n+1, err.Error())
	}
	if _, declared := rt.module().Store.Field(scope, f.Name); !declared && v == "" {
		v = nil // an undeclared flag set to "" is cleared
	}
	if v != nil && typeOf(v) != f.Type {
		L.ArgError(n+1, fmt.Sprintf("%s.%s holds a %s, not a %s", scope, f.Name, f.Type, typeOf(v)))
	}
	raise(L, "set "+f.Name, rt.world.Store().Set(StoreKey{scope, int32(idx), f.Name}, v))
	return 0
}

// unitTables is an array of units ks' tables, made at its size.
func (rt *vm) unitTables(L *lua.LState, ks []int) *lua.LTable {
	a := L.CreateTable(len(ks), 0)
	for _, k := range ks {
		a.Append(rt.unitTable(k))
	}
	return a
}

// unitFilter reads the optional arguments from i on: a side ("" or nil
// for any) and kinds (none for any), for keep.
func unitFilter(L *lua.LState, s *core.State, i int) filter {
	f := filter{s: s, side: core.NoSide}
	if v := L.Get(i); v != lua.LNil && lua.LVAsString(v) != "" {
		f.side = checkSide(L, i)
	}
	f.readKinds(L, i+1)
	return f
}

// readKinds reads the kinds from argument i on.
func (f *filter) readKinds(L *lua.LState, i int) {
	for j := i; j <= L.GetTop(); j++ {
		k := L.CheckString(j)
		if f.n == len(f.kinds) {
			L.ArgError(j, fmt.Sprintf("at most %d kinds", len(f.kinds)))
		}
		f.kinds[f.n] = k
		f.n++
	}
}

// filter keeps the units of a side and kinds (unitFilter).
type filter struct {
	s     *core.State
	side  core.Side
	kinds [8]string
	n     int
}

func (f *filter) keep(k int) bool {
	u := &f.s.Units[k]
	if f.side != core.NoSide && u.Side != f.side {
		return false
	}
	if f.n == 0 {
		return true
	}
	for _, kind := range f.kinds[:f.n] {
		if u.Kind == kind {
			return true
		}
	}
	return false
}
