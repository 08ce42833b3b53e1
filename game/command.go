package game

import (
	"errors"
	"fmt"
	"strings"

	"gpw/core"
	"gpw/interp"
)

// Refusal is an illegal command: why, and the rule that forbids it. The
// game is unchanged.
type Refusal struct {
	Msg  string
	Rule string
}

func (r *Refusal) Error() string {
	if r.Rule == "" {
		return r.Msg
	}
	return r.Msg + " (" + r.Rule + ")"
}

func (g *Game) refuse(rule, format string, a ...any) *Refusal {
	return &Refusal{Msg: fmt.Sprintf(format, a...), Rule: g.Rules.CiteRule(rule)}
}

// fromCore turns a core refusal into a cited one.
func (g *Game) fromCore(err error) error {
	var re *core.RuleError
	if errors.As(err, &re) {
		return &Refusal{Msg: re.Msg, Rule: g.Rules.CiteRule(re.Rule)}
	}
	return err
}

// Commands lists the command words, for help and completion.
var Commands = []string{"move", "rail", "attack", "retreat", "advance", "noadvance", "loss", "stand", "place", "rebuild", "end", "auto"}

// Exec runs one command line. A refused command emits an error event,
// leaves the game unchanged and returns a *Refusal; a failure of the rules
// module returns its error.
func (g *Game) Exec(line string) error {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	w := strings.Fields(line)
	if len(w) == 0 {
		return nil
	}
	// The rules' time limit runs per command, so a player may think.
	g.Rules.Begin(g.Phase().ID)
	var err error
	if g.setupStep != nil {
		err = g.setupExec(strings.ToLower(w[0]), w[1:])
	} else {
		err = g.exec(w)
	}
	if g.hookErr != nil {
		if err == nil {
			err = g.hookErr
		}
		g.hookErr = nil
	}
	if err == nil {
		g.history = append(g.history, strings.Join(w, " "))
	}
	var rf *Refusal
	if errors.As(err, &rf) {
		g.emit("error", "refused: "+rf.Error(), Field{"error", rf.Error()}, Field{"rule", rf.Rule}, Field{"command", strings.Join(w, " ")})
	}
	return err
}

func (g *Game) exec(w []string) error {
	if g.over {
		return g.refuse("phase", "the game is over")
	}
	cmd, args := strings.ToLower(w[0]), w[1:]
	switch cmd {
	case "retreat", "advance", "noadvance", "loss", "stand":
		return g.decide(cmd, args)
	case "auto":
		// auto on|off: from now on the engine makes (or stops making)
		// every pending choice by its default.
		if len(args) != 1 || (args[0] != "on" && args[0] != "off") {
			return g.refuse("unknown", "usage: auto on|off")
		}
		g.Opts.Auto = args[0] == "on"
		if g.Opts.Auto && len(g.steps) > 0 {
			return g.run()
		}
		return nil
	}
	if len(g.steps) > 0 {
		return g.refuse("decision", "first settle the battle: %s", g.pendingText())
	}
	switch cmd {
	case "move":
		return g.cmdMove(args)
	case "rail":
		return g.cmdRail(args)
	case "attack":
		return g.cmdAttack(args)
	case "place":
		return g.cmdPlace(args)
	case "rebuild":
		return g.cmdRebuild(args)
	case "end":
		if len(args) > 0 {
			return g.refuse("unknown", "end takes no arguments")
		}
		if err := g.stackLeft(); err != nil {
			return err
		}
		if err := g.check("on_phase_end", func() []interp.Value { return []interp.Value{g.phaseValue()} }); err != nil {
			return err
		}
		if g.over {
			return nil // the rules ended the game (gpw.end_game)
		}
		return g.nextPhase()
	}
	if done, err := g.moduleCommand(cmd, args); done {
		return err
	}
	return g.refuse("unknown", "unknown command %q (commands: %s)", cmd, strings.Join(append(Commands, g.Rules.CommandWords()...), ", "))
}

// unit finds a unit by id or by the hex it stands in.
func (g *Game) unit(ref string) (int, error) {
	if k, ok := g.S.UnitByID(ref); ok {
		return k, nil
	}
	if h, err := g.S.Map.ParseHex(ref); err == nil {
		if k := g.S.Occupant(h); k >= 0 {
			return k, nil
		}
		return -1, g.refuse("unknown", "no unit stands in %s", ref)
	}
	return -1, g.refuse("unknown", "no unit %q (give a unit id or the hex it stands in)", ref)
}

func (g *Game) hex(id string) (int, error) {
	h, err := g.S.Map.Resolve(id)
	if err != nil {
		return -1, g.refuse("unknown", "%v", err)
	}
	return h, nil
}

func (g *Game) ids(path []int) []string {
	out := make([]string, len(path))
	for i, h := range path {
		out[i] = g.S.Map.ID(h)
	}
	return out
}

// ownPhase checks that unit k's side is the phasing side and the phase is
// of the kind given.
func (g *Game) ownPhase(k int, kind, verb string) error {
	p := g.Phase()
	u := &g.S.Units[k]
	if p.Kind != kind {
		return g.refuse("phase", "%s: it is the %s phase, not a %s phase", verb, p.ID, kind)
	}
	if u.Side != p.Side {
		return g.refuse("phase", "%s belongs to the %s player; it is the %s phase", u.ID, u.Side, p.ID)
	}
	return nil
}

// MP is unit k's movement allowance now: halved out of supply and in
// mud (GDW: Supply; Weather), fractions dropped.
func (g *Game) MP(k int) int {
	mp := g.S.Units[k].MP
	if !g.inSupply(k) {
		mp /= 2
	}
	if g.Rules.Weather[g.weather].MPHalf {
		mp /= 2
	}
	if g.Rules.Has("allowance") {
		if n, err := g.Rules.Int("allowance", mp, g.unitTable(k), interp.Num(mp), g.phaseValue()); err == nil {
			mp = n
		}
	}
	return mp
}

func (g *Game) canMove(k int) error {
	u := &g.S.Units[k]
	if err := g.ownPhase(k, "move", "move"); err != nil {
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
	return g.check("can_move", func() []interp.Value { return []interp.Value{g.unitTable(k), g.phaseValue()} })
}

func (g *Game) cmdMove(args []string) error {
	if len(args) < 2 {
		return g.refuse("unknown", "usage: move UNIT HEX... (the path, hex by hex)")
	}
	k, err := g.unit(args[0])
	if err != nil {
		return err
	}
	if err := g.canMove(k); err != nil {
		return err
	}
	path := make([]int, 0, len(args)-1)
	for _, a := range args[1:] {
		h, err := g.hex(a)
		if err != nil {
			return err
		}
		path = append(path, h)
	}
	g.mover.Extra = g.Rules.Weather[g.weather].MoveExtra
	mp := g.MP(k)
	res, err := g.mover.CheckPath(k, path, mp)
	if err != nil {
		return g.fromCore(err)
	}
	if err := g.check("can_move_path", func() []interp.Value {
		return []interp.Value{g.unitTable(k), g.Rules.Strings(g.ids(path)), interp.Str("move")}
	}); err != nil {
		return err
	}
	u := &g.S.Units[k]
	from := g.S.Map.ID(u.Hex)
	g.S.Move(k, path, res.Straits)
	g.moved[k] = true
	g.emit("move", fmt.Sprintf("%s moves %s → %s, %d of %d MP", u.ID, from, strings.Join(g.ids(path), " "), res.MP, mp),
		Field{"unit", u.ID}, Field{"from", from}, Field{"path", g.ids(path)}, Field{"mp", res.MP}, Field{"allowance", mp}, Field{"weather", g.weather})
	return g.afterMove(k, "move", path)
}

func (g *Game) cmdRail(args []string) error {
	if len(args) != 2 {
		return g.refuse("unknown", "usage: rail UNIT HEX")
	}
	k, err := g.unit(args[0])
	if err != nil {
		return err
	}
	if err := g.ownPhase(k, "rail", "rail"); err != nil {
		return err
	}
	u := &g.S.Units[k]
	if g.moved[k] {
		return g.refuse("moved-twice", "%s has already moved by rail in this phase", u.ID)
	}
	if lim := g.Rules.RailLimit[u.Side]; lim > 0 && g.railUsed >= lim {
		return g.refuse("rail-limit", "the %s player may move at most %d units by rail in a phase", u.Side, lim)
	}
	if lim, err := g.Rules.Int("rail_allowed", -1, g.unitTable(k), g.turnTable(g.Turn())); err != nil {
		return err
	} else if lim == 0 {
		return g.refuse("rail-limit", "%s may not move by rail in %s", u.ID, g.TurnName(g.turn))
	}
	dst, err := g.hex(args[1])
	if err != nil {
		return err
	}
	path, err := g.S.RailPath(k, dst, core.RailOpts{Friendly: g.railFriendly, NoEnemyZOC: g.Rules.RailNoZOC, ZOCStop: g.Rules.RailZOCStop})
	if err != nil {
		return g.fromCore(err)
	}
	if err := g.check("can_move_path", func() []interp.Value {
		return []interp.Value{g.unitTable(k), g.Rules.Strings(g.ids(path)), interp.Str("rail")}
	}); err != nil {
		return err
	}
	from := g.S.Map.ID(u.Hex)
	g.S.Move(k, path, 0)
	g.moved[k] = true
	g.railUsed++
	g.emit("rail", fmt.Sprintf("%s moves by rail %s → %s (%d hexes)", u.ID, from, g.S.Map.ID(dst), len(path)),
		Field{"unit", u.ID}, Field{"from", from}, Field{"path", g.ids(path)}, Field{"mp", 0})
	return g.afterMove(k, "rail", path)
}

func (g *Game) unitInfo(k int) interp.UnitInfo {
	u, us := &g.S.Units[k], &g.Sc.Units[k]
	return interp.UnitInfo{ID: u.ID, Side: u.Side.String(), Kind: u.Kind, Size: u.Size, Nation: u.Nation, Hex: g.S.Map.ID(u.Hex), Status: u.Status.String(),
		Reduced: u.Reduced, Supplied: g.inSupply(k), Attack: u.Attack, Defense: u.Defense, MP: u.MP,
		Pool: us.Pool, Radius: us.Radius, Range: us.Range, Shift: us.Shift}
}

func (g *Game) unitTable(k int) interp.Value             { return g.Rules.UnitValue(g.unitInfo(k)) }
func (g *Game) turnTable(t interp.TurnInfo) interp.Value { return g.Rules.TurnValue(t) }
