package interp

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// internals are what no module error may show: Go's panics, stack traces
// and types, and addresses.
var internals = regexp.MustCompile(`goroutine \d|panic:|runtime error|\.go:\d|interface \{\}|makeslice|invalid argument to|stack traceback|0x[0-9a-f]{8,}`)

// FuzzModule compiles arbitrary house modules (Lua text after
// require("base")) and, for each that loads, weighs a battle, applies
// each result and opens a phase with it. Whatever the text, each step
// succeeds or fails with an error in words. The seed corpus
// (testdata/fuzz/FuzzModule) holds every broken module of
// TestCompileRefusesBadData and hostile_test.go. A brief run:
//
//	go test ./interp -run '^$' -fuzz '^FuzzModule$' -fuzztime 20s -fuzzminimizetime 1s
func FuzzModule(f *testing.F) {
	f.Add(`R.crt.rows[1] = {"DR"}`)
	f.Add("local o = R.odds\nfunction R.odds(b) local a, d, i, c = o(b) return a, d, i, 99 end")
	saved := DefaultBudget
	DefaultBudget = Budget{Call: 1_000_000, Command: 2_000_000, Memory: 64 << 20, Wall: 10 * time.Second}
	f.Cleanup(func() { DefaultBudget = saved })
	dir := f.TempDir()
	path := filepath.Join(dir, "house.lua")
	b := Battle{Att: []int{12, 9}, Sup: []bool{true, false}, River: []bool{false, true}, Strait: []bool{false, false}, Def: 4, Terrain: "forest"}
	f.Fuzz(func(t *testing.T, body string) {
		src := "local R = require(\"base\")\nR.id = \"house\"\n" + body + "\nreturn R\n"
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		check := func(err error) {
			t.Helper()
			if err == nil {
				return
			}
			if m := internals.FindString(err.Error()); m != "" && !strings.Contains(body, m) {
				t.Fatalf("the error shows Go internals (%q): %v", m, err)
			}
		}
		m, err := Compile(path, os.DirFS(".."), "", nil)
		check(err)
		if err != nil {
			return
		}
		r := m.Bind(&recHost{die: 3})
		r.SetBudget(DefaultBudget)
		_, err = r.Weigh(&b)
		check(err)
		for _, code := range []string{"DR", "EX", "DE", "AL", "NE", "DRL"} {
			check(r.Apply(code))
		}
		check(r.OnPhaseStart(&Phase{ID: "axis-panzer", Kind: "move", Weather: true}))
		_, err = r.Int("rebuild_cost", 1, Num(3))
		check(err)
	})
}
