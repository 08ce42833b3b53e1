package interp

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
)

// concatName is the global that every .. of a module calls: a name no Lua
// identifier can spell, so module code reaches it only through _G.
const concatName = "(concat)"

// gopher-lua's VM concatenates without a hook: s = s .. s doubles a
// string until memory runs out, faster than any deadline can stop it. So
// modules are compiled with every a .. b .. c that joins two values or
// more (not only literals) replaced by a call of concatName(a, b, c),
// which refuses a result longer than maxStringLen. A chain of one value
// and literals ("attack into " .. terrain .. ": halved") stays the VM's:
// it grows a string by a constant at most, which the time and memory
// budgets stop, and it is what modules write most.

// rewriteConcat replaces the .. expressions of a chunk by calls.
func rewriteConcat(stmts []ast.Stmt) {
	for _, s := range stmts {
		rewriteStmt(s)
	}
}

func rewriteStmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		rewriteExprs(s.Lhs)
		rewriteExprs(s.Rhs)
	case *ast.LocalAssignStmt:
		rewriteExprs(s.Exprs)
	case *ast.FuncCallStmt:
		s.Expr = rewriteExpr(s.Expr)
	case *ast.DoBlockStmt:
		rewriteConcat(s.Stmts)
	case *ast.WhileStmt:
		s.Condition = rewriteExpr(s.Condition)
		rewriteConcat(s.Stmts)
	case *ast.RepeatStmt:
		s.Condition = rewriteExpr(s.Condition)
		rewriteConcat(s.Stmts)
	case *ast.IfStmt:
		s.Condition = rewriteExpr(s.Condition)
		rewriteConcat(s.Then)
		rewriteConcat(s.Else)
	case *ast.NumberForStmt:
		s.Init, s.Limit = rewriteExpr(s.Init), rewriteExpr(s.Limit)
		if s.Step != nil {
			s.Step = rewriteExpr(s.Step)
		}
		rewriteConcat(s.Stmts)
	case *ast.GenericForStmt:
		rewriteExprs(s.Exprs)
		rewriteConcat(s.Stmts)
	case *ast.FuncDefStmt:
		if s.Name != nil {
			s.Name.Func = rewriteExpr(s.Name.Func)
			s.Name.Receiver = rewriteExpr(s.Name.Receiver)
		}
		rewriteConcat(s.Func.Stmts)
	case *ast.ReturnStmt:
		rewriteExprs(s.Exprs)
	}
}

func rewriteExprs(es []ast.Expr) {
	for i, e := range es {
		es[i] = rewriteExpr(e)
	}
}

// rewriteExpr returns e with its .. chains made calls; a chain a .. b ..
// c (right-associative) becomes one call with three arguments.
func rewriteExpr(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.StringConcatOpExpr:
		var args []ast.Expr
		values := 0
		for c := e; ; {
			c.Lhs = rewriteExpr(c.Lhs)
			args = append(args, c.Lhs)
			next, ok := c.Rhs.(*ast.StringConcatOpExpr)
			if !ok {
				c.Rhs = rewriteExpr(c.Rhs)
				args = append(args, c.Rhs)
				break
			}
			c = next
		}
		for _, a := range args {
			switch a.(type) {
			case *ast.StringExpr, *ast.NumberExpr:
			default:
				values++
			}
		}
		if values < 2 {
			return e
		}
		fn := &ast.IdentExpr{Value: concatName}
		fn.SetLine(e.Line())
		fn.SetLastLine(e.LastLine())
		call := &ast.FuncCallExpr{Func: fn, Args: args, AdjustRet: true}
		call.SetLine(e.Line())
		call.SetLastLine(e.LastLine())
		return call
	case *ast.AttrGetExpr:
		e.Object, e.Key = rewriteExpr(e.Object), rewriteExpr(e.Key)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			f.Key, f.Value = rewriteExpr(f.Key), rewriteExpr(f.Value)
		}
	case *ast.FuncCallExpr:
		e.Func, e.Receiver = rewriteExpr(e.Func), rewriteExpr(e.Receiver)
		rewriteExprs(e.Args)
	case *ast.LogicalOpExpr:
		e.Lhs, e.Rhs = rewriteExpr(e.Lhs), rewriteExpr(e.Rhs)
	case *ast.RelationalOpExpr:
		e.Lhs, e.Rhs = rewriteExpr(e.Lhs), rewriteExpr(e.Rhs)
	case *ast.ArithmeticOpExpr:
		e.Lhs, e.Rhs = rewriteExpr(e.Lhs), rewriteExpr(e.Rhs)
	case *ast.UnaryMinusOpExpr:
		e.Expr = rewriteExpr(e.Expr)
	case *ast.UnaryNotOpExpr:
		e.Expr = rewriteExpr(e.Expr)
	case *ast.UnaryLenOpExpr:
		e.Expr = rewriteExpr(e.Expr)
	case *ast.FunctionExpr:
		rewriteConcat(e.Stmts)
	}
	return e
}

// luaConcat is the .. operator with a length cap: the values from right
// to left, runs of strings and numbers joined at once, __concat
// metamethods called for the others, as the VM does.
func luaConcat(L *lua.LState) int {
	top := L.GetTop()
	if top == 0 {
		L.Push(lua.LString(""))
		return 1
	}
	rhs := L.Get(top)
	for i := top - 1; i >= 1; {
		lhs := L.Get(i)
		if !lua.LVCanConvToString(lhs) || !lua.LVCanConvToString(rhs) {
			op := L.GetMetaField(lhs, "__concat")
			if op == lua.LNil {
				op = L.GetMetaField(rhs, "__concat")
			}
			if op.Type() != lua.LTFunction {
				L.RaiseError("cannot perform concat operation between %v and %v", lhs.Type(), rhs.Type())
			}
			L.Push(op)
			L.Push(lhs)
			L.Push(rhs)
			L.Call(2, 1)
			rhs = L.Get(-1)
			L.Pop(1)
			i--
			continue
		}
		last := lua.LVAsString(rhs)
		size := len(last)
		j := i
		for ; j >= 1 && lua.LVCanConvToString(L.Get(j)); j-- {
			if v, ok := L.Get(j).(lua.LString); ok {
				size += len(v)
			} else {
				size += 24 // a number's text
			}
			if size > maxStringLen {
				L.RaiseError("string too long: .. would make more than %d bytes (limit)", maxStringLen)
			}
		}
		built(L, size)
		var b strings.Builder
		b.Grow(size)
		for k := j + 1; k <= i; k++ {
			b.WriteString(lua.LVAsString(L.Get(k)))
		}
		b.WriteString(last)
		rhs = lua.LString(b.String())
		i = j
	}
	L.Push(rhs)
	return 1
}
