package serve

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gpw/game"
)

// The browser tests drive Debian's chromium (apt-get install chromium).
// Where there is none they skip, saying so (Go is all the other tests
// need); .ci/run installs chromium and sets GPW_BROWSER=required, so
// there a missing browser fails.

// browserPath finds chromium, or skips (fails with GPW_BROWSER=required).
func browserPath(t testing.TB) string {
	for _, p := range []string{os.Getenv("GPW_CHROMIUM"), "/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p == "" {
			continue
		}
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("GPW_BROWSER") == "required" {
		t.Fatal("no chromium found, and GPW_BROWSER=required (apt-get install chromium)")
	}
	t.Skip("SKIP: no chromium found: the browser tests need Debian's chromium (apt-get install chromium, or GPW_CHROMIUM=/path)")
	return ""
}

// browser starts a headless chromium with a fresh profile and no network
// of its own, and collects what the page writes to its console.
type browser struct {
	t       testing.TB
	ctx     context.Context
	mu      sync.Mutex
	console []chromedp.ConsoleMessage
}

func newBrowser(t testing.TB) *browser {
	path := browserPath(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1600, 1000),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelA() })
	b := &browser{t: t, ctx: ctx}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			b.mu.Lock()
			b.console = append(b.console, m)
			b.mu.Unlock()
		}
	}()
	return b
}

// do runs actions, failing the test on an error.
func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v%s", what, err, b.errors())
	}
}

// eval evaluates a JavaScript expression.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("%s: %v%s", expr, err, b.errors())
	}
	return v
}

// wait polls a JavaScript condition until it holds.
func (b *browser) wait(what, cond string) {
	b.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !eval[bool](b, "!!("+cond+")") {
		if time.Now().After(deadline) {
			b.shot("failed")
			b.t.Fatalf("waiting for %s (%s): timed out%s", what, cond, b.errors())
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// shot saves a screenshot in $GPW_SHOT_DIR, when it is set.
func (b *browser) shot(name string) {
	dir := os.Getenv("GPW_SHOT_DIR")
	if dir == "" {
		return
	}
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	if png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
		os.WriteFile(dir+"/"+name+".png", png, 0o644)
	}
}

// errors lists the console's errors and exceptions.
func (b *browser) errors() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, m := range b.console {
		if m.Type == chromedp.ConsoleError || m.IsException() {
			out = append(out, m.String())
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "\nconsole:\n  " + strings.Join(out, "\n  ")
}

// clickHex clicks (taps, on a touch screen) a hex's click target on the
// map, brought to the middle of the map first.
func (b *browser) clickHex(hex string) {
	b.t.Helper()
	eval[bool](b, fmt.Sprintf(`(window.gpwBoard.focus(%q, window.gpwBoard.map.zoom.k), true)`, hex))
	b.do("click "+hex, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#targets use[data-hex="%s"]`, hex)), chromedp.NodeVisible))
}

// TestBrowserPlay plays in a real browser: it loads the board, clicks a
// unit and sees its reach, moves it and takes the move back, attacks
// through the odds panel, ends phases, saves a screenshot and sees no
// console error.
func TestBrowserPlay(t *testing.T) {
	s := newTestServer(t)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { s.EndStreams(); ts.Close(); s.Close() }) // after the browser closes
	c := &client{t: t, ts: ts}
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "hotseat"})["both"]
	for c.view(tok).Status.Kind != "rail" {
		c.must(tok, "end")
	}
	rv := c.view(tok)
	var railUnit, railFrom, railTo string
	for id, hexes := range rv.Actions.Rail {
		if len(hexes) > 0 && (railUnit == "" || id < railUnit) {
			railUnit, railFrom, railTo = id, unitHex(rv, id), hexes[len(hexes)-1]
		}
	}
	if railUnit == "" {
		t.Fatal("no unit may move by rail in the first rail phase")
	}
	// the browser plays the rail phase below; the API the phases after it
	railDone := func() {
		for c.view(tok).Status.Kind != "move" {
			c.must(tok, "end")
		}
	}
	var v *View
	b := newBrowser(t)
	start := time.Now()
	b.do("load the board", chromedp.Navigate(ts.URL+"/play/"+tok))
	b.wait("the board", `document.body.dataset.ready === 'true' && document.querySelectorAll('#targets use').length > 1000`)
	t.Logf("board ready in %v", time.Since(start))
	b.wait("the counters", `document.querySelectorAll('#counters .counter').length > 20`)

	// a rail move: the unit's rail destinations are highlighted
	b.clickHex(railFrom)
	b.wait("the rail destinations of "+railUnit, `document.querySelectorAll('#overlay .reach').length > 0`)
	b.clickHex(railTo)
	b.wait("the rail move", unitAt(railUnit, railTo))
	railDone()
	b.wait("the movement phase", `document.querySelector('#phase').textContent.includes('(move)')`)
	v = c.view(tok)
	// a unit with somewhere to go
	var unit, from string
	var dest game.Reachable
	for _, id := range v.Actions.Move {
		var r struct {
			From  string           `json:"from"`
			Hexes []game.Reachable `json:"hexes"`
		}
		c.do("GET", "/api/g/"+tok+"/reach?unit="+id, nil, &r)
		for _, h := range r.Hexes {
			if h.End && len(h.Path) >= 2 {
				unit, from, dest = id, r.From, h
				break
			}
		}
		if unit != "" {
			break
		}
	}
	if unit == "" {
		t.Fatal("no unit of the first movement phase can move two hexes")
	}

	// click the unit: its reach is highlighted
	b.clickHex(from)
	b.wait("the reach of "+unit, `document.querySelectorAll('#overlay .reach').length > 0`)
	if n := eval[int](b, `document.querySelectorAll('#overlay .reach').length`); n < 2 {
		t.Errorf("reach of %s: %d hexes highlighted", unit, n)
	}
	// move it, then take the move back
	b.clickHex(dest.Hex)
	b.wait("the move in the log", fmt.Sprintf(`[...document.querySelectorAll('#log li')].some(li => li.textContent.startsWith(%q))`, unit+" moves"))
	b.wait("the unit in its new hex", fmt.Sprintf(`document.querySelector('#counters .counter[data-unit=%q]') && %s`, unit, unitAt(unit, dest.Hex)))
	b.wait("undo enabled", `!document.querySelector('#undo').disabled`)
	b.do("undo", chromedp.Click(chromedp.CSS("#undo"), chromedp.NodeVisible))
	b.wait("the unit back", unitAt(unit, from))
	if got := c.view(tok); len(got.Units) == 0 || unitHex(got, unit) != from {
		t.Errorf("after undo the server has %s in %s, want %s", unit, unitHex(got, unit), from)
	}
	// move it again and end the phase
	b.clickHex(from)
	b.wait("the reach again", `document.querySelectorAll('#overlay .reach').length > 0`)
	b.clickHex(dest.Hex)
	b.wait("moved again", unitAt(unit, dest.Hex))
	phase := eval[string](b, `document.querySelector('#phase').textContent`)
	b.do("end the phase", chromedp.Click(chromedp.CSS("#end"), chromedp.NodeVisible))
	// units may still move: the board asks once
	b.wait("the question", `document.querySelector('#confirm-end')`)
	b.do("end it after all", chromedp.Click(chromedp.CSS("#end-sure"), chromedp.NodeVisible))
	b.wait("the next phase", fmt.Sprintf(`document.querySelector('#phase').textContent !== %q`, phase))

	// on to the combat phase, then attack through the odds panel
	for c.view(tok).Status.Kind != "combat" {
		c.must(tok, "end")
	}
	b.wait("the combat phase", `document.querySelector('#phase').textContent.includes('combat')`)
	v = c.view(tok)
	if len(v.Actions.Attack) == 0 {
		t.Fatal("no attack possible in the first combat phase")
	}
	target := v.Actions.Attack[0]
	for _, tg := range v.Actions.Attack {
		var p struct {
			Column string `json:"column"`
		}
		if c.do("GET", "/api/g/"+tok+"/preview?hex="+tg.Hex+"&from="+strings.Join(tg.From, ","), nil, &p) == 200 {
			target = tg
			break
		}
	}
	b.clickHex(target.Hex)
	b.wait("the odds panel", `document.querySelector('#odds') && document.querySelector('#odds table.chances') && !document.querySelector('#roll').disabled`)
	odds := eval[string](b, `document.querySelector('#odds').textContent`)
	if !strings.Contains(odds, "column") || !strings.Contains(odds, "%") {
		t.Errorf("odds panel shows %q", odds)
	}
	b.do("roll", chromedp.Click(chromedp.CSS("#roll"), chromedp.NodeVisible))
	b.wait("the battle in the log", `document.querySelector('#log li.ev-combat .die')`)
	// a battle may wait for a decision: take the first option offered
	for i := 0; i < 10 && eval[bool](b, `!!document.querySelector('#decision button.option')`); i++ {
		n := eval[int](b, `window.gpwBoard.view.version`)
		b.do("decide", chromedp.Click(chromedp.CSS("#decision button.option"), chromedp.NodeVisible))
		b.wait("the decision taken", fmt.Sprintf(`window.gpwBoard.view.version > %d`, n))
	}
	b.wait("no decision pending", `!document.querySelector('#decision') && !document.querySelector('#end').disabled`)
	phase = eval[string](b, `document.querySelector('#phase').textContent`)
	b.do("end the combat phase", chromedp.Click(chromedp.CSS("#end"), chromedp.NodeVisible))
	if eval[bool](b, `!!document.querySelector('#end-sure')`) {
		b.do("end it after all", chromedp.Click(chromedp.CSS("#end-sure"), chromedp.NodeVisible))
	}
	b.wait("the next phase", fmt.Sprintf(`document.querySelector('#phase').textContent !== %q`, phase))

	// a screenshot of the game in progress: a unit's reach near the battle
	b.do("overlay", chromedp.Click(chromedp.CSS("#ov-zoc-soviet"), chromedp.NodeVisible))
	b.wait("the zoc overlay", `document.querySelectorAll('#overlay .ov-zoc').length > 10`)
	v = c.view(tok)
	if v.Actions != nil && len(v.Actions.Move) > 0 {
		// the unit that reaches most hexes
		near, most := v.Actions.Move[0], 0
		for _, id := range v.Actions.Move {
			var r struct {
				Hexes []game.Reachable `json:"hexes"`
			}
			c.do("GET", "/api/g/"+tok+"/reach?unit="+id, nil, &r)
			if len(r.Hexes) > most {
				near, most = id, len(r.Hexes)
			}
		}
		h := unitHex(v, near)
		eval[bool](b, fmt.Sprintf(`(window.gpwBoard.focus(%q, 2.4), true)`, h))
		b.clickHex(h)
		b.wait("the reach", `document.querySelectorAll('#overlay .reach').length > 0`)
	}
	var shot []byte
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	out := os.Getenv("GPW_SCREENSHOT")
	if out == "" {
		out = t.TempDir() + "/board.png"
	}
	if err := os.WriteFile(out, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", out, len(shot))
	if e := b.errors(); e != "" {
		t.Errorf("the page wrote errors:%s", e)
	}
}

// unitAt is a JavaScript test that the board shows unit in hex.
func unitAt(unit, hex string) string {
	return fmt.Sprintf(`(() => { const b = window.gpwBoard; const u = b && b.units && b.units.get(%q); return !!u && u.hex === %q; })()`, unit, hex)
}

func unitHex(v *View, unit string) string {
	for _, u := range v.Units {
		if u.ID == unit {
			return u.Hex
		}
	}
	return ""
}

// TestBrowserStepping steps back and forth through a finished game.
func TestBrowserStepping(t *testing.T) {
	s := newTestServer(t)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { s.EndStreams(); ts.Close(); s.Close() })
	c := &client{t: t, ts: ts}
	links := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "hotseat"})
	playBattle(t, c, links["both"])
	end := c.view(links["both"])
	b := newBrowser(t)
	b.do("load", chromedp.Navigate(ts.URL+"/play/"+links["spectator"]))
	b.wait("the board", `document.body.dataset.ready === 'true' && document.querySelector('#replay')`)
	b.wait("the revealed dice", `document.querySelector('.dice').textContent.includes('revealed')`)
	b.wait("the victory panel", `document.querySelector('#victory')`)
	at := func(n int) string {
		return fmt.Sprintf(`document.querySelector('#replay span').textContent.trim() === '%d / %d'`, n, end.Version)
	}
	b.wait("the last step", at(end.Version))
	for n := end.Version - 1; n >= 0; n-- {
		b.do("back", chromedp.Click(chromedp.CSS("#back"), chromedp.NodeVisible))
		b.wait(fmt.Sprintf("step %d", n), at(n))
	}
	b.wait("ger-1 back in its hex", unitAt("ger-1", "B-1603"))
	b.do("forward", chromedp.Click(chromedp.CSS("#fwd"), chromedp.NodeVisible))
	b.wait("step 1", at(1))
	b.wait("the battle in the log", `document.querySelector('#log li.ev-combat .die')`)
	// the start page lists the game this browser opened
	b.do("start page", chromedp.Navigate(ts.URL+"/"))
	b.wait("your games", fmt.Sprintf(`document.querySelector('#yours a[href="/play/%s"]')`, links["spectator"]))
	if e := b.errors(); e != "" {
		t.Errorf("the page wrote errors:%s", e)
	}
}
