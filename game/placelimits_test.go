package game

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gpw"
	"gpw/core"
	"gpw/scenario"
)

// TestPlaceLimitsAgree: where a unit may enter by place_limits (checked
// in Go, can_place asked only where its check says) is where can_place
// asked about every hex allows it, for every unit off the map and every
// ninth unit on it, both ways of entering (place, rebuild) and every hex
// the listings try, in positions along random games of the ADC2
// campaign and of Barbarossa under ADC2.
func TestPlaceLimitsAgree(t *testing.T) {
	for _, file := range []string{"scenarios/adc2/campaign.toml", "scenarios/gdw/barbarossa.toml"} {
		t.Run(file, func(t *testing.T) { placeLimitsAgree(t, file, "adc2") })
	}
}

func placeLimitsAgree(t *testing.T, file, rules string) {
	sc, err := scenario.Load(gpw.Data, file, gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(sc, Options{Rules: rules, AutoSetup: true, NoUndo: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Rules.Has("place_limits") {
		t.Fatalf("%s has no place_limits", rules)
	}
	n := agreeCount{}
	positions := 0
	for step := 0; !g.Over() && positions < 4; step++ {
		if g.Phase().Kind == "reinforcement" && step%3 == 0 {
			placeAgreeAt(t, g, n)
			positions++
		}
		playFor(t, g, uint64(step), 1)
	}
	// every rule of adc2.lua's can_place met, both ways
	kinds := []string{"infantry", "partisan", "slo rebuild"}
	if file == "scenarios/adc2/campaign.toml" {
		kinds = append(kinds, "air", "leader")
	}
	for _, k := range kinds {
		if c := n[k]; c == nil || c[0] == 0 || c[1] == 0 {
			t.Errorf("%s: allowed, refused %v", k, c)
		}
	}
	for k, c := range n {
		t.Logf("%s: %d allowed, %d refused", k, c[0], c[1])
	}
	t.Logf("%d positions", positions)
}

// agreeCount counts the entries compared by kind (and "slo rebuild"):
// allowed, refused.
type agreeCount map[string]*[2]int

func (n agreeCount) add(kind string, ok bool) {
	if n[kind] == nil {
		n[kind] = &[2]int{}
	}
	if ok {
		n[kind][0]++
	} else {
		n[kind][1]++
	}
}

// placeAgreeAt compares the two ways of judging entry in g's position,
// counting the entries compared in n.
func placeAgreeAt(t *testing.T, g *Game, n agreeCount) {
	t.Helper()
	for k := range g.S.Units {
		u := &g.S.Units[k]
		if u.Status == core.OnMap && k%9 != 0 {
			continue
		}
		for _, how := range []string{"place", "rebuild"} {
			major := how == "rebuild"
			pl, err := g.placeLimitsOf(k, how)
			if err != nil {
				t.Fatal(err)
			}
			seen := core.NewBitset(g.S.Map.Len())
			for _, h := range g.placeCandidates(k) {
				if seen.Has(h) {
					continue
				}
				seen.Set(h)
				// can_place alone, as the engine asked before place_limits
				each := g.S.CanPlace(k, h) == nil && g.askPlace(k, h, how, major) == nil
				fast := g.placeOK(k, h, how, major, pl)
				if err := g.takeHookErr(); err != nil {
					t.Fatal(err)
				}
				if each != fast {
					t.Fatalf("%s %s: %s (%s) %s %s: can_place per hex says %v, place_limits %v (%v)",
						g.TurnName(g.turn), g.Phase().ID, u.ID, u.Kind, how, g.S.Map.ID(h), each, fast, placeWhy(g, k, h, how, major))
				}
				if cmd := g.placeHex(k, h, how, major) == nil; cmd != each {
					t.Fatalf("%s %s %s: the command's judgement %v differs from can_place's %v", u.ID, how, g.S.Map.ID(h), cmd, each)
				}
				n.add(u.Kind, each)
				if u.Nation == "slo" && how == "rebuild" && u.Side == core.Axis {
					n.add("slo rebuild", each)
				}
			}
		}
	}
}

// placeWhy says what can_place and the limits answer, for a failure.
func placeWhy(g *Game, k, h int, how string, major bool) string {
	pl, _ := g.placeLimitsOf(k, how)
	return fmt.Sprintf("can_place: %v; limits: %v", g.askPlace(k, h, how, major), pl.refusal(g, h))
}

// TestHostilePlaceLimits: a place_limits hook that fails or answers
// garbage is reported, naming the rule file and the phase, by the
// listings and by the place command (which consults it under a module
// without can_place), which leaves the game as it was.
func TestHostilePlaceLimits(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/adc2/campaign.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ body, want string }{
		{`return 5`, "place_limits returned a number"},
		{`return { check = "maybe" }`, `place_limits returned check = "maybe"`},
		{`return { limits = { { friendly = true, no_zoc = true } } }`, "limit 1 with 2 of hexes, friendly"},
		{`return { limits = { { hexes = { "Z-9999" } } } }`, `limit 1's hexes name "Z-9999", no hex of the map`},
		{`error("broken place_limits")`, "broken place_limits"},
	} {
		t.Run(tt.want, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"house.lua": "local R = require(\"adc2\")\nR.id = \"house\"\nR.can_place = nil\nfunction R.place_limits(u, how) " + tt.body + " end\nreturn R\n"})
			g, err := New(sc, Options{Rules: filepath.Join(dir, "house.lua"), AutoSetup: true, NoUndo: true}, gpw.Data, nil)
			if err != nil {
				t.Fatal(err)
			}
			if p := g.Phase(); p.ID != "axis-reinforcement" {
				t.Fatalf("the game starts in %s", p.ID)
			}
			k := -1
			for j, u := range g.S.Units {
				if u.Side == core.Axis && u.Status != core.OnMap && u.Kind == "infantry" {
					k = j
					break
				}
			}
			if k < 0 {
				t.Fatal("no Axis infantry off the map")
			}
			g.awaiting[k] = true
			wants := func(what string, err error) {
				t.Helper()
				if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "house.lua") || !strings.Contains(err.Error(), "axis-reinforcement") {
					t.Errorf("%s: %v; want %q naming house.lua and axis-reinforcement", what, err, tt.want)
				}
			}
			if hs := g.PlaceHexes(k); len(hs) != 0 {
				t.Errorf("PlaceHexes lists %d hexes", len(hs))
			}
			wants("PlaceHexes", g.takeHookErr())
			a := g.Actions()
			wants("Actions", errors.New(a.Error))
			berlin, _ := g.S.Map.FindCity("Berlin")
			before, logged := snap(g), len(g.Log())
			wants("place", g.Exec("place "+g.S.Units[k].ID+" "+g.S.Map.ID(berlin.Hex)))
			if !reflect.DeepEqual(before, snap(g)) || len(g.Log()) != logged || !g.awaiting[k] {
				t.Error("the refused place command changed the game")
			}
		})
	}
}

// TestPlaceLimitsJudgeCommands: under a module without can_place the
// limits judge the place command after the engine's entry rule, refusing
// with their reason ({hex}, {n} and {most} filled in) and rule, and the
// listing offers exactly the hexes the command takes.
func TestPlaceLimitsJudgeCommands(t *testing.T) {
	sc, err := scenario.Load(gpw.Data, "scenarios/adc2/campaign.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"house.lua": `local R = require("adc2")
R.id = "house"
R.can_place = nil
function R.place_limits(u, how)
  return { limits = {
    { hexes = { gpw.city("Berlin") }, reason = u.id .. " enters only in Berlin, not {hex}", rule = "House: Berlin" },
    { room = { fortress = 1, major = 1 }, kind = "leader", reason = "{hex} holds {n} leader(s), room for {most}", rule = "House: Room" },
  } }
end
return R
`})
	g, err := New(sc, Options{Rules: filepath.Join(dir, "house.lua"), AutoSetup: true, NoUndo: true}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	k := -1
	for j, u := range g.S.Units {
		if u.Side == core.Axis && u.Status != core.OnMap && u.Kind == "infantry" {
			k = j
			break
		}
	}
	g.awaiting[k] = true
	berlin, _ := g.S.Map.FindCity("Berlin")
	if hs := g.PlaceHexes(k); len(hs) != 1 || hs[0] != berlin.Hex {
		t.Fatalf("PlaceHexes: %v, want Berlin (%s) alone", g.ids(hs), g.S.Map.ID(berlin.Hex))
	}
	other := -1
	for _, c := range g.S.Map.Cities {
		if c.Hex != berlin.Hex && g.entryHex(core.Axis, c.Hex, false) == nil {
			other = c.Hex
			break
		}
	}
	id := g.S.Units[k].ID
	err = g.Exec("place " + id + " " + g.S.Map.ID(other))
	var r *Refusal
	if !errors.As(err, &r) || r.Msg != id+" enters only in Berlin, not "+g.S.Map.ID(other) || r.Rule != "House: Berlin" {
		t.Errorf("place in %s: %v", g.S.Map.ID(other), err)
	}
	if err := g.Clone().Exec("place " + id + " " + g.S.Map.ID(berlin.Hex)); err != nil {
		t.Errorf("place in Berlin: %v", err)
	}
	// a leader in Berlin fills its room
	l := -1
	for j, u := range g.S.Units {
		if u.Side == core.Axis && u.Status != core.OnMap && u.Kind == "leader" {
			l = j
			break
		}
	}
	if l < 0 {
		t.Fatal("no Axis leader off the map")
	}
	if err := g.S.Place(l, berlin.Hex); err != nil {
		t.Fatal(err)
	}
	l2 := -1
	for j, u := range g.S.Units {
		if u.Side == core.Axis && u.Status != core.OnMap && u.Kind == "leader" {
			l2 = j
			break
		}
	}
	g.awaiting[l2] = true
	err = g.Exec("place " + g.S.Units[l2].ID + " " + g.S.Map.ID(berlin.Hex))
	if !errors.As(err, &r) || r.Msg != g.S.Map.ID(berlin.Hex)+" holds 1 leader(s), room for 1" || r.Rule != "House: Room" {
		t.Errorf("a second leader in Berlin: %v", err)
	}
}
