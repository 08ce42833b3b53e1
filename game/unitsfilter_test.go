package game

import (
	"testing"
)

// TestUnitsNearWithin: gpw.units_near, gpw.units_within and gpw.units keep only the
// side and kinds asked for, in the order they list all units (units_near:
// the path hex, then its neighbours clockwise from north).
func TestUnitsNearWithin(t *testing.T) {
	rules := writeModule(t, "near.lua", `local R = require("base")
R.id = "near"
local function ids(us)
  local o = {}
  for i = 1, #us do o[#o + 1] = us[i].id end
  return "[" .. table.concat(o, ",") .. "]"
end
local function ids2(as) return "[" .. table.concat(as, ",") .. "]" end
function R.can_move(u)
  local p = { "B-0505" }
  return false, ids(gpw.units_near(p)) .. ids(gpw.units_near(p, "soviet")) .. ids(gpw.units_near(p, "", "cavalry", "tank"))
    .. ids(gpw.units_near(p, "axis", "cavalry")) .. ids(gpw.units_within("B-0505", 1)) .. ids(gpw.units_within("B-0505", 99, "axis"))
    .. ids(gpw.units_within("B-0505", 99, "", "tank")) .. ids(gpw.units_within("B-0505", 0))
    .. ids2(gpw.units("soviet", "on map", "tank", "cavalry")) .. ids2(gpw.units("", "", "cavalry")), "test"
end
return R
`)
	c := ruleCase{name: "near", phase: "soviet-general", units: us(
		"a axis infantry 6/3 4 B-0505", "b axis cavalry 4/2 6 B-0506", "s soviet tank 8/4 6 B-0604",
		"f axis infantry 6/3 4 B-0108", "t soviet cavalry 4/2 6 B-0909", "x soviet tank 8/4 6 B-1010")}
	g, _ := newTestGame(t, c.toml(), Options{Rules: rules})
	err := g.Exec("move s B-0605")
	rf, ok := err.(*Refusal)
	if !ok {
		t.Fatalf("move: %v", err)
	}
	const want = "[a,s,b][s][s,b][b][a,b,s][a,b,f][s,x][a][s,t,x][b,t]"
	if rf.Msg != want {
		t.Errorf("got %s, want %s", rf.Msg, want)
	}
}
