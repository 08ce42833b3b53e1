// Package interp runs game rules written in Lua inside a restricted
// gopher-lua state.
package interp

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
)

// maxArrayIndex is the value given to lua.MaxArrayIndex.
const maxArrayIndex = 1 << 16

func init() {
	// lua.MaxArrayIndex is a process-wide gopher-lua variable. Integer keys at
	// or above it go to a table's hash part instead of padding its array part
	// with nils, so t[5000000] = true costs one map entry, not 80 MB. It holds
	// for every LState in the process; a Lua list longer than 65535 elements
	// keeps working with explicit indices, but # stops at 65535.
	lua.MaxArrayIndex = maxArrayIndex
}

// removedGlobals are installed by lua.OpenBase but not safe for rules.
var removedGlobals = []string{
	"dofile", "loadfile", "load", "loadstring", "module", "require",
	"getfenv", "setfenv", "collectgarbage", "newproxy", "_printregs",
}

// forbiddenGlobals raise a clear error when read (rawget still sees nil).
var forbiddenGlobals = map[string]bool{
	"os": true, "io": true, "debug": true, "package": true, "coroutine": true,
	"dofile": true, "loadfile": true, "load": true, "loadstring": true, "module": true,
	"getfenv": true, "setfenv": true, "collectgarbage": true, "newproxy": true,
}

// Options configure a sandbox.
type Options struct {
	// FS holds built-in rules (e.g. the embedded rules/ directory); it is
	// searched first, for FSRoot/name.lua.
	FS     fs.FS
	FSRoot string
	// SearchPath lists directories searched, in order after FS, by
	// require("name") for DIR/name.lua (dots in name become '/'). Nothing
	// outside FS and these directories may be loaded, symlinks included.
	SearchPath []string
	// Dice returns a uniform integer in 1..n from the engine's seeded RNG; it
	// backs math.random. Without it math.random raises an error.
	Dice func(n int) int
	// Print receives the output of Lua's print; nil discards it.
	Print io.Writer
	// Loaded, when set, hears of each module file as it returns its
	// value, before any other module changes it (gpw rules diff names
	// the module that wrote a function by what it was then).
	Loaded func(rel string, v lua.LValue)
}

// Sandbox is one Lua state with only safe libraries. Use one per game and per
// goroutine: gopher-lua states are not goroutine-safe, and a fresh state is
// what stops one game's changes to shared tables (such as the string
// metatable) from reaching another.
type Sandbox struct {
	L *lua.LState

	opts    Options
	require *lua.LFunction
	loaded  map[string]lua.LValue // module path -> value, like package.loaded
	loading []string              // module paths being loaded, for cycles
	sums    []ModuleSum           // every module loaded, in load order
	disk    []diskFile            // the modules read from disk

	phase    string
	frozen   bool        // no new globals (freezeGlobals)
	engineMT *lua.LTable // the metatable of the engine's tables (engineTable)

	onError *lua.LFunction // errWhere, the handler of Call's errors
	where   string         // where the last error was raised (errWhere)

	// The budget (budget.go): counts of the state's instructions.
	depth     int       // calls under way (nested calls count once)
	started   time.Time // when the outermost call began (Budget.Wall)
	wall      time.Duration
	callStart int64  // the instruction count when the outermost call began
	callLimit int64  // instructions one call may run; 0 for no limit
	stopAt    int64  // the instruction count that stops any call (SetStopAt)
	pastDue   string // what reaching stopAt means
	stopped   string // why the call under way must stop ("" while it may go on)
	stopCause error  // ErrBudget or ErrOverloaded
	memory    int64  // the bytes the state may hold during a call; 0 for no limit
	memAt     int64  // the instruction count of the next measure of memory
	calls     uint64 // outermost calls begun
	sinceKeep int64  // instructions since the last measure of what it keeps
	chargeAt  int64  // the bytes charged (lua.LState.Charge) at which memory is measured next
	keptBuilt int    // long strings built since the last measure of what it keeps
	last      int64  // the last outermost call's instructions
}

// NewSandbox returns a Lua state with base, table, string and math, minus
// anything that reaches files, the process or bytecode, and with a require
// restricted to o.FS and o.SearchPath.
func NewSandbox(o Options) *Sandbox {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	sb := &Sandbox{L: L, opts: o, loaded: map[string]lua.LValue{}}
	libs := []struct {
		name string
		open lua.LGFunction
	}{
		{lua.BaseLibName, lua.OpenBase},
		{lua.TabLibName, lua.OpenTable},
		{lua.StringLibName, lua.OpenString},
		{lua.MathLibName, lua.OpenMath},
	}
	for _, lib := range libs {
		err := L.CallByParam(lua.P{Fn: L.NewFunction(lib.open), Protect: true}, lua.LString(lib.name))
		if err != nil {
			panic("interp: opening " + lib.name + ": " + err.Error()) // built in: cannot fail
		}
	}
	sortLibs(L)
	for _, name := range removedGlobals {
		L.SetGlobal(name, lua.LNil)
	}
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(globalIndex))
	mt.RawSetString("__metatable", lua.LString("the globals' metatable is the sandbox's"))
	L.SetMetatable(L.G.Global, mt)
	L.SetGlobal("tostring", L.NewFunction(luaTostring(L.GetGlobal("tostring"))))
	L.SetGlobal("pcall", L.NewFunction(luaPCall(L.NewFunction(keepErr))))
	sb.onError = L.NewFunction(sb.errWhere)
	sb.guardRaw()
	sb.require = L.NewFunction(sb.luaRequire)
	L.SetGlobal("require", sb.require)
	L.SetGlobal("print", L.NewFunction(sb.luaPrint))
	math := L.GetGlobal("math").(*lua.LTable)
	math.RawSetString("random", L.NewFunction(sb.luaRandom))
	math.RawSetString("randomseed", L.NewFunction(func(*lua.LState) int { return 0 }))
	capStringLib(L)
	L.SetGlobal(concatName, L.NewFunction(luaConcat))
	sb.stopAt = 1<<63 - 1
	L.SetOwner(sb)
	L.SetStepHook(sb.stepHook)
	L.SetReadOnlyMessage(sb.readOnlyMessage)
	return sb
}

// sortLibs rebuilds _G and the library tables with their names inserted
// in sorted order: gopher-lua opens them from Go maps, and pairs visits a
// table in insertion order, so a module iterating them would see another
// order in each Lua state.
func sortLibs(L *lua.LState) {
	sorted := func(t *lua.LTable) *lua.LTable {
		ks := keys(t)
		nt := L.CreateTable(0, len(ks))
		for _, k := range ks {
			nt.RawSetString(k, t.RawGetString(k))
		}
		return nt
	}
	for _, lib := range []string{lua.StringLibName, lua.TabLibName, lua.MathLibName} {
		L.SetGlobal(lib, sorted(L.GetGlobal(lib).(*lua.LTable)))
	}
	// The string library is the strings' metatable too (its __index is
	// itself): the new table takes both places.
	str := L.GetGlobal(lua.StringLibName).(*lua.LTable)
	str.RawSetString("__index", str)
	L.SetMetatable(lua.LString(""), str)
	g := sorted(L.G.Global)
	g.RawSetString("_G", g)
	L.G.Global, L.Env = g, g
}

// Close releases the Lua state.
func (sb *Sandbox) Close() { sb.L.Close() }

// SetPhase names the phase for error messages.
func (sb *Sandbox) SetPhase(phase string) { sb.phase = phase }

// SetLimits limits each call to call instructions (0: none), every call
// to the instruction count stopAt (see Steps; 0: none) and the memory a
// call may hold to memory bytes (0: none), until the next SetLimits;
// wall is the safety valve of each call (0: none). The limits hold while
// a call runs; nothing expires between calls.
func (sb *Sandbox) SetLimits(call, stopAt, memory int64, wall time.Duration) {
	sb.callLimit, sb.memory, sb.wall = call, memory, wall
	sb.SetStopAt(stopAt, "")
}

// SetStopAt stops every call when the state's instruction count reaches
// n (0: never), with the message pastDue.
func (sb *Sandbox) SetStopAt(n int64, pastDue string) {
	if n <= 0 {
		n = math.MaxInt64
	}
	sb.stopAt, sb.pastDue = n, pastDue
	if sb.depth > 0 {
		sb.arm()
	}
}

// Steps is the count of instructions the state has run.
func (sb *Sandbox) Steps() int64 { return sb.L.Steps() }

// Require loads module name through the restricted require, as Lua's
// require("name") would, and returns its value. Modules are loaded once per
// sandbox.
func (sb *Sandbox) Require(name string) (lua.LValue, error) {
	ret, err := sb.Call(sb.require, 1, lua.LString(name))
	if err != nil {
		return nil, err
	}
	return ret[0], nil
}

// Call calls fn in protected mode with args and returns nret results (all of
// them if nret is lua.MultRet). Errors are *Error.
func (sb *Sandbox) Call(fn lua.LValue, nret int, args ...lua.LValue) (out []lua.LValue, err error) {
	L := sb.L
	sb.begin()
	defer sb.end()
	top := L.GetTop()
	defer func() {
		// The last net: a panic in Go code called from Lua becomes an
		// error, and the state is left as it was before the call.
		if p := recover(); p != nil {
			L.SetTop(top)
			msg := fmt.Sprint(p)
			if ae, ok := p.(*lua.ApiError); ok {
				msg = ae.Object.String()
			}
			out, err = nil, &Error{Phase: sb.phase, Msg: "internal error in a gpw function: " + cleanMsg(msg)}
		}
	}()
	L.Push(fn)
	for _, a := range args {
		L.Push(a)
	}
	sb.where = ""
	if err := L.PCall(len(args), nret, sb.onError); err != nil {
		L.SetTop(top)
		return nil, sb.wrap(err)
	}
	n := L.GetTop() - top
	if n == 0 {
		return nil, nil
	}
	out = make([]lua.LValue, n)
	for i := range out {
		out[i] = L.Get(top + 1 + i)
	}
	L.SetTop(top)
	return out, nil
}

// Error is a Lua failure.
type Error struct {
	Module string // module file as required, e.g. "rules/base.lua"; "" if unknown
	Line   int    // line in Module; 0 if unknown
	Phase  string // phase set by SetPhase
	Msg    string

	cause error // context.DeadlineExceeded after a timeout
}

// Error returns e.g. "rules/base.lua:42: in phase axis-combat: attempt to index a nil value".
func (e *Error) Error() string {
	var b strings.Builder
	switch {
	case e.Module != "" && e.Line > 0:
		fmt.Fprintf(&b, "%s:%d: ", e.Module, e.Line)
	case e.Module != "":
		fmt.Fprintf(&b, "%s: ", e.Module)
	}
	if e.Phase != "" {
		fmt.Fprintf(&b, "in phase %s: ", e.Phase)
	}
	b.WriteString(e.Msg)
	return safeText(b.String())
}

// Unwrap returns context.DeadlineExceeded for a timeout, else nil.
func (e *Error) Unwrap() error { return e.cause }

var (
	posRE   = regexp.MustCompile(`(?s)^([^\s:]+):(\d+): ?(.*)$`)
	traceRE = regexp.MustCompile(`(?m)^\s*([^\s:\[]+):(\d+):`)
)

// wrap turns a gopher-lua error into an *Error.
func (sb *Sandbox) wrap(err error) *Error {
	e := &Error{Phase: sb.phase, Msg: err.Error()}
	trace := ""
	var ae *lua.ApiError
	if errors.As(err, &ae) {
		e.Msg, trace = ae.Object.String(), cmp.Or(ae.StackTrace, sb.where)
		switch ae.Object.(type) {
		case lua.LString, lua.LNumber:
		default: // its text would be an address, different in each run
			e.Msg = fmt.Sprintf("error raised with a %s value instead of a message", ae.Object.Type())
		}
	}
	if m := posRE.FindStringSubmatch(e.Msg); m != nil {
		e.Module, e.Msg = m[1], m[3]
		e.Line, _ = strconv.Atoi(m[2])
	} else if m := traceRE.FindStringSubmatch(trace); m != nil {
		e.Module = m[1]
		e.Line, _ = strconv.Atoi(m[2])
	}
	e.Msg = cleanMsg(e.Msg)
	if sb.stopped != "" {
		e.Msg = sb.stopped
		e.cause = sb.stopCause
	}
	return e
}

// freezeGlobals makes a new global an error once the module is loaded: a
// game's state belongs in the engine's store (R.store), and the Lua
// states of a module serve every game of the process.
func (sb *Sandbox) freezeGlobals() {
	mt, _ := sb.L.G.Global.Metatable.(*lua.LTable) // raw: its __metatable hides it
	if mt == nil {
		return
	}
	mt.RawSetString("__newindex", sb.L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("global %s: a rules module may not set globals once loaded (a game's state goes in R.store: docs/modding.md)", L.ToString(2))
		return 0
	}))
	sb.frozen = true // the raw setters too (guardRaw)
}

// guardRaw wraps the functions that change the table they are given
// without metamethods (rawset, table.insert, table.remove, table.sort)
// to refuse the globals once they are frozen.
func (sb *Sandbox) guardRaw() {
	g := sb.L.G.Global
	tbl, _ := sb.L.GetGlobal(lua.TabLibName).(*lua.LTable)
	for _, f := range []struct {
		t    *lua.LTable
		name string
	}{{g, "rawset"}, {tbl, "insert"}, {tbl, "remove"}, {tbl, "sort"}} {
		if fn, ok := f.t.RawGetString(f.name).(*lua.LFunction); ok {
			f.t.RawSetString(f.name, sb.L.NewFunction(sb.notGlobals(f.name, fn)))
		}
	}
}

// notGlobals wraps fn, a function that changes the table it is given, to
// refuse the globals once they are frozen.
func (sb *Sandbox) notGlobals(name string, fn *lua.LFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		if sb.frozen && L.Get(1) == L.G.Global {
			L.RaiseError("%s(_G, ...): a rules module may not set globals once loaded (a game's state goes in R.store: docs/modding.md)", name)
		}
		top := L.GetTop()
		L.Push(fn)
		for i := 1; i <= top; i++ {
			L.Push(L.Get(i))
		}
		L.Call(top, lua.MultRet)
		return L.GetTop() - top
	}
}

// maxMsgLen bounds the text of a module's error.
const maxMsgLen = 2000

// cleanMsg trims a Lua error's text: no stack traceback, no Go panic
// value's internals, at most maxMsgLen bytes.
func cleanMsg(msg string) string {
	if i := strings.Index(msg, "stack traceback:"); i >= 0 {
		msg = msg[:i]
	}
	msg = strings.TrimSpace(msg)
	if strings.HasSuffix(msg, "registry overflow") {
		msg += " (too many values at once on the Lua stack)"
	}
	return clip(msg, maxMsgLen)
}

// clip cuts s to at most n bytes (on a character's boundary), saying how
// much was left out.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes more)", s[:cut], len(s)-cut)
}

// Reported is an error's text as gpw reports it to a person or a client:
// control characters escaped, at most 2,000 bytes (docs/security.md).
func Reported(err error) string { return clip(safeText(err.Error()), maxMsgLen) }

// safeText makes a module's text safe to print on a terminal: control
// characters but newline and tab (ESC, CR, NUL, C1 codes) and bytes that
// are not UTF-8 become visible escapes (\x1b), so that no text can clear
// the screen, move the cursor or wipe a line.
func safeText(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case control(r):
			fmt.Fprintf(&b, "\\x%02x", r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// needsEscape reports whether safeText changes s.
func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 || control(r) {
			return true
		}
		i += n
	}
	return false
}

// control reports whether r is a control character other than newline
// and tab.
func control(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f
}

// luaTostring is Lua's tostring (base) without addresses: a table,
// function or userdata without __tostring is its type's name, the same
// in every run (an address would differ, and a game that kept it would
// not replay).
func luaTostring(base lua.LValue) lua.LGFunction {
	return func(L *lua.LState) int {
		v := L.CheckAny(1)
		switch v.(type) {
		case *lua.LTable, *lua.LFunction, *lua.LUserData, *lua.LState:
			if L.GetMetaField(v, "__tostring") == lua.LNil {
				L.Push(lua.LString(v.Type().String()))
				return 1
			}
		}
		L.Push(base)
		L.Push(v)
		L.Call(1, 1)
		return 1
	}
}

// globalIndex is _G's __index: nil, or an error for a forbidden name.
func globalIndex(L *lua.LState) int {
	if name, ok := L.Get(2).(lua.LString); ok && forbiddenGlobals[string(name)] {
		L.RaiseError("%s is not available to rules (sandbox)", name)
	}
	L.Push(lua.LNil)
	return 1
}

// luaRequire is Lua's require(name).
func (sb *Sandbox) luaRequire(L *lua.LState) int {
	name := L.CheckString(1)
	rel, err := modulePath(name)
	if err != nil {
		L.RaiseError("%s", err)
	}
	return sb.load(L, name, rel)
}

// requireFile loads the module in file rel (which may hold dots, unlike a
// require name) as require would, and returns its value.
func (sb *Sandbox) requireFile(name, rel string) (lua.LValue, error) {
	if strings.Contains(rel, "/") || strings.Contains(rel, "\\") || !fs.ValidPath(rel) {
		return nil, fmt.Errorf("invalid module file %q", rel)
	}
	fn := sb.L.NewFunction(func(L *lua.LState) int { return sb.load(L, name, rel) })
	ret, err := sb.Call(fn, 1)
	if err != nil {
		return nil, err
	}
	return ret[0], nil
}

// load runs module file rel once and returns its value (Lua's require).
func (sb *Sandbox) load(L *lua.LState, name, rel string) int {
	if v, ok := sb.loaded[rel]; ok {
		L.Push(v)
		return 1
	}
	if slices.Contains(sb.loading, rel) {
		L.RaiseError("require: module %q requires itself (%s)", name, strings.Join(append(sb.loading, rel), " -> "))
	}
	src, err := sb.readSource(name, rel)
	if err != nil {
		L.RaiseError("%s", err)
	}
	sb.sums = append(sb.sums, ModuleSum{Path: rel, SHA256: fmt.Sprintf("%x", sha256.Sum256(src))})
	proto, err := compileCached(rel, src)
	if err != nil {
		L.Error(lua.LString(err.Error()), 0) // already "file:line: msg"
	}
	sb.loading = append(sb.loading, rel)
	defer func() { sb.loading = sb.loading[:len(sb.loading)-1] }()
	L.Push(L.NewFunctionFromProto(proto))
	L.Push(lua.LString(name))
	L.Call(1, 1)
	v := L.Get(-1)
	L.Pop(1)
	if v == lua.LNil {
		v = lua.LTrue
	}
	sb.loaded[rel] = v
	if sb.opts.Loaded != nil {
		sb.opts.Loaded(rel, v)
	}
	L.Push(v)
	return 1
}

// Run compiles and runs a chunk of Lua source (a scenario's special rules)
// under the same sandbox and returns its value; name is used in errors
// and the chunk is hashed with the modules.
func (sb *Sandbox) Run(name string, src []byte) (lua.LValue, error) {
	if len(src) > 0 && src[0] == 0x1b {
		return nil, fmt.Errorf("%s is a binary chunk; only Lua source text may be loaded", name)
	}
	sb.sums = append(sb.sums, ModuleSum{Path: name, SHA256: fmt.Sprintf("%x", sha256.Sum256(src))})
	proto, err := compileCached(name, src)
	if err != nil {
		return nil, err
	}
	ret, err := sb.Call(sb.L.NewFunctionFromProto(proto), 1)
	if err != nil {
		return nil, err
	}
	return ret[0], nil
}

// ModuleSum names a loaded module and the SHA-256 of its source.
type ModuleSum struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Modules lists the modules loaded so far, in load order.
func (sb *Sandbox) Modules() []ModuleSum { return append([]ModuleSum(nil), sb.sums...) }

// modulePath checks a module name and returns its file path, "a.b" -> "a/b.lua".
func modulePath(name string) (string, error) {
	ok := name != "" && len(name) <= 256 && !strings.Contains(name, "..")
	for _, c := range []byte(name) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("_./-", c) >= 0) {
			ok = false
		}
	}
	rel := strings.ReplaceAll(name, ".", "/") + ".lua"
	if !ok || !fs.ValidPath(rel) {
		return "", fmt.Errorf("require: invalid module name %q (only letters, digits and _./-, no \"..\", not absolute)", name)
	}
	return rel, nil
}

// readSource finds rel in FS, then in SearchPath, and returns its source text.
func (sb *Sandbox) readSource(name, rel string) ([]byte, error) {
	var src []byte
	err := fs.ErrNotExist
	var places []string
	if sb.opts.FS != nil {
		places = append(places, "built-in rules")
		src, err = fs.ReadFile(sb.opts.FS, path.Join(sb.opts.FSRoot, rel))
	}
	for _, dir := range sb.opts.SearchPath {
		if !errors.Is(err, fs.ErrNotExist) {
			break
		}
		places = append(places, dir)
		var root *os.Root
		if root, err = os.OpenRoot(dir); err == nil {
			src, err = readRegular(root, filepath.FromSlash(rel))
			root.Close()
			if err == nil {
				sb.disk = append(sb.disk, diskFile{filepath.Join(dir, filepath.FromSlash(rel)), sha256.Sum256(src)})
			}
		}
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("require: module %q not found: no %s in %s", name, rel, strings.Join(places, ", "))
	case err != nil:
		return nil, fmt.Errorf("require: module %q: %v", name, plainFileError(err, rel, places[len(places)-1]))
	case len(src) > 0 && src[0] == 0x1b: // "\x1bLua" signature
		return nil, fmt.Errorf("require: module %q is a binary chunk; only Lua source text may be loaded", name)
	}
	return src, nil
}

// plainFileError says a file error of rel in folder dir in plain words:
// no system call's name ("statat"), a path out of the folder named so.
func plainFileError(err error, rel, dir string) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	if strings.Contains(pe.Err.Error(), "escapes from parent") {
		return fmt.Errorf("%s leads out of the folder %s (a symbolic link?); a module may load only files inside it", rel, dir)
	}
	return fmt.Errorf("%s: %v", rel, pe.Err)
}

// protoCache holds compiled modules for the whole process, keyed by module
// path and source hash, so sandboxes share bytecode instead of re-parsing.
// A FunctionProto is read-only once compiled and may be shared by states
// on different goroutines. It holds at most maxProtos chunks.
var protoCache = struct {
	sync.Mutex
	m        map[protoKey]*lua.FunctionProto
	compiles int // number of compilations, for tests
}{m: map[protoKey]*lua.FunctionProto{}}

// maxProtos bounds the chunks protoCache holds.
const maxProtos = 1024

type protoKey struct {
	path string
	sum  [sha256.Size]byte
}

// compileCached returns the compiled chunk for src, named rel in messages.
func compileCached(rel string, src []byte) (*lua.FunctionProto, error) {
	key := protoKey{rel, sha256.Sum256(src)}
	protoCache.Lock()
	p := protoCache.m[key]
	protoCache.Unlock()
	if p != nil {
		return p, nil
	}
	chunk, err := parse.Parse(bytes.NewReader(src), rel)
	if err != nil {
		var pe *parse.Error
		if errors.As(err, &pe) && pe.Pos.Line != parse.EOF {
			return nil, fmt.Errorf("%s:%d: %s near '%s'", rel, pe.Pos.Line, strings.TrimSpace(pe.Message), pe.Token)
		}
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:0: %s at end of file", rel, strings.TrimSpace(pe.Message))
		}
		return nil, fmt.Errorf("%s:0: %v", rel, err)
	}
	if line := tooDeep(chunk); line > 0 {
		return nil, fmt.Errorf("%s:%d: the code nests more than %d levels deep (blocks, functions and expressions within each other)", rel, line, maxNesting)
	}
	rewriteConcat(chunk)
	p, err = lua.Compile(chunk, rel)
	if err != nil {
		var ce *lua.CompileError
		if errors.As(err, &ce) {
			return nil, fmt.Errorf("%s:%d: %s", rel, ce.Line, ce.Message)
		}
		return nil, fmt.Errorf("%s:0: %v", rel, err)
	}
	protoCache.Lock()
	if len(protoCache.m) >= maxProtos {
		clear(protoCache.m) // a process compiling module after module
	}
	protoCache.m[key] = p
	protoCache.compiles++
	protoCache.Unlock()
	return p, nil
}

// luaPrint is Lua's print, writing to Options.Print.
func (sb *Sandbox) luaPrint(L *lua.LState) int {
	if sb.opts.Print == nil {
		return 0
	}
	parts := make([]string, L.GetTop())
	for i := range parts {
		parts[i] = L.ToStringMeta(L.Get(i + 1)).String()
	}
	fmt.Fprintln(sb.opts.Print, strings.Join(parts, "\t"))
	return 0
}

// luaRandom is math.random on Options.Dice: random() is (Dice(2^20)-1)/2^20,
// a multiple of 2^-20 in [0,1); random(n) is Dice(n); random(m, n) is
// m-1+Dice(n-m+1). The bounds are whole numbers within ±2^31 and an
// interval holds at most 2^31 numbers.
func (sb *Sandbox) luaRandom(L *lua.LState) int {
	if sb.opts.Dice == nil {
		L.RaiseError("math.random: no dice in this sandbox")
	}
	const floatSteps = 1 << 20
	switch L.GetTop() {
	case 0:
		L.Push(lua.LNumber(float64(sb.opts.Dice(floatSteps)-1) / floatSteps))
		return 1
	case 1:
		n := checkInt(L, 1, 1, maxRandom)
		L.Push(lua.LNumber(sb.opts.Dice(n)))
	default:
		m, n := checkInt(L, 1, -maxRandom, maxRandom), checkInt(L, 2, -maxRandom, maxRandom)
		switch {
		case m > n:
			L.ArgError(2, "interval is empty")
		case n-m >= maxRandom:
			L.ArgError(2, fmt.Sprintf("the interval %d..%d holds more than %d numbers", m, n, maxRandom))
		}
		L.Push(lua.LNumber(m - 1 + sb.opts.Dice(n-m+1)))
	}
	return 1
}

// maxRandom bounds math.random's arguments and interval.
const maxRandom = 1 << 31

// maxSourceSize is the largest Lua source file gpw reads.
const maxSourceSize = 1 << 20

// readRegular reads name under root: a regular file (not a device, FIFO or
// link out of root) of at most maxSourceSize bytes.
func readRegular(root *os.Root, name string) ([]byte, error) {
	fi, err := root.Stat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s)", name, fi.Mode().Type())
	}
	if fi.Size() > maxSourceSize {
		return nil, fmt.Errorf("%s is %d bytes; the limit is %d", name, fi.Size(), maxSourceSize)
	}
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, maxSourceSize+1))
	if err == nil && len(src) > maxSourceSize {
		err = fmt.Errorf("%s is over %d bytes", name, maxSourceSize)
	}
	return src, err
}

// FileSum is the SHA-256 of module file rel as a variant would load it
// (the built-in rules first, then a user module's folder), read without
// running anything: a save's modules are checked with it before its game
// is replayed.
func FileSum(variant string, builtin fs.FS, rel string) (string, error) {
	if !fs.ValidPath(rel) || path.Ext(rel) != ".lua" {
		return "", fmt.Errorf("invalid module file %q", rel)
	}
	o := Options{FS: builtin, FSRoot: "rules"}
	if _, ok := Variants[variant]; !ok {
		abs, err := filepath.Abs(variant)
		if err != nil {
			return "", err
		}
		o.SearchPath = []string{filepath.Dir(abs)}
	}
	sb := &Sandbox{opts: o}
	src, err := sb.readSource(strings.TrimSuffix(rel, ".lua"), rel)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%x", sha256.Sum256(src)), nil
}
