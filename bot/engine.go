package bot

// engine.go is the bot's one window on legality: what may be done now,
// asked of the game through its present API (Exec, Status, Weigh, MP,
// Moved, BattleUnits, Pending, the rules' hooks). When the engine's
// legal-action list (g.Actions) and typed commands land, this file is
// the only one that changes.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
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
	defID, atkIDs := e.g.BattleUnits()
	if k, ok := e.s.UnitByID(defID); ok {
		d.def = k
		d.hex = e.s.Units[k].Hex
	}
	for _, id := range atkIDs {
		if k, ok := e.s.UnitByID(id); ok {
			d.atk = append(d.atk, k)
		}
	}
	if ev := e.lastCombat(); ev != nil {
		if h, err := e.m.ParseHex(fmt.Sprint(ev.Get("hex"))); err == nil {
			d.hex = h
		}
	}
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

// lastCombat is the latest combat event.
func (e *engine) lastCombat() *game.Event {
	log := e.g.Log()
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Kind == "combat" {
			return &log[i]
		}
	}
	return nil
}

// phaseLog is the events since the current phase began.
func (e *engine) phaseLog() []game.Event {
	log := e.g.Log()
	for i := len(log) - 1; i >= 0; i-- {
		if k := log[i].Kind; k == "phase" || k == "setup-end" {
			return log[i+1:]
		}
	}
	return log
}

// fought lists the units that attacked and were attacked in this phase.
func (e *engine) fought() (attacked, defended []bool) {
	attacked, defended = make([]bool, len(e.s.Units)), make([]bool, len(e.s.Units))
	for _, ev := range e.phaseLog() {
		if ev.Kind != "combat" {
			continue
		}
		if k, ok := e.s.UnitByID(fmt.Sprint(ev.Get("defender"))); ok {
			defended[k] = true
		}
		if ids, ok := ev.Get("attackers").([]string); ok {
			for _, id := range ids {
				if k, ok := e.s.UnitByID(id); ok {
					attacked[k] = true
				}
			}
		}
	}
	return attacked, defended
}

// supply traces side's supply now, as the engine does at a phase start
// (the friendly map edge, and the sea where the rules allow it); the
// rules' supply_sources hook is not asked. The answer is a copy.
func (e *engine) supply(side core.Side) core.Bitset {
	var r core.Bitset
	if sea := e.g.Rules.SeaSupply[side]; sea != "" {
		if reg, ok := e.m.Region(sea); ok {
			r = e.trace.TraceBySea(side, reg, nil)
		}
	}
	if r == nil {
		r = e.trace.Trace(side, nil)
	}
	return append(core.Bitset(nil), r...)
}

// unitValue is unit k's table for the rules' hooks.
func (e *engine) unitValue(k int) interp.Value {
	info, _ := e.g.UnitInfo(e.s.Units[k].ID)
	return e.g.Rules.UnitValue(info)
}

// arm restarts the rules' time limit before the bot asks a hook: the
// limit runs from the last command, and the bot's own thinking is not
// the module's (until the engine's per-call budget replaces it).
func (e *engine) arm() { e.g.Rules.Begin(e.g.Phase().ID) }

// hookSays asks a yes-or-no hook; an absent hook says yes.
func (e *engine) hookSays(name string, args ...func() interp.Value) bool {
	r := e.g.Rules
	if !r.Has(name) {
		return true
	}
	e.arm()
	vals := make([]interp.Value, len(args))
	for i, a := range args {
		vals[i] = a()
	}
	ok, _, _, err := r.Check(name, vals...)
	return err == nil && ok
}

// canMove reports whether unit k may move in this movement phase.
func (e *engine) canMove(k int) bool {
	p := e.g.Phase()
	u := &e.s.Units[k]
	if e.g.InSetup() || p.Kind != "move" || u.Side != p.Side || u.Status != core.OnMap || e.g.Pending() != "" {
		return false
	}
	if p.Classes != nil && !p.Classes[u.Class] {
		return false
	}
	if e.g.Moved(u.ID) {
		return false
	}
	return e.hookSays("can_move", func() interp.Value { return e.unitValue(k) }, func() interp.Value { return interp.Str(p.ID) })
}

// reach runs the movement search for unit k with the phase's allowance
// and weather; read it with e.mv (Spent, CanEnd, Path).
func (e *engine) reach(k int, weather string) {
	if e.g.Rules.Has("allowance") {
		e.arm() // MP asks the rules' allowance hook
	}
	e.mv.Extra = e.g.Rules.Weather[weather].MoveExtra
	e.mv.Reach(k, e.g.MP(k))
}

// pathOK asks the rules' can_move_path hook about a move or rail path.
func (e *engine) pathOK(k int, path []int, how string) bool {
	return e.hookSays("can_move_path", func() interp.Value { return e.unitValue(k) },
		func() interp.Value { return e.g.Rules.Strings(e.ids(path)) }, func() interp.Value { return interp.Str(how) })
}

// railUsed counts the rail moves made in this phase.
func (e *engine) railUsed() int {
	n := 0
	for _, ev := range e.phaseLog() {
		if ev.Kind == "rail" {
			n++
		}
	}
	return n
}

// canRail reports whether unit k may move by rail now.
func (e *engine) canRail(k int) bool {
	g := e.g
	p := g.Phase()
	u := &e.s.Units[k]
	if g.InSetup() || p.Kind != "rail" || u.Side != p.Side || u.Status != core.OnMap || g.Moved(u.ID) || !e.m.IsRail(u.Hex) {
		return false
	}
	if lim := g.Rules.RailLimit[u.Side]; lim > 0 && e.railUsed() >= lim {
		return false
	}
	if g.Rules.Has("rail_allowed") {
		e.arm()
		n, err := g.Rules.Int("rail_allowed", -1, e.unitValue(k), g.Rules.TurnValue(g.Turn()))
		if err != nil || n == 0 {
			return false
		}
	}
	return true
}

// railDests lists the hexes unit k can reach by rail, with the parent of
// each hex on its route (for the path), as core.State.RailPath would
// find them: through rail hexes friendly to the side, no enemy units and,
// where the rules say so, no enemy zone of control (or none passed
// through: the move stops on entering one).
func (e *engine) railDests(k int, parent []int32) []int {
	s, m := e.s, e.m
	side := s.Units[k].Side
	noZOC, zocStop := e.g.Rules.RailNoZOC, e.g.Rules.RailZOCStop
	ok := func(b int) bool {
		return s.RailOwner[b] == side && !s.EnemyAt(side, b) && !(noZOC && s.EnemyZOC(side, b))
	}
	start := s.Units[k].Hex
	for i := range parent {
		parent[i] = -2
	}
	parent[start] = -1
	queue := []int{start}
	var out []int
	for q := 0; q < len(queue); q++ {
		a := queue[q]
		if a != start && zocStop && s.EnemyZOC(side, a) {
			continue
		}
		visit := func(b int) {
			if b < 0 || parent[b] != -2 || !ok(b) {
				return
			}
			parent[b] = int32(a)
			queue = append(queue, b)
			if o := s.Occupant(b); o < 0 || !s.Units[k].Stacks {
				out = append(out, b)
			}
		}
		for d := core.N; d <= core.NW; d++ {
			if m.Rail[a]&(1<<d) != 0 {
				visit(int(m.Nbr[a][d]))
			}
		}
		for _, b := range m.RailLink[a] {
			visit(b)
		}
	}
	return out
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
	e.arm()
	from := make([]string, len(atk))
	for i, k := range atk {
		from[i] = e.s.Units[k].ID
	}
	w, err := e.g.Weigh(e.m.ID(def), from)
	if err != nil {
		return 0, false
	}
	return w.Odds.Column, true
}

// entryOK judges whether unit k of side may enter hex h as a
// reinforcement ("place") or a rebuilt unit ("rebuild", major cities in
// supply only), as the game's entry rule and the rules' can_place hook
// do (GDW: Reinforcements and Replacements).
func (e *engine) entryOK(k, h int, how string, supplied core.Bitset) bool {
	s, m := e.s, e.m
	side := s.Units[k].Side
	if r := e.g.Rules; r.Has("can_place") {
		e.arm()
		v, _, _, err := r.Decide("can_place", e.unitValue(k), interp.Str(m.ID(h)), interp.Str(how))
		switch {
		case err != nil || v < 0:
			return false
		case v > 0:
			return s.CanPlace(k, h) == nil
		}
	}
	if s.Occupant(h) >= 0 || !m.OnMap[h] || m.Terrain[h].Water() {
		return false
	}
	if c, ok := m.City(h); ok && s.Control[h] == side {
		switch {
		case c.Capital == side:
			return true
		case e.g.Rules.PlaceCityNoZOC && s.EnemyZOC(side, h):
			return false
		case how != "rebuild":
			return true
		}
		return c.Kind != core.Minor && supplied.Has(h)
	}
	return m.IsEdge(side, h) && !s.EnemyZOC(side, h)
}

// rebuildCost is what rebuilding unit k costs, ok false when the rules
// do not let it be rebuilt.
func (e *engine) rebuildCost(k int) (int, bool) {
	r := e.g.Rules
	e.arm()
	if r.Has("can_rebuild") {
		ok, _, _, err := r.Check("can_rebuild", e.unitValue(k))
		if err != nil || !ok {
			return 0, false
		}
	}
	cost, err := r.Int("rebuild_cost", 1, e.unitValue(k))
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
