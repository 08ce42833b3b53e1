package serve

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
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
	_, ts, c := newStreamedServer(t) // after the browser closes
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
		c.endUntil(tok, "move")
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
	t.Logf("the move answered and drawn: %s", eval[string](b, `JSON.stringify(window.gpwBoard.timing, (k, v) => typeof v === 'number' ? Math.round(v * 10) / 10 : v)`))
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
	_, ts, c := newStreamedServer(t)
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

// counterWidths is a JavaScript expression: the least width on screen of
// the counters whose middle is on the visible map, and how many there are.
const counterWidths = `(() => {
	const box = document.querySelector('#mapbox').getBoundingClientRect();
	const sheet = document.querySelector('#side').getBoundingClientRect();
	const bottom = getComputedStyle(document.querySelector('#side')).position === 'absolute' ? sheet.top : box.bottom;
	let least = 1e9, n = 0;
	for (const c of document.querySelectorAll('#counters .counter')) {
		const r = c.querySelector('rect').getBoundingClientRect();
		const x = r.left + r.width / 2, y = r.top + r.height / 2;
		if (x < box.left || x > box.right || y < box.top || y > bottom) continue;
		least = Math.min(least, r.width); n++;
	}
	return [least, n, box.width, bottom - box.top];
})()`

// noNull is a JavaScript test that the page nowhere says null or undefined.
const noNull = `!/\b(null|undefined|NaN)\b/.test(document.body.innerText)`

// shotTo saves a screenshot to dir/name when dir is set.
func (b *browser) shotTo(dir, name string) {
	if dir == "" {
		return
	}
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/"+name, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// TestBrowserLegible opens a solo game on a 1400×900 laptop and on a
// 390×844 phone (touch): at the first view the counters are at least 28
// and 24 px wide, the phone's map at least 300×300 px, and neither the
// start page nor the board says null or undefined. GPW_DOC_SHOTS=dir
// saves the screenshots of docs/serve.md there.
func TestBrowserLegible(t *testing.T) {
	_, ts, c := newStreamedServer(t)
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "solo", Side: "axis"})["axis"]
	dir := os.Getenv("GPW_DOC_SHOTS")
	for _, tc := range []struct {
		name       string
		w, h       int64
		phone      bool
		least      float64
		mapW, mapH float64
	}{
		{"laptop", 1400, 900, false, 28, 800, 600},
		{"phone", 390, 844, true, 24, 300, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBrowser(t)
			var opts []chromedp.EmulateViewportOption
			if tc.phone {
				opts = append(opts, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch)
			}
			b.do("the screen", chromedp.EmulateViewport(tc.w, tc.h, opts...))
			b.do("the start page", chromedp.Navigate(ts.URL+"/"))
			b.wait("the start page", `document.querySelector('#create') && document.querySelector('#scenario option')`)
			if !eval[bool](b, noNull) {
				t.Errorf("the start page says: %q", eval[string](b, `document.body.innerText`))
			}
			if eval[bool](b, `!document.querySelector('.computer').hidden`) != true {
				t.Error("solo: the computer's level is hidden")
			}
			eval[bool](b, `(() => { const m = document.querySelector('#mode'); m.value = 'hotseat'; m.dispatchEvent(new Event('change')); return true; })()`)
			if !eval[bool](b, `document.querySelector('.computer').offsetParent === null && document.querySelector('.yourside').offsetParent === null`) {
				t.Error(`hot-seat: "Your side" or "Computer" still shown`)
			}
			b.do("the board", chromedp.Navigate(ts.URL+"/play/"+tok))
			b.wait("the board", `document.body.dataset.ready === 'true' && document.querySelectorAll('#counters .counter').length > 20`)
			t.Logf("%s: board ready %s ms after the page's start (cold: a fresh profile)", tc.name, eval[string](b, `document.body.dataset.readyMs`))
			m := eval[[]float64](b, counterWidths)
			t.Logf("%s: least counter %.1f px, %.0f counters on the visible map of %.0f×%.0f px", tc.name, m[0], m[1], m[2], m[3])
			if m[1] < 5 || m[0] < tc.least {
				t.Errorf("%s: %.0f counters shown, the least %.1f px wide; want ≥5 and ≥%.0f px", tc.name, m[1], m[0], tc.least)
			}
			if m[2] < tc.mapW || m[3] < tc.mapH {
				t.Errorf("%s: the map shows %.0f×%.0f px, want ≥%.0f×%.0f", tc.name, m[2], m[3], tc.mapW, tc.mapH)
			}
			if !eval[bool](b, noNull) {
				t.Errorf("the board says null or undefined: %q", eval[string](b, `document.body.innerText`))
			}
			b.shotTo(dir, "serve-"+tc.name+".png")
			// a stack fans out under the pointer or the finger
			stacked := eval[string](b, `(() => { const n = new Map(); for (const u of window.gpwBoard.view.units) if (u.hex) n.set(u.hex, (n.get(u.hex) || 0) + 1); for (const [h, k] of n) if (k > 1) return h; return ''; })()`)
			if stacked != "" {
				eval[bool](b, fmt.Sprintf(`(window.gpwBoard.focus(%q, window.gpwBoard.map.zoom.k), window.gpwBoard.hoverHex(%q), true)`, stacked, stacked))
				w := eval[float64](b, fmt.Sprintf(`(() => { const rs = [...document.querySelectorAll('#counters .stack.open[data-hex=%q] .counter > rect:first-child')].map((r) => r.getBoundingClientRect()); return rs.length > 1 ? Math.max(...rs.map((r) => r.right)) - Math.min(...rs.map((r) => r.left)) : 0; })()`, stacked))
				if least := m[0]; w < 1.9*least {
					t.Errorf("the stack in %s spans %.0f px open, want its counters side by side (≥ %.0f)", stacked, w, 1.9*least)
				}
			}
			if tc.phone {
				// the sheet: pulled up, hidden, back
				for _, want := range []string{"full", "closed", "peek"} {
					b.tap("#sheet")
					time.Sleep(300 * time.Millisecond) // the sheet slides
					if !eval[bool](b, fmt.Sprintf(`document.querySelector('#side').classList.contains(%q)`, want)) {
						t.Errorf("the sheet after a tap: %q, want %s", eval[string](b, `document.querySelector('#side').className`), want)
					}
				}
			}
			// the zoom is kept across a reload
			eval[bool](b, `(window.gpwBoard.map.zoomBy(1.5), true)`)
			k := eval[float64](b, `window.gpwBoard.map.zoom.k`)
			time.Sleep(400 * time.Millisecond)
			b.do("reload", chromedp.Reload())
			b.wait("the board again", `document.body.dataset.ready === 'true'`)
			if got := eval[float64](b, `window.gpwBoard.map.zoom.k`); got != k {
				t.Errorf("zoom after a reload: %v, want %v", got, k)
			}
			if e := b.errors(); e != "" {
				t.Errorf("the page wrote errors:%s", e)
			}
		})
	}
}

// tapHex taps a hex's target on the map, brought to the middle first.
func (b *browser) tapHex(hex string) {
	b.t.Helper()
	eval[bool](b, fmt.Sprintf(`(window.gpwBoard.focus(%q, window.gpwBoard.map.zoom.k), true)`, hex))
	b.do("tap "+hex, chromedp.Tap(chromedp.CSS(fmt.Sprintf(`#targets use[data-hex="%s"]`, hex)), chromedp.NodeVisible))
}

// tap taps a button.
func (b *browser) tap(css string) {
	b.t.Helper()
	b.do("tap "+css, chromedp.Tap(chromedp.CSS(css), chromedp.NodeVisible))
}

// TestBrowserTaps plays the Axis against the computer on a phone by taps
// only, until it has settled a retreat, a loss and an advance on the map
// (tapping the destination hex, the unit that takes the loss, the unit
// that advances). The dice are the game's own: it attacks at full
// strength for retreats and advances, with one unit (the lowest odds)
// for an attacker's loss, over up to three turns.
func TestBrowserTaps(t *testing.T) {
	if testing.Short() {
		t.Skip("a long browser game")
	}
	_, ts, c := newStreamedServer(t)
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "solo", Side: "axis", Computer: "random"})["axis"]
	b := newBrowser(t)
	b.do("a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
	b.do("the board", chromedp.Navigate(ts.URL+"/play/"+tok))
	b.wait("the board", `document.body.dataset.ready === 'true'`)
	eval[bool](b, `(localStorage.setItem('gpw-confirm-end', 'on'), true)`)
	seen := map[string]bool{}
	version := func() int { return eval[int](b, `window.gpwBoard.view.version`) }
	after := func(what string, n int) {
		b.t.Helper()
		b.wait(what, fmt.Sprintf(`window.gpwBoard.view.version > %d && !window.gpwBoard.busy`, n))
	}
	dir := os.Getenv("GPW_DOC_SHOTS")
	for i := 0; i < 400 && !(seen["retreat"] && seen["loss"] && seen["advance"]); i++ {
		v := c.waitFor(tok, func(v *View) bool { return v.YouAct || v.Status.Over })
		if v.Status.Over || v.Status.Turn == "Sep/Oct 1941" {
			break
		}
		b.wait("the board's view", fmt.Sprintf(`window.gpwBoard.view.version >= %d`, v.Version))
		n := version()
		a := v.Actions
		switch {
		case a.Decision != nil:
			d := a.Decision
			var hex string
			for _, o := range d.Options {
				if o.Side != "axis" {
					continue
				}
				if len(o.Path) > 0 {
					hex = o.Path[len(o.Path)-1]
					break
				}
				if f := strings.Fields(o.Command); len(f) == 2 && (f[0] == "loss" || f[0] == "advance") {
					hex = unitHex(v, f[1])
					break
				}
			}
			if hex == "" && slices.ContainsFunc(d.Options, func(o Option) bool { return o.Command == "nostand" }) {
				// a stand election (the dice of the computer's attack ask
				// one): its button, in words
				b.do("tap nostand", chromedp.Tap(chromedp.Search(`//div[@id='decision']//button[normalize-space()='Do not stand: retreat']`), chromedp.NodeVisible))
				after("the stand election", n)
				t.Log("a stand election answered by a tap on its button")
				continue
			}
			if hex == "" {
				t.Fatalf("a %s decision with nothing to tap: %+v", d.Kind, d.Options)
			}
			if d.Kind == "retreat" && !seen["retreat"] {
				b.shotTo(dir, "serve-retreat.png")
			}
			b.tapHex(hex)
			if eval[bool](b, `!!(document.querySelector('#decision') && window.gpwBoard.sel && window.gpwBoard.sel.kind === 'pick')`) {
				b.tap("#decision button.option") // a stack: the unit chosen below the map
			}
			after("the "+d.Kind+" decided", n)
			seen[d.Kind] = true
			t.Logf("%s settled by a tap on %s", d.Kind, hex)
		case v.Status.Kind == "combat" && len(a.Attack) > 0:
			tg := a.Attack[0]
			b.tapHex(tg.Hex)
			b.wait("the odds", `document.querySelector('#odds')`)
			if seen["retreat"] && seen["advance"] && !seen["loss"] && len(tg.From) > 1 {
				// one attacker: the lowest odds, where the attacker loses
				for _, h := range tg.From[1:] {
					if eval[bool](b, `!!document.querySelector('#odds')`) {
						b.tapHex(h)
					}
				}
			}
			time.Sleep(150 * time.Millisecond)
			b.wait("the odds weighed", `!window.gpwBoard.busy`)
			if !eval[bool](b, `!!document.querySelector('#roll') && !document.querySelector('#roll').disabled`) {
				// too weak alone: all of them
				b.tapHex(tg.Hex)
				b.tapHex(tg.Hex)
				b.wait("the odds again", `document.querySelector('#roll') && !document.querySelector('#roll').disabled`)
			}
			b.tap("#roll")
			after("the battle", n)
		default:
			b.tap("#end")
			if eval[bool](b, `!!document.querySelector('#end-sure')`) {
				b.tap("#end-sure")
			}
			after("the phase ended", n)
		}
	}
	if dir != "" {
		// the last turn's moves and battles, on a laptop
		b.do("a laptop", chromedp.EmulateViewport(1400, 900))
		eval[bool](b, `(window.gpwBoard.frame(), true)`)
		time.Sleep(300 * time.Millisecond)
		b.shotTo(dir, "serve-last-turn.png")
	}
	for _, k := range []string{"retreat", "loss", "advance"} {
		if !seen[k] {
			t.Errorf("no %s decision met in the game", k)
		}
	}
	if !eval[bool](b, noNull) {
		t.Errorf("the board says null or undefined: %q", eval[string](b, `document.body.innerText`))
	}
	// the odds of one attacker alone may be refused (422): not an error of the page
	for _, line := range strings.Split(b.errors(), "\n") {
		if strings.Contains(line, "error") && !strings.Contains(line, "status of 422") {
			t.Errorf("the page wrote: %s", line)
		}
	}
}

// TestBrowserLobby: a network game's Soviet side offered in the lobby is
// taken from the start page, and its two players chat.
func TestBrowserLobby(t *testing.T) {
	_, ts, c := newStreamedServer(t)
	links := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "network"})
	if code := c.do("POST", "/api/lobby", map[string]string{"token": links["soviet"]}, nil); code != 200 {
		t.Fatalf("offer: %d", code)
	}
	b := newBrowser(t)
	b.do("the start page", chromedp.Navigate(ts.URL+"/"))
	b.wait("the open game", `document.querySelector('#lobby button.join')`)
	b.do("join", chromedp.Click(chromedp.CSS("#lobby button.join"), chromedp.NodeVisible))
	b.wait("the board of the free side", fmt.Sprintf(`location.pathname === '/play/%s' && document.body && document.body.dataset.ready === 'true'`, links["soviet"]))
	b.wait("the chat", `document.querySelector('#chat-text')`)
	b.do("say", chromedp.SendKeys(chromedp.CSS("#chat-text"), "ready when you are\n"))
	b.wait("the message shown", `[...document.querySelectorAll('#chat .messages li')].some((li) => li.textContent === 'soviet: ready when you are')`)
	var got struct {
		Messages []ChatLine `json:"messages"`
	}
	c.do("GET", "/api/g/"+links["axis"]+"/chat", nil, &got)
	if len(got.Messages) != 1 || got.Messages[0].Text != "ready when you are" {
		t.Errorf("the axis reads %+v", got.Messages)
	}
	// the axis answers: the soviet page hears of it
	c.do("POST", "/api/g/"+links["axis"]+"/chat", map[string]string{"text": "go"}, nil)
	b.wait("the answer", `[...document.querySelectorAll('#chat .messages li')].some((li) => li.textContent === 'axis: go')`)
	if e := b.errors(); e != "" {
		t.Errorf("the page wrote errors:%s", e)
	}
}

// TestBrowserModuleUses draws what the view may carry from the rules
// module and the hidden information: a command's uses tinted on the map
// and sent by a tap (the line as given), and an enemy unit the side may
// not see whole drawn as an unknown counter. The view is the engine's,
// with those parts added in the page.
func TestBrowserModuleUses(t *testing.T) {
	_, ts, c := newStreamedServer(t)
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "hotseat"})["both"]
	c.endUntil(tok, "move")
	v := c.view(tok)
	var mine, theirs string
	for _, u := range v.Units {
		if u.Hex != "" && u.Side == "axis" && mine == "" {
			mine = u.ID
		}
		if u.Hex != "" && u.Side == "soviet" && theirs == "" {
			theirs = u.Hex
		}
	}
	b := newBrowser(t)
	b.do("the board", chromedp.Navigate(ts.URL+"/play/"+tok))
	b.wait("the board", `document.body.dataset.ready === 'true'`)
	eval[bool](b, fmt.Sprintf(`(() => {
		const b = window.gpwBoard;
		window.sent = [];
		b.send = async (line) => { window.sent.push(line); };
		b.view.actions.module = [{word: 'fortify', help: 'fortify a hex', uses: [{line: 'fortify A-1214', hexes: ['A-1214'], text: 'fortify A-1214'}, {line: 'fortify %[1]s', units: [%[1]q]}]}];
		b.view.units.push({id: 'sov-unknown', side: 'soviet', hex: %[2]q, hidden: true});
		b.render();
		return true;
	})()`, mine, theirs))
	b.do("the command", chromedp.Click(chromedp.CSS(`#module button[data-word="fortify"]`), chromedp.NodeVisible))
	if n := eval[int](b, `document.querySelectorAll('#overlay .reach.module').length`); n != 2 {
		t.Errorf("%d hexes tinted for the command's uses, want 2", n)
	}
	b.clickHex("A-1214")
	b.wait("the use sent", `window.sent.length === 1`)
	if got := eval[string](b, `window.sent[0]`); got != "fortify A-1214" {
		t.Errorf("sent %q", got)
	}
	if !eval[bool](b, `!!document.querySelector('#counters .counter.hidden[data-unit="sov-unknown"]')`) {
		t.Error("no unknown counter for the hidden unit")
	}
	eval[bool](b, fmt.Sprintf(`(window.gpwBoard.hoverHex(%q), true)`, theirs))
	if h := eval[string](b, `document.querySelector('#hover').textContent`); !strings.Contains(h, "soviet unit (unknown)") {
		t.Errorf("hovering the hidden unit: %q", h)
	}
	if !eval[bool](b, noNull) {
		t.Errorf("the board says null or undefined: %q", eval[string](b, `document.body.innerText`))
	}
	if e := b.errors(); e != "" {
		t.Errorf("the page wrote errors:%s", e)
	}
}

// TestBrowserReplayTurn plays the last player turn again on the map, from
// its first position to the turn now.
func TestBrowserReplayTurn(t *testing.T) {
	_, ts, c := newStreamedServer(t)
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "hotseat"})["both"]
	for !strings.HasPrefix(c.view(tok).Status.Phase, "soviet") {
		c.must(tok, "end")
	}
	b := newBrowser(t)
	b.do("the board", chromedp.Navigate(ts.URL+"/play/"+tok))
	b.wait("the board", `document.body.dataset.ready === 'true' && document.querySelector('#replay-turn')`)
	b.do("replay", chromedp.Click(chromedp.CSS("#replay-turn"), chromedp.NodeVisible))
	b.wait("the turn's start", `window.gpwBoard.replay && document.querySelector('#phase').textContent.startsWith('axis')`)
	b.wait("back to now", `!window.gpwBoard.playing && !window.gpwBoard.replay && document.querySelector('#phase').textContent.startsWith('soviet')`)
	if e := b.errors(); e != "" {
		t.Errorf("the page wrote errors:%s", e)
	}
}

// TestBrowserADC2 opens a game under ADC2: the module's command words are
// buttons beside the other actions, and the page writes no error.
func TestBrowserADC2(t *testing.T) {
	_, ts, c := newStreamedServer(t)
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", Rules: "adc2", AutoSetup: true}, Mode: "hotseat"})["both"]
	var words []string
	for i := 0; i < 12 && len(words) == 0; i++ {
		v := c.view(tok)
		if v.Actions != nil {
			for _, m := range v.Actions.Module {
				words = append(words, m.Word)
			}
		}
		if len(words) == 0 {
			c.must(tok, "end")
		}
	}
	b := newBrowser(t)
	b.do("the board", chromedp.Navigate(ts.URL+"/play/"+tok))
	b.wait("the board", `document.body.dataset.ready === 'true' && document.querySelectorAll('#counters .counter').length > 20`)
	for _, w := range words {
		if !eval[bool](b, fmt.Sprintf(`!!document.querySelector('#module button[data-word=%q]')`, w)) {
			t.Errorf("no button for the module's %q", w)
		}
	}
	t.Logf("the module's words: %v", words)
	if !eval[bool](b, noNull) {
		t.Errorf("the board says null or undefined: %q", eval[string](b, `document.body.innerText`))
	}
	if e := b.errors(); e != "" {
		t.Errorf("the page wrote errors:%s", e)
	}
}

// BenchmarkMoveDrawn is a move in the browser, from the tap on its
// destination to the board showing the server's answer (the command
// answered, the view read and drawn), then undone; it also reports the
// time to draw the unit in its new hex at once (drawn-ms) and the
// server's answer alone (answered-ms).
func BenchmarkMoveDrawn(b *testing.B) {
	_, ts, c := newStreamedServer(b)
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/campaign", AutoSetup: true}, Mode: "hotseat"})["both"]
	c.endUntil(tok, "move")
	v := c.view(tok)
	var unit, from, to string
	for _, id := range v.Actions.Move {
		var r struct {
			From  string           `json:"from"`
			Hexes []game.Reachable `json:"hexes"`
		}
		c.do("GET", "/api/g/"+tok+"/reach?unit="+id, nil, &r)
		for _, h := range r.Hexes {
			if h.End && len(h.Path) >= 2 {
				unit, from, to = id, r.From, h.Hex
				break
			}
		}
		if unit != "" {
			break
		}
	}
	br := newBrowser(b)
	br.do("the board", chromedp.Navigate(ts.URL+"/play/"+tok))
	br.wait("the board", `document.body.dataset.ready === 'true'`)
	var drawn, answered float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		br.clickHex(from)
		br.wait("the reach", `document.querySelectorAll('#overlay .reach').length > 0`)
		eval[bool](br, fmt.Sprintf(`(window.gpwBoard.focus(%q, window.gpwBoard.map.zoom.k), true)`, to))
		b.StartTimer()
		br.do("move", chromedp.Click(chromedp.CSS(fmt.Sprintf(`#targets use[data-hex="%s"]`, to)), chromedp.NodeVisible))
		br.wait("the answer drawn", fmt.Sprintf(`!window.gpwBoard.busy && window.gpwBoard.view.units.some((u) => u.id === %q && u.hex === %q)`, unit, to))
		b.StopTimer()
		drawn += eval[float64](br, `window.gpwBoard.timing.shown || 0`)
		answered += eval[float64](br, `window.gpwBoard.timing.command`)
		c.must(tok, "undo")
		br.wait("undone", fmt.Sprintf(`window.gpwBoard.view.units.some((u) => u.id === %q && u.hex === %q)`, unit, from))
		b.StartTimer()
	}
	b.ReportMetric(drawn/float64(b.N), "drawn-ms")
	b.ReportMetric(answered/float64(b.N), "answered-ms")
}
