package lua

// This file and the lines marked "gpw:" elsewhere are gpw's changes to
// gopher-lua v1.1.2 (see GPW.md): an instruction count with a hook, and
// read-only tables and upvalues.

import "math"

// stepState is a state's count of VM instructions and its hook.
type stepState struct {
	steps int64           // instructions run since the state began
	next  int64           // when steps reaches it, hook is called
	hook  func(L *LState) // nil: never
	// charged counts the bytes Lua code has allocated (Charge); when it
	// reaches chargeNext, hook is called.
	charged, chargeNext int64
}

// The bytes Charge counts for what the VM makes: an estimate of what
// each costs in Go, the same as gpw's measure of what a state holds.
const (
	ChargeObject  = 64 // a table, closure or userdata
	ChargeEntry   = 40 // a table's key and value
	ChargeString  = 16 // a string's header (its bytes count too)
	ChargeUpvalue = 16 // a closure's upvalue
)

// Charge counts n bytes allocated by Lua code or by a library function
// for it, and runs the hook when the count reaches the mark SetChargeAt
// set. The VM charges each table, entry set, closure and string it makes
// (a Go function's results included), so a memory budget can look at a
// state as soon as it may have grown by a given amount, whatever the
// number of instructions.
func (ls *LState) Charge(n int64) {
	g := &ls.G.step
	g.charged += n
	if g.charged >= g.chargeNext {
		ls.chargeDue()
	}
}

// Charged is the bytes charged since the state began (Charge).
func (ls *LState) Charged() int64 { return ls.G.step.charged }

// SetChargeAt makes the hook run when the bytes charged reach n.
func (ls *LState) SetChargeAt(n int64) {
	if ls.G.step.hook == nil {
		n = math.MaxInt64
	}
	ls.G.step.chargeNext = n
}

// chargeDue runs the hook for the charge.
//
//go:noinline
func (ls *LState) chargeDue() {
	g := &ls.G.step
	g.chargeNext = math.MaxInt64
	if g.hook != nil {
		g.hook(ls)
	}
}

// chargeValue charges a value a Go function returned: a string by its
// length, a table by its entries (not the tables they hold).
func (ls *LState) chargeValue(v LValue) {
	switch v := v.(type) {
	case LString:
		ls.Charge(ChargeString + int64(len(v)))
	case *LTable:
		ls.Charge(ChargeObject + ChargeEntry*int64(len(v.array)+len(v.dict)+len(v.strdict)))
	}
}

// Steps is how many VM instructions the state (and its threads) has run.
// A call of a Go function counts as one instruction.
func (ls *LState) Steps() int64 { return ls.G.step.steps }

// SetStepHook calls fn from the VM loop when the state's instruction
// count reaches at (and again at each later SetStepAt). fn may raise an
// error (L.RaiseError) to stop the running call; it must call SetStepAt
// to be called again. A nil fn removes the hook.
func (ls *LState) SetStepHook(fn func(L *LState)) {
	ls.G.step.hook = fn
	if fn == nil {
		ls.G.step.next = math.MaxInt64
		ls.G.step.chargeNext = math.MaxInt64
	}
}

// SetStepAt makes the hook run when the instruction count reaches n.
func (ls *LState) SetStepAt(n int64) {
	if ls.G.step.hook == nil {
		n = math.MaxInt64
	}
	ls.G.step.next = n
}

// step counts one instruction; the hook runs when its count is due.
// (Small enough to be inlined in the VM loop; the hook's call is not.)
func (ls *LState) step() {
	g := &ls.G.step
	g.steps++
	if g.steps >= g.next {
		ls.stepDue()
	}
}

// stepDue runs the hook.
//
//go:noinline
func (ls *LState) stepDue() {
	g := &ls.G.step
	g.next = math.MaxInt64
	if g.hook != nil {
		g.hook(ls)
	}
}

// Freeze makes the table read-only to Lua code: assignments (t[k] = v,
// also through __newindex chains), rawset, table.insert, table.remove,
// table.sort and setmetatable on it raise an error. Go code may still
// change it with the Raw* methods.
func (tb *LTable) Freeze() { tb.frozen = true }

// Frozen reports whether the table is read-only to Lua code.
func (tb *LTable) Frozen() bool { return tb.frozen }

// Freeze makes a closed upvalue read-only to Lua code: an assignment to
// it raises an error. An open upvalue (a local of a running function)
// cannot be frozen.
func (uv *Upvalue) Freeze() {
	if uv.closed || uv.reg == nil {
		uv.frozen = true
	}
}

// Frozen reports whether the upvalue is read-only.
func (uv *Upvalue) Frozen() bool { return uv.frozen }

// SetReadOnlyMessage sets what the error says when Lua code tries to
// change a read-only table t at key, or a read-only upvalue named
// upvalue (t nil). Without it the error is "attempt to change field 'x'
// of a read-only table" or "attempt to change read-only upvalue 'n'".
func (ls *LState) SetReadOnlyMessage(fn func(t *LTable, key LValue, upvalue string) string) {
	ls.G.readOnlyMsg = fn
}

func (ls *LState) readOnly(t *LTable, key LValue, upvalue string) {
	if ls.G.readOnlyMsg != nil {
		ls.RaiseError("%s", ls.G.readOnlyMsg(t, key, upvalue))
	}
	if t != nil {
		ls.RaiseError("attempt to change %s of a read-only table", FieldName(key))
	}
	ls.RaiseError("attempt to change read-only upvalue '%s'", upvalue)
}

// checkWrite raises an error if Lua code may not change t.
func (ls *LState) checkWrite(t *LTable, key LValue) {
	if t.frozen {
		ls.readOnly(t, key, "")
	}
}

// FieldName names a table's key in messages: field 'x', index 3, its
// contents (nil: the whole table).
func FieldName(key LValue) string {
	switch k := key.(type) {
	case LString:
		s := string(k)
		if len(s) > 60 {
			s = s[:60] + "..."
		}
		return "field '" + s + "'"
	case LNumber:
		return "index " + k.String()
	case nil:
		return "the contents"
	}
	return "a " + key.Type().String() + " key"
}

// upvalueName is the name of upvalue i of proto p, or "?".
func upvalueName(p *FunctionProto, i int) string {
	if i < len(p.DbgUpvalues) {
		return p.DbgUpvalues[i]
	}
	return "?"
}

// StackValues calls fn with each value on the state's stack: the
// locals and temporaries of the calls under way.
func (ls *LState) StackValues(fn func(LValue)) {
	for _, v := range ls.reg.array[:ls.reg.top] {
		if v != nil {
			fn(v)
		}
	}
}

// AddSteps counts n instructions' worth of work done by a Go function
// (a pattern match's backtracking steps, a long string built), and runs
// the hook if it is due.
func (ls *LState) AddSteps(n int64) {
	g := &ls.G.step
	g.steps += n
	if g.steps >= g.next {
		ls.stepDue()
	}
}

// SetOwner records the Go value that owns the state (for Go functions
// that need it); Owner returns it.
func (ls *LState) SetOwner(v any) { ls.G.owner = v }

// Owner is the value given to SetOwner, or nil.
func (ls *LState) Owner() any { return ls.G.owner }
