package game

import (
	"errors"

	"gpw/interp"
)

// check asks a rules hook whether something may be done; a "no" becomes a
// refusal citing the rule the module names.
func (g *Game) check(hook string, args func() []interp.Value) error {
	if !g.Rules.Has(hook) {
		return nil // no Lua table is built for an absent hook
	}
	ok, msg, rule, err := g.Rules.Check(hook, args()...)
	if err != nil {
		return err
	}
	if !ok {
		return &Refusal{Msg: msg, Rule: rule}
	}
	return nil
}

// phaseValue is the phase for hooks: {id, side, kind}.
func (g *Game) phaseValue() interp.Value { return interp.Str(g.Phase().ID) }

// afterMove tells the rules that a unit moved (move, rail, advance,
// retreat), for rules that react to movement.
func (g *Game) afterMove(k int, how string, path []int) error {
	return g.check("after_move", func() []interp.Value {
		return []interp.Value{g.unitTable(k), interp.Str(how), g.Rules.Strings(g.ids(path))}
	})
}

// eliminated tells the rules that unit k left the map by a combat loss
// (a result, a retreat through enemy ZOC, no retreat), through
// on_eliminated(u), so that a rule counting losses acts at once (ADC2:
// Allies: Hungary surrenders with its sixth loss). A module failure is
// kept in hookErr and returned by the command under way.
func (g *Game) eliminated(k int) {
	err := g.check("on_eliminated", func() []interp.Value { return []interp.Value{g.unitTable(k)} })
	var rf *Refusal
	if err != nil && !errors.As(err, &rf) && g.hookErr == nil {
		g.hookErr = err
	}
}

// moduleCommand runs a command word that the rules module defines.
func (g *Game) moduleCommand(word string, args []string) (bool, error) {
	f, ok := g.Rules.Command(word)
	if !ok {
		return false, nil
	}
	ok, msg, rule, err := g.Rules.RunCommand(f, args)
	if err != nil {
		return true, err
	}
	if !ok {
		return true, &Refusal{Msg: msg, Rule: rule}
	}
	return true, nil
}
