package bot

// search.go is the expert level's search: at the start of each of its
// player turns the bot compares a few plans for the turn by playing each
// forward on clones of the game, through its own turn and the enemy's
// reply, and plays the one that leaves it best placed.
//
// A plan is the hard bot's way of playing with its doctrine changed
// (bolder, more careful, attacking on thinner odds, holding more in
// reserve): each is a policy the whole turn follows, so that what it
// does answers the dice as they fall. Each plan is played on Samples
// clones whose dice come from the bot's own random stream (ReseedDice:
// never the game's dice, which a clone would roll before the game does),
// the same dice for every plan (common random numbers: the plans are
// compared on the same luck, pair by pair). The enemy's reply is played
// by the hard bot. Budgets are counts, never time, so the same seed
// gives the same commands on any machine.

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"gpw/core"
	"gpw/game"
	"gpw/interp"
)

// searchPlan is one way to play a stretch of the turn: the hard bot's
// doctrine changed by change (nil: as it is), and noise added to its
// move scores (a different plan of moves of about the same worth).
type searchPlan struct {
	name   string
	change func(d *Doctrine)
	noise  float64
	seed   uint64 // the noisy plan's random stream
	still  bool   // the side moves nothing (the stretch's phases end at once)
	escape bool   // the side's threatened units step back (escape.go)
	// passive: a plan that gives up ground or time, not for a side
	// that loses when the time runs out (mustWin)
	passive bool
	// mustWin: a plan only for a side that must win
	mustWin bool
}

// searchVariants are the doctrine changes the expert compares, the hard
// bot's own first; the level's further plans are the hard bot's with
// noise (searchNoise), each on its own stream.
var searchVariants = []searchPlan{
	{name: "as-is"},
	{name: "careful", passive: true, change: func(d *Doctrine) {
		d.Caution = min(d.Caution+0.25, 1)
		d.WithdrawRatio *= 1.25
	}},
	{name: "bold", change: func(d *Doctrine) {
		d.Caution *= 0.6
		d.AttackRatio *= 0.8
	}},
	{name: "withdraw", passive: true, change: func(d *Doctrine) {
		d.WithdrawRatio *= 2
		d.Depth++
	}},
	{name: "reserve", passive: true, change: func(d *Doctrine) {
		d.Reserve = min(d.Reserve+0.15, 0.4)
		d.AttackRatio *= 1.3
	}},
	{name: "escape", escape: true, passive: true},
}

// searchNoise is the noise of the expert's noisy plans (the normal
// level's).
const searchNoise = 3

// mustWinPlain makes a side that must win (mustWin: the Axis in
// Barbarossa) play the hard bot's moves in every turn and compare only
// the doctrine's attack plans, no noisy one (combatsearch.go). Its moves
// were searched in its last turn only, among the hard bot's, a bold
// and seven noisy plans, each played to the game's end on 4 dice
// samples: a verdict worth ±searchWin on so few samples picked another
// plan than the hard bot's in 85% of those stretches, and the expert Axis
// won fewer games than the hard Axis (57% against 61%, seeds 1–150);
// with its noisy attack plans also dropped it wins 65% at a third of
// the CPU. false: the searches of before.
var mustWinPlain = true

// movesPlain leaves the noisy plans out of the moves' search: the
// doctrine variants only (as-is, careful, bold, withdraw, reserve,
// escape). The level still draws a stream for each of its Search plans,
// so the noisy plans' draws are kept. Valued on two dice samples, or by
// the verdict (±searchWin) on 4 where the plans are played to the end
// (nearEnd), they were chosen on the samples' luck as the Axis's were
// (mustWinPlain). The expert Soviets against the hard Axis, seeds 1–150:
// 52% with them, 51% without them in the last two turns, 51% without
// them in any (the hard Soviets 39%), 1.92 → 1.58 → 1.24 s of CPU a
// game. false: kept.
var movesPlain = true

// holderEndOnly makes a side that need not win (the Soviets in
// Barbarossa: they win when no condition holds at the end) play as the
// hard bot until its plans are played to the game's end (nearEnd), and
// search its moves and attacks only then. With retreats through the
// fewest zones and the hard bot holding its cities from 3 hexes out, the
// plans its one-turn value chose lost games the hard bot's own won: the
// expert Soviets against the hard Axis won 77% (seeds 1–150) and 75%
// (151–300) where the hard Soviets win 83% and 77%; searching near the
// end only, 84% and 83%. false: a search every stretch.
var holderEndOnly = true

// mustWinCities makes a side that must win (the Axis in Barbarossa) play
// each stretch of its moves as the hard bot with the victory cities worth
// more (citiesMoves: the attack-cities plan's doctrine), without a
// search. Since retreats go through the fewest zones the one-turn value
// found no plan better than the hard bot's (its attack plans chosen on
// the dice samples' luck): the expert Axis won 19% of seeds 1–150
// against the hard Soviets, the hard Axis 17%. With it and the
// attack-all-in plan (combatsearch.go) 29% (p 0.011), and 28% of seeds
// 151–300 where the hard Axis wins 23%. false: the hard bot's moves.
var mustWinCities = true

// citiesMoves is the plan a side that must win moves by
// (mustWinCities): a victory city three times the doctrine's worth, a
// capital twice, aggression up by 0.15.
var citiesMoves = searchPlan{name: "cities", change: forCities}

// forCities is the doctrine that goes for the cities: a victory city
// three times its worth, a capital twice, aggression up by 0.15.
func forCities(d *Doctrine) {
	d.VictoryCity *= 3
	d.Capital *= 2
	d.Aggression = min(d.Aggression+0.15, 0.95)
}

// searchMargin is what a plan other than the hard bot's own must gain
// over it, in the look-ahead's strength points, to be played.
const searchMargin = 0.5

// searchCity and searchCapital are the least a victory city and a
// capital the victory conditions name are worth in the search's value:
// the verdict is theirs.
var searchCity, searchCapital = 25.0, 60.0

// searchWin is what a game won (lost) in a look-ahead is worth.
const searchWin = 500

// search plans a stretch of the side's player turn: the phases from
// where it stands to its next combat phase or to the enemy's turn (the
// moves before combat, those after). Once a stretch, it plays each of
// the level's plans on a clone through the stretch and values where
// each leaves the side (stretchValue), and sets the bot to play the
// best.
func (b *Bot) search(g *game.Game) {
	p := g.Phase()
	if b.planKey != "" && b.planTurn == g.Turn().Index && slices.Contains(b.planPhases, p.ID) {
		return // a stretch under way
	}
	if holderEndOnly && !b.mustWin() && !b.nearEnd(g) {
		b.endPlan()
		return // a side that need not win plays the hard bot's turn (holderEndOnly)
	}
	if p.Kind == interp.PhaseCombat {
		b.endPlan()
		b.searchCombat(g) // combatsearch.go
		return
	}
	if b.mustWin() && mustWinCities {
		// a side that must win moves for the victory cities (mustWinCities)
		b.endPlan()
		b.planKey, b.planTurn, b.planPhases = p.ID, g.Turn().Index, stretch(g, b.Side)
		b.setBase()
		b.startPlan(citiesMoves)
		b.Tactics["plan:"+citiesMoves.name]++
		return
	}
	if b.mustWin() && (mustWinPlain || !b.lastTurn(g)) {
		return // a side that must win plays the hard bot's moves (mustWinPlain)
	}
	b.endPlan()
	at, foe, found := b.beginStretch(g, stretch(g, b.Side))
	if found {
		return
	}
	plans := b.searchPlans()
	if movesPlain {
		plans = slices.DeleteFunc(plans, func(pl searchPlan) bool { return pl.noise > 0 })
	}
	dice := b.rng.Uint64()
	b.searchDice = dice
	var ends []uint64 // the last turn: the dice of each play to the end
	if b.nearEnd(g) {
		for range searchEnds {
			ends = append(ends, b.rng.Uint64())
		}
	}
	scores := make([]float64, len(plans))
	known := map[uint64]float64{} // by the position a plan leaves: plans that leave the same are valued once
	for i, pl := range plans {
		c := g.Clone()
		c.ReseedDice(dice) // no game die is rolled on the clone; the same for every plan
		scores[i] = b.playPlan(c, pl, foe, known, ends)
	}
	b.choosePlan(g, at, plans, scores)
}

// beginStretch records the stretch of phases the bot plans from g's
// phase and answers the position's key. The same stretch from the same
// position plays the plan found then (a bot under fog thinks again on a
// fresh copy after each die, and may reach the stretch on each): found
// true. Else it sets the bot's base doctrine and answers the enemy's.
func (b *Bot) beginStretch(g *game.Game, phases []string) (at uint64, foe Doctrine, found bool) {
	b.planKey, b.planTurn, b.planPhases = g.Phase().ID, g.Turn().Index, phases
	at = positionKey(g)
	if pl, ok := b.planned[at]; ok {
		b.startPlan(pl)
		return at, foe, true
	}
	b.setBase()
	foe, err := doctrineFor(g, b.Side.Enemy())
	if err != nil {
		foe = DefaultDoctrine(b.Side.Enemy())
	}
	return at, foe, false
}

// choosePlan plays the best of plans by their scores, the first (the
// hard bot's own) unless another gains searchMargin over it, keeps it
// for the position at and records the search.
func (b *Bot) choosePlan(g *game.Game, at uint64, plans []searchPlan, scores []float64) {
	best := 0
	for i := range plans {
		if scores[i] > scores[0]+searchMargin && scores[i] > scores[best] {
			best = i
		}
	}
	b.startPlan(plans[best])
	if b.planned == nil {
		b.planned = map[uint64]searchPlan{}
	}
	b.planned[at] = plans[best]
	b.Tactics["plan:"+plans[best].name]++
	r := SearchResult{Turn: g.TurnName(g.Turn().Index), Phase: g.Phase().ID, Scores: scores, Chosen: best}
	for _, pl := range plans {
		r.Plans = append(r.Plans, pl.name)
	}
	b.Searched = append(b.Searched, r)
}

// stretch lists the phases of the stretch that begins with g's phase:
// the side's phases from it up to its next combat phase or the enemy's.
func stretch(g *game.Game, side core.Side) []string {
	ph := g.Rules.Phases
	i := slices.IndexFunc(ph, func(p interp.Phase) bool { return p.ID == g.Phase().ID })
	var out []string
	for j := max(i, 0); j < len(ph) && ph[j].Side == side && ph[j].Kind != interp.PhaseCombat; j++ {
		out = append(out, ph[j].ID)
	}
	return out
}

// searchPlans are the level's plans for a stretch: the doctrine
// variants, then noisy plans on streams drawn from the bot's own.
func (b *Bot) searchPlans() []searchPlan {
	n := b.Level.Search
	var vs []searchPlan
	for _, pl := range searchVariants {
		if !pl.passive || !b.mustWin() {
			vs = append(vs, pl)
		}
	}
	var out []searchPlan
	for i := 0; i < n; i++ {
		seed := b.rng.Uint64()
		if i < len(vs) {
			pl := vs[i]
			pl.seed = seed
			out = append(out, pl)
			continue
		}
		out = append(out, searchPlan{name: fmt.Sprintf("noisy-%d", i-len(vs)+1), noise: searchNoise, seed: seed})
	}
	return out
}

// mustWin reports whether the side loses when no victory condition
// holds at the end (the scenario's default winner is the enemy): time
// works against it, and the search plays no passive plan.
func (b *Bot) mustWin() bool {
	return b.g != nil && b.g.Sc.Victory.Default == b.Side.Enemy().String()
}

// setBase reads the doctrine the plans change (the doctrine before the
// stance changed it) once, and sets the bot to play it in its stance.
func (b *Bot) setBase() {
	if !b.baseSet {
		b.base, b.baseSet = b.Doctrine, true
		if b.stance.set {
			b.base = b.stance.plain
		}
	}
	b.Doctrine = b.inStance(b.base)
}

// inStance is doctrine d as the bot's stance this turn plays it (the
// defensive stance's clamps), as the hard helpers that played the plan
// on the clones did.
func (b *Bot) inStance(d Doctrine) Doctrine {
	if b.stance.stance == Defensive {
		return d.defensive()
	}
	return d
}

// startPlan sets the bot to play plan pl until the stretch ends.
func (b *Bot) startPlan(pl searchPlan) {
	d := b.base
	if pl.change != nil {
		pl.change(&d)
	}
	b.Doctrine = b.inStance(d)
	b.view, b.turnView = nil, nil // read the position again with the plan's doctrine
	if pl.noise > 0 {
		b.savedRNG, b.rng = b.rng, planRNG(pl.seed, b.Side)
		b.Level.Noise = pl.noise
	}
	b.standStill, b.escaping = pl.still, pl.escape
}

// endPlan ends the stretch's plan: the base doctrine, no noise, the
// bot's own stream.
func (b *Bot) endPlan() {
	if b.planKey == "" {
		return
	}
	b.planKey = ""
	b.Doctrine, b.Level.Noise, b.standStill, b.escaping = b.inStance(b.base), 0, false, false
	b.view, b.turnView = nil, nil
	if b.savedRNG != nil {
		b.rng, b.savedRNG = b.savedRNG, nil
	}
}

// planRNG is a noisy plan's random stream.
func planRNG(seed uint64, side core.Side) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(side)+0x91a2))
}

// SearchResult is one stretch's search: the plans' values and the plan
// played.
type SearchResult struct {
	Turn, Phase string
	Plans       []string
	Scores      []float64
	Chosen      int
}

func (r SearchResult) String() string {
	s := r.Turn + " " + r.Phase + ":"
	for i, p := range r.Plans {
		mark := ""
		if i == r.Chosen {
			mark = "*"
		}
		s += fmt.Sprintf(" %s%s %.1f", mark, p, r.Scores[i])
	}
	return s
}

// planBots are the hard helper bots that play plan pl on a clone: the
// side's with the plan's doctrine and noise, the enemy's with foe.
func (b *Bot) planBots(pl searchPlan, foe Doctrine) [2]*Bot {
	side := b.Side
	d := b.base
	if pl.change != nil {
		pl.change(&d)
	}
	var hs [2]*Bot
	hs[side], _ = New(side, "hard", &d, 1)
	hs[side.Enemy()], _ = New(side.Enemy(), "hard", &foe, 2)
	if pl.noise > 0 {
		hs[side].rng, hs[side].Level.Noise = planRNG(pl.seed, side), pl.noise
	}
	for _, h := range hs {
		h.quickModule = searchModules
		h.noModule = !searchModules
	}
	return hs
}

// playPlan plays plan pl on clone c (which it consumes) through the
// stretch, the side by the hard bot playing the plan, and answers
// stretchValue there.
func (b *Bot) playPlan(c *game.Game, pl searchPlan, foe Doctrine, known map[uint64]float64, ends []uint64) float64 {
	side := b.Side
	hs := b.planBots(pl, foe)
	hs[side].standStill, hs[side].escaping = pl.still, pl.escape
	playUntil(c, hs, func(g *game.Game) bool {
		p := g.Phase()
		return p.Side != side || p.Kind == interp.PhaseCombat
	})
	for _, h := range hs {
		for t, n := range h.Tactics {
			if strings.HasPrefix(t, "module:") {
				b.searchUses += n
			}
		}
	}
	key := positionKey(c)
	if v, ok := known[key]; ok {
		return v
	}
	var v float64
	if ends == nil {
		v = b.stretchValue(c)
	} else {
		v = b.endValue(c, foe, ends)
	}
	known[key] = v
	return v
}

// searchModules makes the search's helper bots play the module's
// commands (ADC2's shocks, air support, leaders), each use judged by what
// it changes now (moduleStep's first judgement, quickModule), so that a
// plan is valued with them; false: none, as before.
var searchModules = true

// searchEnds is how many times a plan of the last turn is played to the
// game's end, each on its own dice.
const searchEnds = 4

// nearEnd reports whether the enemy has at most one player turn left
// before the game ends: the scenario's last turn, or the one before it
// when the enemy's player turn comes first in a turn. The verdict is
// then decided within the look-ahead's reach, and a plan is played to
// the game's end (endValue), not valued on the enemy's attacks only:
// a city the enemy's last turn takes after its combat phase decides
// the game.
func (b *Bot) nearEnd(g *game.Game) bool {
	if b.lastTurn(g) {
		return true
	}
	if g.Sc.End == "" {
		return false
	}
	t, err := g.ParseTurn(g.Sc.End)
	return err == nil && g.Turn().Index == t-1 && b.enemyFirst(g)
}

// enemyFirst reports whether the enemy's player turn comes before the
// side's in each turn (the first phase of a side is the enemy's).
func (b *Bot) enemyFirst(g *game.Game) bool {
	for _, p := range g.Rules.Phases {
		if p.Side == core.Axis || p.Side == core.Soviet {
			return p.Side == b.Side.Enemy()
		}
	}
	return false
}

// lastTurn reports whether g's turn is the scenario's last.
func (b *Bot) lastTurn(g *game.Game) bool {
	if g.Sc.End == "" {
		return false
	}
	t, err := g.ParseTurn(g.Sc.End)
	return err == nil && g.Turn().Index == t
}

// endValue is what clone c is worth to the side at the game's end,
// averaged over plays to the end on the dice of ends (the same for every
// plan), both sides played by the hard bot with dice: the verdict
// (searchWin) and value.
func (b *Bot) endValue(c *game.Game, foe Doctrine, ends []uint64) float64 {
	var sum float64
	for _, seed := range ends {
		cc := c.Clone()
		cc.ReseedDice(seed)
		var hs [2]*Bot
		hs[b.Side], _ = New(b.Side, "hard", &b.base, 1)
		hs[b.Side.Enemy()], _ = New(b.Side.Enemy(), "hard", &foe, 2)
		for _, h := range hs {
			h.quickModule = searchModules
			h.noModule = !searchModules
		}
		for i := 0; i < 400 && !cc.Over(); i++ {
			a := cc.Actor()
			if a != core.Axis && a != core.Soviet {
				break
			}
			if err := hs[a].Play(cc); err != nil {
				break
			}
		}
		sum += b.value(cc)
	}
	return sum / float64(len(ends))
}

// positionKey hashes what the rest of a look-ahead depends on: the turn
// and phase, each unit's hex, step and status, each hex's control and
// the sides' points.
func positionKey(c *game.Game) uint64 {
	h := fnv.New64a()
	s := c.Position()
	fmt.Fprintf(h, "%d/%s/%d/%d;", c.Turn().Index, c.Phase().ID, c.Points(core.Axis), c.Points(core.Soviet))
	buf := make([]byte, 0, 8*len(s.Units)+len(s.Control))
	for k := range s.Units {
		u := &s.Units[k]
		r := byte(0)
		if u.Reduced {
			r = 1
		}
		buf = binary.LittleEndian.AppendUint32(buf, uint32(int32(u.Hex)))
		buf = append(buf, r, byte(u.Status))
	}
	for _, x := range s.Control {
		buf = append(buf, byte(x))
	}
	h.Write(buf)
	return h.Sum64()
}

// stretchValue is what clone c, at the end of a stretch, is worth to the
// side, judged without dice: its value (strength, points, the victory
// cities); plus the best attack it could make on each enemy unit when
// its next combat phase begins (its attack potential, on the engine's
// odds; the enemy moving first when that phase is next turn's); plus
// the change in its value when the enemy's turn from its combat phase,
// reached with the side making no more moves or attacks, is played by
// the hard bot on a few dice samples (replyLoss). Every other move on the way is the
// hard bot's, and no other attack is made.
func (b *Bot) stretchValue(c *game.Game) float64 {
	side := b.Side
	x := b.value(c)
	if c.Over() {
		return x
	}
	if b.ownCombat(c) {
		if own, ok := b.rollToWith(c.Clone(), side, core.NoSide, searchModules); ok {
			x += own
		}
		if _, ok := b.rollToWith(c, side.Enemy(), side, searchModules); ok {
			loss, _ := b.replyLoss(c) // reply.go
			x += loss
		}
		return x
	}
	// the enemy's combat phase comes first: one clone played on to both
	if _, ok := b.rollToWith(c, side.Enemy(), side, searchModules); !ok {
		return x
	}
	loss, c := b.replyLoss(c)
	x += loss
	if own, ok := b.rollToWith(c, side, core.NoSide, searchModules); ok {
		x += own
	}
	return x
}

// playUntil plays clone c by the helpers hs until stop says or the game
// ends.
func playUntil(c *game.Game, hs [2]*Bot, stop func(*game.Game) bool) {
	for _, h := range hs {
		h.halt = stop
	}
	for i := 0; i < 64 && !c.Over() && !stop(c); i++ {
		a := c.Actor()
		if a != core.Axis && a != core.Soviet {
			return
		}
		if err := hs[a].Play(c); err != nil {
			return
		}
	}
}

// value is what position c is worth to the side: its strength on the
// map less the enemy's and its replacement points (holdings), plus each
// city the victory conditions name at the doctrine's worth (a capital's
// or a victory city's), less those the enemy holds; a game over is won
// or lost.
func (b *Bot) value(c *game.Game) float64 {
	side := b.Side
	x := b.holdings(c, side)
	if c.Over() {
		switch Winner(c) {
		case side:
			x += searchWin
		case side.Enemy():
			x -= searchWin
		}
	}
	pos := c.Position()
	for _, h := range b.victoryHexes(c) {
		w := max(b.base.VictoryCity, searchCity)
		if city, _ := pos.Map.City(h); city.Capital != core.NoSide {
			w = max(b.base.Capital, searchCapital)
		}
		switch pos.Control[h] {
		case side:
			x += w
		case side.Enemy():
			x -= w
		}
	}
	return x
}

// victoryHexes are the hexes of the cities the scenario's victory
// conditions name, in map order (found once a game).
func (b *Bot) victoryHexes(g *game.Game) []int {
	if b.victory != nil {
		return b.victory
	}
	pos := g.Position()
	named := victoryNamed(g)
	b.victory = []int{}
	for _, c := range pos.Map.Cities {
		if named[c.Name] {
			b.victory = append(b.victory, c.Hex)
		}
	}
	return b.victory
}

// thorough reports whether the bot judges module commands as the hard
// bot does (two rounds a phase, none rested early): hard and above.
func (b *Bot) thorough() bool { return b.Level.Name == "hard" || b.Level.Search > 0 }
