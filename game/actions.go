package game

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"gpw/core"
	"gpw/interp"
)

// Actions is what the side to act may do now, as data: the same
// validators decide it as decide the commands, so every action listed is
// accepted (gpw: legal actions). Units and hexes are indices, with ids
// beside them for people and other programs.
type Actions struct {
	Side  string `json:"side"` // who acts ("" once the game is over)
	Phase string `json:"phase"`
	// Kind is setup, reinforcement, rail, move, combat, decision or over.
	Kind     string          `json:"kind"`
	Moves    []UnitMoves     `json:"moves,omitempty"`
	Rail     []UnitMoves     `json:"rail,omitempty"`
	Attacks  []Target        `json:"attacks,omitempty"`
	Place    []Placement     `json:"place,omitempty"`
	Rebuild  []Rebuild       `json:"rebuild,omitempty"`
	Decision *Decision       `json:"decision,omitempty"`
	Module   []ModuleCommand `json:"module,omitempty"`
	// End says whether the phase (or the side's setup) may end now.
	End bool `json:"end"`
	// Undo says whether undo would step back.
	Undo bool `json:"undo"`
	// Warning says what ending the phase now would lose.
	Warning string `json:"warning,omitempty"`
	// Error is a failure of the rules module met while listing: the
	// actions it hid are missing, and a command meeting it fails.
	Error string `json:"error,omitempty"`
}

// UnitMoves is one unit's destinations by move or rail.
type UnitMoves struct {
	Unit      int    `json:"unit"`
	ID        string `json:"id"`
	From      string `json:"from"`
	Allowance int    `json:"allowance,omitempty"`
	Dest      []Dest `json:"dest"`
}

// Dest is a hex a unit may end its move in, what it costs and (on
// request) the path.
type Dest struct {
	Hex  int    `json:"hex"`
	ID   string `json:"id"`
	MP   int    `json:"mp"`
	Path []int  `json:"path,omitempty"`
}

// Target is an enemy unit that may be attacked, and the units that may
// attack it (all of them together reach at least the lowest odds).
type Target struct {
	Hex       int      `json:"hex"`
	ID        string   `json:"id"`
	Defender  int      `json:"defender"`
	Unit      string   `json:"unit"`
	Attackers []int    `json:"attackers"`
	From      []string `json:"from"` // the attackers' ids
}

// Placement is a unit waiting to be placed (a reinforcement, or a setup
// unit) and the hexes that take it.
type Placement struct {
	Unit  int      `json:"unit"`
	ID    string   `json:"id"`
	Hexes []int    `json:"hexes"`
	IDs   []string `json:"ids"`
}

// Rebuild is a unit replacement points may rebuild: on the map where it
// stands (OnMap), or from the eliminated pile in one of Hexes.
type Rebuild struct {
	Unit  int      `json:"unit"`
	ID    string   `json:"id"`
	Cost  int      `json:"cost"`
	OnMap bool     `json:"on_map"`
	Hexes []int    `json:"hexes,omitempty"`
	IDs   []string `json:"ids,omitempty"`
}

// Decision is the choice a battle waits for: its kind (retreat, loss,
// advance), the side that makes it, and the options as commands, each
// with the side whose it is (under GDW the defender elects to stand while
// the attacker picks the retreat path).
type Decision struct {
	Kind    DecisionKind `json:"kind"`
	Side    string       `json:"side"`
	Text    string       `json:"text"`
	Options []Option     `json:"options"`
	More    int          `json:"more,omitempty"` // options left out of the list (MaxRetreats; RetreatChoices has them all)
	// Owed is the strength the attackers must still lose in an exchange.
	Owed int `json:"owed,omitempty"`
}

// Option is one way to settle a decision.
type Option struct {
	Side    string  `json:"side"`
	Command Command `json:"command"`
	Text    string  `json:"text"`
	ZOC     int     `json:"zoc,omitempty"` // a retreat's enemy ZOC hexes entered (a step lost each)
}

// ModuleCommand is a command word the rules module adds, with its help
// and, where the module lists them (R.uses), its legal uses now: every
// use is a command Do accepts as it stands.
type ModuleCommand struct {
	Word string      `json:"word"`
	Help string      `json:"help,omitempty"`
	Uses []ModuleUse `json:"uses,omitempty"`
	// Listed says the module lists this word's uses: none listed then
	// means none is legal now.
	Listed bool `json:"listed,omitempty"`
}

// ModuleUse is one legal use of a module command: the whole command
// line, and what a board highlights for it.
type ModuleUse struct {
	Line  string   `json:"line"` // the full command line, e.g. "fortify A-1234"
	Hexes []string `json:"hexes,omitempty"`
	Units []string `json:"units,omitempty"`
	Text  string   `json:"text,omitempty"`
}

// MaxRetreats caps the retreat options a decision lists.
const MaxRetreats = 24

// ActionOpts choose what Actions works out.
type ActionOpts struct {
	Paths bool  // each destination's path
	Units []int // only these units' moves, rail moves, placements, rebuilds (nil: all)
	// Unchecked leaves the rules' can_move_path out of the move and rail
	// destinations: they are then candidates, each to be checked (Check)
	// before it is taken — cheaper for a player that takes one of many.
	Unchecked bool
}

// Actions lists what the side to act may do now.
func (g *Game) Actions() *Actions { return g.ActionsWith(ActionOpts{}) }

// ActionsWith lists what the side to act may do now, as o asks.
func (g *Game) ActionsWith(o ActionOpts) *Actions {
	defer g.Rules.Hold()()
	var a *Actions
	if err := g.failures(func() { a = g.actionsWith(o) }); err != nil {
		a.Error = err.Error()
	}
	return a
}

func (g *Game) actionsWith(o ActionOpts) *Actions {
	g.shareMemo = map[int]bool{} // the position does not change while listing
	g.memo = newListMemo()
	defer func() { g.shareMemo, g.memo = nil, nil }()
	a := &Actions{}
	a.Undo, _ = g.CanUndo()
	if g.over {
		a.Kind = "over"
		return a
	}
	a.Side = g.Actor().String()
	if g.setupStep != nil {
		a.Kind, a.Phase = "setup", "setup"
		g.setupActions(a, o)
		return a
	}
	p := g.Phase()
	a.Phase, a.Kind = p.ID, p.Kind.String()
	if len(g.steps) > 0 {
		a.Kind = "decision"
		a.Decision = g.decision()
		return a
	}
	for _, w := range g.Rules.CommandWords() {
		a.Module = append(a.Module, g.moduleUses(w, p.Side))
	}
	units := o.Units
	if units == nil {
		units = make([]int, len(g.S.Units))
		for k := range units {
			units[k] = k
		}
	}
	switch p.Kind {
	case interp.PhaseMove:
		kinds := g.moveKinds()
		if kinds != nil {
			// a friend whose kind may not move cannot make room either
			for k := range g.S.Units {
				if u := &g.S.Units[k]; u.Side == p.Side && !kinds[u.Kind] {
					g.shareMemo[k] = false
				}
			}
		}
		for _, k := range units {
			if kinds != nil && !kinds[g.S.Units[k].Kind] {
				continue // can_move refuses every unit of its kind now
			}
			if m := g.movesOf(k, o.Paths, !o.Unchecked); m != nil {
				a.Moves = append(a.Moves, *m)
			}
		}
		a.End = g.stackLeft() == nil
	case interp.PhaseRail:
		for _, k := range units {
			if m := g.railOf(k, o.Paths, !o.Unchecked); m != nil {
				a.Rail = append(a.Rail, *m)
			}
		}
		a.End = true
	case interp.PhaseCombat:
		a.Attacks = g.targets()
		a.End = true
	case interp.PhaseReinforcement:
		for _, k := range units {
			if g.awaiting[k] && g.S.Units[k].Side == p.Side {
				if hs := g.PlaceHexes(k); len(hs) > 0 {
					a.Place = append(a.Place, g.placement(k, hs))
				}
			}
		}
		for _, k := range units {
			if r := g.rebuildOf(k); r != nil {
				a.Rebuild = append(a.Rebuild, *r)
			}
		}
		a.End = true
		a.Warning = g.EndWarning()
	}
	return a
}

// moduleUses is the module's command word w with its help and the
// uses its enumerator lists for side now.
func (g *Game) moduleUses(w string, side core.Side) ModuleCommand {
	mc := ModuleCommand{Word: w, Help: g.Rules.Help(w), Listed: g.Rules.HasUses(w)}
	if !mc.Listed {
		return mc
	}
	us, err := g.Rules.Uses(w, side.String())
	if err != nil {
		g.hookFailed(err)
		return mc
	}
	for _, u := range us {
		mc.Uses = append(mc.Uses, ModuleUse{Line: u.Line, Hexes: u.Hexes, Units: u.Units, Text: u.Text})
	}
	return mc
}

// ModuleCommands are the listed uses of the module's commands as
// commands, in the listing's order.
func (a *Actions) ModuleCommands() []Command {
	var out []Command
	for _, m := range a.Module {
		for _, u := range m.Uses {
			out = append(out, UseCommand(u.Line))
		}
	}
	return out
}

// UseCommand is the command of a module use's line: its first word the
// verb, the others its arguments.
func UseCommand(line string) Command {
	w := strings.Fields(line)
	c := Cmd(ParseVerb(w[0]))
	c.Args = w[1:]
	return c
}

// ModuleActions lists the module's commands with their uses now, for the
// side whose phase it is (nil in the setup, during a battle's decisions
// and once the game is over): Actions' Module without the rest. The
// error is a failure of the rules module met while listing.
func (g *Game) ModuleActions() ([]ModuleCommand, error) {
	if g.over || g.setupStep != nil || len(g.steps) > 0 || len(g.Rules.CommandWords()) == 0 {
		return nil, nil
	}
	defer g.Rules.Hold()()
	var out []ModuleCommand
	err := g.failures(func() {
		for _, w := range g.Rules.CommandWords() {
			out = append(out, g.moduleUses(w, g.Phase().Side))
		}
	})
	return out, err
}

func (g *Game) placement(k int, hs []int) Placement {
	return Placement{Unit: k, ID: g.S.Units[k].ID, Hexes: hs, IDs: g.ids(hs)}
}

// movesOf lists unit k's destinations in a movement phase (nil when it
// may not move): every hex the movement search reaches where it may end,
// each checked by the rules' can_move_path along the cheapest path.
func (g *Game) movesOf(k int, paths, checked bool) *UnitMoves {
	return g.movesWhere(k, paths, checked, false)
}

// movesWhere is movesOf, leaving out (alone) the hexes where a combat
// unit of k's side stands: those k could only share.
func (g *Game) movesWhere(k int, paths, checked, alone bool) *UnitMoves {
	u := &g.S.Units[k]
	if u.Status != core.OnMap || u.Side != g.Phase().Side {
		return nil
	}
	if err := g.canMove(k); err != nil {
		g.hookFailed(err)
		return nil
	}
	mv, mp, err := g.reach(k)
	if err != nil {
		g.hookFailed(err)
		return nil
	}
	m := g.S.Map
	um := &UnitMoves{Unit: k, ID: u.ID, From: m.ID(u.Hex), Allowance: mp, Dest: []Dest{}}
	hook := checked && g.Rules.Has("can_move_path")
	// the module's move limits, checked along each path here
	var lim *moveLimits
	if checked {
		if lim, err = g.limitsOf(k, "move"); err != nil {
			g.hookFailed(err)
			return nil
		}
	}
	// with friends sharing hexes for now, any move may take away the last
	// way out of one (stacksMayClear): see shareCheck
	shared := checked && g.Rules.ShareUntilMoved && len(g.S.Overstacked(u.Side)) > 0
	var sc shareCheck
	if shared {
		sc = g.newShareCheck(k)
	}
	cands := make([]int, 0, len(mv.Reached()))
	for _, h := range mv.Reached() {
		if alone {
			if o := g.S.Occupant(int(h)); o >= 0 && o != k && g.S.Units[o].Side == u.Side {
				continue
			}
		}
		if int(h) != u.Hex && mv.CanEnd(k, int(h)) && lim.allowsTo(mv, int(h)) {
			cands = append(cands, int(h))
		}
	}
	slices.Sort(cands)
	um.Dest = make([]Dest, 0, len(cands))
	// can_move_paths answers for every destination in one call (those
	// the limits leave it to judge)
	var refused []bool
	batch := hook && batchPaths && g.Rules.Has("can_move_paths")
	var asked []int // indices into cands
	if batch {
		var ps [][]string
		for i, h := range cands {
			if lim.ask(g, h) {
				asked = append(asked, i)
				ps = append(ps, g.ids(mv.Path(h)))
			}
		}
		if len(ps) > 0 {
			no, err := g.Rules.CheckPaths(k, ps, "move")
			if err != nil {
				g.hookFailed(err)
				return nil
			}
			if no != nil {
				refused = make([]bool, len(cands))
				for j, i := range asked {
					refused[i] = no[j]
				}
			}
		}
	}
	var flat []int // the paths end to end, each cut from it with its capacity capped
	if paths {
		n := 0
		for _, h := range cands {
			n += mv.PathLen(h)
		}
		flat = make([]int, 0, n)
	}
	for i, h := range cands {
		d := Dest{Hex: h, ID: m.ID(h), MP: mv.Spent(h)}
		if paths {
			from := len(flat)
			if flat = mv.AppendPath(flat, h); len(flat) > from {
				d.Path = flat[from:len(flat):len(flat)]
			}
		}
		if batch {
			if refused != nil && refused[i] {
				continue
			}
		} else if hook && lim.ask(g, h) {
			d.Path = mv.Path(h)
			if err := g.check("can_move_path", interp.Unit(k), interp.Strs(g.ids(d.Path)), interp.Str(VerbMove.String())); err != nil {
				g.hookFailed(err)
				continue
			}
			if !paths {
				d.Path = nil
			}
		}
		if shared && (shareByTrial || !sc.clear(h)) {
			c := Cmd(VerbMove)
			c.Unit, c.Hex = k, h
			if g.tryOnCopy(c) != nil {
				continue
			}
		}
		um.Dest = append(um.Dest, d)
	}
	if len(um.Dest) == 0 {
		return nil
	}
	return um
}

// shareCheck finds, without trying each on a copy, the destinations of a
// unit k that leave every friend sharing a hex a way out (ADC2: Movement
// Phases; stacksMayClear). A move of k to h can take from a friend o only
// h itself (k then holds it; k leaving its hex only opens ways), so o
// still has a way out if it has one besides h. The friends that must
// have one are those unmoved in a shared hex, and those unmoved in h,
// which k would share. A destination this cannot clear is tried on a
// copy, as the command would check it.
type shareCheck struct {
	g    *Game
	k    int
	must []int         // unmoved friends in shared hexes
	ends map[int][]int // a friend's first two ways out, found once
	at   []int         // scratch: the units on a destination (clear)
}

func (g *Game) newShareCheck(k int) shareCheck {
	sc := shareCheck{g: g, k: k, ends: map[int][]int{}}
	for _, h := range g.S.Overstacked(g.S.Units[k].Side) {
		for _, o := range g.S.UnitsAt(h) {
			if o != k && g.S.Units[o].Stacks && !g.moved[o] {
				sc.must = append(sc.must, o)
			}
		}
	}
	return sc
}

// clear reports whether moving k to h surely leaves every friend that
// must leave its hex a way out; false when only a trial can tell.
func (sc *shareCheck) clear(h int) bool {
	g := sc.g
	for _, o := range sc.must {
		if !sc.outBesides(o, h) {
			return false
		}
	}
	sc.at = g.S.AppendUnitsAt(sc.at[:0], h)
	for _, o := range sc.at {
		if o != sc.k && g.S.Units[o].Side == g.S.Units[sc.k].Side && g.S.Units[o].Stacks && !g.moved[o] && !sc.outBesides(o, h) {
			return false
		}
	}
	return true
}

// outBesides reports whether friend o has a way out other than hex h.
func (sc *shareCheck) outBesides(o, h int) bool {
	ends, ok := sc.ends[o]
	if !ok {
		ends = sc.g.friendEnds(o, 2)
		sc.ends[o] = ends
	}
	for _, e := range ends {
		if e != h {
			return true
		}
	}
	return false
}

// batchPaths lets movesOf ask can_move_paths once per unit, when the
// module has it (tests compare it with can_move_path per destination).
var batchPaths = true

// shareByTrial makes movesOf try every destination on a copy (tests
// compare shareCheck with it).
var shareByTrial = false

// railOf lists unit k's rail destinations in a rail phase (nil for none).
func (g *Game) railOf(k int, paths, checked bool) *UnitMoves {
	u := &g.S.Units[k]
	if u.Status != core.OnMap || u.Side != g.Phase().Side || !g.S.Map.IsRail(u.Hex) || !g.allowed(g.canRail(k)) {
		return nil
	}
	m := g.S.Map
	um := &UnitMoves{Unit: k, ID: u.ID, From: m.ID(u.Hex), Dest: []Dest{}}
	routes := g.S.RailReach(k, g.railOpts(u.Side))
	hook := checked && g.Rules.Has("can_move_path")
	var lim *moveLimits
	if checked {
		var err error
		if lim, err = g.limitsOf(k, "rail"); err != nil {
			g.hookFailed(err)
			return nil
		}
	}
	for _, h := range routes.Dests {
		d := Dest{Hex: h, ID: m.ID(h)}
		if paths || hook || lim != nil {
			d.Path = routes.Path(h)
		}
		if !lim.allows(d.Path) {
			continue
		}
		if hook && lim.ask(g, h) && !g.allowed(g.checkRailPath(k, d.Path)) {
			continue
		}
		if !paths {
			d.Path = nil
		}
		um.Dest = append(um.Dest, d)
	}
	if len(um.Dest) == 0 {
		return nil
	}
	return um
}

// targets lists the enemy units the phasing side may attack now, each
// with every unit that may join the attack, in map order.
func (g *Game) targets() []Target {
	s, m := g.S, g.S.Map
	side := g.Phase().Side
	var out []Target
	seen := map[int]bool{}
	for k := range s.Units {
		u := &s.Units[k]
		if u.Side != side || u.Status != core.OnMap || g.attacked[k] {
			continue
		}
		for _, n := range m.Nbr[u.Hex] {
			if n >= 0 && !seen[int(n)] && s.EnemyIn(side, int(n)) >= 0 {
				seen[int(n)] = true
			}
		}
	}
	hexes := make([]int, 0, len(seen))
	for h := range seen {
		hexes = append(hexes, h)
	}
	slices.Sort(hexes)
	for _, dh := range hexes {
		def := s.EnemyIn(side, dh)
		if g.defended[def] {
			continue
		}
		var atk []int
		for _, n := range m.Nbr[dh] {
			if n < 0 {
				continue
			}
			for _, k := range s.UnitsAt(int(n)) {
				if s.Units[k].Side == side && g.allowed(g.canAttack(k, def, dh)) {
					atk = append(atk, k)
				}
			}
		}
		if len(atk) == 0 {
			continue
		}
		slices.Sort(atk)
		if _, err := g.Weigh(dh, atk); !g.allowed(err) {
			continue
		}
		out = append(out, Target{Hex: dh, ID: m.ID(dh), Defender: def, Unit: s.Units[def].ID, Attackers: atk, From: g.unitIDs(atk)})
	}
	return out
}

// rebuildOf says whether and where unit k may be rebuilt now.
func (g *Game) rebuildOf(k int) *Rebuild {
	u := &g.S.Units[k]
	if u.Side != g.Phase().Side || (u.Status != core.OnMap && u.Status != core.Eliminated) || g.points[u.Side] <= 0 {
		return nil
	}
	if u.Status == core.OnMap && !u.Reduced {
		return nil
	}
	cost, err := g.rebuildCost(k)
	if !g.allowed(err) {
		return nil
	}
	r := &Rebuild{Unit: k, ID: u.ID, Cost: cost, OnMap: u.Status == core.OnMap}
	if r.OnMap {
		if !g.allowed(g.checkRebuild(k, -1)) {
			return nil
		}
		return r
	}
	if !g.allowed(g.canRebuild(k)) {
		return nil
	}
	r.Hexes = g.placeList(k, 0, "rebuild", true)
	if len(r.Hexes) == 0 {
		return nil
	}
	r.IDs = g.ids(r.Hexes)
	return r
}

// setupActions lists the setup step's placements.
func (g *Game) setupActions(a *Actions, o ActionOpts) {
	side := g.SetupSide()
	left := g.toPlace(side)
	a.End = len(left) == 0
	for _, k := range g.setupStep.units[side] {
		if o.Units != nil && !slices.Contains(o.Units, k) {
			continue
		}
		var hs []int
		stacks := g.S.Units[k].Stacks
		g.SetupArea(k).Each(func(h int) {
			if o := g.S.Occupant(h); stacks && o >= 0 && o != k {
				return // taken: no need to word the refusal
			}
			if g.checkSetup(k, h) == nil {
				hs = append(hs, h)
			}
		})
		if len(hs) > 0 {
			a.Place = append(a.Place, g.placement(k, hs))
		}
	}
}

// decision describes the pending battle decision.
func (g *Game) decision() *Decision {
	st := g.steps[0]
	atk, def := g.Phase().Side.String(), g.Phase().Side.Enemy().String()
	d := &Decision{Side: atk, Text: g.pendingText()}
	add := func(side string, c Command, zoc int) {
		d.Options = append(d.Options, Option{Side: side, Command: c, Text: g.Text(c), ZOC: zoc})
	}
	switch st.kind {
	case interp.StepRetreat:
		d.Kind = DecisionRetreat
		if st.flag {
			d.Side = def
			add(def, Cmd(VerbStand), 0)
			add(def, Cmd(VerbNoStand), 0)
			return d
		}
		rs := slices.Clone(g.retreats(st.n))
		slices.SortStableFunc(rs, func(x, y core.Retreat) int {
			if c := cmp.Compare(x.ZOC, y.ZOC); c != 0 {
				return c
			}
			return cmp.Compare(len(x.Path), len(y.Path))
		})
		if len(rs) > MaxRetreats {
			d.More = len(rs) - MaxRetreats
			rs = rs[:MaxRetreats]
		}
		for _, r := range rs {
			c := Cmd(VerbRetreat)
			c.Path = r.Path
			add(atk, c, r.ZOC)
		}
	case interp.StepAttackerLoss, interp.StepExchange:
		d.Kind = DecisionLoss
		if st.kind == interp.StepExchange {
			d.Owed = g.exchangeNeed(st) - g.battle.exLost
		}
		for _, k := range g.losers(st) {
			c := Cmd(VerbLoss)
			c.Unit = k
			add(atk, c, 0)
		}
	case interp.StepAdvance:
		d.Kind = DecisionAdvance
		for _, k := range g.livingAttackers() {
			c := Cmd(VerbAdvance)
			c.Unit = k
			add(atk, c, 0)
		}
		add(atk, Cmd(VerbNoAdvance), 0)
	}
	return d
}

// ActionsOf lists the actions of the unit ref (an id or the hex it stands
// in), paths included, or every action when ref is "": the play prompt's
// actions query.
func (g *Game) ActionsOf(ref string) (*Actions, error) {
	if ref == "" {
		return g.Actions(), nil
	}
	k, err := g.unit(ref)
	if err != nil {
		return nil, err
	}
	a := g.ActionsWith(ActionOpts{Paths: true, Units: []int{k}})
	var ts []Target
	for _, t := range a.Attacks {
		if t.Defender == k || slices.Contains(t.Attackers, k) {
			ts = append(ts, t)
		}
	}
	a.Attacks = ts
	return a, nil
}

func (a *Actions) String() string {
	var b strings.Builder
	if a.Kind == "over" {
		return "the game is over: nothing to do"
	}
	fmt.Fprintf(&b, "the %s player acts (%s, %s)", a.Side, a.Phase, a.Kind)
	moves := func(what string, ms []UnitMoves) {
		for _, m := range ms {
			fmt.Fprintf(&b, "\n  %s %s from %s", what, m.ID, m.From)
			if m.Allowance > 0 {
				fmt.Fprintf(&b, " (%d MP)", m.Allowance)
			}
			fmt.Fprintf(&b, ": %d hexes", len(m.Dest))
			for i, d := range m.Dest {
				if i%8 == 0 {
					b.WriteString("\n   ")
				}
				if what == "move" {
					fmt.Fprintf(&b, " %s %d", d.ID, d.MP)
				} else {
					fmt.Fprintf(&b, " %s", d.ID)
				}
			}
		}
	}
	moves("move", a.Moves)
	moves("rail", a.Rail)
	for _, t := range a.Attacks {
		fmt.Fprintf(&b, "\n  attack %s (%s) with any of %s", t.ID, t.Unit, strings.Join(t.From, ", "))
	}
	for _, p := range a.Place {
		fmt.Fprintf(&b, "\n  place %s in any of %s", p.ID, strings.Join(p.IDs, " "))
	}
	for _, r := range a.Rebuild {
		if r.OnMap {
			fmt.Fprintf(&b, "\n  rebuild %s where it stands (%d points)", r.ID, r.Cost)
		} else {
			fmt.Fprintf(&b, "\n  rebuild %s (%d points) in any of %s", r.ID, r.Cost, strings.Join(r.IDs, " "))
		}
	}
	if d := a.Decision; d != nil {
		fmt.Fprintf(&b, "\n  decision (%s, the %s player): %s", d.Kind, d.Side, d.Text)
		for _, o := range d.Options {
			fmt.Fprintf(&b, "\n    %s", o.Text)
			if o.Side != d.Side {
				fmt.Fprintf(&b, " (the %s player)", o.Side)
			}
		}
		if d.More > 0 {
			fmt.Fprintf(&b, "\n    ... and %d more", d.More)
		}
	}
	for _, m := range a.Module {
		fmt.Fprintf(&b, "\n  %s", m.Word)
		if m.Help != "" {
			b.WriteString(": " + m.Help)
		}
		for _, u := range m.Uses {
			fmt.Fprintf(&b, "\n    %s", u.Line)
			if u.Text != "" {
				b.WriteString(" (" + u.Text + ")")
			}
		}
	}
	if a.End {
		b.WriteString("\n  end")
		if a.Warning != "" {
			b.WriteString(" (" + a.Warning + ")")
		}
	}
	if a.Undo {
		b.WriteString("\n  undo")
	}
	return b.String()
}
