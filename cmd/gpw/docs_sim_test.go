package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
	"sigs.k8s.io/yaml"
)

// The cluster recipes of docs/sim.md, run as far as a machine without a
// cluster allows. Each plays a small version of its experiment (fewer
// games, one turn), merges the shards and compares them with one
// unsharded run.

// small makes a recipe's experiment small: later flags win.
var small = []string{"--games", "10", "--turns", "1"}

// docBlocks returns the fenced code blocks of docs/sim.md with language
// lang.
func docBlocks(t *testing.T, lang string) []string {
	t.Helper()
	b, err := os.ReadFile("../../docs/sim.md")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile("(?s)```" + lang + "\n(.*?)```")
	var out []string
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		out = append(out, m[1])
	}
	return out
}

func docBlock(t *testing.T, lang, marker string) string {
	t.Helper()
	for _, b := range docBlocks(t, lang) {
		if strings.Contains(b, marker) {
			return b
		}
	}
	t.Fatalf("docs/sim.md has no %s block with %q", lang, marker)
	return ""
}

// workdir makes a directory holding the house module the recipes name
// and moves the test into it.
func workdir(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs("../../rules/house/river2.lua")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "rules/house"), 0o755)
	if err := os.WriteFile(filepath.Join(dir, "rules/house/river2.lua"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	return dir
}

// gpwInProcess runs gpw's root command with args and the environment
// get.
func gpwInProcess(args []string, get func(string) string, out io.Writer) error {
	root := newRootCmd(strings.NewReader(""), out, out)
	root.SetArgs(args)
	old := simGetenv
	simGetenv = get
	defer func() { simGetenv = old }()
	return root.Execute()
}

// unsharded plays the recipe's experiment in one run: its gpw sim
// arguments without the shard and output flags.
func unsharded(t *testing.T, args []string) []byte {
	t.Helper()
	var keep []string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--shard", "--shards", "--out":
			i++
			continue
		}
		keep = append(keep, args[i])
	}
	out := filepath.Join(t.TempDir(), "whole.jsonl")
	if err := gpwInProcess(append(append(keep, small...), "--out", out, "-q"), func(string) string { return "" }, io.Discard); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	return b
}

// mergeEqual merges the shard files and compares them with want.
func mergeEqual(t *testing.T, files []string, want []byte) {
	t.Helper()
	var b bytes.Buffer
	if err := gpwInProcess(append([]string{"sim", "merge"}, files...), func(string) string { return "" }, &b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("the merged shards differ from one run")
	}
}

// shell runs script with env, gpw run in-process; other commands run for
// real.
func shell(t *testing.T, script string, dir string, env []string, args *[]string) {
	t.Helper()
	f, err := syntax.NewParser().Parse(strings.NewReader(script), "script")
	if err != nil {
		t.Fatal(err)
	}
	env = append(env, "PATH="+os.Getenv("PATH"))
	r, err := interp.New(interp.Dir(dir), interp.Env(expand.ListEnviron(env...)), interp.StdIO(nil, io.Discard, io.Discard),
		interp.ExecHandlers(func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
			return func(ctx context.Context, a []string) error {
				if a[0] != "gpw" {
					return next(ctx, a)
				}
				hc := interp.HandlerCtx(ctx)
				*args = a[1:]
				get := func(k string) string { return hc.Env.Get(k).String() }
				return gpwInProcess(append(slices.Clone(a[1:]), small...), get, hc.Stdout)
			}
		}))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Run(context.Background(), f); err != nil {
		t.Fatalf("%v", err)
	}
}

func TestDocsSlurm(t *testing.T) {
	script := docBlock(t, "bash", "#SBATCH")
	m := regexp.MustCompile(`#SBATCH --array=(\d+)-(\d+)`).FindStringSubmatch(script)
	if m == nil {
		t.Fatal("the Slurm script has no #SBATCH --array=LO-HI")
	}
	lo, _ := strconv.Atoi(m[1])
	hi, _ := strconv.Atoi(m[2])
	dir := workdir(t)
	var args []string
	var files []string
	for id := lo; id <= hi; id++ {
		env := []string{fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", id), fmt.Sprintf("SLURM_ARRAY_TASK_MIN=%d", lo),
			fmt.Sprintf("SLURM_ARRAY_TASK_COUNT=%d", hi-lo+1), "SLURM_CPUS_PER_TASK=2"}
		shell(t, script, dir, env, &args)
		files = append(files, filepath.Join(dir, fmt.Sprintf("results/shard-%d.jsonl", id)))
	}
	mergeEqual(t, files, unsharded(t, args))
}

// k8sJob is what the test reads of the manifest.
type k8sJob struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Spec       struct {
		CompletionMode string `json:"completionMode"`
		Completions    int    `json:"completions"`
		Parallelism    int    `json:"parallelism"`
		Template       struct {
			Spec struct {
				RestartPolicy string `json:"restartPolicy"`
				Containers    []struct {
					Command      []string `json:"command"`
					Args         []string `json:"args"`
					VolumeMounts []struct {
						Name      string `json:"name"`
						MountPath string `json:"mountPath"`
					} `json:"volumeMounts"`
				} `json:"containers"`
				Volumes []struct {
					Name string `json:"name"`
				} `json:"volumes"`
			} `json:"spec"`
		} `json:"template"`
	} `json:"spec"`
}

func TestDocsKubernetes(t *testing.T) {
	var job k8sJob
	if err := yaml.Unmarshal([]byte(docBlock(t, "yaml", "kind: Job")), &job); err != nil {
		t.Fatal(err)
	}
	s := job.Spec
	pod := s.Template.Spec
	switch {
	case job.APIVersion != "batch/v1" || job.Kind != "Job":
		t.Fatalf("%s %s: not a batch/v1 Job", job.APIVersion, job.Kind)
	case s.CompletionMode != "Indexed":
		t.Fatalf("completionMode %q: JOB_COMPLETION_INDEX needs Indexed", s.CompletionMode)
	case s.Completions < 1 || s.Parallelism < 1 || s.Parallelism > s.Completions:
		t.Fatalf("completions %d, parallelism %d", s.Completions, s.Parallelism)
	case pod.RestartPolicy != "Never" && pod.RestartPolicy != "OnFailure":
		t.Fatalf("restartPolicy %q: a Job's pods may not restart Always", pod.RestartPolicy)
	case len(pod.Containers) != 1:
		t.Fatalf("%d containers", len(pod.Containers))
	}
	c := pod.Containers[0]
	cmd := append(slices.Clone(c.Command), c.Args...)
	if len(cmd) < 2 || cmd[0] != "gpw" || cmd[1] != "sim" {
		t.Fatalf("the container runs %v, not gpw sim", cmd)
	}
	flag := func(name string) string {
		i := slices.Index(cmd, name)
		if i < 0 || i+1 >= len(cmd) {
			t.Fatalf("the command lacks %s", name)
		}
		return cmd[i+1]
	}
	if flag("--shard") != "env" || flag("--shards") != strconv.Itoa(s.Completions) {
		t.Fatalf("--shard %s --shards %s with %d completions", flag("--shard"), flag("--shards"), s.Completions)
	}
	out := flag("--out")
	if !strings.Contains(out, "$(JOB_COMPLETION_INDEX)") {
		t.Fatalf("--out %s: every index would write the same file", out)
	}
	mount := ""
	for _, vm := range c.VolumeMounts {
		if strings.HasPrefix(out, vm.MountPath+"/") && slices.ContainsFunc(pod.Volumes, func(v struct {
			Name string `json:"name"`
		}) bool {
			return v.Name == vm.Name
		}) {
			mount = vm.MountPath
		}
	}
	if mount == "" {
		t.Fatalf("--out %s is on no mounted volume", out)
	}
	dir := workdir(t)
	var files []string
	for k := 0; k < s.Completions; k++ {
		// as the kubelet does: $(VAR) from the container's environment,
		// the volume mounted
		args := slices.Clone(cmd[1:])
		for i, a := range args {
			a = strings.ReplaceAll(a, "$(JOB_COMPLETION_INDEX)", strconv.Itoa(k))
			args[i] = strings.Replace(a, mount, dir, 1)
		}
		env := map[string]string{"JOB_COMPLETION_INDEX": strconv.Itoa(k)}
		if err := gpwInProcess(append(args, small...), func(k string) string { return env[k] }, io.Discard); err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k)))
	}
	mergeEqual(t, files, unsharded(t, cmd[1:]))
}

// TestDocsParallel runs the GNU parallel line, standing in for parallel:
// the command before ":::" once per value after it, {} replaced by the
// value (parallel's default replacement string).
func TestDocsParallel(t *testing.T) {
	line := docBlock(t, "sh", "parallel ")
	dir := workdir(t)
	var args []string
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "parallel")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	r, err := interp.New(interp.Dir(dir), interp.StdIO(nil, io.Discard, io.Discard), interp.ExecHandlers(func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
		return func(ctx context.Context, a []string) error {
			if a[0] != "parallel" {
				return next(ctx, a)
			}
			sep := slices.Index(a, ":::")
			start := slices.Index(a, "gpw")
			if sep < 0 || start < 0 || start > sep {
				return fmt.Errorf("parallel line without gpw ... ::: values")
			}
			for _, v := range a[sep+1:] {
				job := slices.Clone(a[start+1 : sep])
				for i := range job {
					job[i] = strings.ReplaceAll(job[i], "{}", v)
				}
				args = job
				if err := gpwInProcess(append(job, small...), func(string) string { return "" }, io.Discard); err != nil {
					return err
				}
				files = append(files, filepath.Join(dir, "shard-"+v+".jsonl"))
			}
			return nil
		}
	}))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Run(context.Background(), f); err != nil {
		t.Fatal(err)
	}
	if len(files) < 2 {
		t.Fatalf("%d shards", len(files))
	}
	mergeEqual(t, files, unsharded(t, args))
}
