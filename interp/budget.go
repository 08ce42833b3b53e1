package interp

import (
	"errors"
	"fmt"
	"math"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// Budget limits the Lua work of a game. Work is counted, not timed: the
// instructions the Lua VM runs (third_party/gopher-lua counts them; a
// call of a library function counts as one, a pattern match as its
// backtracking steps) and the bytes the game's Lua state holds (its
// tables, strings and closures, measured by walking them). A call's fate
// depends only on what the module does, never on the machine's load or
// speed, nor on other games in the process.
type Budget struct {
	Call    int64 // instructions of one hook call; 0 for no limit
	Command int64 // instructions of the calls of one command together; 0 for no limit
	// Phase is the instructions of all the commands of one phase
	// together; 0 for no limit. Only commands count (Rules.Work): legal
	// actions listed and checks asked by players, bots and boards are not
	// in the game's record, so they must not decide its fate.
	Phase int64
	// Game is the instructions of all the commands of one game; 0 for no
	// limit. A module slow in every call stops within it, however its
	// calls spread over commands and phases.
	Game int64
	// Memory is the bytes the game's Lua state may hold during one call,
	// and a quarter of it what it may keep between calls (its globals,
	// upvalues and tables); 0 for no limit. Garbage does not count.
	Memory int64
	// Wall is a safety valve, not a rule: a call that takes longer by
	// the clock is stopped with ErrOverloaded, which says the machine
	// could not run the game, never that the module failed. 0 for none.
	Wall time.Duration
}

// The default limits are 200 to 400 times the most the shipped modules
// needed in whole campaigns played by hard bots (gdw, adc2 and each house
// rule: at most 8,529 instructions in one call, 18,798 in one command,
// 50,764 in one phase, 2.6 million in one game; docs/engine.md, "Budgets").
const (
	defaultCall    = 2_000_000
	defaultCommand = 5_000_000
	defaultPhase   = 20_000_000
	defaultGame    = 1_000_000_000
)

// DefaultBudget is the budget of a game unless its options say otherwise.
var DefaultBudget = Budget{Call: defaultCall, Command: defaultCommand, Phase: defaultPhase, Game: defaultGame, Memory: 192 << 20, Wall: time.Minute}

// Or fills b's zero fields from def; a negative field becomes 0, no limit.
func (b Budget) Or(def Budget) Budget {
	pick := func(v, d int64) int64 {
		switch {
		case v < 0:
			return 0
		case v == 0:
			return d
		}
		return v
	}
	return Budget{
		Call:    pick(b.Call, def.Call),
		Command: pick(b.Command, def.Command),
		Phase:   pick(b.Phase, def.Phase),
		Game:    pick(b.Game, def.Game),
		Memory:  pick(b.Memory, def.Memory),
		Wall:    time.Duration(pick(int64(b.Wall), int64(def.Wall))),
	}
}

// Keep is what a Lua state may keep between calls under b: a quarter of
// its memory budget (0 for no limit).
func (b Budget) Keep() int64 { return b.Memory / 4 }

// ErrBudget is the cause of an *Error from a call that ran past its budget.
var ErrBudget = errors.New("rules module ran past its budget")

// ErrOverloaded is the cause of an *Error from a call stopped by the
// wall-clock safety valve (Budget.Wall): the machine could not run the
// call in time. It judges the machine, not the module: a game stopped so
// has no result.
var ErrOverloaded = errors.New("the machine is overloaded")

// stepEvery is how many instructions run between looks at the clock.
const stepEvery = 1 << 14

// memEvery is the least number of instructions between two measures of
// what a state holds during a call (no call of the shipped modules runs
// that many); a state that holds much is measured less often (memCost
// instructions per object walked), so that a call hoarding tables as fast
// as it can is measured each time it has grown about 2.6 times, and the
// walks cost about what making the objects did.
const (
	memEvery = 1 << 18
	memCost  = 8
)

// The VM charges every table, entry, closure and string it makes
// (lua.LState.Charge), and the state is measured again once the charges
// since the last measure reach what it may still hold, but at least
// 1/memSlack of its budget: so a call is stopped holding at most
// 1 + 1/memSlack times its budget, plus the largest single thing made
// (a string of maxStringLen), however fast it allocates; and the walks
// cost about what making the objects did. What the VM cannot see (a Go
// function's nested tables, the stack) the instruction-count measures
// (memEvery) still catch.
const memSlack = 8

// stepHook is the Lua state's instruction hook: it stops a call past its
// count of instructions or its memory, or past the wall-clock valve.
func (sb *Sandbox) stepHook(L *lua.LState) {
	if sb.depth == 0 {
		L.SetStepAt(math.MaxInt64)
		L.SetChargeAt(math.MaxInt64)
		return
	}
	n := L.Steps()
	if sb.stopped != "" { // caught by a pcall: stop again at once
		L.SetStepAt(n + 1)
		L.RaiseError("%s", sb.stopped)
	}
	switch {
	case sb.callLimit > 0 && n-sb.callStart >= sb.callLimit:
		sb.stop(fmt.Sprintf("rules module ran past its budget of %s for one call (an endless loop?)", instructions(sb.callLimit)), ErrBudget)
	case n >= sb.stopAt:
		sb.stop("rules module "+sb.pastDue, ErrBudget)
	case sb.wall > 0 && time.Since(sb.started) > sb.wall:
		sb.stop(fmt.Sprintf("the machine is overloaded: a call of the rules module took more than %v by the clock (it had run %s, within its budget); the game was stopped, not judged", sb.wall, instructions(n-sb.callStart)), ErrOverloaded)
	case sb.memory > 0 && (n >= sb.memAt || L.Charged() >= sb.chargeAt):
		held, walked := sb.held(sb.memory)
		if held > sb.memory {
			sb.stop(sb.memoryMessage(), ErrBudget)
			if memoryStopped != nil {
				memoryStopped(sb)
			}
		}
		sb.memAt = n + max(memEvery, walked*memCost)
		sb.chargeAt = L.Charged() + max(sb.memory-held, sb.memory/memSlack)
	}
	if sb.stopped != "" {
		L.SetStepAt(n + 1)
		L.RaiseError("%s", sb.stopped)
	}
	sb.arm()
}

// arm sets the next step at which the hook runs.
func (sb *Sandbox) arm() {
	n := sb.L.Steps()
	at := n + stepEvery
	if sb.callLimit > 0 {
		at = min(at, sb.callStart+sb.callLimit)
	}
	at = min(at, sb.stopAt)
	if sb.memory > 0 {
		at = min(at, sb.memAt)
		sb.L.SetChargeAt(sb.chargeAt)
	} else {
		sb.L.SetChargeAt(math.MaxInt64)
	}
	sb.L.SetStepAt(max(at, n+1))
}

// stop records why the call under way must stop.
func (sb *Sandbox) stop(why string, cause error) {
	sb.stopped, sb.stopCause = why, cause
}

// instructions says n as a count of Lua instructions.
func instructions(n int64) string {
	switch {
	case n >= 1e9 && n%1e9 == 0:
		return fmt.Sprintf("%d billion Lua instructions", n/1e9)
	case n >= 1e6 && n%1e6 == 0:
		return fmt.Sprintf("%d million Lua instructions", n/1e6)
	}
	return fmt.Sprintf("%d Lua instructions", n)
}

// memoryStopped, when set (by tests), sees a state the memory budget
// stops, before its call unwinds.
var memoryStopped func(sb *Sandbox)

func (sb *Sandbox) memoryMessage() string {
	return fmt.Sprintf("rules module took more than its memory budget of %d MiB in one call (--lua-memory)", sb.memory>>20)
}

// held is what the state holds now (what it keeps and what the calls
// under way hold on the stack), counted up to a little past limit, and
// the objects walked.
func (sb *Sandbox) held(limit int64) (n, walked int64) {
	z := sb.sizer(limit)
	sb.L.StackValues(z.push)
	z.run()
	return z.n, z.walked
}

// chargeSteps counts n instructions' worth of work done in Go (a pattern
// match's steps).
func chargeSteps(L *lua.LState, n int) { L.AddSteps(int64(n)) }

// begin marks the start of a call; the outermost call starts the count
// of its instructions and the clock of the safety valve.
func (sb *Sandbox) begin() {
	if sb.depth == 0 {
		sb.started = time.Now()
		sb.calls++
		sb.callStart = sb.L.Steps()
		sb.stopped, sb.stopCause = "", nil
		sb.memAt = sb.callStart + memEvery
		// what a state keeps between calls is at most a quarter of its
		// budget (Budget.Keep): half of it may be made before a measure
		sb.chargeAt = sb.L.Charged() + sb.memory/2
		sb.arm()
	}
	sb.depth++
}

// end marks the end of a call.
func (sb *Sandbox) end() {
	sb.depth--
	if sb.depth == 0 {
		sb.last = sb.L.Steps() - sb.callStart
		sb.sinceKeep += sb.last
		sb.L.SetStepAt(math.MaxInt64)
		sb.L.SetChargeAt(math.MaxInt64)
	}
}
