package sim

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one of N parts of an experiment: the seed indices K, K+N,
// K+2N, ... Every arm of a seed index is in the same shard, so each shard
// holds whole pairs.
type Shard struct {
	K int `json:"k"`
	N int `json:"n"`
}

// String prints "k/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// Has reports whether seed index i is in the shard; a nil shard has all.
func (s *Shard) Has(i int) bool { return s == nil || i%s.N == s.K }

// ShardEnv lists the environment variables --shard env reads: Slurm job
// arrays, then Kubernetes Indexed Jobs (which give no count: it comes
// from the --shards flag or GPW_SHARDS).
var ShardEnv = []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP", "JOB_COMPLETION_INDEX", "GPW_SHARDS"}

// ParseShard reads --shard: "" (no shard), "k/n" (k from 0), or "env".
// With env, k and n come from getenv: Slurm's SLURM_ARRAY_TASK_ID minus
// SLURM_ARRAY_TASK_MIN (arrays may start at 1), divided by
// SLURM_ARRAY_TASK_STEP (an array 0-4:2 has tasks 0, 2, 4), and
// SLURM_ARRAY_TASK_COUNT,
// else Kubernetes' JOB_COMPLETION_INDEX with count shards (the --shards
// flag), or GPW_SHARDS when count is 0.
func ParseShard(s string, getenv func(string) string, count int) (*Shard, error) {
	switch s {
	case "":
		if count != 0 {
			return nil, fmt.Errorf("--shards %d needs --shard env", count)
		}
		return nil, nil
	case "env":
		return shardFromEnv(getenv, count)
	}
	if count != 0 {
		return nil, fmt.Errorf("--shards %d goes with --shard env only: --shard %s names its count", count, s)
	}
	ks, ns, ok := strings.Cut(s, "/")
	k, ok1 := plainNumber(ks)
	n, ok2 := plainNumber(ns)
	if !ok || !ok1 || !ok2 {
		return nil, fmt.Errorf("--shard %q: expected k/n in plain digits (such as 0/8) or env", s)
	}
	return checkShard(k, n, "--shard "+s)
}

// plainNumber reads a number written as digits alone, without sign or
// leading zero: "+1" and "01" are refused, so that one shard has one
// name.
func plainNumber(s string) (int, bool) {
	if s == "" || len(s) > 1 && s[0] == '0' || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

func checkShard(k, n int, from string) (*Shard, error) {
	if n < 1 || k < 0 || k >= n {
		return nil, fmt.Errorf("%s: shard %d of %d: expected 0 <= k < n", from, k, n)
	}
	return &Shard{K: k, N: n}, nil
}

func shardFromEnv(getenv func(string) string, count int) (*Shard, error) {
	num := func(name string) (int, bool, error) {
		v := getenv(name)
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, true, fmt.Errorf("--shard env: %s=%q is not a number", name, v)
		}
		return n, true, nil
	}
	if id, ok, err := num("SLURM_ARRAY_TASK_ID"); ok || err != nil {
		if err != nil {
			return nil, err
		}
		n, ok, err := num("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return nil, err
		}
		if !ok {
			n = count
		}
		lo, _, err := num("SLURM_ARRAY_TASK_MIN")
		if err != nil {
			return nil, err
		}
		step, ok, err := num("SLURM_ARRAY_TASK_STEP")
		if err != nil {
			return nil, err
		}
		if !ok {
			step = 1
		}
		from := fmt.Sprintf("--shard env (SLURM_ARRAY_TASK_ID=%d, SLURM_ARRAY_TASK_MIN=%d, SLURM_ARRAY_TASK_STEP=%d, SLURM_ARRAY_TASK_COUNT=%d)", id, lo, step, n)
		if step < 1 || (id-lo)%step != 0 {
			return nil, fmt.Errorf("%s: the task is not on the array's step", from)
		}
		return checkShard((id-lo)/step, n, from)
	}
	if k, ok, err := num("JOB_COMPLETION_INDEX"); ok || err != nil {
		if err != nil {
			return nil, err
		}
		n := count
		if n == 0 {
			var ok bool
			if n, ok, err = num("GPW_SHARDS"); err != nil {
				return nil, err
			} else if !ok {
				return nil, fmt.Errorf("--shard env: JOB_COMPLETION_INDEX=%d but no count: give --shards N or set GPW_SHARDS", k)
			}
		}
		return checkShard(k, n, fmt.Sprintf("--shard env (JOB_COMPLETION_INDEX=%d, %d shards)", k, n))
	}
	return nil, fmt.Errorf("--shard env: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set")
}
