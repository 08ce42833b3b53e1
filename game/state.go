package game

import (
	"slices"

	"gpw/core"
	"gpw/interp"
)

// state is everything a game remembers: the position, the turn and
// phase, the phase's bookkeeping, the pending battle, what the rules
// module keeps (store), the dice and the history. Clone, the rollback of
// a failed command and undo all copy it whole.
type state struct {
	S            *core.State
	turn         int
	order        []int  // this turn's phases, as indices into the rules' phases
	pos          int    // the current phase's place in order
	ends         []bool // by place in order: the phase ends its side's player turn (phase_order's "id!"); empty: a change of side does
	over         bool
	winner       core.Side // the verdict, once over
	result       Level
	reason       string
	weather      string   // this movement phase's weather
	zoneWeather  []string // by weather zone: its own weather this phase ("" for the phase's)
	supplied     [2]core.Bitset
	railFriendly []core.Side
	moved        []bool // moved (or rail-moved) this phase
	attacked     []bool // attacked this phase
	defended     []bool // attacked this phase as defender
	railUsed     int
	awaiting     []bool // arrived, waiting to be placed
	points       [2]int
	reinforced   [2]int // the last turn whose reinforcements each side received
	battle       *battle
	steps        []step
	store        *interp.Store
	setupStep    *setupState // the setup step before the first phase (game/setup.go)
	history      *history    // every accepted command, for saves
	dice         dice
	rolls        int
	battles      int         // battles fought this phase: battle k's dice stream
	commands     int         // module commands this phase: their dice stream
	auto         bool        // make every pending choice by its default
	applying     bool        // a battle's results are being applied: steps may be queued
	eventBytes   int         // the size of the module's events so far (Emit)
	work         interp.Work // the Lua instructions of the commands (the rules count in it)
}

// copyFrom makes s an independent copy of o, reusing s's slices.
func (s *state) copyFrom(o *state) {
	keep := *s
	*s = *o
	if keep.S != nil && keep.S.Map == o.S.Map {
		keep.S.CopyFrom(o.S)
		s.S = keep.S
	} else {
		s.S = o.S.Clone()
	}
	s.order = append(keep.order[:0], o.order...)
	s.ends = append(keep.ends[:0], o.ends...)
	for i := range s.supplied {
		s.supplied[i] = append(keep.supplied[i][:0], o.supplied[i]...)
	}
	s.railFriendly = append(keep.railFriendly[:0], o.railFriendly...)
	s.moved = append(keep.moved[:0], o.moved...)
	s.attacked = append(keep.attacked[:0], o.attacked...)
	s.defended = append(keep.defended[:0], o.defended...)
	s.awaiting = append(keep.awaiting[:0], o.awaiting...)
	s.zoneWeather = append(keep.zoneWeather[:0], o.zoneWeather...)
	if o.battle != nil {
		b := *o.battle
		b.attackers = slices.Clone(b.attackers)
		b.shifts = slices.Clone(b.shifts)
		b.notes = slices.Clone(b.notes)
		s.battle = &b
	}
	s.steps = append(keep.steps[:0], o.steps...)
	s.store = o.store.Clone()
	if o.setupStep != nil {
		st := *o.setupStep
		st.order = slices.Clone(st.order)
		s.setupStep = &st // the unit lists are never changed
	}
	s.dice = o.dice.clone()
}

// scratch holds the searches bound to the game's position, made on first
// use and remade when the position is replaced (rollback, undo).
type scratch struct {
	pos        *core.State
	mover      *core.Mover
	shareMover *core.Mover
	supplier   *core.Supplier
}

func (g *Game) bind() *scratch {
	sc := &g.scratch
	if sc.pos != g.S {
		*sc = scratch{pos: g.S}
	}
	return sc
}

// mover is the movement search of the game's position.
func (g *Game) mover() *core.Mover {
	sc := g.bind()
	if sc.mover == nil {
		sc.mover = core.NewMover(g.S, &g.Rules.Move)
		sc.mover.Closed = g.fix.closed
		if g.Rules.ShareUntilMoved {
			sc.mover.MayShare = g.mayShare
		}
	}
	return sc.mover
}

// shareMover checks, apart from mover, that a unit shared with can leave.
func (g *Game) shareMover() *core.Mover {
	sc := g.bind()
	if sc.shareMover == nil {
		sc.shareMover = core.NewMover(g.S, &g.Rules.Move)
		sc.shareMover.Closed = g.fix.closed
	}
	return sc.shareMover
}

// supplier is the supply tracer of the game's position.
func (g *Game) supplier() *core.Supplier {
	sc := g.bind()
	if sc.supplier == nil {
		sc.supplier = core.NewSupplier(g.S)
	}
	return sc.supplier
}
