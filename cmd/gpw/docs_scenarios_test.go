package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The worked scenario of docs/scenarios.md is checked and played as the
// guide says: gpw check --play under each of its variants, then its
// setup laid out and exported.
func TestDocsWorkedScenario(t *testing.T) {
	doc, err := os.ReadFile("../../docs/scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	block := func(marker, lang string) string {
		re := regexp.MustCompile("(?s)<!-- " + regexp.QuoteMeta(marker) + " -->\n```" + lang + "\n(.*?)```")
		m := re.FindSubmatch(doc)
		if m == nil {
			t.Fatalf("docs/scenarios.md has no %s block", marker)
		}
		return string(m[1])
	}
	dir := writeFiles(t, map[string]string{"typhoon.toml": block("typhoon.toml", "toml"), "typhoon.lua": block("typhoon.lua", "lua")})
	var out bytes.Buffer
	file := filepath.Join(dir, "typhoon.toml")
	if err := checkRun(&checkOptions{IO: &ioStreams{Out: &out}, Files: []string{file, filepath.Join(dir, "typhoon.lua")}, Play: true}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, w := range []string{"typhoon.toml: gdw: a bot game played to its end (Jan/Feb 1942:", "typhoon.toml: adc2: a bot game played to its end (Jan/Feb 1942:", "typhoon.toml: ok", "typhoon.lua: ok"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("gpw check --play lacks %q:\n%s", w, out.String())
		}
	}
	// the setup laid out by the automatic rule, exported, checked again
	var pout strings.Builder
	g, err := newGame(&runOptions{IO: &ioStreams{In: strings.NewReader(""), Out: &pout, Err: &pout}, gameOptions: gameOptions{Scenario: file}})
	if err != nil {
		t.Fatal(err)
	}
	p := newPlayer(g, &pout, false)
	for _, line := range []string{"place auto", "end", "place auto", "export " + filepath.Join(dir, "laid-out.toml")} {
		p.do(line)
	}
	if !strings.Contains(pout.String(), "16 units on fixed hexes") {
		t.Fatalf("export: %s", pout.String())
	}
	out.Reset()
	if err := checkRun(&checkOptions{IO: &ioStreams{Out: &out}, Files: []string{filepath.Join(dir, "laid-out.toml")}}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
}
