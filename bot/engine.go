package bot

// engine.go is the bot's one window on legality: what may be done now,
// asked of the game through its present API (Exec, Status, Weigh, MP,
// Moved, BattleUnits, Pending, the rules' hooks). When the engine's
// legal-action list (g.Actions) and typed commands land, this file is
// the only one that changes.

import (
	"errors"
	"strconv"
	"strings"

	"gpw/core"
	"gpw/game"
)

// engine asks the game what is legal and carries out commands.
type engine struct {
	g     *game.Game
	s     *core.State
	m     *core.Map
	mv    *core.Mover
	trace *core.Supplier

	refused  int      // commands the game refused
	lastErr  string   // the last refusal, for reports
	commands []string // every command sent, for tests
}

func newEngine(g *game.Game) *engine {
	return &engine{g: g, s: g.S, m: g.S.Map, mv: core.NewMover(g.S, &g.Rules.Move), trace: core.NewSupplier(g.S)}
}

// decisionKind names a pending battle decision.
type decisionKind int

const (
	noDecision decisionKind = iota
	retreatDecision
	lossDecision
	exchangeDecision
	advanceDecision
)

// decision is the choice a battle waits for, read from the game.
type decision struct {
	kind     decisionKind
	stand    bool    // the defender may stand instead of retreating
	retreats [][]int // legal retreat paths, with...
	zoc      []int   // ...the enemy zones of control each enters
	units    []int   // the units that may lose a step, or advance
	def      int     // the defender
	atk      []int   // the attackers
	hex      int     // the hex attacked
}

// actor is the side that must act now.
func (e *engine) actor() core.Side { return Actor(e.g) }

// Actor is the side that must act now in game g, NoSide when the game is
// over: the side setting up, else the phasing side (which also takes the
// battle decisions of its attacks; a defender that may stand is asked by
// the attacker's bot, see Bot.Defender).
func Actor(g *game.Game) core.Side {
	if g.Over() {
		return core.NoSide
	}
	if g.InSetup() {
		return g.SetupSide()
	}
	return g.Phase().Side
}

// pending reads the battle decision the game waits for.
func (e *engine) pending() *decision {
	text := e.g.Pending()
	if text == "" {
		return nil
	}
	d := &decision{def: -1, hex: -1}
	def, atk := e.g.BattleUnits()
	if def >= 0 {
		d.def = def
		d.hex = e.g.BattleHex()
	}
	d.atk = append(d.atk, atk...)
	switch {
	case strings.Contains(text, "chooses the retreat"):
		d.kind = retreatDecision
		d.stand = strings.Contains(text, "(stand)")
		i := strings.Index(text, ": retreat ")
		if i < 0 {
			return nil
		}
		for _, opt := range strings.Split(text[i+len(": retreat "):], " | retreat ") {
			path, zoc := e.parseRetreat(opt)
			if path != nil {
				d.retreats = append(d.retreats, path)
				d.zoc = append(d.zoc, zoc)
			}
		}
	case strings.HasPrefix(text, "exchange:"):
		d.kind = exchangeDecision
		d.units = e.listed(text)
	case strings.Contains(text, "loses a step"):
		d.kind = lossDecision
		d.units = e.listed(text)
	case strings.Contains(text, "may advance"):
		d.kind = advanceDecision
		d.units = e.listed(text)
	default:
		return nil
	}
	return d
}

// parseRetreat reads "B-1 B-2 (1 ZOC)".
func (e *engine) parseRetreat(s string) ([]int, int) {
	open := strings.LastIndexByte(s, '(')
	if open < 0 {
		return nil, 0
	}
	zoc, _ := strconv.Atoi(strings.Fields(s[open+1:])[0])
	var path []int
	for _, id := range strings.Fields(s[:open]) {
		h, err := e.m.ParseHex(id)
		if err != nil {
			return nil, 0
		}
		path = append(path, h)
	}
	return path, zoc
}

// listed reads the unit ids in the last parentheses of a pending text.
func (e *engine) listed(text string) []int {
	open, end := strings.LastIndexByte(text, '('), strings.LastIndexByte(text, ')')
	if open < 0 || end < open {
		return nil
	}
	var out []int
	for _, id := range strings.Split(text[open+1:end], ",") {
		if k, ok := e.s.UnitByID(strings.TrimSpace(id)); ok {
			out = append(out, k)
		}
	}
	return out
}

// fought lists the units that attacked and were attacked in this phase.
func (e *engine) fought() (attacked, defended []bool) {
	attacked, defended = make([]bool, len(e.s.Units)), make([]bool, len(e.s.Units))
	for k := range e.s.Units {
		attacked[k], defended[k] = e.g.Attacked(k), e.g.Defended(k)
	}
	return attacked, defended
}

// supply traces side's supply now, as the engine does at a phase start
// (the rules' supply sources included). The answer is a copy.
func (e *engine) supply(side core.Side) core.Bitset { return e.g.Trace(side) }

// canMove reports whether unit k may move in this movement phase.
func (e *engine) canMove(k int) bool {
	p := e.g.Phase()
	u := &e.s.Units[k]
	if e.g.InSetup() || p.Kind != "move" || u.Side != p.Side || u.Status != core.OnMap || e.g.Pending() != "" {
		return false
	}
	return e.g.CanMove(k) == nil
}

// reach runs the movement search for unit k with the phase's allowance
// and weather; read it with e.mv (Spent, CanEnd, Path).
func (e *engine) reach(k int, weather string) {
	e.mv.Extra = e.g.Rules.Weather[weather].MoveExtra
	e.mv.Reach(k, e.g.MP(k))
}

// pathOK checks a move or rail path as the command would.
func (e *engine) pathOK(k int, path []int, how string) bool {
	return e.g.CheckPath(k, path, how) == nil
}

// canRail reports whether unit k may move by rail now.
func (e *engine) canRail(k int) bool {
	g := e.g
	p := g.Phase()
	u := &e.s.Units[k]
	if g.InSetup() || p.Kind != "rail" || u.Side != p.Side || u.Status != core.OnMap || !e.m.IsRail(u.Hex) {
		return false
	}
	return g.CanRail(k) == nil
}

// railDests lists the hexes unit k can reach by rail, with the parent of
// each hex on its route (for the path), as the engine finds them.
func (e *engine) railDests(k int, parent []int32) []int {
	r := e.g.RailRoutes(k)
	for i := range parent {
		parent[i] = -2
	}
	parent[e.s.Units[k].Hex] = -1
	for _, h := range r.Dests {
		p := r.Path(h)
		prev := int32(e.s.Units[k].Hex)
		for _, x := range p {
			if parent[x] == -2 {
				parent[x] = prev
			}
			prev = int32(x)
		}
	}
	return r.Dests
}

// railPath is the route to dst found by railDests.
func railPath(parent []int32, dst int) []int {
	var p []int
	for h := dst; parent[h] >= 0; h = int(parent[h]) {
		p = append(p, h)
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// weigh asks the game for the odds column of an attack on the unit in
// hex def from the units atk; ok is false when the attack is illegal.
func (e *engine) weigh(def int, atk []int) (col int, ok bool) {
	w, err := e.g.Weigh(def, atk)
	if err != nil {
		return 0, false
	}
	return w.Odds.Column, true
}

// entryOK judges whether unit k may enter hex h as a reinforcement
// ("place") or a rebuilt unit ("rebuild"), as the game does.
func (e *engine) entryOK(k, h int, how string, _ core.Bitset) bool {
	return e.g.CanPlace(k, h, how) == nil
}

// rebuildCost is what rebuilding unit k costs, ok false when it may not
// be rebuilt now.
func (e *engine) rebuildCost(k int) (int, bool) {
	cost, err := e.g.CanRebuild(k)
	return cost, err == nil
}

// setupArea is where unit k may be set up, nil when it is not placed in
// the setup step.
func (e *engine) setupArea(k int) core.Bitset {
	if !e.g.InSetup() || e.s.Units[k].Status == core.OnMap {
		return nil
	}
	return e.g.SetupArea(k)
}

// awaiting lists the reinforcements waiting to be placed.
func (e *engine) awaiting() []int {
	var out []int
	for _, id := range e.g.Status().Awaiting {
		if k, ok := e.s.UnitByID(id); ok {
			out = append(out, k)
		}
	}
	return out
}

func (e *engine) ids(path []int) []string {
	out := make([]string, len(path))
	for i, h := range path {
		out[i] = e.m.ID(h)
	}
	return out
}

// do sends one command. A refusal is counted and returned; the game is
// unchanged by it.
func (e *engine) do(words ...string) error {
	line := strings.Join(words, " ")
	e.commands = append(e.commands, line)
	err := e.g.Exec(line)
	var rf *game.Refusal
	if errors.As(err, &rf) {
		e.refused++
		e.lastErr = line + ": " + rf.Error()
	}
	return err
}

// move sends "move UNIT HEX...".
func (e *engine) move(k int, path []int) error {
	return e.do(append([]string{"move", e.s.Units[k].ID}, e.ids(path)...)...)
}

// attack sends "attack HEX from UNIT...".
func (e *engine) attack(def int, atk []int) error {
	w := []string{"attack", e.m.ID(def), "from"}
	for _, k := range atk {
		w = append(w, e.s.Units[k].ID)
	}
	return e.do(w...)
}
