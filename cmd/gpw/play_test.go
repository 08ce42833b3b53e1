package main

import (
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"gpw/interp"
)

// script feeds lines to playLoop and records the prompts it sets.
type script struct {
	lines   []string
	prompts []string
}

func (s *script) Readline() (string, error) {
	if len(s.lines) == 0 {
		return "", io.EOF
	}
	l := s.lines[0]
	s.lines = s.lines[1:]
	return l, nil
}

func (s *script) SetPrompt(p string) { s.prompts = append(s.prompts, p) }

// newTestPlayer starts the rulebook's river-and-forest battle, die 2 first.
func newTestPlayer(t *testing.T, asJSON bool) (*player, *strings.Builder) {
	t.Helper()
	var out strings.Builder
	ios := &ioStreams{In: strings.NewReader(""), Out: &out, Err: &out}
	g, err := newGame(&runOptions{IO: ios, gameOptions: gameOptions{Scenario: "rulebook/combat-river-forest", Dice: "2"}, JSON: asJSON})
	if err != nil {
		t.Fatal(err)
	}
	return newPlayer(g, &out, asJSON), &out
}

const attackLine = "attack B-1603 from B-1503 B-1602 B-1703"

func TestPlayLoop(t *testing.T) {
	// Each step is a line and what the output must show after it.
	steps := []struct {
		line string
		want []string
	}{
		{"phase", []string{"Jul 1941 (last turn Jul 1941), soviet-combat phase (soviet, combat)"}},
		{"preview B-1603 from B-1503 B-1602 B-1703", []string{"attack 28 against defence 6 = 4:1", "column 2:1:", "DR   die 1,2         2/6 = 33%"}},
		{attackLine + "  # the rulebook's example", []string{"ger-1 attacked: 28 against 6 = 4:1 (forest -1; river -1), column 2:1, die 2: DR",
			"waiting for: the attacker chooses the retreat of ger-1: retreat ", "retreat B-1604 B-1605 (0 ZOC)"}},
		{"phase", []string{"waiting for: the attacker chooses"}},
		{"move sov-a B-1504", []string{"refused: first settle the battle"}},
		{"retreat B-1604 B-1605", []string{"ger-1 retreats B-1604 B-1605, 0 step(s) lost", "waiting for: one attacker may advance"}},
		{"noadvance", []string{"no advance after combat"}},
		{"show B-1605", []string{"B-1605: clear", "unit: ger-1 axis ger infantry", "zone of control: axis no, soviet no"}},
		{"units soviet", []string{"sov-a      soviet sov infantry (infantry) 6-6 full strength", "has attacked"}},
		{"zoc axis", []string{"axis zone of control: 6 hexes (GDW: Zones of Control)", "B-1604"}},
		{"supply axis", []string{"axis supply: 1 units on the map, 0 out of supply now (GDW: Supply)", "ger-1      B-1605  in supply"}},
		{"reach sov-a", []string{"refused: move: it is the soviet-combat phase, not a move phase (GDW: Sequence of Play)"}},
		{"bogus", []string{`refused: unknown command "bogus"`}},
		{"show", []string{"error: usage: show HEX"}},
		{"zoc finns", []string{`refused: unknown side "finns" (expected axis or soviet) (gpw: commands)`}},
		{"help", []string{"  end                     end the current phase", "queries (they change nothing):", "  preview HEX from HEX..."}},
		{"end", []string{"Jul 1941: soviet-general"}},
		{"reach sov-a", []string{"sov-a in B-1503: 6 MP now (weather clear)", "B-1504  1 MP  via B-1504"}},
		{"move sov-a B-1504 B-1505", []string{"sov-a moves B-1503 → B-1504 B-1505, 2 of 6 MP"}},
		{"", nil},
		{"# only a comment", nil},
	}
	p, out := newTestPlayer(t, false)
	in := &script{}
	for _, s := range steps {
		in.lines = append(in.lines, s.line)
	}
	in.lines = append(in.lines, "quit", "phase")
	if err := playLoop(p, in); err != nil {
		t.Fatal(err)
	}
	if len(in.lines) != 1 {
		t.Errorf("quit left %d lines unread, want 1", len(in.lines))
	}
	// Check the output step by step, in order.
	rest := out.String()
	for _, s := range steps {
		for _, w := range s.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Fatalf("after %q: no %q in the rest of the output:\n%s", s.line, w, rest)
			}
			rest = rest[i+len(w):]
		}
	}
	if strings.Contains(rest, "soviet-general phase (") {
		t.Errorf("a line after quit ran:\n%s", rest)
	}
	for _, want := range []string{"Jul 1941 soviet-combat> ", "Jul 1941 soviet-general> "} {
		found := false
		for _, pr := range in.prompts {
			found = found || pr == want
		}
		if !found {
			t.Errorf("no prompt %q in %q", want, in.prompts)
		}
	}
}

func TestPlayLoopJSON(t *testing.T) {
	p, out := newTestPlayer(t, true)
	in := &script{lines: []string{"phase", "preview B-1603 from B-1503 B-1602 B-1703", attackLine, "bogus", "zoc", "retreat B-1604 B-1605", "noadvance", "help"}}
	if err := playLoop(p, in); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not JSON: %q: %v", l, err)
		}
		switch {
		case m["query"] != nil && m["error"] != nil:
			got = append(got, "query "+m["query"].(string)+" error")
		case m["query"] != nil:
			got = append(got, "query "+m["query"].(string))
		default:
			got = append(got, "event "+m["event"].(string))
		}
		if m["query"] == "preview" {
			r := m["result"].(map[string]any)
			if r["column"] != "2:1" || r["odds"] != "4:1" || r["attack"] != 28.0 {
				t.Errorf("preview %v", r)
			}
		}
	}
	want := []string{"query phase", "query preview", "event combat", "event error", "query zoc error", "event retreat", "event noadvance", "query help"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestPlayRun goes through readline, reading a pipe instead of a terminal.
func TestPlayRun(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{"quit", "phase\n" + attackLine + "\nquit\nphase\n", []string{"soviet-combat phase", "die 2: DR", "waiting for:"}},
		{"end of input", "preview B-1603 from B-1503\n", []string{"column 1:1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ios, out := testIO(tc.input)
			err := playRun(&runOptions{IO: ios, gameOptions: gameOptions{Scenario: "rulebook/combat-river-forest", Dice: "2"}})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("lacks %q:\n%s", w, out)
				}
			}
			if strings.Count(out.String(), "soviet-combat phase") > 1 {
				t.Errorf("a line after quit ran:\n%s", out)
			}
		})
	}
}

// TestPlaySlowPlayer: the rules' budget (and its wall-clock safety valve)
// does not count thinking time.
func TestPlaySlowPlayer(t *testing.T) {
	p, out := newTestPlayer(t, false)
	p.g.Rules.SetBudget(interp.Budget{Call: 1_000_000, Command: 2_000_000, Wall: 500 * time.Millisecond})
	time.Sleep(600 * time.Millisecond)
	p.do("preview B-1603 from B-1503 B-1602 B-1703")
	p.do(attackLine)
	if s := out.String(); strings.Contains(s, "budget") || !strings.Contains(s, "die 2: DR") {
		t.Errorf("output:\n%s", s)
	}
}

func TestPlayComplete(t *testing.T) {
	p, _ := newTestPlayer(t, false)
	p.do("show B-0101")
	tests := []struct {
		line string
		want []string
	}{
		{"pre", []string{"preview"}},
		{"re", []string{"reach", "rebuild", "retreat"}},
		{"Z", []string{"Zoc"}}, // readline appends to what was typed
		{"move ", []string{"B-1503", "B-1602", "B-1603", "B-1703", "ger-1", "sov-a", "sov-b", "sov-c"}},
		{"move s", []string{"sov-a", "sov-b", "sov-c"}},
		{"move sov-a ", []string{"B-1402", "B-1403", "B-1502", "B-1504", "B-1602", "B-1603"}},
		{"move sov-a B-15", []string{"B-1502", "B-1504"}},
		{"move sov-a b-1504 b-150", []string{"b-1503", "b-1505"}},
		{"attack B-1603 ", []string{"from"}},
		{"attack B-1603 from B-17", []string{"B-1703"}},
		{"zoc s", []string{"soviet"}},
		{"show B-0", []string{"B-0101"}},
		{"help z", []string{"zoc"}},
		{"end ", nil},
		{"nosuch ", nil},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			line := []rune(tc.line)
			cands, n := p.Do(line, len(line))
			typed := string(line[len(line)-n:])
			var got []string
			for _, c := range cands {
				got = append(got, typed+strings.TrimSuffix(string(c), " "))
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	// Completing the cursor's word mid-line ignores what follows it.
	line := []rune("zo B-1603")
	if c, n := p.Do(line, 2); n != 2 || len(c) != 1 || string(c[0]) != "c " {
		t.Errorf("mid-line: %q, %d", c, n)
	}
}

// TestLoadFlags: --load refuses flags that contradict the save; the flag
// handling is tested apart from running (the runF seam).
func TestLoadFlags(t *testing.T) {
	dir := t.TempDir()
	save := dir + "/g.json"
	var out strings.Builder
	ios := &ioStreams{In: strings.NewReader(""), Out: &out, Err: &out}
	root := newRootCmd(strings.NewReader(""), &out, &out)
	root.SetArgs([]string{"run", "--scenario", "rulebook/movement", "--seed", "3", "--save", save, "--param", "soviet_replacements=2"})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--load", save, "--rules", "adc2"}, "--rules adc2 contradicts the save"},
		{[]string{"--load", save, "--seed", "4"}, "--seed 4 contradicts the save"},
		{[]string{"--load", save, "--dice", "1,2"}, "--dice 1,2 contradicts the save"},
		{[]string{"--load", save, "--seed", "3", "--rules", "gdw"}, ""},
		{[]string{"--load", save, "--scenario", "rulebook/movement"}, "not both"},
		{[]string{"--load", save, "--param", "soviet_replacements=3"}, "--param soviet_replacements=3 contradicts the save, made with soviet_replacements=2"},
		{[]string{"--load", save, "--param", "soviet_replacements=2"}, ""},
		{[]string{"--scenario", "rulebook/movement", "--param", "soviet_replacement=2"}, "did you mean soviet_replacements?"},
		{[]string{"--scenario", "rulebook/movement", "--param", "soviet_replacements"}, "give it as NAME=VALUE"},
		{[]string{"--scenario", "rulebook/movement", "--param", "below_lowest_column=no-attack"}, "-"},
	}
	for _, tc := range tests {
		var ran *runOptions
		cmd := newPlayCmd(ios, func(o *runOptions) error { ran = o; _, err := o.start(nil); return err })
		cmd.SetArgs(tc.args)
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		err := cmd.Execute()
		if tc.want == "-" {
			if err != nil {
				t.Errorf("%v: %v", tc.args, err)
			}
			continue
		}
		if tc.want == "" {
			if err != nil || ran == nil || ran.Load != save {
				t.Errorf("%v: %v", tc.args, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestPlayHelpRulesCommands: help lists the rules module's own command
// words with the help it gives (R.help), and completion offers them.
func TestPlayHelpRulesCommands(t *testing.T) {
	var out strings.Builder
	ios := &ioStreams{In: strings.NewReader(""), Out: &out, Err: &out}
	g, err := newGame(&runOptions{IO: ios, gameOptions: gameOptions{Scenario: "rulebook/combat-river-forest", Rules: "../../rules/house/sariego.lua"}})
	if err != nil {
		t.Fatal(err)
	}
	p := newPlayer(g, &out, false)
	p.do("help")
	for _, w := range []string{"commands of the rules (House: Sariego):\n  fortify HEX: in your reinforcement phase, fortify a hex", "\nqueries (they change nothing):"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("help lacks %q:\n%s", w, out.String())
		}
	}
	if c, _ := p.Do([]rune("fort"), 4); len(c) != 1 || string(c[0]) != "ify " {
		t.Errorf("completion of fort: %q", c)
	}
	out.Reset()
	p, _ = newTestPlayer(t, false)
	p.out = &out
	p.do("help")
	if strings.Contains(out.String(), "commands of the rules") {
		t.Errorf("GDW has no commands of its own, yet help lists some:\n%s", out.String())
	}
}

// TestPlayCitesTheVariant: the queries cite the rules in force.
func TestPlayCitesTheVariant(t *testing.T) {
	for rules, want := range map[string][]string{
		"gdw":  {"(GDW: Zones of Control)", "(GDW: Supply)", "(GDW: Weather)", "(GDW: Reinforcements and Replacements)", "(GDW: Combat)"},
		"adc2": {"(ADC2: Movement Phases)", "(ADC2: Supply)", "(ADC2: Weather)", "(ADC2: Reinforcement Phase)", "(ADC2: Combat Phase)"},
	} {
		var out strings.Builder
		ios := &ioStreams{In: strings.NewReader(""), Out: &out, Err: &out}
		g, err := newGame(&runOptions{IO: ios, gameOptions: gameOptions{Scenario: "rulebook/combat-river-forest", Rules: rules}})
		if err != nil {
			t.Fatal(err)
		}
		p := newPlayer(g, &out, false)
		for _, l := range []string{"zoc axis", "supply axis", "phase", "preview B-1603 from B-1503 B-1602 B-1703"} {
			p.do(l)
		}
		for _, w := range want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: the queries do not cite %s:\n%s", rules, w, out.String())
			}
		}
		if rules != "gdw" && strings.Contains(out.String(), "GDW") {
			t.Errorf("%s: the queries cite GDW:\n%s", rules, out.String())
		}
	}
}
