package interp

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
	"weak"
)

// Budget limits the Lua work of a game: each hook call alone, all the
// calls of one command together, and the memory a call may take. Time is
// measured only while Lua runs: a program may hold a game for hours
// between commands.
type Budget struct {
	Call    time.Duration // one hook call; 0 for no limit
	Command time.Duration // the calls of one command together; 0 for no limit
	// Phase is the Lua time of all the calls of one phase together:
	// commands, legal actions listed, checks asked by players and bots;
	// 0 for no limit. A module slow in every call stops within it.
	Phase time.Duration
	// Slow is the Lua time a game may spend in slow calls (each over
	// SlowCall), all together; 0 for no limit. A rule's hook answers in
	// microseconds: a module slow in every call stops within it, however
	// its calls spread over commands and phases.
	Slow time.Duration
	// Memory is how much the heap may grow during one call, and a quarter
	// of it what a Lua state may keep between calls (its globals, upvalues
	// and tables); 0 for no limit. It is measured on the whole process:
	// with several games in one process, a call is charged with what
	// others allocate meanwhile.
	Memory int64
}

// DefaultBudget is the budget of a game unless its options say otherwise.
var DefaultBudget = Budget{Call: time.Second, Command: 3 * time.Second, Phase: 3 * time.Second, Slow: 2 * time.Second, Memory: 192 << 20}

// SlowCall is how long a call must take to count against Budget.Slow.
const SlowCall = 50 * time.Millisecond

// Or fills b's zero fields from def; a negative field becomes 0, no limit.
func (b Budget) Or(def Budget) Budget {
	pick := func(v, d int64) int64 {
		switch {
		case v < 0:
			return 0
		case v == 0:
			return d
		}
		return v
	}
	return Budget{
		Call:    time.Duration(pick(int64(b.Call), int64(def.Call))),
		Command: time.Duration(pick(int64(b.Command), int64(def.Command))),
		Phase:   time.Duration(pick(int64(b.Phase), int64(def.Phase))),
		Slow:    time.Duration(pick(int64(b.Slow), int64(def.Slow))),
		Memory:  pick(b.Memory, def.Memory),
	}
}

// Keep is what a Lua state may keep between calls under b: a quarter of
// its memory budget (0 for no limit).
func (b Budget) Keep() int64 { return b.Memory / 4 }

// ErrBudget is the cause of an *Error from a call that ran past its budget.
var ErrBudget = errors.New("rules module ran past its budget")

// watchPeriod is how often the watchdog looks at running calls.
const watchPeriod = 5 * time.Millisecond

// watchdog cancels the context of a sandbox whose call has run past its
// budget of time or memory. One goroutine serves every sandbox of the
// process; a sandbox pays two uncontended locks per call. It holds the
// sandboxes weakly: a Lua state nobody uses any more (the runtimes of a
// module compiled again) is collected without being closed. Memory is the
// process's heap (live and not yet collected objects), read every period
// while a call with a memory budget runs: a call is stopped when the heap
// has grown past its budget since the watchdog first saw it, and still is
// after a collection.
type watchdog struct {
	mu         sync.Mutex
	all        map[weak.Pointer[Sandbox]]struct{}
	running    bool
	collecting atomic.Bool // a collection confirms calls past their memory budget
}

var watch = &watchdog{all: map[weak.Pointer[Sandbox]]struct{}{}}

func (w *watchdog) add(sb *Sandbox) {
	w.mu.Lock()
	w.all[weak.Make(sb)] = struct{}{}
	if !w.running {
		w.running = true
		go w.loop()
	}
	w.mu.Unlock()
}

func (w *watchdog) remove(sb *Sandbox) {
	w.mu.Lock()
	delete(w.all, weak.Make(sb))
	w.mu.Unlock()
}

func (w *watchdog) loop() {
	t := time.NewTicker(watchPeriod)
	defer t.Stop()
	var live []*Sandbox
	for now := range t.C {
		w.mu.Lock()
		live = live[:0]
		for p := range w.all {
			if sb := p.Value(); sb != nil {
				live = append(live, sb)
			} else {
				delete(w.all, p)
			}
		}
		w.mu.Unlock()
		heap := uint64(0)
		for _, sb := range live {
			if sb.watched() {
				heap = heapBytes()
				break
			}
		}
		var over []*Sandbox
		for _, sb := range live {
			if sb.expire(now, heap) {
				over = append(over, sb)
			}
		}
		clear(live) // no strong references kept between ticks
		if len(over) > 0 && w.collecting.CompareAndSwap(false, true) {
			// Garbage counts in the heap until it is collected: a call
			// past its budget is stopped if it still is after a
			// collection. The watchdog goes on meanwhile.
			go func() {
				defer w.collecting.Store(false)
				runtime.GC()
				heap := heapBytes()
				for _, sb := range over {
					sb.expireMemory(heap)
				}
			}()
		}
	}
}

// heapBytes is the size of the heap's objects, live or not yet collected.
func heapBytes() uint64 {
	s := [1]metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s[:])
	return s[0].Value.Uint64()
}

// watched reports whether a call with a memory budget is under way.
func (sb *Sandbox) watched() bool {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	return sb.depth > 0 && sb.memory > 0
}

// expire stops the call under way if it has run past its time budget; it
// reports whether the heap has grown past its memory budget.
func (sb *Sandbox) expire(now time.Time, heap uint64) (overMemory bool) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if sb.depth == 0 || sb.cancel == nil || sb.ctx.Err() != nil {
		return false
	}
	sb.see(heap)
	switch {
	case sb.limit > 0 && now.Sub(sb.started) > sb.limit:
		sb.stopped = fmt.Sprintf("ran past its budget of %v for one call (an endless loop?)", sb.limit)
	case !sb.deadline.IsZero() && now.After(sb.deadline):
		sb.stopped = cmp.Or(sb.pastDue, "ran past its budget for one command (an endless loop?)")
	default:
		return sb.memory > 0 && heap > sb.heapBase+uint64(sb.memory)
	}
	sb.cancel()
	return false
}

// expireMemory stops the call under way if the heap, just collected, is
// still past its memory budget.
func (sb *Sandbox) expireMemory(heap uint64) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if sb.depth == 0 || sb.cancel == nil || sb.ctx.Err() != nil || sb.seen != sb.calls || sb.memory <= 0 {
		return
	}
	if heap > sb.heapBase+uint64(sb.memory) {
		sb.stopped = sb.memoryMessage()
		sb.cancel()
	}
}

func (sb *Sandbox) memoryMessage() string {
	return fmt.Sprintf("took more than its memory budget of %d MiB in one call (--lua-memory)", sb.memory>>20)
}

// see records the heap when a call is first seen (by the watchdog or by
// the call itself): what it grows from.
func (sb *Sandbox) see(heap uint64) {
	if sb.seen != sb.calls {
		// the heap the process needs, not its garbage: what the last
		// collection found live, when less than the heap now
		sb.seen, sb.heapBase = sb.calls, min(heap, liveHeap())
	}
}

// liveHeap is the heap the last collection found live.
func liveHeap() uint64 {
	s := [1]metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s[:])
	return s[0].Value.Uint64()
}

// checkEvery is how many Lua instructions a call runs between looks at
// the heap of its own.
const checkEvery = 1 << 12

// callCtx is the context of a sandbox's calls. gopher-lua asks for its
// Done channel before each instruction, so that the call itself looks at
// the heap every checkEvery instructions, however late the watchdog runs
// on a busy machine, and stops where the heap has grown a quarter past its
// budget (between a budget and that, the watchdog's collection decides).
type callCtx struct {
	context.Context
	sb *Sandbox
	n  uint32
}

func (c *callCtx) Done() <-chan struct{} {
	if c.n++; c.n%checkEvery == 0 {
		c.sb.checkMemory()
	}
	return c.Context.Done()
}

// checkMemory stops the call under way if the heap has grown a quarter
// past its memory budget and still has after a collection: garbage (the
// game's own, or other games') counts in the heap until it is collected,
// and must not stop a call that keeps little. A call that hoards pays one
// collection; one that makes much garbage, about one per budget made.
func (sb *Sandbox) checkMemory() {
	sb.mu.Lock()
	if sb.memory <= 0 || sb.depth == 0 || sb.ctx.Err() != nil {
		sb.mu.Unlock()
		return
	}
	heap := heapBytes()
	sb.see(heap)
	limit := sb.heapBase + uint64(sb.memory)*5/4
	sb.mu.Unlock()
	if heap <= limit {
		return
	}
	runtime.GC()
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if sb.depth > 0 && sb.ctx.Err() == nil && heapBytes() > limit {
		sb.stopped = sb.memoryMessage()
		sb.cancel()
	}
}

// begin marks the start of a call: a fresh context if the last one was
// cancelled, and the clock started for the outermost call.
func (sb *Sandbox) begin() {
	sb.mu.Lock()
	if sb.depth == 0 {
		if sb.ctx == nil || sb.ctx.Err() != nil {
			ctx, cancel := context.WithCancel(context.Background())
			sb.ctx, sb.cancel = &callCtx{Context: ctx, sb: sb}, cancel
			sb.L.SetContext(sb.ctx)
		}
		sb.started = time.Now()
		sb.calls++
	}
	sb.depth++
	sb.mu.Unlock()
}

// end marks the end of a call.
func (sb *Sandbox) end() {
	sb.mu.Lock()
	sb.depth--
	if sb.depth == 0 {
		sb.last = time.Since(sb.started)
		sb.spent += sb.last
	}
	sb.mu.Unlock()
}
