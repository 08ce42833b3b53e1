package main

import (
	"strings"
	"testing"
)

func TestBotsLine(t *testing.T) {
	ios, out := testIO("")
	root := newRootCmd(ios.In, ios.Out, ios.Err)
	root.SetArgs([]string{"bots", "line", "--seeds", "2"})
	if err := root.Execute(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"Barbarossa, gdw rules, normal bots, 2 games", "gaps", "Sep/Oct 1941, soviet", "Nov/Dec 1941, axis"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if err := botsLineRun(&botsLineOptions{IO: ios, Scenario: "gdw/barbarossa", Rules: "gdw", Level: "normal", Seeds: 0}); err == nil {
		t.Error("--seeds 0 is accepted")
	}
}
