package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gpw/game"
)

func TestOddsRun(t *testing.T) {
	dir := t.TempDir()
	script := func(name, text string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	fought := script("fought.gpw", "attack B-1603 from B-1503 B-1602 B-1703\nretreat B-1604 B-1605\nnoadvance\n")
	ended := script("ended.gpw", "# to the next phase\nend\n")
	bad := script("bad.gpw", "\nmove sov-a B-1504\n")
	attack := []string{"B-1603", "from", "B-1503", "B-1602", "B-1703"}
	tests := []struct {
		name   string
		o      oddsOptions
		want   []string      // text output
		json   *game.Preview // JSON output, checked field by field
		err    string
		silent bool // refused with --json: the error is printed as JSON
	}{
		{name: "rulebook text", o: oddsOptions{Args: attack}, want: []string{
			"ger-1 in B-1603 attacked by sov-a (B-1503), sov-b (B-1602), sov-c (B-1703)",
			"attack 28 against defence 6 = 4:1 (GDW: Combat)",
			"shift forest -1 (GDW: Terrain and Combat)",
			"shift river -1 (GDW: Terrain and Combat (all attackers across a river))",
			"column 2:1:",
			"DR   die 1,2         2/6 = 33%",
			"EX   die 3,4         2/6 = 33%",
			"NE   die 5,6         2/6 = 33%"}},
		{name: "rulebook json", o: oddsOptions{Args: attack, JSON: true}, json: &game.Preview{
			Defender: "ger-1", Hex: "B-1603", Attackers: []string{"sov-a", "sov-b", "sov-c"}, From: []string{"B-1503", "B-1602", "B-1703"},
			Attack: 28, Defense: 6, Odds: "4:1", Notes: []game.Note{}, Column: "2:1",
			Shifts:  []game.Shift{{Cause: "forest", Columns: -1, Rule: "GDW: Terrain and Combat"}, {Cause: "river", Columns: -1, Rule: "GDW: Terrain and Combat (all attackers across a river)"}},
			Chances: []game.Chance{{Result: "DR", Dice: []int{1, 2}, Count: 2, Percent: 100.0 / 3}, {Result: "EX", Dice: []int{3, 4}, Count: 2, Percent: 100.0 / 3}, {Result: "NE", Dice: []int{5, 6}, Count: 2, Percent: 100.0 / 3}},
			Rule:    "GDW: Combat"}},
		{name: "lower case from", o: oddsOptions{Args: []string{"b-1603", "FROM", "b-1703"}}, want: []string{"= 2:1", "column 1:1 (the shifts stop at the edge of the table: GDW: Combat / Minimum and Maximum Odds):", "AL   die 6           1/6 = 17%"}},
		{name: "after a battle", o: oddsOptions{Args: []string{"B-1605", "from", "B-1503"}, Script: fought, gameOptions: gameOptions{Dice: "2"}}, err: "ger-1 has already been attacked in this phase (GDW: Combat (each unit is attacked once))"},
		{name: "defender gone", o: oddsOptions{Args: attack, Script: fought, gameOptions: gameOptions{Dice: "2"}}, err: "B-1603 holds no enemy unit to attack"},
		{name: "not combat", o: oddsOptions{Args: attack, Script: ended}, err: "it is the soviet-general phase, not a combat phase (GDW: Sequence of Play)"},
		{name: "refused script", o: oddsOptions{Args: attack, Script: bad}, err: "bad.gpw:2: move: it is the soviet-combat phase"},
		{name: "json refusal", o: oddsOptions{Args: attack, Script: ended, JSON: true}, err: "not a combat phase", silent: true},
		{name: "no from", o: oddsOptions{Args: []string{"B-1603", "B-1503", "B-1602"}}, err: "usage: gpw odds"},
		{name: "no scenario", o: oddsOptions{Args: attack, gameOptions: gameOptions{Scenario: "rulebook/nosuch"}}, err: "no built-in scenario"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ios, out := testIO("")
			o := tc.o
			o.IO = ios
			if o.Scenario == "" {
				o.Scenario = "rulebook/combat-river-forest"
			}
			err := oddsRun(&o)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				if _, quiet := err.(silentError); quiet != tc.silent {
					t.Errorf("silent %v, want %v", quiet, tc.silent)
				}
				if tc.silent && !strings.Contains(out.String(), `{"event":"error","error":`) {
					t.Errorf("no JSON error printed: %s", out)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.json != nil {
				var got game.Preview
				if err := json.Unmarshal(out.Bytes(), &got); err != nil {
					t.Fatalf("%v: %s", err, out)
				}
				if !reflect.DeepEqual(&got, tc.json) {
					t.Errorf("got  %+v\nwant %+v", got, *tc.json)
				}
				return
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("lacks %q:\n%s", w, out)
				}
			}
		})
	}
}
