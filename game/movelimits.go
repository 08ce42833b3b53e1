package game

import (
	"strings"
	"sync"
	"sync/atomic"

	"gpw/core"
	"gpw/interp"
)

// moveLimits is what the module's move_limits hook said of one unit's
// moves, its places made into sets of hexes of the map: checked along
// each path in Go, so that no Lua runs per path or per hex.
type moveLimits struct {
	check  interp.PathCheck
	limits []interp.MoveLimit
	sets   []core.Bitset // per limit: its places' hexes (only, never), the hexes within range (within)
}

// limitsOf asks move_limits about unit k's moves (how: move, rail); nil
// when the module sets none.
func (g *Game) limitsOf(k int, how string) (*moveLimits, error) {
	if !g.Rules.Has("move_limits") {
		return nil, nil
	}
	if g.memo != nil {
		key := limitKey{k, how}
		if a, ok := g.memo.lim[key]; ok {
			return a.lim, a.err
		}
		lim, err := g.limitsNow(k, how)
		g.memo.lim[key] = limitAnswer{lim, err}
		return lim, err
	}
	return g.limitsNow(k, how)
}

func (g *Game) limitsNow(k int, how string) (*moveLimits, error) {
	l, err := g.Rules.Limits(k, how)
	if err != nil || l == nil {
		return nil, err
	}
	ml := &moveLimits{check: l.Check, limits: l.Limits, sets: make([]core.Bitset, len(l.Limits))}
	for i, x := range l.Limits {
		if x.Kind != interp.LimitHexes {
			ml.sets[i] = placeSet(g.S.Map, x)
		}
	}
	return ml, nil
}

// refusal is the refusal of the first limit that path breaks: a path
// too long first, then hex by hex along it, each hex by the limits in the
// module's order; nil when it breaks none.
func (ml *moveLimits) refusal(m *core.Map, path []int) error {
	if i, h := ml.broken(path); i >= 0 {
		return limitRefusal(m, ml.limits[i], h)
	}
	return nil
}

// allows reports whether path breaks none of the limits.
func (ml *moveLimits) allows(path []int) bool {
	i, _ := ml.broken(path)
	return i < 0
}

// broken is the first limit path breaks (in refusal's order) and the hex
// where it does; -1 when it breaks none.
func (ml *moveLimits) broken(path []int) (int, int) {
	if ml == nil {
		return -1, -1
	}
	for i, x := range ml.limits {
		if x.Kind == interp.LimitHexes && len(path) > x.N {
			return i, path[x.N]
		}
	}
	for _, h := range path {
		if i := ml.refuses(h); i >= 0 {
			return i, h
		}
	}
	return -1, -1
}

// refuses is the first limit of a set of places that hex h breaks, -1
// for none.
func (ml *moveLimits) refuses(h int) int {
	for i, x := range ml.limits {
		if x.Kind != interp.LimitHexes && ml.sets[i].Has(h) == (x.Kind == interp.LimitNever) {
			return i
		}
	}
	return -1
}

// allowsTo is allows of the path mv found to hex h, walked back from h
// without making it.
func (ml *moveLimits) allowsTo(mv *core.Mover, h int) bool {
	if ml == nil {
		return true
	}
	n, ok := 0, true
	mv.Back(h, func(j int) bool {
		n++
		ok = ml.refuses(j) < 0
		return ok
	})
	if !ok {
		return false
	}
	for _, x := range ml.limits {
		if x.Kind == interp.LimitHexes && n > x.N {
			return false
		}
	}
	return true
}

// ask reports whether the legal actions still ask the module's
// can_move_path(s) about a path (that passed the limits) ending on end:
// under check "occupied", one ending beside a combat unit (a kind not in
// R.noncombat, which count for no stacking).
func (ml *moveLimits) ask(g *Game, end int) bool {
	switch {
	case ml == nil || ml.check == interp.CheckAll || !fastLimits:
		return true
	case ml.check == interp.CheckOccupied:
		return g.S.AnyAt(end, func(o int) bool { return !g.Rules.NonCombat[g.S.Units[o].Kind] })
	}
	return false
}

func limitRefusal(m *core.Map, x interp.MoveLimit, h int) error {
	return &Refusal{Msg: strings.ReplaceAll(x.Reason, "{hex}", m.ID(h)), Rule: x.Rule}
}

// placeSets keeps the sets of hexes limits name, per map: a map never
// changes, and a module names few.
var (
	placeSets  sync.Map // placeKey → core.Bitset
	placeCount atomic.Int32
)

// maxPlaceSets bounds placeSets; past it a set is made each time.
const maxPlaceSets = 1024

type placeKey struct {
	m      *core.Map
	within int // -1: the places themselves
	places string
}

// placeSet is the set of hexes of m that limit x names: the hexes of its
// places (countries or regions, by name, as gpw.near reads them) for
// only and never, those within x.N hexes of one for within.
func placeSet(m *core.Map, x interp.MoveLimit) core.Bitset {
	key := placeKey{m: m, within: -1, places: strings.Join(x.Places, "\x00")}
	if x.Kind == interp.LimitWithin {
		key.within = x.N
	}
	if b, ok := placeSets.Load(key); ok {
		return b.(core.Bitset)
	}
	inPlaces := m.InPlaces(x.Places)
	in := core.NewBitset(m.Len())
	for h := range m.Len() {
		if inPlaces(h) {
			in.Set(h)
		}
	}
	out := in
	if key.within >= 0 {
		out = core.NewBitset(m.Len())
		for h := range m.Len() {
			if m.OnMap[h] && m.Within(h, key.within, in.Has) {
				out.Set(h)
			}
		}
	}
	if placeCount.Add(1) <= maxPlaceSets {
		placeSets.Store(key, out)
	}
	return out
}

// fastLimits lets the legal actions skip what move_kinds and
// move_limits' check say they may; tests turn it off to compare.
var fastLimits = true

// moveKinds is the set of unit kinds the module's move_kinds hook says
// may move in this movement phase at all; nil for every kind (no hook,
// nil, or a failure, which is kept: can_move then judges every unit).
func (g *Game) moveKinds() map[string]bool {
	if !g.Rules.Has("move_kinds") || !fastLimits {
		return nil
	}
	ks, err := g.Rules.List("move_kinds", interp.Str(g.Phase().ID))
	if err != nil {
		g.hookFailed(err)
		return nil
	}
	if ks == nil {
		return nil
	}
	set := make(map[string]bool, len(ks))
	for _, k := range ks {
		set[k] = true
	}
	return set
}

// listMemo keeps, while a listing of legal actions runs (the position
// cannot change), the rules module's answers about each unit: whether it
// may move, its allowance, its move limits. A friend sharing a hex is
// asked about once, not again when its own moves are listed.
type listMemo struct {
	canMove map[int]error
	mp      map[int]mpAnswer
	lim     map[limitKey]limitAnswer
}

func newListMemo() *listMemo {
	return &listMemo{canMove: map[int]error{}, mp: map[int]mpAnswer{}, lim: map[limitKey]limitAnswer{}}
}

// (Only the answers of a module's hooks are kept: the engine's own rules
// are cheaper to apply again than to look up.)

type mpAnswer struct {
	mp        int
	why, rule string
	err       error
}

type limitKey struct {
	k   int
	how string
}

type limitAnswer struct {
	lim *moveLimits
	err error
}
