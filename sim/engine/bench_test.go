package engine

import (
	"context"
	"fmt"
	"testing"

	"gpw"
	"gpw/sim"
)

// BenchmarkBarbarossa plays whole Barbarossa games bot against bot (one
// per op) through the runner, under gdw and adc2, with one and two jobs.
// Compare the jobs=2 and jobs=1 times for the runner's scaling.
func BenchmarkBarbarossa(b *testing.B) {
	sc := barbarossa(b)
	players, err := Bots("normal", "normal")
	if err != nil {
		b.Fatal(err)
	}
	for _, rules := range []string{"gdw", "adc2"} {
		e, err := New(Config{Scenario: sc, Name: "gdw/barbarossa", Builtin: gpw.Data, Arms: []string{rules}, Players: []Players{players}})
		if err != nil {
			b.Fatal(err)
		}
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/jobs=%d", rules, jobs), func(b *testing.B) {
				h := e.Header()
				h.Games, h.Seed = b.N, 1
				b.ResetTimer()
				if _, err := sim.Run(context.Background(), &h, e, sim.Options{Jobs: jobs}, func(*sim.Record) error { return nil }); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			})
		}
	}
}
