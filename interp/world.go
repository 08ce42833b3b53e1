package interp

import (
	lua "github.com/yuin/gopher-lua"
)

// HexFacts describes a hex to rules modules.
type HexFacts struct {
	ID, Terrain, City, CityKind, Capital, Country, Control string
	Regions                                                []string
	Rail, Edge                                             bool   // a rail hex; on a friendly map edge of Control
	EdgeOf                                                 string // the side whose friendly map edge it lies on ("" for none)
}

// World is the game as rules modules may read and change it: a generic
// interface so that variants and house rules need no Go of their own. The
// engine's Game implements it; test hosts need not.
type World interface {
	UnitInfo(id string) (UnitInfo, bool)
	// UnitIDs lists units of side ("" for both) with status ("" for any),
	// in scenario order.
	UnitIDs(side, status string) []string
	UnitsAt(hex string) []string
	HexFacts(hex string) (HexFacts, bool)
	Distance(a, b string) int
	Neighbors(hex string) []string
	InZOC(side, hex string) bool
	InSupply(id string) bool
	Flag(id, name string) string
	SetFlag(id, name, value string) error
	SetReduced(id string, reduced bool) error
	Relocate(id, hex string) error
	Remove(id, status string) error
	Place(id, hex string) error
	Emit(kind, text string, fields []string)
	Points(side string) int
	SetPoints(side string, n int)
	PhaseID() string
	// CityHex finds a city by name: its hex id, or "".
	CityHex(name string) string
	// Pools lists the scenario's named force pools, in file order.
	Pools() []PoolInfo
	BattleUnits() (defender string, attackers []string)
	CanRetreat(hexes int) bool
	// RetreatZOC is the fewest enemy zones of control that any legal
	// retreat of hexes by the battle's defender enters; -1 when it has none.
	RetreatZOC(hexes int) int
	// Hexside describes the side between two adjacent hexes; false when
	// they are not adjacent.
	Hexside(a, b string) (HexsideFacts, bool)
	// EndGame ends the game, naming the winner ("" for none).
	EndGame(winner, text string)
	// Moved reports whether a unit has moved (or rail-moved) this phase.
	Moved(id string) bool
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

// installWorld adds the world functions to the gpw table.
func installWorld(L *lua.LState, t *lua.LTable, w World) {
	strs := func(L *lua.LState, ss []string) *lua.LTable {
		a := L.CreateTable(len(ss), 0)
		for _, s := range ss {
			a.Append(lua.LString(s))
		}
		return a
	}
	fail := func(L *lua.LState, err error) int {
		if err != nil {
			L.Push(lua.LFalse)
			L.Push(lua.LString(err.Error()))
			return 2
		}
		L.Push(lua.LTrue)
		return 1
	}
	api := map[string]lua.LGFunction{
		// gpw.unit(id) -> unit table, or nil
		"unit": func(L *lua.LState) int {
			u, ok := w.UnitInfo(L.CheckString(1))
			if !ok {
				L.Push(lua.LNil)
				return 1
			}
			L.Push(unitValue(L, u))
			return 1
		},
		// gpw.units(side, status) -> array of ids
		"units": func(L *lua.LState) int { L.Push(strs(L, w.UnitIDs(L.OptString(1, ""), L.OptString(2, "")))); return 1 },
		// gpw.units_at(hex) -> array of ids
		"units_at": func(L *lua.LState) int { L.Push(strs(L, w.UnitsAt(L.CheckString(1)))); return 1 },
		// gpw.hex(id) -> {id, terrain, city, city_kind, capital, country, control, regions, rail, edge, edge_of} or nil
		"hex": func(L *lua.LState) int {
			h, ok := w.HexFacts(L.CheckString(1))
			if !ok {
				L.Push(lua.LNil)
				return 1
			}
			t := L.CreateTable(0, 10)
			for k, v := range map[string]string{"id": h.ID, "terrain": h.Terrain, "city": h.City, "city_kind": h.CityKind, "capital": h.Capital, "country": h.Country, "control": h.Control} {
				t.RawSetString(k, lua.LString(v))
			}
			t.RawSetString("regions", strs(L, h.Regions))
			t.RawSetString("rail", lua.LBool(h.Rail))
			t.RawSetString("edge", lua.LBool(h.Edge))
			t.RawSetString("edge_of", lua.LString(h.EdgeOf))
			L.Push(t)
			return 1
		},
		// gpw.distance(a, b) -> hexes (-1 for a bad hex)
		"distance": func(L *lua.LState) int { L.Push(lua.LNumber(w.Distance(L.CheckString(1), L.CheckString(2)))); return 1 },
		// gpw.neighbors(hex) -> array of hex ids on the map
		"neighbors": func(L *lua.LState) int { L.Push(strs(L, w.Neighbors(L.CheckString(1)))); return 1 },
		// gpw.in_zoc(side, hex) -> whether hex is in side's zone of control
		"in_zoc": func(L *lua.LState) int { L.Push(lua.LBool(w.InZOC(L.CheckString(1), L.CheckString(2)))); return 1 },
		// gpw.in_supply(id) -> supplied as judged at the start of the phase
		"in_supply": func(L *lua.LState) int { L.Push(lua.LBool(w.InSupply(L.CheckString(1)))); return 1 },
		// gpw.flag(id, name) -> the unit's flag ("" when unset)
		"flag": func(L *lua.LState) int { L.Push(lua.LString(w.Flag(L.CheckString(1), L.CheckString(2)))); return 1 },
		// gpw.set_flag(id, name, value) -> ok, err ("" clears)
		"set_flag": func(L *lua.LState) int {
			return fail(L, w.SetFlag(L.CheckString(1), L.CheckString(2), lua.LVAsString(L.Get(3))))
		},
		// gpw.set_reduced(id, bool) -> ok, err
		"set_reduced": func(L *lua.LState) int { return fail(L, w.SetReduced(L.CheckString(1), L.ToBool(2))) },
		// gpw.relocate(id, hex) -> ok, err: moves a unit on the map, no movement rules
		"relocate": func(L *lua.LState) int { return fail(L, w.Relocate(L.CheckString(1), L.CheckString(2))) },
		// gpw.remove(id, status) -> ok, err: status eliminated, withdrawn or removed
		"remove": func(L *lua.LState) int { return fail(L, w.Remove(L.CheckString(1), L.OptString(2, "eliminated"))) },
		// gpw.place(id, hex) -> ok, err: a unit off the map onto hex
		"place": func(L *lua.LState) int { return fail(L, w.Place(L.CheckString(1), L.CheckString(2))) },
		// gpw.emit(kind, text, {key1, value1, key2, value2, ...})
		"emit": func(L *lua.LState) int {
			var kv []string
			if t, ok := L.Get(3).(*lua.LTable); ok {
				for i := 1; i <= t.Len(); i++ {
					kv = append(kv, lua.LVAsString(t.RawGetInt(i)))
				}
			}
			w.Emit(L.CheckString(1), L.OptString(2, ""), kv)
			return 0
		},
		// gpw.points(side) -> replacement points left this phase
		"points": func(L *lua.LState) int { L.Push(lua.LNumber(w.Points(L.CheckString(1)))); return 1 },
		// gpw.set_points(side, n)
		"set_points": func(L *lua.LState) int { w.SetPoints(L.CheckString(1), L.CheckInt(2)); return 0 },
		// gpw.phase() -> the current phase id
		"phase": func(L *lua.LState) int { L.Push(lua.LString(w.PhaseID())); return 1 },
		// gpw.battle() -> defender id, array of attacker ids (nil outside a battle)
		"battle": func(L *lua.LState) int {
			d, a := w.BattleUnits()
			if d == "" {
				L.Push(lua.LNil)
				return 1
			}
			L.Push(lua.LString(d))
			L.Push(strs(L, a))
			return 2
		},
		// gpw.city(name) -> the hex id of the named city, or nil
		"city": func(L *lua.LState) int {
			if h := w.CityHex(L.CheckString(1)); h != "" {
				L.Push(lua.LString(h))
			} else {
				L.Push(lua.LNil)
			}
			return 1
		},
		// gpw.pools() -> array of {name, kind, side, turn, units}
		"pools": func(L *lua.LState) int {
			ps := w.Pools()
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
		"moved": func(L *lua.LState) int { L.Push(lua.LBool(w.Moved(L.CheckString(1)))); return 1 },
		// gpw.end_game(winner, text): the game is over ("" for no winner)
		"end_game": func(L *lua.LState) int { w.EndGame(L.OptString(1, ""), L.OptString(2, "")); return 0 },
		// gpw.can_retreat(hexes) -> whether the defender has a legal retreat
		"can_retreat": func(L *lua.LState) int { L.Push(lua.LBool(w.CanRetreat(L.OptInt(1, 2)))); return 1 },
		// gpw.retreat_zoc(hexes) -> the fewest enemy ZOC hexes a legal retreat of the defender enters, -1 when none
		"retreat_zoc": func(L *lua.LState) int { L.Push(lua.LNumber(w.RetreatZOC(L.OptInt(1, 2)))); return 1 },
		// gpw.hexside(a, b) -> {river, water, strait} for adjacent hexes, or nil
		"hexside": func(L *lua.LState) int {
			f, ok := w.Hexside(L.CheckString(1), L.CheckString(2))
			if !ok {
				L.Push(lua.LNil)
				return 1
			}
			t := L.CreateTable(0, 3)
			t.RawSetString("river", lua.LBool(f.River))
			t.RawSetString("water", lua.LBool(f.Water))
			t.RawSetString("strait", lua.LBool(f.Strait))
			L.Push(t)
			return 1
		},
	}
	L.SetFuncs(t, api)
}

func unitValue(L *lua.LState, u UnitInfo) *lua.LTable {
	t := L.CreateTable(0, 24)
	t.RawSetString("id", lua.LString(u.ID))
	t.RawSetString("side", lua.LString(u.Side))
	t.RawSetString("kind", lua.LString(u.Kind))
	t.RawSetString("size", lua.LString(u.Size))
	t.RawSetString("nation", lua.LString(u.Nation))
	t.RawSetString("hex", lua.LString(u.Hex))
	t.RawSetString("status", lua.LString(u.Status))
	t.RawSetString("reduced", lua.LBool(u.Reduced))
	t.RawSetString("supplied", lua.LBool(u.Supplied))
	t.RawSetString("attack", lua.LNumber(u.Attack[0]))
	t.RawSetString("attack_half", lua.LNumber(u.Attack[1]))
	t.RawSetString("defense", lua.LNumber(u.Defense[0]))
	t.RawSetString("defense_half", lua.LNumber(u.Defense[1]))
	t.RawSetString("strength", lua.LNumber(u.Attack[b2i(u.Reduced)]))
	t.RawSetString("mp", lua.LNumber(u.MP))
	t.RawSetString("pool", lua.LString(u.Pool))
	t.RawSetString("radius", lua.LNumber(u.Radius))
	t.RawSetString("range", lua.LNumber(u.Range))
	t.RawSetString("shift", lua.LNumber(u.Shift))
	return t
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// NopHost answers for a rules module loaded only to be read (gpw rules,
// gpw crt): no dice, no game.
type NopHost struct{}

// Roll always answers 1.
func (NopHost) Roll() int { return 1 }

// Turn answers an empty turn.
func (NopHost) Turn() TurnInfo { return TurnInfo{} }

// SetWeather does nothing.
func (NopHost) SetWeather(string, int, string) {}

// Note does nothing.
func (NopHost) Note(string, string) {}

// Shift does nothing.
func (NopHost) Shift(string, int, string) {}

// Step does nothing.
func (NopHost) Step(string, int, bool) {}
