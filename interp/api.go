package interp

import (
	"fmt"
	"math"
	"slices"

	lua "github.com/yuin/gopher-lua"

	"gpw/core"
)

// TurnInfo describes the current game turn to rules modules.
type TurnInfo struct {
	Name    string // "Jul 1941"
	Month   string // "Jul"
	Year    int
	Weather string // the turn's mark: "", "snow", "mud"
	Roll    int    // the highest die that brings the mark's weather (calendar roll, else weather_roll)
	Index   int    // turns since the start of the scenario's first year
}

// Host is what the engine offers rules modules through the gpw table. A
// method that returns an error makes the Lua call fail with it.
type Host interface {
	// Roll rolls one die from the engine's seeded dice.
	Roll() int
	// RollN draws a number in 1..n from the engine's dice (math.random).
	RollN(n int) int
	// Turn describes the current turn.
	Turn() TurnInfo
	// SetWeather sets the weather of the current movement phase.
	SetWeather(w string, die int, cite string)
	// Note records a halving or other remark for the battle being computed.
	Note(text, cite string) error
	// Shift records a column shift for the battle being computed.
	Shift(cause string, columns int, cite string) error
	// Step queues a combat step: retreat, defender_loss,
	// defender_eliminate, attacker_loss, exchange, advance,
	// attackers_eliminate. It fails outside a battle's results.
	Step(kind StepKind, n int, flag bool) error
}

// ZoneWeatherHost is a host whose map has weather zones
// (R.weather_zones): gpw.set_weather's fourth argument sets a zone's
// weather, gpw.weather(hex) reads a hex's.
type ZoneWeatherHost interface {
	SetZoneWeather(zone int, w string, die int, cite string)
	WeatherAt(h int) string
}

// maxStepN bounds the number a combat step takes (hexes of a retreat,
// steps lost, strength exchanged).
const maxStepN = 99

// maxRetreatHexes bounds a retreat's length: the search is exponential in it.
const maxRetreatHexes = core.MaxRetreatHexes

// toInt reads a Lua number as an int: finite, whole and of a sane size.
func toInt(f float64) (int, error) {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return 0, fmt.Errorf("%v is not a number gpw can use", f)
	case f != math.Trunc(f):
		return 0, fmt.Errorf("%v is not a whole number", f)
	case math.Abs(f) > 1<<31:
		return 0, fmt.Errorf("%v is out of range", f)
	}
	return int(f), nil
}

// checkInt reads argument n as an int in lo..hi.
func checkInt(L *lua.LState, n, lo, hi int) int {
	v, err := toInt(float64(L.CheckNumber(n)))
	if err == nil && (v < lo || v > hi) {
		err = fmt.Errorf("%d is outside %d..%d", v, lo, hi)
	}
	if err != nil {
		L.ArgError(n, err.Error())
	}
	return v
}

func optInt(L *lua.LState, n, def, lo, hi int) int {
	if L.Get(n) == lua.LNil {
		return def
	}
	return checkInt(L, n, lo, hi)
}

// maxText bounds a text a module gives the engine to print: a note, a
// shift's cause, a citation, an event's text.
const maxText = 4 << 10

// checkText reads optional argument n as a text of at most maxText
// bytes, made safe to print (safeText).
func checkText(L *lua.LState, n int) string {
	s := L.OptString(n, "")
	if len(s) > maxText {
		L.ArgError(n, fmt.Sprintf("a text of %d bytes (limit %d)", len(s), maxText))
	}
	return safeText(s)
}

// raise fails the Lua call with err when it is not nil.
func raise(L *lua.LState, fn string, err error) {
	if err != nil {
		L.RaiseError("gpw.%s: %v", fn, err)
	}
}

// installAPI puts the gpw table into the state: one Go function per Lua
// function, each documented on the Lua side in docs/modding.md. Each
// serves the game bound to rt for the call under way.
func installAPI(L *lua.LState, rt *vm) {
	api := map[string]lua.LGFunction{
		// gpw.roll() -> die 1..6
		"roll": func(L *lua.LState) int {
			rt.mutate(L, "roll")
			L.Push(lnum(rt.host.Roll()))
			return 1
		},
		// gpw.turn() -> {name, month, year, weather, index}
		"turn": func(L *lua.LState) int { L.Push(rt.turnTable()); return 1 },
		// gpw.set_weather(w, die, cite): w one of the module's weathers
		"set_weather": func(L *lua.LState) int {
			rt.mutate(L, "set_weather")
			w := L.CheckString(1)
			if m := rt.module(); m != nil && m.Weather != nil {
				if _, ok := m.Weather[w]; !ok {
					L.ArgError(1, fmt.Sprintf("%q is not a weather of the rules (%s)", w, joinSorted(m.Weather)))
				}
			}
			die, cite := optInt(L, 2, 0, 0, 1000), checkText(L, 3)
			if L.GetTop() >= 4 && L.Get(4) != lua.LNil {
				zone := L.CheckString(4)
				m := rt.module()
				z := -1
				if m != nil {
					z = m.ZoneIndex(zone)
				}
				if z < 0 {
					L.ArgError(4, fmt.Sprintf("%q is not a weather zone of the rules (R.weather_zones)", safeText(zone)))
				}
				if zw, ok := rt.host.(ZoneWeatherHost); ok {
					zw.SetZoneWeather(z, w, die, cite)
				}
				return 0
			}
			rt.host.SetWeather(w, die, cite)
			return 0
		},
		// gpw.note(text, cite)
		"note": func(L *lua.LState) int {
			raise(L, "note", rt.host.Note(checkText(L, 1), checkText(L, 2)))
			return 0
		},
		// gpw.shift(cause, columns, cite)
		"shift": func(L *lua.LState) int {
			raise(L, "shift", rt.host.Shift(checkText(L, 1), checkInt(L, 2, -99, 99), checkText(L, 3)))
			return 0
		},
	}
	api["param"] = paramFn(rt)
	for _, kind := range Steps {
		api[kind.String()] = step(rt, kind)
	}
	t := L.CreateTable(0, len(api)+48)
	setFuncs(L, t, api)
	setFuncs(L, t, worldAPI(rt))
	L.SetGlobal("gpw", t)
	strictAPI(L, t) // an unknown gpw.NAME is an error naming it (lint.go)
}

// setFuncs adds the functions to t in name order, so that pairs(gpw) sees
// the same order in every run.
func setFuncs(L *lua.LState, t *lua.LTable, api map[string]lua.LGFunction) {
	names := make([]string, 0, len(api))
	for n := range api {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		t.RawSetString(n, L.NewFunction(api[n]))
	}
}

func joinSorted[V any](m map[string]V) string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	s := ""
	for i, k := range ks {
		if i > 0 {
			s += ", "
		}
		s += k
	}
	return s
}

// step is gpw.retreat(hexes, may_stand), gpw.defender_loss(steps), ...:
// queue a combat step for the battle whose results are being applied.
func step(rt *vm, kind StepKind) lua.LGFunction {
	name := kind.String()
	return func(L *lua.LState) int {
		rt.mutate(L, name)
		hi := maxStepN
		if kind == StepRetreat {
			hi = maxRetreatHexes
		}
		n := optInt(L, 1, 0, 0, hi)
		raise(L, name, rt.host.Step(kind, n, L.OptBool(2, false)))
		return 0
	}
}

// Battle is what the engine knows of a battle before the rules weigh it.
type Battle struct {
	Att     []int  // attack factor now, per attacker
	Sup     []bool // in supply
	River   []bool // attacking across a river hexside
	Strait  []bool // attacking across the straits
	Def     int
	Terrain string
	City    string // "" or minor, major, fortress
	Capital bool
	Weather string // the turn's weather mark
	// HexWeather is the weather of the defender's hex in the phase (its
	// zone's, else the phase's: clear in a combat phase unless the
	// module set it).
	HexWeather string
	// Odds and Column (CRT indices from 1) and Die are the battle's as
	// weighed and rolled: 0 before results.
	Odds, Column, Die int

	Attackers []string // attacker ids, in the order given
	Kinds     []string // attacker kinds
	Defender  string   // defender id
	DefKind   string
}

// Odds is the rules' weighing of a battle.
type Odds struct {
	Attack, Defense int
	Odds, Column    int // CRT column indices from 1; 0 when below the table
}

// battle tables are reused across battles: no fresh Lua table per call.
type battleTables struct {
	b, att, sup, river, strait, ids, kinds *lua.LTable
}

func (rt *vm) battleTables() *battleTables {
	if rt.bt == nil {
		L := rt.sb.L
		bt := &battleTables{b: L.CreateTable(0, 16), att: L.CreateTable(8, 0), sup: L.CreateTable(8, 0), river: L.CreateTable(8, 0), strait: L.CreateTable(8, 0),
			ids: L.CreateTable(8, 0), kinds: L.CreateTable(8, 0)}
		bt.b.RawSetString("attackers", bt.ids)
		bt.b.RawSetString("kinds", bt.kinds)
		bt.b.RawSetString("att", bt.att)
		bt.b.RawSetString("sup", bt.sup)
		bt.b.RawSetString("river", bt.river)
		bt.b.RawSetString("strait", bt.strait)
		for _, t := range []*lua.LTable{bt.b, bt.att, bt.sup, bt.river, bt.strait, bt.ids, bt.kinds} {
			rt.sb.engineTable(t)
		}
		rt.bt = bt
	}
	return rt.bt
}

// fill writes b into the runtime's battle table.
func (rt *vm) fill(b *Battle) *lua.LTable {
	bt := rt.battleTables()
	n := len(b.Att)
	for i := 0; i < n; i++ {
		bt.att.RawSetInt(i+1, lnum(b.Att[i]))
		bt.sup.RawSetInt(i+1, lua.LBool(b.Sup[i]))
		bt.river.RawSetInt(i+1, lua.LBool(b.River[i]))
		bt.strait.RawSetInt(i+1, lua.LBool(b.Strait[i]))
		bt.ids.RawSetInt(i+1, rt.str(at(b.Attackers, i)))
		bt.kinds.RawSetInt(i+1, rt.str(at(b.Kinds, i)))
	}
	for _, a := range []*lua.LTable{bt.att, bt.sup, bt.river, bt.strait, bt.ids, bt.kinds} {
		for j := a.Len(); j > n; j-- {
			a.RawSetInt(j, lua.LNil)
		}
	}
	t := bt.b
	t.RawSetString("n", lnum(n))
	t.RawSetString("def", lnum(b.Def))
	t.RawSetString("terrain", rt.str(b.Terrain))
	t.RawSetString("city", rt.str(b.City))
	t.RawSetString("capital", lua.LBool(b.Capital))
	t.RawSetString("weather", rt.str(b.Weather))
	t.RawSetString("hex_weather", rt.str(b.HexWeather))
	for _, f := range []struct {
		k string
		n int
	}{{"odds", b.Odds}, {"column", b.Column}, {"die", b.Die}} {
		if f.n > 0 {
			t.RawSetString(f.k, lnum(f.n))
		} else {
			t.RawSetString(f.k, lua.LNil)
		}
	}
	t.RawSetString("defender", rt.str(b.Defender))
	t.RawSetString("def_kind", rt.str(b.DefKind))
	return t
}

// smallNums holds the Lua numbers 0..255 made once: a battle's factors
// then cost no allocation.
var smallNums = func() (t [256]lua.LValue) {
	for i := range t {
		t[i] = lua.LNumber(i)
	}
	return
}()

func lnum(n int) lua.LValue {
	if n >= 0 && n < len(smallNums) {
		return smallNums[n]
	}
	return lua.LNumber(n)
}

func at(ss []string, i int) string {
	if i < len(ss) {
		return ss[i]
	}
	return ""
}

type hookError struct{ module, name string }

func (e hookError) Error() string { return e.module + ": the rules module has no " + e.name }

// NopHost answers for a rules module loaded only to be read (gpw rules,
// gpw crt): no dice, no game.
type NopHost struct{}

// Roll always answers 1.
func (NopHost) Roll() int { return 1 }

// RollN always answers 1.
func (NopHost) RollN(int) int { return 1 }

// Turn answers an empty turn.
func (NopHost) Turn() TurnInfo { return TurnInfo{} }

// SetWeather does nothing.
func (NopHost) SetWeather(string, int, string) {}

// Note does nothing.
func (NopHost) Note(string, string) error { return nil }

// Shift does nothing.
func (NopHost) Shift(string, int, string) error { return nil }

// Step does nothing.
func (NopHost) Step(StepKind, int, bool) error { return nil }

// sides for validation of side arguments.
func checkSide(L *lua.LState, n int) core.Side {
	s, err := core.ParseSide(L.CheckString(n))
	if err != nil {
		L.ArgError(n, err.Error())
	}
	return s
}
