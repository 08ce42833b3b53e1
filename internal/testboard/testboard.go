// Package testboard holds the small inline scenario that tests of several
// packages build on: a 20×10 sheet of clear terrain, the Axis edge in the
// west, the Soviet edge in the east.
package testboard

import "strconv"

// Board is the scenario's top and map, with the phase to start in as its
// one %s; tests append terrain, units and tables as TOML.
const Board = `
name = "test"
rules = "gdw"
start = "Jul 1941"
end = "Aug 1941"
phase = "%s"
seed = 7

[map]
sheet = "B"
cols = 20
rows = 10
owner = "soviet"
axis_edge = "west"
soviet_edge = "east"
`

// Unit is one [[unit]] table: a German unit for the Axis, a Soviet one
// for the Soviets.
func Unit(id, side, kind string, full, half, mp int, hex string) string {
	nation := map[string]string{"axis": "ger", "soviet": "sov"}[side]
	return "\n[[unit]]\nid = \"" + id + "\"\nside = \"" + side + "\"\nnation = \"" + nation + "\"\nkind = \"" + kind +
		"\"\nstrength = [" + strconv.Itoa(full) + ", " + strconv.Itoa(half) + "]\nmp = " + strconv.Itoa(mp) + "\nhex = \"" + hex + "\"\n"
}
