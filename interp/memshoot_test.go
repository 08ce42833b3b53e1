package interp

import (
	"errors"
	"math"
	"testing"
	"time"
)

// maxOvershoot is how far past its memory budget a call may hold memory
// when it is stopped (docs/security.md).
const maxOvershoot = 1.25

// TestMemoryOvershoot: hostile calls that allocate as fast as they can,
// each in its own way, are stopped holding at most maxOvershoot times
// the memory budget.
func TestMemoryOvershoot(t *testing.T) {
	const limit = 16 << 20
	tests := []struct{ name, src string }{
		{"tables", `local h = {} for i = 1, 1e9 do h[i] = {i, i} end`},
		{"entries", `local h = {} for i = 1, 1e9 do h[i] = i end`},
		{"fields", `local h = {} for i = 1, 1e9 do h["k" .. i] = true end`},
		{"big tables", `local h = {} for i = 1, 1e9 do h[i] = {1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50} end`},
		{"closures", `local h = {} for i = 1, 1e9 do h[i] = function() return i end end`},
		{"strings by ..", `local s = string.rep("x", 60000) local h = {} for i = 1, 1e9 do h[i] = s .. i end`},
		{"strings by rep", `local h = {} for i = 1, 1e9 do h[i] = string.rep("y", 1000 + i % 7) end`},
		{"strings by format", `local s = string.rep("x", 30000) local h = {} for i = 1, 1e9 do h[i] = string.format("%s%d", s, i) end`},
		{"strings by upper", `local s = string.rep("x", 50000) local h = {} for i = 1, 1e9 do h[i] = (s .. i):upper() end`},
		{"table.insert", `local h = {} for i = 1, 1e9 do table.insert(h, {i}) end`},
		{"table.concat", `local p = {} for i = 1, 2000 do p[i] = "abcdefghij" end local h = {} for i = 1, 1e9 do h[i] = table.concat(p, ",") end`},
		{"nested", `local h = {} for i = 1, 1e9 do h = {h, {i}} end`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sb := NewSandbox(Options{})
			defer sb.Close()
			var held int64 = -1
			memoryStopped = func(s *Sandbox) {
				if s == sb {
					held, _ = s.held(math.MaxInt64)
				}
			}
			defer func() { memoryStopped = nil }()
			sb.SetLimits(0, 0, limit, time.Minute)
			_, err := sb.Run("hoard.lua", []byte(tt.src))
			if !errors.Is(err, ErrBudget) || held < 0 {
				t.Fatalf("error %v, want the memory budget's", err)
			}
			ratio := float64(held) / limit
			t.Logf("%s: stopped holding %.2f MiB, %.2f× the budget", tt.name, float64(held)/(1<<20), ratio)
			if ratio > maxOvershoot {
				t.Errorf("stopped holding %.2f× the budget, want at most %.2f×", ratio, maxOvershoot)
			}
		})
	}
}

// BenchmarkAllocLua is a call that makes tables, sets fields, builds
// strings and calls library functions, under a memory budget: what the
// VM's charges cost (about 4,000 instructions a call).
func BenchmarkAllocLua(b *testing.B) {
	sb := NewSandbox(Options{})
	defer sb.Close()
	sb.SetLimits(0, 0, 64<<20, time.Minute)
	if _, err := sb.Run("alloc.lua", []byte(`function work()
  local t = {}
  for i = 1, 200 do t[i] = {x = i, y = i + 1}; t[i].z = tostring(i) .. "k" end
  return #table.concat({"a", "b", string.rep("c", 10)}) + #t
end`)); err != nil {
		b.Fatal(err)
	}
	fn := sb.L.GetGlobal("work")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sb.Call(fn, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMemoryOvershootModule: a rules module whose hook joins strings as
// fast as it can is stopped within maxOvershoot of the game's budget.
func TestMemoryOvershootModule(t *testing.T) {
	m, err := compileHouse(t, `function R.on_phase_start(p)
  local s = string.rep("x", 60000)
  local h = {}
  for i = 1, 1e9 do h[i] = s .. i end
end`)
	if err != nil {
		t.Fatal(err)
	}
	const limit = 32 << 20
	var held int64 = -1
	memoryStopped = func(s *Sandbox) { held, _ = s.held(math.MaxInt64) }
	defer func() { memoryStopped = nil }()
	r := m.Bind(&recHost{})
	r.SetBudget(Budget{Call: 1e9, Memory: limit})
	err = r.OnPhaseStart(&Phase{ID: "grow"})
	if !errors.Is(err, ErrBudget) || held < 0 {
		t.Fatalf("error %v, want the memory budget's", err)
	}
	if ratio := float64(held) / limit; ratio > maxOvershoot {
		t.Errorf("stopped holding %.2f× the budget, want at most %.2f×", ratio, maxOvershoot)
	}
}
