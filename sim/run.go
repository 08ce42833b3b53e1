package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
)

// Runner plays game i (seed index) of arm a with the given seed and
// returns its record. Run calls it from several goroutines at once.
type Runner interface {
	Play(arm, game int, seed int64) (*Record, error)
}

// RunnerFunc is a function that is a Runner.
type RunnerFunc func(arm, game int, seed int64) (*Record, error)

// Play calls f.
func (f RunnerFunc) Play(arm, game int, seed int64) (*Record, error) { return f(arm, game, seed) }

// Options control a run.
type Options struct {
	Jobs int   // games played at once; 0: one per CPU
	Stop *Stop // stop early when its rule is met (nil: play every game)
	// Progress, when set, is told each time a record is passed on: how
	// many of total.
	Progress func(done, total int)
	// Fatal tells the errors that stop the run (the machine's: an
	// overloaded machine, a full disk) from those of a game, which are
	// recorded in its record (Record.Error) while the run goes on. nil:
	// every error is the game's. A cancelled context always stops.
	Fatal func(error) bool
	// Done are the records of a run cut short (--resume), in the order
	// (game, arm): Run plays what follows them, and counts them for the
	// stop rule.
	Done []*Record
}

// job is one game to play: its place in the output order.
type job struct {
	seq, game, arm int
}

type result struct {
	seq int
	rec *Record
	err error
}

// Indices lists the seed indices of h's shard, in order.
func (h *Header) Indices() []int {
	var out []int
	for i := 0; i < h.Games; i++ {
		if h.Shard.Has(i) {
			out = append(out, i)
		}
	}
	return out
}

// Run plays the games of h (its shard's seed indices, every arm of each)
// with r, o.Jobs at a time, and passes each record to out in the order
// (game, arm): the output does not depend on the number of jobs. With
// o.Stop it stops after the first seed index at which the rule is met,
// judged in that order. It returns the number of seed indices played.
func Run(ctx context.Context, h *Header, r Runner, o Options, out func(*Record) error) (int, error) {
	jobs := o.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	idx := h.Indices()
	arms := len(h.Arms)
	total := len(idx) * arms
	for k, r := range o.Done {
		if k >= total || r.Game != idx[k/arms] || r.Arm != k%arms {
			return 0, fmt.Errorf("resume: record %d is game %d arm %d, expected game %d arm %d", k+1, r.Game, r.Arm, idx[min(k, total-1)/arms], k%arms)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var tally *Tally
	if o.Stop != nil {
		tally = NewTallyFor(Baselines(h))
	}
	played := 0
	for k, r := range o.Done {
		if tally != nil {
			tally.Add(r)
		}
		if (k+1)%arms == 0 {
			played++
			if tally != nil && o.Stop.Met(tally) {
				return played, nil // the run had stopped
			}
		}
	}
	fatal := func(err error) bool {
		return ctx.Err() != nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || o.Fatal != nil && o.Fatal(err)
	}

	// At most window games run or wait to be passed on: a slow game holds
	// back the output, not the memory.
	window := max(32*jobs, 2*arms)
	tokens := make(chan struct{}, window)
	todo := make(chan job)
	done := make(chan result, window)
	go func() {
		defer close(todo)
		for seq := len(o.Done); seq < total; seq++ {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case todo <- job{seq: seq, game: idx[seq/arms], arm: seq % arms}:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range todo {
				if ctx.Err() != nil {
					done <- result{seq: j.seq, err: ctx.Err()}
					continue
				}
				rec, err := r.Play(j.arm, j.game, h.SeedOf(j.game))
				if err != nil && !fatal(err) {
					failed := &Record{Error: err.Error()}
					if rec != nil {
						failed.Replay = rec.Replay
					}
					rec, err = failed, nil
				}
				if err == nil {
					err = fill(h, j, rec)
				}
				done <- result{seq: j.seq, rec: rec, err: err}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	pending := map[int]result{}
	next := len(o.Done)
	var first error
	for res := range done {
		if first != nil {
			continue // drain
		}
		pending[res.seq] = res
		for {
			res, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			<-tokens
			if res.err != nil {
				first = res.err
				cancel()
				break
			}
			if err := out(res.rec); err != nil {
				first = err
				cancel()
				break
			}
			next++
			if o.Progress != nil {
				o.Progress(next, total)
			}
			if tally != nil {
				tally.Add(res.rec)
			}
			if next%arms != 0 {
				continue
			}
			played++
			if tally != nil && o.Stop.Met(tally) {
				cancel()
				first = errStopped
				break
			}
		}
	}
	if first == errStopped {
		return played, nil
	}
	if first != nil {
		return played, first
	}
	return played, ctx.Err()
}

var errStopped = fmt.Errorf("stopped")

// fill checks that the runner's record is the game asked for and fills in
// what the experiment knows.
func fill(h *Header, j job, rec *Record) error {
	if rec == nil {
		return fmt.Errorf("game %d arm %d: the runner returned no record", j.game, j.arm)
	}
	rec.Game, rec.Arm, rec.Seed = j.game, j.arm, h.SeedOf(j.game)
	rec.Rules = h.Arms[j.arm].Name
	if rec.RulesHash == "" {
		rec.RulesHash = h.Arms[j.arm].Hash
	}
	if rec.ScenarioHash == "" {
		rec.ScenarioHash = h.ScenarioHash
	}
	if rec.Version == "" {
		rec.Version = h.Version
	}
	if rec.Bot == (Bots{}) {
		rec.Bot = h.Arms[j.arm].Bot
		if rec.Bot == (Bots{}) {
			rec.Bot = h.Bot
		}
	}
	return h.Check(rec)
}
