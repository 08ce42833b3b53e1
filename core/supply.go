package core

// Supplier traces supply lines for a side (GDW: Supply). It owns scratch
// buffers: one Supplier per goroutine.
type Supplier struct {
	S       *State
	reached Bitset
	queue   []int32
	// Range, when set, limits how far supply reaches from its sources
	// (a rules module's supply_lines): Trace then counts hexes.
	Range *SupplyRange

	rem     []int16   // hexes of range left where reached (-1: not)
	buckets [][]int32 // by range left
}

// SupplyRange limits supply lines by length: from the map edge and the
// extra sources at most Edge hexes (Unlimited: no limit; negative: they
// supply nothing), from each depot its own Range.
type SupplyRange struct {
	Edge   int
	Depots []Depot
}

// Depot is a supply source reaching Range hexes.
type Depot struct{ Hex, Range int }

// Unlimited is a supply range without limit.
const Unlimited = 1<<15 - 1

// NewSupplier makes a Supplier over s.
func NewSupplier(s *State) *Supplier {
	return &Supplier{S: s, reached: NewBitset(s.Map.Len()), queue: make([]int32, 0, s.Map.Len())}
}

// open reports whether a supply line of side may pass through hex i: not
// water, no enemy unit, and not a hex in an enemy zone of control unless
// a friendly unit occupies it (GDW: Supply; ADC2: Supply: a combat unit,
// so a partisan, Unit.NoOccupy, does not open it).
func (sp *Supplier) open(side Side, i int) bool {
	s := sp.S
	if s.Map.Terrain[i].Water() {
		return false
	}
	if s.present[1-side][i] > 0 {
		return false
	}
	if s.zoc[1-side][i] == 0 {
		return true
	}
	// State.Held, written out: open must stay within the inlining budget.
	n := s.present[side][i]
	return n > 0 && (s.passive[side] == nil || n > s.passive[side][i])
}

// Trace marks every hex from which side can trace supply to its friendly
// map edge or to one of the extra sources; the answer is valid until the
// next call.
func (sp *Supplier) Trace(side Side, extra []int) Bitset {
	if sp.Range != nil {
		return sp.traceRanged(side, extra)
	}
	sp.reached.Clear()
	return sp.spread(side, sp.S.Map.Edge[side], extra)
}

// spread adds to the hexes traced (reached) those that trace to the
// sources src and more, open hexes not traced yet: the search of Trace,
// which a second call continues with more sources.
func (sp *Supplier) spread(side Side, src, more []int) Bitset {
	m := sp.S.Map
	q := sp.queue[:0]
	seed := func(i int) {
		if !sp.reached.Has(i) && sp.open(side, i) {
			sp.reached.Set(i)
			q = append(q, int32(i))
		}
	}
	for _, i := range src {
		seed(i)
	}
	for _, i := range more {
		seed(i)
	}
	for h := 0; h < len(q); h++ {
		a := int(q[h])
		for d := N; d <= NW; d++ {
			b := int(m.Nbr[a][d])
			if b < 0 || sp.reached.Has(b) || m.Blocked(a, d) || !sp.open(side, b) {
				continue
			}
			sp.reached.Set(b)
			q = append(q, int32(b))
		}
	}
	sp.queue = q
	return sp.reached
}

// traceRanged is Trace with supply lines limited by Range: a hex is in
// supply when a line of open hexes no longer than a source's range joins
// it to the source. Unlimited sources are traced first, then the others
// by range left, the longest first.
func (sp *Supplier) traceRanged(side Side, extra []int) Bitset {
	m, r := sp.S.Map, sp.Range
	sp.reached.Clear()
	if len(sp.rem) != m.Len() {
		sp.rem = make([]int16, m.Len())
	}
	for i := range sp.rem {
		sp.rem[i] = -1
	}
	q := sp.queue[:0] // the unlimited sources' hexes
	most := -1
	seed := func(i, rng int) {
		rng = min(rng, Unlimited)
		if rng < 0 || i < 0 || i >= m.Len() || int(sp.rem[i]) >= rng || !sp.open(side, i) {
			return
		}
		sp.rem[i] = int16(rng)
		sp.reached.Set(i)
		if rng == Unlimited {
			q = append(q, int32(i))
			return
		}
		for len(sp.buckets) <= rng {
			sp.buckets = append(sp.buckets, nil)
		}
		sp.buckets[rng] = append(sp.buckets[rng], int32(i))
		most = max(most, rng)
	}
	for _, i := range m.Edge[side] {
		seed(i, r.Edge)
	}
	for _, i := range extra {
		seed(i, r.Edge)
	}
	for _, d := range r.Depots {
		seed(d.Hex, d.Range)
	}
	for h := 0; h < len(q); h++ {
		a := int(q[h])
		for d := N; d <= NW; d++ {
			b := int(m.Nbr[a][d])
			if b < 0 || sp.rem[b] == Unlimited || m.Blocked(a, d) || !sp.open(side, b) {
				continue
			}
			sp.rem[b] = Unlimited
			sp.reached.Set(b)
			q = append(q, int32(b))
		}
	}
	sp.queue = q
	for left := most; left > 0; left-- {
		for k := 0; k < len(sp.buckets[left]); k++ {
			a := int(sp.buckets[left][k])
			if int(sp.rem[a]) != left {
				continue
			}
			for d := N; d <= NW; d++ {
				b := int(m.Nbr[a][d])
				if b < 0 || int(sp.rem[b]) >= left-1 || m.Blocked(a, d) || !sp.open(side, b) {
					continue
				}
				sp.rem[b] = int16(left - 1)
				sp.reached.Set(b)
				sp.buckets[left-1] = append(sp.buckets[left-1], int32(b))
			}
		}
	}
	for i := range sp.buckets {
		sp.buckets[i] = sp.buckets[i][:0]
	}
	return sp.reached
}

// CoastalCities lists side's cities that touch a sea hex of the region
// sea (any sea hex when sea is nil), in map order.
func (s *State) CoastalCities(side Side, sea *Region) []int {
	m := s.Map
	var out []int
	for _, c := range m.Cities {
		if s.Control[c.Hex] != side {
			continue
		}
		for _, n := range m.Nbr[c.Hex] {
			if n >= 0 && m.Terrain[n] == Sea && (sea == nil || sea.Hexes.Has(int(n))) {
				out = append(out, c.Hex)
				break
			}
		}
	}
	return out
}

// TraceBySea traces supply for side (with the extra sources), then, if a friendly coastal city of
// the sea is in regular supply, traces again from every friendly coastal
// city of that sea (GDW: Supply, the Black Sea coast).
func (sp *Supplier) TraceBySea(side Side, sea *Region, extra []int) Bitset {
	r := sp.Trace(side, extra)
	ports := sp.S.CoastalCities(side, sea)
	for _, p := range ports {
		if r.Has(p) {
			if sp.Range == nil {
				// the hexes traced from more sources are those traced
				// already and those the ports add: go on from there
				return sp.spread(side, nil, ports)
			}
			return sp.Trace(side, append(append([]int(nil), extra...), ports...))
		}
	}
	return r
}
