package bot

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// sortCands gives the stable sort's order, for candidates listed by hex
// (its quick path) and in any other order, with ties and NaN scores.
func TestSortCands(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 500 {
		n := rng.IntN(120)
		cs := make([]cand, n)
		h := int32(0)
		for i := range cs {
			h += 1 + int32(rng.IntN(3))
			cs[i] = cand{h: h, static: float32(rng.IntN(8)) / 2}
		}
		switch trial % 4 {
		case 1: // not by hex
			rng.Shuffle(n, func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
		case 2: // a NaN score
			if n > 0 {
				cs[rng.IntN(n)].static = float32(math.NaN())
			}
		}
		want := slices.Clone(cs)
		slices.SortStableFunc(want, byStatic)
		sortCands(cs)
		same := len(cs) == len(want)
		for i := range cs {
			same = same && cs[i].h == want[i].h
		}
		if !same {
			t.Fatalf("trial %d: sortCands %v, stable sort %v", trial, cs, want)
		}
	}
}

func BenchmarkSortCands(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	cs := make([]cand, 100)
	for i := range cs {
		cs[i] = cand{h: int32(i), static: float32(rng.IntN(40)) / 4}
	}
	buf := make([]cand, len(cs))
	b.Run("sortCands", func(b *testing.B) {
		for b.Loop() {
			copy(buf, cs)
			sortCands(buf)
		}
	})
	b.Run("stable", func(b *testing.B) {
		for b.Loop() {
			copy(buf, cs)
			slices.SortStableFunc(buf, byStatic)
		}
	})
}
