package game

import (
	"fmt"
	"path/filepath"
	"testing"
)

// A module's gpw.hex(h).fortified says whether the scenario fortifies
// the hex ([[fortification]]).
func TestLuaHexFortified(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"fortseen.lua": `local R = require("base")
R.id = "fortseen"
function R.after_move(u, how, path)
  gpw.emit("fort", "fortified?", {"hex", u.hex, "fortified", gpw.hex(u.hex).fortified})
end
return R
`})
	toml := fmt.Sprintf(board, "soviet-general") + unitTOML("sov-a", "soviet", "infantry", 8, 4, 6, "B-1503") +
		"\n[[fortification]]\nname = \"Line\"\nhexes = [\"B-1403\"]\n"
	g, evs := newTestGame(t, toml, Options{Rules: filepath.Join(dir, "fortseen.lua")})
	script(t, g, "move sov-a B-1403")
	g2, evs2 := newTestGame(t, toml, Options{Rules: filepath.Join(dir, "fortseen.lua")})
	script(t, g2, "move sov-a B-1504")
	for _, c := range []struct {
		evs  []Event
		want any
	}{{*evs, true}, {*evs2, false}} {
		fs := find(c.evs, "fort")
		if len(fs) != 1 {
			t.Fatalf("fort events: %v", fs)
		}
		got := any(nil)
		for _, f := range fs[0].Fields {
			if f.K == "fortified" {
				got = f.V
			}
		}
		if got != c.want {
			t.Errorf("%s: fortified %v, want %v", fs[0].Text, got, c.want)
		}
	}
}
