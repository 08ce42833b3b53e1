package game

import (
	"errors"
	"fmt"

	"gpw/interp"
)

// check asks a rules hook whether something may be done; a "no" becomes a
// refusal citing the rule the module names.
func (g *Game) check(hook string, args ...interp.Arg) error {
	if !g.Rules.Has(hook) {
		return nil
	}
	ok, msg, rule, err := g.Rules.Check(hook, args...)
	if err != nil {
		return err
	}
	if !ok {
		if msg == "" {
			msg = "the rules refuse it (" + hook + ")"
		}
		return &Refusal{Msg: msg, Rule: rule}
	}
	return nil
}

// afterMove tells the rules that a unit moved (move, rail, advance,
// retreat), for rules that react to movement; a refusal undoes a move or
// rail move (the command fails and the game is restored).
func (g *Game) afterMove(k int, how string, path []int) error {
	if !g.Rules.Has("after_move") {
		return nil
	}
	return g.check("after_move", interp.Unit(k), interp.Str(how), interp.Strs(g.ids(path)))
}

// moduleCommand runs a command word that the rules module defines, with
// the dice of the phase's k-th module command.
func (g *Game) moduleCommand(c *Command) error {
	g.dice.stream(g.turn, g.pos, purposeCommand, g.commands)
	g.commands++
	ok, msg, rule, err := g.Rules.RunCommand(c.Verb.String(), c.Args)
	if err != nil {
		return err
	}
	if !ok {
		return &Refusal{Msg: msg, Rule: rule}
	}
	return nil
}

// eliminated tells the rules that unit k, which stood on hex h, left the
// map eliminated (a combat loss: a result, a retreat through enemy ZOC, no
// retreat; or a module's gpw.remove), through on_eliminated(u, hex), so
// that what follows a loss happens at once (ADC2: its leaders go home;
// Allies: Hungary surrenders with its sixth loss). A module failure is
// kept in hookErr and fails the command under way.
func (g *Game) eliminated(k, h int) {
	g.eliminations++
	if g.eliminations > g.maxEliminations() {
		g.hookFailed(fmt.Errorf("%s: in phase %s: %s was eliminated again: %d eliminations in one command, more than this game's %d units allow (does on_eliminated put eliminated units back on the map, so that a loss never ends?)",
			g.Rules.Module.Module, g.Phase().ID, g.S.Units[k].ID, g.eliminations, len(g.S.Units)))
		return
	}
	if !g.Rules.Has("on_eliminated") {
		return
	}
	g.hookFailed(g.check("on_eliminated", interp.Unit(k), interp.Str(g.S.Map.ID(h))))
}

// maxEliminations bounds the eliminations of one command: twice the
// units and some. More means a hook puts eliminated units back, and a
// battle's losses would never end.
func (g *Game) maxEliminations() int { return 2*len(g.S.Units) + 64 }

// losing reports whether unit k is still on the map to lose steps, and
// no module failure has stopped the command under way.
func (g *Game) losing(k int) bool { return g.alive(k) && g.hookErr == nil }

// hookFailed keeps the first failure of the rules module (not a refusal)
// met where it cannot be returned: by a hook that cannot refuse, or while
// listing legal actions or a unit's options. The command under way fails
// with it; Actions and the queries report it (takeHookErr).
func (g *Game) hookFailed(err error) {
	if err != nil && g.hookErr == nil && !IsRefusal(err) {
		g.hookErr = err
	}
}

// IsRefusal reports whether err is a refusal (the rules forbid what was
// asked) rather than a failure of the rules module or of the engine.
func IsRefusal(err error) bool {
	if _, refused := err.(*Refusal); refused {
		return true // the common case, without errors.As's allocation
	}
	var rf *Refusal
	return errors.As(err, &rf)
}

// allowed reports whether a validator let something be done, keeping a
// module failure (hookFailed) rather than reading it as a no.
func (g *Game) allowed(err error) bool {
	g.hookFailed(err)
	return err == nil
}

// takeHookErr returns the failure hookFailed kept, and forgets it.
func (g *Game) takeHookErr() error {
	err := g.hookErr
	g.hookErr = nil
	return err
}

// failures runs f (a query) and returns the first module failure it met,
// leaving the one kept by the command under way, if any, as it was.
func (g *Game) failures(f func()) error {
	prev := g.hookErr
	g.hookErr = nil
	f()
	err := g.hookErr
	g.hookErr = prev
	return err
}
