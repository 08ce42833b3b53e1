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

// refuseMsg is refuse with the message written out: for refusals made
// many times in a listing (entryHex), without Sprintf's cost.
func (g *Game) refuseMsg(rule, msg string) *Refusal {
	return &Refusal{Msg: msg, Rule: g.Rules.CiteRule(rule)}
}

// fromCore turns a core refusal into a cited one.
func (g *Game) fromCore(err error) error {
	var re *core.RuleError
	if errors.As(err, &re) {
		return &Refusal{Msg: re.Msg, Rule: g.Rules.CiteRule(re.Rule)}
	}
	return err
}

// Command is one command as a value: what the text command words say, with
// units and hexes as indices (-1 when absent). Parse reads the text form;
// Text prints it back.
type Command struct {
	Verb Verb `json:"verb"`
	// Unit is the unit moved, placed, rebuilt, losing a step or advancing.
	Unit int `json:"unit"`
	// Hex is the destination (move without a path, rail, place, rebuild)
	// or the hex attacked.
	Hex int `json:"hex"`
	// Path is a move's hexes entered in order, or a retreat's.
	Path []int `json:"path,omitempty"`
	// From lists the attacking units.
	From []int `json:"from,omitempty"`
	// Args are the words of a module command (and auto on|off, place auto).
	Args []string `json:"args,omitempty"`
}

// Cmd makes a command with no unit and no hex.
func Cmd(verb Verb, args ...string) Command {
	return Command{Verb: verb, Unit: -1, Hex: -1, Args: args}
}

// Parse reads a command line ("move ger-4 B-1203 B-1304", "attack Kiev
// from B-1502"): units by id or by the hex they stand in, hexes by id or
// place name. A line that is empty or only a comment gives Verb "".
func (g *Game) Parse(line string) (Command, error) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	w := strings.Fields(line)
	c := Cmd("")
	if len(w) == 0 {
		return c, nil
	}
	c.Verb, w = ParseVerb(w[0]), w[1:]
	var err error
	usage := func(u string) (Command, error) { return c, g.refuse("unknown", "usage: %s", u) }
	switch c.Verb {
	case VerbMove:
		if len(w) < 2 {
			return usage("move UNIT HEX... (the path hex by hex, or only the destination)")
		}
		if c.Unit, err = g.unit(w[0]); err != nil {
			return c, err
		}
		if c.Path, err = g.hexes(w[1:]); err != nil {
			return c, err
		}
		if len(c.Path) == 1 {
			c.Hex, c.Path = c.Path[0], nil
		}
	case VerbRail:
		if len(w) != 2 {
			return usage("rail UNIT HEX")
		}
		if c.Unit, err = g.unit(w[0]); err != nil {
			return c, err
		}
		c.Hex, err = g.hex(w[1])
	case VerbAttack:
		if len(w) < 3 || !strings.EqualFold(w[1], "from") {
			return usage("attack HEX from HEX... (the defender's hex, then the attackers' hexes)")
		}
		if c.Hex, err = g.hex(w[0]); err != nil {
			return c, err
		}
		c.From, err = g.attackers(c.Hex, w[2:])
	case VerbRetreat:
		if len(w) == 0 {
			return usage("retreat HEX... (the defender's retreat path)")
		}
		c.Path, err = g.hexes(w)
	case VerbLoss, VerbAdvance:
		if len(w) != 1 {
			return usage(c.Verb.String() + " UNIT")
		}
		c.Unit, err = g.unit(w[0])
	case VerbPlace:
		if len(w) == 1 && strings.EqualFold(w[0], "auto") {
			c.Args = []string{"auto"}
			return c, nil
		}
		if len(w) != 2 {
			return usage("place UNIT HEX, or place auto")
		}
		if c.Unit, err = g.unit(w[0]); err != nil {
			return c, err
		}
		c.Hex, err = g.hex(w[1])
	case VerbRebuild:
		if len(w) < 1 || len(w) > 2 {
			return usage("rebuild UNIT [HEX]")
		}
		if c.Unit, err = g.unit(w[0]); err != nil {
			return c, err
		}
		if len(w) == 2 {
			c.Hex, err = g.hex(w[1])
		}
	case VerbAuto:
		if len(w) != 1 || (w[0] != "on" && w[0] != "off") {
			return usage("auto on|off")
		}
		c.Args = w
	case VerbEnd, VerbUndo, VerbStand, VerbNoStand, VerbNoAdvance:
		if len(w) > 0 {
			return c, g.refuse("unknown", "%s takes no arguments", c.Verb)
		}
	default:
		if !g.Rules.Has("commands." + c.Verb.String()) {
			return c, g.refuse("unknown", "unknown command %q (commands: %s)", c.Verb, strings.Join(append(append([]string{}, Commands...), g.Rules.CommandWords()...), ", "))
		}
		if len(w) > interp.MaxCommandArgs {
			return c, g.refuse("unknown", "%s: %d words; a command of the rules module takes at most %d", c.Verb, len(w), interp.MaxCommandArgs)
		}
		c.Args = w
	}
	return c, err
}

// Text prints a command as its command words, with unit and hex ids: the
// form saves keep and scripts accept.
func (g *Game) Text(c Command) string {
	s, m := g.S, g.S.Map
	var b strings.Builder
	b.WriteString(c.Verb.String())
	unit := func() {
		if c.Unit >= 0 {
			b.WriteByte(' ')
			b.WriteString(s.Units[c.Unit].ID)
		}
	}
	hexes := func(hs []int) {
		for _, h := range hs {
			b.WriteByte(' ')
			b.WriteString(m.ID(h))
		}
	}
	switch c.Verb {
	case VerbMove:
		unit()
		if c.Path != nil {
			hexes(c.Path)
		} else {
			hexes([]int{c.Hex})
		}
	case VerbRail, VerbPlace, VerbRebuild:
		unit()
		if c.Hex >= 0 {
			hexes([]int{c.Hex})
		}
	case VerbAttack:
		hexes([]int{c.Hex})
		b.WriteString(" from")
		for _, k := range c.From {
			b.WriteByte(' ')
			b.WriteString(s.Units[k].ID)
		}
	case VerbRetreat:
		hexes(c.Path)
	case VerbLoss, VerbAdvance:
		unit()
	}
	for _, a := range c.Args {
		b.WriteByte(' ')
		b.WriteString(a)
	}
	return b.String()
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

// hex reads a hex id or a place name.
func (g *Game) hex(id string) (int, error) {
	h, err := g.S.Map.Resolve(id)
	if err != nil {
		return -1, g.refuse("unknown", "%v", err)
	}
	return h, nil
}

func (g *Game) hexes(ids []string) ([]int, error) {
	out := make([]int, len(ids))
	for i, id := range ids {
		h, err := g.hex(id)
		if err != nil {
			return nil, err
		}
		out[i] = h
	}
	return out, nil
}

// attackers reads the attackers of an attack on hex def: each by the hex
// it stands in (the contract) or by its id.
func (g *Game) attackers(def int, refs []string) ([]int, error) {
	s := g.S
	side := g.Phase().Side
	var out []int
	for _, a := range refs {
		k := -1
		if id, ok := s.UnitByID(a); ok && s.Units[id].Status == core.OnMap {
			k = id
		} else {
			h, err := g.hex(a)
			if err != nil {
				return nil, err
			}
			if k = s.EnemyIn(side.Enemy(), h); k < 0 {
				return nil, g.refuse("not-adjacent", "%s holds no %s unit", a, side)
			}
		}
		out = append(out, k)
	}
	return out, nil
}

// ids prints hexes.
func (g *Game) ids(path []int) []string {
	out := make([]string, len(path))
	for i, h := range path {
		out[i] = g.S.Map.ID(h)
	}
	return out
}

// Actor is the side that must act now: the side setting up, the side
// whose decision a battle waits for, the phasing side; core.NoSide once
// the game is over.
func (g *Game) Actor() core.Side {
	switch {
	case g.over:
		return core.NoSide
	case g.setupStep != nil:
		return g.SetupSide()
	case g.electing():
		return g.Phase().Side.Enemy()
	}
	return g.Phase().Side
}

// electing reports whether a defender that may stand instead of
// retreating has yet to elect (GDW: Combat Results / DR: the defender
// elects; then the attacker chooses the path).
func (g *Game) electing() bool {
	return len(g.steps) > 0 && g.steps[0].kind == interp.StepRetreat && g.steps[0].flag
}

// owner is the side whose command c is now.
func (g *Game) owner(c Command) core.Side {
	switch {
	case c.Verb == VerbAuto:
		return core.NoSide // an option, anyone's
	case c.Verb == VerbUndo:
		if n := len(g.undo); n > 0 {
			return g.undo[n-1].side
		}
	case (c.Verb == VerbStand || c.Verb == VerbNoStand) && len(g.steps) > 0:
		// GDW: Combat Results / DR: the defender elects to stand
		return g.Phase().Side.Enemy()
	case c.Verb == VerbRetreat && len(g.steps) > 0:
		return g.Phase().Side
	}
	return g.Actor()
}

// dispatch runs a parsed command.
func (g *Game) dispatch(c *Command) error {
	if g.setupStep != nil {
		return g.setupDo(c)
	}
	if c.Verb == VerbAuto {
		// auto on|off: from now on the engine makes (or stops making)
		// every pending choice by its default.
		g.auto = c.Args[0] == "on"
		if g.auto && len(g.steps) > 0 {
			return g.run()
		}
		return nil
	}
	if g.over {
		return g.refuse("phase", "the game is over: %s", g.VerdictText())
	}
	if c.Verb.Decision() {
		return g.decide(c)
	}
	if len(g.steps) > 0 {
		return g.refuse("decision", "first settle the battle: %s", g.pendingText())
	}
	switch c.Verb {
	case VerbMove:
		return g.cmdMove(c)
	case VerbRail:
		return g.cmdRail(c)
	case VerbAttack:
		return g.cmdAttack(c)
	case VerbPlace:
		if len(c.Args) == 1 && c.Args[0] == "auto" {
			return g.placeAuto()
		}
		return g.cmdPlace(c)
	case VerbRebuild:
		return g.cmdRebuild(c)
	case VerbEnd:
		return g.cmdEnd()
	}
	return g.moduleCommand(c)
}

// cmdEnd ends the phase: the rules may refuse (on_phase_end), a movement
// phase may not end over-stacked, and points or reinforcements about to
// be lost are warned of.
func (g *Game) cmdEnd() error {
	if err := g.stackLeft(); err != nil {
		return err
	}
	if err := g.check("on_phase_end", interp.Str(g.Phase().ID)); err != nil {
		return err
	}
	if g.over {
		return nil // the rules ended the game (gpw.end_game)
	}
	if w := g.EndWarning(); w != "" {
		g.emit(EventWarning, w, Field{"warning", w}, Field{"rule", g.Rules.CiteRule("points")})
	}
	g.dice.stream(g.turn, g.pos, purposePhase, 1)
	return g.nextPhase()
}

// EndWarning says what ending the phase now loses: reinforcements still
// to place, replacement points unspent ("" for nothing).
func (g *Game) EndWarning() string {
	p := g.Phase()
	if p.Kind != interp.PhaseReinforcement || g.setupStep != nil {
		return ""
	}
	var lost []string
	if n := len(g.Waiting(p.Side)); n > 0 {
		lost = append(lost, fmt.Sprintf("%d reinforcement(s) wait to be placed", n))
	}
	if g.points[p.Side] > 0 && !g.Rules.KeepPoints {
		lost = append(lost, fmt.Sprintf("%d replacement point(s) are unspent and will be lost", g.points[p.Side]))
	}
	return strings.Join(lost, "; ")
}

// ownPhase checks that unit k's side is the phasing side and the phase is
// of the kind given.
func (g *Game) ownPhase(k int, kind interp.PhaseKind, verb Verb) error {
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
