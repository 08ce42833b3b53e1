package serve

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserStartHouseRules: the start page offers the server's built-in
// house modules (GET /api/rules) beside the scenario's variants, the
// file input only for a module of one's own; a game started under one is
// played under it.
func TestBrowserStartHouseRules(t *testing.T) {
	s, ts, c := newStreamedServer(t)
	b := newBrowser(t)
	b.do("the start page", chromedp.Navigate(ts.URL+"/"))
	b.wait("the house rules listed", `document.querySelector('#rules option[value="house/frost"]')`)
	got := eval[[]string](b, `[...document.querySelectorAll('#rules option')].map((o) => o.value)`)
	for _, want := range s.lib.HouseModules() {
		if !strings.Contains(strings.Join(got, " "), want) {
			t.Errorf("the rules offered %v lack %s", got, want)
		}
	}
	if !eval[bool](b, `document.querySelector('#module').closest('label').hidden`) {
		t.Error("the file input shows while a variant is chosen")
	}
	eval[bool](b, `(() => {
		const r = document.querySelector('#rules'); r.value = 'house/frost'; r.dispatchEvent(new Event('change'));
		const m = document.querySelector('#mode'); m.value = 'hotseat'; m.dispatchEvent(new Event('change'));
		return true;
	})()`)
	b.do("start", chromedp.Click(chromedp.CSS("#create"), chromedp.NodeVisible))
	b.wait("the board", `location.pathname.startsWith('/play/') && document.body && document.body.dataset.ready === 'true'`)
	tok := strings.TrimPrefix(eval[string](b, `location.pathname`), "/play/")
	if v := c.view(tok); v.Game.Rules != "frost" {
		t.Errorf("the game's rules: %q, want frost", v.Game.Rules)
	}
	if e := b.errors(); e != "" {
		t.Errorf("the page wrote errors:%s", e)
	}
}
