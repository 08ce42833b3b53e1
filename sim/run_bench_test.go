package sim

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkRun is the runner's own cost per game: games that cost
// nothing, passed on in order and written as JSON lines.
func BenchmarkRun(b *testing.B) {
	rec, _ := model{p: []float64{0.5}, turns: 5}.Play(0, 0, 1)
	r := RunnerFunc(func(arm, game int, seed int64) (*Record, error) {
		c := *rec
		return &c, nil
	})
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			h := header(b.N, 1)
			b.ReportAllocs()
			if _, err := Run(context.Background(), h, r, Options{Jobs: jobs}, func(r *Record) error {
				return WriteLine(discard{}, r)
			}); err != nil {
				b.Fatal(err)
			}
		})
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
