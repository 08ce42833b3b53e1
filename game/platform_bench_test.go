package game

import (
	"testing"

	"gpw"
	"gpw/core"
)

// barbarossaMove returns Barbarossa under gdw at the start of the Axis
// panzer movement phase of its first turn.
func barbarossaMove(b *testing.B) *Game {
	b.Helper()
	g, err := New(loadBuiltin(b, "gdw/barbarossa"), Options{AutoSetup: true, NoUndo: true}, gpw.Data, nil)
	if err != nil {
		b.Fatal(err)
	}
	for g.Phase().Kind != "move" {
		if err := g.Do(core.NoSide, g.defaultCommand()); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// BenchmarkClone copies a Barbarossa position (target ≤ 20 µs).
func BenchmarkClone(b *testing.B) {
	g := barbarossaMove(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = g.Clone()
	}
}

// BenchmarkCloneTo copies a Barbarossa position into the memory of an
// earlier copy, as a search does.
func BenchmarkCloneTo(b *testing.B) {
	g := barbarossaMove(b)
	c := g.Clone()
	b.ReportAllocs()
	for b.Loop() {
		c = g.CloneTo(c)
	}
}

// BenchmarkActions lists every action of Barbarossa's first Axis movement
// phase: every unit's destinations, checked as the move command checks
// them (target ≤ 2 ms).
func BenchmarkActions(b *testing.B) {
	g := barbarossaMove(b)
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		n = len(g.Actions().Commands())
	}
	b.ReportMetric(float64(n), "actions")
}

// BenchmarkCommand runs one move command, all-or-nothing, and takes it
// back by undo.
func BenchmarkCommand(b *testing.B) {
	g, err := New(loadBuiltin(b, "gdw/barbarossa"), Options{AutoSetup: true}, gpw.Data, nil)
	if err != nil {
		b.Fatal(err)
	}
	for g.Phase().Kind != "move" {
		if err := g.Do(core.NoSide, g.defaultCommand()); err != nil {
			b.Fatal(err)
		}
	}
	c := g.Actions().Commands()[0]
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Do(core.NoSide, c); err != nil {
			b.Fatal(err)
		}
		if err := g.Do(core.NoSide, Cmd("undo")); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewGame starts Barbarossa in a process that has started it
// before: map, catalogue and compiled rules come from the caches
// (target ≤ 5 ms).
func BenchmarkNewGame(b *testing.B) {
	sc := loadBuiltin(b, "gdw/barbarossa")
	if _, err := New(sc, Options{}, gpw.Data, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		sc := loadBuiltin(b, "gdw/barbarossa")
		if _, err := New(sc, Options{}, gpw.Data, nil); err != nil {
			b.Fatal(err)
		}
	}
}
