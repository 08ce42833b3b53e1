package interp

import (
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Rules is a compiled module bound to one game: the game's way to call
// the module's hooks. Each call takes a Lua state from the module's pool
// and binds it to the game for the call's duration, so binding is cheap
// and a game may be cloned at will. A Rules is used by one goroutine at a
// time, as its game is.
type Rules struct {
	*Module
	host      Host
	budget    Budget
	phase     string
	inCommand bool // between BeginCommand and EndCommand

	// what running past each budget means, formatted when the budget is
	// set (not on every call): the command's, the phase's, the game's
	commandDue, phaseDue, gameDue string
	// the instructions of the command's calls, and of the phase's and
	// the game's commands (work; by default own)
	commandSteps int64
	work         *Work
	own          Work
	// the Lua call last counted: its state and number
	countedSB *Sandbox
	counted   uint64

	rt    *vm // bound while a call is under way
	depth int
	last  Battle // the battle last weighed, for Apply
}

// Bind returns the module bound to a game (host); its hooks see that game.
func (m *Module) Bind(h Host) *Rules {
	r := &Rules{Module: m, host: h}
	r.work = &r.own
	r.SetBudget(DefaultBudget)
	return r
}

// Fork returns the same rules bound to another host, with the same budget
// and phase: for a clone of the game.
func (r *Rules) Fork(h Host) *Rules {
	f := &Rules{Module: r.Module, host: h, budget: r.budget, phase: r.phase, commandDue: r.commandDue, phaseDue: r.phaseDue, gameDue: r.gameDue,
		own: *r.work}
	f.work = &f.own
	return f
}

// Load compiles a variant and binds it to host: for tools and tests that
// need one game's rules. See Compile.
func Load(variant string, builtin fs.FS, host Host) (*Rules, error) {
	return LoadWith(variant, builtin, host, "", nil)
}

// LoadWith compiles a variant with a scenario's special rules and binds it
// to host.
func LoadWith(variant string, builtin fs.FS, host Host, specialName string, special []byte) (*Rules, error) {
	m, err := Compile(variant, builtin, specialName, special)
	if err != nil {
		return nil, err
	}
	return m.Bind(host), nil
}

// Close releases nothing any more (Lua states belong to the module's
// pool); it stays for callers that pair it with Load.
func (r *Rules) Close() {}

// SetBudget sets the game's Lua budget.
func (r *Rules) SetBudget(b Budget) {
	r.budget = b
	r.commandDue = pastDue(b.Command, "one command")
	r.phaseDue = pastDue(b.Phase, "one phase (every check, listing and command of the phase together)")
	r.gameDue = pastDue(b.Game, "one game (every call of the game together)")
}

// pastDue says what running past a budget of n instructions for what
// means.
func pastDue(n int64, what string) string {
	return fmt.Sprintf("ran past its budget of %s for %s", instructions(n), what)
}

// Budget is the game's Lua budget.
func (r *Rules) Budget() Budget { return r.budget }

// Work is the Lua instructions a game's commands have run: in the phase
// under way and in the whole game. Only commands count (Do and its
// replay): a game's record decides its work, whatever players, bots and
// boards asked of the rules meanwhile. A game keeps it with its position
// (CountIn), so that a refused or undone command's work is undone too.
type Work struct{ Phase, Game int64 }

// CountIn makes the rules count the game's work in *w (its position's)
// from now on; the rules start with their own.
func (r *Rules) CountIn(w *Work) { r.work = w }

// Begin starts a phase: its name for error messages, and the count of
// its Lua instructions (Budget.Phase).
func (r *Rules) Begin(phase string) {
	r.phase, r.work.Phase = phase, 0
	if r.rt != nil && r.rt.sb.depth == 0 { // held between calls: the new phase's budget
		r.rt.sb.SetPhase(phase)
		r.stopAt(r.rt.sb) // cannot fail: the phase's count is 0 and the others were checked
	}
}

// BeginCommand starts the count of one command's instructions;
// EndCommand stops it.
func (r *Rules) BeginCommand() { r.inCommand, r.commandSteps = true, 0 }

// EndCommand stops the command's count.
func (r *Rules) EndCommand() { r.inCommand = false }

// Steps is the count of Lua instructions the game's commands have run.
func (r *Rules) Steps() int64 { return r.work.Game }

// Hold keeps a Lua state bound to the game until the returned function is
// called: for a run of many hook calls (a command, a listing of legal
// actions), which then skip taking and returning a state each.
func (r *Rules) Hold() func() {
	if _, err := r.acquire(); err != nil {
		return func() {}
	}
	return func() {
		var err error // what the held state keeps was checked after each call
		r.release(&err)
	}
}

// acquire binds a Lua state to the game for a call; release gives it back.
func (r *Rules) acquire() (*vm, error) {
	if r.rt != nil {
		if r.rt.broken != nil {
			// a call past its budget broke the state held: every later
			// call of the same command or listing fails at once, the same
			// way, instead of running out its own budget again
			return nil, r.rt.broken
		}
		r.depth++
		return r.rt, nil
	}
	rt, err := r.pool.get()
	if err != nil {
		return nil, err
	}
	rt.m = r.Module
	rt.host = r.host
	rt.world, _ = r.host.(World)
	rt.sb.SetPhase(r.phase)
	rt.sb.SetLimits(r.budget.Call, 0, r.budget.Memory, r.budget.Wall)
	if err := r.stopAt(rt.sb); err != nil {
		r.pool.put(rt)
		return nil, err
	}
	r.rt, r.depth = rt, 1
	return rt, nil
}

// stopAt sets the instruction count at which sb stops any call: the
// budgets of the command, the phase and the game are what is left of
// them, and the first to run out stops the call. It fails when one is
// spent already.
func (r *Rules) stopAt(sb *Sandbox) error {
	left, due := int64(math.MaxInt64), ""
	for _, l := range [...]struct {
		limit, spent int64
		due          string
	}{
		{b2i64(r.inCommand) * r.budget.Command, r.commandSteps, r.commandDue},
		{b2i64(r.inCommand) * r.budget.Phase, r.work.Phase, r.phaseDue},
		{b2i64(r.inCommand) * r.budget.Game, r.work.Game, r.gameDue},
	} {
		if l.limit <= 0 {
			continue
		}
		if l.limit-l.spent <= 0 {
			return &Error{Module: r.Module.Module, Phase: r.phase, cause: ErrBudget, Msg: "rules module " + l.due}
		}
		if l.limit-l.spent < left {
			left, due = l.limit-l.spent, l.due
		}
	}
	at := int64(0)
	if left < math.MaxInt64 {
		at = sb.Steps() + left
	}
	sb.SetStopAt(at, due)
	return nil
}

func b2i64(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// release ends a call that ended with *errp, and gives the runtime back
// once no call or Hold needs it. After each call (held or not): its
// instructions count against the command's, the phase's and the game's
// budgets if a command is under way; a runtime whose call ran past its
// budget is marked broken (the call may have left the module's tables
// half changed), as is one found keeping too much, which fails the call.
// A broken runtime is dropped, not pooled.
func (r *Rules) release(errp *error) {
	rt := r.rt
	if sb := rt.sb; sb.depth == 0 && (sb != r.countedSB || sb.calls != r.counted) { // a Lua call just ended
		r.countedSB, r.counted = sb, sb.calls
		if r.inCommand {
			r.commandSteps += sb.last
			r.work.Phase += sb.last
			r.work.Game += sb.last
		}
		if err := rt.afterCall(r.budget.Keep(), *errp); err != nil && *errp == nil {
			*errp = &Error{Module: r.Module.Module, Phase: r.phase, Msg: err.Error(), cause: ErrBudget}
			rt.broken = *errp
		}
	}
	r.depth--
	if r.depth > 0 {
		return
	}
	r.rt = nil
	if rt.broken != nil {
		rt.sb.Close()
		return
	}
	r.pool.put(rt)
}

// module is the module the runtime runs, for validation in gpw functions.
func (rt *vm) module() *Module { return rt.m }

// Arg is an argument of a hook call, made into a Lua value inside the
// call: a unit's table, a string, a number, a list of strings, the turn.
type Arg struct {
	kind argKind
	n    int
	s    string
	ss   []string
}

type argKind uint8

const (
	argStr argKind = iota
	argNum
	argBool
	argStrs
	argUnit
	argTurn
)

// Str is a string argument.
func Str(s string) Arg { return Arg{kind: argStr, s: s} }

// Num is a number argument.
func Num(n int) Arg { return Arg{kind: argNum, n: n} }

// Bool is a boolean argument.
func Bool(b bool) Arg { return Arg{kind: argBool, n: b2i(b)} }

// Strs is an array of strings.
func Strs(ss []string) Arg { return Arg{kind: argStrs, ss: ss} }

// Unit is unit k's table (World.UnitInfoAt).
func Unit(k int) Arg { return Arg{kind: argUnit, n: k} }

// Turn is the current turn's table {name, month, year, weather, index}.
func Turn() Arg { return Arg{kind: argTurn} }

func (rt *vm) value(a Arg) lua.LValue {
	switch a.kind {
	case argStr:
		return rt.str(a.s)
	case argNum:
		return lnum(a.n)
	case argBool:
		return lua.LBool(a.n != 0)
	case argStrs:
		t := rt.sb.L.CreateTable(len(a.ss), 0)
		for _, s := range a.ss {
			t.Append(rt.str(s))
		}
		return t
	case argUnit:
		return rt.unitTable(a.n)
	case argTurn:
		return rt.turnTable()
	}
	return lua.LNil
}

// call calls the hook fn (a top-level function, "results.X" or
// "commands.X") with args and returns nret results. An absent hook
// returns nil results and no error.
func (r *Rules) call(name string, nret int, args ...Arg) (ret []lua.LValue, err error) {
	if !r.hooks[name] {
		return nil, nil
	}
	rt, err := r.acquire()
	if err != nil {
		return nil, err
	}
	defer r.release(&err)
	var vals [6]lua.LValue
	lv := vals[:0]
	for _, a := range args {
		lv = append(lv, rt.value(a))
	}
	defer rt.purity(name)()
	return rt.sb.Call(rt.fn(name), nret, lv...)
}

// purity marks a pure hook running (and restores the mark after).
func (rt *vm) purity(name string) func() {
	was := rt.pure
	if (pureHooks[name] || strings.HasPrefix(name, "uses.")) && was == "" {
		rt.pure = name
	}
	return func() { rt.pure = was }
}

// fn finds a hook, result or command function in the runtime's table.
func (rt *vm) fn(name string) lua.LValue {
	for i := 0; i < len(name); i++ {
		if name[i] == '.' {
			return table(rt.tbl, name[:i]).RawGetString(name[i+1:])
		}
	}
	return rt.tbl.RawGetString(name)
}

// hookErr names the module and hook of a value a hook returned wrongly.
func (r *Rules) hookErr(name, format string, a ...any) error {
	return &Error{Module: r.Module.Module, Phase: r.phase, Msg: fmt.Sprintf("%s returned %s", name, fmt.Sprintf(format, a...))}
}

// OnPhaseStart calls on_phase_start(phase) if the module has it.
func (r *Rules) OnPhaseStart(p *Phase) (err error) {
	if !r.hooks["on_phase_start"] {
		return nil
	}
	rt, err := r.acquire()
	if err != nil {
		return err
	}
	defer r.release(&err)
	pt := rt.sb.L.CreateTable(0, 4)
	pt.RawSetString("id", rt.str(p.ID))
	pt.RawSetString("side", rt.str(p.Side.String()))
	pt.RawSetString("kind", rt.str(p.Kind.String()))
	pt.RawSetString("weather", lua.LBool(p.Weather))
	_, err = rt.sb.Call(rt.fn("on_phase_start"), 0, pt)
	return err
}

// Bool calls a hook that answers yes or no (true, false or nil); false
// when absent.
func (r *Rules) Bool(name string, args ...Arg) (bool, error) {
	ret, err := r.call(name, 1, args...)
	if err != nil || ret == nil {
		return false, err
	}
	switch ret[0].(type) {
	case lua.LBool, *lua.LNilType:
		return truth(ret[0]), nil
	}
	return false, r.hookErr(name, "a %s; it must return true, false or nil", ret[0].Type())
}

// Int calls a hook that answers a whole number; def when the hook is
// absent.
func (r *Rules) Int(name string, def int, args ...Arg) (int, error) {
	ret, err := r.call(name, 1, args...)
	if err != nil || ret == nil {
		return def, err
	}
	n, ok := ret[0].(lua.LNumber)
	if !ok {
		return 0, r.hookErr(name, "a %s; it must return a number", ret[0].Type())
	}
	v, err := toInt(float64(n))
	if err != nil {
		return 0, r.hookErr(name, "a bad number: %v", err)
	}
	return v, nil
}

// Check calls a hook that answers ok, or false with a message and the rule
// that forbids; an absent hook allows.
func (r *Rules) Check(name string, args ...Arg) (ok bool, msg, rule string, err error) {
	v, msg, rule, err := r.Decide(name, args...)
	return v >= 0 && err == nil, msg, rule, err
}

// Decide calls a hook that may allow outright (true), refuse (false, a
// message and the rule) or leave the engine's own rule to judge (nil, or an
// absent hook): verdict 1, -1 or 0.
func (r *Rules) Decide(name string, args ...Arg) (verdict int, msg, rule string, err error) {
	ret, err := r.call(name, 3, args...)
	switch {
	case err != nil:
		return 0, "", "", err
	case ret == nil || ret[0] == lua.LNil:
		return 0, "", "", nil
	case ret[0].Type() != lua.LTBool:
		return 0, "", "", r.hookErr(name, "a %s; it must return nil, true, or false with a reason and a rule", ret[0].Type())
	case truth(ret[0]):
		return 1, "", "", nil
	}
	msg, rule, err = r.texts(name, ret[1], ret[2])
	return -1, msg, rule, err
}

// texts reads the reason and citation a hook returned: texts of at most
// maxText bytes, made safe to print.
func (r *Rules) texts(name string, reason, rule lua.LValue) (string, string, error) {
	var out [2]string
	for i, v := range []lua.LValue{reason, rule} {
		s := lua.LVAsString(v)
		if len(s) > maxText {
			return "", "", r.hookErr(name, "a %s of %d bytes (limit %d)", [2]string{"reason", "citation"}[i], len(s), maxText)
		}
		out[i] = safeText(s)
	}
	return out[0], out[1], nil
}

// Reason calls a hook that answers a number with an optional reason and
// citation (e.g. allowance: mp, "halved: ...", "House: Rule").
func (r *Rules) Reason(name string, def int, args ...Arg) (n int, why, rule string, err error) {
	ret, err := r.call(name, 3, args...)
	if err != nil || ret == nil {
		return def, "", "", err
	}
	num, ok := ret[0].(lua.LNumber)
	if !ok {
		return 0, "", "", r.hookErr(name, "a %s; it must return a number", ret[0].Type())
	}
	if n, err = toInt(float64(num)); err != nil {
		return 0, "", "", r.hookErr(name, "a bad number: %v", err)
	}
	why, rule, err = r.texts(name, ret[1], ret[2])
	if err != nil {
		return 0, "", "", err
	}
	return n, why, rule, nil
}

// Strings calls a hook that answers n strings (nil when absent).
func (r *Rules) Strings(name string, n int, args ...Arg) ([]string, error) {
	ret, err := r.call(name, n, args...)
	if err != nil || ret == nil {
		return nil, err
	}
	out := make([]string, n)
	for i := range out {
		s, ok := ret[i].(lua.LString)
		if !ok && ret[i] != lua.LNil {
			return nil, r.hookErr(name, "a %s as its value %d; it must return %d strings", ret[i].Type(), i+1, n)
		}
		out[i] = string(s)
	}
	return out, nil
}

// List calls a hook that answers an array of strings (nil when absent).
func (r *Rules) List(name string, args ...Arg) ([]string, error) {
	ret, err := r.call(name, 1, args...)
	if err != nil || ret == nil || ret[0] == lua.LNil {
		return nil, err
	}
	t, ok := ret[0].(*lua.LTable)
	if !ok {
		return nil, r.hookErr(name, "a %s; it must return an array of strings", ret[0].Type())
	}
	out := make([]string, 0, t.Len())
	for i := 1; i <= t.Len(); i++ {
		s, ok := t.RawGetInt(i).(lua.LString)
		if !ok {
			return nil, r.hookErr(name, "item %d a %s; it must return an array of strings", i, t.RawGetInt(i).Type())
		}
		out = append(out, string(s))
	}
	return out, nil
}

// MaxCommandArgs bounds the words of a module command.
const MaxCommandArgs = 32

// RunCommand calls a module command with its words; it answers like Check.
func (r *Rules) RunCommand(word string, args []string) (ok bool, msg, rule string, err error) {
	if len(args) > MaxCommandArgs {
		return false, "", "", &Error{Module: r.Module.Module, Phase: r.phase, Msg: fmt.Sprintf("commands.%s: %d words; a command takes at most %d", word, len(args), MaxCommandArgs)}
	}
	as := make([]Arg, len(args))
	for i, a := range args {
		as[i] = Str(a)
	}
	v, msg, rule, err := r.Decide("commands."+word, as...)
	return v >= 0 && err == nil, msg, rule, err
}

// Weigh calls the module's odds(b) for a battle and checks its answer:
// the odds index within the table or 0 (below it), the column within the
// table.
func (r *Rules) Weigh(b *Battle) (o Odds, err error) {
	if !r.hooks["odds"] {
		return Odds{}, hookError{r.Module.Module, "odds"}
	}
	rt, err := r.acquire()
	if err != nil {
		return Odds{}, err
	}
	defer r.release(&err)
	r.last = *b
	defer rt.purity("odds")()
	ret, err := rt.sb.Call(rt.fn("odds"), 4, rt.fill(b))
	if err != nil {
		return Odds{}, err
	}
	var v [4]int
	for i, name := range []string{"attack", "defence", "odds index", "column"} {
		n, ok := ret[i].(lua.LNumber)
		if !ok {
			return Odds{}, r.hookErr("odds", "a %s as its %s; it returns attack, defence, odds index, column (numbers)", ret[i].Type(), name)
		}
		if v[i], err = toInt(float64(n)); err != nil {
			return Odds{}, r.hookErr("odds", "a bad %s: %v", name, err)
		}
	}
	o = Odds{Attack: v[0], Defense: v[1], Odds: v[2], Column: v[3]}
	cols := len(r.CRTColumns)
	switch {
	case o.Attack < 0 || o.Defense < 0:
		return Odds{}, r.hookErr("odds", "attack %d and defence %d; neither may be negative", o.Attack, o.Defense)
	case o.Odds < 0 || o.Odds > cols:
		return Odds{}, r.hookErr("odds", "odds index %d; the table has columns 1..%d (0: below the table)", o.Odds, cols)
	case o.Odds > 0 && (o.Column < 1 || o.Column > cols):
		return Odds{}, r.hookErr("odds", "column %d; the table has columns 1..%d", o.Column, cols)
	}
	return o, nil
}

// Apply calls results[code](b) for the battle last weighed.
func (r *Rules) Apply(code string) (err error) {
	name := "results." + code
	if !r.hooks[name] {
		return hookError{r.Module.Module, name}
	}
	rt, err := r.acquire()
	if err != nil {
		return err
	}
	defer r.release(&err)
	_, err = rt.sb.Call(rt.fn(name), 0, rt.fill(&r.last))
	return err
}

// SetOutcome records the odds index, column and die of the battle last
// weighed, which results[CODE](b) then sees (b.odds, b.column, b.die).
func (r *Rules) SetOutcome(odds, column, die int) {
	r.last.Odds, r.last.Column, r.last.Die = odds, column, die
}

// LastBattle is the battle last weighed, with its outcome once set: a
// copy for after_battle.
func (r *Rules) LastBattle() Battle {
	b := r.last
	b.Att, b.Sup, b.River, b.Strait = slices.Clone(b.Att), slices.Clone(b.Sup), slices.Clone(b.River), slices.Clone(b.Strait)
	b.Attackers, b.Kinds = slices.Clone(b.Attackers), slices.Clone(b.Kinds)
	return b
}

// AfterBattle calls after_battle(b, result) once a battle's results are
// carried out: b as odds and results saw it, with its odds, column and
// die; result the CRT code.
func (r *Rules) AfterBattle(b *Battle, result string) (err error) {
	if !r.hooks["after_battle"] {
		return nil
	}
	rt, err := r.acquire()
	if err != nil {
		return err
	}
	defer r.release(&err)
	_, err = rt.sb.Call(rt.fn("after_battle"), 0, rt.fill(b), lua.LString(result))
	return err
}

// RetreatOrder calls retreat_order(u, hexes, may_stand) as a battle's
// retreat of unit k is about to be carried out. It answers the hexes to
// retreat (hexes when absent or nil; 0: the unit holds), or how = "stand"
// (it holds, losing a step) or "eliminate", with the module's reason and
// rule.
func (r *Rules) RetreatOrder(k, hexes int, mayStand bool) (n int, how, why, rule string, err error) {
	ret, err := r.call("retreat_order", 3, Unit(k), Num(hexes), Bool(mayStand))
	if err != nil || ret == nil {
		return hexes, "", "", "", err
	}
	if why, rule, err = r.texts("retreat_order", ret[1], ret[2]); err != nil {
		return 0, "", "", "", err
	}
	switch v := ret[0].(type) {
	case *lua.LNilType:
		return hexes, "", "", "", nil
	case lua.LNumber:
		n, err := toInt(float64(v))
		if err != nil || n < 0 || n > maxRetreatHexes {
			return 0, "", "", "", r.hookErr("retreat_order", "%v: a retreat is 0 to %d hexes", v, maxRetreatHexes)
		}
		return n, "", why, rule, nil
	case lua.LString:
		if v == "stand" || v == "eliminate" {
			return 0, string(v), why, rule, nil
		}
	}
	return 0, "", "", "", r.hookErr("retreat_order", "%s; it returns nil, a number of hexes, \"stand\" or \"eliminate\"", safeText(ret[0].String()))
}

// SupplyLines is what supply_lines(side) answers: how far supply reaches
// from the map edge and the extra sources (EdgeRange, -1 for no limit),
// and depots, each a hex reaching its own range.
type SupplyLines struct {
	EdgeRange int
	Depots    []SupplyDepot
}

// SupplyDepot is a supply source with a range.
type SupplyDepot struct {
	Hex   string
	Range int
}

// maxSupplyRange bounds a supply range; maxDepots the depots of a trace.
const maxSupplyRange, maxDepots = 999, 1000

// SupplyLines calls supply_lines(side) at a supply trace: nil when the
// hook is absent or answers nil (unlimited lines from the sources).
func (r *Rules) SupplyLines(side string) (*SupplyLines, error) {
	ret, err := r.call("supply_lines", 1, Str(side))
	if err != nil || ret == nil || ret[0] == lua.LNil {
		return nil, err
	}
	t, ok := ret[0].(*lua.LTable)
	if !ok {
		return nil, r.hookErr("supply_lines", "a %s; it returns nil or {edge_range =, depots = {{hex, range}, ...}}", ret[0].Type())
	}
	sl := &SupplyLines{EdgeRange: -1}
	rd := &reader{}
	if v := t.RawGetString("edge_range"); v != lua.LNil {
		sl.EdgeRange = rd.num(t, "edge_range", "supply_lines: edge_range", -1, 0, maxSupplyRange)
	}
	if ds := rd.table(t, "depots", "supply_lines: depots"); ds != nil {
		if ds.Len() > maxDepots {
			return nil, r.hookErr("supply_lines", "%d depots; at most %d", ds.Len(), maxDepots)
		}
		for i := 1; i <= ds.Len() && rd.err == nil; i++ {
			e, ok := ds.RawGetInt(i).(*lua.LTable)
			if !ok {
				return nil, r.hookErr("supply_lines", "depots[%d] is a %s; a depot is {hex, range}", i, ds.RawGetInt(i).Type())
			}
			hex, _ := e.RawGetInt(1).(lua.LString)
			n, _ := e.RawGetInt(2).(lua.LNumber)
			rg, err := toInt(float64(n))
			if hex == "" || err != nil || rg < 0 || rg > maxSupplyRange {
				return nil, r.hookErr("supply_lines", "depots[%d]: a depot is {hex id, range 0..%d}", i, maxSupplyRange)
			}
			sl.Depots = append(sl.Depots, SupplyDepot{Hex: string(hex), Range: rg})
		}
	}
	if rd.err != nil {
		return nil, r.hookErr("supply_lines", "%v", rd.err)
	}
	return sl, nil
}
