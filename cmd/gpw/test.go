package main

// test.go: gpw test DIR, a modder's expectations run as check.py runs the
// rulebook examples (../shared/examples): each NAME.toml + NAME.gpw +
// NAME.expect.json of DIR, under --rules, with queries allowed in the
// scripts.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"gpw/game"
	"gpw/interp"
)

// testOptions are the arguments of gpw test.
type testOptions struct {
	IO    *ioStreams
	Dirs  []string
	Rules string
	Run   string // only the cases whose name holds this
	JSON  bool
}

func newTestCmd(ios *ioStreams, runF func(*testOptions) error) *cobra.Command {
	o := &testOptions{IO: ios}
	if runF == nil {
		runF = testRun
	}
	cmd := &cobra.Command{
		Use:   "test DIR...",
		Short: "Run a folder of expectations (NAME.toml + NAME.gpw + NAME.expect.json) and print N passed, M failed",
		Long: `Test runs each case of the folders given: the scenario NAME.toml, the
script NAME.gpw (commands, and queries such as show, units or phase,
whose answers are events of kind "query"), with the dice and
expectations of NAME.expect.json:

  {"dice": [4, 2], "expect": [{"event": "combat", "result": "DR"}, ...], "errors": 0}

The expected events must appear in order, each a subset of an event's
fields (strings compare without regard to case, numbers by value, tables
field by field), and the number of error events must be "errors". A
case may name its rules ("rules": "house.lua", next to it); --rules
runs every case under the rules given. Each case prints PASS or FAIL
with the first expectation not met and the nearest event that differs;
the last line is "N passed, M failed" (docs/modding.md, "Testing your
house rule").`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Dirs = args
			return runF(o)
		},
	}
	cmd.Flags().StringVar(&o.Rules, "rules", "", "run every case under these rules: gdw, adc2 or a .lua module (default: each case's, else its scenario's)")
	cmd.Flags().StringVar(&o.Run, "run", "", "run only the cases whose name holds this")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print one JSON object per case, then the totals")
	return cmd
}

// expectation is a NAME.expect.json.
type expectation struct {
	Dice   []int            `json:"dice"`
	Expect []map[string]any `json:"expect"`
	Errors int              `json:"errors"`
	Rules  string           `json:"rules"`
}

// caseResult is what one case gave.
type caseResult struct {
	Case   string `json:"case"`
	Pass   bool   `json:"pass"`
	Why    string `json:"why,omitempty"`
	Events int    `json:"events"`
}

func testRun(o *testOptions) error {
	var cases []string
	for _, d := range o.Dirs {
		files, err := filepath.Glob(filepath.Join(d, "*.expect.json"))
		if err != nil {
			return err
		}
		if len(files) == 0 {
			if _, err := os.Stat(d); err != nil {
				return err
			}
			return fmt.Errorf("%s: no NAME.expect.json here (a case is NAME.toml, NAME.gpw and NAME.expect.json)", d)
		}
		slices.Sort(files)
		for _, f := range files {
			base := strings.TrimSuffix(f, ".expect.json")
			if o.Run == "" || strings.Contains(filepath.Base(base), o.Run) {
				cases = append(cases, base)
			}
		}
	}
	passed, failed := 0, 0
	for _, base := range cases {
		r := runCase(base, o.Rules)
		if r.Pass {
			passed++
		} else {
			failed++
		}
		switch {
		case o.JSON:
			jsonLine(o.IO.Out, r)
		case r.Pass:
			fmt.Fprintf(o.IO.Out, "PASS %s (%d events)\n", r.Case, r.Events)
		default:
			fmt.Fprintf(o.IO.Out, "FAIL %s: %s\n", r.Case, r.Why)
		}
	}
	if o.JSON {
		jsonLine(o.IO.Out, map[string]int{"passed": passed, "failed": failed})
	} else {
		fmt.Fprintf(o.IO.Out, "%d passed, %d failed\n", passed, failed)
	}
	if failed > 0 {
		return silentError{fmt.Sprintf("%d case(s) failed", failed)}
	}
	return nil
}

// runCase runs one case and judges it.
func runCase(base, rules string) caseResult {
	r := caseResult{Case: filepath.Base(base)}
	fail := func(format string, a ...any) caseResult {
		r.Why = fmt.Sprintf(format, a...)
		return r
	}
	raw, err := os.ReadFile(base + ".expect.json")
	if err != nil {
		return fail("%v", err)
	}
	var exp expectation
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&exp); err != nil {
		return fail("%s.expect.json: %v", r.Case, err)
	}
	if rules == "" && exp.Rules != "" {
		rules = exp.Rules
		if strings.HasSuffix(rules, ".lua") && !filepath.IsAbs(rules) {
			rules = filepath.Join(filepath.Dir(base), rules)
		}
	}
	events, err := playCase(base, rules, exp.Dice)
	r.Events = len(events)
	if err != nil {
		return fail("%v", err)
	}
	if why := judge(exp, events); why != "" {
		return fail("%s", why)
	}
	r.Pass = true
	return r
}

// playCase plays a case's script as run --json --keep-going does, with
// the queries' answers as events, and returns the events as JSON values.
func playCase(base, rules string, dice []int) ([]map[string]any, error) {
	var events []map[string]any
	add := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			b, _ = json.Marshal(errorEvent{"error", err.Error()})
		}
		var m map[string]any
		d := json.NewDecoder(bytes.NewReader(b))
		d.UseNumber()
		if d.Decode(&m) == nil {
			events = append(events, m)
		}
	}
	sc, err := loadScenario(base+".toml", rules)
	if err != nil {
		return nil, err
	}
	g, err := game.New(sc, game.Options{Rules: rules, Dice: dice}, rulesFS(), func(e game.Event) { add(e) })
	if err != nil {
		return nil, err
	}
	f, err := os.Open(base + ".gpw")
	if err != nil {
		return events, err
	}
	defer f.Close()
	var answers bytes.Buffer
	p := newPlayer(g, &answers, true)
	name := filepath.Base(base) + ".gpw"
	err = lines(f, name, func(n int, text string) error {
		line := text
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		w := strings.Fields(line)
		if len(w) == 0 {
			return nil
		}
		if _, ok := queries[strings.ToLower(w[0])]; ok && w[0] != "save" {
			answers.Reset()
			p.do(line)
			for _, l := range strings.Split(strings.TrimSpace(answers.String()), "\n") {
				var q map[string]any
				if json.Unmarshal([]byte(l), &q) == nil {
					if _, isQuery := q["query"]; isQuery {
						q = map[string]any{"event": "query", "query": q["query"], "result": q["result"], "error": q["error"]}
						if q["error"] == nil {
							delete(q, "error")
						}
					}
					add(q)
				}
			}
			return nil
		}
		if err := g.Exec(text); err != nil && !game.IsRefusal(err) {
			add(errorEvent{"error", interp.Reported(err)})
			return fmt.Errorf("%s:%d: %v", name, n, interp.Reported(err))
		}
		return nil
	})
	if err != nil {
		return events, err
	}
	return events, nil
}

// judge compares the events with the expectation; "" when they agree,
// else the first expectation not met and the nearest event that differs.
func judge(exp expectation, events []map[string]any) string {
	i, last := 0, -1 // expectations met; the event that met the last one
	for k, ev := range events {
		if i < len(exp.Expect) && matches(exp.Expect[i], ev) {
			i, last = i+1, k
		}
	}
	if i < len(exp.Expect) {
		want := exp.Expect[i]
		why := fmt.Sprintf("expectation %d of %d not met: %s", i+1, len(exp.Expect), compact(want))
		// the nearest event of the same kind after the last one met
		for _, ev := range events[last+1:] {
			if kind, ok := want["event"]; ok && !same(kind, ev["event"]) {
				continue
			}
			return why + fmt.Sprintf("; the first %v event after it is %s: %s", want["event"], compact(ev), differs(want, ev))
		}
		return why + fmt.Sprintf("; no %v event after expectation %d", want["event"], i)
	}
	errs := 0
	var texts []string
	for _, ev := range events {
		if same("error", ev["event"]) {
			errs++
			texts = append(texts, fmt.Sprint(ev["error"]))
		}
	}
	if errs != exp.Errors {
		return fmt.Sprintf("%d error event(s), expected %d: %s", errs, exp.Errors, strings.Join(texts, "; "))
	}
	return ""
}

// matches reports whether every field of want is in ev and the same:
// strings without regard to case or spaces around them, numbers by value,
// tables field by field (a subset), lists item by item.
func matches(want, ev map[string]any) bool {
	for k, v := range want {
		got, ok := ev[k]
		if !ok || !same(v, got) {
			return false
		}
	}
	return true
}

func same(a, b any) bool {
	if x, ok := number(a); ok {
		y, ok := number(b)
		return ok && x == y
	}
	switch a := a.(type) {
	case string:
		b, ok := b.(string)
		return ok && strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
	case map[string]any:
		b, ok := b.(map[string]any)
		return ok && matches(a, b)
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !same(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		return f, err == nil && !math.IsNaN(f)
	case float64:
		return n, true
	case int:
		return float64(n), true
	}
	return 0, false
}

// differs names the fields of want that ev lacks or holds otherwise.
func differs(want, ev map[string]any) string {
	var out []string
	for _, k := range slices.Sorted(mapKeysAny(want)) {
		got, ok := ev[k]
		switch {
		case !ok:
			out = append(out, k+" missing")
		case !same(want[k], got):
			out = append(out, fmt.Sprintf("%s is %s, not %s", k, compact(got), compact(want[k])))
		}
	}
	return strings.Join(out, ", ")
}

func mapKeysAny(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// compact prints a JSON value on one line, cut at 300 bytes.
func compact(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}
