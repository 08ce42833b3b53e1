package interp

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// newTestSandbox returns a sandbox searching testdata and a temp dir holding
// a binary chunk named binary.lua.
func newTestSandbox(t testing.TB, o Options) *Sandbox {
	t.Helper()
	tmp := t.TempDir()
	if err := os.WriteFile(filepath.Join(tmp, "binary.lua"), []byte("\x1bLuaQ\x00\x01\x04\x08"), 0o644); err != nil {
		t.Fatal(err)
	}
	o.SearchPath = append(o.SearchPath, "testdata", tmp)
	sb := NewSandbox(o)
	t.Cleanup(sb.Close)
	return sb
}

func TestRequireFixtures(t *testing.T) {
	tests := []struct {
		module  string
		want    lua.LValue // when no error
		wantErr string     // substring of the error
	}{
		{"os_execute", nil, "os_execute.lua:1: os is not available"},
		{"io_open", nil, "io_open.lua:1: io is not available"},
		{"dofile", nil, "dofile is not available"},
		{"load", nil, "load is not available"},
		{"absent", lua.LTrue, ""},
		{"require_parent", nil, `invalid module name "../secret"`},
		{"require_abs", nil, `invalid module name "/etc/passwd"`},
		{"require_binary", nil, `module "binary" is a binary chunk`},
		{"missing", nil, `module "missing" not found: no missing.lua in testdata`},
		{"require_lib", lua.LNumber(5), ""},
		{"nested_error", nil, "lib/broken.lua:3: attempt to index"},
		{"cycle_a", nil, `module "cycle_a" requires itself (cycle_a.lua -> cycle_b.lua -> cycle_a.lua)`},
		{"syntax", nil, "syntax.lua:2: "},
		{"err_table", nil, "err_table.lua:2: error raised with a table value instead of a message"},
		{"rep_bomb", nil, "rep_bomb.lua:1: string.rep: result too long (limit 1048576 bytes)"},
		{"format_width", nil, "string.format: invalid format (width longer than two digits)"},
		{"format_long", nil, "string.format: result too long"},
		{"concat_long", nil, "table.concat: result too long"},
		{"gsub_long", nil, "string.gsub: result too long"},
		{"pattern_long", nil, "string.find: pattern too long (limit 256 bytes)"},
		{"strings", lua.LTrue, ""},
		{"sparse", lua.LTrue, ""},
	}
	for _, tt := range tests {
		t.Run(tt.module, func(t *testing.T) {
			sb := newTestSandbox(t, Options{})
			got, err := sb.Require(tt.module)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Require(%q) error = %v, want it to contain %q", tt.module, err, tt.wantErr)
				}
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("error %T is not *Error", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Require(%q): %v", tt.module, err)
			}
			if got != tt.want {
				t.Errorf("Require(%q) = %v, want %v", tt.module, got, tt.want)
			}
		})
	}
}

func TestRequireFS(t *testing.T) {
	fsys := fstest.MapFS{
		"rules/base.lua":     {Data: []byte(`return {name = "embedded", dep = require("more.dep")}`)},
		"rules/more/dep.lua": {Data: []byte(`return 42`)},
	}
	dir := t.TempDir()
	// Same name on disk: FS must win; "extra" exists only on disk.
	os.WriteFile(filepath.Join(dir, "base.lua"), []byte(`return {name = "disk"}`), 0o644)
	os.WriteFile(filepath.Join(dir, "extra.lua"), []byte(`return "from disk"`), 0o644)
	sb := NewSandbox(Options{FS: fsys, FSRoot: "rules", SearchPath: []string{dir}})
	defer sb.Close()

	base, err := sb.Require("base")
	if err != nil {
		t.Fatal(err)
	}
	tb := base.(*lua.LTable)
	if got := tb.RawGetString("name"); got != lua.LString("embedded") {
		t.Errorf("base.name = %v, want embedded", got)
	}
	if got := tb.RawGetString("dep"); got != lua.LNumber(42) {
		t.Errorf("base.dep = %v, want 42", got)
	}
	if got, err := sb.Require("extra"); err != nil || got != lua.LString("from disk") {
		t.Errorf(`Require("extra") = %v, %v`, got, err)
	}
}

func TestRequireSymlinkEscape(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret.lua"), []byte(`return "secret"`), 0o644)
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(outside, "secret.lua"), filepath.Join(dir, "link.lua")); err != nil {
		t.Skip("no symlinks:", err)
	}
	sb := NewSandbox(Options{SearchPath: []string{dir}})
	defer sb.Close()
	if got, err := sb.Require("link"); err == nil {
		t.Errorf(`Require("link") = %v, want an error`, got)
	}
}

func TestCompileCache(t *testing.T) {
	src := "-- " + t.Name() + " " + strconv.FormatInt(time.Now().UnixNano(), 10) + "\nreturn 7\n"
	fsys := fstest.MapFS{"cached.lua": {Data: []byte(src)}}
	compiles := func() int {
		protoCache.Lock()
		defer protoCache.Unlock()
		return protoCache.compiles
	}
	before := compiles()
	for i := range 2 {
		sb := NewSandbox(Options{FS: fsys})
		v, err := sb.Require("cached")
		sb.Close()
		if err != nil || v != lua.LNumber(7) {
			t.Fatalf("sandbox %d: Require = %v, %v", i, v, err)
		}
		if got := compiles() - before; got != 1 {
			t.Fatalf("after sandbox %d: %d compilations, want 1 (cache hit)", i, got)
		}
	}
}

func TestDeadline(t *testing.T) {
	sb := newTestSandbox(t, Options{})
	mod, err := sb.Require("loop")
	if err != nil {
		t.Fatal(err)
	}
	fn := func(name string) lua.LValue { return mod.(*lua.LTable).RawGetString(name) }

	for _, spin := range []string{"spin", "spin_pcall"} {
		sb.SetPhase("axis-combat")
		sb.SetLimits(1_000_000, 0, 0, 0)
		start := sb.Steps()
		_, err = sb.Call(fn(spin), 0)
		if n := sb.Steps() - start; n < 1_000_000 || n > 1_000_002 { // a pcall runs one more
			t.Errorf("%s stopped after %d instructions", spin, n)
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: error = %v, want *Error", spin, err)
		}
		want := "in phase axis-combat: rules module ran past its budget of 1 million Lua instructions for one call (an endless loop?)"
		if e.Module != "loop.lua" || e.Phase != "axis-combat" || !strings.HasSuffix(e.Error(), want) {
			t.Errorf("%s: error = %q (module %q), want loop.lua:N: %s", spin, e, e.Module, want)
		}
		if !errors.Is(err, ErrBudget) {
			t.Errorf("%s: errors.Is(err, ErrBudget) = false", spin)
		}

		// The next phase runs normally.
		sb.SetPhase("soviet-move")
		sb.SetLimits(1_000_000, 0, 0, 0)
		ret, err := sb.Call(fn("ok"), 1)
		if err != nil || ret[0] != lua.LNumber(1) {
			t.Fatalf("after timeout: Call(ok) = %v, %v", ret, err)
		}
	}
}

// TestBudgetPerCall: the budget counts only what Lua runs. A game held
// between calls for longer than any clock's budget goes on; a command's
// budget spans its calls.
func TestBudgetPerCall(t *testing.T) {
	sb := newTestSandbox(t, Options{})
	mod, err := sb.Require("loop")
	if err != nil {
		t.Fatal(err)
	}
	okFn := mod.(*lua.LTable).RawGetString("ok")
	sb.SetLimits(10_000, 0, 0, 30*time.Millisecond)
	for i := 0; i < 3; i++ {
		time.Sleep(50 * time.Millisecond) // longer than the valve, between calls
		if _, err := sb.Call(okFn, 1); err != nil {
			t.Fatalf("call %d after a pause: %v", i, err)
		}
	}
	sb.SetLimits(0, 0, 0, 0)
	sb.SetStopAt(sb.Steps()+50_000, "ran past its budget for one command") // what is left of a command's
	_, err = sb.Call(mod.(*lua.LTable).RawGetString("spin"), 0)
	if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "budget for one command") {
		t.Errorf("spent command budget: error = %v", err)
	}
}

func TestErrorLine(t *testing.T) {
	sb := newTestSandbox(t, Options{})
	mod, err := sb.Require("err_line")
	if err != nil {
		t.Fatal(err)
	}
	sb.SetPhase("axis-combat")
	sb.SetLimits(1_000_000, 0, 0, 0)
	_, err = sb.Call(mod.(*lua.LTable).RawGetString("combat"), 1, lua.LNil)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error = %v, want *Error", err)
	}
	want := Error{Module: "err_line.lua", Line: 4, Phase: "axis-combat", Msg: "attempt to index a non-table object(nil) with key 'strength'"}
	if *e != want {
		t.Errorf("error = %#v, want %#v", *e, want)
	}
	if got, want := e.Error(), "err_line.lua:4: in phase axis-combat: attempt to index a non-table object(nil) with key 'strength'"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestDice(t *testing.T) {
	var asked []int
	dice := func(n int) int { asked = append(asked, n); return n } // always the top face
	sb := newTestSandbox(t, Options{Dice: dice})
	fn, err := sb.Require("dice")
	if err != nil {
		t.Fatal(err)
	}
	got, err := sb.Call(fn, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := []lua.LValue{lua.LNumber(6), lua.LNumber(5), lua.LNumber(float64(1<<20-1) / (1 << 20))}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("result %d = %v, want %v", i, got[i], want[i])
		}
	}
	if want := []int{6, 3, 1 << 20}; !equalInts(asked, want) {
		t.Errorf("dice asked for %v, want %v", asked, want)
	}

	nodice := newTestSandbox(t, Options{})
	fn, _ = nodice.Require("dice")
	if _, err := nodice.Call(fn, 3); err == nil || !strings.Contains(err.Error(), "no dice") {
		t.Errorf("without dice: error = %v", err)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestStringMetatableDoesNotLeak(t *testing.T) {
	a := newTestSandbox(t, Options{})
	if got, err := a.Require("tamper"); err != nil || got != lua.LString("pwned") {
		t.Fatalf("tamper = %v, %v", got, err)
	}
	b := newTestSandbox(t, Options{})
	if got, err := b.Require("upper"); err != nil || got != lua.LString("A") {
		t.Errorf("other sandbox: upper = %v, %v, want A", got, err)
	}
}

func TestPrint(t *testing.T) {
	var buf bytes.Buffer
	sb := newTestSandbox(t, Options{Print: &buf})
	if _, err := sb.Require("print"); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "a\t1\tnil\n" {
		t.Errorf("print wrote %q", got)
	}
}

func TestBombsAreCheap(t *testing.T) {
	tests := []struct {
		module   string
		maxAlloc uint64
	}{
		{"rep_bomb", 1 << 20},
		{"sparse", 50 << 20},
		{"gsub_long", 8 << 20},
		{"concat_bomb", 8 << 20},
		{"format_bomb", 1 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.module, func(t *testing.T) {
			sb := newTestSandbox(t, Options{})
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			sb.Require(tt.module)
			d := time.Since(start)
			runtime.ReadMemStats(&after)
			if d > 100*time.Millisecond {
				t.Errorf("took %v", d)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > tt.maxAlloc {
				t.Errorf("allocated %d bytes, want <= %d", alloc, tt.maxAlloc)
			}
		})
	}
}

func BenchmarkNewSandbox(b *testing.B) {
	for b.Loop() {
		NewSandbox(Options{}).Close()
	}
}

func BenchmarkCallScalar(b *testing.B) {
	sb := NewSandbox(Options{SearchPath: []string{"testdata"}})
	defer sb.Close()
	fn, err := sb.Require("scalar")
	if err != nil {
		b.Fatal(err)
	}
	sb.SetPhase("bench")
	sb.SetLimits(0, 0, 0, time.Minute)
	args := []lua.LValue{lua.LNumber(2), lua.LNumber(3), lua.LNumber(4)}
	for b.Loop() {
		ret, err := sb.Call(fn, 1, args...)
		if err != nil || ret[0] != lua.LNumber(10) {
			b.Fatal(ret, err)
		}
	}
}
