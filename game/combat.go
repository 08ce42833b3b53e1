package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"gpw/core"
	"gpw/interp"
)

// battle is the battle being resolved.
type battle struct {
	def       int   // defender unit
	defHex    int   // the hex attacked
	attackers []int // attacking units
	lost      int   // strength the defender lost (for EX)
	exLost    int   // strength the attackers lost in the exchange
	shifts    []Shift
	notes     []Note
	// weighed is the battle as the rules saw it, with its odds, column
	// and die, and result the CRT's code: for the after_battle hook.
	weighed *interp.Battle
	result  string
}

// step is a queued piece of a combat result.
type step struct {
	kind interp.StepKind
	n    int
	flag bool
	// ordered: the rules' retreat_order has judged this retreat
	ordered bool
}

// maxBattleItems bounds the notes, the shifts and the steps of one
// battle: a module calling gpw.shift in a loop fails at once instead of
// filling memory.
const maxBattleItems = 64

// Note records a remark for the battle being weighed (interp.Host).
func (g host) Note(text, cite string) error {
	b := g.battle
	if b == nil {
		return nil
	}
	for _, n := range b.notes {
		if n.Text == text {
			return nil
		}
	}
	if len(b.notes) >= maxBattleItems {
		return fmt.Errorf("a battle has at most %d notes", maxBattleItems)
	}
	b.notes = append(b.notes, Note{text, cite})
	return nil
}

// Shift records a column shift (interp.Host).
func (g host) Shift(cause string, n int, cite string) error {
	b := g.battle
	if b == nil {
		return nil
	}
	if len(b.shifts) >= maxBattleItems {
		return fmt.Errorf("a battle has at most %d shifts", maxBattleItems)
	}
	b.shifts = append(b.shifts, Shift{cause, n, cite})
	return nil
}

// Step queues a combat step (interp.Host); only a battle's results may.
func (g host) Step(kind interp.StepKind, n int, flag bool) error {
	if g.battle == nil || !g.applying {
		return fmt.Errorf("a combat step may only be queued by a battle's results (results[CODE])")
	}
	if len(g.steps) >= maxBattleItems {
		return fmt.Errorf("a battle's results queue at most %d steps", maxBattleItems)
	}
	g.steps = append(g.steps, step{kind: kind, n: n, flag: flag})
	return nil
}

// Weighed is a battle weighed by the rules but not yet fought.
type Weighed struct {
	Defender  int
	Hex       int
	Attackers []int
	Odds      interp.Odds
	Shifts    []Shift
	Notes     []Note
}

// Weigh checks an attack on hex dh by the units from and lets the rules
// compute its odds, changing nothing: the engine of the attack command,
// the odds preview and the legal actions.
func (g *Game) Weigh(dh int, from []int) (*Weighed, error) {
	s, m := g.S, g.S.Map
	p := g.Phase()
	if p.Kind != interp.PhaseCombat {
		return nil, g.refuse("phase", "attack: it is the %s phase, not a combat phase", p.ID)
	}
	if len(from) == 0 {
		return nil, g.refuse("unknown", "usage: attack HEX from HEX... (the defender's hex, then the attackers' hexes)")
	}
	def := s.EnemyIn(p.Side, dh)
	if def < 0 {
		return nil, g.refuse("not-adjacent", "%s holds no enemy unit to attack", m.ID(dh))
	}
	if g.defended[def] {
		return nil, g.refuse("defend-once", "%s has already been attacked in this phase", s.Units[def].ID)
	}
	b := &interp.Battle{Def: s.Units[def].DefenseNow(), Terrain: m.Terrain[dh].String(), Weather: g.Turn().Weather, HexWeather: g.weatherAt(dh)}
	if c, ok := m.City(dh); ok {
		b.City = c.Kind.String()
		b.Capital = c.Capital != core.NoSide
	}
	if m.IsFortified(dh) {
		b.City = "fortress" // a scenario's fortified line (scenario: [[fortification]])
	}
	for i, k := range from {
		if err := g.canAttack(k, def, dh); err != nil {
			return nil, err
		}
		for _, j := range from[:i] {
			if j == k {
				return nil, g.refuse("attack-once", "%s is named twice", s.Units[k].ID)
			}
		}
		h := s.Units[k].Hex
		d, _ := m.Adjacent(h, dh)
		b.Att = append(b.Att, s.Units[k].AttackNow())
		b.Sup = append(b.Sup, g.inSupply(k))
		b.River = append(b.River, m.River[h]&(1<<d) != 0)
		b.Strait = append(b.Strait, m.Strait[h]&(1<<d) != 0)
		b.Attackers = append(b.Attackers, s.Units[k].ID)
		b.Kinds = append(b.Kinds, s.Units[k].Kind)
	}
	b.Defender, b.DefKind = s.Units[def].ID, s.Units[def].Kind
	prev := g.battle
	g.battle = &battle{def: def, defHex: dh, attackers: from}
	err := g.battleTerrain(b, dh)
	var odds interp.Odds
	if err == nil {
		odds, err = g.Rules.Weigh(b)
	}
	bt := g.battle
	g.battle = prev
	if err != nil {
		return nil, err
	}
	if odds.Odds < 1 {
		if len(bt.shifts) > 0 && odds.Defense > 0 && odds.Attack >= odds.Defense {
			// the module refused what its shifts took below the table
			var why []string
			for _, sh := range bt.shifts {
				why = append(why, fmt.Sprintf("%s %+d", sh.Cause, sh.Columns))
			}
			return nil, g.refuse("odds-min", "attack %d against defence %d is shifted left of %s (%s): the attack cannot be made", odds.Attack, odds.Defense, g.Rules.CRTColumns[0], strings.Join(why, ", "))
		}
		return nil, g.refuse("odds-min", "attack %d against defence %d is below %s: the attack cannot be made", odds.Attack, odds.Defense, g.Rules.CRTColumns[0])
	}
	return &Weighed{Defender: def, Hex: dh, Attackers: from, Odds: odds, Shifts: bt.shifts, Notes: bt.notes}, nil
}

// canAttack checks that unit k may attack the defender def in hex dh:
// the validator of the attack command and of the legal actions.
func (g *Game) canAttack(k, def, dh int) error {
	s, m := g.S, g.S.Map
	u := &s.Units[k]
	if u.Status != core.OnMap || u.Side != g.Phase().Side {
		return g.refuse("not-adjacent", "%s is not a %s unit on the map", u.ID, g.Phase().Side)
	}

	h := u.Hex
	d, adj := m.Adjacent(h, dh)
	if !adj {
		return g.refuse("not-adjacent", "%s in %s is not adjacent to %s", u.ID, m.ID(h), m.ID(dh))
	}
	if m.WaterSide[h]&(1<<d) != 0 && m.Strait[h]&(1<<d) == 0 {
		return g.refuse("water-attack", "%s may not attack across the lake/sea hexside %s-%s", u.ID, m.ID(h), m.ID(dh))
	}
	if g.attacked[k] {
		return g.refuse("attack-once", "%s has already attacked in this phase", u.ID)
	}
	if err := g.check("can_attack", interp.Unit(k), interp.Unit(def)); err != nil {
		return err
	}
	if g.Rules.NonCombat[u.Kind] {
		return g.refuse("not-adjacent", "%s is not a combat unit: it does not attack", u.ID)
	}
	return nil
}

// battleTerrain lets the rules' battle_terrain(hex, terrain, city) hook
// say what terrain and city kind a battle counts (a fortification built
// during play): the odds and the results see them in b.terrain and b.city,
// and the map is not changed. The battle is under way for the hook:
// gpw.battle names its units and gpw.note explains the change.
func (g *Game) battleTerrain(b *interp.Battle, dh int) error {
	if !g.Rules.Has("battle_terrain") {
		return nil
	}
	ts, err := g.Rules.Strings("battle_terrain", 2, interp.Str(g.S.Map.ID(dh)), interp.Str(b.Terrain), interp.Str(b.City))
	if err != nil {
		return err
	}
	if _, err := core.ParseTerrain(ts[0]); err != nil {
		return fmt.Errorf("%s: battle_terrain returned terrain %q", g.Rules.Module.Module, ts[0])
	}
	switch ts[1] {
	case "", "minor", "major", "fortress":
	default:
		return fmt.Errorf("%s: battle_terrain returned city kind %q (\"\", minor, major, fortress)", g.Rules.Module.Module, ts[1])
	}
	b.Terrain, b.City = ts[0], ts[1]
	return nil
}

func (g *Game) cmdAttack(c *Command) error {
	s := g.S
	w, err := g.Weigh(c.Hex, c.From)
	if err != nil {
		return err
	}
	def, attackers, odds := w.Defender, w.Attackers, w.Odds
	g.battle = &battle{def: def, defHex: w.Hex, attackers: attackers, shifts: w.Shifts, notes: w.Notes}
	for _, k := range attackers {
		g.attacked[k] = true
	}
	g.defended[def] = true
	g.dice.stream(g.turn, g.pos, purposeBattle, g.battles)
	g.battles++
	die := g.roll(6)
	col := odds.Column
	result := g.Rules.CRT[die-1][col-1]
	g.Rules.SetOutcome(odds.Odds, col, die)
	wb := g.Rules.LastBattle()
	g.battle.weighed, g.battle.result = &wb, result
	if !g.quiet() {
		bt := g.battle
		var why []string
		for _, n := range bt.notes {
			why = append(why, n.Text)
		}
		for _, sh := range bt.shifts {
			why = append(why, fmt.Sprintf("%s %+d", sh.Cause, sh.Columns))
		}
		text := fmt.Sprintf("%s attacked: %d against %d = %s", s.Units[def].ID, odds.Attack, odds.Defense, g.Rules.CRTColumns[odds.Odds-1])
		if len(why) > 0 {
			text += " (" + strings.Join(why, "; ") + ")"
		}
		text += fmt.Sprintf(", column %s, die %d: %s", g.Rules.CRTColumns[col-1], die, result)
		shifts := bt.shifts
		if shifts == nil {
			shifts = []Shift{}
		}
		notes := bt.notes
		if notes == nil {
			notes = []Note{}
		}
		g.emit(EventCombat, text, Field{"defender", s.Units[def].ID}, Field{"hex", s.Map.ID(c.Hex)}, Field{"attackers", g.unitIDs(attackers)},
			Field{"attack", odds.Attack}, Field{"defense", odds.Defense}, Field{"odds", g.Rules.CRTColumns[odds.Odds-1]},
			Field{"notes", notes}, Field{"shifts", shifts}, Field{"column", g.Rules.CRTColumns[col-1]}, Field{"die", die}, Field{"result", result})
	}
	g.steps = g.steps[:0]
	g.applying = true
	err = g.Rules.Apply(result)
	g.applying = false
	if err != nil {
		return err
	}
	return g.run()
}

// loseStep takes one step from unit k and prints the loss, and the
// elimination if it was the unit's last; it returns the strength lost.
func (g *Game) loseStep(k int, def bool) int {
	hex := g.S.Units[k].Hex
	lost := g.takeStep(k, def)
	if !g.alive(k) {
		g.announceElimination(k, hex)
	}
	return lost
}

// takeStep takes one step from unit k and prints the loss (not the
// elimination: see announceElimination); it returns the strength lost.
func (g *Game) takeStep(k int, def bool) int {
	u := &g.S.Units[k]
	f := u.AttackNow
	if def {
		f = u.DefenseNow
	}
	before := f()
	after := 0
	if !u.Reduced && u.HasHalf() {
		u.Reduced = true
		after = f()
	} else {
		g.S.Take(k, core.Eliminated)
		u.Reduced = false
	}
	g.emit(EventLoss, fmt.Sprintf("%s loses a step (strength %d)", u.ID, after), Field{"unit", u.ID}, Field{"strength", after}, Field{"lost", before - after}, Field{"side", u.Side.String()})
	return before - after
}

// announceElimination prints unit k's elimination on hex and tells the
// rules (on_eliminated): the last thing logged about the unit.
func (g *Game) announceElimination(k, hex int) {
	u := &g.S.Units[k]
	g.emit(EventEliminated, u.ID+" is eliminated", Field{"unit", u.ID}, Field{"side", u.Side.String()})
	g.eliminated(k, hex)
}

func (g *Game) alive(k int) bool { return g.S.Units[k].Status == core.OnMap }

// run carries out queued steps until one needs a choice or none is left.
func (g *Game) run() error {
	b := g.battle
	for len(g.steps) > 0 {
		st := g.steps[0]
		switch st.kind {
		case interp.StepDefenderLoss:
			for i := 0; i < max(st.n, 1) && g.losing(b.def); i++ {
				b.lost += g.loseStep(b.def, true)
			}
		case interp.StepDefenderEliminate:
			for g.losing(b.def) {
				b.lost += g.loseStep(b.def, true)
			}
		case interp.StepRetreat:
			if !g.alive(b.def) {
				break
			}
			if !st.ordered && g.Rules.Has("retreat_order") {
				held, err := g.retreatOrder(&g.steps[0])
				if err != nil {
					return err
				}
				if held {
					break
				}
				st = g.steps[0]
			}
			if len(g.retreats(st.n)) == 0 {
				// GDW: Combat Results / EX: a defender unable to retreat is
				// eliminated, and the attacker loses no more for it.
				g.emit(EventNote, g.S.Units[b.def].ID+" cannot retreat and is eliminated", Field{"unit", g.S.Units[b.def].ID}, Field{"rule", g.Rules.CiteRule("retreat")})
				for g.losing(b.def) {
					g.loseStep(b.def, true)
				}
				break
			}
			if g.auto {
				if err := g.autoDecide(st); err != nil {
					return err
				}
				continue
			}
			return nil
		case interp.StepAttackerLoss, interp.StepExchange:
			if st.kind == interp.StepExchange && b.exLost >= g.exchangeNeed(st) {
				break
			}
			if len(g.losers(st)) == 0 {
				break
			}
			if g.auto {
				if err := g.autoDecide(st); err != nil {
					return err
				}
				continue
			}
			return nil
		case interp.StepAttackersEliminate:
			for _, k := range g.livingAttackers() {
				for g.losing(k) {
					g.loseStep(k, false)
				}
			}
		case interp.StepAdvance:
			if g.alive(b.def) && g.S.Units[b.def].Hex == b.defHex || g.S.Occupant(b.defHex) >= 0 || len(g.livingAttackers()) == 0 {
				break
			}
			if g.auto {
				if err := g.autoDecide(st); err != nil {
					return err
				}
				continue
			}
			return nil
		default:
			return fmt.Errorf("%s: unknown combat step %q", g.Rules.Module.Module, st.kind)
		}
		g.steps = g.steps[1:]
	}
	if b != nil && b.weighed != nil && g.Rules.Has("after_battle") {
		// the battle is over: its units where its results left them
		if err := g.Rules.AfterBattle(b.weighed, b.result); err != nil {
			return err
		}
	}
	g.battle = nil
	return nil
}

// retreatOrder asks the rules' retreat_order about the defender's
// retreat st (a no-retreat order, a retreat forced or lengthened): it
// sets the hexes to retreat, or carries out the order instead (the unit
// holds; holds losing a step; is eliminated) and reports that it held.
func (g *Game) retreatOrder(st *step) (held bool, err error) {
	b := g.battle
	n, how, why, rule, err := g.Rules.RetreatOrder(b.def, st.n, st.flag)
	if err != nil {
		return false, err
	}
	st.ordered = true
	u := &g.S.Units[b.def]
	say := func(text string) {
		if why != "" {
			text += ": " + why
		}
		g.emit(EventNote, text, Field{"unit", u.ID}, Field{"rule", rule})
	}
	switch {
	case how == "eliminate":
		say(u.ID + " is eliminated instead of retreating")
		for g.losing(b.def) {
			b.lost += g.loseStep(b.def, true)
		}
		return true, nil
	case how == "stand":
		say(u.ID + " stands, losing a step instead of retreating")
		b.lost += g.loseStep(b.def, true)
		return true, nil
	case n == 0:
		say(u.ID + " holds its hex instead of retreating")
		return true, nil
	case n != st.n:
		say(fmt.Sprintf("%s retreats %d hexes, not %d", u.ID, n, st.n))
		st.n = n
	}
	return false, nil
}

// losers are the attackers that may take a pending attacker_loss or
// exchange step: the living ones that the rules' can_lose(u, kind) hook
// allows (all of them when the module has no such hook).
func (g *Game) losers(st step) []int {
	if !g.Rules.Has("can_lose") {
		return g.livingAttackers()
	}
	var out []int
	for _, k := range g.livingAttackers() {
		ok, _, _, err := g.Rules.Check("can_lose", interp.Unit(k), interp.Str(st.kind.String()))
		g.hookFailed(err)
		if ok {
			out = append(out, k)
		}
	}
	return out
}

func (g *Game) livingAttackers() []int {
	var out []int
	for _, k := range g.battle.attackers {
		if g.alive(k) {
			out = append(out, k)
		}
	}
	return out
}

func (g *Game) retreats(n int) []core.Retreat {
	o := g.Rules.Retreat
	o.Closed = g.fix.closed
	o.Hexes = n
	rs := g.S.Retreats(g.battle.def, o)
	if !g.Rules.RetreatAvoidZOC || len(rs) == 0 {
		return rs
	}
	// ADC2: Retreat: through an enemy ZOC only when there is no other way.
	least := rs[0].ZOC
	for _, r := range rs {
		least = min(least, r.ZOC)
	}
	out := rs[:0] // rs is the search's own: filtered in place
	for _, r := range rs {
		if r.ZOC == least {
			out = append(out, r)
		}
	}
	return out
}

// pendingText says what the battle waits for.
func (g *Game) pendingText() string {
	if len(g.steps) == 0 || g.battle == nil {
		return "nothing"
	}
	b, s := g.battle, g.S
	d := s.Units[b.def].ID
	switch st := g.steps[0]; st.kind {
	case interp.StepRetreat:
		var opts []string
		for _, r := range g.retreats(st.n) {
			opts = append(opts, fmt.Sprintf("%s (%d ZOC)", strings.Join(g.ids(r.Path), " "), r.ZOC))
		}
		t := fmt.Sprintf("the attacker chooses the retreat of %s: retreat %s", d, strings.Join(opts, " | retreat "))
		if st.flag {
			t = fmt.Sprintf("%s may stand and lose a step instead (stand) or retreat (nostand); ", d) + t
		}
		return t
	case interp.StepAttackerLoss:
		return fmt.Sprintf("the attacker chooses which attacker loses a step: loss UNIT (%s)", strings.Join(g.unitIDs(g.losers(st)), ", "))
	case interp.StepExchange:
		return fmt.Sprintf("exchange: the attacker has lost %d of the %d strength the defender lost: loss UNIT (%s)", b.exLost, g.exchangeNeed(st), strings.Join(g.unitIDs(g.losers(st)), ", "))
	case interp.StepAdvance:
		return fmt.Sprintf("one attacker may advance into %s: advance UNIT (%s) or noadvance", s.Map.ID(b.defHex), strings.Join(g.unitIDs(g.livingAttackers()), ", "))
	}
	return g.steps[0].kind.String()
}

// Pending says what the game waits for, or "" when no choice is pending.
func (g *Game) Pending() string {
	if len(g.steps) == 0 {
		return ""
	}
	return g.pendingText()
}

func (g *Game) unitIDs(ks []int) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = g.S.Units[k].ID
	}
	return out
}

// decide takes a decision command.
func (g *Game) decide(c *Command) error {
	cmd := c.Verb
	if len(g.steps) == 0 {
		return g.refuse("decision", "%s: no battle waits for a decision", cmd)
	}
	st := g.steps[0]
	if !slices.Contains(decisionVerbs[st.kind], cmd) || ((cmd == VerbStand || cmd == VerbNoStand) && !st.flag) {
		return g.refuse("decision", "%s is not the decision pending: %s", cmd, g.pendingText())
	}
	if cmd == VerbRetreat && st.flag && g.acting == g.Phase().Side {
		return g.refuse("stand", "the defender first elects whether to stand (stand) or retreat (nostand); then the attacker chooses the path")
	}
	if err := g.apply(st, c); err == errMore {
		return nil
	} else if err != nil {
		return err
	}
	g.steps = g.steps[1:]
	return g.run()
}

// decisionVerbs are the commands that settle each kind of pending step.
var decisionVerbs = map[interp.StepKind][]Verb{
	interp.StepRetreat:      {VerbRetreat, VerbStand, VerbNoStand},
	interp.StepAttackerLoss: {VerbLoss},
	interp.StepExchange:     {VerbLoss},
	interp.StepAdvance:      {VerbAdvance, VerbNoAdvance},
}

// apply carries out a decision already known to be the one pending.
func (g *Game) apply(st step, c *Command) error {
	b, s := g.battle, g.S
	switch c.Verb {
	case VerbStand:
		g.emit(EventStand, s.Units[b.def].ID+" stands and loses a step instead of retreating", Field{"unit", s.Units[b.def].ID}, Field{"rule", g.Rules.CiteRule("stand")})
		b.lost += g.loseStep(b.def, true)
	case VerbNoStand:
		g.steps[0].flag = false
		g.emit(EventNoStand, s.Units[b.def].ID+" will retreat: the attacker chooses the path", Field{"unit", s.Units[b.def].ID}, Field{"rule", g.Rules.CiteRule("stand")})
		return errMore
	case VerbRetreat:
		var pick *core.Retreat
		opts := g.retreats(st.n)
		for i := range opts {
			if slices.Equal(opts[i].Path, c.Path) {
				pick = &opts[i]
			}
		}
		if pick == nil {
			var o []string
			for _, r := range opts {
				o = append(o, strings.Join(g.ids(r.Path), " "))
			}
			fewest := ","
			if g.Rules.RetreatAvoidZOC {
				fewest = ", through the fewest enemy zones of control,"
			}
			return g.refuse("retreat", "retreat %s is not a legal retreat of %s: it must go %d hexes away%s not into enemy units, water or a hex twice, and end on an empty hex; legal: %s",
				strings.Join(g.ids(c.Path), " "), s.Units[b.def].ID, st.n, fewest, strings.Join(o, " | "))
		}
		return g.retreat(*pick)
	case VerbLoss:
		k := c.Unit
		if err := g.isAttacker(k, "%s is not one of this battle's attackers"); err != nil {
			return err
		}
		if err := g.check("can_lose", interp.Unit(k), interp.Str(st.kind.String())); err != nil {
			return err
		}
		lost := g.loseStep(k, false)
		if st.kind == interp.StepExchange {
			b.exLost += lost
			if b.exLost < g.exchangeNeed(st) && len(g.losers(st)) > 0 {
				return errMore
			}
		}
	case VerbAdvance:
		k := c.Unit
		if err := g.isAttacker(k, "only a unit that took part in the attack may advance; %s did not"); err != nil {
			return err
		}
		from := s.Map.ID(s.Units[k].Hex)
		s.Relocate(k, b.defHex)
		g.emit(EventAdvance, fmt.Sprintf("%s advances %s → %s", s.Units[k].ID, from, s.Map.ID(b.defHex)), Field{"unit", s.Units[k].ID}, Field{"from", from}, Field{"hex", s.Map.ID(b.defHex)})
		return g.tellMove(k, "advance", []int{b.defHex})
	case VerbNoAdvance:
		g.emit(EventNoAdvance, "no advance after combat")
	}
	return nil
}

// isAttacker checks that unit k is a surviving attacker of the battle.
func (g *Game) isAttacker(k int, notOne string) error {
	if !slices.Contains(g.livingAttackers(), k) {
		return g.refuse("decision", notOne, g.S.Units[k].ID)
	}
	return nil
}

// exchangeNeed is the strength the attackers must lose in an exchange:
// what the defender lost, or n when the rules queued exchange(n) (ADC2
// counts the attack factor the defender lost).
func (g *Game) exchangeNeed(st step) int {
	if st.n > 0 {
		return st.n
	}
	return g.battle.lost
}

// errMore keeps the exchange step pending: the attacker must lose more.
var errMore = fmt.Errorf("exchange continues")

// retreat moves the defender along a path, a step lost for each enemy zone
// of control entered (GDW: Zones of Control / Combat). The rules hear of a
// retreat that the unit survives through after_move(u, "retreat", path).
func (g *Game) retreat(r core.Retreat) error {
	b, s := g.battle, g.S
	u := &s.Units[b.def]
	losses := 0
	var done []int
	hex := u.Hex
	for _, h := range r.Path {
		done = append(done, h)
		if s.RetreatEntersZOC(u.Side, h, g.Rules.Retreat) {
			losses++
			b.lost += g.takeStep(b.def, true)
			if !g.alive(b.def) {
				break
			}
		}
	}
	if g.alive(b.def) {
		for _, h := range r.Path {
			s.Occupy(b.def, h)
		}
		s.Relocate(b.def, r.Path[len(r.Path)-1])
	}
	g.emit(EventRetreat, fmt.Sprintf("%s retreats %s, %d step(s) lost", u.ID, strings.Join(g.ids(done), " "), losses),
		Field{"unit", u.ID}, Field{"path", g.ids(done)}, Field{"losses", losses}, Field{"eliminated", !g.alive(b.def)})
	if !g.alive(b.def) {
		// the retreat is logged before the elimination: nothing is
		// logged about a unit after it
		g.announceElimination(b.def, hex)
		return nil
	}
	return g.tellMove(b.def, "retreat", r.Path)
}

// tellMove calls after_move for a unit moved by a combat result: a
// refusal cannot undo a result, so only a failure of the module counts.
func (g *Game) tellMove(k int, how string, path []int) error {
	var rf *Refusal
	if err := g.afterMove(k, how, path); err != nil && !errors.As(err, &rf) {
		return err
	}
	return nil
}

// autoDecide makes the pending choice by its documented default
// (defaultDecision).
func (g *Game) autoDecide(st step) error {
	c := g.defaultDecision(st)
	if err := g.apply(st, &c); err == errMore {
		return nil
	} else if err != nil {
		return err
	}
	g.steps = g.steps[1:]
	return nil
}

// defaultDecision is the documented default for the pending step: the
// retreat with the fewest zone-of-control losses (first listed on a tie),
// standing never; for a loss, the attacker whose step costs the least
// strength (for an exchange, the cheapest step that still covers what is
// owed); the strongest surviving attacker advances.
func (g *Game) defaultDecision(st step) Command {
	b, s := g.battle, g.S
	c := Cmd("")
	switch st.kind {
	case interp.StepRetreat:
		if st.flag {
			return Cmd(VerbNoStand)
		}
		opts := g.retreats(st.n)
		best := opts[0]
		for _, r := range opts[1:] {
			if r.ZOC < best.ZOC {
				best = r
			}
		}
		c.Verb, c.Path = VerbRetreat, best.Path
	case interp.StepAttackerLoss, interp.StepExchange:
		live := g.losers(st)
		pick := live[0]
		cost := func(k int) int {
			u := &s.Units[k]
			if !u.Reduced && u.HasHalf() {
				return u.Attack[0] - u.Attack[1]
			}
			return u.AttackNow()
		}
		need := g.exchangeNeed(st) - b.exLost
		for _, k := range live[1:] {
			c, pc := cost(k), cost(pick)
			if st.kind == interp.StepExchange && (pc < need) != (c < need) {
				if c >= need {
					pick = k
				}
				continue
			}
			if c < pc {
				pick = k
			}
		}
		c.Verb, c.Unit = VerbLoss, pick
	case interp.StepAdvance:
		live := g.livingAttackers()
		pick := live[0]
		for _, k := range live[1:] {
			if s.Units[k].AttackNow() > s.Units[pick].AttackNow() {
				pick = k
			}
		}
		c.Verb, c.Unit = VerbAdvance, pick
	}
	return c
}
