package interp

import (
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// retained estimates the bytes a Lua state keeps between calls: the
// tables, strings and closures reachable from its globals, its registry,
// the string metatable, the modules loaded and roots, each counted once.
// The count stops soon after it passes limit.
func (sb *Sandbox) retained(limit int64, roots ...lua.LValue) int64 {
	z := sb.sizer(limit, roots...)
	z.run()
	return z.n
}

// sizer returns a sizer loaded with the state's roots: its globals, its
// registry, the string metatable, the modules loaded, sb.roots and roots.
func (sb *Sandbox) sizer(limit int64, roots ...lua.LValue) *sizer {
	z := &sizer{seen: map[any]struct{}{}, limit: limit}
	z.push(sb.L.G.Global)
	z.push(sb.L.G.Registry)
	z.push(sb.L.GetMetatable(lua.LString("")))
	for _, v := range sb.loaded {
		z.push(v)
	}
	for _, v := range roots {
		z.push(v)
	}
	return z
}

// sizer walks a Lua object graph without recursion (a chain of a million
// nested tables must not need a million Go frames).
type sizer struct {
	seen     map[any]struct{}
	stack    []lua.LValue
	n, limit int64
	walked   int64 // objects walked
}

// Rough sizes of gopher-lua's objects, in bytes.
const (
	sizeObject = 64 // a table, closure or userdata
	sizeEntry  = 40 // a table's key and value
	sizeString = 16 // a string's header
)

func (z *sizer) push(v lua.LValue) {
	switch v := v.(type) {
	case lua.LString:
		z.n += sizeString + int64(len(v))
		if len(v) >= 64 { // a long string shared by many tables counts once
			p := unsafe.StringData(string(v))
			if _, ok := z.seen[p]; ok {
				z.n -= sizeString + int64(len(v))
				return
			}
			z.seen[p] = struct{}{}
		}
	case *lua.LTable, *lua.LFunction, *lua.LUserData:
		if _, ok := z.seen[v]; ok {
			return
		}
		z.seen[v] = struct{}{}
		z.stack = append(z.stack, v)
	}
}

// keysField is the index of LTable's order of keys (-1 if gopher-lua
// has none).
var keysField = func() int {
	f, ok := reflect.TypeFor[lua.LTable]().FieldByName("keys")
	if !ok || f.Type.Kind() != reflect.Slice {
		return -1
	}
	return f.Index[0]
}()

func (z *sizer) run() {
	for len(z.stack) > 0 && z.n <= z.limit {
		v := z.stack[len(z.stack)-1]
		z.stack = z.stack[:len(z.stack)-1]
		z.n += sizeObject
		z.walked++
		switch v := v.(type) {
		case *lua.LTable:
			v.ForEach(func(k, x lua.LValue) {
				z.n += sizeEntry
				z.push(k)
				z.push(x)
			})
			// gopher-lua keeps a removed key in the table's order of keys:
			// a table whose keys come and go grows all the same.
			if keysField >= 0 {
				z.n += sizeEntry * int64(reflect.ValueOf(v).Elem().Field(keysField).Len())
			}
			z.push(v.Metatable)
		case *lua.LFunction:
			for _, uv := range v.Upvalues {
				z.n += sizeString
				z.push(uv.Value())
			}
			if v.Env != nil {
				z.push(v.Env)
			}
		case *lua.LUserData:
			z.push(v.Metatable)
			if v.Env != nil {
				z.push(v.Env)
			}
		}
	}
}
