package game

import "gpw/interp"

// ParamValues are the rules module's parameters in this game (R.params),
// each set by Options.Params or by default: what gpw.param reads.
func (g *Game) ParamValues() interp.Params { return g.fix.params }
