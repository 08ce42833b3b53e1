package sim

import (
	"maps"
	"math"
	"slices"
	"strings"
)

// Report is what an experiment found: each arm on its own, then each arm
// against its baseline, game for game.
type Report struct {
	Scenario string `json:"scenario"`
	Version  string `json:"version"`
	Games    int    `json:"games"` // planned seed indices
	Seed     int64  `json:"seed"`
	Turns    int    `json:"turns"`
	Bot      Bots   `json:"bot"`
	Setup    string `json:"setup"`
	Until    string `json:"until,omitempty"`
	// Sequential: the run stopped by a rule judged on its own results
	// (--until), so its intervals and p-values are biased (away from
	// zero for an effect found early) and not at their nominal level.
	Sequential bool     `json:"sequential,omitempty"`
	Shard      *Shard   `json:"shard,omitempty"` // the report covers one shard
	TurnName   []string `json:"turn_names"`      // the turns of the longest game
	// Failed counts the games that could not be played (Record.Error);
	// Failures are the first few. They are left out of every statistic.
	Failed   int          `json:"failed"`
	Failures []Failure    `json:"failures,omitempty"`
	Arms     []ArmReport  `json:"arms"`
	Versus   []Comparison `json:"versus"` // arms against their baselines
	// Interactions: with several players and several rules, whether a
	// rule's effect depends on the players.
	Interactions []Interaction `json:"interactions,omitempty"`
	// Correction names the adjustment of the p-values for multiplicity
	// (p_holm): Holm's, in two families: the Axis-win test of every
	// comparison (PrimaryTests), and every other test of the report
	// (Tests: score, turn of decision, key cities, events, interactions).
	Correction   string `json:"correction"`
	PrimaryTests int    `json:"primary_tests"`
	Tests        int    `json:"tests"`
}

// MaxFailures is how many failed games a report lists.
const MaxFailures = 5

// Failure is a game that could not be played.
type Failure struct {
	Game   int    `json:"game"`
	Arm    string `json:"arm"`
	Error  string `json:"error"`
	Replay string `json:"replay,omitempty"`
}

// ArmReport describes the games of one arm.
type ArmReport struct {
	Arm
	N         int            `json:"n"`
	Failed    int            `json:"failed"`
	Wins      Sides          `json:"wins"`
	NoWinner  int            `json:"no_winner"`
	AxisWin   Interval       `json:"axis_win"`   // Wilson
	SovietWin Interval       `json:"soviet_win"` // Wilson
	Levels    map[string]int `json:"levels"`     // "axis decisive": games
	Score     Interval       `json:"score"`
	Length    Interval       `json:"length"`
	Truncated int            `json:"truncated"`
	// DecisionTurn is the turn of decision: the first turn (1 for the
	// first played) from which the standing (who would win were the game
	// to end) no longer changed.
	DecisionTurn Interval `json:"decision_turn"`
	// Drawishness is Ludii's: the share of games that end without a
	// winner before the turn limit.
	Drawishness Num `json:"drawishness"`
	// Cities is the number of cities each side held at the end of each
	// turn (a finished game counts as it ended).
	Cities struct {
		Axis   []Interval `json:"axis"`
		Soviet []Interval `json:"soviet"`
	} `json:"cities"`
	// Key is, for each key city, the share of games in which the Axis
	// held it at the end of each turn.
	Key []CityShare `json:"key"`
	// Survival is, for each key city, the share of games in which the
	// side that held it when play began has held it at the end of every
	// turn so far (Wilson bands).
	Survival []Survival                      `json:"survival"`
	Lost     struct{ Axis, Soviet Interval } `json:"lost"`
	// LostTurns is the mean strength lost by the end of each turn.
	LostTurns struct {
		Axis   []Interval `json:"axis"`
		Soviet []Interval `json:"soviet"`
	} `json:"lost_turns"`
	Battles map[string]map[string]int `json:"battles"`
	// Attacks counts battles by attacking side, then odds column.
	Attacks map[string]map[string]int `json:"attacks"`
	// Weather counts movement phases by month, then weather rolled.
	Weather []MonthWeather `json:"weather"`
	// Events is each event kind's mean count per game (Record.Events).
	Events []EventCount `json:"events"`
	// Refused is the number of refused commands, over all games.
	Refused int `json:"refused"`
}

// CityShare is the share of games in which the Axis held a city, turn by
// turn.
type CityShare struct {
	City  string `json:"city"`
	Share []Num  `json:"share"`
}

// Survival is the share of games in which a key city's first holder
// still holds it, turn by turn.
type Survival struct {
	City  string     `json:"city"`
	Owner string     `json:"owner"` // axis or soviet
	Share []Interval `json:"share"`
}

// MonthWeather counts the movement phases of a month of the calendar by
// the weather they had.
type MonthWeather struct {
	Month  string         `json:"month"`
	Phases map[string]int `json:"phases"`
}

// EventCount is an event kind's mean count per game.
type EventCount struct {
	Kind  string   `json:"kind"`
	Total int      `json:"total"`
	Mean  Interval `json:"mean"`
}

// Comparison is an arm against its baseline, over the seed indices both
// played (a failed game drops its pair).
type Comparison struct {
	Arm   string `json:"arm"`
	Base  string `json:"base"`
	Pairs int    `json:"pairs"`
	// AxisWin is the paired difference in Axis win rate (arm minus
	// baseline; Newcombe's interval); Table the paired 2×2 table.
	AxisWin Interval `json:"axis_win"`
	Table   Pairs    `json:"table"`
	// Discordant pairs: the Axis won under the arm only, under the
	// baseline only.
	ArmOnly  int  `json:"arm_only"`
	BaseOnly int  `json:"base_only"`
	P        Num  `json:"p"`     // McNemar
	Exact    bool `json:"exact"` // binomial, not χ²
	Holm     Num  `json:"p_holm"`
	// SPRT is the sequential test's verdict, when the run had one.
	SPRT *SPRTResult `json:"sprt,omitempty"`
	// Score is the mean paired difference in score (t interval), PScore
	// its paired t test.
	Score      Interval `json:"score"`
	PScore     Num      `json:"p_score"`
	PScoreHolm Num      `json:"p_score_holm"`
	// DecisionTurn is the mean paired difference in the turn of decision.
	DecisionTurn  Interval      `json:"decision_turn"`
	PDecision     Num           `json:"p_decision"`
	PDecisionHolm Num           `json:"p_decision_holm"`
	Cities        []CityChange  `json:"cities"` // at the end of the game
	Events        []EventChange `json:"events"`
	// PerTurn are the paired differences at the end of each turn.
	PerTurn PerTurn `json:"per_turn"`
	// Weather is, for each month of the calendar, the paired difference
	// in the share of its movement phases whose weather was not clear.
	Weather []MonthChange `json:"weather"`
	// WinPairing and ScorePairing: what the common seeds achieved.
	WinPairing   Pairing `json:"win_pairing"`
	ScorePairing Pairing `json:"score_pairing"`
}

// PerTurn holds paired differences (arm minus baseline) turn by turn.
type PerTurn struct {
	CitiesAxis []Interval  `json:"cities_axis"` // cities the Axis holds (t interval)
	LostAxis   []Interval  `json:"lost_axis"`   // strength lost so far (t interval)
	LostSoviet []Interval  `json:"lost_soviet"`
	Key        []CityTurns `json:"key"` // the Axis holds each key city (Newcombe)
}

// MonthChange is a paired difference in one month of the calendar.
type MonthChange struct {
	Month string   `json:"month"`
	Diff  Interval `json:"diff"` // t interval
}

// foul is, for each month a game played, the share of its movement
// phases that rolled a weather other than clear.
func foul(r *Record) map[string]float64 {
	n, bad := map[string]int{}, map[string]int{}
	var months []string
	for t, w := range r.Weather {
		if w == "" || t >= len(r.Turns) {
			continue
		}
		m := Month(r.Turns[t])
		if _, ok := n[m]; !ok {
			months = append(months, m)
		}
		for _, x := range strings.Split(w, ",") {
			n[m]++
			if x != "clear" {
				bad[m]++
			}
		}
	}
	out := map[string]float64{}
	for _, m := range months {
		out[m] = float64(bad[m]) / float64(n[m])
	}
	return out
}

// CityTurns is a key city's paired difference turn by turn.
type CityTurns struct {
	City string     `json:"city"`
	Diff []Interval `json:"diff"`
}

// CityChange is the paired difference in the share of games in which the
// Axis holds a city at the end.
type CityChange struct {
	City  string   `json:"city"`
	Diff  Interval `json:"diff"`
	Table Pairs    `json:"table"`
	P     Num      `json:"p"`
	Holm  Num      `json:"p_holm"`
}

// EventChange is the paired difference in an event kind's count per game.
type EventChange struct {
	Kind string   `json:"kind"`
	Diff Interval `json:"diff"`
	P    Num      `json:"p"` // paired t
	Holm Num      `json:"p_holm"`
}

// Interaction asks whether a rule's effect on the Axis win rate depends
// on the players: per seed, (rules − base) under Players minus (rules −
// base) under Against (the baseline's players), with its t interval.
type Interaction struct {
	Rules    string   `json:"rules"`
	Base     string   `json:"base"`
	Players  string   `json:"players"`
	Against  string   `json:"against"`
	Pairs    int      `json:"pairs"`
	Effect   Interval `json:"effect"`   // the rule's effect under Players
	Baseline Interval `json:"baseline"` // under Against
	Diff     Interval `json:"diff"`     // the difference of the two
	P        Num      `json:"p"`
	Holm     Num      `json:"p_holm"`
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

// Baselines gives each arm its baseline: the first rules arm under the
// same players; for the first rules arm of other players, arm 0. Arms
// are laid out players first, then rules (sim/engine).
func Baselines(h *Header) []int {
	out := make([]int, len(h.Arms))
	first := map[Bots]int{}
	for a, arm := range h.Arms {
		f, ok := first[arm.Bot]
		if !ok {
			first[arm.Bot] = a
			out[a] = 0
			continue
		}
		out[a] = f
	}
	return out
}

// Summarize computes the report of h's experiment from its records, in
// any order.
func Summarize(h *Header, recs []*Record) *Report {
	recs = slices.Clone(recs)
	Sort(recs)
	rep := &Report{Scenario: h.Scenario, Version: h.Version, Games: h.Games, Seed: h.Seed, Turns: h.Turns, Bot: h.Bot, Setup: h.Setup,
		Until: h.Until, Sequential: h.Until != "", Shard: h.Shard, Correction: "holm"}
	byArm := make([][]*Record, len(h.Arms))
	failed := make([]int, len(h.Arms))
	for _, r := range recs {
		if r.Failed() {
			rep.Failed++
			failed[r.Arm]++
			if len(rep.Failures) < MaxFailures {
				rep.Failures = append(rep.Failures, Failure{Game: r.Game, Arm: h.Arms[r.Arm].Name, Error: r.Error, Replay: r.Replay})
			}
			continue
		}
		byArm[r.Arm] = append(byArm[r.Arm], r)
		if len(r.Turns) > len(rep.TurnName) {
			rep.TurnName = r.Turns
		}
	}
	nt := len(rep.TurnName)
	for a, arm := range h.Arms {
		ar := armReport(arm, h.Cities, byArm[a], nt)
		ar.Failed = failed[a]
		rep.Arms = append(rep.Arms, ar)
	}
	var stop *Stop
	if strings.HasPrefix(h.Until, "sprt:") {
		stop, _ = ParseStop(h.Until)
	}
	base := Baselines(h)
	for a := 1; a < len(h.Arms); a++ {
		c := compare(h.Arms[a].Name, h.Cities, byArm[a], byArm[base[a]], nt)
		c.Base = h.Arms[base[a]].Name
		if stop != nil {
			c.SPRT = sprtOf(stop, byArm[a], byArm[base[a]], h.Games)
		}
		rep.Versus = append(rep.Versus, c)
	}
	rep.Interactions = interactions(h, byArm, base)
	rep.adjust()
	return rep
}

// adjust applies Holm's correction in two families: the Axis-win test
// of each comparison, the question an experiment is run for; and every
// other test of the report, which a reader scans for surprises.
func (rep *Report) adjust() {
	var ps []float64
	var dst []*Num
	for i := range rep.Versus {
		ps, dst = append(ps, float64(rep.Versus[i].P)), append(dst, &rep.Versus[i].Holm)
	}
	for i, p := range Holm(ps) {
		*dst[i] = Num(p)
	}
	rep.PrimaryTests = len(ps)
	ps, dst = nil, nil
	add := func(p Num, to *Num) { ps, dst = append(ps, float64(p)), append(dst, to) }
	for i := range rep.Versus {
		c := &rep.Versus[i]
		add(c.PScore, &c.PScoreHolm)
		add(c.PDecision, &c.PDecisionHolm)
		for j := range c.Cities {
			add(c.Cities[j].P, &c.Cities[j].Holm)
		}
		for j := range c.Events {
			add(c.Events[j].P, &c.Events[j].Holm)
		}
	}
	for i := range rep.Interactions {
		add(rep.Interactions[i].P, &rep.Interactions[i].Holm)
	}
	for i, p := range Holm(ps) {
		*dst[i] = Num(p)
	}
	rep.Tests = len(ps)
}

// markAt is the mark of a key city's string at turn t, as at reads it
// (0 for a city the game did not record).
func markAt(s string, t int) byte {
	if s == "" {
		return 0
	}
	return s[min(t, len(s)-1)]
}

// The per-turn series of a record at turn t, as at reads them.
func citiesAxis(r *Record, t int) float64   { return float64(at(r.Cities.Axis, t)) }
func citiesSoviet(r *Record, t int) float64 { return float64(at(r.Cities.Soviet, t)) }
func lostAxis(r *Record, t int) float64     { return float64(at(r.LostTurns.Axis, t)) }
func lostSoviet(r *Record, t int) float64   { return float64(at(r.LostTurns.Soviet, t)) }

// at is the value of a per-turn series at turn t: a game that ended
// earlier counts as it ended.
func at[T any](xs []T, t int) T {
	if len(xs) == 0 {
		var zero T
		return zero
	}
	if t >= len(xs) {
		t = len(xs) - 1
	}
	return xs[t]
}

// DecisionTurn is the turn of decision of a game: the first turn (1 for
// the first played) from which its standing no longer changed.
func DecisionTurn(r *Record) int {
	s := r.Standing
	n := len(s)
	for i := n - 1; i > 0; i-- {
		if s[i] != s[i-1] {
			return i + 1
		}
	}
	return 1
}

// Month is the month part of a turn's name ("Sep/Oct 1941": "Sep/Oct").
func Month(turn string) string {
	if i := strings.LastIndexByte(turn, ' '); i > 0 {
		return turn[:i]
	}
	return turn
}

func armReport(arm Arm, cities []string, recs []*Record, nt int) ArmReport {
	ar := ArmReport{Arm: arm, N: len(recs), Levels: map[string]int{}, Battles: map[string]map[string]int{}, Attacks: map[string]map[string]int{}}
	var score, length, lostA, lostS, dec []float64
	draws := 0
	weather := map[string]map[string]int{}
	var months []string
	kinds := map[string]bool{}
	for _, r := range recs {
		switch r.Winner {
		case "axis", "soviet":
			ar.Wins.Add(r.Winner, 1)
			ar.Levels[r.Winner+" "+r.Level]++
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
		dec = append(dec, float64(DecisionTurn(r)))
		addCounts(ar.Battles, r.Battles)
		addCounts(ar.Attacks, r.Attacks)
		for t, w := range r.Weather {
			m := Month(r.Turns[t])
			if weather[m] == nil {
				weather[m] = map[string]int{}
				months = append(months, m)
			}
			if w == "" {
				continue
			}
			for _, x := range strings.Split(w, ",") {
				weather[m][x]++
			}
		}
		for k := range r.Events {
			kinds[k] = true
		}
		ar.Refused += r.Refused
	}
	ar.AxisWin, ar.SovietWin = Wilson(ar.Wins.Axis, ar.N), Wilson(ar.Wins.Soviet, ar.N)
	ar.Score, ar.Length, ar.DecisionTurn = Mean(score), Mean(length), Mean(dec)
	ar.Lost.Axis, ar.Lost.Soviet = Mean(lostA), Mean(lostS)
	ar.Drawishness = Num(math.NaN())
	if ar.N > 0 {
		ar.Drawishness = Num(float64(draws) / float64(ar.N))
	}
	for _, m := range months {
		ar.Weather = append(ar.Weather, MonthWeather{Month: m, Phases: weather[m]})
	}
	for _, k := range slices.Sorted(maps.Keys(kinds)) {
		xs := make([]float64, len(recs))
		total := 0
		for i, r := range recs {
			xs[i] = float64(r.Events[k])
			total += r.Events[k]
		}
		ar.Events = append(ar.Events, EventCount{Kind: k, Total: total, Mean: Mean(xs)})
	}
	series := func(f func(r *Record, t int) float64) []Interval {
		var out []Interval
		for t := 0; t < nt; t++ {
			var xs []float64
			for _, r := range recs {
				xs = append(xs, f(r, t))
			}
			out = append(out, Mean(xs))
		}
		return out
	}
	ar.Cities.Axis = series(citiesAxis)
	ar.Cities.Soviet = series(citiesSoviet)
	ar.LostTurns.Axis = series(lostAxis)
	ar.LostTurns.Soviet = series(lostSoviet)
	for ci, c := range cities {
		cs := CityShare{City: c}
		for t := 0; t < nt; t++ {
			held, n := 0, 0
			for _, r := range recs {
				if s := r.Key[c]; s != "" {
					n++
					if markAt(s, t) == AxisMark {
						held++
					}
				}
			}
			cs.Share = append(cs.Share, Wilson(held, n).Est)
		}
		ar.Key = append(ar.Key, cs)
		ar.Survival = append(ar.Survival, survival(c, ci, recs, nt))
	}
	return ar
}

// survival is the share of games in which city (the ci-th key city) is
// still held, at the end of each turn, by the side that held it when
// play began: held at the end of every turn so far.
func survival(city string, ci int, recs []*Record, nt int) Survival {
	owner := byte(NoneMark)
	for _, r := range recs {
		if ci < len(r.KeyStart) && r.KeyStart[ci] != NoneMark {
			owner = r.KeyStart[ci]
			break
		}
	}
	sv := Survival{City: city, Owner: map[byte]string{AxisMark: "axis", SovietMark: "soviet"}[owner]}
	lost := make([]bool, len(recs))
	for t := 0; t < nt; t++ {
		held, n := 0, 0
		for i, r := range recs {
			s := r.Key[city]
			if s == "" {
				continue
			}
			n++
			if markAt(s, t) != owner {
				lost[i] = true
			}
			if !lost[i] {
				held++
			}
		}
		sv.Share = append(sv.Share, Wilson(held, n))
	}
	return sv
}

func addCounts(dst, src map[string]map[string]int) {
	for k, m := range src {
		if dst[k] == nil {
			dst[k] = map[string]int{}
		}
		for j, n := range m {
			dst[k][j] += n
		}
	}
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

func compare(name string, cities []string, arm, base []*Record, nt int) Comparison {
	xs, ys := pairUp(arm, base)
	c := Comparison{Arm: name, Pairs: len(xs)}
	var wins Pairs
	n := len(xs)
	wx, wy, sx, sy, sd, dd := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range xs {
		x, y := xs[i].Winner == "axis", ys[i].Winner == "axis"
		wins.Add(x, y)
		wx[i], wy[i] = b2f(x), b2f(y)
		sx[i], sy[i] = float64(xs[i].Score), float64(ys[i].Score)
		sd[i] = sx[i] - sy[i]
		dd[i] = float64(DecisionTurn(xs[i]) - DecisionTurn(ys[i]))
	}
	c.AxisWin, c.Table = wins.Diff(), wins
	c.ArmOnly, c.BaseOnly = wins.XOnly, wins.YOnly
	p, exact := wins.McNemar()
	c.P, c.Exact = Num(p), exact
	c.Score, c.PScore = Mean(sd), Num(PairedT(sd))
	c.DecisionTurn, c.PDecision = Mean(dd), Num(PairedT(dd))
	c.WinPairing, c.ScorePairing = Pair(wx, wy), Pair(sx, sy)
	for _, city := range cities {
		var held Pairs
		for i := range xs {
			held.Add(endsWith(xs[i].Key[city], AxisMark), endsWith(ys[i].Key[city], AxisMark))
		}
		p, _ := held.McNemar()
		c.Cities = append(c.Cities, CityChange{City: city, Diff: held.Diff(), Table: held, P: Num(p)})
	}
	kinds := map[string]bool{}
	for i := range xs {
		for k := range xs[i].Events {
			kinds[k] = true
		}
		for k := range ys[i].Events {
			kinds[k] = true
		}
	}
	for _, k := range slices.Sorted(maps.Keys(kinds)) {
		d := make([]float64, n)
		for i := range xs {
			d[i] = float64(xs[i].Events[k] - ys[i].Events[k])
		}
		c.Events = append(c.Events, EventChange{Kind: k, Diff: Mean(d), P: Num(PairedT(d))})
	}
	diffs := func(f func(r *Record, t int) float64) []Interval {
		var out []Interval
		for t := 0; t < nt; t++ {
			d := make([]float64, n)
			for i := range xs {
				d[i] = f(xs[i], t) - f(ys[i], t)
			}
			out = append(out, Mean(d))
		}
		return out
	}
	var months []string
	byMonth := map[string][]float64{}
	for i := range xs {
		fx, fy := foul(xs[i]), foul(ys[i])
		for _, t := range xs[i].Turns {
			m := Month(t)
			x, ok1 := fx[m]
			y, ok2 := fy[m]
			if !ok1 || !ok2 {
				continue
			}
			delete(fx, m) // once per game and month
			if _, ok := byMonth[m]; !ok {
				months = append(months, m)
			}
			byMonth[m] = append(byMonth[m], x-y)
		}
	}
	for _, m := range months {
		c.Weather = append(c.Weather, MonthChange{Month: m, Diff: Mean(byMonth[m])})
	}
	c.PerTurn.CitiesAxis = diffs(citiesAxis)
	c.PerTurn.LostAxis = diffs(lostAxis)
	c.PerTurn.LostSoviet = diffs(lostSoviet)
	for _, city := range cities {
		ct := CityTurns{City: city}
		for t := 0; t < nt; t++ {
			var held Pairs
			for i := range xs {
				x, y := xs[i].Key[city], ys[i].Key[city]
				held.Add(markAt(x, t) == AxisMark, markAt(y, t) == AxisMark)
			}
			ct.Diff = append(ct.Diff, held.Diff())
		}
		c.PerTurn.Key = append(c.PerTurn.Key, ct)
	}
	return c
}

func endsWith(s string, b byte) bool { return s != "" && s[len(s)-1] == b }

// interactions tests, for each rules arm (not the first) under each
// players but the first, whether the rule's effect on the Axis win rate
// differs from its effect under the first players, seed for seed.
func interactions(h *Header, byArm [][]*Record, base []int) []Interaction {
	var out []Interaction
	// the arm of the same rules under the first players
	under0 := func(a int) int {
		for b := range h.Arms {
			if h.Arms[b].Bot == h.Arms[0].Bot && h.Arms[b].Rules == h.Arms[a].Rules && mapsEqual(h.Arms[b].Params, h.Arms[a].Params) {
				return b
			}
		}
		return -1
	}
	for a := range h.Arms {
		if h.Arms[a].Bot == h.Arms[0].Bot || a == firstOf(h, h.Arms[a].Bot) {
			continue
		}
		a0 := under0(a)
		if a0 < 0 {
			continue
		}
		b, b0 := base[a], base[a0]
		games := map[int][4]*Record{}
		for k, arm := range []int{a, b, a0, b0} {
			for _, r := range byArm[arm] {
				g := games[r.Game]
				g[k] = r
				games[r.Game] = g
			}
		}
		var d, e1, e0 []float64
		for _, i := range slices.Sorted(maps.Keys(games)) {
			g := games[i]
			if g[0] == nil || g[1] == nil || g[2] == nil || g[3] == nil {
				continue
			}
			w := func(r *Record) float64 { return b2f(r.Winner == "axis") }
			x, y := w(g[0])-w(g[1]), w(g[2])-w(g[3])
			e1, e0, d = append(e1, x), append(e0, y), append(d, x-y)
		}
		out = append(out, Interaction{Rules: ArmName(h.Arms[a0].Rules, h.Arms[a0].Params), Base: ArmName(h.Arms[b0].Rules, h.Arms[b0].Params), Players: h.Arms[a].Bot.Label(), Against: h.Arms[0].Bot.Label(),
			Pairs: len(d), Effect: Mean(e1), Baseline: Mean(e0), Diff: Mean(d), P: Num(PairedT(d))})
	}
	return out
}

func firstOf(h *Header, b Bots) int {
	for a := range h.Arms {
		if h.Arms[a].Bot == b {
			return a
		}
	}
	return -1
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// SPRTResult is a sequential test's state as fishtest reports it.
type SPRTResult struct {
	LLR   Num `json:"llr"`
	Lower Num `json:"lower"` // ln(β/(1−α)): accept H0 at or below
	Upper Num `json:"upper"` // ln((1−β)/α): accept H1 at or above
	D0    Num `json:"d0"`
	D1    Num `json:"d1"`
	Alpha Num `json:"alpha"`
	Beta  Num `json:"beta"`
	Pairs int `json:"pairs"`
	// Accepted is "H0", "H1", or "" while the test goes on.
	Accepted string `json:"accepted"`
	// Estimate is the mean paired difference in Axis wins at the stop,
	// biased by it; BiasCorrected Whitehead's adjustment of it
	// (Stop.BiasCorrected).
	Estimate      Num `json:"estimate"`
	BiasCorrected Num `json:"bias_corrected"`
}

func sprtOf(s *Stop, arm, base []*Record, maxPairs int) *SPRTResult {
	xs, ys := pairUp(arm, base)
	var m moments
	discordant := 0
	for i := range xs {
		d := b2f(xs[i].Winner == "axis") - b2f(ys[i].Winner == "axis")
		m.add(d)
		if d != 0 {
			discordant++
		}
	}
	r := &SPRTResult{LLR: Num(math.NaN()), Lower: Num(math.Log(s.Beta / (1 - s.Alpha))), Upper: Num(math.Log((1 - s.Beta) / s.Alpha)),
		D0: Num(s.D0), D1: Num(s.D1), Alpha: Num(s.Alpha), Beta: Num(s.Beta), Pairs: len(xs), Estimate: Num(math.NaN()), BiasCorrected: Num(math.NaN())}
	if m.n > 0 {
		r.LLR = Num(s.LLR(m))
		r.Estimate = Num(m.mean())
		r.BiasCorrected = Num(s.BiasCorrected(m.mean(), float64(discordant)/m.n, maxPairs))
		switch s.Decide(m) {
		case 1:
			r.Accepted = "H1"
		case -1:
			r.Accepted = "H0"
		}
	}
	return r
}
