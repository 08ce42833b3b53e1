package interp

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Budget limits the Lua work of a game: each hook call alone, and all the
// calls of one command together. It is measured only while Lua runs: a
// program may hold a game for hours between commands.
type Budget struct {
	Call    time.Duration // one hook call; 0 for no limit
	Command time.Duration // the calls of one command together; 0 for no limit
}

// DefaultBudget is the budget of a game unless its options say otherwise.
var DefaultBudget = Budget{Call: time.Second, Command: 3 * time.Second}

// ErrBudget is the cause of an *Error from a call that ran past its budget.
var ErrBudget = errors.New("rules module ran past its budget")

// watchPeriod is how often the watchdog looks at running calls.
const watchPeriod = 5 * time.Millisecond

// watchdog cancels the context of a sandbox whose call has run past its
// budget. One goroutine serves every sandbox of the process; a sandbox
// pays two uncontended locks per call.
type watchdog struct {
	mu      sync.Mutex
	all     map[*Sandbox]struct{}
	running bool
}

var watch = &watchdog{all: map[*Sandbox]struct{}{}}

func (w *watchdog) add(sb *Sandbox) {
	w.mu.Lock()
	w.all[sb] = struct{}{}
	if !w.running {
		w.running = true
		go w.loop()
	}
	w.mu.Unlock()
}

func (w *watchdog) remove(sb *Sandbox) {
	w.mu.Lock()
	delete(w.all, sb)
	w.mu.Unlock()
}

func (w *watchdog) loop() {
	t := time.NewTicker(watchPeriod)
	defer t.Stop()
	for now := range t.C {
		w.mu.Lock()
		for sb := range w.all {
			sb.expire(now)
		}
		w.mu.Unlock()
	}
}

// expire stops the call under way if it has run past its budget.
func (sb *Sandbox) expire(now time.Time) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if sb.depth == 0 || sb.cancel == nil || sb.ctx.Err() != nil {
		return
	}
	switch {
	case sb.limit > 0 && now.Sub(sb.started) > sb.limit:
		sb.stopped = fmt.Sprintf("ran past its budget of %v for one call (an endless loop?)", sb.limit)
	case !sb.deadline.IsZero() && now.After(sb.deadline):
		sb.stopped = "ran past its budget for one command (an endless loop?)"
	default:
		return
	}
	sb.cancel()
}

// begin marks the start of a call: a fresh context if the last one was
// cancelled, and the clock started for the outermost call.
func (sb *Sandbox) begin() {
	sb.mu.Lock()
	if sb.depth == 0 {
		if sb.ctx == nil || sb.ctx.Err() != nil {
			sb.ctx, sb.cancel = context.WithCancel(context.Background())
			sb.L.SetContext(sb.ctx)
		}
		sb.started = time.Now()
	}
	sb.depth++
	sb.mu.Unlock()
}

// end marks the end of a call.
func (sb *Sandbox) end() {
	sb.mu.Lock()
	sb.depth--
	sb.mu.Unlock()
}
