package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"gpw"
	"gpw/interp"
	"gpw/sim"
)

// slowRun plays 12 two-turn games, bot against bot (or by the engine's
// own play with defaults), under GDW and testdata/slow.lua (a loop of
// 100,000 instructions now and then) with the given budget, as gpw sim
// does (sim.Overloaded stops the run).
func slowRun(t *testing.T, b interp.Budget, defaults bool) ([]*sim.Record, error) {
	t.Helper()
	players, err := Bots("normal", "normal")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Scenario: barbarossa(t), Name: "gdw/barbarossa", Builtin: gpw.Data, Arms: []string{"gdw", "testdata/slow.lua"},
		Players: []Players{players}, Turns: 2, Budget: b}
	if defaults {
		cfg.Players, cfg.Setup = []Players{Defaults}, "auto"
	}
	e, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h := e.Header()
	h.Games, h.Seed = 12, 1
	var recs []*sim.Record
	_, err = sim.Run(context.Background(), &h, e, sim.Options{Jobs: 2, Fatal: sim.Overloaded}, func(r *sim.Record) error {
		recs = append(recs, r)
		return nil
	})
	return recs, err
}

// TestOverloaded: a game stopped by the wall-clock valve (the machine's
// failure, here a valve of 1 ns that only calls of more than 16,384
// instructions reach) stops the run with interp.ErrOverloaded, through
// game and bot (and the engine's own play), and is not recorded as the module's failure; a game
// stopped by the module's own instruction budget is recorded with its
// error and the run plays every game.
func TestOverloaded(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 96 two-turn games")
	}
	for _, defaults := range []bool{false, true} {
		recs, err := slowRun(t, interp.Budget{Wall: time.Nanosecond}, defaults)
		if !errors.Is(err, interp.ErrOverloaded) || !sim.Overloaded(err) || !strings.Contains(err.Error(), "the machine is overloaded") {
			t.Fatalf("defaults %v: run under a 1 ns valve: %v", defaults, err)
		}
		for _, r := range recs {
			if r.Failed() {
				t.Errorf("defaults %v: game %d arm %d recorded as failed: %s", defaults, r.Game, r.Arm, r.Error)
			}
		}
		if len(recs) == 24 {
			t.Errorf("defaults %v: every game was played: the valve stopped none", defaults)
		}

		recs, err = slowRun(t, interp.Budget{Call: 50_000}, defaults)
		if err != nil {
			t.Fatalf("defaults %v: run under a budget of 50,000 instructions a call: %v", defaults, err)
		}
		failed := 0
		for _, r := range recs {
			if r.Failed() {
				failed++
				if r.Arm != 1 || !strings.Contains(r.Error, "ran past its budget") || strings.Contains(r.Error, "overloaded") {
					t.Errorf("defaults %v: game %d arm %d: %s", defaults, r.Game, r.Arm, r.Error)
				}
			}
		}
		if len(recs) != 24 || failed == 0 || failed == 12 {
			t.Errorf("defaults %v: %d records, %d failed: want 24, some of arm 1's failed", defaults, len(recs), failed)
		}
	}
}
