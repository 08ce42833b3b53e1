package interp

import (
	"fmt"
	"maps"
	"slices"

	lua "github.com/yuin/gopher-lua"
)

// A module's Lua states serve every game of the process, one game at a
// time (Rules.acquire). So that no game can leave anything behind for
// the next, everything a state holds once the module is loaded is made
// read-only to Lua code (third_party/gopher-lua: LTable.Freeze,
// Upvalue.Freeze): the globals, the libraries, the string metatable, the
// gpw table, the rules table R and every table and closed upvalue they
// reach. The tables the engine hands to hooks and keeps for later calls
// (units, hexes, the turn, the battle) are read-only too. A write is an
// error at the module's line that tried, naming the field or upvalue. A
// game's state goes in the engine's store (R.store, gpw.set), which the
// engine keeps with each game's position.

// freeze makes everything the state reaches from its globals, the
// string metatable, the modules loaded and roots read-only to Lua code.
func (sb *Sandbox) freeze(roots ...lua.LValue) {
	seen := map[any]struct{}{}
	var stack []lua.LValue
	push := func(v lua.LValue) {
		switch v.(type) {
		case *lua.LTable, *lua.LFunction, *lua.LUserData:
			if _, ok := seen[v]; !ok {
				seen[v] = struct{}{}
				stack = append(stack, v)
			}
		}
	}
	push(sb.L.G.Global)
	push(sb.L.GetMetatable(lua.LString("")))
	for _, k := range slices.Sorted(maps.Keys(sb.loaded)) {
		push(sb.loaded[k])
	}
	for _, v := range roots {
		push(v)
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch v := v.(type) {
		case *lua.LTable:
			v.Freeze()
			v.ForEach(func(k, x lua.LValue) {
				push(k)
				push(x)
			})
			push(v.Metatable)
		case *lua.LFunction:
			for _, uv := range v.Upvalues {
				uv.Freeze()
				push(uv.Value())
			}
			if v.Env != nil {
				push(v.Env)
			}
		case *lua.LUserData:
			push(v.Metatable)
			if v.Env != nil {
				push(v.Env)
			}
		}
	}
	sb.frozen = true
}

// readOnlyMessage says why Lua code may not change table t at key (or
// the upvalue named upvalue, t nil).
func (sb *Sandbox) readOnlyMessage(t *lua.LTable, key lua.LValue, upvalue string) string {
	const state = "a game's state goes in the engine's store (R.store, gpw.set: docs/modding.md)"
	switch {
	case t == nil:
		return fmt.Sprintf("upvalue '%s' is read-only once the module is loaded: every game of the process shares it; %s", upvalue, state)
	case t == sb.L.G.Global:
		return fmt.Sprintf("global %s: a rules module may not set globals once loaded (%s)", lua.LVAsString(key), state)
	case t.Metatable == sb.engineMT && sb.engineMT != nil:
		return fmt.Sprintf("attempt to change %s of a table the engine hands to hooks: it is read-only (the game changes through gpw functions)", lua.FieldName(key))
	}
	return fmt.Sprintf("attempt to change %s of a read-only table: the libraries, the gpw table and every table the module made while loading are shared by every game of the process; %s", lua.FieldName(key), state)
}

// engineTable makes t, a table the engine hands to hooks and keeps for
// later calls, read-only to Lua code.
func (sb *Sandbox) engineTable(t *lua.LTable) *lua.LTable {
	if sb.engineMT == nil {
		sb.engineMT = sb.L.CreateTable(0, 1)
		sb.engineMT.RawSetString("__metatable", lua.LString("the engine's table (read-only)"))
		sb.engineMT.Freeze()
	}
	t.Metatable = sb.engineMT
	t.Freeze()
	return t
}
