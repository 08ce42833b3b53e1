package game

import (
	"encoding/json"
	"fmt"
	"testing"

	"gpw/interp"
)

func TestParseVerb(t *testing.T) {
	tests := []struct {
		in       string
		want     Verb
		engine   bool
		module   bool
		decision bool
	}{
		{"move", VerbMove, true, false, false},
		{"MOVE", VerbMove, true, false, false},
		{"Attack", VerbAttack, true, false, false},
		{"retreat", VerbRetreat, true, false, true},
		{"noadvance", VerbNoAdvance, true, false, true},
		{"nostand", VerbNoStand, true, false, true},
		{"end", VerbEnd, true, false, false},
		{"place", VerbPlace, true, false, false},
		{"dig", Verb("dig"), false, true, false},
		{"Leader", Verb("leader"), false, true, false},
		{"", Verb(""), false, false, false},
	}
	for _, tt := range tests {
		v := ParseVerb(tt.in)
		if v != tt.want || v.Engine() != tt.engine || v.Module() != tt.module || v.Decision() != tt.decision {
			t.Errorf("ParseVerb(%q) = %q (engine %v, module %v, decision %v); want %q (%v, %v, %v)",
				tt.in, v, v.Engine(), v.Module(), v.Decision(), tt.want, tt.engine, tt.module, tt.decision)
		}
	}
	if len(Commands) != len(verbs) {
		t.Fatalf("Commands lists %d words, verbs %d", len(Commands), len(verbs))
	}
	for i, w := range Commands {
		if v := ParseVerb(w); v != verbs[i] || !v.Engine() {
			t.Errorf("Commands[%d] = %q does not parse to the engine verb %q", i, w, verbs[i])
		}
	}
}

// TestParseVerbAgreesWithParse: every engine verb Parse accepts is the
// constant ParseVerb gives, and a module's word stays a module verb.
func TestParseVerbAgreesWithParse(t *testing.T) {
	sc, _ := loadFile(t, "fullturn")
	g, _ := newTestGame(t, sc, Options{})
	for _, tt := range []struct {
		line string
		want Verb
	}{{"end", VerbEnd}, {"UNDO", VerbUndo}, {"stand", VerbStand}, {"nostand", VerbNoStand}, {"noadvance", VerbNoAdvance}, {"auto on", VerbAuto}, {"Place auto", VerbPlace}} {
		c, err := g.Parse(tt.line)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.line, err)
		}
		if c.Verb != tt.want || !c.Verb.Engine() {
			t.Errorf("Parse(%q).Verb = %q, want the engine verb %q", tt.line, c.Verb, tt.want)
		}
	}
	if c, err := g.Parse("dig B-1203"); err == nil {
		t.Errorf("Parse(dig) under a module without dig: %+v, no error", c)
	}
}

func TestParseStepKind(t *testing.T) {
	for _, k := range interp.Steps {
		got, err := interp.ParseStepKind(k.String())
		if err != nil || got != k {
			t.Errorf("ParseStepKind(%q) = %q, %v", k, got, err)
		}
	}
	for _, s := range []string{"", "Retreat", "loss", "eliminate"} {
		if got, err := interp.ParseStepKind(s); err == nil {
			t.Errorf("ParseStepKind(%q) = %q, want an error", s, got)
		}
	}
}

// TestTypedVerbJSON: the typed verb and decision kind are written as the
// plain strings of the scripting contract, and read back.
func TestTypedVerbJSON(t *testing.T) {
	c := Cmd(VerbPlace, "auto")
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"verb":"place","unit":-1,"hex":-1,"args":["auto"]}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	var back Command
	if err := json.Unmarshal([]byte(`{"verb":"dig","unit":-1,"hex":-1,"args":["B-1203"]}`), &back); err != nil {
		t.Fatal(err)
	}
	if back.Verb != Verb("dig") || !back.Verb.Module() {
		t.Errorf("read back %+v, want the module verb dig", back)
	}
	b, err = json.Marshal(Decision{Kind: DecisionLoss, Side: "axis"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"kind":"loss","side":"axis","text":"","options":null}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}

// A command's first word is read once into a Verb: one of the engine's,
// or a word of the rules module's, which it must declare.
func ExampleParseVerb() {
	for _, w := range []string{"Move", "nostand", "fortify"} {
		v := ParseVerb(w)
		fmt.Println(v, v.Engine(), v.Module(), v.Decision())
	}
	// Output:
	// move true false false
	// nostand true false true
	// fortify false true false
}
