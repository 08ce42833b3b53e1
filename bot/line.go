package bot

// line.go: how good a side's line is, read from a position alone (no
// bot's own sectors or plans), so that changes to the defence can be
// measured: breaches an enemy unit could walk through without entering a
// zone of control, the rear they open, how jagged the line's depth is,
// how evenly the units behind it back it, and the units idle far from
// any front.

import (
	"fmt"
	"math"
	"strings"

	"gpw/core"
)

// Line depths used by MeasureLine, in hexes from the nearest enemy
// combat unit: a hex at least lineRear away is the side's deep rear; a
// unit more than lineIdle away (outside a city) is idle.
const (
	lineRear = 8
	lineIdle = 12
)

// LineQuality measures one side's line in a position.
type LineQuality struct {
	Units   int // the side's combat units on the map
	Line    int // units on the line: next to an enemy unit or to a hex the enemy reaches (without passing a zone of control)
	Backing int // units within two hexes of a line unit, behind it (not on the line)
	Idle    int // units more than lineIdle hexes from every enemy unit, outside cities
	// Gaps counts the breaches: separate openings through which enemy
	// units reach the side's deep rear without entering a zone of
	// control; Leak the deep-rear hexes they reach that way.
	Gaps, Leak int
	// Jag is the mean difference in depth (hexes from the enemy) between
	// neighbouring line units (at most three hexes apart): 0 for a line
	// that runs at one depth.
	Jag float64
	// Uneven is the coefficient of variation of the backing over the
	// line units (each line unit's count of units within two hexes
	// behind it): 0 when every stretch of the line is backed alike,
	// large when one stretch piles up while its neighbours stand alone.
	Uneven float64
	// Crowded counts the units with lineCrowd or more friendly units
	// within two hexes: a stretch piled several hexes deep (a line of
	// units side by side has four there, a line with a unit behind each
	// about six).
	Crowded int
}

// lineCrowd is how many friendly units within two hexes make a unit
// crowded.
const lineCrowd = 7

func (q LineQuality) String() string {
	return fmt.Sprintf("%d units: %d on the line, %d backing it, %d idle, %d crowded; %d gaps leaking %d rear hexes; jag %.2f, uneven %.2f",
		q.Units, q.Line, q.Backing, q.Idle, q.Crowded, q.Gaps, q.Leak, q.Jag, q.Uneven)
}

// MeasureLine reads side's line in position s. The enemy's reach is a
// flood from its combat units over land that stops on entering a hex in
// the side's zone of control and never enters the side's units: a
// continuous line leaves the side's deep rear (lineRear hexes and more
// from the enemy) out of it.
func MeasureLine(s *core.State, side core.Side) LineQuality { return measureLine(s, side, nil) }

// measureLine is MeasureLine, calling gap (when not nil) with each
// breach's hexes.
func measureLine(s *core.State, side core.Side, gap func([]int)) LineQuality {
	m := s.Map
	var q LineQuality
	var own, enemy []int
	for k := range s.Units {
		u := &s.Units[k]
		if !combatUnit(u) {
			continue
		}
		if u.Side == side {
			own = append(own, k)
		} else {
			enemy = append(enemy, k)
		}
	}
	q.Units = len(own)
	if len(own) == 0 || len(enemy) == 0 {
		return q
	}
	land := func(h int) bool { return h >= 0 && m.OnMap[h] && !m.Terrain[h].Water() }
	src := make([]int, len(enemy))
	for i, k := range enemy {
		src[i] = s.Units[k].Hex
	}
	foeDist := landDistance(m, src)
	// free: hexes the enemy reaches and may go on from (outside the
	// side's zones of control); stopped: reached, in a zone
	free, stopped := core.NewBitset(m.Len()), core.NewBitset(m.Len())
	q2 := append([]int(nil), src...)
	for _, h := range src {
		free.Set(h)
	}
	for i := 0; i < len(q2); i++ {
		a := q2[i]
		for _, nb := range m.Nbr[a] {
			b := int(nb)
			if !land(b) || free.Has(b) || stopped.Has(b) || s.FriendAt(side, b) {
				continue
			}
			if s.ZOC(side, b) {
				stopped.Set(b)
				continue
			}
			free.Set(b)
			q2 = append(q2, b)
		}
	}
	// the breaches: the side's hexes the enemy reaches freely, lineRear
	// hexes and more from it, grouped into openings where they come
	// through the band just short of the rear
	seen := core.NewBitset(m.Len())
	rear := func(h int) bool { return free.Has(h) && s.Control[h] == side && foeDist[h] >= lineRear }
	band := func(h int) bool {
		return free.Has(h) && s.Control[h] == side && foeDist[h] >= lineRear-3 && foeDist[h] < lineRear
	}
	for h := range m.OnMap {
		if rear(h) {
			q.Leak++
		}
		if !band(h) || seen.Has(h) {
			continue
		}
		// one opening: the band's connected hexes, counted if they lead
		// into the deep rear
		comp := []int{h}
		seen.Set(h)
		leads := false
		for i := 0; i < len(comp); i++ {
			for _, nb := range m.Nbr[comp[i]] {
				b := int(nb)
				if b < 0 {
					continue
				}
				if rear(b) {
					leads = true
				}
				if band(b) && !seen.Has(b) {
					seen.Set(b)
					comp = append(comp, b)
				}
			}
		}
		if leads {
			q.Gaps++
			if gap != nil {
				gap(comp)
			}
		}
	}
	// the line: units next to the enemy or to a hex of their zone of
	// control it reaches
	onLine := make(map[int]bool, len(own))
	var lineUnits []int
	for _, k := range own {
		h := s.Units[k].Hex
		for _, nb := range m.Nbr[h] {
			if nb >= 0 && (free.Has(int(nb)) || stopped.Has(int(nb)) || s.EnemyAt(side, int(nb))) {
				onLine[k] = true
				lineUnits = append(lineUnits, k)
				break
			}
		}
	}
	q.Line = len(lineUnits)
	backing := make([]float64, len(lineUnits))
	backed := make(map[int]bool)
	for i, a := range lineUnits {
		ha := s.Units[a].Hex
		for _, k := range own {
			hk := s.Units[k].Hex
			if onLine[k] || foeDist[hk] <= foeDist[ha] || m.Distance(ha, hk) > 2 {
				continue
			}
			backing[i]++
			backed[k] = true
		}
	}
	q.Backing = len(backed)
	var jag float64
	pairs := 0
	for i, a := range lineUnits {
		for _, b := range lineUnits[i+1:] {
			ha, hb := s.Units[a].Hex, s.Units[b].Hex
			if m.Distance(ha, hb) <= 3 {
				jag += math.Abs(float64(foeDist[ha]) - float64(foeDist[hb]))
				pairs++
			}
		}
	}
	if pairs > 0 {
		q.Jag = jag / float64(pairs)
	}
	if n := float64(len(backing)); n > 0 {
		mean := sum(backing) / n
		var v float64
		for _, x := range backing {
			v += (x - mean) * (x - mean)
		}
		if mean > 0 {
			q.Uneven = math.Sqrt(v/n) / mean
		}
	}
	for _, k := range own {
		h := s.Units[k].Hex
		if _, city := m.City(h); !city && foeDist[h] > lineIdle {
			q.Idle++
		}
		near := 0
		for _, j := range own {
			if j != k && m.Distance(h, s.Units[j].Hex) <= 2 {
				near++
			}
		}
		if near >= lineCrowd {
			q.Crowded++
		}
	}
	return q
}

// landDistance is each hex's distance in hexes to the nearest of src,
// over land (32767 when none).
func landDistance(m *core.Map, src []int) []int16 {
	d := make([]int16, m.Len())
	for i := range d {
		d[i] = math.MaxInt16
	}
	q := make([]int, 0, len(src))
	for _, h := range src {
		if d[h] != 0 {
			d[h] = 0
			q = append(q, h)
		}
	}
	for i := 0; i < len(q); i++ {
		a := q[i]
		for _, nb := range m.Nbr[a] {
			if nb >= 0 && d[nb] == math.MaxInt16 && m.OnMap[nb] && !m.Terrain[nb].Water() {
				d[nb] = d[a] + 1
				q = append(q, int(nb))
			}
		}
	}
	return d
}

// lineSum adds up line measures over games, for means.
type lineSum struct {
	n                                      int
	units, line, backing, idle, gaps, leak int
	crowded                                int
	jag, uneven                            float64
	broken                                 int // games with a gap
}

func (t *lineSum) add(q LineQuality) {
	t.n++
	t.units += q.Units
	t.line += q.Line
	t.backing += q.Backing
	t.idle += q.Idle
	t.crowded += q.Crowded
	t.gaps += q.Gaps
	t.leak += q.Leak
	t.jag += q.Jag
	t.uneven += q.Uneven
	if q.Gaps > 0 {
		t.broken++
	}
}

func (t lineSum) row(b *strings.Builder, label string) {
	n := float64(max(t.n, 1))
	share := func(x int) string {
		if t.units == 0 {
			return "-"
		}
		return fmt.Sprintf("%d%%", percent(x, t.units))
	}
	fmt.Fprintf(b, "%-22s %6.1f %6s %8s %6s %8s %6.2f %6d%% %7.1f %5.2f %7.2f\n", label, float64(t.units)/n,
		share(t.line), share(t.backing), share(t.idle), share(t.crowded), float64(t.gaps)/n, percent(t.broken, t.n), float64(t.leak)/n, t.jag/n, t.uneven/n)
}
