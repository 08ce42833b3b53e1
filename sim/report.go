package sim

import (
	"math"
	"slices"
)

// Report is what an experiment found: each arm on its own, then each arm
// against the baseline, game for game.
type Report struct {
	Scenario string       `json:"scenario"`
	Version  string       `json:"version"`
	Games    int          `json:"games"` // planned seed indices
	Seed     int64        `json:"seed"`
	Turns    int          `json:"turns"`
	Bot      Bots         `json:"bot"`
	Until    string       `json:"until,omitempty"`
	Shard    *Shard       `json:"shard,omitempty"` // the report covers one shard
	TurnName []string     `json:"turn_names"`      // the turns of the longest game
	Arms     []ArmReport  `json:"arms"`
	Versus   []Comparison `json:"versus"` // arms 1.. against arm 0
}

// ArmReport describes the games of one arm.
type ArmReport struct {
	Arm
	N         int            `json:"n"`
	Wins      Sides          `json:"wins"`
	NoWinner  int            `json:"no_winner"`
	AxisWin   Interval       `json:"axis_win"`   // Wilson
	SovietWin Interval       `json:"soviet_win"` // Wilson
	Levels    map[string]int `json:"levels"`     // "axis decisive": games
	Score     Interval       `json:"score"`
	Length    Interval       `json:"length"`
	Truncated int            `json:"truncated"`
	// Ludii's outcome metrics (Evaluation/src/metrics): Balance is one
	// minus the gap between the sides' win rates; Drawishness the share of
	// games that end without a winner before the turn limit;
	// Decisiveness the mean share of a won game's turns played before the
	// winner's standing rose above the best the loser ever had.
	Balance      Num `json:"balance"`
	Decisiveness Num `json:"decisiveness"`
	Drawishness  Num `json:"drawishness"`
	// Cities is the number of cities each side held at the end of each
	// turn (a finished game counts as it ended).
	Cities struct {
		Axis   []Interval `json:"axis"`
		Soviet []Interval `json:"soviet"`
	} `json:"cities"`
	// Key is, for each key city, the share of games in which the Axis
	// held it at the end of each turn.
	Key     []CityShare                     `json:"key"`
	Lost    struct{ Axis, Soviet Interval } `json:"lost"`
	Battles map[string]map[string]int       `json:"battles"`
	// Refused is the number of refused commands, over all games.
	Refused int `json:"refused"`
}

// CityShare is the share of games in which the Axis held a city, turn by
// turn.
type CityShare struct {
	City  string `json:"city"`
	Share []Num  `json:"share"`
}

// Comparison is an arm against the baseline, over the seed indices both
// played.
type Comparison struct {
	Arm   string `json:"arm"`
	Pairs int    `json:"pairs"`
	// AxisWin is the paired difference in Axis win rate (arm minus
	// baseline; Newcombe's interval).
	AxisWin Interval `json:"axis_win"`
	// Discordant pairs: the Axis won under the arm only, under the
	// baseline only.
	ArmOnly  int  `json:"arm_only"`
	BaseOnly int  `json:"base_only"`
	P        Num  `json:"p"`     // McNemar
	Exact    bool `json:"exact"` // binomial, not χ²
	Holm     Num  `json:"p_holm"`
	// Score is the mean paired difference in score (t interval), PScore
	// its paired t test.
	Score  Interval     `json:"score"`
	PScore Num          `json:"p_score"`
	Cities []CityChange `json:"cities"` // at the end of the game
	// WinPairing and ScorePairing: what the common seeds achieved.
	WinPairing   Pairing `json:"win_pairing"`
	ScorePairing Pairing `json:"score_pairing"`
}

// CityChange is the paired difference in the share of games in which the
// Axis holds a city at the end.
type CityChange struct {
	City string   `json:"city"`
	Diff Interval `json:"diff"`
	P    Num      `json:"p"`
}

// Sort orders records by seed index, then arm.
func Sort(recs []*Record) {
	slices.SortFunc(recs, func(a, b *Record) int {
		if a.Game != b.Game {
			return a.Game - b.Game
		}
		return a.Arm - b.Arm
	})
}

// Summarize computes the report of h's experiment from its records, in
// any order.
func Summarize(h *Header, recs []*Record) *Report {
	recs = slices.Clone(recs)
	Sort(recs)
	rep := &Report{Scenario: h.Scenario, Version: h.Version, Games: h.Games, Seed: h.Seed, Turns: h.Turns, Bot: h.Bot, Until: h.Until, Shard: h.Shard}
	byArm := make([][]*Record, len(h.Arms))
	for _, r := range recs {
		byArm[r.Arm] = append(byArm[r.Arm], r)
		if len(r.Turns) > len(rep.TurnName) {
			rep.TurnName = r.Turns
		}
	}
	nt := len(rep.TurnName)
	for a, arm := range h.Arms {
		rep.Arms = append(rep.Arms, armReport(arm, h.Cities, byArm[a], nt))
	}
	var ps []float64
	for a := 1; a < len(h.Arms); a++ {
		c := compare(h.Arms[a].Name, h.Cities, byArm[a], byArm[0])
		rep.Versus = append(rep.Versus, c)
		ps = append(ps, float64(c.P))
	}
	for i, p := range Holm(ps) {
		rep.Versus[i].Holm = Num(p)
	}
	return rep
}

// at is the value of a per-turn series at turn t: a game that ended
// earlier counts as it ended.
func at[T any](xs []T, t int) T {
	if t >= len(xs) {
		t = len(xs) - 1
	}
	return xs[t]
}

func armReport(arm Arm, cities []string, recs []*Record, nt int) ArmReport {
	ar := ArmReport{Arm: arm, N: len(recs), Levels: map[string]int{}, Battles: map[string]map[string]int{}}
	var score, length, lostA, lostS []float64
	draws := 0
	var decisive []float64
	for _, r := range recs {
		switch r.Winner {
		case "axis", "soviet":
			ar.Wins.Add(r.Winner, 1)
			ar.Levels[r.Winner+" "+r.Level]++
			decisive = append(decisive, decisiveness(r))
		default:
			ar.NoWinner++
			if !r.Truncated {
				draws++
			}
		}
		if r.Truncated {
			ar.Truncated++
		}
		score = append(score, float64(r.Score))
		length = append(length, float64(r.Length))
		lostA = append(lostA, float64(r.Lost.Axis))
		lostS = append(lostS, float64(r.Lost.Soviet))
		for col, res := range r.Battles {
			if ar.Battles[col] == nil {
				ar.Battles[col] = map[string]int{}
			}
			for k, n := range res {
				ar.Battles[col][k] += n
			}
		}
		ar.Refused += r.Refused
	}
	ar.AxisWin, ar.SovietWin = Wilson(ar.Wins.Axis, ar.N), Wilson(ar.Wins.Soviet, ar.N)
	ar.Score, ar.Length = Mean(score), Mean(length)
	ar.Lost.Axis, ar.Lost.Soviet = Mean(lostA), Mean(lostS)
	ar.Balance, ar.Decisiveness, ar.Drawishness = Num(math.NaN()), Num(math.NaN()), Num(math.NaN())
	if ar.N > 0 {
		ar.Balance = Num(1 - math.Abs(float64(ar.Wins.Axis-ar.Wins.Soviet))/float64(ar.N))
	}
	if len(decisive) > 0 {
		ar.Decisiveness = Num(mean(decisive))
	}
	if ar.N > 0 {
		ar.Drawishness = Num(float64(draws) / float64(ar.N))
	}
	for t := 0; t < nt; t++ {
		var ax, so []float64
		for _, r := range recs {
			if len(r.Turns) == 0 {
				continue
			}
			ax = append(ax, float64(at(r.Cities.Axis, t)))
			so = append(so, float64(at(r.Cities.Soviet, t)))
		}
		ar.Cities.Axis = append(ar.Cities.Axis, Mean(ax))
		ar.Cities.Soviet = append(ar.Cities.Soviet, Mean(so))
	}
	for _, c := range cities {
		cs := CityShare{City: c}
		for t := 0; t < nt; t++ {
			held, n := 0, 0
			for _, r := range recs {
				if s := r.Key[c]; s != "" {
					n++
					if at([]byte(s), t) == AxisMark {
						held++
					}
				}
			}
			cs.Share = append(cs.Share, Wilson(held, n).Est)
		}
		ar.Key = append(ar.Key, cs)
	}
	return ar
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// decisiveness is Ludii's per-game measure (DecisivenessThreshold,
// Decisiveness) on gpw's standings: a side's evaluation at the end of a
// turn is 1 when it would have won had the game ended then, ½ when no one
// would have, 0 when the other side would have. The threshold is the
// best evaluation the loser reached; the result is the share of turns
// played up to the first turn at which the winner's evaluation exceeded
// it (1 when it never did).
func decisiveness(r *Record) float64 {
	n := len(r.Standing)
	if n == 0 {
		return 1
	}
	win := byte(AxisMark)
	if r.Winner == "soviet" {
		win = SovietMark
	}
	eval := func(c, side byte) float64 {
		switch c {
		case side:
			return 1
		case NoneMark:
			return 0.5
		}
		return 0
	}
	lose := byte(AxisMark + SovietMark - rune(win))
	th := -1.0
	for i := 0; i < n; i++ {
		th = max(th, eval(r.Standing[i], lose))
	}
	for i := 0; i < n; i++ {
		if eval(r.Standing[i], win) > th {
			return float64(i+1) / float64(n)
		}
	}
	return 1
}

// pairUp matches the records of an arm and the baseline by seed index.
func pairUp(x, y []*Record) (xs, ys []*Record) {
	j := 0
	for _, r := range x {
		for j < len(y) && y[j].Game < r.Game {
			j++
		}
		if j < len(y) && y[j].Game == r.Game {
			xs, ys = append(xs, r), append(ys, y[j])
		}
	}
	return xs, ys
}

func compare(name string, cities []string, arm, base []*Record) Comparison {
	xs, ys := pairUp(arm, base)
	c := Comparison{Arm: name, Pairs: len(xs)}
	var wins Pairs
	wx, wy, sx, sy, sd := make([]float64, len(xs)), make([]float64, len(xs)), make([]float64, len(xs)), make([]float64, len(xs)), make([]float64, len(xs))
	for i := range xs {
		x, y := xs[i].Winner == "axis", ys[i].Winner == "axis"
		wins.Add(x, y)
		wx[i], wy[i] = b2f(x), b2f(y)
		sx[i], sy[i] = float64(xs[i].Score), float64(ys[i].Score)
		sd[i] = sx[i] - sy[i]
	}
	c.AxisWin = wins.Diff()
	c.ArmOnly, c.BaseOnly = wins.XOnly, wins.YOnly
	p, exact := wins.McNemar()
	c.P, c.Exact = Num(p), exact
	c.Score, c.PScore = Mean(sd), Num(PairedT(sd))
	c.WinPairing, c.ScorePairing = Pair(wx, wy), Pair(sx, sy)
	for _, city := range cities {
		var held Pairs
		for i := range xs {
			held.Add(endsWith(xs[i].Key[city], AxisMark), endsWith(ys[i].Key[city], AxisMark))
		}
		p, _ := held.McNemar()
		c.Cities = append(c.Cities, CityChange{City: city, Diff: held.Diff(), P: Num(p)})
	}
	return c
}

func endsWith(s string, b byte) bool { return s != "" && s[len(s)-1] == b }
