package game

import (
	"reflect"
	"strings"
	"testing"
)

// TestUndoBounded: a phase of many commands keeps the undo steps of the
// last maxUndo only, and at most maxSpare snapshots for reuse; undo past
// them is refused with the reason.
func TestUndoBounded(t *testing.T) {
	g, err := hostileGame(t, "combat-zoc-retreat", "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 * maxUndo {
		if err := g.Exec([]string{"auto on", "auto off"}[i%2]); err != nil {
			t.Fatal(err)
		}
		if len(g.undo) > maxUndo || len(g.spare) > maxSpare {
			t.Fatalf("command %d: %d undo steps, %d spare snapshots", i+1, len(g.undo), len(g.spare))
		}
	}
	for i := range maxUndo {
		if err := g.Exec("undo"); err != nil {
			t.Fatalf("undo %d: %v", i+1, err)
		}
	}
	err = g.Exec("undo")
	if err == nil || !strings.Contains(err.Error(), "the last 100 commands only") {
		t.Errorf("undo %d: %v", maxUndo+1, err)
	}
	if len(g.spare) > maxSpare {
		t.Errorf("%d spare snapshots", len(g.spare))
	}
	if n := g.history.Len(); n != 2*maxUndo {
		t.Errorf("the history holds %d commands, want %d", n, 2*maxUndo)
	}
}

// TestHistoryFull: a game whose history holds as much as a save may
// refuses the next command and is left as it was.
func TestHistoryFull(t *testing.T) {
	tests := []struct {
		name string
		h    *history
		want string
	}{
		{"commands", &history{text: "auto on", n: maxHistory, bytes: 100}, "at most 1000000 commands"},
		{"bytes", &history{text: "auto on", n: 1, bytes: maxHistoryBytes - 20}, "at most 32 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := hostileGame(t, "combat-zoc-retreat", "", Options{})
			if err != nil {
				t.Fatal(err)
			}
			g.history = tt.h
			before, logged := snap(g), len(g.Log())
			err = g.Exec("auto on")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("auto on: %v, want %q", err, tt.want)
			}
			if g.history != tt.h || g.auto || !reflect.DeepEqual(before, snap(g)) || len(g.Log()) != logged+1 {
				t.Error("the refused command changed the game")
			}
		})
	}
}

// TestHistoryShared: a refused command, a snapshot and a clone share the
// history; an accepted one adds a link and copies nothing.
func TestHistoryShared(t *testing.T) {
	g, err := hostileGame(t, "combat-zoc-retreat", "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	script(t, g, "auto on\nauto off")
	h := g.history
	if err := g.Exec("advance sov-d"); err == nil {
		t.Fatal("advance without a battle was accepted")
	}
	if g.history != h || g.Clone().history != h {
		t.Error("a refusal or a clone copied the history")
	}
	script(t, g, "auto on")
	if g.history.prev != h || !reflect.DeepEqual(g.history.list(), []string{"auto on", "auto off", "auto on"}) {
		t.Errorf("history %v", g.history.list())
	}
}
