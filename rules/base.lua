-- rules/base.lua: the rules of GDW's The Great Patriotic War (1988).
--
-- A rules module returns one table. The engine reads its data (classes,
-- movement costs, calendar, phases, citations, CRT) once and compiles it
-- into Go arrays; it calls its functions (hooks) at phase starts, on
-- commands, once per battle and, for the check hooks, when it lists the
-- legal actions; never in its own searches. A module keeps no game state
-- in Lua (docs/modding.md: the store). Another module changes these rules
-- by requiring this one and replacing fields:
--
--   local R = require("base")
--   R.id = "myhouse"; R.crt.rows[6][1] = "NE"
--   --
-- Citations name the rulebook section (GDW: Section / Topic) so that every
-- refusal and every odds calculation teaches the rule behind it.
local R = {}

R.format_version = 1
R.id = "gdw"
R.name = "GDW 1988"
R.description = "The Great Patriotic War as GDW published it in 1988: ten phases, odds CRT 1:1 to 6:1, one unit per hex"
R.book = "GDW"

-- Where each rule comes from, by field: `gpw rules diff` cites these.
R.sources = {
  name = "GDW: Introduction",
  classes = "GDW: Movement", kinds = "GDW: Movement", move_cost = "GDW: Terrain Effects Chart",
  river_extra = "GDW: Movement / Rivers", strait = "GDW: Movement / The Straits of Kerch",
  calendar = "GDW: Sequence of Play; Weather", weather = "GDW: Weather", phases = "GDW: Sequence of Play",
  rail = "GDW: Movement / rail lines", retreat = "GDW: Combat Results / DR; Zones of Control / Combat; Terrain and Combat (the worked example)", crt = "GDW: Combat Results Table",
  odds = "GDW: Combat; Terrain and Combat", results = "GDW: Combat Results",
  NE = "GDW: Combat Results / NE", DR = "GDW: Combat Results / DR", DRL = "GDW: Combat Results / DRL",
  DE = "GDW: Combat Results / DE", AL = "GDW: Combat Results / AL", EX = "GDW: Combat Results / EX",
  on_phase_start = "GDW: Weather", arrival_reduced = "GDW: Reinforcements",
  rebuild_cost = "GDW: Reinforcements and Replacements", can_rebuild = "GDW: Reinforcements and Replacements",
  noncombat = "GDW: Movement / Restrictions on Movement", zoc_own_hex = "GDW: Zones of Control",
  no_occupy = "GDW: Movement / rail lines", stacking = "GDW: Combat Results / DR",
  place_city_no_zoc = "GDW: Reinforcements",
  replacement_points = "GDW: Reinforcements and Replacements",
  bot = "GDW: Combat Results",
  supply_effects = "GDW: Supply",
  keep_unused_points = "GDW: Reinforcements and Replacements",
  setup_order = "GDW: Beginning Play; ADC2: Game Setup",
  reinforcement_steps = "GDW: Reinforcements and Replacements; Withdrawals; Returns",
  entry = "GDW: Reinforcements and Replacements",
  params = "GDW: Reinforcements and Replacements; Combat / Minimum and Maximum Odds",
}

-- Parameters the players may set at launch (--param NAME=VALUE); the
-- hooks read them with gpw.param. A number takes default, min and max; a
-- word takes default and choices. Every one says what it changes and
-- cites the rule it varies.
R.params = {
  soviet_replacements = { default = 1, min = 0, max = 10, cite = "GDW: Reinforcements and Replacements",
    text = "multiplies the replacement points the Soviet player receives each turn (fractions dropped)" },
  axis_replacements = { default = 1, min = 0, max = 10, cite = "GDW: Reinforcements and Replacements",
    text = "multiplies the replacement points the Axis player receives each turn (fractions dropped)" },
  below_lowest_column = { default = "floor", choices = { "floor", "no-attack" },
    cite = "GDW: Combat / Minimum and Maximum Odds",
    text = "an attack of at least 1:1 that terrain and weather shift left of the 1:1 column: floor (our reading) resolves it at 1:1; no-attack forbids it, as odds below 1:1 are" },
}

-- Movement classes, and which class each unit kind moves as. Guards, Shock,
-- mountain and garrison troops are infantry (GDW: Movement); mountain units
-- have their own class only for the cost of mountain hexes.
R.classes = { "infantry", "mountain", "cavalry", "armor" }
R.kinds = {
  infantry = "infantry", guards = "infantry", shock = "infantry", garrison = "infantry",
  rifle = "infantry", airborne = "infantry", partisan = "infantry",
  mountain = "mountain", alpini = "mountain",
  cavalry = "cavalry",
  tank = "armor", panzer = "armor", mech = "armor", motorized = "armor", armor = "armor",
}
-- Kinds that count as armour for other rules (straits, rebuilding cost).
R.armor_kinds = { tank = true, panzer = true, mech = true, motorized = true, armor = true }

-- What being out of supply does, beyond the attack halved in R.odds:
-- the engine halves the movement allowance (fractions dropped) of a unit
-- out of supply as its phase began (GDW: Supply). A module that judges it
-- otherwise sets mp_half = false and halves in its allowance hook.
R.supply_effects = { mp_half = true }

-- Kinds that are not combat units: no zone of control, no stacking.
R.noncombat = { leader = true, air = true }
-- Kinds whose zone of control covers only their own hex.
R.zoc_own_hex = {}
-- Kinds that do not occupy the hexes they enter: they take no control of
-- them and open no supply line through an enemy ZOC. GDW: none, every
-- unit moving through or occupying a hex makes it friendly (Movement /
-- rail lines).
R.no_occupy = {}
-- Supply by sea: the Soviet Black Sea coast (GDW: Supply). The map names
-- the sea as a region; without it any sea hex serves.
R.sea_supply = { soviet = "Black Sea" }

-- Terrain Effects Chart, movement column. "stop": the unit must stop on
-- entering (it pays what it has left). Lake and sea are closed to all.
local inf = { clear = 1, forest = 2, swamp = 3, mountain = 4, rough = 2 }
R.move_cost = {
  infantry = inf,
  cavalry = inf,
  mountain = { clear = 1, forest = 2, swamp = 3, mountain = 2, rough = 2 },
  armor = { clear = 1, forest = 4, swamp = "stop", mountain = "stop", rough = 3 },
}
R.river_extra = 1 -- GDW: Movement / Rivers
-- GDW: Movement / The Straits of Kerch
R.strait = { extra = 1, per_turn = 1, closed = { armor = true } }

-- Eight turns a year (GDW: Sequence of Play). weather: the turn's mark,
-- rolled for at each movement phase and applied to all its combat; roll:
-- the highest die that brings it that turn (R.weather_roll when absent;
-- a house rule sets R.calendar[2].roll = 4 for mud on 1-4 in Mar/Apr).
R.calendar = {
  { name = "Jan/Feb", weather = "snow" },
  { name = "Mar/Apr", weather = "mud" },
  { name = "May" },
  { name = "Jun" },
  { name = "Jul" },
  { name = "Aug" },
  { name = "Sep/Oct", weather = "mud" },
  { name = "Nov/Dec", weather = "snow" },
}

-- GDW: Weather, by the turn's mark. move_extra: MP added to every hex
-- entered and mp_half: movement allowance halved (fractions dropped), both
-- applied by the engine in a movement phase whose roll brought the
-- weather; attack_half: each attacker's factor halved (fractions dropped)
-- and shift: columns added to every attack (negative: left), both applied
-- by R.odds to every battle of a turn with that mark, whatever was rolled.
R.weather = {
  clear = {},
  snow = { move_extra = 1, shift = -1 },
  mud = { mp_half = true, attack_half = true },
}
R.weather_roll = 3 -- a roll of this or less brings the turn's weather (each calendar entry may set its own roll)

-- The sequence of play. kind: reinforcement, rail, move or combat.
-- classes: which movement classes may move (all when absent).
R.phases = {
  { id = "axis-reinforcement", side = "axis", kind = "reinforcement" },
  { id = "axis-rail", side = "axis", kind = "rail" },
  { id = "axis-panzer", side = "axis", kind = "move", classes = { "armor", "cavalry" }, weather = true },
  { id = "axis-combat", side = "axis", kind = "combat" },
  { id = "axis-general", side = "axis", kind = "move", weather = true },
  { id = "soviet-reinforcement", side = "soviet", kind = "reinforcement" },
  { id = "soviet-rail", side = "soviet", kind = "rail" },
  { id = "soviet-armor", side = "soviet", kind = "move", classes = { "armor" }, weather = true },
  { id = "soviet-combat", side = "soviet", kind = "combat" },
  { id = "soviet-general", side = "soviet", kind = "move", weather = true },
}

-- GDW rail movement: the friendliness of rail hexes limits it, and, as
-- every move, enemy zones of control: the ZOC rule stops a unit entering
-- one "during that phase" and the rail rules make no exception, so a rail
-- move may end in the first enemy-ZOC hex but not pass through it; it may
-- leave one it starts in (GDW: Zones of Control / Movement; our reading).
R.rail = { no_enemy_zoc = false, zoc_stop = true, limit = {} }

-- GDW: Combat Results / DR: two hexes; farther only to reach an empty hex.
-- The attacker moves the defender, but only along a retreat that enters
-- the fewest enemy zones of control it can (avoid_zoc): the rulebook
-- charges a step to a unit "forced" to retreat through a zone (GDW: Zones
-- of Control / Combat; Combat Results / DR), and its worked example (GDW:
-- Terrain and Combat, the Soviet attack on B-1603) costs nothing with the
-- three attackers it names, whose zones leave a way out, and exactly one
-- step once a fourth unit closes it. ADC2: Retreat writes the same.
-- rules/house/freeretreat.lua lets the attacker route it freely.
R.retreat = { hexes = 2, max_extra = 4, avoid_zoc_end = false, avoid_zoc = true }

-- Citations for refusals raised by the engine, by rule key.
R.cite = {
  ["off-map"] = "GDW: Movement",
  water = "GDW: Movement / Restrictions on Movement",
  ["enemy-unit"] = "GDW: Movement / Restrictions on Movement",
  stack = "GDW: Movement / Restrictions on Movement",
  terrain = "GDW: Terrain Effects Chart",
  ["stop-terrain"] = "GDW: Terrain Effects Chart (swamp, mountain)",
  mp = "GDW: Movement",
  ["zoc-stop"] = "GDW: Zones of Control / Movement",
  path = "GDW: Movement",
  ["strait-class"] = "GDW: Movement / The Straits of Kerch",
  ["strait-limit"] = "GDW: Movement / The Straits of Kerch",
  ["not-on-map"] = "GDW: Movement",
  ["rail-start"] = "GDW: Sequence of Play / Rail Movement Phase",
  ["rail-line"] = "GDW: Movement / rail lines",
  ["rail-friendly"] = "GDW: Movement / rail lines (friendly rail hexes)",
  ["rail-zoc"] = "GDW: Movement / rail lines",
  ["rail-zoc-stop"] = "GDW: Zones of Control / Movement",
  ["rail-limit"] = "GDW: Movement / rail lines",
  phase = "GDW: Sequence of Play",
  ["moved-twice"] = "GDW: Movement",
  ["phase-class"] = "GDW: Sequence of Play",
  ["not-adjacent"] = "GDW: Combat",
  ["attack-once"] = "GDW: Combat (each unit attacks once)",
  ["defend-once"] = "GDW: Combat (each unit is attacked once)",
  ["odds-min"] = "GDW: Combat / Minimum and Maximum Odds",
  ["water-attack"] = "GDW: Movement / Restrictions on Movement",
  decision = "GDW: Combat Results",
  retreat = "GDW: Combat Results / DR; Zones of Control / Combat",
  stand = "GDW: Combat Results / DR (exception)",
  advance = "GDW: Combat (advance after combat)",
  loss = "GDW: Combat Results / AL, EX",
  place = "GDW: Reinforcements and Replacements",
  rebuild = "GDW: Reinforcements and Replacements",
  points = "GDW: Reinforcements and Replacements",
  weather = "GDW: Weather",
  supply = "GDW: Supply",
  combat = "GDW: Combat",
  zoc = "GDW: Zones of Control",
  setup = "GDW: Beginning Play",
  unknown = "gpw: commands",
}

-- Combat Results Table, exactly as printed: rows by die 1-6.
R.crt = {
  columns = { "1:1", "2:1", "3:1", "4:1", "5:1", "6:1" },
  rows = {
    { "DR", "DR", "DR", "DR", "DR", "DRL" },
    { "EX", "DR", "DR", "DR", "DRL", "DRL" },
    { "EX", "EX", "DR", "EX", "DRL", "DE" },
    { "NE", "EX", "EX", "DRL", "DRL", "DE" },
    { "NE", "NE", "EX", "DRL", "DE", "DE" },
    { "AL", "NE", "DRL", "DE", "DE", "DE" },
  },
}

-- Terrain that shifts the column left for the defender (GDW: Terrain and
-- Combat), and terrain that halves the attack.
R.defense_shift = { forest = -1, rough = -1 }
R.city_shift = { major = -1, fortress = -1 }
-- Berlin and Moscow count as fortress hexes (GDW: Terrain and Combat).
-- They stay major cities as well, and terrain effects are cumulative
-- (GDW: Combat, step 3): a capital gets both the major-city and the
-- fortress shift, two columns left, whatever kind the map gives it.
R.capitals_are_fortresses = true
R.halve_into = { swamp = true, mountain = true }
R.stand_terrain = { swamp = true, mountain = true }

local floor, min = math.floor, math.min
local gpw = gpw

-- shift moves the column and records why.
local function shift(col, cause, n, cite)
  gpw.shift(cause, n, cite)
  return col + n
end

-- R.odds computes a battle's odds column (GDW: Combat, steps 1-3). b holds
-- what the engine knows: n attackers with b.att[i] (attack factor now),
-- b.sup[i] (in supply), b.river[i] (across a river), b.strait[i] (across
-- the straits); b.def (defence factor), b.terrain, b.city ("" or a kind),
-- b.capital (true in a capital), b.weather (the turn's mark). It records
-- each halving with gpw.note and each shift with gpw.shift, and returns
-- attack, defence, the odds index (0 when below 1:1) and the final index.
--
-- A unit attacking across the Straits of Kerch has its own attack factor
-- halved, fractions dropped, not the whole attack. The straits' one
-- column left applies whenever any attacker is across: the book gives it
-- to "a unit" attacking across and, unlike the river shift, does not ask
-- for all attackers (GDW: Movement / The Straits of Kerch).
function R.odds(b)
  local total, allriver, strait = 0, true, false
  local w = R.weather[b.weather] or {}
  for i = 1, b.n do
    local a = b.att[i]
    if not b.sup[i] then
      a = floor(a / 2)
      gpw.note("out of supply: attack halved", "GDW: Supply")
    end
    if w.attack_half then a = floor(a / 2) end
    if b.strait[i] then
      a = floor(a / 2)
      strait = true
    end
    total = total + a
    if not b.river[i] then allriver = false end
  end
  if w.attack_half then gpw.note(b.weather .. ": attack factors halved", "GDW: Weather") end
  if R.halve_into[b.terrain] then
    total = floor(total / 2)
    gpw.note("attack into " .. b.terrain .. ": halved", "GDW: Terrain and Combat")
  end
  if strait then
    gpw.note("across the Straits of Kerch: that attacker's factor halved", "GDW: Movement / The Straits of Kerch")
  end
  local def = b.def
  local ratio = 0
  if def > 0 then ratio = floor(total / def) else ratio = #R.crt.columns end
  if ratio < 1 then return total, def, 0, 0 end
  local ncol = #R.crt.columns
  local odds = min(ratio, ncol)
  local col = odds
  local t = b.terrain
  local s = R.defense_shift[t]
  if s then col = shift(col, t, s, "GDW: Terrain and Combat") end
  local city = b.city
  if b.capital and R.capitals_are_fortresses then
    -- a major city that is a fortress too: both shifts
    local ms = R.city_shift.major
    if ms then col = shift(col, "major city", ms, "GDW: Terrain and Combat") end
    city = "fortress"
  end
  local cs = R.city_shift[city]
  if cs then col = shift(col, city .. " city", cs, "GDW: Terrain and Combat") end
  if allriver and b.n > 0 then col = shift(col, "river", -1, "GDW: Terrain and Combat (all attackers across a river)") end
  if w.shift then col = shift(col, b.weather, w.shift, "GDW: Weather") end
  if strait then col = shift(col, "Straits of Kerch", -1, "GDW: Movement / The Straits of Kerch") end
  if col < 1 then
    if gpw.param("below_lowest_column") == "no-attack" then
      gpw.note("shifted left of " .. R.crt.columns[1] .. ": the attack cannot be made (parameter below_lowest_column)", "GDW: Combat / Minimum and Maximum Odds")
      return total, def, 0, 0
    end
    col = 1
  end
  if col > ncol then col = ncol end
  return total, def, odds, col
end

-- R.ratio_label prints an odds index as a ratio such as "4:1".
function R.ratio_label(i)
  return R.crt.columns[i] or "below 1:1"
end

-- R.results applies each CRT result by queueing engine steps; the engine
-- asks the right player for each choice (GDW: Combat Results).
R.results = {}
R.results.NE = function(b) end
R.results.DR = function(b)
  gpw.retreat(R.retreat.hexes, R.stand_terrain[b.terrain] or b.city == "fortress" or b.capital)
  gpw.advance()
end
R.results.DRL = function(b)
  gpw.defender_loss(1)
  gpw.retreat(R.retreat.hexes, false)
  gpw.advance()
end
R.results.DE = function(b)
  gpw.defender_eliminate()
  gpw.advance()
end
R.results.AL = function(b)
  gpw.attacker_loss(1)
end
R.results.EX = function(b)
  gpw.defender_loss(1)
  gpw.exchange()
  gpw.retreat(R.retreat.hexes, false)
  gpw.advance()
end

-- What each CRT code means, for the computer players (bot/doctrine.go):
-- the steps its results function queues, as data the bots can weigh
-- without running it (GDW: Combat Results). def_steps, att_steps: steps
-- lost; retreat: hexes; stand: the defender may stand in strong terrain;
-- exchange, advance, def_elim, att_elim, disperses.
R.bot = {
  results = {
    NE = {},
    DR = { retreat = 2, stand = true, advance = true },
    DRL = { def_steps = 1, retreat = 2, advance = true },
    DE = { def_elim = true, advance = true },
    AL = { att_steps = 1 },
    EX = { def_steps = 1, exchange = true, retreat = 2, advance = true },
  },
}

-- R.on_phase_start runs as each phase begins. In a turn with a weather
-- mark, each movement phase opens with a weather roll (GDW: Weather).
function R.on_phase_start(phase)
  if phase.kind == "move" and phase.weather then
    local turn = gpw.turn()
    local w = "clear"
    if turn.weather ~= "" then
      local die = gpw.roll()
      if die <= turn.roll then w = turn.weather end
      gpw.set_weather(w, die, R.cite.weather)
    else
      gpw.set_weather("clear", 0, "")
    end
  end
end

-- Where reinforcements and rebuilt units enter the map (GDW:
-- Reinforcements and Replacements): a side's own capital always, even out
-- of supply and in an enemy zone of control; any friendly city; the
-- friendly map edge out of enemy zones of control; rebuilt units only in
-- a friendly major city in supply (or the capital, or the edge). The
-- engine applies it where can_place is absent or answers nil.
R.entry = { capitals = true, cities = true, edge = true, rebuild_major = true }

-- What a side's reinforcement phase begins with, in order: units due to
-- leave are withdrawn, then units due arrive (and withdrawn ones return),
-- force pools due are opened, then the turn's replacement points are
-- given (GDW: Reinforcements and Replacements; Withdrawals; Returns). The
-- engine does each once a turn, in the side's first reinforcement phase.
R.reinforcement_steps = { "withdraw", "arrive", "pools", "points" }

-- The setup step: the Soviet player places his setup units first, then
-- the Axis (GDW: Beginning Play gives no order; ADC2: Game Setup does,
-- and gpw follows it for both).
R.setup_order = { "soviet", "axis" }

-- Replacement points not spent in the reinforcement phase are lost (GDW:
-- Reinforcements and Replacements); a module that keeps them sets true.
R.keep_unused_points = false

-- R.replacement_points is what side receives in its reinforcement phase:
-- the chart's points times the side's parameter (GDW: Reinforcements and
-- Replacements).
function R.replacement_points(side, points, turn)
  return floor(points * gpw.param(side .. "_replacements"))
end

-- R.arrival_reduced says whether a reinforcement arrives at half strength:
-- the Soviet ones of Jul and Aug 1941 (GDW: Reinforcements).
function R.arrival_reduced(u, turn)
  return u.side == "soviet" and turn.year == 1941 and (turn.month == "Jul" or turn.month == "Aug")
end

-- R.rebuild_cost is the replacement points one step costs: armour double
-- (GDW: Reinforcements and Replacements).
function R.rebuild_cost(u)
  if R.armor_kinds[u.kind] then return 2 end
  return 1
end

-- R.rebuild_nations: whose units each side may rebuild. The Axis rebuilds
-- Germans, Romanians, Slovaks and Hungarians; the Soviets their own, the
-- Poles and the defected Romanians (GDW: Reinforcements and Replacements).
R.rebuild_nations = {
  axis = { ger = true, rom = true, slo = true, hun = true },
  soviet = { sov = true, pol = true, rom = true },
}

function R.can_rebuild(u)
  local n = R.rebuild_nations[u.side]
  return n == nil or n[u.nation] == true
end

return R
