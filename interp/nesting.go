package interp

import "github.com/yuin/gopher-lua/ast"

// maxNesting bounds how deep a module's code nests: blocks, functions and
// expressions within each other. gopher-lua's compiler takes time that
// grows with the square of the nesting (100,000 nested do blocks took 9
// s, a chain of 100,000 ..  5 s); Lua 5.1 itself stops at 200 levels. A
// chain of a left-associative operator (a + b + c, a.b.c, f(x)(y)) is one
// level: the compiler walks it fast.
const maxNesting = 200

// tooDeep returns the line where a chunk nests deeper than maxNesting, or
// 0. It stops there: it never goes deeper than the limit itself.
func tooDeep(chunk []ast.Stmt) int {
	var n nester
	n.stmts(chunk, 0)
	return n.line
}

// nester measures nesting; line is where it first passed the limit.
type nester struct{ line int }

// over records a node at depth d past the limit.
func (n *nester) over(d int, line int) bool {
	if d > maxNesting && n.line == 0 {
		n.line = max(line, 1)
	}
	return n.line != 0
}

func (n *nester) stmts(ss []ast.Stmt, d int) {
	for _, s := range ss {
		if n.over(d, s.Line()) {
			return
		}
		n.stmt(s, d)
	}
}

func (n *nester) stmt(s ast.Stmt, d int) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		n.exprs(s.Lhs, d+1)
		n.exprs(s.Rhs, d+1)
	case *ast.LocalAssignStmt:
		n.exprs(s.Exprs, d+1)
	case *ast.FuncCallStmt:
		n.expr(s.Expr, d+1)
	case *ast.DoBlockStmt:
		n.stmts(s.Stmts, d+1)
	case *ast.WhileStmt:
		n.expr(s.Condition, d+1)
		n.stmts(s.Stmts, d+1)
	case *ast.RepeatStmt:
		n.expr(s.Condition, d+1)
		n.stmts(s.Stmts, d+1)
	case *ast.IfStmt:
		n.expr(s.Condition, d+1)
		n.stmts(s.Then, d+1)
		n.stmts(s.Else, d+1) // elseif: an if in the else, as deep as written
	case *ast.NumberForStmt:
		n.exprs([]ast.Expr{s.Init, s.Limit, s.Step}, d+1)
		n.stmts(s.Stmts, d+1)
	case *ast.GenericForStmt:
		n.exprs(s.Exprs, d+1)
		n.stmts(s.Stmts, d+1)
	case *ast.FuncDefStmt:
		if s.Name != nil {
			n.exprs([]ast.Expr{s.Name.Func, s.Name.Receiver}, d+1)
		}
		n.stmts(s.Func.Stmts, d+1)
	case *ast.ReturnStmt:
		n.exprs(s.Exprs, d+1)
	}
}

func (n *nester) exprs(es []ast.Expr, d int) {
	for _, e := range es {
		n.expr(e, d)
	}
}

// expr measures e at depth d; the left operand of a binary operator, the
// object of an index and the function of a call stay at d.
func (n *nester) expr(e ast.Expr, d int) {
	if e == nil || n.over(d, e.Line()) {
		return
	}
	switch e := e.(type) {
	case *ast.StringConcatOpExpr:
		n.expr(e.Lhs, d+1)
		n.expr(e.Rhs, d+1) // right-associative: a chain nests
	case *ast.ArithmeticOpExpr:
		n.expr(e.Lhs, d)
		n.expr(e.Rhs, d+1)
	case *ast.LogicalOpExpr:
		n.expr(e.Lhs, d)
		n.expr(e.Rhs, d+1)
	case *ast.RelationalOpExpr:
		n.expr(e.Lhs, d)
		n.expr(e.Rhs, d+1)
	case *ast.AttrGetExpr:
		n.expr(e.Object, d)
		n.expr(e.Key, d+1)
	case *ast.FuncCallExpr:
		n.expr(e.Func, d)
		n.expr(e.Receiver, d)
		n.exprs(e.Args, d+1)
	case *ast.TableExpr:
		for _, f := range e.Fields {
			n.expr(f.Key, d+1)
			n.expr(f.Value, d+1)
		}
	case *ast.UnaryMinusOpExpr:
		n.expr(e.Expr, d+1)
	case *ast.UnaryNotOpExpr:
		n.expr(e.Expr, d+1)
	case *ast.UnaryLenOpExpr:
		n.expr(e.Expr, d+1)
	case *ast.FunctionExpr:
		n.stmts(e.Stmts, d+1)
	}
}
