package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserSetupMode lays out a setup in a real browser: the designer
// places a unit, places it again elsewhere in its area, and exports the
// scenario; the export holds the unit on its new fixed hex.
func TestBrowserSetupMode(t *testing.T) {
	_, ts, c := newStreamedServer(t)
	up := &Upload{File: "mozhaisk.toml", Files: map[string]string{"mozhaisk.toml": mozhaisk, "mozhaisk.lua": "return function(R) return R end\n"}}
	tok := c.create(NewGame{Spec: Spec{Scenario: "mozhaisk", Upload: up}, Mode: "hotseat"})["both"]
	// the hexes of the unit's area, from the legal actions
	v := c.view(tok)
	var area []string
	for _, p := range v.Actions.Place {
		if p.Unit == "ger-40pz" {
			area = v.Actions.Areas[p.Area]
		}
	}
	if len(area) < 2 {
		t.Fatalf("ger-40pz: area %v", area)
	}
	b := newBrowser(t)
	b.do("load the board", chromedp.Navigate(ts.URL+"/play/"+tok))
	b.wait("the setup mode", `document.body.dataset.ready === 'true' && document.querySelector('#setup-tools')`)
	for _, hex := range []string{area[0], area[1]} {
		b.wait("the unit's button", `[...document.querySelectorAll('#place button.unit')].some((x) => x.textContent === 'ger-40pz')`)
		eval[bool](b, `(() => { [...document.querySelectorAll('#place button.unit')].find((x) => x.textContent === 'ger-40pz').click(); return true; })()`)
		b.clickHex(hex)
		b.wait("ger-40pz in "+hex, unitAt("ger-40pz", hex))
	}
	// the export the button downloads
	text := eval[string](b, `fetch(window.gpwBoard.api.base + '/setup.toml').then((r) => r.text())`)
	want := `units = ["ger-40pz"]` + "\n" + `hexes = ["` + area[1] + `"]`
	if !strings.Contains(text, want) {
		t.Errorf("the export lacks %q:\n%s", want, text)
	}
	b.do("export", chromedp.Click(chromedp.CSS(`#setup-export`), chromedp.NodeVisible))
	b.wait("the export's note", `document.querySelector('#setup-export-note').textContent.includes('Downloaded')`)
	if e := b.errors(); e != "" {
		t.Errorf("console errors:%s", e)
	}
}

// TestBrowserUploadScenario starts a game of a scenario of the player's
// own from the start page: its .toml and .lua chosen in the file input.
func TestBrowserUploadScenario(t *testing.T) {
	_, ts, _ := newStreamedServer(t)
	b := newBrowser(t)
	b.do("load the start page", chromedp.Navigate(ts.URL+"/"))
	b.wait("the scenario list", `document.querySelector('#scenario option[value="(upload)"]')`)
	js := fmt.Sprintf(`(() => {
		const scen = document.querySelector('#scenario');
		scen.value = '(upload)';
		scen.dispatchEvent(new Event('change'));
		const dt = new DataTransfer();
		dt.items.add(new File([%q], 'mozhaisk.toml'));
		dt.items.add(new File([%q], 'mozhaisk.lua'));
		document.querySelector('#upload').files = dt.files;
		document.querySelector('#mode').value = 'hotseat';
		document.querySelector('#auto').checked = false; // the designer lays out the setup
		document.querySelector('#create').click();
		return true;
	})()`, mozhaisk, "return function(R) return R end\n")
	eval[bool](b, js)
	b.wait("the board of the uploaded scenario", `location.pathname.startsWith('/play/') && document.body && document.body.dataset.ready === 'true' && document.querySelector('#setup-tools')`)
	if e := b.errors(); e != "" {
		t.Errorf("console errors:%s", e)
	}
}
