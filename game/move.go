package game

import (
	"errors"
	"fmt"
	"strings"

	"gpw/core"
	"gpw/interp"
)

// MP is unit k's movement allowance now: halved out of supply and in
// mud (GDW: Supply; Weather), fractions dropped, then as the rules'
// allowance hook says. When the hook fails, MP is the engine's own
// allowance; commands and queries report the failure (Allowance).
func (g *Game) MP(k int) int {
	mp, _, _, _ := g.allowance(k)
	return mp
}

// Allowance is MP, or the rules module's failure.
func (g *Game) Allowance(k int) (int, error) {
	mp, _, _, err := g.allowance(k)
	return mp, err
}

// maxAllowance bounds what the allowance hook may answer.
const maxAllowance = 999

// allowance is MP with the module's reason and rule for a change ("" when
// the engine's own rule stands), or the module's failure.
func (g *Game) allowance(k int) (int, string, string, error) {
	if g.memo != nil && g.Rules.Has("allowance") {
		if a, ok := g.memo.mp[k]; ok {
			return a.mp, a.why, a.rule, a.err
		}
		mp, why, rule, err := g.allowanceNow(k)
		g.memo.mp[k] = mpAnswer{mp, why, rule, err}
		return mp, why, rule, err
	}
	return g.allowanceNow(k)
}

func (g *Game) allowanceNow(k int) (int, string, string, error) {
	mp := g.S.Units[k].MP
	if !g.inSupply(k) && g.Rules.SupplyMPHalf {
		mp /= 2 // R.supply_effects.mp_half (GDW: Supply)
	}
	if half, _ := g.mpHalved(k); half {
		mp /= 2
	}
	if !g.Rules.Has("allowance") {
		return mp, "", "", nil
	}
	n, why, rule, err := g.Rules.Reason("allowance", mp, interp.Unit(k), interp.Num(mp), interp.Str(g.Phase().ID))
	switch {
	case err != nil:
		return mp, "", "", err
	case n < 0 || n > maxAllowance:
		return mp, "", "", &interp.Error{Module: g.Rules.Module.Module, Phase: g.Phase().ID,
			Msg: fmt.Sprintf("allowance returned %d MP for %s; an allowance is 0 to %d", n, g.S.Units[k].ID, maxAllowance)}
	case n == mp:
		return mp, "", "", nil
	}
	return n, why, rule, nil
}

// moveRefusal cites a move's refusal. One for want of movement points
// says why the allowance is what it is: the rules module's reason and
// rule when its allowance hook changed it, else the engine's halvings
// (out of supply, mud) with their rules.
func (g *Game) moveRefusal(k int, err error) error {
	var re *core.RuleError
	if !errors.As(err, &re) || re.Rule != "mp" {
		return g.fromCore(err)
	}
	mp, why, rule, _ := g.allowance(k) // a failure was met before the refusal
	if why != "" {
		return &Refusal{Msg: fmt.Sprintf("%s: the allowance is %d: %s", re.Msg, mp, why), Rule: rule}
	}
	var halved []string
	if !g.inSupply(k) && g.Rules.SupplyMPHalf {
		halved = append(halved, "out of supply ("+g.Rules.CiteRule("supply")+")")
	}
	if half, w := g.mpHalved(k); half {
		halved = append(halved, w+" ("+g.Rules.CiteRule("weather")+")")
	}
	if len(halved) > 0 {
		return &Refusal{Msg: fmt.Sprintf("%s: the allowance of %d is halved: %s", re.Msg, g.S.Units[k].MP, strings.Join(halved, ", ")), Rule: g.Rules.CiteRule("mp")}
	}
	return g.fromCore(err)
}

// canMove checks that unit k may move in this phase at all.
func (g *Game) canMove(k int) error {
	if g.memo != nil && g.Rules.Has("can_move") {
		if err, ok := g.memo.canMove[k]; ok {
			return err
		}
		err := g.canMoveNow(k)
		g.memo.canMove[k] = err
		return err
	}
	return g.canMoveNow(k)
}

func (g *Game) canMoveNow(k int) error {
	u := &g.S.Units[k]
	if err := g.ownPhase(k, interp.PhaseMove, "move"); err != nil {
		return err
	}
	if u.Status != core.OnMap {
		return g.refuse("not-on-map", "%s is not on the map", u.ID)
	}
	if p := g.Phase(); p.Classes != nil && !p.Classes[u.Class] {
		return g.refuse("phase-class", "%s units (%s) do not move in the %s phase", g.Rules.Classes[u.Class], u.ID, p.ID)
	}
	if g.moved[k] {
		return g.refuse("moved-twice", "%s has already moved in this phase", u.ID)
	}
	return g.check("can_move", interp.Unit(k), interp.Str(g.Phase().ID))
}

// reach runs the movement search for unit k as move would check it, and
// returns its allowance.
func (g *Game) reach(k int) (*core.Mover, int, error) {
	mv := g.mover()
	g.weatherMover(mv)
	mp, err := g.Allowance(k)
	if err != nil {
		return nil, 0, err
	}
	mv.Reach(k, mp)
	return mv, mp, nil
}

// pathTo finds unit k's path to dst when a move names only its
// destination: the single step when dst is adjacent and the step is
// legal, else the cheapest path the movement search finds.
func (g *Game) pathTo(k, dst int) ([]int, error) {
	u := &g.S.Units[k]
	if dst == u.Hex {
		return nil, g.refuse("path", "%s is already in %s", u.ID, g.S.Map.ID(dst))
	}
	mv := g.mover()
	g.weatherMover(mv)
	mp, err := g.Allowance(k)
	if err != nil {
		return nil, err
	}
	if _, adj := g.S.Map.Adjacent(u.Hex, dst); adj {
		if _, err := mv.CheckPath(k, []int{dst}, mp); err == nil {
			return []int{dst}, nil
		}
	}
	mv.Reach(k, mp)
	if mv.Spent(dst) < 0 {
		// the direct step's refusal says why best when there is one
		if _, adj := g.S.Map.Adjacent(u.Hex, dst); adj {
			_, err := mv.CheckPath(k, []int{dst}, mp)
			return nil, g.moveRefusal(k, err)
		}
		return nil, g.moveRefusal(k, &core.RuleError{Rule: "mp", Msg: fmt.Sprintf("%s cannot reach %s this phase with %d MP", u.ID, g.S.Map.ID(dst), mp)})
	}
	if !mv.CanEnd(k, dst) {
		return nil, g.refuse("stack", "%s may pass through %s but not end there: it is occupied", u.ID, g.S.Map.ID(dst))
	}
	return mv.Path(dst), nil
}

// checkMove checks a move of unit k along path and returns its cost in MP
// and allowance, changing nothing: the validator of both the move command
// and the legal actions.
func (g *Game) checkMove(k int, path []int) (core.PathResult, int, error) {
	mv := g.mover()
	g.weatherMover(mv)
	mp, err := g.Allowance(k)
	if err != nil {
		return core.PathResult{}, 0, err
	}
	res, err := mv.CheckPath(k, path, mp)
	if err != nil {
		return res, mp, g.moveRefusal(k, err)
	}
	if err := g.check("can_move_path", interp.Unit(k), interp.Strs(g.ids(path)), interp.Str("move")); err != nil {
		return res, mp, err
	}
	return res, mp, g.checkLimits(k, path, "move")
}

// checkLimits checks path against unit k's move limits (how: move, rail).
func (g *Game) checkLimits(k int, path []int, how string) error {
	lim, err := g.limitsOf(k, how)
	if err != nil {
		return err
	}
	return lim.refusal(g.S.Map, path)
}

func (g *Game) cmdMove(c *Command) error {
	k := c.Unit
	if err := g.canMove(k); err != nil {
		return err
	}
	if c.Path == nil {
		p, err := g.pathTo(k, c.Hex)
		if err != nil {
			return err
		}
		c.Path, c.Hex = p, -1
	}
	res, mp, err := g.checkMove(k, c.Path)
	if err != nil {
		return err
	}
	u := &g.S.Units[k]
	from, weather := g.S.Map.ID(u.Hex), g.weatherAt(u.Hex)
	g.S.Move(k, c.Path, res.Straits)
	g.moved[k] = true
	if err := g.stacksMayClear(); err != nil {
		return err
	}
	if !g.quiet() {
		_, why, rule, _ := g.allowance(k) // checked by checkMove
		text := fmt.Sprintf("%s moves %s → %s, %d of %d MP", u.ID, from, strings.Join(g.ids(c.Path), " "), res.MP, mp)
		fs := []Field{{"unit", u.ID}, {"from", from}, {"path", g.ids(c.Path)}, {"mp", res.MP}, {"allowance", mp}, {"weather", weather}}
		if why != "" {
			text += fmt.Sprintf(" (%s: %s)", why, rule)
			fs = append(fs, Field{"allowance_rule", rule})
		}
		g.emit(EventMove, text, fs...)
	}
	return g.afterMove(k, "move", c.Path)
}

// stacksMayClear refuses a move that would leave a friend sharing a hex
// for now (rules with share_until_moved) without a legal move out of it:
// the phase could then never end (ADC2: Movement Phases).
func (g *Game) stacksMayClear() error {
	if !g.Rules.ShareUntilMoved {
		return nil
	}
	for _, h := range g.S.Overstacked(g.Phase().Side) {
		for _, o := range g.S.UnitsAt(h) {
			if u := &g.S.Units[o]; u.Stacks && !g.moved[o] && !g.friendMayLeave(o) {
				return g.refuse("stack-leave", "%s could then no longer move out of %s, which it shares for now", u.ID, g.S.Map.ID(h))
			}
		}
	}
	return nil
}

// checkRail checks a rail move of unit k to dst and returns its path,
// changing nothing.
func (g *Game) checkRail(k, dst int) ([]int, error) {
	if err := g.canRail(k); err != nil {
		return nil, err
	}
	path, err := g.S.RailPath(k, dst, g.railOpts(g.S.Units[k].Side))
	if err != nil {
		return nil, g.fromCore(err)
	}
	if err := g.checkRailPath(k, path); err != nil {
		return path, err
	}
	return path, g.checkLimits(k, path, "rail")
}

// canRail checks that unit k may move by rail now at all.
func (g *Game) canRail(k int) error {
	if err := g.ownPhase(k, interp.PhaseRail, "rail"); err != nil {
		return err
	}
	u := &g.S.Units[k]
	if g.moved[k] {
		return g.refuse("moved-twice", "%s has already moved by rail in this phase", u.ID)
	}
	if lim := g.Rules.RailLimit[u.Side]; lim > 0 && g.railUsed >= lim {
		return g.refuse("rail-limit", "the %s player may move at most %d units by rail in a phase", u.Side, lim)
	}
	if lim, err := g.Rules.Int("rail_allowed", -1, interp.Unit(k), interp.Turn()); err != nil {
		return err
	} else if lim == 0 {
		return g.refuse("rail-limit", "%s may not move by rail in %s", u.ID, g.TurnName(g.turn))
	}
	return nil
}

// checkRailPath asks the rules about a rail path the engine allows.
func (g *Game) checkRailPath(k int, path []int) error {
	return g.check("can_move_path", interp.Unit(k), interp.Strs(g.ids(path)), interp.Str("rail"))
}

func (g *Game) cmdRail(c *Command) error {
	k := c.Unit
	path, err := g.checkRail(k, c.Hex)
	if err != nil {
		return err
	}
	u := &g.S.Units[k]
	from := g.S.Map.ID(u.Hex)
	g.S.Move(k, path, 0)
	g.moved[k] = true
	g.railUsed++
	g.emit(EventRail, fmt.Sprintf("%s moves by rail %s → %s (%d hexes)", u.ID, from, g.S.Map.ID(c.Hex), len(path)),
		Field{"unit", u.ID}, Field{"from", from}, Field{"path", g.ids(path)}, Field{"mp", 0})
	return g.afterMove(k, "rail", path)
}

func (g *Game) unitInfo(k int) interp.UnitInfo {
	u, us := &g.S.Units[k], &g.Sc.Units[k]
	hex := ""
	if u.Hex >= 0 {
		hex = g.S.Map.ID(u.Hex)
	}
	return interp.UnitInfo{ID: u.ID, Side: u.Side.String(), Kind: u.Kind, Size: u.Size, Nation: u.Nation, Hex: hex, Status: u.Status.String(),
		Reduced: u.Reduced, Supplied: g.inSupply(k), Attack: u.Attack, Defense: u.Defense, MP: u.MP,
		Pool: us.Pool, Radius: us.Radius, Range: us.Range, Shift: us.Shift}
}

// railOpts are the rules' limits on rail moves this phase.
func (g *Game) railOpts(side core.Side) core.RailOpts {
	return core.RailOpts{Friendly: g.railFriendly, NoEnemyZOC: g.Rules.RailNoZOC, ZOCStop: g.Rules.RailZOCStop, Closed: g.fix.closed[side]}
}
