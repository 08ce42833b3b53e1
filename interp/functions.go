package interp

// Function is one function of the gpw table that rules modules call.
type Function struct {
	Name    string
	Args    string // as Lua passes them
	Returns string
	Doc     string // what it does, and what of the game it sees
	// Changes is true for a function that changes the game or rolls a
	// die: a pure hook (Hook.Pure) that calls it fails.
	Changes bool
	// Example is a call for the tests, with UNIT and HEX for a unit and a
	// hex of the game.
	Example string
}

// Functions is every function of the gpw table: the list docs/modding.md
// documents and the tests check against the table itself.
var Functions = []Function{
	// dice, time and weather
	{"roll", "", "die", "a six-sided die from the engine's seeded dice (forced dice first); math.random draws from the same dice.", true, "gpw.roll()"},
	{"turn", "", "{name, month, year, weather, roll, index}",
		"the current game turn: its name (\"Sep/Oct 1941\"), the calendar entry's month and the year, its weather mark (\"\", snow, mud), the highest die that brings the mark (the entry's roll, else R.weather_roll) and its index (turns since the start of the first year).", false, "gpw.turn()"},
	{"weather", "[hex]", "weather", "the weather of the phase under way: what the roll that opened a movement phase brought (gpw.set_weather), else clear; with a hex, that hex's (its weather zone's when set this phase). Combat uses the turn's mark instead (gpw.turn().weather, b.weather; b.hex_weather is the defender's hex's).", false, "gpw.weather(HEX)"},
	{"set_weather", "w, die, cite, [zone]", "",
		"sets the weather of the phase under way (one of R.weather's keys), or with zone that of one of R.weather_zones (the rest of the map keeps the phase's); with a die, prints a weather event citing cite (naming the zone). The engine applies the weather's move_extra, move_cost, river_extra and mp_half to the phase's moves, hex by hex, kinds in exempt excepted. Weathers set go back to clear as each phase begins.", true, "gpw.set_weather(\"clear\", 1, \"House\")"},
	{"param", "name", "number or word", "the game's value of one of the module's parameters (R.params), as --param set it or its default; an undeclared name is an error.", false, "gpw.param(\"soviet_replacements\")"},
	{"phase", "", "phase id", "the id of the phase under way; \"\" while phase_order runs, between turns.", false, "gpw.phase()"},
	// the battle being weighed or resolved
	{"note", "text, cite", "", "adds a remark (a halving, a fortification) to the battle being weighed: printed in the combat event and the odds preview. Outside a battle, nothing.", false, "gpw.note(\"x\", \"House\")"},
	{"shift", "cause, columns, cite", "", "records a column shift of the battle being weighed, for the combat event and the preview (odds still returns the final column itself).", false, "gpw.shift(\"x\", -1, \"House\")"},
	{"battle", "", "defender id, array of attacker ids, hex", "the units of the battle being weighed or resolved and the hex attacked (in odds, battle_terrain, results, can_lose, and the after_move and on_eliminated of its retreats and advance); nil outside a battle.", false, "gpw.battle()"},
	{"retreat", "hexes, may_stand", "", "queues the defender's retreat of hexes (the attacker chooses the path; may_stand lets the defender lose a step instead). Only in results[CODE].", true, "gpw.retreat(2)"},
	{"defender_loss", "steps", "", "queues steps lost by the defender. Only in results[CODE].", true, "gpw.defender_loss(1)"},
	{"defender_eliminate", "", "", "queues the defender's elimination. Only in results[CODE].", true, "gpw.defender_eliminate()"},
	{"attacker_loss", "steps", "", "queues steps lost by attackers of the attacker's choice (can_lose limits who). Only in results[CODE].", true, "gpw.attacker_loss(1)"},
	{"exchange", "[n]", "", "queues an exchange: the attackers lose at least the strength the defender lost, or n. Only in results[CODE].", true, "gpw.exchange()"},
	{"advance", "", "", "queues the advance of one attacker into the vacated hex, if it is vacated. Only in results[CODE].", true, "gpw.advance()"},
	{"attackers_eliminate", "", "", "queues the elimination of every attacker. Only in results[CODE].", true, "gpw.attackers_eliminate()"},
	{"can_retreat", "[hexes]", "boolean", "whether the defender of the battle under way has a legal retreat of hexes (default 2).", false, "gpw.can_retreat(2)"},
	{"retreat_zoc", "[hexes]", "number", "the fewest enemy ZOC hexes a legal retreat of the defender enters; -1 when it has none.", false, "gpw.retreat_zoc(2)"},
	// units
	{"unit", "id", "unit table or nil",
		"a unit: id, side, kind, size, nation, hex (\"\" off the map), status (\"on map\", \"pending\", \"eliminated\", \"withdrawn\", \"removed\"), reduced, supplied (as gpw.in_supply), attack, attack_half, defense, defense_half, strength (now), mp (printed), pool, radius, range, shift. Read-only: copy what you keep.", false, "gpw.unit(UNIT)"},
	{"units", "[side], [status], [kind, ...]", "array of ids", "the units of a side (all when \"\" or nil) with a status (all when absent or \"\") and of the kinds given (all when none), in scenario order.", false, "gpw.units(\"axis\", \"on map\")"},
	{"units_at", "hex", "array of ids", "the units on a hex, its combat unit first.", false, "gpw.units_at(HEX)"},
	{"units_in", "hex, ...", "array of unit tables", "the units on the hexes given, hex by hex, each hex's combat unit first: one call instead of units_at and a gpw.unit per id. Read-only tables.", false, "gpw.units_in(HEX, HEX)"},
	{"units_near", "path[, side, kind, ...]", "array of unit tables", "the units in the hexes of path (an array of hex ids) and next to them, in the order a move along it passes them: each path hex, then its neighbours clockwise from north, each hex once; only those of side (\"\" or nil: any) and of the kinds given (none: any), when given.", false, "gpw.units_near({HEX})"},
	{"units_within", "hex, n[, side, kind, ...]", "array of unit tables", "the units on the map within n hexes of hex (0 to 999), in scenario order; only those of side (\"\" or nil: any) and of the kinds given (none: any), when given. Read-only tables.", false, "gpw.units_within(HEX, 3, \"axis\", \"leader\")"},
	{"in_supply", "id", "boolean",
		"whether the unit was in supply when its side's supply was last judged: as each movement, combat and reinforcement phase begins, for the phasing side (before on_phase_start). In the other side's phases, the judgment of its own last such phase.", false, "gpw.in_supply(UNIT)"},
	{"moved", "id", "boolean", "whether the unit has moved or rail-moved in the phase under way.", false, "gpw.moved(UNIT)"},
	{"set_reduced", "id, reduced", "ok, err", "flips a unit to its half (true) or full side.", true, "gpw.set_reduced(UNIT, false)"},
	{"relocate", "id, hex", "ok, err", "moves a unit on the map to hex, with no movement rules (not onto water or another combat unit).", true, "gpw.relocate(UNIT, HEX)"},
	{"remove", "id, [status]", "ok, err", "takes a unit off the map: eliminated (default; an eliminated event), withdrawn, removed or pending.", true, "gpw.remove(UNIT, \"removed\")"},
	{"place", "id, hex", "ok, err", "puts a unit that is off the map onto hex.", true, "gpw.place(UNIT, HEX)"},
	// the map
	{"hex", "id", "hex table or nil", "a hex: id, terrain, city, city_kind (\"\", minor, major, fortress), capital, country, control, regions, rail, edge (on its controller's map edge), edge_of (the side whose edge it is on), fortified (a scenario's [[fortification]] holds it: a battle there counts it a fortress). Read-only.", false, "gpw.hex(HEX)"},
	{"city", "name", "hex id or nil", "the hex of a city, by name or alias.", false, "gpw.city(\"Kiev\")"},
	{"distance", "a, b", "hexes", "the distance between two hexes (-1 for a bad hex).", false, "gpw.distance(HEX, HEX)"},
	{"neighbors", "hex", "array of hex ids", "the hexes around a hex that are on the map, clockwise from north.", false, "gpw.neighbors(HEX)"},
	{"near", "hex, n, place, ...", "boolean", "whether a hex within n hexes of hex (itself included) lies in one of the places named: countries or regions of the map.", false, "gpw.near(HEX, 2, \"Romania\")"},
	{"hexside", "a, b", "{river, water, strait} or nil", "what lies between two adjacent hexes; nil when they are not adjacent.", false, "gpw.hexside(HEX, HEX)"},
	{"in_zoc", "side, hex", "boolean", "whether a hex is in a side's zone of control now.", false, "gpw.in_zoc(\"axis\", HEX)"},
	{"control", "hex", "side or nil", "the side that controls a hex now (axis, soviet or none), as gpw.hex(hex).control, without the table; nil for a bad hex.", false, "gpw.control(HEX)"},
	{"pools", "", "array of {name, kind, side, turn, units}", "the scenario's [[pool]] tables (turn as an index like gpw.turn().index, -1 for none).", false, "gpw.pools()"},
	// replacement points, events, the end
	{"points", "side", "number", "the side's replacement points left in the phase under way.", false, "gpw.points(\"axis\")"},
	{"set_points", "side, n", "", "sets the side's replacement points.", true, "gpw.set_points(\"axis\", 0)"},
	{"emit", "kind, text, {key, value, ...}", "", "prints an event: in the log and in --json, its fields in order, values kept as strings, numbers, booleans or lists. Cite the rule in the text and in a rule field.", true, "gpw.emit(\"x\", \"y\")"},
	{"end_game", "winner, text", "", "ends the game: winner axis, soviet, or \"\" for a draw.", true, "gpw.end_game(\"\", \"x\")"},
	// the store
	{"get", "name", "value", "the game's value name (declared in R.store.game), or its default.", false, "gpw.get(\"g\")"},
	{"set", "name, value", "", "sets the game's value (nil clears it).", true, "gpw.set(\"g\", 1)"},
	{"side_get", "side, name", "value", "a side's value (R.store.side).", false, "gpw.side_get(\"axis\", \"s\")"},
	{"side_set", "side, name, value", "", "sets a side's value.", true, "gpw.side_set(\"axis\", \"s\", 1)"},
	{"flag", "id, name", "value", "a unit's value (R.store.unit); a name not declared is a string, \"\" when unset.", false, "gpw.flag(UNIT, \"u\")"},
	{"set_flag", "id, name, value", "ok, err", "sets a unit's value (nil, or \"\" for an undeclared flag, clears it); one whose field has a symbol is drawn on the unit's counter.", true, "gpw.set_flag(UNIT, \"u\", 1)"},
	{"flagged", "name", "array of ids", "the units holding a value, in scenario order.", false, "gpw.flagged(\"u\")"},
	{"mark", "hex, name", "value", "a hex's value (R.store.hex).", false, "gpw.mark(HEX, \"h\")"},
	{"set_mark", "hex, name, value", "", "sets a hex's value; one whose field has a symbol is drawn on the map.", true, "gpw.set_mark(HEX, \"h\", 1)"},
	{"marked", "name", "array of hex ids", "the hexes holding a value, in map order.", false, "gpw.marked(\"h\")"},
}

// FunctionNames lists the gpw functions by name, in registry order.
func FunctionNames() []string {
	out := make([]string, len(Functions))
	for i, f := range Functions {
		out[i] = f.Name
	}
	return out
}
