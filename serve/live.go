package serve

import (
	"errors"
	"fmt"
	"log"
	"strings"
	"sync"
	"time"

	"gpw/game"
)

// live is a game loaded in memory: its engine, its record and who is
// watching it. Its lock orders every command of the game: commands sent at
// once from both sides run one after the other.
type live struct {
	mu      sync.Mutex
	row     *GameRow
	e       *engine
	entries []Entry
	head    string    // the hash the chain of entries starts from (Head)
	opp     *opponent // the computer player of a solo game, or nil
	botBusy bool
	retries int // the computer's tries since it last finished its part

	subMu sync.Mutex
	subs  map[chan int]struct{}

	lastUsed time.Time

	// stepper shows past positions (GET at); forward steps cost one
	// command each, a step back replays the game
	stepMu  sync.Mutex
	stepper *engine
}

// version counts the game's accepted commands.
func (l *live) version() int { return len(l.entries) }

// load builds a game from its stored row and record.
func (s *Server) load(row *GameRow, entries []Entry) (*live, error) {
	cmds, sides := inForce(entries)
	e, err := s.lib.open(row.Spec, row.Secret, cmds, sides)
	if err != nil {
		return nil, fmt.Errorf("game %s: %v", row.ID, err)
	}
	sv := e.save()
	l := &live{row: row, e: e, entries: entries, subs: map[chan int]struct{}{}, lastUsed: time.Now(),
		head: Head(row.ID, row.Mode, row.Spec, row.Commitment, sv.Source, sv.SpecialSource, sv.Hash)}
	if row.Bot != "" {
		l.opp = newOpponent(row.BotLevel)
	}
	return l, nil
}

// inForce applies the record's undos: the commands still in force and
// who gave them.
func inForce(entries []Entry) (cmds, sides []string) {
	for _, en := range entries {
		if en.Command == game.VerbUndo.String() {
			if n := len(cmds); n > 0 {
				cmds, sides = cmds[:n-1], sides[:n-1]
			}
			continue
		}
		cmds, sides = append(cmds, en.Command), append(sides, en.Side)
	}
	return
}

// act runs one command (or undo) for side and stores it; only a stored
// command is accepted. The caller holds l.mu.
func (s *Server) act(l *live, side, by, command string) (*Step, error) {
	var st *Step
	var err error
	switch {
	case command == game.VerbUndo.String():
		err = l.e.undo(side)
		st = &Step{Command: game.VerbUndo.String(), Side: side, Dice: []int{}}
	case by == "bot" && strings.HasPrefix(command, game.SpentMark):
		// the computer's command failed after its dice on its replica:
		// the game spends them too, in the open
		err = l.e.replaySpent(side, command)
		st = &Step{Command: command, Side: side, Dice: []int{}}
	default:
		st, err = l.e.do(side, command)
	}
	var spent *spentError
	if err != nil && !errors.As(err, &spent) {
		return nil, err
	}
	prev := l.head
	if n := len(l.entries); n > 0 {
		prev = l.entries[n-1].Hash
	}
	en := Entry{Seq: len(l.entries) + 1, At: s.now().UTC().Format(time.RFC3339Nano), Side: side, By: by, Command: st.Command,
		Dice: st.Dice, Rolls: st.Rolls, Prev: prev}
	en.Hash = en.Digest()
	over := l.e.over()
	if err := s.store.Append(l.row.ID, []Entry{en}, over); err != nil {
		// not stored, so not accepted: back to the record
		cmds, sides := inForce(l.entries)
		if rerr := l.e.replay(cmds, sides); rerr != nil {
			log.Printf("game %s: rebuilding after a failed write: %v", l.row.ID, rerr)
		}
		return nil, fmt.Errorf("the command could not be stored: %v", err)
	}
	l.entries = append(l.entries, en)
	l.row.Over = over
	l.notify()
	if spent != nil {
		return nil, spent.err // refused, its dice spent and recorded
	}
	return st, nil
}

// subscribe registers a watcher of the game's version.
func (l *live) subscribe() chan int {
	c := make(chan int, 1)
	l.subMu.Lock()
	l.subs[c] = struct{}{}
	l.subMu.Unlock()
	return c
}

func (l *live) unsubscribe(c chan int) {
	l.subMu.Lock()
	delete(l.subs, c)
	l.subMu.Unlock()
}

// notify tells every watcher the new version, dropping a stale one.
func (l *live) notify() {
	v := l.version()
	l.subMu.Lock()
	defer l.subMu.Unlock()
	for c := range l.subs {
		select {
		case <-c:
		default:
		}
		c <- v
	}
}

// botSide is the side the computer plays, "" in a game of people.
func (l *live) botSide() string {
	if l.opp == nil {
		return ""
	}
	return l.row.Bot
}

// botTurn reports whether the computer must act now: its side sets up,
// moves, fights, or decides for a battle (standing, when it defends).
func (l *live) botTurn() bool {
	side := l.botSide()
	return side != "" && l.e.actor() == side
}

// runBot lets the computer play while it is its turn. It runs in its own
// goroutine after a command; it thinks on its replica without the game's
// lock, then gives its commands under it, where the lock orders them with
// the players'.
func (s *Server) runBot(l *live) {
	side := l.botSide()
	for i := 0; i < 1000; i++ {
		l.mu.Lock()
		if !l.botTurn() {
			l.mu.Unlock()
			return
		}
		pos, version := l.e.position(), l.version()
		l.mu.Unlock()

		cmds, err := l.opp.next(pos, side)
		if err != nil {
			log.Printf("game %s: %v", l.row.ID, err)
		}

		l.mu.Lock()
		if l.version() != version { // a player's command came first: think again
			l.mu.Unlock()
			continue
		}
		if len(cmds) == 0 {
			if a := l.e.actions(); err == nil || a == nil || !a.End {
				l.mu.Unlock()
				return
			}
			cmds = []string{game.VerbEnd.String()} // a bot that cannot go on ends its phase
		}
		for _, c := range cmds {
			if _, err := s.act(l, side, "bot", c); err != nil {
				log.Printf("game %s: the computer's %q was refused: %v", l.row.ID, c, err)
				l.opp = newOpponent(l.row.BotLevel) // a fresh replica next time
				l.mu.Unlock()
				return
			}
		}
		l.mu.Unlock()
	}
}
