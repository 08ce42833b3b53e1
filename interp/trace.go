package interp

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// gopher-lua builds a stack traceback for an error caught without an
// error handler, with a line for every tail call a frame has made: an
// endless tail call stopped by the budget makes tens of millions of lines
// (gigabytes). The sandbox's calls and its pcall therefore pass a handler,
// which keeps the error as it is and, for a message without a position,
// notes where it was raised by looking at a few frames only.

// maxWhereLevels is how many frames errWhere looks at.
const maxWhereLevels = 32

// errWhere is the error handler of the sandbox's own calls: it returns the
// error unchanged and keeps in sb.where the position ("file:line:") of the
// innermost Lua frame, for a message that carries none (wrap).
func (sb *Sandbox) errWhere(L *lua.LState) int {
	sb.where = ""
	for i := 1; i <= maxWhereLevels; i++ {
		w := L.Where(i)
		if w == "" {
			break
		}
		if !strings.HasPrefix(w, "[G]") {
			sb.where = w
			break
		}
	}
	L.Push(L.Get(1))
	return 1
}

// keepErr is the error handler of the sandbox's pcall: the error as it is.
func keepErr(L *lua.LState) int {
	L.Push(L.Get(1))
	return 1
}

// luaPCall is Lua's pcall with an error handler (see above); otherwise as
// gopher-lua's.
func luaPCall(handler *lua.LFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		L.CheckAny(1)
		v := L.Get(1)
		if v.Type() != lua.LTFunction && L.GetMetaField(v, "__call").Type() != lua.LTFunction {
			L.Push(lua.LFalse)
			L.Push(lua.LString("attempt to call a " + v.Type().String() + " value"))
			return 2
		}
		if err := L.PCall(L.GetTop()-1, lua.MultRet, handler); err != nil {
			L.Push(lua.LFalse)
			if aerr, ok := err.(*lua.ApiError); ok {
				L.Push(aerr.Object)
			} else {
				L.Push(lua.LString(err.Error()))
			}
			return 2
		}
		L.Insert(lua.LTrue, 1)
		return L.GetTop()
	}
}
