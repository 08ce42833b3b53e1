package serve

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"gpw"
	"gpw/game"
)

// battle is the rulebook's combat example: the Soviet combat phase of the
// last turn, so a game that ends after one battle and two phases.
const battle = "rulebook/combat-zoc-retreat"

// playBattle fights the rulebook battle from the soviet link, takes the
// first option of each decision and ends the game.
func playBattle(t *testing.T, c *client, tok string) {
	t.Helper()
	c.must(tok, "attack B-1603 from B-1503 B-1602 B-1703 B-1704")
	finish(t, c, tok)
}

// finish takes the first option of each decision and ends the game.
func finish(t *testing.T, c *client, tok string) {
	t.Helper()
	for i := 0; i < 5; i++ {
		v := c.view(tok)
		if v.Actions == nil || v.Actions.Decision == nil {
			break
		}
		c.must(tok, v.Actions.Decision.Options[0].Command)
	}
	for !c.view(tok).Status.Over {
		c.must(tok, "end")
	}
}

// stateOf is what must not change when a command is refused.
func stateOf(v *View) string {
	b, _ := json.Marshal(struct {
		Version int
		Status  any
		Units   any
		Actions any
	}{v.Version, v.Status, v.Units, v.Actions})
	return string(b)
}

func TestLinksActOnlyForTheirSide(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	links := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "network"})
	before := stateOf(c.view(links["axis"]))
	for _, tc := range []struct {
		role, cmd string
		code      int
	}{
		{"soviet", "end", http.StatusConflict}, // the axis acts first
		{"soviet", "place sov-8 A-1311", http.StatusConflict},
		{"spectator", "end", http.StatusForbidden},
		{"soviet", "undo", http.StatusConflict},
	} {
		code, rf := c.command(links[tc.role], tc.cmd)
		if tc.cmd == "undo" {
			code = c.do("POST", "/api/g/"+links[tc.role]+"/undo", nil, &rf)
		}
		if code != tc.code || rf == nil || rf.Msg == "" {
			t.Errorf("%s %q: %d %v, want %d and a reason", tc.role, tc.cmd, code, rf, tc.code)
		}
	}
	if code, rf := c.command(links["soviet"], "end"); rf == nil || !strings.Contains(rf.Msg, "axis player's turn") || rf.Rule == "" {
		t.Errorf("soviet end: %d %+v, want a refusal naming the axis and a rule", code, rf)
	}
	if after := stateOf(c.view(links["axis"])); after != before {
		t.Error("refused commands changed the game")
	}
	if v := c.view(links["soviet"]); v.Actions != nil || v.YouAct {
		t.Errorf("the soviet link is offered actions in the axis phase: %+v", v.Actions)
	}
	if v := c.view(links["spectator"]); v.Actions != nil || v.Undo {
		t.Error("the spectator is offered actions")
	}
	if v := c.view(links["spectator"]); !strings.Contains(v.Game.Victory, "Moscow") || v.Standing == nil || len(v.Standing) != 0 {
		t.Errorf("victory %q, standing %v at the start", v.Game.Victory, v.Standing)
	}
	// the axis link acts
	c.must(links["axis"], "end")
	if v := c.view(links["soviet"]); v.Version != 1 {
		t.Errorf("version %d after one command", v.Version)
	}
	// a bad link reaches nothing
	if code := c.do("GET", "/api/g/00000000000000000000000000000000", nil, nil); code != http.StatusNotFound {
		t.Errorf("unknown link: %d", code)
	}
}

func TestRefusedCommandChangesNothing(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "hotseat"})["both"]
	c.endUntil(tok, "move")
	v := c.view(tok)
	unit := v.Actions.Move[0]
	before := stateOf(v)
	for _, cmd := range []string{
		"move " + unit + " B-3030",            // far beyond its reach
		"attack A-1311 from A-1211",           // not a combat phase
		"rail " + unit + " A-0101",            // not a rail phase
		"retreat A-0101",                      // no battle
		"auto on",                             // an engine option, not a move
		"frobnicate",                          // no such word
		"move " + unit + " " + v.Units[0].Hex, // onto a unit
	} {
		code, rf := c.command(tok, cmd)
		if code != http.StatusConflict || rf == nil || rf.Msg == "" {
			t.Errorf("%q: %d %+v, want 409 and a reason", cmd, code, rf)
			continue
		}
		if after := stateOf(c.view(tok)); after != before {
			t.Errorf("%q was refused (%s) but changed the game", cmd, rf.Msg)
		}
	}
	var rec Record
	c.do("GET", "/api/g/"+tok+"/record", nil, &rec)
	if len(rec.Entries) != v.Version {
		t.Errorf("the record has %d entries after refusals, want %d", len(rec.Entries), v.Version)
	}
}

func TestConcurrentCommandsAreSerialized(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	links := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "network"})
	// both sides send "end" at once, many times: each is accepted only in
	// its own side's phase, one at a time
	var wg sync.WaitGroup
	var mu sync.Mutex
	accepted := map[string]int{}
	for _, role := range []string{"axis", "soviet"} {
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < 10; i++ {
					if code, _ := c.command(links[role], "end"); code == http.StatusOK {
						mu.Lock()
						accepted[role]++
						mu.Unlock()
					}
				}
			}()
		}
	}
	wg.Wait()
	var rec Record
	c.do("GET", "/api/g/"+links["spectator"]+"/record", nil, &rec)
	n := accepted["axis"] + accepted["soviet"]
	if n == 0 || len(rec.Entries) != n {
		t.Fatalf("%d commands accepted, %d in the record", n, len(rec.Entries))
	}
	// each entry was given in its own side's phase: the record replays
	if _, err := Verify(&rec, s.lib); err != nil {
		t.Fatal(err)
	}
	sides := map[string]int{}
	for _, e := range rec.Entries {
		sides[e.Side]++
	}
	if sides["axis"] != accepted["axis"] || sides["soviet"] != accepted["soviet"] {
		t.Errorf("record by side %v, accepted %v", sides, accepted)
	}
	// a restarted server agrees
	v := c.view(links["axis"])
	r := replayRecord(t, s, &rec)
	if !reflect.DeepEqual(r.Status, v.Status) {
		t.Errorf("replayed %+v, served %+v", r.Status, v.Status)
	}
}

// replayRecord rebuilds a game from its record's commands.
func replayRecord(t *testing.T, s *Server, rec *Record) *View {
	t.Helper()
	row, err := s.store.Game(rec.Game)
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.load(row, rec.Entries)
	if err != nil {
		t.Fatal(err)
	}
	return l.view("spectator", 0, 0)
}

func TestGamesPersistAcrossARestart(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gpw.db")
	s := startTestServer(t, db)
	c := newClient(t, s)
	links := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "network"})
	for c.view(links["axis"]).Status.Kind != "move" {
		c.must(links["axis"], "end")
	}
	v := c.view(links["axis"])
	var r struct {
		Hexes []struct {
			Hex  string   `json:"hex"`
			Path []string `json:"path"`
			End  bool     `json:"end"`
		} `json:"hexes"`
	}
	c.do("GET", "/api/g/"+links["axis"]+"/reach?unit="+v.Actions.Move[0], nil, &r)
	for _, h := range r.Hexes {
		if h.End {
			c.must(links["axis"], "move "+v.Actions.Move[0]+" "+strings.Join(h.Path, " "))
			break
		}
	}
	before := c.view(links["soviet"])
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2 := startTestServer(t, db)
	defer s2.Close()
	c2 := newClient(t, s2)
	after := c2.view(links["soviet"])
	if stateOf(after) != stateOf(before) || after.Game.Commitment != before.Game.Commitment {
		t.Errorf("after a restart the game differs:\n%s\n%s", stateOf(before), stateOf(after))
	}
	c2.must(links["axis"], "end") // and goes on
}

func TestFairDice(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	links := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "network"})
	v := c.view(links["soviet"])
	commit := v.Game.Commitment
	if len(commit) != 64 || v.Game.Secret != "" {
		t.Fatalf("commitment %q, secret %q before the first move", commit, v.Game.Secret)
	}
	c.must(links["soviet"], "attack B-1603 from B-1503 B-1602 B-1703 B-1704")
	// a die was drawn: no undo past it
	if code := c.do("POST", "/api/g/"+links["soviet"]+"/undo", nil, nil); code != http.StatusConflict {
		t.Errorf("undo after a die: %d", code)
	}
	// nothing sent before the end reveals the secret or the seed
	var raw json.RawMessage
	c.do("GET", "/api/g/"+links["axis"]+"/record", nil, &raw)
	var rec Record
	json.Unmarshal(raw, &rec)
	sec, _ := s.store.Game(rec.Game)
	for _, leak := range []string{sec.Secret.String()} {
		if strings.Contains(string(raw), leak) {
			t.Errorf("the record of a game under way holds %q", leak)
		}
	}
	if verdict, err := Verify(&rec, s.lib); err != nil || verdict.Checked {
		t.Errorf("verify under way: %v %+v", err, verdict)
	}
	finish(t, c, links["soviet"])
	v = c.view(links["spectator"])
	if !v.Game.Over || v.Game.Secret == "" || v.Game.Commitment != commit {
		t.Fatalf("over %v, secret %q, commitment %q then %q", v.Game.Over, v.Game.Secret, commit, v.Game.Commitment)
	}
	c.do("GET", "/api/g/"+links["axis"]+"/record", nil, &raw)
	rec = Record{}
	if err := json.Unmarshal(raw, &rec); err != nil {
		t.Fatal(err)
	}
	verdict, err := Verify(&rec, s.lib)
	if err != nil || !verdict.Checked || verdict.Dice == 0 || !verdict.Over {
		t.Fatalf("verify: %v %+v", err, verdict)
	}
	// the record is a save: gpw run --load replays it
	path := filepath.Join(t.TempDir(), "rec.json")
	os.WriteFile(path, raw, 0o644)
	if _, err := loadAsSave(path); err != nil {
		t.Errorf("the record does not load as a save: %v", err)
	}
	// any change is caught
	for name, change := range map[string]func(r *Record){
		"a die":       func(r *Record) { r.Entries[0].Dice[0] = r.Entries[0].Dice[0]%6 + 1 },
		"a command":   func(r *Record) { r.Entries[0].Command = "attack B-1603 from B-1503 B-1602 B-1703" },
		"the secret":  func(r *Record) { r.Secret = strings.Repeat("0", 64) },
		"a side":      func(r *Record) { r.Entries[len(r.Entries)-1].Side = "axis" },
		"an omission": func(r *Record) { r.Entries = r.Entries[1:] },
	} {
		var bad Record
		json.Unmarshal(raw, &bad)
		change(&bad)
		if _, err := Verify(&bad, s.lib); err == nil {
			t.Errorf("changing %s is not caught", name)
		}
	}
	// a die rehashed consistently is caught by the replay
	var forged Record
	json.Unmarshal(raw, &forged)
	forged.Entries[0].Dice[0] = forged.Entries[0].Dice[0]%6 + 1
	prev := forged.head()
	for i := range forged.Entries {
		forged.Entries[i].Prev = prev
		forged.Entries[i].Hash = forged.Entries[i].Digest()
		prev = forged.Entries[i].Hash
	}
	if _, err := Verify(&forged, s.lib); err == nil || !strings.Contains(err.Error(), "dice") {
		t.Errorf("a forged die with a rebuilt chain: %v", err)
	}
}

func TestUndo(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	links := c.create(NewGame{Spec: Spec{Scenario: "rulebook/movement"}, Mode: "network"})
	me, them := links["soviet"], links["axis"]
	v := c.view(me)
	if v.Actions == nil || len(v.Actions.Move) == 0 {
		t.Fatalf("the movement example offers the soviet no move: %+v", v.Status)
	}
	unit := v.Actions.Move[0]
	var r struct {
		From  string `json:"from"`
		Hexes []struct {
			Path []string `json:"path"`
			End  bool     `json:"end"`
		} `json:"hexes"`
	}
	c.do("GET", "/api/g/"+me+"/reach?unit="+unit, nil, &r)
	before := stateOf(v)
	for _, h := range r.Hexes {
		if h.End {
			c.must(me, "move "+unit+" "+strings.Join(h.Path, " "))
			break
		}
	}
	if w := c.view(me); !w.Undo {
		t.Fatal("no undo offered after a move")
	}
	if w := c.view(them); w.Undo {
		t.Error("the other side is offered the undo")
	}
	if code := c.do("POST", "/api/g/"+them+"/undo", nil, nil); code != http.StatusConflict {
		t.Errorf("the axis undoes the soviet move: %d", code)
	}
	if code := c.do("POST", "/api/g/"+me+"/undo", nil, nil); code != http.StatusOK {
		t.Fatalf("undo: %d", code)
	}
	after := c.view(me)
	// the position is as before; the record holds the move and its undo
	after.Version = v.Version
	if stateOf(after) != before {
		t.Errorf("undo did not restore the position")
	}
	var rec Record
	c.do("GET", "/api/g/"+me+"/record", nil, &rec)
	if len(rec.Entries) != 2 || rec.Entries[1].Command != "undo" || len(rec.Commands) != 0 {
		t.Errorf("record after undo: %d entries, commands in force %v", len(rec.Entries), rec.Commands)
	}
}

func TestSoloAgainstTheComputer(t *testing.T) {
	for _, level := range []string{"pass", "easy"} {
		t.Run(level, func(t *testing.T) {
			s := newTestServer(t)
			defer s.Close()
			c := newClient(t, s)
			links := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "solo", Side: "soviet", Computer: level})
			tok := links["soviet"]
			// the computer plays the axis turn; the game waits for the soviet
			v := c.waitFor(tok, func(v *View) bool { return v.Acting == "soviet" })
			for v.Status.Side != "soviet" {
				// the computer's attack let a Soviet unit stand (a DR in a
				// fortress, swamp or mountain: the dice are the game's own):
				// the player answers, and the computer plays on
				c.must(tok, "nostand")
				v = c.waitFor(tok, func(v *View) bool { return v.Acting == "soviet" })
			}
			if v.Actions == nil || !v.YouAct || v.Game.Computer != "axis" {
				t.Fatalf("soviet turn: actions %v, you act %v, computer %q", v.Actions != nil, v.YouAct, v.Game.Computer)
			}
			var rec Record
			c.do("GET", "/api/g/"+tok+"/record", nil, &rec)
			moved := 0
			for _, e := range rec.Entries {
				if e.Command == "nostand" && e.Side == "soviet" && e.By == "player" {
					continue // the player's answer above
				}
				if e.Side != "axis" || e.By != "bot" {
					t.Errorf("entry %d: %s by %s", e.Seq, e.Side, e.By)
				}
				if strings.HasPrefix(e.Command, "move ") {
					moved++
				}
			}
			if level != "pass" && moved == 0 {
				t.Errorf("the %s bot moved nothing in its first turn: %d commands", level, len(rec.Entries))
			}
			// the record replays: the bot's commands went through the game
			if _, err := Verify(&rec, s.lib); err != nil {
				t.Fatal(err)
			}
			// the player cannot act for the computer
			if code, _ := c.command(tok, "end"); code != http.StatusOK {
				t.Fatalf("soviet end: %d", code)
			}
			for c.view(tok).Status.Kind != "move" {
				if code, _ := c.command(tok, "end"); code != http.StatusOK {
					break
				}
			}
		})
	}
}

func TestStepThroughAGame(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	links := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "hotseat"})
	playBattle(t, c, links["both"])
	end := c.view(links["both"])
	var first, last View
	c.do("GET", "/api/g/"+links["spectator"]+"/at?n=0", nil, &first)
	c.do("GET", fmt.Sprintf("/api/g/%s/at?n=%d", links["spectator"], end.Version), nil, &last)
	if first.Status.Over || !last.Status.Over || first.Step != 0 {
		t.Errorf("step 0 over %v, last over %v", first.Status.Over, last.Status.Over)
	}
	if !reflect.DeepEqual(last.Units, end.Units) {
		t.Error("the last step differs from the game")
	}
	if unitHex(&first, "ger-1") != "B-1603" || unitHex(&last, "ger-1") == "B-1603" {
		t.Errorf("ger-1 in %s at the start and %s at the end", unitHex(&first, "ger-1"), unitHex(&last, "ger-1"))
	}
}

// loadAsSave loads a record as gpw run --load does.
func loadAsSave(path string) (*game.Game, error) {
	return game.LoadSave(path, gpw.Data, false, nil)
}

// withTestdata is the built-in data with serve/testdata's scenarios as
// scenarios/test/.
type withTestdata struct{ fs.FS }

func (d withTestdata) Open(name string) (fs.File, error) {
	if rest, ok := strings.CutPrefix(name, "scenarios/test/"); ok {
		return os.DirFS("testdata").Open(rest)
	}
	return d.FS.Open(name)
}

// gameWithSecret stores a network game of spec with a chosen dice secret
// and returns its links.
func gameWithSecret(t *testing.T, s *Server, spec Spec, sec Secret) map[string]string {
	t.Helper()
	row := &GameRow{ID: token()[:12], Created: "2026-01-01T00:00:00Z", Mode: "network", Spec: spec, Secret: sec, Commitment: sec.Commitment()}
	links := map[string]string{}
	out := map[string]string{}
	for _, role := range []string{"axis", "soviet", "spectator"} {
		tok := token()
		links[tok], out[role] = role, tok
	}
	if err := s.store.CreateGame(row, links); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDefenderChoosesToStandFirst(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gpw.db")
	s, err := New(Config{DB: db, Data: withTestdata{gpw.Data}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := newClient(t, s)
	spec := Spec{Scenario: "test/swamp"}
	const attack = "attack B-1603 from B-1503 B-1602 B-1703 B-1704"
	// a secret whose first die makes the defender retreat
	var links map[string]string
	for i := 0; i < 200 && links == nil; i++ {
		var sec Secret
		sec[0], sec[1] = byte(i), 7
		e, err := s.lib.open(spec, sec, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.do("soviet", attack); err == nil {
			if a := e.actions(); a != nil && a.Decision != nil && a.Decision.Kind == "retreat" && a.Decision.Options[0].Command == "stand" {
				links = gameWithSecret(t, s, spec, sec)
			}
		}
	}
	if links == nil {
		t.Fatal("no secret of 200 gives a retreat from the swamp")
	}
	c.must(links["soviet"], attack)
	// the defender decides first: the attacker waits
	v := c.view(links["soviet"])
	if v.Acting != "axis" || v.YouAct || v.Actions != nil {
		t.Fatalf("after the battle: acting %s, the attacker acts %v", v.Acting, v.YouAct)
	}
	d := c.view(links["axis"])
	if !d.YouAct || d.Actions == nil || d.Actions.Decision == nil {
		t.Fatal("the defender is not asked")
	}
	var words []string
	for _, o := range d.Actions.Decision.Options {
		words = append(words, o.Side+":"+o.Command)
	}
	if strings.Join(words, " ") != "axis:stand axis:nostand" {
		t.Errorf("the defender is offered %v", words)
	}
	if code, rf := c.command(links["soviet"], "retreat B-1604 B-1605"); code != http.StatusConflict || rf == nil {
		t.Errorf("the attacker's retreat before the defender chose: %d %v", code, rf)
	}
	if code, _ := c.command(links["soviet"], "nostand"); code != http.StatusConflict {
		t.Errorf("the attacker answered for the defender: %d", code)
	}
	c.must(links["axis"], "nostand")
	if code, _ := c.command(links["axis"], "stand"); code != http.StatusConflict {
		t.Errorf("stand after nostand: %d", code)
	}
	// now the attacker picks the path from the options it is given
	v = c.view(links["soviet"])
	if v.Actions == nil || v.Actions.Decision == nil || len(v.Actions.Decision.Options) == 0 {
		t.Fatal("the attacker is not asked for the retreat")
	}
	retreat := v.Actions.Decision.Options[0]
	if !strings.HasPrefix(retreat.Command, "retreat ") || retreat.Side != "soviet" || len(retreat.Path) == 0 {
		t.Fatalf("the first option %+v", retreat)
	}
	c.must(links["soviet"], retreat.Command)
	var rec Record
	c.do("GET", "/api/g/"+links["spectator"]+"/record", nil, &rec)
	if len(rec.Entries) != 3 || rec.Entries[1].Command != "nostand" || rec.Entries[1].Side != "axis" || rec.Entries[2].Command != retreat.Command {
		t.Errorf("record: %+v", rec.Entries)
	}
}

func TestGamesLeaveMemoryAndComeBack(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gpw.db")
	s, err := New(Config{DB: db, Data: gpw.Data, MaxLive: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := newClient(t, s)
	var toks []string
	for i := 0; i < 5; i++ {
		tok := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "hotseat"})["both"]
		c.must(tok, "attack B-1603 from B-1503 B-1602 B-1703 B-1704")
		toks = append(toks, tok)
	}
	s.mu.Lock()
	n := len(s.live)
	s.mu.Unlock()
	if n > 2 {
		t.Errorf("%d games in memory, bound 2", n)
	}
	for _, tok := range toks {
		if v := c.view(tok); v.Version != 1 || v.Actions == nil || v.Actions.Decision == nil {
			t.Errorf("a game read again: version %d", v.Version)
		}
	}
}

func TestHouseModule(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	src, err := os.ReadFile("../rules/house/river2.lua")
	if err != nil {
		t.Fatal(err)
	}
	tok := c.create(NewGame{Spec: Spec{Scenario: "rulebook/movement", Module: &Module{Name: "river2.lua", Source: string(src)}}, Mode: "hotseat"})["both"]
	v := c.view(tok)
	if v.Game.Rules != "river2.lua" {
		t.Errorf("rules %q", v.Game.Rules)
	}
	var rec Record
	c.do("GET", "/api/g/"+tok+"/record", nil, &rec)
	if rec.Spec.Module == nil || rec.Spec.Module.Source != string(src) {
		t.Error("the record does not carry the module's text")
	}
	for _, tc := range []struct{ name, src, want string }{
		{"bad.lua", "return 1", "must return a table"},
		{"x.txt", "return {}", "ending in .lua"},
		{"../evil.lua", "return {}", "plain file name"},
	} {
		var rf Refusal
		code := c.do("POST", "/api/games", NewGame{Spec: Spec{Scenario: "rulebook/movement", Module: &Module{Name: tc.name, Source: tc.src}}, Mode: "hotseat"}, &rf)
		if code/100 == 2 || !strings.Contains(rf.Msg, tc.want) {
			t.Errorf("%s: %d %q, want a refusal saying %q", tc.name, code, rf.Msg, tc.want)
		}
	}
}

func TestSetupByHand(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	links := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa"}, Mode: "network"})
	setup := c.view(links["axis"]).Status.Setup
	if setup == "" {
		t.Fatal("no setup step")
	}
	v := c.view(links[setup])
	if v.Actions == nil || v.Actions.Kind != "setup" || len(v.Actions.Place) == 0 {
		t.Fatalf("setup actions: %+v", v.Actions)
	}
	p := v.Actions.Place[0]
	area := v.Actions.Areas[p.Area]
	if len(area) == 0 {
		t.Fatalf("%s has no area", p.Unit)
	}
	c.must(links[setup], "place "+p.Unit+" "+area[len(area)-1])
	if got := unitHex(c.view(links[setup]), p.Unit); got != area[len(area)-1] {
		t.Errorf("%s placed in %q", p.Unit, got)
	}
	c.must(links[setup], "place auto")
	c.must(links[setup], "end")
	if next := c.view(links["axis"]).Status.Setup; next == setup {
		t.Errorf("still the %s setup", setup)
	}
}

// A rules module that draws a die while it weighs a battle would show a
// die before it is drawn: the engine refuses the roll in the odds hook
// (a hook that answers questions), so the question fails, the battle too,
// and no die is drawn.
func TestQuestionsDrawNoDie(t *testing.T) {
	c, links := houseBattle(t, "peek.lua", `local R = require("base")
R.id = "peek"
local odds = R.odds
function R.odds(b) gpw.roll() return odds(b) end
return R
`, "network")
	var rf Refusal
	code := c.do("GET", "/api/g/"+links["soviet"]+"/preview?hex=B-1603&from=B-1503,B-1602", nil, &rf)
	if code == http.StatusOK || !strings.Contains(rf.Msg, "may not change the game or roll a die") {
		t.Fatalf("preview under a module that rolls: %d %+v", code, rf)
	}
	code, rf2 := c.command(links["soviet"], "attack B-1603 from B-1503 B-1602 B-1703 B-1704")
	if code == http.StatusOK || rf2 == nil || !strings.Contains(rf2.Error(), "may not change the game or roll a die") {
		t.Fatalf("an attack under a module that rolls in odds: %d %v", code, rf2)
	}
	var rec Record
	c.do("GET", "/api/g/"+links["soviet"]+"/record", nil, &rec)
	if len(rec.Entries) != 0 {
		t.Errorf("entries %+v after refused questions and a refused attack", rec.Entries)
	}
}

// houseBattle starts the rulebook battle under a house module on a server
// of its own.
func houseBattle(t *testing.T, name, src, mode string) (*client, map[string]string) {
	s := newTestServer(t)
	t.Cleanup(func() { s.Close() })
	c := newClient(t, s)
	return c, c.create(NewGame{Spec: Spec{Scenario: battle, Module: &Module{Name: name, Source: src}}, Mode: mode})
}

// What a rules module keeps about hexes and units is in the view, with
// its labels and symbols, for the board to draw.
func TestModuleMarks(t *testing.T) {
	c, links := houseBattle(t, "marked.lua", `local R = require("base")
R.id = "marked"
R.store = { hex = { dug = { type = "boolean", label = "dug in", symbol = "D" } } }
local start = R.on_phase_start
function R.on_phase_start(p)
  gpw.set_mark("B-1603", "dug", true)
  if start then return start(p) end
end
return R
`, "hotseat")
	tok := links["both"]
	c.must(tok, "attack B-1603 from B-1503 B-1602 B-1703 B-1704")
	c.must(tok, c.view(tok).Actions.Decision.Options[0].Command)
	for v := c.view(tok); v.Actions != nil && v.Actions.Decision != nil; v = c.view(tok) {
		c.must(tok, v.Actions.Decision.Options[0].Command)
	}
	c.must(tok, "end") // the next phase starts: the module marks the hex
	v := c.view(tok)
	marks := v.HexMarks["B-1603"]
	if len(marks) != 1 || marks[0].Symbol != "D" || marks[0].Label != "dug in" || marks[0].Value != true {
		t.Errorf("marks of B-1603: %+v (all: %v)", marks, v.HexMarks)
	}
}

// TestBadBodies: a request body that is not the JSON asked for is refused
// in plain words, with no Go type names, and an echoed hex id is cut short.
func TestBadBodies(t *testing.T) {
	c := newClient(t, newTestServer(t))
	tok := c.create(NewGame{Spec: Spec{Scenario: "gdw/barbarossa", AutoSetup: true}, Mode: "hotseat"})["both"]
	tests := []struct {
		path string
		body json.RawMessage
		want string
	}{
		{"/api/games", json.RawMessage(`[1, 2]`), "the body is a JSON array; a JSON object is expected"},
		{"/api/games", json.RawMessage(`{"scenario": 5}`), "field scenario holds a JSON number where a string is expected"},
		{"/api/g/" + tok + "/command", json.RawMessage(`{"command": ["end"]}`), "field command holds a JSON array where a string is expected"},
	}
	for _, tt := range tests {
		var rf Refusal
		if code := c.do("POST", tt.path, tt.body, &rf); code != http.StatusBadRequest || !strings.Contains(rf.Msg, tt.want) || strings.Contains(rf.Msg, "Go ") {
			t.Errorf("%s %s: %d %q, want 400 with %q", tt.path, tt.body, code, rf.Msg, tt.want)
		}
	}
	var rf Refusal
	c.do("GET", "/api/g/"+tok+"/hex?id="+strings.Repeat("Z", 100000), nil, &rf)
	if len(rf.Msg) > 2100 || rf.Msg == "" {
		t.Errorf("an unknown hex id echoed in %d bytes", len(rf.Msg))
	}
}
