package interp

import (
	"errors"
	"fmt"
	"sync"

	lua "github.com/yuin/gopher-lua"
)

// runtime is one Lua state running a module, bound to one game for the
// duration of a call (Rules.acquire). Rules modules keep no game state in
// Lua: everything a game must remember lives in the engine's store, so any
// runtime of a module serves any game.
type vm struct {
	m     *Module
	sb    *Sandbox
	tbl   *lua.LTable // the rules table R
	host  Host        // the game bound for the call under way
	world World       // host as a World, or nil
	bt    *battleTables
	cache tableCache
	pure  string // the pure hook running ("" for none): the game may not change
	// broken: why a call ran past its budget or the state keeps too
	// much (nil while sound); a broken state is dropped, not pooled.
	broken error
}

// mutate fails the Lua call when a pure hook tries to change the game.
func (rt *vm) mutate(L *lua.LState, fn string) {
	if rt.pure != "" {
		L.RaiseError("gpw.%s: %s is a hook that answers a question (the engine also asks it for previews and legal actions): it may not change the game or roll a die; do that in on_phase_start, on_phase_end, after_move, results or a command", fn, rt.pure)
	}
}

// pool holds a module's idle runtimes, last in first out, so a game played
// on one goroutine keeps meeting the same state.
type pool struct {
	mu   sync.Mutex
	m    *Module
	free []*vm
}

func (p *pool) get() (*vm, error) {
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		rt := p.free[n-1]
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return rt, nil
	}
	p.mu.Unlock()
	return p.m.newRuntime()
}

func (p *pool) put(rt *vm) {
	rt.host, rt.world = nil, nil
	p.mu.Lock()
	p.free = append(p.free, rt)
	p.mu.Unlock()
}

// A runtime measures what it keeps after retainSteps instructions or
// retainBuilt bytes of long strings built: a measure costs about as much
// as a few thousand hook calls, and nothing can keep much more than it
// allocates in that time. Both are counts, so a game's measures fall on
// the same calls in every run.
const (
	retainSteps = 1 << 20
	retainBuilt = 16 << 20
)

// afterCall judges a runtime after a call that ended with callErr: broken
// when the call ran past its budget, or when it keeps more than keep
// bytes (0: no limit), which is an error.
func (rt *vm) afterCall(keep int64, callErr error) error {
	if errors.Is(callErr, ErrBudget) || errors.Is(callErr, ErrOverloaded) {
		rt.broken = callErr
		return nil
	}
	if keep > 0 && (rt.sb.sinceKeep >= retainSteps || rt.sb.keptBuilt >= retainBuilt) {
		rt.sb.sinceKeep, rt.sb.keptBuilt = 0, 0
		if err := rt.checkKeep(keep); err != nil {
			rt.broken = err // release names the module and phase
			return err
		}
	}
	return nil
}

// checkKeep fails when the runtime keeps more than keep bytes in Lua.
func (rt *vm) checkKeep(keep int64) error {
	if n := rt.sb.retained(keep, rt.tbl); n > keep {
		return fmt.Errorf("the rules module keeps more than %d MiB in Lua between calls (limit: a quarter of --lua-memory); a game's state belongs in the engine's store (R.store, gpw.set)", keep>>20)
	}
	return nil
}

// newRuntime starts a Lua state and loads the module and the special
// rules into it.
func (m *Module) newRuntime() (*vm, error) {
	spec := m.load
	rt := &vm{m: m}
	opts := spec.opts
	opts.Dice = func(n int) int {
		if rt.pure != "" {
			panic(fmt.Sprintf("math.random in %s, a hook that may not roll a die", rt.pure))
		}
		return rt.host.RollN(n)
	}
	sb := NewSandbox(opts)
	rt.sb = sb
	rt.host = NopHost{}
	installAPI(sb.L, rt)
	sb.SetPhase("load")
	sb.SetLimits(DefaultBudget.Call, DefaultBudget.Command, DefaultBudget.Memory, DefaultBudget.Wall)
	fail := func(err error) (*vm, error) {
		sb.Close()
		return nil, err
	}
	v, err := sb.requireFile(spec.name, spec.rel)
	if err != nil {
		return fail(err)
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		return fail(fmt.Errorf("%s: a rules module must return a table, not %s", m.Module, v.Type()))
	}
	if spec.specialName != "" {
		if t, err = applySpecial(sb, t, spec.specialName, spec.special); err != nil {
			return fail(err)
		}
	}
	rt.tbl = t
	rt.host = nil
	if keep := DefaultBudget.Keep(); keep > 0 {
		if err := rt.checkKeep(keep); err != nil {
			return fail(fmt.Errorf("%s: after loading, %v", m.Module, err))
		}
	}
	sb.freezeGlobals()
	sb.freeze(t)
	return rt, nil
}

func applySpecial(sb *Sandbox, t *lua.LTable, name string, src []byte) (*lua.LTable, error) {
	v, err := sb.Run(name, src)
	if err != nil {
		return nil, err
	}
	f, ok := v.(*lua.LFunction)
	if !ok {
		return nil, fmt.Errorf("%s: special rules must return function(R) ... return R end, not %s", name, v.Type())
	}
	ret, err := sb.Call(f, 1, t)
	if err != nil {
		return nil, err
	}
	switch nt := ret[0].(type) {
	case *lua.LTable:
		return nt, nil
	case *lua.LNilType: // R changed in place
		return t, nil
	}
	return nil, fmt.Errorf("%s: special rules' function(R) must return R (a table), not a %s", name, ret[0].Type())
}
