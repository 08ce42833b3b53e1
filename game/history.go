package game

import "fmt"

// history is the accepted commands of a game, the newest first. No one
// changes a link once made, so a copy of the state (a snapshot, a clone)
// shares the whole list and an append copies nothing.
type history struct {
	prev  *history
	text  string
	n     int // the commands up to this one
	bytes int // their size (historySize)
}

// Limits of a game's history: a save must hold it and stay loadable.
const (
	maxHistory      = 1_000_000
	maxHistoryBytes = 32 << 20
)

// historySize is what one command counts towards maxHistoryBytes.
func historySize(text string) int { return len(text) + 16 }

// push returns the history with text appended.
func (h *history) push(text string) *history {
	return &history{prev: h, text: text, n: h.Len() + 1, bytes: h.size() + historySize(text)}
}

// Len is the number of commands (0 for a nil history).
func (h *history) Len() int {
	if h == nil {
		return 0
	}
	return h.n
}

// size is the commands' size (0 for a nil history).
func (h *history) size() int {
	if h == nil {
		return 0
	}
	return h.bytes
}

// list returns the commands, oldest first.
func (h *history) list() []string {
	out := make([]string, h.Len())
	for l := h; l != nil; l = l.prev {
		out[l.n-1] = l.text
	}
	return out
}

// full says why the history cannot take text, or "".
func (h *history) full(text string) string {
	switch {
	case h.Len() >= maxHistory:
		return fmt.Sprintf("a game holds at most %d commands, as many as a save can replay; this one has them", maxHistory)
	case h.size()+historySize(text) > maxHistoryBytes:
		return fmt.Sprintf("a game's commands hold at most %d MiB, as much as a save can replay; this one's hold %d MiB", maxHistoryBytes>>20, h.size()>>20)
	}
	return ""
}
