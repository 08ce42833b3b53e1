package interp

import (
	"os"
	"testing"
)

// recHost records what a rules module asks of the engine.
type recHost struct {
	die    int
	shifts []string
	notes  []string
	steps  []string
}

func (h *recHost) Roll() int                             { return h.die }
func (h *recHost) RollN(int) int                         { return h.die }
func (h *recHost) Turn() TurnInfo                        { return TurnInfo{Name: "Jul 1941", Month: "Jul", Year: 1941} }
func (h *recHost) SetWeather(w string, d int, c string)  {}
func (h *recHost) Note(t, c string) error                { h.notes = append(h.notes, t); return nil }
func (h *recHost) Shift(c string, n int, r string) error { h.shifts = append(h.shifts, c); return nil }
func (h *recHost) Step(k StepKind, n int, f bool) error {
	h.steps = append(h.steps, k.String())
	return nil
}

func loadGDW(t testing.TB, h Host) *Rules {
	t.Helper()
	r, err := Load("gdw", os.DirFS(".."), h)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestWeighRulebookExample weighs the rulebook's combat example: 28 against
// 6 across a river into forest is 4:1 shifted twice to 2:1.
func TestWeighRulebookExample(t *testing.T) {
	tests := []struct {
		name        string
		b           Battle
		odds, col   int
		attack      int
		shifts      int
		wantRefused bool
	}{
		{"river and forest", Battle{Att: []int{6, 8, 14}, Sup: []bool{true, true, true}, River: []bool{true, true, true}, Strait: []bool{false, false, false}, Def: 6, Terrain: "forest"}, 4, 2, 28, 2, false},
		{"one not across", Battle{Att: []int{6, 8, 14, 6}, Sup: []bool{true, true, true, true}, River: []bool{true, true, true, false}, Strait: []bool{false, false, false, false}, Def: 6, Terrain: "forest"}, 5, 4, 34, 1, false},
		{"swamp halves", Battle{Att: []int{15}, Sup: []bool{true}, River: []bool{false}, Strait: []bool{false}, Def: 4, Terrain: "swamp"}, 1, 1, 7, 0, false},
		{"above 6:1", Battle{Att: []int{40}, Sup: []bool{true}, River: []bool{false}, Strait: []bool{false}, Def: 4, Terrain: "clear"}, 6, 6, 40, 0, false},
		{"below 1:1", Battle{Att: []int{3}, Sup: []bool{true}, River: []bool{false}, Strait: []bool{false}, Def: 4, Terrain: "clear"}, 0, 0, 3, 0, true},
		{"snow and forest", Battle{Att: []int{12}, Sup: []bool{true}, River: []bool{false}, Strait: []bool{false}, Def: 4, Terrain: "forest", Weather: "snow"}, 3, 1, 12, 2, false},
		{"out of supply", Battle{Att: []int{9, 8}, Sup: []bool{false, true}, River: []bool{false, false}, Strait: []bool{false, false}, Def: 4, Terrain: "clear"}, 3, 3, 12, 0, false},
		{"straits", Battle{Att: []int{9}, Sup: []bool{true}, River: []bool{false}, Strait: []bool{true}, Def: 2, Terrain: "clear"}, 2, 1, 4, 1, false},
		{"straits, one attacker across", Battle{Att: []int{9, 8}, Sup: []bool{true, true}, River: []bool{false, false}, Strait: []bool{true, false}, Def: 4, Terrain: "clear"}, 3, 2, 12, 1, false},
		// a capital is a major city and a fortress: two columns
		{"moscow", Battle{Att: []int{24}, Sup: []bool{true}, River: []bool{false}, Strait: []bool{false}, Def: 6, Terrain: "clear", City: "major", Capital: true}, 4, 2, 24, 2, false},
		{"moscow, a fortress on the map", Battle{Att: []int{24}, Sup: []bool{true}, River: []bool{false}, Strait: []bool{false}, Def: 6, Terrain: "clear", City: "fortress", Capital: true}, 4, 2, 24, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &recHost{die: 1}
			r := loadGDW(t, h)
			defer r.Close()
			o, err := r.Weigh(&tt.b)
			if err != nil {
				t.Fatal(err)
			}
			if o.Attack != tt.attack || o.Odds != tt.odds || (!tt.wantRefused && o.Column != tt.col) || len(h.shifts) != tt.shifts {
				t.Errorf("got attack %d odds %d column %d shifts %v; want %d, %d, %d, %d shifts", o.Attack, o.Odds, o.Column, h.shifts, tt.attack, tt.odds, tt.col, tt.shifts)
			}
		})
	}
}

// TestResultsQueueSteps checks each GDW result's steps.
func TestResultsQueueSteps(t *testing.T) {
	want := map[string]string{
		"NE": "", "DR": "retreat advance", "DRL": "defender_loss retreat advance",
		"DE": "defender_eliminate advance", "AL": "attacker_loss", "EX": "defender_loss exchange retreat advance",
	}
	for code, steps := range want {
		h := &recHost{}
		r := loadGDW(t, h)
		b := &Battle{Att: []int{6}, Sup: []bool{true}, River: []bool{false}, Strait: []bool{false}, Def: 6, Terrain: "clear"}
		if _, err := r.Weigh(b); err != nil {
			t.Fatal(err)
		}
		if err := r.Apply(code); err != nil {
			t.Fatal(err)
		}
		got := ""
		for i, s := range h.steps {
			if i > 0 {
				got += " "
			}
			got += s
		}
		if got != steps {
			t.Errorf("%s: steps %q, want %q", code, got, steps)
		}
		r.Close()
	}
}

// BenchmarkCombatLua resolves one battle through the Lua module: the
// arguments in, the odds out, the result applied (its steps queued).
func BenchmarkCombatLua(b *testing.B) {
	h := &recHost{die: 2}
	r := loadGDW(b, h)
	defer r.Close()
	bt := &Battle{Att: []int{6, 8, 14}, Sup: []bool{true, true, true}, River: []bool{true, true, true}, Strait: []bool{false, false, false}, Def: 6, Terrain: "forest"}
	r.Begin("soviet-combat")
	b.ReportAllocs()
	for b.Loop() {
		h.shifts, h.notes, h.steps = h.shifts[:0], h.notes[:0], h.steps[:0]
		o, err := r.Weigh(bt)
		if err != nil {
			b.Fatal(err)
		}
		if err := r.Apply(r.CRT[h.die-1][o.Column-1]); err != nil {
			b.Fatal(err)
		}
	}
}
