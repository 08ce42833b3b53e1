package interp

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Scope is what a stored value belongs to.
type Scope uint8

// The scopes of the store.
const (
	ScopeGame Scope = iota // the whole game
	ScopeSide              // one side (Index: core.Side)
	ScopeUnit              // one unit (Index: the unit's index)
	ScopeHex               // one hex (Index: the hex's index)
)

var scopeNames = [...]string{"game", "side", "unit", "hex"}

func (s Scope) String() string { return scopeNames[s] }

// StoreKey names one stored value.
type StoreKey struct {
	Scope Scope
	Index int32
	Name  string
}

// Limits of what a module may keep in a game's store.
const (
	maxStoreEntries = 100_000
	maxStoreBytes   = 8 << 20 // strings and list items together
	maxStoreString  = 4 << 10
	maxStoreList    = 4096
)

// Store is what rules modules keep about a game between calls: values per
// game, side, unit and hex. It belongs to the game: it is cloned with it,
// undone with it and shown by the engine's queries. A value is a boolean,
// an integer, a string or a list of these; nil removes it.
type Store struct {
	m     map[StoreKey]any
	bytes int
	// shared: m may be shared with clones; the first Set copies it. A
	// game's store is cloned at every command (for its rollback) and
	// written by few: sharing saves the copies.
	shared bool
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{m: map[StoreKey]any{}} }

// Clone returns an independent copy (values are immutable once stored):
// the two share their values until either is changed.
func (s *Store) Clone() *Store {
	s.shared = true
	return &Store{m: s.m, bytes: s.bytes, shared: true}
}

// Get returns the value stored under k, or nil.
func (s *Store) Get(k StoreKey) any { return s.m[k] }

// Set stores v under k (nil removes it), within the store's limits.
func (s *Store) Set(k StoreKey, v any) error {
	old, had := s.m[k]
	if v == nil {
		if had {
			s.own()
			s.bytes -= size(old)
			delete(s.m, k)
		}
		return nil
	}
	n := size(v)
	if !had && len(s.m) >= maxStoreEntries {
		return fmt.Errorf("the store holds %d values already (limit)", maxStoreEntries)
	}
	if s.bytes-size(old)+n > maxStoreBytes {
		return fmt.Errorf("the store would hold more than %d bytes (limit)", maxStoreBytes)
	}
	s.own()
	s.bytes += n - size(old)
	s.m[k] = v
	return nil
}

// own gives s a map of its own before it is changed.
func (s *Store) own() {
	if s.shared {
		s.m, s.shared = maps.Clone(s.m), false
	}
}

// Keys lists the keys in a fixed order: by scope, name, then index.
func (s *Store) Keys() []StoreKey {
	out := slices.Collect(maps.Keys(s.m))
	slices.SortFunc(out, func(a, b StoreKey) int {
		if a.Scope != b.Scope {
			return int(a.Scope) - int(b.Scope)
		}
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return int(a.Index) - int(b.Index)
	})
	return out
}

// Indices lists, in order, the indices of scope holding a value name.
func (s *Store) Indices(scope Scope, name string) []int {
	var out []int
	for k := range s.m {
		if k.Scope == scope && k.Name == name {
			out = append(out, int(k.Index))
		}
	}
	slices.Sort(out)
	return out
}

func size(v any) int {
	switch v := v.(type) {
	case string:
		return 16 + len(v)
	case []any:
		n := 16
		for _, x := range v {
			n += size(x)
		}
		return n
	case nil:
		return 0
	}
	return 16
}

// Field declares one value a module keeps (R.store).
type Field struct {
	Name    string
	Type    string // boolean, number, string, list
	Label   string // for people: shown by show HEX and units
	Symbol  string // drawn on the map for a hex or unit holding it ("" for none)
	Default any    // returned when nothing is stored
}

// StoreSpec is a module's R.store: its fields by scope.
type StoreSpec [4]map[string]Field

// Field returns the declaration of name in scope.
func (sp StoreSpec) Field(scope Scope, name string) (Field, bool) {
	f, ok := sp[scope][name]
	return f, ok
}

// Fields lists scope's declarations by name.
func (sp StoreSpec) Fields(scope Scope) []Field {
	var out []Field
	for _, n := range slices.Sorted(maps.Keys(sp[scope])) {
		out = append(out, sp[scope][n])
	}
	return out
}

var storeTypes = []string{"boolean", "number", "string", "list"}

// parseStore reads R.store = { game = {...}, side = {...}, unit = {...},
// hex = {...} }, each field either a type name or a table {type=, label=,
// symbol=, default=}.
func parseStore(t *lua.LTable) (StoreSpec, error) {
	var sp StoreSpec
	for i := range sp {
		sp[i] = map[string]Field{}
	}
	if t == nil {
		return sp, nil
	}
	for _, sc := range keys(t) {
		si := slices.Index(scopeNames[:], sc)
		if si < 0 {
			return sp, fmt.Errorf("store.%s: not a scope (game, side, unit, hex)", sc)
		}
		ft, ok := t.RawGetString(sc).(*lua.LTable)
		if !ok {
			return sp, fmt.Errorf("store.%s must be a table of fields", sc)
		}
		for _, name := range keys(ft) {
			f := Field{Name: name, Label: name}
			switch d := ft.RawGetString(name).(type) {
			case lua.LString:
				f.Type = string(d)
			case *lua.LTable:
				f.Type = str(d, "type")
				if l := str(d, "label"); l != "" {
					f.Label = l
				}
				f.Symbol = str(d, "symbol")
				if dv := d.RawGetString("default"); dv != lua.LNil {
					v, err := fromLua(dv)
					if err != nil {
						return sp, fmt.Errorf("store.%s.%s.default: %v", sc, name, err)
					}
					f.Default = v
				}
			default:
				return sp, fmt.Errorf("store.%s.%s: a type name or a table {type=, label=, symbol=, default=}", sc, name)
			}
			if !slices.Contains(storeTypes, f.Type) {
				return sp, fmt.Errorf("store.%s.%s: type %q is not one of %s", sc, name, f.Type, strings.Join(storeTypes, ", "))
			}
			if f.Default != nil && typeOf(f.Default) != f.Type {
				return sp, fmt.Errorf("store.%s.%s: default is a %s, not a %s", sc, name, typeOf(f.Default), f.Type)
			}
			if len(f.Symbol) > 4 {
				return sp, fmt.Errorf("store.%s.%s: symbol %q is longer than 4 bytes", sc, name, f.Symbol)
			}
			sp[si][name] = f
		}
	}
	return sp, nil
}

// typeOf names a stored value's type as R.store does.
func typeOf(v any) string {
	switch v.(type) {
	case bool:
		return "boolean"
	case int:
		return "number"
	case string:
		return "string"
	case []any:
		return "list"
	}
	return "nil"
}

// fromLua converts a Lua value to a stored value: a boolean, an integer, a
// string, or an array of those. It never recurses: a list's items are
// plain values (scalar), so a table that holds itself is an error, not an
// endless walk.
func fromLua(v lua.LValue) (any, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return scalar(v)
	}
	n := t.Len()
	if n > maxStoreList {
		return nil, fmt.Errorf("a list of %d items (limit %d)", n, maxStoreList)
	}
	if count(t) != n {
		return nil, fmt.Errorf("a table that is not a list (1..n without holes)")
	}
	out := make([]any, n)
	for i := range out {
		item := t.RawGetInt(i + 1)
		switch it := item.(type) {
		case *lua.LTable:
			if it == t {
				return nil, fmt.Errorf("a list that holds itself (item %d)", i+1)
			}
			return nil, fmt.Errorf("a list inside a list")
		}
		x, err := scalar(item)
		if err != nil {
			return nil, fmt.Errorf("item %d: %v", i+1, err)
		}
		out[i] = x
	}
	return out, nil
}

// scalar converts a Lua value that is not a table to a stored value.
func scalar(v lua.LValue) (any, error) {
	switch v := v.(type) {
	case *lua.LNilType:
		return nil, nil
	case lua.LBool:
		return bool(v), nil
	case lua.LNumber:
		return toInt(float64(v))
	case lua.LString:
		if len(v) > maxStoreString {
			return nil, fmt.Errorf("a string of %d bytes (limit %d)", len(v), maxStoreString)
		}
		return string(v), nil
	}
	return nil, fmt.Errorf("a %s (store booleans, integers, strings or lists of them)", v.Type())
}

// toLua converts a stored value to Lua.
func toLua(L *lua.LState, v any) lua.LValue {
	switch v := v.(type) {
	case bool:
		return lua.LBool(v)
	case int:
		return lnum(v)
	case string:
		return lua.LString(v)
	case []any:
		t := L.CreateTable(len(v), 0)
		for _, x := range v {
			t.Append(toLua(L, x))
		}
		return t
	}
	return lua.LNil
}

// safeValue is a stored value with its strings made safe to print
// (safeText), for an event.
func safeValue(v any) any {
	switch v := v.(type) {
	case string:
		return safeText(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = safeValue(x)
		}
		return out
	}
	return v
}

// FormatValue prints a stored value for people, its strings made safe to
// print (safeText).
func FormatValue(v any) string {
	switch v := v.(type) {
	case string:
		return safeText(v)
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = FormatValue(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}
