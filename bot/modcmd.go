package bot

// modcmd.go plays the rules module's own commands: the engine lists each
// command's legal uses (game.ModuleActions, from the module's R.uses),
// and the bot judges each use it considers by look-ahead on a clone of
// the game (judge), using those that pay.

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
)

// maxJudged bounds the uses of one command judged in a phase: the most
// promising first (prefilter).
const maxJudged = 4

// maxDeep bounds the uses of one command a phase looked ahead at over
// the turns (lookahead), when what they change now is nothing: by level.
func (b *Bot) maxDeep() int {
	switch b.Level.Name {
	case "easy":
		return 0
	case "normal":
		return 1
	}
	return 2
}

// payMargin is what a use must gain, in strength points, to be made.
const payMargin = 0.25

// unjudged is how many uses of a command the bot looks ahead at, all
// changing nothing it measures, before it says it cannot judge it. A use
// judged only by what it changes now, not looked ahead at (the phase's
// look-ahead spent, or resting), does not count: a command that pays
// later, such as a fortification, is not given up for it.
const unjudged = 8

// givenUp reports whether the bot no longer judges module command w:
// unjudged uses looked ahead at, or unjudgedAll judged in all, changed
// nothing it measures.
func (b *Bot) givenUp(w string) bool {
	return !b.moved[w] && (b.flat[w] >= unjudged || b.Judged[w] >= unjudgedAll)
}

// unjudgedAll bounds the uses of a command judged in all, looked ahead
// at or not, before it is given up (when none changed anything).
const unjudgedAll = 2 * unjudged

// modRounds bounds the rounds of judging in a phase (at hard; one
// below).
const modRounds = 2

// moduleStep judges the module commands' uses at a phase's start (before
// its moves or attacks), and makes those that pay, best first, one per
// hex and unit a round, in up to modRounds rounds while some pay.
func (b *Bot) moduleStep() error {
	g := b.e.g
	key := fmt.Sprintf("%d/%s", g.Turn().Index, g.Phase().ID)
	if b.noModule || b.modPhase == key || g.InSetup() {
		return nil
	}
	b.modPhase = key
	rounds := modRounds
	if !b.thorough() || b.quickModule {
		rounds = 1 // the look-ahead's cost: a second round at hard only
	}
	for r := 0; r < rounds; r++ {
		made, err := b.moduleRound()
		if err != nil || made == 0 || g.Over() || g.Actor() != b.Side {
			return err
		}
	}
	return nil
}

// moduleRound judges the listed uses once and makes those that pay; it
// answers how many it made.
func (b *Bot) moduleRound() (int, error) {
	g, e := b.e.g, b.e
	ms, err := g.ModuleActions()
	if err != nil {
		if e.fault == nil {
			e.fault = err
		}
		return 0, nil
	}
	type judged struct {
		use  game.ModuleUse
		gain float64
	}
	var good []judged
	quickBase, battleBase := math.NaN(), math.NaN()
	var deepBase *look
	var scratch *game.Game // the last use's clone
	for _, m := range ms {
		if !m.Listed {
			b.say("unlisted-"+m.Word, "cannot use the %s rules' command %s: the module lists no uses of it (R.uses)", g.Rules.ID, m.Word)
			continue
		}
		if len(m.Uses) == 0 || b.givenUp(m.Word) || b.ordered[m.Word] {
			continue // none now, one it has found it cannot judge, or an order (orders.go)
		}
		cands := b.prefilter(m)
		deep := 0
		for _, u := range cands {
			if math.IsNaN(quickBase) {
				quickBase = b.quick(g.Clone())
			}
			// each use's clone is judged within its turn of the loop
			// (its look-ahead's helpers are new each time): the next
			// use's reuses its memory
			c := g.CloneTo(scratch)
			scratch = c
			if err := c.Do(b.Side, game.UseCommand(u.Line)); err != nil {
				continue
			}
			// first what the use changes now (strength, points, this
			// combat phase's attacks); where that is nothing, look ahead
			// over the turns, for the first few
			gain := b.quick(c) - quickBase
			looked := b.quickModule // a helper never looks ahead: what it sees now is all it judges by
			battle := len(u.Hexes) == 0 && b.ownCombat(g)
			turn := g.Turn().Index
			if gain == 0 && battle && !b.quickModule && b.deepAwake("battle:"+m.Word, turn) {
				// a use tied to no hex that changes no odds column may
				// change the results (an exchange option): the next
				// attack, die face by face
				if math.IsNaN(battleBase) {
					battleBase = b.battleLook(g.Clone())
				}
				gain = b.battleLook(c) - battleBase
				looked = true
				b.deepResult("battle:"+m.Word, turn, gain > payMargin)
			}
			last, idled := b.idle[m.Word]
			// (a use judged by the next attack lasts no longer)
			// (none before the first order step, which may find the use
			// an order: orders.go)
			if gain == 0 && !battle && !b.quickModule && b.orderPhase != "" && deep < b.maxDeep() && (!idled || last != turn-1) && b.deepAwake(m.Word, turn) {
				if deepBase == nil {
					deepBase = b.lookNear(g.Clone())
				}
				lu := b.lookNear(c)
				gain = lu.near - deepBase.near
				if farNeeded(gain) {
					gain += lu.far() - deepBase.far()
				}
				deep++
				looked = true
				b.deepResult(m.Word, turn, gain > payMargin)
				if gain <= payMargin && !b.thorough() {
					b.idle[m.Word] = turn // not looked at over the turns next turn
				}
			}
			b.Judged[m.Word]++
			if looked {
				b.flat[m.Word]++
			}
			if gain != 0 {
				b.moved[m.Word] = true
			}
			if gain > payMargin {
				good = append(good, judged{u, gain})
			}
		}
		if b.givenUp(m.Word) && b.orderPhase != "" { // the order step has looked too
			b.say("unjudged-"+m.Word, "cannot judge the %s rules' command %s: %d uses looked ahead changed nothing it measures", g.Rules.ID, m.Word, b.flat[m.Word])
		}
	}
	sort.SliceStable(good, func(i, j int) bool { return good[i].gain > good[j].gain })
	made := 0
	listed := ms               // the uses listed now: the uses were judged on clones
	taken := map[string]bool{} // hexes and units a use of this round touched
	for _, j := range good {
		clash := false
		for _, x := range append(slices.Clone(j.use.Hexes), j.use.Units...) {
			clash = clash || taken[x]
		}
		if listed == nil {
			listed, _ = g.ModuleActions() // the commands made changed the position
		}
		if clash || !isListed(listed, j.use.Line) {
			continue // judged apart, the two would not add up; or no longer legal
		}
		if err := e.do(game.UseCommand(j.use.Line)); err != nil {
			if game.IsRefusal(err) {
				continue
			}
			return made, err
		}
		listed = nil
		for _, x := range append(slices.Clone(j.use.Hexes), j.use.Units...) {
			taken[x] = true
		}
		made++
		b.Tactics["module:"+strings.Fields(j.use.Line)[0]]++
		b.view = nil // the position changed
	}
	return made, nil
}

// stillListed reports whether line is among the uses listed now.
func (b *Bot) stillListed(line string) bool {
	ms, _ := b.e.g.ModuleActions()
	return isListed(ms, line)
}

// isListed reports whether line is among the uses ms lists.
func isListed(ms []game.ModuleCommand, line string) bool {
	for _, m := range ms {
		for _, u := range m.Uses {
			if u.Line == line {
				return true
			}
		}
	}
	return false
}

// prefilter picks the uses of m worth looking ahead at, a few: those
// whose hexes are nearest the enemy and most threatened by it (where a
// command can change a battle).
func (b *Bot) prefilter(m game.ModuleCommand) []game.ModuleUse {
	v := b.phaseView()
	type cand struct {
		u   game.ModuleUse
		key float64
	}
	var cs []cand
	for _, u := range m.Uses {
		key := math.Inf(-1)
		for _, h := range v.useHexes(u) {
			key = math.Max(key, float64(v.threat[h])-5*float64(v.foeDist[h]))
		}
		if len(u.Hexes) == 0 {
			key = 0
		}
		cs = append(cs, cand{u, key})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].key > cs[j].key })
	var out []game.ModuleUse
	seen := map[string]bool{} // one use per set of hexes: the first, best placed
	for i := 0; i < len(cs) && len(out) < maxJudged; i++ {
		k := strings.Join(cs[i].u.Hexes, " ")
		if len(cs[i].u.Hexes) > 0 && seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, cs[i].u)
	}
	return out
}

// A look-ahead values position c as what it is worth to the bot's side, judged by
// playing it forward on clones without dice: the side's strength on the
// map less the enemy's, and its replacement points; plus the best attack
// on each enemy unit when its next combat phase begins (its moves played
// by a helper bot); less, weighed by caution, the best attack the enemy
// could make on each of the side's units when the enemy's combat phase
// begins, the side standing where it is and the enemy's moves played
// (and half that at the enemy's combat phase after).
// Every odds column is the engine's, so a command that changes a battle
// (a shift, a fortification, air support) shows in it.
//
// look is a look-ahead in two parts: near, up to the enemy's next
// combat phase, and far, the half-weighed enemy combat phase after,
// which costs as much again and is played only when asked (far).
type look struct {
	b     *Bot
	near  float64
	after *game.Game // the clone at the enemy's combat phase, its player turn ended; nil when there is no far part
	farV  float64
	done  bool
}

// lookNear plays the near part of a look-ahead on c (which it consumes).
func (b *Bot) lookNear(c *game.Game) *look {
	side := b.Side
	l := &look{b: b, near: b.holdings(c, side)}
	if own, ok := b.rollTo(c.Clone(), side, core.NoSide); ok {
		l.near += own
	}
	foe, ok := b.rollTo(c, side.Enemy(), side)
	if !ok {
		return l
	}
	l.near -= foe * b.Doctrine.Caution
	// and half as much at the enemy's combat phase after, for what lasts
	// (a fortification, a unit placed): the side still stands
	if c.Do(side.Enemy(), game.Cmd(game.VerbEnd)) == nil {
		l.after = c
	}
	return l
}

// far plays (once) and answers the far part of the look-ahead.
func (l *look) far() float64 {
	if !l.done {
		l.done = true
		if l.after != nil {
			if foe, ok := l.b.rollTo(l.after, l.b.Side.Enemy(), l.b.Side); ok {
				l.farV = -foe * l.b.Doctrine.Caution / 2
			}
			l.after = nil
		}
	}
	return l.farV
}

// farNeeded reports whether a use whose near gain is near must be looked
// at far as well: not when it changes nothing near (what lasts shows at
// the enemy's next combat phase first), nor when near already decides
// (farDecides either way).
func farNeeded(near float64) bool {
	return near != 0 && math.Abs(near) <= farDecides
}

// farDecides is the near gain, in strength points, beyond which the far
// part of the look-ahead (half-weighed) is not played.
const farDecides = 4 * payMargin

// quick is what position c is worth to the bot's side now: holdings,
// and the best attack on each enemy unit when c is the side's combat
// phase.
func (b *Bot) quick(c *game.Game) float64 {
	val := b.holdings(c, b.Side)
	if p := c.Phase(); p.Kind == interp.PhaseCombat && p.Side == b.Side && c.Actor() == b.Side {
		var hs [2]*Bot
		val += b.helper(&hs, c, b.Side).potential()
	}
	return val
}

// ownCombat reports whether c is the side's combat phase, the side to act.
func (b *Bot) ownCombat(c *game.Game) bool {
	p := c.Phase()
	return p.Kind == interp.PhaseCombat && p.Side == b.Side && c.Actor() == b.Side
}

// battleLook is what clone c is worth to the side after the attack it
// would make next (its best-scored, on the engine's column), averaged
// over the six faces of the die: each face forced on a clone of c, the
// battle's decisions the engine's defaults (auto on), the holdings
// counted after.
// With no attack worth making it is c's holdings.
func (b *Bot) battleLook(c *game.Game) float64 {
	var hs [2]*Bot
	h := b.helper(&hs, c, b.Side)
	v := h.phaseView()
	attacked, defended := h.e.fought()
	best, found := option{}, false
	for _, t := range h.targets(v, attacked, defended) {
		if o, ok := h.leastBad(v, t); ok && o.score > 0 && (!found || o.score > best.score) {
			best, found = o, true
		}
	}
	if !found {
		return b.holdings(c, b.Side)
	}
	x, ok := overDie(c, b.Side, best, func(cc *game.Game) float64 { return b.holdings(cc, b.Side) })
	if !ok {
		return b.holdings(c, b.Side)
	}
	return x
}

// overDie is score averaged over the die's six faces: each face forced
// on a clone of c on which side makes attack o, the battle's choices
// the engine's defaults (auto on). ok is false when an attack fails.
func overDie(c *game.Game, side core.Side, o option, score func(*game.Game) float64) (float64, bool) {
	var sum float64
	var cc *game.Game // each face's clone, read by score only: the next face reuses its memory
	for f := 1; f <= 6; f++ {
		cc = c.CloneTo(cc)
		cc.ForceDice(f)
		if cc.Do(core.NoSide, game.Cmd(game.VerbAuto, "on")) != nil {
			return 0, false
		}
		at := game.Cmd(game.VerbAttack)
		at.Hex, at.From = o.hex, o.atk
		if cc.Do(side, at) != nil {
			return 0, false
		}
		sum += score(cc)
	}
	return sum / 6, true
}

// holdings is side's strength on the map and its points, less the
// enemy's strength.
func (b *Bot) holdings(c *game.Game, side core.Side) float64 {
	s := c.S
	var x float64
	for k := range s.Units {
		u := &s.Units[k]
		if u.Status != core.OnMap {
			continue
		}
		w := float64(u.AttackNow() + u.DefenseNow())
		if u.Side == side {
			x += w
		} else {
			x -= w
		}
	}
	return x + float64(c.Points(side))
}

// rollTo plays clone c forward, both sides by helper bots that skip
// their attacks (the side still places what it must and moves nothing), until
// side's combat phase begins (within two player turns), and answers the
// best attack side can make on each enemy unit there, summed: its attack
// potential. ok is false when the game ends or the phase is not reached.
func (b *Bot) rollTo(c *game.Game, side, still core.Side) (float64, bool) {
	return b.rollToWith(c, side, still, false)
}

// rollToWith is rollTo; with mods the side's helper first makes the
// module commands that pay now at that combat phase (an air support's
// shift, judged by quick), so that its potential counts them.
func (b *Bot) rollToWith(c *game.Game, side, still core.Side, mods bool) (float64, bool) {
	helpers := [2]*Bot{}
	for i := 0; i < 32 && !c.Over(); i++ {
		p := c.Phase()
		if p.Kind == interp.PhaseCombat && p.Side == side && c.Actor() == side {
			h := b.helper(&helpers, c, side)
			if mods {
				h.noModule, h.quickModule = false, true
				if err := h.moduleStep(); err == nil {
					for t, n := range h.Tactics {
						if strings.HasPrefix(t, "module:") {
							b.searchUses += n
						}
					}
				}
				if c.Over() || c.Actor() != side || c.Phase().Kind != interp.PhaseCombat {
					return 0, false
				}
			}
			return h.potential(), true
		}
		a := c.Actor()
		h := b.helper(&helpers, c, a)
		h.standStill = a == still
		h.halt = func(g *game.Game) bool { return g.Phase().Kind == interp.PhaseCombat && g.Phase().Side == side }
		if err := h.Play(c); err != nil {
			return 0, false
		}
	}
	return 0, false
}

// helper is the noise-free bot that plays side on clone c in a look-ahead.
func (b *Bot) helper(hs *[2]*Bot, c *game.Game, side core.Side) *Bot {
	if hs[side] == nil {
		hs[side] = b.newHelper(side)
	}
	hs[side].bind(c)
	return hs[side]
}

// newHelper makes a look-ahead helper for side (helper).
func (b *Bot) newHelper(side core.Side) *Bot {
	h, _ := New(side, "hard", nil, 1)
	b.shareRings(h)
	if side == b.Side {
		h.Doctrine, h.doctrineSet = b.Doctrine, true
	}
	h.noModule, h.skipAttacks = true, true
	return h
}

// potential sums the best attack on each enemy unit the side could make
// now (its combat phase): the bot's own scoring on the engine's columns.
func (b *Bot) potential() float64 {
	v := b.phaseView()
	attacked, defended := b.e.fought()
	var sum float64
	for _, t := range b.targets(v, attacked, defended) {
		best := 0.0
		for _, o := range b.options(v, t) {
			if !o.exact {
				if col, ok := b.weighCached(o.hex, o.atk); ok {
					o.col = col
				}
			}
			best = math.Max(best, b.scoreAttack(v, o))
		}
		sum += best
	}
	return sum
}

// Unjudged lists, sorted, the module's command words the bot has not
// played because it cannot judge them: none of their uses looked at
// changed what it measures, or the module lists no uses of them. gpw sim
// marks an arm whose bots left some out.
func (b *Bot) Unjudged() []string {
	var out []string
	for key := range b.said {
		if w, ok := strings.CutPrefix(key, "unjudged-"); ok {
			out = append(out, w)
		} else if w, ok := strings.CutPrefix(key, "unlisted-"); ok {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}
