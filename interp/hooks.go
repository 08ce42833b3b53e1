package interp

import (
	"fmt"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Hook is one function a rules module may define for the engine to call.
type Hook struct {
	Name    string
	Args    string // as Lua sees them
	Returns string
	When    string // when the engine calls it, and what it sees
	// Pure hooks answer questions: the engine calls them for queries and
	// legal actions too, so they may not change the game or roll a die.
	Pure bool
}

// Hooks is every hook the engine calls: the one list that the loader
// checks modules against and docs/modding.md documents.
var Hooks = []Hook{
	{"odds", "b", "attack, defence, odds index, column",
		"for each attack, odds preview and attack the legal actions list, after battle_terrain. b holds the attackers' factors now (att, sup: in supply as judged at the start of the combat phase, river, strait, attackers, kinds, n) and the defender's (def, defender, def_kind, terrain and city as battle_terrain left them, capital, weather: the turn's mark, whatever the movement phases rolled; hex_weather: the weather of the defender's hex this phase, its zone's when set). Record halvings with gpw.note and shifts with gpw.shift. The odds index is 0 below the table.", true},
	{"results", "b", "",
		"results[CODE](b) after the die, with the b the odds saw and b.odds, b.column (CRT indices from 1) and b.die: queue the result's steps (gpw.retreat, gpw.defender_loss, ...); the engine carries them out and asks the players for their choices.", false},
	{"after_battle", "b, result", "",
		"once a battle's results are carried out (retreats, losses, advance done), before the next command: b as odds and results saw it, with b.odds and b.column (CRT indices from 1) and b.die; result the CRT code. gpw.battle() still names its units, where the results left them. E.g. promote a unit after a win at 3:1 or better.", false},
	{"retreat_order", "u, hexes, may_stand", "nil | hexes | \"stand\" | \"eliminate\"[, reason, rule]",
		"as a battle's retreat of the defender u (hexes long; may_stand as results queued it) is about to be carried out, before the engine looks for a path: nil retreats as queued; a number retreats that many hexes instead (0: the unit holds its hex, e.g. a no-retreat order); \"stand\" holds losing a step; \"eliminate\" destroys it. A note event gives the reason and rule. gpw.battle() names the battle; it may roll dice.", false},
	{"on_phase_start", "phase", "",
		"as each phase begins, in the order the turn plays them, after the engine's own start: supply judged for the phasing side (movement, combat and reinforcement phases), withdrawals, arrivals and replacement points given (its first reinforcement phase of the turn), the weather reset to clear. phase is {id, side, kind, weather}, weather true when a roll opens it: roll it here (gpw.set_weather).", false},
	{"on_phase_end", "phase_id", "nil | true | false, reason, rule",
		"when the phasing player ends a phase, before the next begins (and before the victory check at the end of a player turn); false refuses the end.", false},
	{"can_move", "u, phase_id", "nil | true | false, reason, rule",
		"before a unit moves in a movement phase, and for every unit the legal actions list; u.supplied as judged at the phase's start.", true},
	{"move_kinds", "phase_id", "nil | array of unit kinds",
		"once as the legal actions list a movement phase's moves: the kinds of unit that may move in it at all; the listing asks can_move (and searches) only for units of these kinds, nil for every kind. It may leave out only kinds whose every unit can_move refuses now, which still judges the move command.", true},
	{"can_move_path", "u, path, how", "nil | true | false, reason, rule",
		"for a move or rail move (how: move, rail) along path (hex ids, the start excluded) that the engine's rules allow, and for every destination the legal actions list.", true},
	{"can_move_paths", "u, paths, how", "nil | array of indices",
		"once per unit as the legal actions list its moves (how: move), in place of can_move_path for each destination: paths is an array of paths (each as can_move_path sees it); return nil when every path is allowed, else the indices (from 1) of the paths refused. It must refuse exactly what can_move_path(u, paths[i], how) refuses, which still judges the move command: e.g. call R.can_move_path for each.", true},
	{"move_limits", "u, how", "nil | {check =, limits = {...}}",
		"once per unit (how: move, rail) as the legal actions list its moves, and for each move or rail command: limits the engine checks along every path itself, so that no Lua runs per hex or per path. limits is an array, each {hexes = N} (a path of at most N hexes), {only = {places}} (every hex in one of the places), {never = {places}} (no hex in any) or {within = N, of = {places}} (every hex within N hexes of one), places being countries or regions of the map by name, each with reason (\"{hex}\" stands for the hex that breaks it) and rule. check says which paths passing the limits the legal actions still ask can_move_path(s) about: all (the default), occupied (those ending on a hex that holds a combat unit, of a kind not in R.noncombat: the module's can_move_path allows any other) or none. The move and rail commands ask can_move_path, then check the limits.", true},
	{"after_move", "u, how, path", "nil | true | false, reason, rule",
		"after a unit moved (how: move, rail, advance, retreat), u where it ended; false refuses a move or rail move (the command is undone).", false},
	{"allowance", "u, mp, phase_id", "mp[, reason, rule]",
		"a unit's movement allowance in the phase under way, for moves, queries and the legal actions: mp is the printed allowance after the engine's halvings (out of supply as judged at the phase's start, unless R.supply_effects.mp_half is false; the rolled weather's mp_half where the unit stands, unless its kind is exempt). A reason and rule explain a change: they are shown in the move event and in a refusal for want of movement points.", true},
	{"rail_allowed", "u, turn", "-1 | 0 | n",
		"may a unit move by rail: -1 as the engine's rules say, 0 no.", true},
	{"arrival_reduced", "u, turn", "boolean",
		"as a reinforcement arrives, in its side's reinforcement phase: does it arrive at half strength.", true},
	{"rebuild_cost", "u", "points",
		"replacement points one step of u costs.", true},
	{"replacement_points", "side, points, turn", "points",
		"in side's first reinforcement phase of a turn: the replacement points it receives, given the scenario's points for the turn (points); e.g. scaled by a parameter (gpw.param).", true},
	{"can_rebuild", "u", "nil | true | false, reason, rule",
		"may u be rebuilt at all.", true},
	{"can_place", "u, hex, how", "nil | true | false, reason, rule",
		"may u be placed on hex (how: place, rebuild, setup): true allows past the engine's entry rules, false refuses, nil leaves them to judge.", true},
	{"place_limits", "u, how", "nil | {check =, limits = {...}}",
		"once per unit (how: place, rebuild) as the legal actions and the automatic placement list where it may enter, and for each place and rebuild command: limits the engine checks on every hex itself, so that no Lua runs per hex. limits is an array, each {hexes = {ids}} (the hex is one of these), {friendly = true} (the unit's side controls it), {entry = true} (on the side's map edge, as gpw.hex's edge_of names it, or a city the side controls), {no_zoc = true} (no enemy zone of control covers it) or {room = {major =, fortress =, minor =, rail =}, kind = K} (fewer units of kind K, the unit aside, stand there than the number for the hex's city kind, else for rail on a rail hex, else 0), each with reason (\"{hex}\" stands for the hex refused; in a room limit \"{n}\" for the units there, \"{most}\" for the room) and rule. check says which hexes passing the limits the listings still ask can_place about: all (the default), occupied (a hex holding any unit) or none; a hex not asked counts as allowed by can_place (true), so the limits must refuse no hex can_place allows. The place and rebuild commands ask can_place; where it is absent or answers nil, the engine's entry rule and then the limits judge them.", true},
	{"can_attack", "a, d", "nil | true | false, reason, rule",
		"may unit a attack unit d (for each attacker named, and for the legal actions).", true},
	{"can_lose", "u, kind", "nil | true | false, reason, rule",
		"may attacker u take the step of a pending attacker_loss or exchange.", true},
	{"on_eliminated", "u, hex", "",
		"when a unit leaves the map eliminated (a step lost in combat, a retreat it does not survive, gpw.remove(id, \"eliminated\")), after the engine's eliminated event; u as it is now (off the map), hex the hex it stood on. Settle at once what follows (ADC2: its leaders go home; Hungary surrenders with its sixth loss). It cannot refuse; a failure fails the command.", false},
	{"supply_sources", "side", "array of hex ids",
		"hexes that supply side besides its map edge, at each supply trace: as movement, combat and reinforcement phases begin, and for the supply queries.", true},
	{"supply_lines", "side", "nil | {edge_range =, depots = {{hex, range}, ...}}",
		"at each supply trace of side, after supply_sources: how far its supply lines reach, counted in hexes: edge_range from the map edge and the extra sources (absent: no limit), and depots, each a hex (a source itself) reaching its own range; nil: lines of any length. The engine's trace uses it, so the supply queries, the legal actions and the bots agree. E.g. a shorter range in mud, read with gpw.weather(hex).", true},
	{"phase_order", "turn", "nil | array of phase ids",
		"as each game turn begins, before its first phase (for the scenario's first turn, when the game is set up): the turn's phases in order, some left out or repeated; nil: the module's phases in order. An id ending in ! (\"axis-general!\") ends its side's player turn: when any is marked, the victory checks of a player turn fire after its marked phases only (chit-pull activation); unmarked, every change of side ends one. It may roll dice (from the turn's own stream), keep what it decided in the store and print it with gpw.emit; gpw.phase() is \"\" and no supply is judged for the new turn yet.", false},
	{"battle_terrain", "hex, terrain, city", "terrain, city",
		"for each battle, preview and attack listed, before odds, with the battle under way (gpw.battle, gpw.note): the terrain and city kind (\"\", minor, major, fortress) the defender's hex counts as, e.g. with a fortification built during play. The map is not changed.", true},
	{"commands", "words...", "nil | true | false, reason, rule",
		"commands[WORD](...) runs the module's own command word, in any phase, for the side whose phase it is, with the dice of the phase's k-th module command; help[WORD] is its help text (help, the legal actions).", false},
}

// Fields is every data field of a rules module that the engine reads.
var Fields = []string{
	"format_version", "id", "name", "description", "book", "sources", "classes", "kinds", "armor_kinds",
	"noncombat", "zoc_own_hex", "nonstacking", "sea_supply", "move_cost", "river_extra", "strait", "calendar",
	"weather", "weather_roll", "phases", "rail", "retreat", "cite", "crt", "place_city_no_zoc",
	"share_until_moved", "place_anywhere", "capitals_are_fortresses", "store", "help", "bot", "no_occupy", "stacking", "closed", "params", "weather_zones", "supply_effects", "keep_unused_points", "setup_order", "reinforcement_steps", "entry",
	"uses",
}

// pureHooks are the hooks that may not change the game.
var pureHooks = func() map[string]bool {
	m := map[string]bool{}
	for _, h := range Hooks {
		m[h.Name] = h.Pure
	}
	return m
}()

// HookNames lists the hooks by name.
func HookNames() []string {
	out := make([]string, len(Hooks))
	for i, h := range Hooks {
		out[i] = h.Name
	}
	return out
}

// hookLike reports whether a name looks like a hook: a prefix the
// engine's hooks use.
func hookLike(name string) bool {
	for _, p := range []string{"can_", "on_", "after_", "before_"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// checkHooks refuses a module that defines a function named like a hook
// the engine does not know (R.can_mvoe): it would never be called.
func checkHooks(t *lua.LTable) error {
	names := HookNames()
	if err := hookTypes(t, names); err != nil {
		return err
	}
	for _, k := range keys(t) {
		if _, fn := t.RawGetString(k).(*lua.LFunction); !fn || slices.Contains(names, k) {
			continue
		}
		near := closest(k, names)
		if hookLike(k) || near != "" {
			msg := fmt.Sprintf("R.%s is not a hook the engine calls", k)
			if near != "" {
				msg += fmt.Sprintf(" (did you mean R.%s?)", near)
			}
			return fmt.Errorf("%s; the hooks: %s", msg, strings.Join(names, ", "))
		}
	}
	return nil
}

// hookTypes refuses a hook that is not a function (R.on_phase_start = 5
// would never be called), a results or commands entry that is not one,
// and a module without odds (every battle is weighed by it).
func hookTypes(t *lua.LTable, names []string) error {
	for _, k := range append(names, "uses") {
		v := t.RawGetString(k)
		switch k {
		case "results", "commands", "uses":
			if err := functions(t, k); err != nil {
				return err
			}
			continue
		}
		if _, fn := v.(*lua.LFunction); !fn && v != lua.LNil {
			return fmt.Errorf("R.%s is a %s; a hook must be a function", k, v.Type())
		}
	}
	if _, fn := t.RawGetString("odds").(*lua.LFunction); !fn {
		return fmt.Errorf("R.odds is missing: the engine weighs every battle with it")
	}
	return nil
}

// functions refuses an entry of the table t[k] that is not a function.
func functions(t *lua.LTable, k string) error {
	v := t.RawGetString(k)
	if v == lua.LNil {
		return nil
	}
	ft, ok := v.(*lua.LTable)
	if !ok {
		return fmt.Errorf("R.%s is a %s; it must be a table of functions", k, v.Type())
	}
	var err error
	ft.ForEach(func(name, v lua.LValue) {
		if _, fn := v.(*lua.LFunction); !fn && err == nil {
			err = fmt.Errorf("R.%s.%s is a %s; it must be a function", k, safeText(name.String()), v.Type())
		}
	})
	return err
}

// closest returns the candidate a typing mistake away from name (and
// not equal to it), or "" (nearest, lint.go).
func closest(name string, candidates []string) string {
	return nearest(name, candidates) // lint.go: no false alarms on short names
}

// Lint lists what gpw check reports about a module's table beyond what
// stops it loading: data fields, at the top and in the engine's own
// tables, that look like a misspelt engine field. The module's own fields
// (read by its own functions) are fine.
func (m *Module) Lint() []string { return m.lint }

// subFields are the fields the engine reads in its tables of a module.
var subFields = map[string][]string{
	"crt":             {"columns", "rows"},
	"retreat":         {"hexes", "max_extra", "avoid_zoc_end", "friend_opens_zoc", "avoid_zoc"},
	"rail":            {"no_enemy_zoc", "zoc_stop", "limit"},
	"strait":          {"extra", "per_turn", "closed"},
	"stacking":        {"nonstacking_with_combat", "nonstacking_alone"},
	"sea_supply":      {"axis", "soviet"},
	"phases[]":        {"id", "side", "kind", "classes", "weather"},
	"calendar[]":      {"name", "weather"},
	"weather.*":       {"move_extra", "mp_half", "attack_half", "shift", "move_cost", "river_extra", "exempt"},
	"weather_zones[]": {"name", "north_of", "south_of", "countries", "regions"},
	"supply_effects":  {"mp_half"},
	"entry":           {"capitals", "cities", "edge", "rebuild_major"},
	"params.*":        {"default", "min", "max", "choices", "text", "cite"},
}

func lintFields(t *lua.LTable) []string {
	known := append(append([]string{}, Fields...), HookNames()...)
	out := lintTable(t, "R", known)
	for _, f := range keys(t) {
		sub, _ := t.RawGetString(f).(*lua.LTable)
		if sub == nil {
			continue
		}
		if names, ok := subFields[f]; ok {
			out = append(out, lintTable(sub, "R."+f, names)...)
		}
		if names, ok := subFields[f+"[]"]; ok {
			for i := 1; i <= sub.Len(); i++ {
				if e, ok := sub.RawGetInt(i).(*lua.LTable); ok {
					out = append(out, lintTable(e, fmt.Sprintf("R.%s[%d]", f, i), names)...)
				}
			}
		}
		if names, ok := subFields[f+".*"]; ok {
			for _, k := range keys(sub) {
				if e, ok := sub.RawGetString(k).(*lua.LTable); ok {
					out = append(out, lintTable(e, "R."+f+"."+k, names)...)
				}
			}
		}
	}
	return out
}

// lintTable lists the fields of t (at path) that are not among known but
// within two edits of one of them.
func lintTable(t *lua.LTable, path string, known []string) []string {
	var out []string
	for _, k := range keys(t) {
		if slices.Contains(known, k) {
			continue
		}
		if _, fn := t.RawGetString(k).(*lua.LFunction); fn && path == "R" {
			continue
		}
		if near := closest(k, known); near != "" {
			out = append(out, fmt.Sprintf("%s.%s is not a field the engine reads (did you mean %s.%s?)", path, k, path, near))
		}
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
