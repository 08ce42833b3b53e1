package game

import (
	"errors"
	"fmt"
	"strings"

	"gpw/core"
)

// undoStep is the game as it was before a command of the current phase.
type undoStep struct {
	snap *state
	side core.Side
	text string
	fog  string // undoFog before it: what stops undo once it is undone
}

// Exec runs one command line for whichever side it belongs to (a script,
// hot-seat play). A refused command emits an error event, leaves the game
// exactly as it was and returns a *Refusal; a failure of the rules module
// leaves it as it was too and returns the module's error.
func (g *Game) Exec(line string) error {
	return g.ExecAs(core.NoSide, line)
}

// ExecAs runs one command line for side (core.NoSide: whichever side it
// belongs to); a command of the other side is refused.
func (g *Game) ExecAs(side core.Side, line string) error {
	if text, ok := strings.CutPrefix(line, SpentMark); ok {
		g.spendDice(text)
		return nil
	}
	c, err := g.Parse(line)
	if err == nil && c.Verb == "" {
		return nil
	}
	if err != nil {
		g.refused(err, line)
		return err
	}
	return g.Do(side, c)
}

// Do runs a command for side (core.NoSide: whichever side it belongs
// to). It applies wholly or not at all: on any error the game is left
// exactly as it was (position, log, dice, history, undo).
func (g *Game) Do(side core.Side, c Command) (err error) {
	if c.Verb == VerbUndo {
		return g.doUndo(side)
	}
	if own := g.owner(c); side != core.NoSide && own != core.NoSide && side != own {
		err := g.refuse("phase", "%s: it is the %s player's turn to act, not the %s player's", c.Verb, own, side)
		g.refused(err, g.Text(c))
		return err
	}
	watch := g.watchFog(g.owner(c))
	snap := g.snapshot()
	rolls, pos, turn := g.rolls, g.pos, g.turn
	g.acting = side
	defer func() { g.acting = core.NoSide }()
	g.Rules.BeginCommand()
	defer g.Rules.EndCommand()
	defer g.Rules.Hold()()
	g.hookErr, g.eliminations, g.cmdEventBytes = nil, 0, 0
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("internal error running %q: %v", g.Text(c), p)
			}
		}()
		err = g.dispatch(&c)
	}()
	if hookErr := g.takeHookErr(); err == nil {
		err = hookErr
	}
	if err != nil {
		text := g.Text(c)
		drew := g.rolls != rolls
		g.restore(snap)
		g.refused(err, text)
		if drew {
			g.spendDice(text)
		}
		return err
	}
	text := g.Text(c)
	if why := g.history.full(text); why != "" {
		g.restore(snap)
		err := &Refusal{Msg: why}
		g.refused(err, text)
		return err
	}
	g.history = g.history.push(text)
	g.flush()
	crossed := g.pos != pos || g.turn != turn
	if g.Opts.NoUndo || g.rolls != rolls || g.over || crossed && c.Verb != VerbEnd {
		// Undo stops at a die roll and at a phase's start.
		g.dropUndo()
		g.recycle(snap)
		return nil
	}
	if side := watch.revealed(g); side != core.NoSide {
		// Nor past a command that showed its side an enemy unit.
		g.dropUndo()
		g.undoFog = g.fogWall(side, text)
		g.recycle(snap)
		return nil
	}
	fog := g.undoFog
	if crossed {
		// An end that rolled no die may be undone (a phase ended by
		// mistake); the commands before it stay behind its wall.
		g.dropUndo()
	}
	g.pushUndo(undoStep{snap: snap, side: g.owner(c), text: text, fog: fog})
	return nil
}

// SpentMark begins the line the history keeps for a command that drew
// dice and then failed: the command had no effect but its dice are spent
// (dice.spend), and a replay of the history spends them again.
const SpentMark = "!spent "

// spendDice spends the dice of the failed command text: the stream moves
// on, undo stops here as at any die roll, the history keeps the mark and
// the log tells both sides.
func (g *Game) spendDice(text string) {
	if g.history.full(SpentMark+text) != "" {
		return
	}
	g.dice.spend()
	g.dropUndo()
	g.history = g.history.push(SpentMark + text)
	msg := fmt.Sprintf("the dice drawn by the failed command %q are spent: the dice go on after them", text)
	g.emit(EventSpent, msg, Field{"command", text}, Field{"rule", "gpw: fair dice"})
	g.flush()
}

// Spent counts the commands whose dice were spent (SpentMark).
func (g *Game) Spent() int { return g.dice.spent }

// accepted counts the commands accepted: the history but for the spent
// marks (a failed command is not progress).
func (g *Game) accepted() int { return g.history.Len() - g.dice.spent }

// maxUndo bounds the undo steps kept: the last commands of a phase.
// maxSpare bounds the snapshots kept for reuse.
const (
	maxUndo  = 100
	maxSpare = 4
)

// pushUndo keeps an undo step; past maxUndo the oldest is forgotten.
func (g *Game) pushUndo(u undoStep) {
	if len(g.undo) == maxUndo {
		g.recycle(g.undo[0].snap)
		g.undo = append(g.undo[:0], g.undo[1:]...)
		g.undoCut = true
	}
	g.undo = append(g.undo, u)
}

// recycle keeps a snapshot no longer needed for reuse, up to maxSpare.
func (g *Game) recycle(s *state) {
	if len(g.spare) < maxSpare {
		g.spare = append(g.spare, s)
	}
}

// refused reports a refusal as an error event.
func (g *Game) refused(err error, command string) {
	g.buf = g.buf[:0]
	var rf *Refusal
	if errors.As(err, &rf) {
		g.emit(EventError, "refused: "+rf.Error(), Field{"error", rf.Error()}, Field{"rule", rf.Rule}, Field{"command", command})
	}
	g.flush()
}

// snapshot copies the state (into a spare copy when there is one).
func (g *Game) snapshot() *state {
	var s *state
	if n := len(g.spare); n > 0 {
		s, g.spare = g.spare[n-1], g.spare[:n-1]
	} else {
		s = &state{}
	}
	s.copyFrom(&g.state)
	return s
}

// restore puts back a snapshot's state; the snapshot becomes spare.
func (g *Game) restore(s *state) {
	g.state.copyFrom(s)
	g.recycle(s)
}

func (g *Game) dropUndo() {
	for _, u := range g.undo {
		g.recycle(u.snap)
	}
	clear(g.undo)
	g.undo, g.undoCut, g.undoFog = g.undo[:0], false, ""
}

// CanUndo says whether undo would step back now, and if not, why.
func (g *Game) CanUndo() (bool, string) {
	if len(g.undo) > 0 {
		return true, ""
	}
	if g.undoCut {
		return false, fmt.Sprintf("undo steps back over the last %d commands only: the earlier ones of this phase can no longer be undone", maxUndo)
	}
	if g.undoFog != "" {
		return false, g.undoFog
	}
	return false, "there is nothing to undo in this phase: undo steps back only over commands of the current phase since the last die roll"
}

// doUndo steps back one command (gpw: undo).
func (g *Game) doUndo(side core.Side) error {
	if ok, why := g.CanUndo(); !ok {
		err := &Refusal{Msg: why, Rule: g.UndoRule()}
		g.refused(err, "undo")
		return err
	}
	u := g.undo[len(g.undo)-1]
	if side != core.NoSide && side != u.side {
		err := &Refusal{Msg: fmt.Sprintf("the last command (%s) was the %s player's: only they may undo it", u.text, u.side), Rule: g.Rules.CiteRule("undo")}
		g.refused(err, "undo")
		return err
	}
	g.undo = g.undo[:len(g.undo)-1]
	g.undoFog = u.fog
	g.restore(u.snap)
	g.emit(EventUndo, "undone: "+u.text, Field{"command", u.text}, Field{"side", u.side.String()})
	g.flush()
	return nil
}
