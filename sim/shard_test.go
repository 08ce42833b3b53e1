package sim

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"gpw/interp"
)

func TestParseShard(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		s     string
		env   func(string) string
		count int
		want  string // "k/n", "" for none, or an error's words
	}{
		{"", env(), 0, ""},
		{"1/3", env(), 0, "1/3"},
		{"0/2", env(), 3, "goes with --shard env only"},
		{"+1/2", env(), 0, "plain digits"},
		{"01/02", env(), 0, "plain digits"},
		{"1/-2", env(), 0, "plain digits"},
		{" 1/2", env(), 0, "plain digits"},
		{"2/2", env(), 0, "expected 0 <= k < n"},
		{"env", env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_COUNT", "4"), 0, "2/4"},
		// --array=0-4:2: tasks 0, 2, 4
		{"env", env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_STEP", "2", "SLURM_ARRAY_TASK_COUNT", "3"), 0, "2/3"},
		{"env", env("SLURM_ARRAY_TASK_ID", "2", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_STEP", "2", "SLURM_ARRAY_TASK_COUNT", "3"), 0, "1/3"},
		{"env", env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_STEP", "2", "SLURM_ARRAY_TASK_COUNT", "3"), 0, "not on the array's step"},
		{"env", env("JOB_COMPLETION_INDEX", "5"), 8, "5/8"},
		{"env", env("JOB_COMPLETION_INDEX", "5", "GPW_SHARDS", "6"), 0, "5/6"},
		{"env", env("JOB_COMPLETION_INDEX", "5"), 0, "no count"},
	} {
		sh, err := ParseShard(c.s, c.env, c.count)
		got := ""
		switch {
		case err != nil:
			got = err.Error()
		case sh != nil:
			got = sh.String()
		}
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("--shard %q (count %d): %q, want %q", c.s, c.count, got, c.want)
		}
	}
}

func TestParseArm(t *testing.T) {
	for _, c := range []struct {
		spec, rules, params, err string
	}{
		{"gdw", "gdw", "", ""},
		{"gdw+soviet_replacements=0.5", "gdw", "soviet_replacements=0.5", ""},
		{"rules/house/a+b.lua+x=1+y=two", "rules/house/a+b.lua", "x=1 y=two", ""},
		{"gdw+x=1+x=2", "", "", "set twice"},
		{"gdw+x=", "", "", "expected NAME=VALUE"},
		{"+x=1", "", "", "no rules module"},
	} {
		r, p, err := ParseArm(c.spec)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: err %v, want %q", c.spec, err, c.err)
			}
			continue
		}
		var ps []string
		for _, k := range []string{"soviet_replacements", "x", "y"} {
			if v, ok := p[k]; ok {
				ps = append(ps, k+"="+v)
			}
		}
		if err != nil || r != c.rules || strings.Join(ps, " ") != c.params || len(ps) != len(p) {
			t.Errorf("%s: %q %v %v, want %q %q", c.spec, r, p, err, c.rules, c.params)
		}
		if back := ArmName(r, p); back != c.spec {
			t.Errorf("%s written back as %s", c.spec, back)
		}
	}
}

type overloaded struct{}

func (overloaded) Error() string    { return "busy" }
func (overloaded) Overloaded() bool { return true }

func TestOverloaded(t *testing.T) {
	sentinel := interp.ErrOverloaded
	for _, c := range []struct {
		err  error
		want bool
	}{
		{fmt.Errorf("game 3: %w", overloaded{}), true},
		{fmt.Errorf("game 3 (seed 4) under gdw: %w", fmt.Errorf("in phase x: %w", sentinel)), true},
		{errors.Join(errors.New("a"), sentinel), true},
		{errors.New("bad argument: the machine is overloaded"), false}, // the text alone is not the error
		{errors.New("the machine is overloaded"), false},
		{fmt.Errorf("%v", sentinel), false}, // not wrapped: lost
		{errors.New("a fault planted for the test"), false},
		{nil, false},
	} {
		if got := Overloaded(c.err); got != c.want {
			t.Errorf("%v: %v, want %v", c.err, got, c.want)
		}
	}
}
