package main

import (
	"regexp"
	"strings"
	"testing"

	"gpw/interp"
)

// internals are what no line play prints may show, unless typed: Go's
// panics, stack traces and types, and addresses.
var internals = regexp.MustCompile(`goroutine \d|panic:|runtime error|\.go:\d|interface \{\}|makeslice|0x[0-9a-f]{8,}`)

// FuzzPlay types arbitrary lines at play's prompt, on the rulebook's
// river-and-forest battle (text and JSON): commands, queries, decisions,
// help and nonsense. Nothing may panic or print Go internals. save is
// left out: it would write files where the fuzzer says. A brief run:
//
//	go test ./cmd/gpw -run '^$' -fuzz '^FuzzPlay$' -fuzztime 20s -fuzzminimizetime 1s
func FuzzPlay(f *testing.F) {
	for _, s := range []string{
		attackLine + "\nretreat B-1604 B-1605\nnoadvance\nend\nreach sov-a\nmove sov-a B-1504 B-1505\nundo\nactions\nend",
		"phase\npreview B-1603 from B-1503 B-1602 B-1703\nunits soviet\nzoc axis\nsupply axis\nshow B-1605\nhelp",
		attackLine + "\nstand\nnostand\nadvance sov-a\nloss sov-a\nauto on\nend\nend\nend",
		"show\nzoc finns\nbogus\nmove\nrail x y\nplace\nrebuild\nattack\nretreat\nunits x y z\nreach",
	} {
		f.Add(s, false)
	}
	f.Add("units\nactions\nphase", true)
	f.Fuzz(func(t *testing.T, lines string, asJSON bool) {
		p, out := newTestPlayer(t, asJSON)
		p.g.Rules.SetBudget(interp.Budget{Call: 50 * 1e6, Command: 100 * 1e6, Memory: 64 << 20})
		for i, line := range strings.Split(lines, "\n") {
			if i == 200 {
				break
			}
			if w := strings.Fields(strings.ToLower(line)); len(w) > 0 && (w[0] == "save" || w[0] == "export") {
				continue
			}
			if p.do(line) {
				break
			}
			p.prompt()
		}
		typed := strings.ToLower(lines)
		for _, m := range internals.FindAllString(out.String(), -1) {
			if !strings.Contains(typed, strings.ToLower(m)) { // not an echo of what was typed
				t.Fatalf("play printed Go internals (%q):\n%s", m, out.String())
			}
		}
	})
}
