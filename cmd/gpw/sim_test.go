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
	f, err := os.Open(res)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rf, err := sim.Read(f, res)
	if err != nil {
		t.Fatal(err)
	}
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
