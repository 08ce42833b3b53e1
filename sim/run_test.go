package sim

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// model is a synthetic game for testing the experiment without the
// engine: under arm a the Axis wins when a uniform draw u < p[a]. With
// probability rho the draw is the seed's, shared by every arm (the
// common random numbers held); else it is the arm's own (the games
// diverged).
type model struct {
	p     []float64
	rho   float64
	turns int
	sleep bool // sleep a little, so that games finish out of order
}

var modelCities = []string{"Moscow", "Kiev"}

func (m model) Play(arm, game int, seed int64) (*Record, error) {
	shared := rand.New(rand.NewPCG(uint64(seed), 1))
	own := rand.New(rand.NewPCG(uint64(seed), uint64(2+arm)))
	u := shared.Float64()
	if own.Float64() >= m.rho {
		u = own.Float64()
	}
	if m.sleep {
		time.Sleep(time.Duration(own.IntN(300)) * time.Microsecond)
	}
	r := &Record{Key: map[string]string{}, Battles: map[string]map[string]int{"3:1": {"DR": 1 + shared.IntN(3)}}}
	axis := u < m.p[arm]
	r.Winner, r.Level, r.Score = "soviet", "marginal", -1
	if axis {
		r.Winner, r.Score = "axis", 1
	}
	for t := 0; t < m.turns; t++ {
		r.Turns = append(r.Turns, fmt.Sprintf("T%d", t+1))
		r.Cities.Axis = append(r.Cities.Axis, 10+t+int(10*u))
		r.Cities.Soviet = append(r.Cities.Soviet, 40-t-int(10*u))
		r.LostTurns.Axis = append(r.LostTurns.Axis, (t+1)*int(20*u)/m.turns)
		r.LostTurns.Soviet = append(r.LostTurns.Soviet, (t+1)*int(50*(1-u))/m.turns)
		r.Weather = append(r.Weather, map[bool]string{true: "mud,clear", false: "clear"}[u < 0.3])
	}
	r.KeyStart = "SS"
	if !axis {
		r.Events = map[string]int{"surrender": 1 + shared.IntN(2)}
	}
	r.Length = m.turns
	r.EndTurn = r.Turns[m.turns-1]
	mk := func(b bool) string {
		if b {
			return "A"
		}
		return "S"
	}
	r.Standing = strings.Repeat("S", m.turns-1) + mk(axis)
	r.Key["Moscow"] = strings.Repeat("S", m.turns-1) + mk(axis)
	r.Key["Kiev"] = strings.Repeat(mk(u < 0.8), m.turns)
	r.Lost = Sides{Axis: int(20 * u), Soviet: int(50 * (1 - u))}
	r.AxisHexes = Bits([]bool{axis, true, false, u < 0.5})
	return r, nil
}

func header(games, arms int) *Header {
	h := &Header{Format: Format, Version: "test", Scenario: "model", ScenarioHash: "s0", Games: games, Seed: 100, Bot: Bots{"a", "b"}, Cities: modelCities}
	for a := 0; a < arms; a++ {
		h.Arms = append(h.Arms, Arm{Name: fmt.Sprintf("arm%d", a), Hash: fmt.Sprintf("h%d", a)})
	}
	return h
}

// run plays an experiment into a results file.
func run(t testing.TB, h *Header, r Runner, o Options) ([]byte, int) {
	t.Helper()
	var b bytes.Buffer
	if err := WriteLine(&b, h); err != nil {
		t.Fatal(err)
	}
	n, err := Run(context.Background(), h, r, o, func(rec *Record) error { return WriteLine(&b, rec) })
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), n
}

func read(t testing.TB, b []byte, name string) *File {
	t.Helper()
	f, err := Read(bytes.NewReader(b), name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestRunSameForAnyJobs(t *testing.T) {
	m := model{p: []float64{0.4, 0.5, 0.6}, rho: 0.8, turns: 3, sleep: true}
	want, n := run(t, header(40, 3), m, Options{Jobs: 1})
	if n != 40 {
		t.Fatalf("played %d seed indices, want 40", n)
	}
	for _, jobs := range []int{2, 7} {
		got, _ := run(t, header(40, 3), m, Options{Jobs: jobs})
		if !bytes.Equal(got, want) {
			t.Errorf("--jobs %d wrote another file than --jobs 1", jobs)
		}
	}
	f := read(t, want, "all")
	for i, r := range f.Records {
		if r.Game != i/3 || r.Arm != i%3 || r.Seed != 100+int64(i/3) {
			t.Fatalf("record %d is game %d arm %d seed %d: not in order", i, r.Game, r.Arm, r.Seed)
		}
	}
}

func TestRunError(t *testing.T) {
	errOverload := fmt.Errorf("the machine is overloaded")
	bad := RunnerFunc(func(arm, game int, seed int64) (*Record, error) {
		switch {
		case game == 5 && arm == 1:
			return &Record{Replay: "gpw run --seed 105"}, fmt.Errorf("boom")
		case game == 9:
			return nil, errOverload
		}
		return model{p: []float64{0.5, 0.5}, turns: 2}.Play(arm, game, seed)
	})
	// A game's failure is recorded and the run goes on.
	var recs []*Record
	h := header(9, 2)
	if _, err := Run(context.Background(), h, bad, Options{Jobs: 3}, func(r *Record) error { recs = append(recs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 18 || recs[11].Error != "boom" || recs[11].Replay != "gpw run --seed 105" || recs[11].Game != 5 || recs[11].Arm != 1 {
		t.Fatalf("%d records; game 5 arm 1: %+v", len(recs), recs[11])
	}
	rep := Summarize(h, recs)
	if rep.Failed != 1 || rep.Arms[1].Failed != 1 || rep.Arms[1].N != 8 || rep.Versus[0].Pairs != 8 || rep.Failures[0].Error != "boom" {
		t.Errorf("report: failed %d, arm 1 %d games %d failed, %d pairs", rep.Failed, rep.Arms[1].N, rep.Arms[1].Failed, rep.Versus[0].Pairs)
	}
	var text strings.Builder
	rep.WriteText(&text)
	if !strings.Contains(text.String(), "1 game failed, left out with their pairs") || !strings.Contains(text.String(), "replay: gpw run --seed 105") {
		t.Errorf("the text report does not list the failure:\n%s", text.String())
	}
	// The machine's errors stop the run.
	got := 0
	_, err := Run(context.Background(), header(20, 2), bad, Options{Jobs: 3, Fatal: func(err error) bool { return err == errOverload }}, func(*Record) error { got++; return nil })
	if err != errOverload {
		t.Fatalf("err = %v, want %v", err, errOverload)
	}
	if got != 18 {
		t.Errorf("%d records passed on before the failed game, want 18", got)
	}
}

// TestResume: a run cut short and resumed writes the bytes of one run,
// whatever the point it was cut at.
func TestResume(t *testing.T) {
	m := model{p: []float64{0.4, 0.6}, turns: 3, sleep: true}
	want, _ := run(t, header(15, 2), m, Options{Jobs: 3})
	f := read(t, want, "whole")
	for _, cut := range []int{0, 1, 7, 30} {
		var b bytes.Buffer
		h := header(15, 2)
		WriteLine(&b, h)
		for _, r := range f.Records[:cut] {
			WriteLine(&b, r)
		}
		if _, err := Run(context.Background(), h, m, Options{Jobs: 2, Done: f.Records[:cut]}, func(r *Record) error { return WriteLine(&b, r) }); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("cut after %d records: the resumed file differs from one run", cut)
		}
	}
	if _, err := Run(context.Background(), header(15, 2), m, Options{Done: f.Records[1:3]}, func(*Record) error { return nil }); err == nil || !strings.Contains(err.Error(), "expected game 0 arm 0") {
		t.Errorf("records out of place: err = %v", err)
	}
}

func TestShardsMergeToOneRun(t *testing.T) {
	m := model{p: []float64{0.4, 0.6}, rho: 0.7, turns: 4}
	whole, _ := run(t, header(30, 2), m, Options{Jobs: 2})
	var files []*File
	for k := 2; k >= 0; k-- { // any order
		h := header(30, 2)
		h.Shard = &Shard{K: k, N: 3}
		b, _ := run(t, h, m, Options{Jobs: 2})
		files = append(files, read(t, b, fmt.Sprintf("shard%d", k)))
	}
	merged, err := Merge(files)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := merged.Write(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), whole) {
		t.Errorf("merged shards differ from one run:\n%s\nwant\n%s", b.Bytes(), whole)
	}
	var r1, r2 bytes.Buffer
	one := read(t, whole, "whole")
	Summarize(one.Header, one.Records).WriteText(&r1)
	Summarize(merged.Header, merged.Records).WriteText(&r2)
	if r1.String() != r2.String() {
		t.Errorf("the merged report differs")
	}
}

func TestMergeRefuses(t *testing.T) {
	m := model{p: []float64{0.4, 0.6}, turns: 2}
	shard := func(k, n int, edit func(*Header)) *File {
		h := header(12, 2)
		h.Shard = &Shard{K: k, N: n}
		if edit != nil {
			edit(h)
		}
		b, _ := run(t, h, m, Options{Jobs: 1})
		return read(t, b, fmt.Sprintf("s%d", k))
	}
	cut := shard(1, 2, nil)
	cut.Records = cut.Records[:len(cut.Records)-1]
	dup := shard(1, 2, nil)
	dup.Records = append(dup.Records, dup.Records[0])
	dup.lines = append(dup.lines, 99)
	for _, c := range []struct {
		name  string
		files []*File
		want  string
	}{
		{"other rules", []*File{shard(0, 2, nil), shard(1, 2, func(h *Header) { h.Arms[1].Hash = "other" })}, "not shards of one experiment"},
		{"other scenario", []*File{shard(0, 2, nil), shard(1, 2, func(h *Header) { h.ScenarioHash = "s1" })}, "scenario_hash"},
		{"other seed", []*File{shard(0, 2, nil), shard(1, 2, func(h *Header) { h.Seed = 7 })}, "seed"},
		{"shard twice", []*File{shard(0, 2, nil), shard(0, 2, nil)}, "shard 0/2 twice"},
		{"missing shard", []*File{shard(0, 3, nil), shard(2, 3, nil)}, "missing shard(s) 1/3"},
		{"other count", []*File{shard(0, 2, nil), shard(1, 3, nil)}, "one of 2 shards"},
		{"cut short", []*File{shard(0, 2, nil), cut}, "lacks 1 game(s), first game 11 arm 1"},
		{"game twice", []*File{shard(0, 2, nil), dup}, "game 1 arm 0 twice"},
	} {
		_, err := Merge(c.files)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
	}
}

func TestReadRefuses(t *testing.T) {
	good, _ := run(t, header(2, 2), model{p: []float64{0.5, 0.5}, turns: 1}, Options{})
	lines := strings.SplitAfter(string(good), "\n")
	for _, c := range []struct {
		name, text, want string
	}{
		{"no header", lines[1], "x:1: not the header"},
		{"empty", "", "empty"},
		{"other hash", lines[0] + strings.Replace(lines[2], `"rules_hash":"h1"`, `"rules_hash":"zz"`, 1), "x:2: game 0 arm 1: rules arm1 (hash zz) differ"},
		{"other seed", lines[0] + strings.Replace(lines[1], `"seed":100`, `"seed":5`, 1), "x:2: game 0 arm 0: seed 5, expected 100"},
		{"unknown field", lines[0] + `{"game":0,"bogus":1}` + "\n", `x:2: json: unknown field "bogus"`},
	} {
		_, err := Read(strings.NewReader(c.text), "x")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
	}
}

func TestReportGolden(t *testing.T) {
	h := header(60, 3)
	b, _ := run(t, h, model{p: []float64{0.3, 0.3, 0.7}, rho: 0.8, turns: 3}, Options{})
	f := read(t, b, "x")
	var got bytes.Buffer
	if err := Summarize(f.Header, f.Records).WriteText(&got); err != nil {
		t.Fatal(err)
	}
	golden := "testdata/report.golden"
	if *update {
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(golden, got.Bytes(), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("report differs from %s (go test -update to accept):\n%s", golden, got.String())
	}
}

func TestUntilHalfWidth(t *testing.T) {
	m := model{p: []float64{0.3, 0.6}, rho: 0.8, turns: 2, sleep: true}
	for _, rule := range []string{"win+-0.1", "diff+-0.08", "score+-0.2"} {
		st, err := ParseStop(rule)
		if err != nil {
			t.Fatal(err)
		}
		h := header(5000, 2)
		h.Until = rule
		b1, n1 := run(t, h, m, Options{Jobs: 1, Stop: st})
		b4, n4 := run(t, h, m, Options{Jobs: 4, Stop: st})
		if n1 != n4 || !bytes.Equal(b1, b4) {
			t.Errorf("%s: stopped after %d seed indices with 1 job, %d with 4", rule, n1, n4)
		}
		if n1 < MinGames || n1 >= 5000 {
			t.Errorf("%s: stopped after %d seed indices", rule, n1)
		}
		// the rule is met after n1 seed indices and not one before
		f := read(t, b1, rule)
		tally := NewTally(2)
		for i, r := range f.Records {
			tally.Add(r)
			if met := st.Met(tally); (i+1)%2 == 0 && met != (i+1 == len(f.Records)) {
				t.Errorf("%s: after %d records the rule is met: %v", rule, i+1, met)
			}
		}
	}
}

func TestSPRT(t *testing.T) {
	st, err := ParseStop("sprt:0,0.1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    []float64
		want int
	}{{[]float64{0.3, 0.5}, 1}, {[]float64{0.4, 0.4}, -1}} {
		h := header(100000, 2)
		b, n := run(t, h, model{p: c.p, rho: 0.6, turns: 1}, Options{Jobs: 2, Stop: st})
		tally := NewTally(2)
		f := read(t, b, "sprt")
		for _, r := range f.Records {
			tally.Add(r)
		}
		if got := st.Decide(tally.diff[1]); got != c.want || n >= 100000 {
			t.Errorf("p %v: SPRT decided %d after %d pairs, want %d", c.p, got, n, c.want)
		}
		// the report says what the test decided, as fishtest does
		f.Header.Until = "sprt:0,0.1"
		rep := Summarize(f.Header, f.Records)
		s := rep.Versus[0].SPRT
		want := map[int]string{1: "H1", -1: "H0"}[c.want]
		if s == nil || s.Accepted != want || s.Pairs != n || float64(s.LLR) != st.LLR(tally.diff[1]) || !near(float64(s.Upper), math.Log(0.95/0.05), 1e-12) || !rep.Sequential {
			t.Errorf("p %v: report's SPRT %+v, want %s after %d pairs", c.p, s, want, n)
		}
		var text strings.Builder
		rep.WriteText(&text)
		for _, w := range []string{"SPRT         LLR ", want + " accepted", "WARNING: the run stopped on its own results"} {
			if !strings.Contains(text.String(), w) {
				t.Errorf("p %v: the text lacks %q", c.p, w)
			}
		}
	}
}

func TestParseStop(t *testing.T) {
	for _, bad := range []string{"win", "win+-0", "wins+-0.1", "sprt:0", "sprt:0.1,0.1", "sprt:0,0.1,0.7"} {
		if _, err := ParseStop(bad); err == nil {
			t.Errorf("--until %s accepted", bad)
		}
	}
	if st, err := ParseStop("win±0.03"); err != nil || st.Half != 0.03 || st.What != "win" {
		t.Errorf("win±0.03: %+v, %v", st, err)
	}
}

// TestAAFalsePositives repeats a small A/A experiment (two arms with the
// same win rate, pairs partly correlated) many times: McNemar's test at
// the 5% level must reject about 5% of them at most, and Newcombe's
// interval hold the true difference (0) about 95% of the time.
func TestAAFalsePositives(t *testing.T) {
	const reps, pairs = 400, 150
	rejected, covered := 0, 0
	for k := 0; k < reps; k++ {
		h := header(pairs, 2)
		h.Seed = int64(k * pairs)
		var recs []*Record
		if _, err := Run(context.Background(), h, model{p: []float64{0.4, 0.4}, rho: 0.6, turns: 1}, Options{Jobs: 2}, func(r *Record) error {
			recs = append(recs, r)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		c := Summarize(h, recs).Versus[0]
		if c.P < 0.05 {
			rejected++
		}
		if c.AxisWin.Lo <= 0 && 0 <= c.AxisWin.Hi {
			covered++
		}
	}
	fp, cov := float64(rejected)/reps, float64(covered)/reps
	t.Logf("false positives %.3f, coverage %.3f", fp, cov)
	if fp > 0.075 {
		t.Errorf("McNemar rejected %.1f%% of A/A experiments at the 5%% level", 100*fp)
	}
	if cov < 0.925 {
		t.Errorf("Newcombe's 95%% interval held 0 in %.1f%% of A/A experiments", 100*cov)
	}
}

// TestKnownEffect: an arm that raises the Axis win rate from 40% to 55%
// is found with p < 0.001 in 400 pairs.
func TestKnownEffect(t *testing.T) {
	h := header(400, 2)
	b, _ := run(t, h, model{p: []float64{0.4, 0.55}, rho: 0.7, turns: 1}, Options{})
	f := read(t, b, "x")
	c := Summarize(f.Header, f.Records).Versus[0]
	if c.P >= 0.001 || c.AxisWin.Lo <= 0 {
		t.Errorf("p = %g, difference %+v: the effect was missed", c.P, c.AxisWin)
	}
	if c.WinPairing.Equivalent <= Num(c.Pairs) {
		t.Errorf("pairing worth %v games from %d pairs: common seeds gained nothing", c.WinPairing.Equivalent, c.Pairs)
	}
}

// TestSPRTBiasCorrected: over many runs stopped by an SPRT, the estimate
// at the stop overstates the effect; Whitehead's correction brings the
// mean back near the truth.
func TestSPRTBiasCorrected(t *testing.T) {
	if testing.Short() {
		t.Skip("40 sequential runs, each corrected by 2,000 simulated ones")
	}
	st, err := ParseStop("sprt:0,0.1")
	if err != nil {
		t.Fatal(err)
	}
	const runs = 40
	truth := 0.1 // p 0.35 against 0.45
	var naive, corrected float64
	for k := 0; k < runs; k++ {
		h := header(100000, 2)
		h.Seed = int64(1000 * k)
		b, _ := run(t, h, model{p: []float64{0.35, 0.45}, rho: 0.5, turns: 1}, Options{Jobs: 2, Stop: st})
		f := read(t, b, "sprt")
		f.Header.Until = "sprt:0,0.1"
		s := Summarize(f.Header, f.Records).Versus[0].SPRT
		naive += float64(s.Estimate) / runs
		corrected += float64(s.BiasCorrected) / runs
	}
	t.Logf("true %.3f, mean estimate at the stop %.3f, bias-corrected %.3f", truth, naive, corrected)
	if !(math.Abs(corrected-truth) < math.Abs(naive-truth)) {
		t.Errorf("the correction did not reduce the bias: true %.3f, naive %.3f, corrected %.3f", truth, naive, corrected)
	}
}
