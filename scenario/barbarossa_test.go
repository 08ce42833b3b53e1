package scenario_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"gpw"
	"gpw/game"
	"gpw/scenario"
)

// The Barbarossa order of battle (docs/units.md): the German II, XXIII,
// XLIII and LIII Corps in line on 22 June 1941, the Soviet 18th Army on the
// Prut, and no leader or air counters in any GDW scenario.
func TestBarbarossaOrderOfBattle(t *testing.T) {
	d := data(t)
	for _, f := range []string{barbarossa, "scenarios/gdw/campaign.toml"} {
		sc, err := scenario.Load(d, f, d)
		if err != nil {
			t.Fatal(err)
		}
		setup := map[string]string{}
		for _, u := range sc.Units {
			if u.Setup > 0 {
				setup[u.ID] = sc.Setup[u.Setup-1].PoolName()
			}
		}
		for id, where := range map[string]string{"ger-2": "Army Group North", "ger-23": "Army Group Center", "ger-43": "Army Group Center",
			"ger-53": "Army Group Center", "sov-18": "Bessarabia"} {
			if setup[id] != where {
				t.Errorf("%s: %s is set up in %q, want %q", f, id, setup[id], where)
			}
		}
	}
	// the ADC2 campaign, whose rules use them, keeps the chart's leaders and
	// air units (scenarios/schedules/leaders-air.toml)
	adc2, err := scenario.Load(d, "scenarios/adc2/campaign.toml", d)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, u := range adc2.Units {
		got[u.ID] = u.Arrives + "/" + u.Withdraws
	}
	if got["ldr-zhukov"] != "Aug 1941/" || got["air-va16"] != "Aug 1942/" || got["ldr-rundstedt"] != "/Jan/Feb 1942" {
		t.Errorf("ADC2 campaign: zhukov %q, 16th Air Army %q, rundstedt %q", got["ldr-zhukov"], got["air-va16"], got["ldr-rundstedt"])
	}
	for _, f := range shipped(t, d) {
		if !strings.HasPrefix(f, "scenarios/gdw/") {
			continue
		}
		sc, err := scenario.Load(d, f, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range sc.Units {
			if u.Kind == "leader" || u.Kind == "air" {
				t.Errorf("%s has %s, a %s: GDW's leader and air rules are its Advanced Rules, which gpw does not have", f, u.ID, u.Kind)
			}
		}
	}
}

// special is a small board with Barbarossa's special rules: a Hungarian
// and a German corps facing a Soviet army, and a Soviet army next to
// Finland.
var special = `name = "special"
start = "%s"
phase = "%s"
rules = "gdw"
special = "barbarossa.lua"
[map]
sheet = "B"
cols = 10
rows = 6
owner = "axis"
[map.control]
soviet = ["B-0401", "B-0402", "B-0403", "B-0404", "B-0405", "B-0406", "B-0501", "B-0502", "B-0503", "B-0504", "B-0505", "B-0506", "B-0601", "B-0602", "B-0603", "B-0604", "B-0605", "B-0606"]
[[map.country]]
name = "Finland"
hexes = ["B-0801", "B-0802", "B-0901", "B-0902"]
` + // a Hungarian and a German corps facing a weak Soviet army; a Soviet army by Finland
	boardUnit("hun-1", "axis", "hun", "4, 2", "B-0303") + boardUnit("ger-1", "axis", "ger", "6, 3", "B-0304") +
	boardUnit("sov-3", "soviet", "sov", "2, 1", "B-0403") + boardUnit("sov-23", "soviet", "sov", "8, 4", "B-0703")

// boardUnit is an inline infantry unit.
func boardUnit(id, side, nation, strength, hex string) string {
	return fmt.Sprintf("[[unit]]\nid = %q\nside = %q\nnation = %q\nkind = \"infantry\"\nstrength = [%s]\nmp = 6\nhex = %q\n", id, side, nation, strength, hex)
}

// specialGame starts the special board at turn and phase.
func specialGame(t *testing.T, turn, phase string) *game.Game {
	t.Helper()
	lua, err := os.ReadFile("../scenarios/gdw/barbarossa.lua")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(strings.Replace(special, "%s", turn, 1), "%s", phase, 1)
	fsys := fstest.MapFS{"s/special.toml": {Data: []byte(src)}, "s/barbarossa.lua": {Data: lua}}
	sc, err := scenario.Load(fsys, "s/special.toml", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(sc, game.Options{}, gpw.Data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Hungary entered the war on 27 June 1941: no Hungarian attack on the
// Jun 1941 turn, German attacks as ever, Hungarian ones from Jul 1941.
func TestBarbarossaHungaryAtWarFromJuly(t *testing.T) {
	g := specialGame(t, "Jun 1941", "axis-combat")
	err := g.Exec("attack B-0403 from B-0303")
	if err == nil || !strings.Contains(err.Error(), "hun-1 may not attack before Jul 1941: Hungary is not yet at war") {
		t.Errorf("a Hungarian attack in Jun 1941: %v", err)
	}
	if err := g.Exec("attack B-0403 from B-0304"); err != nil {
		t.Errorf("a German attack in Jun 1941: %v", err)
	}
	g = specialGame(t, "Jul 1941", "axis-combat")
	if err := g.Exec("attack B-0403 from B-0303"); err != nil {
		t.Errorf("a Hungarian attack in Jul 1941: %v", err)
	}
}

// The Soviet armies facing Finland may not enter it.
func TestBarbarossaFinlandClosed(t *testing.T) {
	g := specialGame(t, "Jul 1941", "soviet-general")
	err := g.Exec("move sov-23 B-0802")
	if err == nil || !strings.Contains(err.Error(), "B-0802 (Finland) is closed to soviet units (gpw special rule: Barbarossa") {
		t.Errorf("a Soviet army into Finland: %v", err)
	}
	if err := g.Exec("move sov-23 B-0603"); err != nil {
		t.Errorf("a Soviet army elsewhere: %v", err)
	}
}
