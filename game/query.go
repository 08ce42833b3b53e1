package game

import (
	"fmt"
	"sort"
	"strings"

	"gpw/core"
	"gpw/interp"
)

// Queries answer questions about the game and change nothing: no event is
// emitted, no die is rolled, no unit moves. Each returns data (for --json)
// whose String method prints it for people.

// Queries lists the query words of gpw play, for help and completion.
var Queries = []string{"show", "reach", "actions", "zoc", "supply", "phase", "units", "preview", "save", "help", "quit"}

// SideFlags is a yes or no for each side.
type SideFlags struct {
	Axis   bool `json:"axis"`
	Soviet bool `json:"soviet"`
}

func (f SideFlags) String() string {
	return fmt.Sprintf("axis %s, soviet %s", yesNo(f.Axis), yesNo(f.Soviet))
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// side reads a side name for a query.
func (g *Game) side(s string) (core.Side, error) {
	side, err := core.ParseSide(s)
	if err != nil {
		return core.NoSide, g.refuse("unknown", "%v", err)
	}
	return side, nil
}

// traceNow traces side's supply in the present position, as the engine
// does at the start of a phase (GDW: Supply); valid until the next trace.
func (g *Game) traceNow(side core.Side) core.Bitset {
	r, err := g.trace(side)
	if err != nil {
		return g.supplier().Trace(side, nil) // the hook failed: the edge alone
	}
	return r
}

// suppliedNow reports for each side whether hex h could trace supply now.
func (g *Game) suppliedNow(h int) SideFlags {
	axis := g.traceNow(core.Axis).Has(h) // the trace's bitset is reused
	return SideFlags{Axis: axis, Soviet: g.traceNow(core.Soviet).Has(h)}
}

// UnitRow describes one unit.
type UnitRow struct {
	ID      string `json:"id"`
	Side    string `json:"side"`
	Nation  string `json:"nation"`
	Kind    string `json:"kind"`
	Size    string `json:"size"` // army, corps, division
	Class   string `json:"class"`
	Attack  int    `json:"attack"`  // attack factor now
	Defense int    `json:"defense"` // defence factor now
	// Printed is the counter's face as printed, strength-MP ("8-6"), on
	// the side now up; leaders and air units show what they carry.
	Printed   string `json:"printed"`
	Full      string `json:"full"`                // the full-strength face ("8-6")
	Half      string `json:"half,omitempty"`      // the half-strength face ("4-6"), "" for a one-step unit
	MP        int    `json:"mp"`                  // printed movement allowance
	Allowance int    `json:"allowance,omitempty"` // in its own movement phase: halved out of supply, in mud
	Hex       string `json:"hex,omitempty"`
	Status    string `json:"status"`
	Reduced   bool   `json:"reduced"`
	Supplied  bool   `json:"supplied"` // see Game.unitSupplied (GDW: Supply)
	Moved     bool   `json:"moved,omitempty"`
	Attacked  bool   `json:"attacked,omitempty"`
	Awaiting  bool   `json:"awaiting,omitempty"` // a reinforcement to place
	Marks     []Mark `json:"marks,omitempty"`    // what the rules module keeps about it
	// Hidden marks a unit the side asking does not see (game/fog.go): ID
	// is an alias, only Side, Hex and Status are known.
	Hidden bool `json:"hidden,omitempty"`
}

// judged reports whether the engine judged side's supply at the start of
// this phase (GDW: Supply: the phasing side, at the start of its movement
// and combat phases; see beginPhase).
func (g *Game) judged(side core.Side) bool {
	p := g.Phase()
	return p.Side == side && (p.Kind == interp.PhaseMove || p.Kind == interp.PhaseCombat || p.Kind == interp.PhaseReinforcement)
}

// unitSupplied is unit k's supply as the rules count it: judged at the start
// of the phase for the phasing side, traced now for the other.
func (g *Game) unitSupplied(k int) bool {
	u := &g.S.Units[k]
	if u.Status != core.OnMap {
		return false
	}
	if g.judged(u.Side) {
		return g.inSupply(k)
	}
	if t := g.traced[u.Side]; t != nil {
		return t.Has(u.Hex)
	}
	return g.traceNow(u.Side).Has(u.Hex)
}

// traceOnce keeps each side's supply traced once while a query lists many
// units (unitSupplied); call the function it returns when done.
func (g *Game) traceOnce() func() {
	for _, side := range []core.Side{core.Axis, core.Soviet} {
		if !g.judged(side) {
			g.traced[side] = g.Trace(side)
		}
	}
	return func() { g.traced = [2]core.Bitset{} }
}

func (g *Game) unitRow(k int) UnitRow {
	u := &g.S.Units[k]
	us := &g.Sc.Units[k]
	r := UnitRow{ID: u.ID, Side: u.Side.String(), Nation: u.Nation, Kind: u.Kind, Size: u.Size,
		Attack: u.AttackNow(), Defense: u.DefenseNow(), MP: u.MP, Status: u.Status.String(), Reduced: u.Reduced, Supplied: g.unitSupplied(k),
		Moved: g.moved[k], Attacked: g.attacked[k], Awaiting: g.awaiting[k], Marks: g.Marks(interp.ScopeUnit, k)}
	if u.Class >= 0 && u.Class < len(g.Rules.Classes) && !g.Rules.NonCombat[u.Kind] {
		r.Class = g.Rules.Classes[u.Class]
	}
	switch {
	case u.Kind == "leader":
		r.Full = fmt.Sprintf("leader, command radius %d", us.Radius)
	case u.Kind == "air":
		r.Full = fmt.Sprintf("air, range %d, shift %+d", us.Range, us.Shift)
	default:
		r.Full = fmt.Sprintf("%d-%d", u.Attack[0], u.MP)
		if u.HasHalf() {
			r.Half = fmt.Sprintf("%d-%d", u.Attack[1], u.MP)
		}
	}
	r.Printed = r.Full
	if u.Reduced && r.Half != "" {
		r.Printed = r.Half
	}
	if u.Status == core.OnMap {
		r.Hex = g.S.Map.ID(u.Hex)
	}
	if u.Status == core.OnMap && g.Phase().Kind == interp.PhaseMove && g.judged(u.Side) {
		mp, err := g.Allowance(k)
		g.hookFailed(err)
		r.Allowance = mp
	}
	return r
}

func (r UnitRow) String() string {
	if r.Hidden { // game/fog.go
		if r.Hex == "" {
			return fmt.Sprintf("%-10s %-6s a unit out of sight, %s", r.ID, r.Side, r.Status)
		}
		return fmt.Sprintf("%-10s %-6s a unit out of sight, in %s", r.ID, r.Side, r.Hex)
	}
	step := "full strength"
	if r.Reduced {
		step = "half strength"
	}
	if r.Half == "" {
		step = "one step"
	}
	s := fmt.Sprintf("%-10s %-6s %s %s %s", r.ID, r.Side, r.Nation, r.Kind, r.Printed)
	if r.Class != "" {
		s = fmt.Sprintf("%-10s %-6s %s %s (%s) %s %s, attack %d defence %d, MP %d", r.ID, r.Side, r.Nation, r.Kind, r.Class, r.Printed, step, r.Attack, r.Defense, r.MP)
	}
	switch {
	case r.Hex != "":
		if r.Allowance > 0 || r.Moved {
			s += fmt.Sprintf(" (%d now)", r.Allowance)
		}
		s += fmt.Sprintf(", in %s, %s", r.Hex, map[bool]string{true: "in supply", false: "OUT OF SUPPLY"}[r.Supplied])
	case r.Awaiting:
		s += ", arrived: waiting to be placed"
	default:
		s += ", " + r.Status
	}
	if r.Moved {
		s += ", has moved"
	}
	if r.Attacked {
		s += ", has attacked"
	}
	for _, m := range r.Marks {
		s += ", " + m.String()
	}
	return s
}

// UnitFilters are the filters of UnitList besides the sides.
var UnitFilters = []string{"onmap", "toplace", "eliminated"}

// UnitList lists the units of side ("axis", "soviet"; "" for both), in
// scenario order, keeping only those on the map, to place (waiting
// reinforcements and setup units) or eliminated when filter says so ("":
// all).
func (g *Game) UnitList(side, filter string) ([]UnitRow, error) {
	want := core.NoSide
	if side != "" {
		var err error
		if want, err = g.side(side); err != nil {
			return nil, err
		}
	}
	keep := map[string]func(k int) bool{
		"":      func(int) bool { return true },
		"onmap": func(k int) bool { return g.S.Units[k].Status == core.OnMap },
		"toplace": func(k int) bool {
			return g.awaiting[k] || (g.setupStep != nil && g.SetupArea(k) != nil && g.S.Units[k].Status == core.Pending)
		},
		"eliminated": func(k int) bool { return g.S.Units[k].Status == core.Eliminated },
	}[strings.ToLower(strings.ReplaceAll(filter, " ", ""))]
	if keep == nil {
		return nil, g.refuse("unknown", "units: %q is not a filter (%s)", filter, strings.Join(UnitFilters, ", "))
	}
	out := []UnitRow{}
	defer g.traceOnce()()
	err := g.failures(func() {
		for k := range g.S.Units {
			if (want == core.NoSide || g.S.Units[k].Side == want) && keep(k) {
				out = append(out, g.unitRow(k))
			}
		}
	})
	return out, err
}

// NeighborIDs lists the hexes around hex id on the map, clockwise from
// north (none for a bad id).
func (g *Game) NeighborIDs(id string) []string {
	h, err := g.hex(id)
	if err != nil {
		return nil
	}
	var out []string
	for _, n := range g.S.Map.Nbr[h] {
		if n >= 0 && g.S.Map.OnMap[n] {
			out = append(out, g.S.Map.ID(int(n)))
		}
	}
	return out
}

// HexInfo is everything printed on and standing in one hex.
type HexInfo struct {
	Hex     string   `json:"hex"`
	Terrain string   `json:"terrain"`
	Rivers  []string `json:"rivers,omitempty"`  // hexsides, as "NE B-1602"
	Straits []string `json:"straits,omitempty"` // hexsides joined across a strait
	Water   []string `json:"water,omitempty"`   // lake or sea hexsides
	Rail    []string `json:"rail,omitempty"`    // directions the rail line runs, links included
	City    string   `json:"city,omitempty"`    // "Kiev (major)"
	Country string   `json:"country,omitempty"`
	Regions []string `json:"regions,omitempty"`
	Control string   `json:"control"`
	// RailFriendly is the side the rail hex is friendly to: as it stood at
	// the start of a rail phase, else now (GDW: Movement / rail lines).
	RailFriendly string    `json:"rail_friendly,omitempty"`
	Unit         *UnitRow  `json:"unit,omitempty"`
	Others       []UnitRow `json:"others,omitempty"` // leaders, air units and others sharing the hex
	Marks        []Mark    `json:"marks,omitempty"`  // what the rules module keeps about the hex
	ZOC          SideFlags `json:"zoc"`
	Supply       SideFlags `json:"supply"` // could a unit of each side here trace supply now
	// Weather is the hex's weather when its weather zone has one of its
	// own this phase (R.weather_zones), "" otherwise.
	Weather string `json:"weather,omitempty"`
}

// HexInfo describes hex id.
func (g *Game) HexInfo(id string) (*HexInfo, error) {
	h, err := g.hex(id)
	if err != nil {
		return nil, err
	}
	s, m := g.S, g.S.Map
	hi := &HexInfo{Hex: m.ID(h), Terrain: m.Terrain[h].String(), Control: s.Control[h].String(), Country: m.CountryOf(h),
		ZOC: SideFlags{Axis: s.ZOC(core.Axis, h), Soviet: s.ZOC(core.Soviet, h)}, Supply: g.suppliedNow(h)}
	if z := g.fix.zoneOf; z != nil && z[h] > 0 && int(z[h]) <= len(g.zoneWeather) && g.zoneWeather[z[h]-1] != "" {
		hi.Weather = g.zoneWeather[z[h]-1] + " (" + g.Rules.WeatherZones[z[h]-1].Name + ")"
	}
	for d := core.N; d <= core.NW; d++ {
		side := fmt.Sprintf("%s %s", d, m.ID(int(m.Nbr[h][d])))
		bit := uint8(1) << d
		if m.River[h]&bit != 0 {
			hi.Rivers = append(hi.Rivers, side)
		}
		if m.Strait[h]&bit != 0 {
			hi.Straits = append(hi.Straits, side)
		}
		if m.WaterSide[h]&bit != 0 && m.Strait[h]&bit == 0 {
			hi.Water = append(hi.Water, side)
		}
		if m.Rail[h]&bit != 0 {
			hi.Rail = append(hi.Rail, side)
		}
	}
	for _, b := range m.RailLink[h] {
		hi.Rail = append(hi.Rail, "link "+m.ID(b))
	}
	if c, ok := m.City(h); ok {
		hi.City = fmt.Sprintf("%s (%s)", c.Name, c.Kind)
		if c.Capital != core.NoSide {
			hi.City = fmt.Sprintf("%s (%s, %s capital)", c.Name, c.Kind, c.Capital)
		}
	}
	for _, r := range m.Regions {
		if r.Hexes.Has(h) {
			hi.Regions = append(hi.Regions, r.Name)
		}
	}
	if m.IsRail(h) {
		owner := s.RailOwner[h]
		if g.Phase().Kind == interp.PhaseRail {
			owner = g.railFriendly[h]
		}
		hi.RailFriendly = owner.String()
	}
	for i, k := range s.UnitsAt(h) {
		r := g.unitRow(k)
		if i == 0 && k == s.Occupant(h) {
			hi.Unit = &r
		} else {
			hi.Others = append(hi.Others, r)
		}
	}
	hi.Marks = g.Marks(interp.ScopeHex, h)
	return hi, nil
}

func (hi *HexInfo) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", hi.Hex, hi.Terrain)
	if hi.City != "" {
		fmt.Fprintf(&b, ", city %s", hi.City)
	}
	if hi.Country != "" {
		fmt.Fprintf(&b, ", %s", hi.Country)
	}
	b.WriteString("\n")
	for _, l := range []struct {
		name  string
		sides []string
	}{{"river", hi.Rivers}, {"strait", hi.Straits}, {"lake/sea side", hi.Water}, {"rail", hi.Rail}, {"region", hi.Regions}} {
		if len(l.sides) > 0 {
			fmt.Fprintf(&b, "  %s: %s\n", l.name, strings.Join(l.sides, ", "))
		}
	}
	fmt.Fprintf(&b, "  control: %s", hi.Control)
	if hi.RailFriendly != "" {
		fmt.Fprintf(&b, "; rail friendly to %s", hi.RailFriendly)
	}
	b.WriteString("\n")
	if hi.Unit != nil {
		fmt.Fprintf(&b, "  unit: %s\n", strings.Join(strings.Fields(hi.Unit.String()), " "))
	} else {
		b.WriteString("  unit: none\n")
	}
	for _, o := range hi.Others {
		fmt.Fprintf(&b, "  also: %s\n", strings.Join(strings.Fields(o.String()), " "))
	}
	for _, m := range hi.Marks {
		fmt.Fprintf(&b, "  %s\n", m)
	}
	if hi.Weather != "" {
		fmt.Fprintf(&b, "  weather: %s\n", hi.Weather)
	}
	fmt.Fprintf(&b, "  zone of control: %s\n", hi.ZOC)
	fmt.Fprintf(&b, "  supply line now: %s", hi.Supply)
	return b.String()
}

// ShowHex prints what HexInfo finds in hex id.
func (g *Game) ShowHex(id string) (string, error) {
	hi, err := g.HexInfo(id)
	if err != nil {
		return "", err
	}
	return hi.String(), nil
}

// Reachable is a hex a unit can reach this phase, its least cost and the
// cheapest path there. End is false for a hex it may only pass through.
type Reachable struct {
	Hex  string   `json:"hex"`
	MP   int      `json:"mp"`
	Path []string `json:"path"`
	End  bool     `json:"end"`
}

// Reach is every hex a unit can reach with its movement allowance now.
type Reach struct {
	Unit      string      `json:"unit"`
	From      string      `json:"from"`
	Allowance int         `json:"allowance"`
	Weather   string      `json:"weather"`
	Hexes     []Reachable `json:"hexes"`
	Rule      string      `json:"rule"` // the movement rule of the variant in force
}

// ReachOf computes the hexes unit ref (an id or its hex) can reach now,
// exactly as move checks a path: the phase's allowance (halved out of
// supply and in mud) and the weather's extra cost. A unit that may not
// move now is refused with the rule.
func (g *Game) ReachOf(ref string) (*Reach, error) {
	k, err := g.unit(ref)
	if err != nil {
		return nil, err
	}
	if len(g.steps) > 0 {
		return nil, g.refuse("decision", "first settle the battle: %s", g.pendingText())
	}
	if err := g.notInSetup(); err != nil {
		return nil, err
	}
	if err := g.canMove(k); err != nil {
		return nil, err
	}
	var um *UnitMoves
	if err := g.failures(func() { um = g.movesOf(k, true, true) }); err != nil {
		return nil, err
	}
	mv, mp, err := g.reach(k)
	if err != nil {
		return nil, err
	}
	m := g.S.Map
	start := g.S.Units[k].Hex
	r := &Reach{Unit: g.S.Units[k].ID, From: m.ID(start), Allowance: mp, Weather: g.weatherAt(start), Hexes: []Reachable{}, Rule: g.Rules.CiteRule("mp")}
	if um != nil {
		for _, d := range um.Dest {
			r.Hexes = append(r.Hexes, Reachable{Hex: d.ID, MP: d.MP, Path: g.ids(d.Path), End: true})
		}
	}
	for _, i := range mv.Reached() {
		if h := int(i); h != start && !mv.CanEnd(k, h) {
			r.Hexes = append(r.Hexes, Reachable{Hex: m.ID(h), MP: mv.Spent(h), Path: g.ids(mv.Path(h)), End: false})
		}
	}
	sort.Slice(r.Hexes, func(a, b int) bool {
		x, y := r.Hexes[a], r.Hexes[b]
		if x.MP != y.MP {
			return x.MP < y.MP
		}
		return x.Hex < y.Hex
	})
	return r, nil
}

func (r *Reach) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s in %s: %d MP now (weather %s), %d hexes (%s)", r.Unit, r.From, r.Allowance, r.Weather, len(r.Hexes), r.Rule)
	for _, h := range r.Hexes {
		fmt.Fprintf(&b, "\n  %s  %d MP  via %s", h.Hex, h.MP, strings.Join(h.Path, " "))
		if !h.End {
			b.WriteString("  (pass through only)")
		}
	}
	return b.String()
}

// notInSetup refuses what needs play to have begun.
func (g *Game) notInSetup() error {
	if g.InSetup() {
		return g.setupRefuse("it is the %s player's setup: units move and fight once the first phase begins", g.SetupSide())
	}
	return nil
}

// ZOCOf lists the hexes in side's zone of control, in map order (GDW:
// Zones of Control).
func (g *Game) ZOCOf(side string) ([]string, error) {
	sd, err := g.side(side)
	if err != nil {
		return nil, err
	}
	out := []string{}
	for h, on := range g.S.Map.OnMap {
		if on && g.S.ZOC(sd, h) {
			out = append(out, g.S.Map.ID(h))
		}
	}
	return out, nil
}

// SupplyRow is one unit's supply traced now and, for the phasing side, as
// the engine judged it at the start of the phase, which is what counts for
// its movement and combat (GDW: Supply).
type SupplyRow struct {
	Unit       string `json:"unit"`
	Hex        string `json:"hex"`
	Now        bool   `json:"now"`
	PhaseStart *bool  `json:"phase_start,omitempty"` // nil: not judged this phase
}

func (r SupplyRow) String() string {
	word := map[bool]string{true: "in supply", false: "OUT OF SUPPLY"}
	s := fmt.Sprintf("%-10s %s  %s", r.Unit, r.Hex, word[r.Now])
	if r.PhaseStart != nil && *r.PhaseStart != r.Now {
		s += fmt.Sprintf(" (at the start of the phase: %s, which counts this phase)", strings.ToLower(word[*r.PhaseStart]))
	}
	return s
}

// SupplyOf lists side's units on the map and whether each is in supply.
func (g *Game) SupplyOf(side string) ([]SupplyRow, error) {
	sd, err := g.side(side)
	if err != nil {
		return nil, err
	}
	now := g.traceNow(sd)
	out := []SupplyRow{}
	for k := range g.S.Units {
		u := &g.S.Units[k]
		if u.Side != sd || u.Status != core.OnMap {
			continue
		}
		r := SupplyRow{Unit: u.ID, Hex: g.S.Map.ID(u.Hex), Now: now.Has(u.Hex)}
		if g.judged(sd) {
			at := g.inSupply(k)
			r.PhaseStart = &at
		}
		out = append(out, r)
	}
	return out, nil
}

// PhaseStatus is where the game stands.
type PhaseStatus struct {
	Turn        string `json:"turn"`
	Last        string `json:"last"` // the scenario's last turn
	Phase       string `json:"phase"`
	Side        string `json:"side"`
	Kind        string `json:"kind"`
	Weather     string `json:"weather"`      // this movement phase's weather
	TurnWeather string `json:"turn_weather"` // the turn's mark, which combat uses
	// ZoneWeather lists the weather zones with a weather of their own this
	// phase, "zone: weather" (R.weather_zones); the rest of the map has Weather.
	ZoneWeather []string `json:"zone_weather,omitempty"`
	Points      int      `json:"points"`          // the phasing side's replacement points left
	Awaiting    []string `json:"awaiting"`        // reinforcements to place
	Setup       string   `json:"setup,omitempty"` // the side placing its setup units, before the first phase
	Pending     string   `json:"pending"`         // the decision a battle waits for
	Over        bool     `json:"over"`
	WeatherRule string   `json:"weather_rule"` // the weather rule of the variant in force
	PointsRule  string   `json:"points_rule"`  // its replacement rule
}

// Status reports the turn, phase, weather, replacement points and the
// pending decision.
func (g *Game) Status() PhaseStatus {
	p := g.Phase()
	st := PhaseStatus{Turn: g.TurnName(g.turn), Last: g.TurnName(g.fix.endTurn), Phase: p.ID, Side: p.Side.String(), Kind: p.Kind.String(),
		Weather: g.weather, TurnWeather: g.Turn().Weather, Points: g.points[p.Side], Awaiting: []string{}, Pending: g.Pending(), Over: g.over,
		WeatherRule: g.Rules.CiteRule("weather"), PointsRule: g.Rules.CiteRule("points"), ZoneWeather: g.ZoneWeather()}
	if g.InSetup() {
		st.Setup = g.SetupSide().String()
	}
	for k, w := range g.awaiting {
		if w {
			st.Awaiting = append(st.Awaiting, g.S.Units[k].ID)
		}
	}
	return st
}

func (st PhaseStatus) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (last turn %s), %s phase (%s, %s)", st.Turn, st.Last, st.Phase, st.Side, st.Kind)
	if st.Setup != "" {
		fmt.Fprintf(&b, "\n  setup: the %s player places its units before the phase begins (place UNIT HEX, place auto, end)", st.Setup)
	}
	mark := st.TurnWeather
	if mark == "" {
		mark = "none"
	}
	fmt.Fprintf(&b, "\n  weather: %s; the turn's mark: %s (%s)", st.Weather, mark, st.WeatherRule)
	if len(st.ZoneWeather) > 0 {
		fmt.Fprintf(&b, "\n  weather by zone: %s; elsewhere %s", strings.Join(st.ZoneWeather, ", "), st.Weather)
	}
	fmt.Fprintf(&b, "\n  %s replacement points: %d, spent in the reinforcement phase (%s)", st.Side, st.Points, st.PointsRule)
	if len(st.Awaiting) > 0 {
		fmt.Fprintf(&b, "\n  to place: %s", strings.Join(st.Awaiting, ", "))
	}
	if st.Pending != "" {
		fmt.Fprintf(&b, "\n  waiting for: %s", st.Pending)
	}
	if st.Over {
		b.WriteString("\n  the game is over")
	}
	return b.String()
}

// Chance is one result of a CRT column: the die faces that give it.
type Chance struct {
	Result  string  `json:"result"`
	Dice    []int   `json:"dice"`
	Count   int     `json:"count"`
	Percent float64 `json:"percent"`
}

// Preview is a battle weighed but not fought.
type Preview struct {
	Defender  string   `json:"defender"`
	Hex       string   `json:"hex"`
	Attackers []string `json:"attackers"`
	From      []string `json:"from"`
	Attack    int      `json:"attack"`
	Defense   int      `json:"defense"`
	Odds      string   `json:"odds"`
	Notes     []Note   `json:"notes"`
	Shifts    []Shift  `json:"shifts"`
	Column    string   `json:"column"`
	// Held is the rule that stopped the shifts at the edge of the table,
	// "" when they all applied.
	Held    string   `json:"held,omitempty"`
	Chances []Chance `json:"chances"`
	Rule    string   `json:"rule"` // the combat rule of the variant in force
}

// Preview weighs an attack on the defender's hex from the attackers (by
// hex or id) as attack would (Weigh), and gives the chance of each result
// on the final column, without rolling and without changing the game.
func (g *Game) Preview(defender string, from []string) (*Preview, error) {
	if err := g.notInSetup(); err != nil {
		return nil, err
	}
	dh, err := g.hex(defender)
	if err != nil {
		return nil, err
	}
	atk, err := g.attackers(dh, from)
	if err != nil {
		return nil, err
	}
	return g.PreviewOf(dh, atk)
}

// PreviewOf is Preview for the attack on hex dh by units from.
func (g *Game) PreviewOf(dh int, from []int) (*Preview, error) {
	w, err := g.Weigh(dh, from)
	if err != nil {
		return nil, err
	}
	s, cols := g.S, g.Rules.CRTColumns
	p := &Preview{Defender: s.Units[w.Defender].ID, Hex: s.Map.ID(w.Hex), Attack: w.Odds.Attack, Defense: w.Odds.Defense, Rule: g.Rules.CiteRule("combat"),
		Odds: label(cols, w.Odds.Odds), Column: label(cols, w.Odds.Column), Notes: w.Notes, Shifts: w.Shifts, Chances: []Chance{}}
	if p.Notes == nil {
		p.Notes = []Note{}
	}
	if p.Shifts == nil {
		p.Shifts = []Shift{}
	}
	for _, k := range w.Attackers {
		p.Attackers = append(p.Attackers, s.Units[k].ID)
		p.From = append(p.From, s.Map.ID(s.Units[k].Hex))
	}
	moved := w.Odds.Odds
	for _, sh := range w.Shifts {
		moved += sh.Columns
	}
	if moved != w.Odds.Column {
		p.Held = g.Rules.CiteRule("odds-min")
	}
	if c := w.Odds.Column; c >= 1 && c <= len(cols) {
		p.Chances = chances(g.Rules.CRT, c-1)
	}
	return p, nil
}

// label names CRT column i (from 1).
func label(cols []string, i int) string {
	if len(cols) == 0 {
		return "no table"
	}
	if i < 1 || i > len(cols) {
		return "below " + cols[0]
	}
	return cols[i-1]
}

// chances counts the die faces of each result in column col (from 0), in
// the order the results first appear.
func chances(crt [][]string, col int) []Chance {
	var out []Chance
	at := map[string]int{}
	for die, row := range crt {
		r := row[col]
		i, ok := at[r]
		if !ok {
			i = len(out)
			at[r] = i
			out = append(out, Chance{Result: r})
		}
		out[i].Dice = append(out[i].Dice, die+1)
		out[i].Count++
	}
	for i := range out {
		out[i].Percent = float64(out[i].Count) * 100 / float64(len(crt))
	}
	return out
}

func (p *Preview) String() string {
	var b strings.Builder
	atk := make([]string, len(p.Attackers))
	for i := range p.Attackers {
		atk[i] = p.Attackers[i] + " (" + p.From[i] + ")"
	}
	fmt.Fprintf(&b, "%s in %s attacked by %s\n", p.Defender, p.Hex, strings.Join(atk, ", "))
	for _, n := range p.Notes {
		fmt.Fprintf(&b, "  note: %s (%s)\n", n.Text, n.Rule)
	}
	fmt.Fprintf(&b, "  attack %d against defence %d = %s (%s)\n", p.Attack, p.Defense, p.Odds, p.Rule)
	for _, s := range p.Shifts {
		fmt.Fprintf(&b, "  shift %s %+d (%s)\n", s.Cause, s.Columns, s.Rule)
	}
	fmt.Fprintf(&b, "  column %s", p.Column)
	if p.Held != "" {
		fmt.Fprintf(&b, " (the shifts stop at the edge of the table: %s)", p.Held)
	}
	b.WriteString(":")
	n := 0
	for _, c := range p.Chances {
		n += c.Count
	}
	for _, c := range p.Chances {
		dice := make([]string, len(c.Dice))
		for i, d := range c.Dice {
			dice[i] = fmt.Sprint(d)
		}
		fmt.Fprintf(&b, "\n    %-4s die %-11s %d/%d = %.0f%%", c.Result, strings.Join(dice, ","), c.Count, n, c.Percent)
	}
	return b.String()
}

// HexID reads a hex id or place name and prints the hex's id.
func (g *Game) HexID(s string) (string, bool) {
	h, err := g.hex(s)
	if err != nil {
		return "", false
	}
	return g.S.Map.ID(h), true
}
