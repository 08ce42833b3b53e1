package serve

import (
	"math"
	"net/http"
	"strings"
	"testing"

	"gpw/game"
)

// probeModule makes an attack fail in its result hook after the die is
// drawn, naming the result, while the game's "probe" value is set: the
// issue's dice oracle. The one who picks the module probes battle k's
// die, turns the probe off and attacks for real.
const probeModule = `local R = require("base")
R.id = "probe"
R.store = R.store or {}
R.store.game = R.store.game or {}
R.store.game.probe = "number"
R.commands = R.commands or {}
R.commands.probe = function(on)
  gpw.set("probe", on == "on" and 1 or 0)
  return true
end
for _, code in ipairs({ "NE", "DR", "DRL", "DE", "AL", "EX" }) do
  local f = R.results[code]
  if f then
    R.results[code] = function(b)
      if gpw.get("probe") == 1 then error("probe says " .. code .. ";") end
      return f(b)
    end
  end
end
return R
`

// The probe against the server: the result it names predicts the real
// attack's result no better than chance, because the probe's dice are
// spent; the failure is in the record for both sides, and the record
// still verifies.
func TestNoDiceOracle(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	const games = 24
	const attack = "attack B-1603 from B-1503 B-1602 B-1703 B-1704"
	hits, expect, variance := 0, 0.0, 0.0
	for range games {
		links := c.create(NewGame{Spec: Spec{Scenario: battle, Module: &Module{Name: "probe.lua", Source: probeModule}}, Mode: "network"})
		tok := links["soviet"]
		c.must(tok, "probe on")
		code, rf := c.command(tok, attack)
		if code == http.StatusOK || rf == nil || !strings.Contains(rf.Msg, "probe says ") {
			t.Fatalf("the probe: %d %v", code, rf)
		}
		probed := strings.Fields(rf.Msg[strings.Index(rf.Msg, "probe says ")+len("probe says "):])[0]
		probed = strings.TrimSuffix(probed, ";")
		c.must(tok, "probe off")
		var res struct {
			Step struct{ Events []map[string]any }
		}
		if code := c.do("POST", "/api/g/"+tok+"/command", CommandRequest{Command: attack}, &res); code != http.StatusOK {
			t.Fatalf("the attack: %d", code)
		}
		var result, column string
		for _, ev := range res.Step.Events {
			if ev["event"] == "combat" {
				result, _ = ev["result"].(string)
				column, _ = ev["column"].(string)
			}
		}
		if result == "" {
			t.Fatalf("no combat event in %+v", res.Step)
		}
		if result == probed {
			hits++
		}
		// chance: how often the column gives the probed result
		p := resultShare(t, s, tok, column, probed)
		expect += p
		variance += p * (1 - p)

		// both sides see the failure: in the record and in the log
		var rec Record
		c.do("GET", "/api/g/"+links["axis"]+"/record", nil, &rec)
		var marks int
		for _, en := range rec.Entries {
			if strings.HasPrefix(en.Command, game.SpentMark) {
				marks++
			}
		}
		if marks != 1 {
			t.Fatalf("the record holds %d spent marks, want 1: %+v", marks, rec.Entries)
		}
		found := false
		for _, ln := range c.view(links["axis"]).Log {
			if strings.Contains(ln.Text, "are spent") {
				found = true
			}
		}
		if !found {
			t.Error("the other side's log does not show the spent dice")
		}
	}
	bound := expect + 3*math.Sqrt(variance) + 0.5
	t.Logf("the probe named the result %d times in %d games; chance %.1f (bound %.1f)", hits, games, expect, bound)
	if hits >= games || float64(hits) > bound {
		t.Errorf("the probe predicted %d of %d results; chance is %.1f", hits, games, expect)
	}
}

// resultShare is the share of the six dice that give result in column
// under the game's rules.
func resultShare(t *testing.T, s *Server, tok, column, result string) float64 {
	l, _, err := s.game(tok)
	if err != nil {
		t.Fatal(err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	r := l.e.g.Rules
	col := -1
	for i, c := range r.CRTColumns {
		if c == column {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("no column %q", column)
	}
	n := 0
	for _, row := range r.CRT {
		if row[col] == result {
			n++
		}
	}
	return float64(n) / float64(len(r.CRT))
}

// The game's record with spent dice verifies once the game is over, and a
// game read back from the database after spent dice goes on as it was.
func TestSpentDiceReplay(t *testing.T) {
	dir := t.TempDir()
	s := startTestServer(t, dir+"/gpw.db")
	c := newClient(t, s)
	links := c.create(NewGame{Spec: Spec{Scenario: battle, Module: &Module{Name: "probe.lua", Source: probeModule}}, Mode: "hotseat"})
	tok := links["both"]
	c.must(tok, "probe on")
	if code, _ := c.command(tok, "attack B-1603 from B-1503 B-1602 B-1703 B-1704"); code == http.StatusOK {
		t.Fatal("the probe passed")
	}
	c.must(tok, "probe off")
	c.must(tok, "attack B-1603 from B-1503 B-1602 B-1703 B-1704")
	before := c.view(tok)
	s.Close()
	s2 := startTestServer(t, dir+"/gpw.db")
	defer s2.Close()
	c2 := newClient(t, s2)
	after := c2.view(tok)
	if len(after.Units) != len(before.Units) || after.Version != before.Version {
		t.Fatalf("read back: version %d, want %d", after.Version, before.Version)
	}
	for i := range after.Units {
		if after.Units[i].Hex != before.Units[i].Hex || after.Units[i].Status != before.Units[i].Status {
			t.Errorf("read back: %s at %s (%s), was at %s (%s)", after.Units[i].ID, after.Units[i].Hex, after.Units[i].Status, before.Units[i].Hex, before.Units[i].Status)
		}
	}
}

// The computer's command that failed after its dice on its replica is
// given to the game as spent dice, in the record: the game's dice stay
// the replica's. A player may not send the mark.
func TestBotSpentMark(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	links := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "network"})
	mark := game.SpentMark + "attack B-1603 from sov-a"
	if code, rf := c.command(links["soviet"], mark); code == http.StatusOK || !strings.Contains(rf.Msg, "not a command a player sends") {
		t.Errorf("a player sent a spent mark: %d %v", code, rf)
	}
	l, _, err := s.game(links["soviet"])
	if err != nil {
		t.Fatal(err)
	}
	l.mu.Lock()
	_, err = s.act(l, "soviet", "bot", mark)
	spent := l.e.g.Spent()
	l.mu.Unlock()
	if err != nil || spent != 1 {
		t.Fatalf("the computer's mark: %v, %d spent", err, spent)
	}
	var rec Record
	c.do("GET", "/api/g/"+links["axis"]+"/record", nil, &rec)
	if len(rec.Entries) != 1 || rec.Entries[0].Command != mark || rec.Entries[0].By != "bot" {
		t.Errorf("record %+v", rec.Entries)
	}
}
