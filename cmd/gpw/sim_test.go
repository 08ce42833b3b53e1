package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw/sim"
)

const gdwCopy = "../../sim/engine/testdata/gdwcopy.lua"

// simArgs runs gpw sim (or a subcommand) in-process with env as the
// environment.
func simArgs(t *testing.T, env map[string]string, args ...string) (string, error) {
	t.Helper()
	ios, out := testIO("")
	root := newRootCmd(ios.In, ios.Out, ios.Err)
	root.SetArgs(args)
	simGetenv = func(k string) string { return env[k] }
	defer func() { simGetenv = os.Getenv }()
	err := root.Execute()
	return out.String(), err
}

func TestSimRun(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "r.jsonl")
	out, err := simArgs(t, nil, "sim", "--scenario", "gdw/barbarossa", "--rules", "gdw", "--rules", gdwCopy,
		"--games", "3", "--turns", "1", "--jobs", "2", "--out", res, "-q")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"arm 0 (baseline): gdw", "gdwcopy.lua against gdw, 3 pairs", "McNemar p = 1.0000 (exact)", "axis holds Moscow"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	rf := readRecords(t, res)
	if len(rf.Records) != 6 || rf.Header.Turns != 1 || rf.Records[5].Game != 2 || rf.Records[5].Arm != 1 {
		t.Fatalf("%d records, header %+v", len(rf.Records), rf.Header)
	}
	for _, r := range rf.Records {
		if r.Refused != 0 || len(r.Turns) != 1 || r.Key["Moscow"] != "S" {
			t.Errorf("record %+v", r)
		}
	}
	// the report of the file is the report printed at the end of the run
	again, err := simArgs(t, nil, "sim", "report", res)
	if err != nil || again != out {
		t.Errorf("sim report differs from the run's report (%v):\n%s", err, again)
	}
	js, err := simArgs(t, nil, "sim", "report", "--json", res)
	var rep sim.Report
	if err != nil || json.Unmarshal([]byte(js), &rep) != nil || len(rep.Arms) != 2 || rep.Arms[1].N != 3 {
		t.Errorf("sim report --json: %v\n%s", err, js)
	}
	pngs := filepath.Join(dir, "png")
	if _, err := simArgs(t, nil, "sim", "report", "--png", pngs, res); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"arm0-gdw-axis.png", "arm1-gdwcopy-axis.png", "arm1-gdwcopy-diff.png", "cities.png"} {
		if st, err := os.Stat(filepath.Join(pngs, name)); err != nil || st.Size() < 1000 {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestSimShardsMerge(t *testing.T) {
	dir := t.TempDir()
	base := []string{"sim", "--scenario", "gdw/barbarossa", "--rules", "gdw", "--rules", gdwCopy, "--games", "5", "--turns", "1", "-q"}
	whole := filepath.Join(dir, "whole.jsonl")
	wantReport, err := simArgs(t, nil, append(base, "--out", whole, "--jobs", "1")...)
	if err != nil {
		t.Fatal(err)
	}
	var shards []string
	for k := 0; k < 3; k++ {
		s := filepath.Join(dir, "shard"+string(rune('0'+k))+".jsonl")
		env := map[string]string{"SLURM_ARRAY_TASK_ID": string(rune('1' + k)), "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"}
		if _, err := simArgs(t, env, append(base, "--out", s, "--shard", "env")...); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, s)
	}
	merged := filepath.Join(dir, "merged.jsonl")
	if _, err := simArgs(t, nil, append([]string{"sim", "merge", "-o", merged}, shards...)...); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(merged)
	if !bytes.Equal(a, b) {
		t.Errorf("merged shards differ from the whole run")
	}
	got, err := simArgs(t, nil, append([]string{"sim", "report"}, shards...)...)
	if err != nil || got != wantReport {
		t.Errorf("the report of the shards differs from the whole run's (%v):\n%s\nwant\n%s", err, got, wantReport)
	}
	if _, err := simArgs(t, nil, "sim", "merge", shards[0], shards[2]); err == nil || !strings.Contains(err.Error(), "missing shard(s) 1/3") {
		t.Errorf("a missing shard: %v", err)
	}
}

func TestSimRefuses(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "gdw"}, "--scenario is required"},
		{[]string{"--scenario", "gdw/barbarossa"}, "give --rules"},
		{[]string{"--scenario", "gdw/barbarossa", "--rules", "nosuch"}, "--rules nosuch"},
		{[]string{"--scenario", "gdw/barbarossa", "--rules", "gdw", "--bot", "3"}, `unknown bot level "3"`},
		{[]string{"--scenario", "gdw/barbarossa", "--rules", "gdw", "--bot", "axis=defaults,soviet=easy"}, "defaults plays both sides or neither"},
		{[]string{"--scenario", "gdw/barbarossa", "--rules", "gdw", "--bot", "italy=easy"}, `"italy" is not a side`},
		{[]string{"--scenario", "gdw/barbarossa", "--rules", "gdw", "--until", "diff+-0.1"}, "give --rules twice"},
		{[]string{"--scenario", "gdw/barbarossa", "--rules", "gdw", "--until", "win+-0.1", "--shard", "0/2"}, "--until with --shard"},
		{[]string{"--scenario", "gdw/barbarossa", "--rules", "gdw", "--shard", "2/2"}, "expected 0 <= k < n"},
		{[]string{"--scenario", "gdw/barbarossa", "--rules", "gdw", "--shard", "env"}, "neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX"},
		{[]string{"--scenario", "gdw/barbarossa", "--rules", "gdw", "--cities", "Atlantis"}, "Atlantis is not a city"},
	} {
		_, err := simArgs(t, nil, append([]string{"sim", "-q"}, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err = %v, want %q", c.args, err, c.want)
		}
	}
}

func TestCrtCompareRun(t *testing.T) {
	png := filepath.Join(t.TempDir(), "crt.png")
	out, err := simArgs(t, nil, "crt", "compare", "gdw", "adc2", "--png", png)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"A = gdw (GDW 1988), B = adc2", "Reference battle: a full-strength Soviet 8-4", "weather: clear", "weather: mud"} {
		if !strings.Contains(out, want) {
			t.Errorf("crt compare lacks %q:\n%s", want, out)
		}
	}
	if st, err := os.Stat(png); err != nil || st.Size() < 1000 {
		t.Errorf("--png: %v", err)
	}
	js, err := simArgs(t, nil, "crt", "compare", "gdw", "gdw", "--json")
	var c struct {
		Odds []string
		A, B struct{ Outcomes []json.RawMessage }
	}
	if err != nil || json.Unmarshal([]byte(js), &c) != nil || len(c.A.Outcomes) != 3*len(c.Odds) || string(c.A.Outcomes[0]) != string(c.B.Outcomes[0]) {
		t.Errorf("crt compare --json: %v\n%.300s", err, js)
	}
}

// readRecords reads a results file.
func readRecords(t *testing.T, name string) *sim.File {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rf, err := sim.Read(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return rf
}

// TestSimReplay: each record's replay, run by gpw run, prints the
// verdict the record holds, with the bots' setup and with the automatic
// one, and under an arm of parameters (replayed with --param, in the
// order of their names: on seeds 41 and 42 its verdicts are not GDW's,
// so a replay that lost the parameters would print another).
func TestSimReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 18 whole games")
	}
	params := "gdw+soviet_replacements=0+axis_replacements=2" // the arm is named gdw+axis_replacements=2+soviet_replacements=0
	for _, c := range []struct {
		setup, bot string
		rules      []string
	}{
		{"bot", "normal", []string{"gdw"}},
		{"auto", "normal", []string{"gdw"}},
		{"auto", "defaults", []string{"gdw"}},
		{"bot", "normal", []string{"gdw", params}},
	} {
		setup := c.setup
		res := filepath.Join(t.TempDir(), "r.jsonl")
		args := []string{"sim", "--scenario", "gdw/barbarossa", "--games", "3", "--seed", "40", "--setup", setup, "--bot", c.bot, "--out", res, "-q"}
		for _, r := range c.rules {
			args = append(args, "--rules", r)
		}
		if _, err := simArgs(t, nil, args...); err != nil {
			t.Fatal(err)
		}
		rf := readRecords(t, res)
		for _, r := range rf.Records {
			args := strings.Fields(r.Replay)
			if len(args) < 3 || args[0] != "gpw" || args[1] != "run" || strings.Contains(r.Replay, "'") {
				t.Fatalf("replay %q", r.Replay)
			}
			if (setup == "auto") != strings.Contains(r.Replay, "--auto-setup") {
				t.Errorf("setup %s: replay %q", setup, r.Replay)
			}
			if (r.Rules != "gdw") != strings.Contains(r.Replay, "--rules gdw --param axis_replacements=2 --param soviet_replacements=0 --seed") {
				t.Errorf("arm %s: replay %q", r.Rules, r.Replay)
			}
			out, err := simArgs(t, nil, args[1:]...)
			if err != nil {
				t.Fatalf("%s: %v", r.Replay, err)
			}
			if r.Verdict == "" || !strings.Contains(out, "verdict: "+r.Verdict+"\n") {
				i := strings.LastIndex(out, "verdict: ")
				t.Errorf("%s: the record's verdict %q (level %s) is not the replay's: %.200s", r.Replay, r.Verdict, r.Level, out[max(0, i):])
			}
		}
	}
}

// TestSimResume: a run cut short (mid-line) and resumed writes the
// bytes of an uninterrupted run.
func TestSimResume(t *testing.T) {
	dir := t.TempDir()
	args := []string{"sim", "--scenario", "gdw/barbarossa", "--rules", "gdw", "--rules", gdwCopy, "--games", "4", "--turns", "1", "--jobs", "2", "-q"}
	whole := filepath.Join(dir, "whole.jsonl")
	report, err := simArgs(t, nil, append(args, "--out", whole)...)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(whole)
	lines := bytes.SplitAfter(want, []byte("\n"))
	for _, cut := range []int{len(lines[0]), len(lines[0]) + len(lines[1]) + 40, len(want) - 1} {
		part := filepath.Join(dir, "part.jsonl")
		os.WriteFile(part, want[:cut], 0o644)
		got, err := simArgs(t, nil, append(args, "--resume", part)...)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(part)
		if !bytes.Equal(b, want) {
			t.Errorf("cut at byte %d: the resumed file differs from the whole run's", cut)
		}
		if got != report {
			t.Errorf("cut at byte %d: the report differs:\n%s", cut, got)
		}
	}
	part := filepath.Join(dir, "other.jsonl")
	os.WriteFile(part, want, 0o644)
	if _, err := simArgs(t, nil, append(args[:len(args)-1], "--seed", "9", "-q", "--resume", part)...); err == nil || !strings.Contains(err.Error(), "another experiment") {
		t.Errorf("resuming another experiment: %v", err)
	}
}

// TestSimPlayersArms: --bot twice makes arms of players; the report
// tests the rule's interaction with them.
func TestSimPlayersArms(t *testing.T) {
	res := filepath.Join(t.TempDir(), "r.jsonl")
	out, err := simArgs(t, nil, "sim", "--scenario", "gdw/barbarossa", "--rules", "gdw", "--rules", gdwCopy, "--bot", "random", "--bot", "easy",
		"--games", "3", "--turns", "1", "--out", res, "-q")
	if err != nil {
		t.Fatal(err)
	}
	rf := readRecords(t, res)
	if len(rf.Header.Arms) != 4 || rf.Header.Arms[2].Name != "gdw @easy" || rf.Header.Arms[3].Bot.Axis != "easy" || len(rf.Records) != 12 || rf.Records[3].Bot.Soviet != "easy" {
		t.Fatalf("arms %+v", rf.Header.Arms)
	}
	for _, want := range []string{"gdwcopy.lua @random against gdw @random", "gdwcopy.lua @easy against gdw @easy", "gdw @easy against gdw @random", "gdwcopy.lua's effect (against gdw) depend on the players? under easy"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
}

// TestSimSmallThings: a shard without a game says so; one game of one
// arm is counted in the singular.
func TestSimSmallThings(t *testing.T) {
	out, err := simArgs(t, nil, "sim", "--scenario", "gdw/barbarossa", "--rules", "gdw", "--games", "5", "--turns", "1", "--shard", "7/8", "-q")
	if err != nil || !strings.Contains(out, "shard 7/8 plays no game: --games 5") {
		t.Errorf("an empty shard: %v\n%s", err, out)
	}
	out, err = simArgs(t, nil, "sim", "--scenario", "gdw/barbarossa", "--rules", "gdw", "--games", "1", "--turns", "1")
	if err != nil || !strings.Contains(out, "1 game (1 seed index × 1 arm) in ") {
		t.Errorf("one game: %v\n%s", err, out)
	}
	for _, c := range []struct{ shard, shards, want string }{
		{"0/2", "3", "--shards 3 goes with --shard env only"},
		{"+1/2", "0", "plain digits"},
		{"01/02", "0", "plain digits"},
	} {
		if _, err := simArgs(t, nil, "sim", "--scenario", "gdw/barbarossa", "--rules", "gdw", "--shard", c.shard, "--shards", c.shards, "-q"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("--shard %s --shards %s: %v", c.shard, c.shards, err)
		}
	}
}
