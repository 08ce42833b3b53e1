package interp

import (
	lua "github.com/yuin/gopher-lua"
)

// TurnInfo describes the current game turn to rules modules.
type TurnInfo struct {
	Name    string // "Jul 1941"
	Month   string // "Jul"
	Year    int
	Weather string // the turn's mark: "", "snow", "mud"
	Index   int    // turns since the start of the scenario's first year
}

// Host is what the engine offers rules modules through the gpw table.
type Host interface {
	// Roll rolls one die from the engine's seeded dice.
	Roll() int
	// Turn describes the current turn.
	Turn() TurnInfo
	// SetWeather sets the weather of the current movement phase.
	SetWeather(w string, die int, cite string)
	// Note records a halving or other remark for the battle being computed.
	Note(text, cite string)
	// Shift records a column shift for the battle being computed.
	Shift(cause string, columns int, cite string)
	// Step queues a combat step: retreat, defender_loss,
	// defender_eliminate, attacker_loss, exchange, advance.
	Step(kind string, n int, flag bool)
}

// installAPI puts the gpw table into the state: one Go function per Lua
// function, each documented on the Lua side in docs/modding.md.
func installAPI(L *lua.LState, h Host) {
	api := map[string]lua.LGFunction{
		// gpw.roll() -> die 1..6
		"roll": func(L *lua.LState) int { L.Push(lua.LNumber(h.Roll())); return 1 },
		// gpw.turn() -> {name, month, year, weather, index}
		"turn": func(L *lua.LState) int { L.Push(turnValue(L, h.Turn())); return 1 },
		// gpw.set_weather(w, die, cite)
		"set_weather": func(L *lua.LState) int {
			h.SetWeather(L.CheckString(1), L.OptInt(2, 0), L.OptString(3, ""))
			return 0
		},
		// gpw.note(text, cite)
		"note": func(L *lua.LState) int { h.Note(L.CheckString(1), L.OptString(2, "")); return 0 },
		// gpw.shift(cause, columns, cite)
		"shift": func(L *lua.LState) int {
			h.Shift(L.CheckString(1), L.CheckInt(2), L.OptString(3, ""))
			return 0
		},
		// gpw.retreat(hexes, may_stand): the defender retreats, the attacker choosing the path.
		"retreat": step(h, "retreat"),
		// gpw.defender_loss(steps)
		"defender_loss": step(h, "defender_loss"),
		// gpw.defender_eliminate()
		"defender_eliminate": step(h, "defender_eliminate"),
		// gpw.attacker_loss(steps): one attacker of the attacker's choice loses steps.
		"attacker_loss": step(h, "attacker_loss"),
		// gpw.exchange([n]): attackers lose at least the strength the defender lost (or n, when given).
		"exchange": step(h, "exchange"),
		// gpw.advance(): one attacker may enter the vacated hex.
		"advance": step(h, "advance"),
		// gpw.attackers_eliminate(): every attacker loses every step.
		"attackers_eliminate": step(h, "attackers_eliminate"),
	}
	t := L.CreateTable(0, len(api)+24)
	L.SetFuncs(t, api)
	if w, ok := h.(World); ok {
		installWorld(L, t, w)
	}
	L.SetGlobal("gpw", t)
}

func step(h Host, kind string) lua.LGFunction {
	return func(L *lua.LState) int {
		h.Step(kind, L.OptInt(1, 0), L.OptBool(2, false))
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
	strs                                   map[string]lua.LValue // interned strings: no allocation per battle
}

// str returns the Lua string s, made once.
func (bt *battleTables) str(s string) lua.LValue {
	v, ok := bt.strs[s]
	if !ok {
		v = lua.LString(s)
		if len(bt.strs) < 4096 {
			bt.strs[s] = v
		}
	}
	return v
}

func (r *Rules) battleTables() *battleTables {
	if r.bt == nil {
		L := r.sb.L
		bt := &battleTables{b: L.CreateTable(0, 16), att: L.CreateTable(8, 0), sup: L.CreateTable(8, 0), river: L.CreateTable(8, 0), strait: L.CreateTable(8, 0),
			ids: L.CreateTable(8, 0), kinds: L.CreateTable(8, 0), strs: map[string]lua.LValue{}}
		bt.b.RawSetString("attackers", bt.ids)
		bt.b.RawSetString("kinds", bt.kinds)
		bt.b.RawSetString("att", bt.att)
		bt.b.RawSetString("sup", bt.sup)
		bt.b.RawSetString("river", bt.river)
		bt.b.RawSetString("strait", bt.strait)
		r.bt = bt
	}
	return r.bt
}

// Weigh calls the module's odds(b) for a battle.
func (r *Rules) Weigh(b *Battle) (Odds, error) {
	bt := r.battleTables()
	n := len(b.Att)
	for i := 0; i < n; i++ {
		bt.att.RawSetInt(i+1, lnum(b.Att[i]))
		bt.sup.RawSetInt(i+1, lua.LBool(b.Sup[i]))
		bt.river.RawSetInt(i+1, lua.LBool(b.River[i]))
		bt.strait.RawSetInt(i+1, lua.LBool(b.Strait[i]))
		bt.ids.RawSetInt(i+1, bt.str(at(b.Attackers, i)))
		bt.kinds.RawSetInt(i+1, bt.str(at(b.Kinds, i)))
	}
	for _, a := range []*lua.LTable{bt.att, bt.sup, bt.river, bt.strait, bt.ids, bt.kinds} {
		for j := a.Len(); j > n; j-- {
			a.RawSetInt(j, lua.LNil)
		}
	}
	t := bt.b
	t.RawSetString("n", lnum(n))
	t.RawSetString("def", lnum(b.Def))
	t.RawSetString("terrain", bt.str(b.Terrain))
	t.RawSetString("city", bt.str(b.City))
	t.RawSetString("capital", lua.LBool(b.Capital))
	t.RawSetString("weather", bt.str(b.Weather))
	t.RawSetString("defender", bt.str(b.Defender))
	t.RawSetString("def_kind", bt.str(b.DefKind))
	f := r.hook("odds")
	if f == nil {
		return Odds{}, errNoHook(r, "odds")
	}
	ret, err := r.sb.Call(f, 4, t)
	if err != nil {
		return Odds{}, err
	}
	return Odds{Attack: lint(ret[0]), Defense: lint(ret[1]), Odds: lint(ret[2]), Column: lint(ret[3])}, nil
}

// Apply calls results[code](b) for the battle last weighed.
func (r *Rules) Apply(code string) error {
	res := table(r.tbl, "results")
	if res == nil {
		return errNoHook(r, "results")
	}
	f, ok := res.RawGetString(code).(*lua.LFunction)
	if !ok {
		return errNoHook(r, "results."+code)
	}
	_, err := r.sb.Call(f, 0, r.battleTables().b)
	return err
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

func lint(v lua.LValue) int {
	if n, ok := v.(lua.LNumber); ok {
		return int(n)
	}
	return 0
}

type hookError struct{ module, name string }

func (e hookError) Error() string { return e.module + ": the rules module has no " + e.name }

func errNoHook(r *Rules, name string) error { return hookError{r.Module, name} }

// Value is a Lua value passed to a hook.
type Value = lua.LValue
