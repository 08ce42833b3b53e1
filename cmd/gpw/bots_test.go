package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gpw run --bot axis --bot soviet plays both sides: moves, battles and a
// summary closing each turn, and --png draws the final position.
func TestRunBots(t *testing.T) {
	ios, out := testIO("")
	png := filepath.Join(t.TempDir(), "final.png")
	root := newRootCmd(ios.In, ios.Out, ios.Err)
	root.SetArgs([]string{"run", "--scenario", "gdw/barbarossa", "--bot", "axis", "--bot", "soviet=easy", "--turns", "1", "--png", png})
	if err := root.Execute(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"the soviet player has set up", "Jun 1941: axis-panzer", " moves ", " attacked: ",
		"== end of Jun 1941: ", "strength lost: axis ", "the final position: " + png} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q", want)
		}
	}
	if st, err := os.Stat(png); err != nil || st.Size() < 10000 {
		t.Errorf("no picture of the final position: %v", err)
	}
}

// A script plays the side no bot plays; --auto answers the decisions the
// bot's attacks may ask of it (a stand election), which the dice decide.
func TestRunBotAgainstScript(t *testing.T) {
	ios, out := testIO("place auto\nend\n")
	root := newRootCmd(ios.In, ios.Out, ios.Err)
	root.SetArgs([]string{"run", "--scenario", "gdw/barbarossa", "--bot", "axis", "--auto"})
	if err := root.Execute(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"the soviet player has set up", "the axis player has set up", "Jun 1941: soviet-reinforcement"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q", want)
		}
	}
}

func TestBotFlags(t *testing.T) {
	for _, c := range []struct {
		flags []string
		err   string
	}{
		{[]string{"axis", "axis=hard"}, "the axis side already has a bot"},
		{[]string{"allies"}, `unknown side "allies"`},
		{[]string{"soviet=genius"}, `unknown bot level "genius"`},
	} {
		o := botOptions{Bots: c.flags}
		if _, err := o.levels(); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("--bot %v: %v, want %q", c.flags, err, c.err)
		}
	}
	o := botOptions{Bots: []string{"soviet", "axis=random"}}
	if l, err := o.levels(); err != nil || l != [2]string{"random", "normal"} {
		t.Errorf("levels %v %v", l, err)
	}
}

// gpw play --bot soviet: the person plays the Axis; the bot answers at
// once when its side must act.
func TestPlayAgainstBot(t *testing.T) {
	ios, out := testIO("")
	o := &runOptions{IO: ios, gameOptions: gameOptions{Scenario: "gdw/barbarossa"}, botOptions: botOptions{Bots: []string{"soviet"}}}
	g, err := newGame(o)
	if err != nil {
		t.Fatal(err)
	}
	p := newPlayer(g, out, false)
	if err := p.addBots(o); err != nil {
		t.Fatal(err)
	}
	if err := p.runBots(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "the soviet player has set up") || !g.InSetup() {
		t.Fatalf("the bot did not set up first:\n%s", out)
	}
	if err := playLoop(p, &script{lines: []string{"place auto", "end", "end", "end", "end", "end", "end", "phase"}}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Jun 1941: soviet-general", "Jul 1941: axis-reinforcement", "axis-reinforcement phase (axis, reinforcement)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q", want)
		}
	}
}

func TestBotsHistory(t *testing.T) {
	ios, out := testIO("")
	root := newRootCmd(ios.In, ios.Out, ios.Err)
	root.SetArgs([]string{"bots", "history", "--seeds", "2"})
	if err := root.Execute(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"Barbarossa, gdw rules, normal bots, 2 games", "Kiev", "19 Sep 1941", "Nov/Dec 1941", "result: axis "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	ios, out = testIO("")
	root = newRootCmd(ios.In, ios.Out, ios.Err)
	root.SetArgs([]string{"bots"})
	if err := root.Execute(); err != nil || !strings.Contains(out.String(), "encircle") {
		t.Errorf("gpw bots: %v\n%s", err, out)
	}
}
