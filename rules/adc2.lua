-- rules/adc2.lua: The Great Patriotic War for ADC2, by Gerald Schwartz.
--
-- The ADC2 edition reproduces GDW's game with slightly different rules.
-- This module requires the GDW module (rules/base.lua) and replaces what
-- the ADC2 text changes; every refusal and note cites "ADC2: Section".
-- The clause-by-clause map (clause -> code -> test) is the ADC2 section of
-- docs/rules-coverage.md.
--
-- Module commands (R.commands), each refused with an ADC2 citation when
-- illegal:
--   shock                 announce the year's shock attack (reinforcement phase)
--   convert UNIT NEW      a Soviet infantry army becomes NEW from a Conversion pool (1 point)
--   enter UNIT HEX        a unit the rules released onto the map: a displaced air unit,
--                         an eliminated partisan, a Garrison pool unit (Yugoslavia), a
--                         Romanian or Bulgarian Defection unit, a leader waiting for its capital
--   leader LEADER HEX     1st Movement Phase leader relocation (from or to the capital)
--   drop UNIT HEX         airborne assault (a movement phase)
--   support AIR HEX       offensive air support on the enemy in HEX (combat phase, before the attack)
--   defend AIR UNIT       defensive air support on a friendly unit, for the enemy's next combat phase
--   transfer AIR HEX      air transfer mission (combat phase)
--
-- The module keeps no game state in Lua: one compiled module serves every
-- game of a process, and a game is cloned, rolled back and undone by the
-- engine. Everything a game must remember (counts, once-a-year flags,
-- queues, missions) lives in the engine's store, declared in R.store
-- below. The check hooks (can_*, allowance, odds) only read; what follows
-- from a change is settled where the change happens: on_phase_start,
-- on_phase_end, after_move, on_eliminated, results and the commands.
-- Nothing that affects play iterates with pairs.
local R = require("base")
local gpw = gpw
local floor, ceil, min, max = math.floor, math.ceil, math.min, math.max

R.id = "adc2"
R.name = "ADC2"
R.book = "ADC2"
R.description = "The Great Patriotic War for ADC2 (Gerald Schwartz): two movement phases, odds rounded for the defender, FRU halving, leaders, air support, shock attacks, partisans, airborne assaults and the allies' rules"

-- ADC2 settles what GDW leaves open: shifts past the lowest column
-- resolve on it (ADC2: Combat Phase), so GDW's parameter for that reading
-- has nothing to vary here. The replacement multipliers stay.
R.params = {
  soviet_replacements = R.params.soviet_replacements,
  axis_replacements = R.params.axis_replacements,
}

-- Where each field comes from (gpw rules diff cites these).
local sources = {
  name = "ADC2: Introduction",
  phases = "ADC2: Sequence of Play; Unit Capabilities (circled MP)",
  rail = "ADC2: Rail Movement Phase",
  retreat = "ADC2: Retreat",
  odds = "ADC2: Combat Phase",
  NE = "ADC2: Combat Phase (NE)", DR = "ADC2: Retreat", DRL = "ADC2: Combat Phase (DRL); Retreat",
  DE = "ADC2: Combat Phase (DE: two step reductions)", AL = "ADC2: Combat Phase (AL)",
  EX = "ADC2: Combat Phase (EX: AF lost)",
  on_phase_start = "ADC2: Weather; Combat Phase; Partisans; Allies",
  on_phase_end = "ADC2: Game Play (victory); Allies (Balkan Garrison)",
  can_move = "ADC2: Unit Capabilities; Shock Combat; Leaders; Air Support",
  can_move_path = "ADC2: Stacking Limits; Rail Movement Phase",
  move_limits = "ADC2: Leaders; Allies",
  move_kinds = "ADC2: Unit Capabilities; Shock Combat",
  allowance = "ADC2: Shock Combat; Leaders",
  after_move = "ADC2: Air Support; Leaders; Allies; Partisans",
  on_eliminated = "ADC2: Leaders; Allies",
  can_attack = "ADC2: Combat Phase; Allies",
  can_place = "ADC2: Reinforcement Phase; Air Support; Leaders; Partisans",
  place_limits = "ADC2: Reinforcement Phase; Air Support; Leaders; Partisans; Allies",
  rail_allowed = "ADC2: Rail Movement Phase",
  rebuild_cost = "ADC2: Reinforcement Phase", can_rebuild = "ADC2: Reinforcement Phase; Allies",
  noncombat = "ADC2: Unit Capabilities", zoc_own_hex = "ADC2: Unit Capabilities",
  nonstacking = "ADC2: Stacking Limits", stacking = "ADC2: Stacking Limits; Retreat",
  no_occupy = "ADC2: Control of Hexes; Supply; Unit Capabilities",
  place_city_no_zoc = "ADC2: Reinforcement Phase", place_anywhere = "ADC2: Reinforcement Phase; Air Support; Partisans",
  capitals_are_fortresses = "ADC2: Combat Phase (the map's fortresses)",
  stand_terrain = "ADC2: Retreat",
  shock = "ADC2: Shock Combat", convert = "ADC2: Reinforcement Phase", enter = "ADC2: Air Support; Partisans; Allies; Reinforcement Phase",
  leader = "ADC2: Leaders", drop = "ADC2: Airborne Assault", support = "ADC2: Air Support", defend = "ADC2: Air Support",
  transfer = "ADC2: Air Support",
}
for k, v in pairs(sources) do R.sources[k] = v end -- order does not matter: distinct keys

-- Unit Capabilities: leaders and air units are non-combat units (no ZOC,
-- no stacking); partisans and airborne units project a ZOC only into their
-- own hex; airborne units do not take a hex's one combat-unit place.
R.noncombat = { leader = true, air = true }
R.zoc_own_hex = { airborne = true, partisan = true }
R.nonstacking = { airborne = true }
-- Stacking Limits: beside the one combat unit at most one airborne unit;
-- two airborne units alone. stack_error enforces them on moves and
-- placement, the engine on retreats (ADC2: Retreat).
R.stacking = { nonstacking_with_combat = 1, nonstacking_alone = 2 }
-- Control of Hexes: a hex is the last side's to occupy it with a combat
-- unit; leaders, air units and partisans (non-combat units, Unit
-- Capabilities) take no control when they enter, pass or relocate, and
-- open no supply line through an enemy ZOC (Supply). Airborne units
-- move and fight as infantry and count as combat units for stacking:
-- they do (our reading).
R.no_occupy = { leader = true, air = true, partisan = true }
-- ADC2: Movement Phases: a unit may end its move on a friendly combat unit
-- that moves out later in the same phase; the phase cannot end before.
R.share_until_moved = true

-- Sequence of Play: five phases per player.
R.phases = {
  { id = "axis-reinforcement", side = "axis", kind = "reinforcement" },
  { id = "axis-rail", side = "axis", kind = "rail" },
  { id = "axis-move1", side = "axis", kind = "move", weather = true },
  { id = "axis-combat", side = "axis", kind = "combat" },
  { id = "axis-move2", side = "axis", kind = "move", weather = true },
  { id = "soviet-reinforcement", side = "soviet", kind = "reinforcement" },
  { id = "soviet-rail", side = "soviet", kind = "rail" },
  { id = "soviet-move1", side = "soviet", kind = "move", weather = true },
  { id = "soviet-combat", side = "soviet", kind = "combat" },
  { id = "soviet-move2", side = "soviet", kind = "move", weather = true },
}

-- Rail Movement Phase: Soviet 6 armies, Axis 2 corps (none before Jan/Feb
-- 1942: rail_allowed); never through enemy ZOC.
R.rail = { no_enemy_zoc = true, limit = { axis = 2, soviet = 6 } }
-- Retreat: through enemy ZOC only if unavoidable; never ending in enemy
-- ZOC or over-stacked, farther if need be.
R.retreat = { hexes = 2, max_extra = 4, avoid_zoc_end = true, avoid_zoc = true }
-- Reinforcement Phase: "The city may not be in enemy ZOC."
R.place_city_no_zoc = true
-- Units enter on the map edge or in a city (can_place), but for air units
-- (rail hexes too) and partisans (any friendly hex): only for these need
-- the engine try every hex of the map when it lists where a unit may go.
R.place_anywhere = { air = true, partisan = true }
-- The ADC2 map marks Berlin and Moscow as fortresses itself, and ADC2
-- has no rule making a capital a fortress besides its city: a capital
-- gets the one fortress shift of its hex (ADC2: Combat Phase), not GDW's
-- two (rules/base.lua).
R.capitals_are_fortresses = false
R.stand_terrain = { swamp = true, mountain = true }

local C = {
  seq = "ADC2: Sequence of Play",
  caps = "ADC2: Unit Capabilities",
  stack = "ADC2: Stacking Limits",
  weather = "ADC2: Weather",
  supply = "ADC2: Supply",
  reinf = "ADC2: Reinforcement Phase",
  rail = "ADC2: Rail Movement Phase",
  move = "ADC2: Movement Phases",
  combat = "ADC2: Combat Phase",
  crt = "ADC2: Combat Phase (CRT results)",
  retreat = "ADC2: Retreat",
  advance = "ADC2: Advance after Combat",
  air = "ADC2: Air Support",
  leaders = "ADC2: Leaders",
  shock = "ADC2: Shock Combat",
  airborne = "ADC2: Airborne Assault",
  partisans = "ADC2: Partisans",
  allies = "ADC2: Allies",
  play = "ADC2: Game Play",
}

R.cite = {
  ["off-map"] = C.move,
  water = C.move,
  ["enemy-unit"] = C.move,
  stack = C.stack,
  ["stack-leave"] = C.move,
  terrain = C.move,
  ["stop-terrain"] = C.move,
  mp = C.move,
  ["zoc-stop"] = C.move,
  path = C.move,
  ["strait-class"] = C.move,
  ["strait-limit"] = C.move,
  ["not-on-map"] = C.move,
  ["rail-start"] = C.rail,
  ["rail-line"] = C.rail,
  ["rail-friendly"] = C.rail,
  ["rail-zoc"] = C.rail,
  ["rail-limit"] = C.rail,
  phase = C.seq,
  ["moved-twice"] = C.move,
  ["phase-class"] = C.caps,
  ["not-adjacent"] = C.combat,
  ["attack-once"] = C.combat,
  ["defend-once"] = C.combat,
  ["odds-min"] = C.combat,
  ["water-attack"] = C.move,
  decision = C.crt,
  retreat = C.retreat,
  stand = C.retreat,
  advance = C.advance,
  loss = C.crt,
  place = C.reinf,
  rebuild = C.reinf,
  points = C.reinf,
  setup = "ADC2: Game Setup",
  unknown = "gpw: commands",
}

-- ---------------------------------------------------------------- store
-- What a game remembers, kept by the engine (cloned, rolled back and
-- undone with the game; shown by `show HEX` and `units`). A "phase key"
-- is "TURN/PHASE" (gpw.turn().index and gpw.phase()): phase ids repeat
-- every turn.
R.store = {
  game = {
    shock_extra_used = { type = "boolean", label = "the Axis first-turn shock attack made" },
    romania_defected = { type = "number", default = -1, label = "turn Romania defected (-1: not)" },
    hungary_surrendered = { type = "boolean", label = "Hungary has surrendered" },
    balkan_active = { type = "boolean", label = "the Balkan Garrison is activated" },
    soviet_in_yugoslavia = { type = "boolean", label = "a Soviet unit has entered Yugoslavia" },
    bratislava_taken = { type = "boolean", label = "a Soviet unit has occupied Bratislava" },
    losses_rom = { type = "number", default = 0, label = "Romanian combat units eliminated" },
    losses_hun = { type = "number", default = 0, label = "Hungarian combat units eliminated" },
    turn_losses_rom = { type = "list", label = "Romanian units eliminated this turn {turn, n}" },
    turn_losses_hun = { type = "list", label = "Hungarian units eliminated this turn {turn, n}" },
    no_attack_rom = { type = "number", default = -1, label = "turn from which Romanians refuse to attack (-1: never)" },
    no_attack_hun = { type = "number", default = -1, label = "turn from which Hungarians refuse to attack (-1: never)" },
    partisan_queue = { type = "list", default = {}, label = "eliminated partisans, in the order they return" },
    partisan_last = { type = "number", default = -100, label = "turn the last partisan returned" },
    announced_pools = { type = "list", default = {}, label = "Garrison pools announced open" },
    indexed = { type = "boolean", label = "leaders and partisans listed" },
    partisans = { type = "list", default = {}, label = "the scenario's partisans" },
  },
  side = {
    shock_year = { type = "number", default = -1, label = "year of the last yearly shock attack" },
    shock_turn = { type = "number", default = -1, label = "turn of the announced shock attack" },
    drop_turn = { type = "number", default = -100, label = "turn of the last airborne assault" },
    air_queue = { type = "list", default = {}, label = "displaced air units, in the order they return" },
    air_last = { type = "number", default = -100, label = "turn the last displaced air unit returned" },
    leader_out = { type = "number", default = -1, label = "turn a leader last relocated from the capital" },
    leader_in = { type = "number", default = -1, label = "turn a leader last relocated to the capital" },
    leaders = { type = "list", default = {}, label = "the side's leaders" },
  },
  unit = {
    dropped = { type = "string", label = "airborne assault made (phase key)", symbol = "AB" },
    mission = { type = "string", label = "air mission flown (phase key)", symbol = "M" },
    air_cover = { type = "list", label = "defensive air support by", symbol = "DS" },
    displaced = { type = "number", label = "turn it left the map to return" },
    waits = { type = "boolean", label = "waits for its capital" },
    entered = { type = "number", label = "turn it entered from a Garrison pool" },
  },
  hex = {
    air_support = { type = "list", label = "offensive air support by", symbol = "OS" },
  },
}

-- Out of supply halves the movement allowance, except for units entered
-- from a Garrison pool this turn, which count as supplied (ADC2: Supply;
-- Reinforcement Phase): R.allowance halves, the engine does not.
R.supply_effects = { mp_half = false }

-- What each CRT code means for the computer players: DE takes two steps
-- and EX one step without a retreat (ADC2: Combat Phase); DR as GDW's.
R.bot = {
  results = {
    NE = {},
    DR = { retreat = 2, stand = true, advance = true },
    DRL = { def_steps = 1, retreat = 2, advance = true },
    DE = { def_steps = 2, advance = true },
    AL = { att_steps = 1 },
    EX = { def_steps = 1, exchange = true, advance = true },
  },
}

-- ---------------------------------------------------------------- helpers

local function nofn() end

-- Each phase's side and part, from its fields (side, kind) and its place
-- in R.phases, not from its id: a side's first movement phase is "move1"
-- (the 1st Movement Phase), its next "move2"; other parts are the kind
-- ("reinforcement", "rail", "combat"). Constant tables made once.
local PHASE_SIDE, PHASE_PART = {}, {}
do
  local moves = {}
  for _, p in ipairs(R.phases) do
    local part = p.kind
    if p.kind == "move" then
      moves[p.side] = (moves[p.side] or 0) + 1
      part = "move" .. moves[p.side]
    end
    PHASE_SIDE[p.id], PHASE_PART[p.id] = p.side, part
  end
end

-- turn_index is the index of the calendar turn named name in year, as
-- gpw.turn().index counts (turns since the start of year 0).
local function turn_index_of(name, year)
  for i, m in ipairs(R.calendar) do
    if m.name == name then return year * #R.calendar + i - 1 end
  end
  error("adc2.lua: no calendar turn " .. name)
end
local JAN_1942, JUL_1942 = turn_index_of("Jan/Feb", 1942), turn_index_of("Jul", 1942)

local function phase_parts()
  local id = gpw.phase()
  return PHASE_SIDE[id] or "", PHASE_PART[id] or "", id
end

local function enemy_of(side)
  if side == "axis" then return "soviet" end
  return "axis"
end

local function turn_index() return gpw.turn().index end

-- "TURN/PHASE": a phase of a turn, for what lasts a phase.
local function phase_key() return turn_index() .. "/" .. gpw.phase() end

local function is_noncombat(u) return u.kind == "leader" or u.kind == "air" end
-- a combat unit for stacking, victory and adjacency purposes
local function is_combat(u) return not is_noncombat(u) and u.kind ~= "partisan" end

local function class_of(u) return R.kinds[u.kind] end
-- circled MP: the units that move in the 1st Movement Phase (ADC2: Unit
-- Capabilities): tanks, panzers, mechanized (armour class) and cavalry.
local function circled(u) local c = class_of(u); return c == "armor" or c == "cavalry" end
-- "Infantry type units" (ADC2: Shock Combat): infantry, guards, shock,
-- mountain, garrison; airborne and partisans move like infantry.
local function infantry_type(u) local c = class_of(u); return c == "infantry" or c == "mountain" end

-- the units (tables) in hex, its combat unit first
local function units_of(hex) return gpw.units_in(hex) end

-- the first unit of side in hex that pred accepts, or nil
local function find_in(hex, side, pred)
  local us = gpw.units_in(hex)
  for i = 1, #us do
    local u = us[i]
    if u.side == side and pred(u) then return u end
  end
  return nil
end

local function stacking_combat(u) return is_combat(u) and not R.nonstacking[u.kind] end

-- the combat unit (not airborne) of side in hex, or nil
local function combat_in(hex, side) return find_in(hex, side, stacking_combat) end

local function any_combat_in(hex, side) return find_in(hex, side, is_combat) end

local function enemy_in(hex, side)
  local us = gpw.units_in(hex)
  for i = 1, #us do
    if us[i].side ~= side and not is_noncombat(us[i]) then return us[i] end
  end
  return nil
end

local function has_region(h, name)
  for i = 1, #h.regions do
    if h.regions[i] == name then return true end
  end
  return false
end

local function capital_of(side)
  if side == "axis" then return gpw.city("Berlin") end
  return gpw.city("Moscow")
end

local function emit_loss(u, why, rule)
  gpw.emit("loss", u.id .. " is eliminated: " .. why, { "unit", u.id, "strength", 0, "rule", rule })
end

-- list helpers: stored lists come back as fresh tables
local function index_of(l, x)
  for i = 1, #l do
    if l[i] == x then return i end
  end
  return nil
end

local function without(l, x)
  local out = {}
  for i = 1, #l do
    if l[i] ~= x then out[#out + 1] = l[i] end
  end
  return out
end

local function pool_of(name)
  local ps = gpw.pools()
  for i = 1, #ps do
    if ps[i].name == name then return ps[i] end
  end
  return nil
end

local function pool_kind_of(u)
  if u.pool == "" then return "", nil end
  local p = pool_of(u.pool)
  if not p then return "", nil end
  return p.kind, p
end

-- The scenario's leaders and partisans never change: they are listed in
-- the store as the game's first phase starts, so that a battle's odds and
-- the Axis combat phase need not look at every unit. Before that (a setup
-- step) the lists are made on the spot.
local function scan(side, kind)
  local out = {}
  local ids = gpw.units(side, "")
  for i = 1, #ids do
    if gpw.unit(ids[i]).kind == kind then out[#out + 1] = ids[i] end
  end
  return out
end

local function index_units()
  if gpw.get("indexed") then return end
  gpw.side_set("axis", "leaders", scan("axis", "leader"))
  gpw.side_set("soviet", "leaders", scan("soviet", "leader"))
  gpw.set("partisans", scan("soviet", "partisan"))
  gpw.set("indexed", true)
end

local function leaders_of(side)
  if gpw.get("indexed") then return gpw.side_get(side, "leaders") end
  return scan(side, "leader")
end


local function partisans()
  if gpw.get("indexed") then return gpw.get("partisans") end
  return scan("soviet", "partisan")
end

-- ---------------------------------------------------------------- leaders
-- A leader accompanies the combat unit in its hex (ADC2: Leaders). It is
-- removed to its capital when an enemy combat unit moves adjacent while it
-- is alone (after_move), or when its combat unit is eliminated
-- (on_eliminated); it retreats with its unit (after_move).

local function leader_home(l, why)
  local cap = capital_of(l.side)
  if cap and gpw.hex(cap).control == l.side then
    gpw.relocate(l.id, cap)
    gpw.emit("leader", l.id .. " is removed to " .. cap .. ": " .. why, { "unit", l.id, "hex", cap, "rule", C.leaders })
  else
    gpw.remove(l.id, "pending")
    gpw.set_flag(l.id, "waits", true)
    gpw.emit("leader", l.id .. " leaves the map until its capital is friendly: " .. why, { "unit", l.id, "hex", "", "rule", C.leaders })
  end
end

-- leaders of side left in hex without a combat unit go home
local function orphan_leaders(side, hex, why)
  if hex == nil or hex == "" then return end
  local us = units_of(hex)
  local alone = combat_in(hex, side) == nil
  for i = 1, #us do
    if alone and us[i].kind == "leader" and us[i].side == side then leader_home(us[i], why) end
  end
end

-- take_out removes a unit from play by a rule (defection, surrender), and
-- sends home the leaders it leaves alone.
local function take_out(u, status)
  local hex = u.status == "on map" and u.hex or ""
  gpw.remove(u.id, status)
  if is_combat(u) then orphan_leaders(u.side, hex, u.id .. " left play") end
end

-- ---------------------------------------------------------------- allies

-- Slovaks leave play once a Soviet combat unit occupies Bratislava.
local function check_bratislava()
  if gpw.get("bratislava_taken") then return end
  local brat = gpw.city("Bratislava")
  if not brat or not any_combat_in(brat, "soviet") then return end
  gpw.set("bratislava_taken", true)
  local ids = gpw.units("axis", "")
  for i = 1, #ids do
    local u = gpw.unit(ids[i])
    if u.nation == "slo" and u.status ~= "removed" then
      take_out(u, "removed")
      gpw.emit("removed", u.id .. " is removed from play: Bratislava is occupied by a Soviet unit", { "unit", u.id, "rule", C.allies })
    end
  end
end

local function hungary_surrenders()
  gpw.set("hungary_surrendered", true)
  local ids = gpw.units("axis", "")
  for i = 1, #ids do
    local u = gpw.unit(ids[i])
    if u.nation == "hun" and u.status ~= "removed" then take_out(u, "removed") end
  end
  gpw.emit("surrender", "Hungary surrenders: its Axis units are removed from play", { "nation", "hun", "rule", C.allies })
end

-- Romanians refuse to attack after a turn with 4 eliminated, Hungarians
-- after one with 2; Hungary surrenders with its 6th (ADC2: Allies).
local refuse_after = { rom = 4, hun = 2 }
local nation_name = { rom = "Romanian", hun = "Hungarian" }

local function count_loss(u)
  local n = u.nation
  if u.side ~= "axis" or not refuse_after[n] or not is_combat(u) then return end
  local total = gpw.get("losses_" .. n) + 1
  gpw.set("losses_" .. n, total)
  local t = turn_index()
  local tl = gpw.get("turn_losses_" .. n)
  local c = 1
  if tl and tl[1] == t then c = tl[2] + 1 end
  gpw.set("turn_losses_" .. n, { t, c })
  if c >= refuse_after[n] and gpw.get("no_attack_" .. n) < 0 then
    gpw.set("no_attack_" .. n, t + 1)
    gpw.emit("allies", nation_name[n] .. " units will not attack Soviet units after this turn",
      { "nation", n, "eliminated", c, "rule", C.allies })
  end
  if n == "hun" and total >= 6 and not gpw.get("hungary_surrendered") then hungary_surrenders() end
end

-- on_eliminated(u, hex): u was eliminated in hex (a combat loss or a
-- rule). Its leaders go home, the allies' losses are counted at once.
function R.on_eliminated(u, hex)
  if is_combat(u) and not R.nonstacking[u.kind] then orphan_leaders(u.side, hex, "its combat unit was eliminated") end
  count_loss(u)
end

-- ---------------------------------------------------------------- weather and phases

local function roll_weather()
  local turn = gpw.turn()
  if turn.weather == "" then
    gpw.set_weather("clear", 0, "")
    return
  end
  local die = gpw.roll()
  local w = "clear"
  if die <= turn.roll then w = turn.weather end -- 1-3 (R.weather_roll), or the calendar entry's roll
  gpw.set_weather(w, die, C.weather)
end

-- Partisans in the ZOC of an Axis combat unit in the Axis combat phase
-- are eliminated and go to the Soviet map edge to return (ADC2:
-- Partisans): as the phase starts, and after each Axis move in it (an
-- advance after combat).
local function eliminate_partisans(near)
  local ps = near or partisans()
  for i = 1, #ps do
    local p = near and ps[i] or gpw.unit(ps[i])
    if p.kind == "partisan" and p.status == "on map" and p.side == "soviet" and gpw.in_zoc("axis", p.hex) then
      local t = turn_index()
      gpw.remove(p.id, "pending")
      local q = gpw.get("partisan_queue")
      q[#q + 1] = p.id
      gpw.set("partisan_queue", q)
      gpw.set_flag(p.id, "displaced", t)
      emit_loss(p, "a partisan in an Axis zone of control", C.partisans)
    end
  end
end

local function romanian_units_in_romania()
  local n = 0
  local ss = gpw.units("soviet", "on map")
  for i = 1, #ss do
    local u = gpw.unit(ss[i])
    if is_combat(u) and gpw.hex(u.hex).country == "Romania" then n = n + 1 end
  end
  return n
end

-- Romanian defection roll, each Soviet reinforcement phase once six or
-- more Romanian units have been eliminated (ADC2: Allies).
local function defection_roll()
  local lost = gpw.get("losses_rom")
  if gpw.get("romania_defected") >= 0 or lost < 6 then return end
  local die = gpw.roll()
  local mods = lost - 6
  local odessa = gpw.city("Odessa")
  if odessa and any_combat_in(odessa, "soviet") then mods = mods + 1 end
  mods = mods + floor(romanian_units_in_romania() / 2)
  local ok = die + mods >= 6
  gpw.emit("defection", string.format("Romanian defection roll %d%+d: %s", die, mods, ok and "Romania defects" or "no defection"),
    { "die", die, "modifier", mods, "result", ok and "defects" or "holds", "rule", C.allies })
  if not ok then return end
  gpw.set("romania_defected", turn_index())
  local ids = gpw.units("axis", "")
  for i = 1, #ids do
    local u = gpw.unit(ids[i])
    if u.nation == "rom" and u.status ~= "removed" then take_out(u, "removed") end
  end
end

-- The Garrison pools open from their turn once the Balkan Garrison is
-- active: announced once each (ADC2: Reinforcement Phase).
local function announce_pools()
  local ps = gpw.pools()
  local t = turn_index()
  local done = gpw.get("announced_pools")
  local n = #done
  for i = 1, #ps do
    local p = ps[i]
    if p.kind == "garrison" and p.side == "axis" and p.turn <= t and not index_of(done, p.name) then
      done[#done + 1] = p.name
      gpw.emit("pool", p.name .. " may enter in Yugoslavia (enter UNIT HEX)", { "pool", p.name, "rule", C.reinf })
    end
  end
  if #done > n then gpw.set("announced_pools", done) end
end

function R.on_phase_start(phase)
  index_units()
  local side = phase.side
  if phase.kind == "move" and phase.weather then roll_weather() end
  if phase.kind == "combat" then
    -- the last combat phase's offensive missions are over, and so are
    -- this side's defensive ones (flown for the enemy's combat phase)
    local hs = gpw.marked("air_support")
    for i = 1, #hs do gpw.set_mark(hs[i], "air_support", nil) end
    local cov = gpw.flagged("air_cover")
    for i = 1, #cov do
      if gpw.unit(cov[i]).side == side then gpw.set_flag(cov[i], "air_cover", nil) end
    end
    if side == "axis" then eliminate_partisans() end
  end
  if phase.kind == "reinforcement" and side == "soviet" then defection_roll() end
  if phase.kind == "reinforcement" and side == "axis" and gpw.get("balkan_active") then announce_pools() end
end

-- Victory (ADC2: Game Play): checked as each player turn ends.
local function occupied_by(city, side)
  local h = gpw.city(city)
  return h ~= nil and any_combat_in(h, side) ~= nil
end

function R.on_phase_end(phase)
  check_bratislava() -- a Soviet unit placed there
  if phase == "soviet-move2" then
    if occupied_by("Moscow", "axis") and occupied_by("Leningrad", "axis") and occupied_by("Kuibyshev", "axis") then
      local text = "the Axis occupies Moscow, Leningrad and Kuibyshev at the end of a Soviet player turn: the Axis wins"
      gpw.emit("victory", text, { "side", "axis", "result", "win", "rule", C.play })
      gpw.end_game("axis", text)
      return true
    end
    -- Balkan Garrison activation (ADC2: Allies)
    if not gpw.get("balkan_active") then
      local why = nil
      if gpw.get("romania_defected") >= 0 then why = "Romania has defected"
      elseif occupied_by("Budapest", "soviet") then why = "a Soviet unit occupies Budapest"
      elseif occupied_by("Warsaw", "soviet") then why = "a Soviet unit occupies Warsaw"
      elseif gpw.get("soviet_in_yugoslavia") then why = "a Soviet unit has entered Yugoslavia" end
      if why then
        gpw.set("balkan_active", true)
        gpw.emit("balkan", "the Balkan Garrison is activated: " .. why, { "rule", C.allies })
      end
    end
  elseif phase == "axis-move2" then
    if occupied_by("Berlin", "soviet") then
      local text = "a Soviet unit occupies Berlin at the end of an Axis player turn: the Soviet player wins"
      gpw.emit("victory", text, { "side", "soviet", "result", "win", "rule", C.play })
      gpw.end_game("soviet", text)
    end
  end
end

-- ---------------------------------------------------------------- movement

function R.can_move(u, phase)
  local part = PHASE_PART[phase] or select(2, phase_parts())
  if u.kind == "air" then
    return false, u.id .. " is an air unit: it moves only on a transfer mission", C.air
  end
  if u.kind == "leader" then
    if u.side == "soviet" then
      return false, "Soviet leaders move only by relocation in the 1st Movement Phase (leader LEADER HEX)", C.leaders
    end
    if part ~= "move2" then
      return false, "Axis leaders move up to 2 hexes in the 2nd Movement Phase, or relocate in the 1st (leader LEADER HEX)", C.leaders
    end
    return true
  end
  -- (a second move in a phase is refused by the engine, ADC2: Movement Phases)
  if u.kind == "airborne" and gpw.flag(u.id, "dropped") == phase_key() then
    return false, u.id .. " has already moved in this phase (an airborne assault)", C.move
  end
  local c = R.kinds[u.kind] -- (circled and infantry_type written out: asked for every unit)
  if part == "move1" and c ~= "armor" and c ~= "cavalry" then
    if u.kind == "shock" then return true end
    if (c == "infantry" or c == "mountain") and gpw.side_get(u.side, "shock_turn") == turn_index() then return true end
    return false, u.id .. " (" .. u.kind .. ") has no circled MP: only panzer, mechanized, tank and cavalry units move in the 1st Movement Phase (Shock armies one hex; all infantry one hex after a shock attack)", C.caps
  end
  return true
end

-- The kinds R.can_move may allow in a movement phase, asked once as the
-- legal actions list it: in a 1st Movement Phase, those with circled MP,
-- shock armies, and infantry types after a shock attack this turn (the
-- order of the kinds does not matter: a set).
function R.move_kinds(phase)
  local side, part = PHASE_SIDE[phase], PHASE_PART[phase]
  if part == nil then side, part = phase_parts() end
  if part ~= "move1" then return nil end
  local shock = gpw.side_get(side, "shock_turn") == turn_index()
  local ks = {}
  for kind, c in pairs(R.kinds) do
    if c == "armor" or c == "cavalry" or kind == "shock" or (shock and (c == "infantry" or c == "mountain")) then
      ks[#ks + 1] = kind
    end
  end
  return ks
end

-- Entered from a Garrison pool this turn: in supply (ADC2: Reinforcement Phase).
local function entered_now(u)
  return gpw.flag(u.id, "entered") == turn_index()
end

function R.allowance(u, mp, phase)
  if u.kind == "leader" then return 99 end -- two hexes, whatever the terrain: can_move_path counts them
  local part = PHASE_PART[phase] or select(2, phase_parts())
  local c = R.kinds[u.kind]
  if part == "move1" and c ~= "armor" and c ~= "cavalry" then return 1 end -- one hex (ADC2: Shock Combat)
  if not u.supplied and not entered_now(u) then return floor(mp / 2), "out of supply: allowance halved", C.supply end
  return mp
end

-- is hex within n hexes of Romania or Bessarabia?

local home_country = { rom = "Romania", hun = "Hungary", slo = "Slovakia" }

-- stacking in hex for unit u arriving (ADC2: Stacking Limits): one combat
-- unit with at most one airborne unit; two airborne units alone. Leaders
-- and air units do not count (air units have their own limits). us are
-- the units in the hex. It returns nil when u may stay there, else the
-- combat and airborne units the hex would hold.
local function overstacked(u, us, moving)
  if u.kind == "leader" or u.kind == "air" then return nil end -- is_noncombat
  local combat, airborne = 0, 0
  for i = 1, #us do
    local o = us[i]
    if o.id ~= u.id and o.side == u.side and o.kind ~= "leader" and o.kind ~= "air" then
      if R.nonstacking[o.kind] then
        airborne = airborne + 1
      elseif not (moving and not R.nonstacking[u.kind] and not gpw.moved(o.id)) then
        -- a combat unit that has yet to move this phase may make room:
        -- the engine holds the phase until it does (share_until_moved)
        combat = combat + 1
      end
    end
  end
  if R.nonstacking[u.kind] then airborne = airborne + 1 else combat = combat + 1 end
  local with, alone = R.stacking.nonstacking_with_combat, R.stacking.nonstacking_alone
  if combat > 1 or (combat == 1 and airborne > with) or airborne > alone then return combat, airborne end
  return nil
end

-- why u may not stay in hex (its units us, when given), or nil
local function stack_error(u, hex, moving, us)
  local combat, airborne = overstacked(u, us or units_of(hex), moving)
  if combat == nil then return nil end
  local with, alone = R.stacking.nonstacking_with_combat, R.stacking.nonstacking_alone
  if combat > 1 then return hex .. " already holds a combat unit" end
  if combat == 1 and airborne > with then return hex .. " would hold a combat unit and " .. airborne .. " airborne units (at most " .. with .. ")" end
  return hex .. " would hold " .. airborne .. " airborne units (at most " .. alone .. ")"
end

local NONE = {}

-- The limits on where a unit may go that do not depend on other units
-- (ADC2: Leaders; Allies), given once per unit: the engine checks them
-- along every path itself (R.move_limits). Axis leaders move at most two
-- hexes. Garrison units of Romania, Hungary and Slovakia stay in their
-- country; Romanian and Slovak units never enter Hungary, Slovak units
-- not Romania; Romanian units (not garrisons) stay within 3 hexes of
-- Romania or Bessarabia before Jul 1942, and then while Odessa is not
-- held by a Romanian unit.
local function limits_of(u)
  local ls = NONE
  if u.kind == "leader" or (u.side == "axis" and home_country[u.nation]) then ls = {} end
  if u.kind == "leader" then
    ls[#ls + 1] = { hexes = 2, reason = "Axis leaders move at most 2 hexes", rule = C.leaders }
  end
  local home = u.side == "axis" and home_country[u.nation]
  if home then
    if u.kind == "garrison" then
      ls[#ls + 1] = { only = { home }, reason = u.id .. " is a garrison unit and may not leave " .. home .. " ({hex})", rule = C.allies }
    end
    if u.nation == "rom" or u.nation == "slo" then
      ls[#ls + 1] = { never = { "Hungary" }, reason = u.id .. " may never enter Hungary ({hex})", rule = C.allies }
    end
    if u.nation == "slo" then
      ls[#ls + 1] = { never = { "Romania" }, reason = u.id .. " may not enter Romania ({hex})", rule = C.allies }
    end
    if u.nation == "rom" and u.kind ~= "garrison" then
      local odessa = gpw.city("Odessa")
      local held = false
      if odessa then
        local c = any_combat_in(odessa, "axis")
        held = c ~= nil and c.nation == "rom"
      end
      if turn_index() < JUL_1942 or not held then
        ls[#ls + 1] = { within = 3, of = { "Romania", "Bessarabia" },
          reason = u.id .. " may not move over 3 hexes from Romania or Bessarabia ({hex}) until Jul 1942, and then only while a Romanian unit holds Odessa",
          rule = C.allies }
      end
    end
  end
  return ls
end

-- the friendly combat unit (not u) that keeps u from stopping on a hex
-- by rail (ADC2: Rail Movement Phase), among its units us; or nil
local function rail_blocker(u, us)
  for i = 1, #us do
    if us[i].side == u.side and us[i].id ~= u.id and not is_noncombat(us[i]) then return us[i] end
  end
  return nil
end

-- stacking and rail stops: what depends on the units on a path's last
-- hex (ADC2: Stacking Limits; Rail Movement Phase). us, when given, are
-- the units there.
local function end_check(u, path, how, us)
  local last = path[#path]
  local e = stack_error(u, last, how == "move", us)
  if e then return false, u.id .. " may not end in " .. last .. ": " .. e, C.stack end
  if how == "rail" then
    local o = rail_blocker(u, us or units_of(last))
    if o then return false, u.id .. " may not stop on " .. last .. ", where " .. o.id .. " stands", C.rail end
  end
  return true
end

-- end_check's verdict without its reason (the legal actions need none)
local function end_ok(u, how, us)
  if overstacked(u, us, how == "move") then return false end
  return how ~= "rail" or rail_blocker(u, us) == nil
end

function R.can_move_path(u, path, how)
  return end_check(u, path, how)
end
local adc2_can_move_path = R.can_move_path

-- Once per unit: its limits; and whether the legal actions need ask
-- can_move_path only about paths ending beside other units: when it is
-- this module's own (a house rule that wraps it is asked about every
-- path) and the unit may end alone on any hex.
local ALL, OCCUPIED = { check = "all" }, { check = "occupied" }
function R.move_limits(u, how)
  local check = ALL
  if R.can_move_path == adc2_can_move_path and overstacked(u, NONE, how == "move") == nil then
    check = OCCUPIED
  end
  local ls = limits_of(u)
  if #ls == 0 then return check end
  return { check = check.check, limits = ls }
end

-- The legal actions ask once per unit for all its destinations (those
-- the limits allow); each is judged by R.can_move_path as the move
-- command judges it (a house rule that wraps R.can_move_path is
-- consulted too).
function R.can_move_paths(u, paths, how)
  local refused = nil
  local own = R.can_move_path == adc2_can_move_path
  for i = 1, #paths do
    local ok
    local p = paths[i]
    if own then
      ok = end_ok(u, how, gpw.units_in(p[#p]))
    else
      ok = R.can_move_path(u, p, how)
    end
    if ok == false then
      refused = refused or {}
      refused[#refused + 1] = i
    end
  end
  return refused
end

-- After a combat unit moves: enemy air units and leaders alone beside its
-- path (in or next to a hex it entered, with no combat unit of their own)
-- are displaced, in the order the move passes them: air units to their
-- map edge, to return in turn; leaders to their capital.
local function moved_beside(u, near)
  if not is_combat(u) then return end
  local foe = enemy_of(u.side)
  local us = near
  local t = nil
  local i = 1
  while i <= #us do
    local hex, lone = us[i].hex, nil
    local j = i
    while j <= #us and us[j].hex == hex do j = j + 1 end
    for k = i, j - 1 do
      local o = us[k]
      if o.side == foe and (o.kind == "air" or o.kind == "leader") then
        if lone == nil then lone = any_combat_in(hex, foe) == nil end
        if not lone then break end
        if o.kind == "air" then
          t = t or turn_index()
          gpw.remove(o.id, "pending")
          local q = gpw.side_get(foe, "air_queue")
          q[#q + 1] = o.id
          gpw.side_set(foe, "air_queue", q)
          gpw.set_flag(o.id, "displaced", t)
          gpw.emit("displaced", o.id .. " is displaced to the " .. foe .. " map edge by " .. u.id, { "unit", o.id, "by", u.id, "rule", C.air })
        else
          leader_home(o, u.id .. " moved adjacent")
        end
      end
    end
    i = j
  end
end

-- after_move: garrison units retreated out of their country are
-- eliminated; leaders retreat with their unit; a Soviet unit entering
-- Yugoslavia or Bratislava is noted; enemy air units and leaders beside
-- the path are displaced; partisans next to an Axis unit moving in the
-- Axis combat phase (an advance) are eliminated.
function R.after_move(u, how, path)
  if how == "retreat" then
    local _, _, from = gpw.battle()
    if u.kind == "garrison" and home_country[u.nation] and gpw.hex(u.hex).country ~= home_country[u.nation] then
      gpw.remove(u.id, "eliminated")
      emit_loss(u, "a garrison unit forced to retreat out of " .. home_country[u.nation], C.allies)
      orphan_leaders(u.side, from, "its combat unit was eliminated")
      return
    end
    -- its leaders retreat with it
    if from then
      local us = gpw.units_in(from)
      for i = 1, #us do
        if us[i].kind == "leader" and us[i].side == u.side then
          gpw.relocate(us[i].id, u.hex)
          gpw.emit("leader", us[i].id .. " retreats with " .. u.id, { "unit", us[i].id, "hex", u.hex, "rule", C.leaders })
        end
      end
    end
  end
  -- (is_combat and enemy_of written out: after_move runs for every move)
  local kind = u.kind
  local combat = kind ~= "leader" and kind ~= "air" and kind ~= "partisan"
  if u.side == "soviet" and combat then
    for i = 1, #path do
      local h = gpw.hex(path[i])
      if h.country == "Yugoslavia" and not gpw.get("soviet_in_yugoslavia") then gpw.set("soviet_in_yugoslavia", true) end
      if h.city == "Bratislava" and i == #path then check_bratislava() end
    end
  end
  if not combat then return end
  -- the enemy units in or next to the path that it may displace or
  -- eliminate, found before any is
  local near = gpw.units_near(path, u.side == "axis" and "soviet" or "axis", "air", "leader", "partisan")
  if #near == 0 then return end
  moved_beside(u, near)
  if u.side == "axis" then
    local side, part = phase_parts()
    if side == "axis" and part == "combat" then eliminate_partisans(near) end
  end
end

-- Rail Movement Phase: the Axis only from Jan/Feb 1942; leaders and air
-- units never.
function R.rail_allowed(u, turn)
  if is_noncombat(u) then return 0 end
  if u.side == "axis" and turn.index < JAN_1942 then return 0 end
  return -1
end

-- ---------------------------------------------------------------- placement

local function air_limit(h)
  if h.city_kind == "major" or h.city_kind == "fortress" then return 2 end
  if h.city_kind == "minor" or h.rail then return 1 end
  return 0
end

local function air_base_error(u, hex)
  local h = gpw.hex(hex)
  if not h then return "no hex " .. hex end
  if h.control ~= u.side then return hex .. " is not friendly" end
  local lim = air_limit(h)
  if lim == 0 then return hex .. " is not a city, fortress or rail hex" end
  local n = 0
  local us = units_of(hex)
  for i = 1, #us do
    if us[i].kind == "air" and us[i].id ~= u.id then n = n + 1 end
  end
  if n >= lim then return hex .. " already holds " .. n .. " air unit(s) (at most " .. lim .. ")" end
  return nil
end

-- the ordinary entry hexes: the friendly map edge, or a friendly city,
-- never in enemy ZOC (ADC2: Reinforcement Phase)
local function entry_error(u, hex)
  local h = gpw.hex(hex)
  if not h then return "no hex " .. hex end
  if h.terrain == "sea" or h.terrain == "lake" then return hex .. " is a " .. h.terrain .. " hex" end
  if h.edge_of ~= u.side and not (h.city ~= "" and h.control == u.side) then
    return hex .. " is neither on the " .. u.side .. " map edge nor a friendly city"
  end
  if gpw.in_zoc(enemy_of(u.side), hex) then return hex .. " is in an enemy zone of control" end
  return stack_error(u, hex)
end

function R.can_place(u, hex, how)
  if u.kind == "leader" then
    local cap = capital_of(u.side)
    if hex ~= cap then return false, u.id .. " must be placed in its capital " .. tostring(cap), C.leaders end
    if gpw.hex(cap).control ~= u.side then return false, cap .. " is not friendly: the leader waits", C.leaders end
    return true
  end
  if u.kind == "air" then
    local e = air_base_error(u, hex)
    if e then return false, u.id .. ": " .. e, C.air end
    return true
  end
  if u.kind == "partisan" then
    if gpw.control(hex) ~= "soviet" then return false, hex .. " is not a friendly location", C.partisans end
    if gpw.in_zoc("axis", hex) then return false, hex .. " is in an Axis zone of control", C.partisans end
    local e = stack_error(u, hex)
    if e then return false, e, C.stack end
    return true
  end
  if how == "rebuild" and u.side == "axis" and u.nation == "slo" then
    if hex ~= gpw.city("Bratislava") then return false, u.id .. " returns only in Bratislava", C.allies end
  end
  local e = entry_error(u, hex)
  if e then return false, e, C.reinf end
  return true
end
local adc2_can_place = R.can_place

-- Once per unit as the engine lists where it may enter: R.can_place's
-- rules as limits the engine checks on every hex itself (what depends
-- on a hex's control, zones of control, cities, edge and air units), so
-- that only hexes where other units stand (stacking) are asked about.
-- nil (every hex asked) when a house rule replaced R.can_place.
local AIR_ROOM = { major = 2, fortress = 2, minor = 1, rail = 1 }
function R.place_limits(u, how)
  if R.can_place ~= adc2_can_place then return nil end
  if u.kind == "leader" then
    local cap = capital_of(u.side)
    return { check = "none", limits = {
      { hexes = { cap }, reason = u.id .. " must be placed in its capital " .. tostring(cap), rule = C.leaders },
      { friendly = true, reason = tostring(cap) .. " is not friendly: the leader waits", rule = C.leaders },
    } }
  end
  if u.kind == "air" then
    return { check = "none", limits = {
      { friendly = true, reason = u.id .. ": {hex} is not friendly", rule = C.air },
      { room = AIR_ROOM, kind = "air", reason = u.id .. ": {hex} has room for {most} air unit(s) and holds {n}", rule = C.air },
    } }
  end
  -- stacking: asked about hexes holding units, or every hex when a unit
  -- could not stand even alone (R.stacking changed)
  local check = overstacked(u, NONE, false) == nil and "occupied" or "all"
  if u.kind == "partisan" then
    if u.side ~= "soviet" then return nil end
    return { check = check, limits = {
      { friendly = true, reason = "{hex} is not a friendly location", rule = C.partisans },
      { no_zoc = true, reason = "{hex} is in an Axis zone of control", rule = C.partisans },
    } }
  end
  local ls = {}
  if how == "rebuild" and u.side == "axis" and u.nation == "slo" then
    ls[1] = { hexes = { gpw.city("Bratislava") }, reason = u.id .. " returns only in Bratislava", rule = C.allies }
  end
  ls[#ls + 1] = { entry = true, reason = "{hex} is neither on the " .. u.side .. " map edge nor a friendly city", rule = C.reinf }
  ls[#ls + 1] = { no_zoc = true, reason = "{hex} is in an enemy zone of control", rule = C.reinf }
  return { check = check, limits = ls }
end

-- ---------------------------------------------------------------- replacements

R.rebuild_nations = {
  axis = { ger = true, rom = true, slo = true, hun = true }, -- not Italians (ADC2: Allies)
  soviet = { sov = true, pol = true, rom = true },
}

-- A step costs one point, armour too; an eliminated unit returns at half
-- strength for 1 and is rebuilt to full for another (2 in all). A unit on
-- the map must be in supply, even in its capital (ADC2: Reinforcement
-- Phase). Leaders, air units and partisans are not rebuilt.
function R.rebuild_cost(u) return 1 end

function R.can_rebuild(u)
  if is_noncombat(u) then return false, u.id .. " is a " .. u.kind .. " unit: it is not rebuilt", C.reinf end
  if u.kind == "partisan" then return false, u.id .. " is a partisan: it returns only by the partisan rules", C.partisans end
  if u.status == "on map" and not u.supplied then
    return false, u.id .. " is out of supply: rebuilding needs supply, even in the capital", C.reinf
  end
  local n = R.rebuild_nations[u.side]
  if n[u.nation] ~= true then
    return false, u.nation .. " units (" .. u.id .. ") may not be rebuilt by the " .. u.side .. " player", C.allies
  end
  return true
end

-- ---------------------------------------------------------------- combat

-- Only defenders with an attacker in their ZOC at the start of the
-- combat phase may be attacked (ADC2: Combat Phase). No snapshot is
-- needed: during a combat phase only a battle's units move (its defender
-- retreats, an attacker advances), and the engine lets neither attack or
-- be attacked again in the phase. So an attacker that may still attack
-- stands where it stood at the start, beside a defender that has not
-- moved either: it was in the defender's ZOC then. Airborne defenders,
-- whose ZOC is their own hex, may be attacked from adjacent hexes like
-- the infantry they fight as; partisans are never attacked (they are
-- eliminated in Axis ZOC instead), nor leaders and air units.
function R.can_attack(a, d)
  local ak, dk = a.kind, d.kind -- (is_noncombat written out: asked for every attacker)
  if ak == "leader" or ak == "air" or ak == "partisan" then
    return false, a.id .. " is not a combat unit and cannot attack", C.caps
  end
  if dk == "partisan" then
    return false, d.id .. " is a partisan: partisans are not attacked, they are eliminated in an Axis zone of control", C.partisans
  end
  if dk == "leader" or dk == "air" then
    return false, d.id .. " is not a combat unit and cannot be attacked", C.caps
  end
  if a.side == "axis" and refuse_after[a.nation] and d.side == "soviet" then
    local from = gpw.get("no_attack_" .. a.nation)
    if from >= 0 and turn_index() >= from then
      return false, a.id .. ": " .. (a.nation == "rom" and "Romanian units may not attack after a turn with 4 or more Romanian units eliminated"
        or "Hungarian units may not attack after a turn with 2 or more Hungarian units eliminated"), C.allies
    end
  end
  return true
end

-- 2^n for the halvings of one attacker (at most 4: mud, supply, terrain,
-- straits)
local POW2 = { [0] = 1, 2, 4, 8, 16 }

-- the leader that assists an attack on hex: in supply, within its command
-- radius; the first of the scenario's order when several could.
local function assisting_leader(side, hex)
  if hex ~= "" and side ~= "" then
    -- the side's leaders on the map, in scenario order
    local ls = gpw.units_within(hex, 999, side, "leader")
    for i = 1, #ls do
      local l = ls[i]
      if l.supplied and gpw.distance(l.hex, hex) <= l.radius then return l end
    end
    return nil
  end
  local ls = leaders_of(side)
  for i = 1, #ls do
    local l = gpw.unit(ls[i])
    if l.status == "on map" and l.supplied and gpw.distance(l.hex, hex) <= l.radius then return l end
  end
  return nil
end

-- R.odds (ADC2: Combat Phase): each attacker's AF is halved once for each
-- of mud, out of supply, a swamp or mountain defender and attacking across
-- the Straits of Kerch; fractions are kept until the total, which is
-- rounded up. Only the units across the Straits are halved for them, and
-- the Straits give no column shift (ADC2 lists none, unlike GDW). The
-- ratio is rounded for the defender (down) to a CRT column; then the
-- shifts, cumulative, clamped to the table. It only reads: the engine
-- calls it for previews and legal actions too.
function R.odds(b)
  local side = PHASE_SIDE[gpw.phase()] or "" -- phase_parts(), written out
  local d = gpw.unit(b.defender)
  local dhex = d and d.hex or ""
  local exact, plain, allriver = 0, 0, true
  local mud = b.weather == "mud"
  local into = R.halve_into[b.terrain]
  local unsup, strait = false, false
  local t = nil
  for i = 1, b.n do
    local a = b.att[i]
    plain = plain + a
    local h = 0
    if mud then h = h + 1 end
    local sup = b.sup[i]
    if not sup then
      t = t or turn_index()
      if gpw.flag(b.attackers[i], "entered") == t then sup = true end
    end
    if not sup then h = h + 1; unsup = true end
    if into then h = h + 1 end
    if b.strait[i] then h = h + 1; strait = true end
    exact = exact + a / POW2[h]
    if not b.river[i] then allriver = false end
  end
  if mud then gpw.note("mud: attack factors halved", C.weather) end
  if unsup then gpw.note("out of supply: attack halved", C.combat) end
  if into then gpw.note("defender in " .. b.terrain .. ": attack halved", C.combat) end
  if strait then gpw.note("across the Straits of Kerch: attack halved", C.combat) end
  local total = ceil(exact - 1e-9)
  if total ~= plain then gpw.note("halvings cumulative, fractions rounded up", C.combat) end
  local def = b.def
  local ncol = #R.crt.columns
  local ratio
  if def > 0 then ratio = floor(total / def) else ratio = ncol end
  if ratio < 1 then return total, def, 0, 0 end
  local odds = min(ratio, ncol)
  local col = odds
  -- each shift: gpw.shift, then col moved by it
  if b.terrain == "forest" or b.terrain == "rough" then gpw.shift(b.terrain, -1, C.combat); col = col - 1 end
  if b.city == "major" or b.city == "fortress" then gpw.shift(b.city .. " city", -1, C.combat); col = col - 1 end
  if allriver and b.n > 0 then gpw.shift("river", -1, C.combat .. " (all attackers across a river)"); col = col - 1 end
  if b.weather == "snow" then gpw.shift("snow", -1, C.weather); col = col - 1 end
  local l = assisting_leader(side, dhex)
  if l then gpw.shift("leader " .. l.id, 1, C.leaders); col = col + 1 end
  local off = dhex ~= "" and gpw.mark(dhex, "air_support")
  if off then
    for i = 1, #off do
      local a = gpw.unit(off[i])
      gpw.shift("air support " .. a.id, a.shift, C.air); col = col + a.shift
    end
  end
  local dfn = gpw.flag(b.defender, "air_cover")
  if dfn then
    for i = 1, #dfn do
      local a = gpw.unit(dfn[i])
      if a.status == "on map" then gpw.shift("defensive air support " .. a.id, -a.shift, C.air); col = col - a.shift end
    end
  end
  if col < 1 then col = 1 end
  if col > ncol then col = ncol end
  return total, def, odds, col
end

-- As a result is applied, the missions flown for the battle are spent.
local function begin_result(b)
  local d = gpw.unit(b.defender)
  gpw.set_mark(d.hex, "air_support", nil)
  gpw.set_flag(b.defender, "air_cover", nil)
end

local function stands(b)
  return R.stand_terrain[b.terrain] or b.city == "fortress"
end

-- in lieu of retreating, a step (ADC2: Retreat): no choice.
local function step_instead(b)
  gpw.emit("stand", b.defender .. " takes a step reduction in lieu of retreating (" .. (b.city == "fortress" and "fortress" or b.terrain) .. ")",
    { "unit", b.defender, "rule", C.retreat })
  gpw.defender_loss(1)
end

R.results = {}
R.results.NE = function(b) begin_result(b) end
R.results.DR = function(b)
  begin_result(b)
  if stands(b) then step_instead(b) else gpw.retreat(R.retreat.hexes, false) end
  gpw.advance()
end
R.results.DRL = function(b)
  begin_result(b)
  gpw.defender_loss(1)
  if stands(b) then step_instead(b) else gpw.retreat(R.retreat.hexes, false) end
  gpw.advance()
end
-- DE: two step reductions.
R.results.DE = function(b)
  begin_result(b)
  gpw.defender_loss(2)
  gpw.advance()
end
R.results.AL = function(b)
  begin_result(b)
  gpw.attacker_loss(1)
end
-- EX: the defender loses one step (and does not retreat); the attackers
-- lose at least the attack factor the defender lost.
R.results.EX = function(b)
  begin_result(b)
  local d = gpw.unit(b.defender)
  local lost
  if d.reduced or d.attack_half == 0 then lost = d.strength else lost = d.attack - d.attack_half end
  gpw.defender_loss(1)
  if lost > 0 then gpw.exchange(lost) end
  gpw.advance()
end

-- ---------------------------------------------------------------- commands

local cmd = {}

-- shock: the yearly shock attack (ADC2: Shock Combat).
function cmd.shock(...)
  if select("#", ...) > 0 then return false, "usage: shock", C.shock end
  local side, part = phase_parts()
  if part ~= "reinforcement" then return false, "a shock attack is announced in the Reinforcement Phase", C.shock end
  local t = gpw.turn()
  if gpw.side_get(side, "shock_turn") == t.index then return false, "a shock attack is already announced this turn", C.shock end
  if side == "soviet" and t.year == 1941 then return false, "the Soviet player may not conduct a shock attack in 1941", C.shock end
  if side == "axis" and t.year == 1944 then return false, "the Axis player gets no shock attack in 1944", C.shock end
  local extra = side == "axis" and t.year == 1941 and t.month == "Jun" and not gpw.get("shock_extra_used")
  if not extra and gpw.side_get(side, "shock_year") == t.year then
    return false, "the " .. side .. " player has already made this year's shock attack", C.shock
  end
  if extra then gpw.set("shock_extra_used", true) else gpw.side_set(side, "shock_year", t.year) end
  gpw.side_set(side, "shock_turn", t.index)
  gpw.emit("shock", side .. " announces a shock attack: all infantry may move one hex in the 1st Movement Phase",
    { "side", side, "extra", extra, "rule", C.shock })
end

-- convert UNIT NEW (ADC2: Reinforcement Phase)
function cmd.convert(id, new, extra)
  if not id or not new or extra then return false, "usage: convert UNIT NEWUNIT", C.reinf end
  local side, part = phase_parts()
  if side ~= "soviet" or part ~= "reinforcement" then return false, "conversion is done in the Soviet Reinforcement Phase", C.reinf end
  local u, n = gpw.unit(id), gpw.unit(new)
  if not u or u.status ~= "on map" or u.side ~= "soviet" or u.kind ~= "infantry" then
    return false, tostring(id) .. " is not a Soviet infantry army on the map", C.reinf
  end
  if not u.supplied then return false, id .. " is not in supply", C.reinf end
  local kind, p = "", nil
  if n then kind, p = pool_kind_of(n) end
  if not n or kind ~= "conversion" or n.status ~= "pending" then
    return false, tostring(new) .. " is not a Guards or Shock army in a Conversion pool", C.reinf
  end
  if p.turn > turn_index() then return false, new .. " becomes available for conversion only in " .. p.name, C.reinf end
  if gpw.points("soviet") < 1 then return false, "a conversion costs a replacement point; none left", C.reinf end
  local hex = u.hex
  gpw.remove(id, "removed")
  local ok, err = gpw.place(new, hex)
  if not ok then return false, "cannot convert: " .. tostring(err), C.reinf end
  gpw.set_points("soviet", gpw.points("soviet") - 1)
  gpw.emit("convert", id .. " converts to " .. new .. " in " .. hex, { "unit", id, "to", new, "hex", hex, "points", 1, "rule", C.reinf })
end

-- southern edge of Romania: Romanian hexes whose southern neighbour (the
-- next row of the same column) is off the map or in Bulgaria; the western
-- and eastern edges do not count (ADC2: Allies)
local function south_romania(hex)
  local h = gpw.hex(hex)
  if h.country ~= "Romania" then return false end
  local sheet, col, row = hex:match("^(%a+)%-(%d%d)(%d%d)$")
  if not sheet then return false end
  local s = gpw.hex(string.format("%s-%s%02d", sheet, col, tonumber(row) + 1))
  return s == nil or s.country == "Bulgaria"
end

-- enter UNIT HEX: a unit the rules release onto the map.
function cmd.enter(id, hex, extra)
  if not id or not hex or extra then return false, "usage: enter UNIT HEX", C.reinf end
  local side, part = phase_parts()
  local u = gpw.unit(id)
  if not u then return false, "no unit " .. id, C.reinf end
  if u.side ~= side or part ~= "reinforcement" then return false, "units enter in their own Reinforcement Phase", C.reinf end
  if u.status == "on map" then return false, id .. " is already on the map", C.reinf end
  if not gpw.hex(hex) then return false, "no hex " .. hex, C.reinf end
  local t = turn_index()
  local rule, err = C.reinf, nil
  local after = nofn
  local airq = u.kind == "air" and gpw.side_get(side, "air_queue") or {}
  local partq = u.kind == "partisan" and gpw.get("partisan_queue") or {}
  if index_of(airq, id) then
    rule = C.air
    local from = gpw.flag(id, "displaced")
    local wait = side == "axis" and 2 or 1
    if airq[1] ~= id then err = "displaced air units return in turn, first " .. airq[1]
    elseif t < from + 1 then err = "a displaced air unit returns in a subsequent game turn"
    elseif t < from + wait then err = "the Axis player must wait one game turn before it returns"
    elseif t < gpw.side_get(side, "air_last") + wait then err = "only one displaced air unit returns " .. (side == "axis" and "every other game turn" or "each game turn")
    else err = air_base_error(u, hex) end
    after = function()
      gpw.side_set(side, "air_queue", without(airq, id))
      gpw.side_set(side, "air_last", t)
      gpw.set_flag(id, "displaced", nil)
    end
  elseif index_of(partq, id) then
    rule = C.partisans
    if t <= gpw.flag(id, "displaced") then err = "an eliminated partisan returns in a later game turn"
    elseif t < gpw.get("partisan_last") + 3 then err = "one partisan returns at a time, two game turns apart"
    else
      local h = gpw.hex(hex)
      if h.control ~= "soviet" or gpw.in_zoc("axis", hex) then err = hex .. " is not a friendly location free of Axis ZOC" end
    end
    after = function()
      gpw.set("partisan_queue", without(partq, id))
      gpw.set("partisan_last", t)
      gpw.set_flag(id, "displaced", nil)
    end
  elseif u.kind == "leader" and gpw.flag(id, "waits") then
    rule = C.leaders
    local ok, msg = R.can_place(u, hex, "place")
    if not ok then err = msg end
    after = function() gpw.set_flag(id, "waits", nil) end
  else
    local kind, p = pool_kind_of(u)
    if u.status ~= "pending" or not p then return false, id .. " is not a unit waiting to enter", C.reinf end
    local h = gpw.hex(hex)
    rule = C.allies
    local defected = gpw.get("romania_defected")
    if kind == "garrison" then
      if not gpw.get("balkan_active") then err = "the Garrison pools open only once the Balkan Garrison is activated"
      elseif p.turn > t then err = id .. " arrives only with " .. p.name
      elseif h.country ~= "Yugoslavia" then err = hex .. " is not in Yugoslavia" end
      rule = C.reinf
      after = function() gpw.set_flag(id, "entered", t) end
    elseif kind == "defection" and p.name:find("Roman") then
      if defected < 0 then err = "Romania has not defected"
      elseif not (h.country == "Romania" or has_region(h, "Bessarabia")) then err = hex .. " is not in Romania or Bessarabia"
      elseif not gpw.in_zoc("soviet", hex) then err = hex .. " is not in a Soviet zone of control" end
    elseif kind == "defection" and p.name:find("Bulgar") then
      if defected < 0 or t <= defected then err = "the Bulgarians enter the game turn after Romania defects"
      elseif not south_romania(hex) then err = hex .. " is not on the southern map edge of Romania" end
    else
      return false, id .. " is not a unit the rules let enter (" .. kind .. " pool " .. p.name .. ")", C.reinf
    end
    if not err then err = stack_error(u, hex) end
  end
  if err then return false, id .. ": " .. err, rule end
  local ok, perr = gpw.place(id, hex)
  if not ok then return false, id .. ": " .. tostring(perr), rule end
  after()
  local nu = gpw.unit(id)
  gpw.emit("place", id .. " enters in " .. hex, { "unit", id, "hex", hex, "strength", nu.strength, "rule", rule })
end

-- leader LEADER HEX: the 1st Movement Phase relocations (ADC2: Leaders)
function cmd.leader(id, hex, extra)
  if not id or not hex or extra then return false, "usage: leader LEADER HEX", C.leaders end
  local side, part = phase_parts()
  local l = gpw.unit(id)
  if not l or l.kind ~= "leader" or l.side ~= side or l.status ~= "on map" then
    return false, tostring(id) .. " is not a " .. side .. " leader on the map", C.leaders
  end
  if part ~= "move1" then return false, "leaders relocate in the 1st Movement Phase", C.leaders end
  local cap = capital_of(side)
  local key, dir
  if l.hex == cap and hex ~= cap then
    key, dir = "leader_out", "from"
    if not combat_in(hex, side) then return false, "a leader relocates from the capital only to a hex with a friendly combat unit", C.leaders end
  elseif hex == cap and l.hex ~= cap then
    key, dir = "leader_in", "to"
  else
    return false, "a leader relocates from the capital to a friendly combat unit, or from anywhere to the capital", C.leaders
  end
  local t = turn_index()
  if gpw.side_get(side, key) == t then return false, "only one leader relocates " .. dir .. " the capital in a phase", C.leaders end
  gpw.side_set(side, key, t)
  local from = l.hex
  gpw.relocate(id, hex)
  gpw.emit("leader", id .. " relocates " .. from .. " → " .. hex, { "unit", id, "from", from, "hex", hex, "rule", C.leaders })
end

-- drop UNIT HEX: airborne assault (ADC2: Airborne Assault)
function cmd.drop(id, hex, extra)
  if not id or not hex or extra then return false, "usage: drop UNIT HEX", C.airborne end
  local side, part = phase_parts()
  local u = gpw.unit(id)
  if not u or u.kind ~= "airborne" or u.side ~= side or u.status ~= "on map" then
    return false, tostring(id) .. " is not a " .. side .. " airborne unit on the map", C.airborne
  end
  if part ~= "move1" and part ~= "move2" then return false, "an airborne assault is made in a Movement Phase", C.airborne end
  if gpw.moved(id) or gpw.flag(id, "dropped") == phase_key() then return false, id .. " has already moved in this phase", C.move end
  local air = false
  local us = units_of(u.hex)
  for i = 1, #us do air = air or (us[i].kind == "air" and us[i].side == side) end
  if not air then return false, id .. " is not stacked with an air unit", C.airborne end
  local t = turn_index()
  local last = gpw.side_get(side, "drop_turn")
  if last == t then return false, "only one airborne assault per player turn", C.airborne end
  if last == t - 1 then return false, "no airborne assaults in consecutive game turns", C.airborne end
  local h = gpw.hex(hex)
  if not h then return false, "no hex " .. hex, C.airborne end
  if h.terrain ~= "clear" then return false, hex .. " is not a clear hex", C.airborne end
  local dist = gpw.distance(u.hex, hex)
  if dist < 1 or dist > 4 then return false, hex .. " is not within 4 hexes", C.airborne end
  if enemy_in(hex, side) then return false, hex .. " holds an enemy unit", C.airborne end
  local e = stack_error(u, hex)
  if e then return false, e, C.stack end
  local from = u.hex
  gpw.relocate(id, hex)
  gpw.side_set(side, "drop_turn", t)
  gpw.set_flag(id, "dropped", phase_key())
  gpw.emit("drop", id .. " makes an airborne assault " .. from .. " → " .. hex, { "unit", id, "from", from, "hex", hex, "rule", C.airborne })
  local nu = gpw.unit(id)
  moved_beside(nu, gpw.units_near({ hex }, enemy_of(nu.side), "air", "leader"))
  if side == "soviet" then check_bratislava() end
end

local function air_for_mission(id)
  local side, part = phase_parts()
  local a = gpw.unit(id or "")
  if not a or a.kind ~= "air" or a.side ~= side or a.status ~= "on map" then
    return nil, tostring(id) .. " is not a " .. side .. " air unit on the map"
  end
  if part ~= "combat" then return nil, "air missions are flown in the friendly Combat Phase" end
  local key = phase_key()
  if gpw.flag(id, "mission") == key then return nil, id .. " has already flown a mission this phase" end
  return a, key
end

-- support AIR HEX: offensive air support (ADC2: Air Support)
function cmd.support(id, hex, extra)
  if not id or not hex or extra then return false, "usage: support AIR HEX", C.air end
  local a, key = air_for_mission(id)
  if not a then return false, key, C.air end
  local d = enemy_in(hex, a.side)
  if not d then return false, hex .. " holds no enemy unit", C.air end
  if gpw.distance(a.hex, hex) > a.range then return false, hex .. " is beyond " .. id .. "'s range of " .. a.range, C.air end
  gpw.set_flag(id, "mission", key)
  local l = gpw.mark(hex, "air_support") or {}
  l[#l + 1] = id
  gpw.set_mark(hex, "air_support", l)
  gpw.emit("air", id .. " flies offensive support over " .. hex, { "unit", id, "mission", "offensive", "hex", hex, "rule", C.air })
end

-- defend AIR UNIT: defensive air support for the enemy's next combat phase
function cmd.defend(id, uid, extra)
  if not id or not uid or extra then return false, "usage: defend AIR UNIT", C.air end
  local a, key = air_for_mission(id)
  if not a then return false, key, C.air end
  local f = gpw.unit(uid)
  if not f or f.side ~= a.side or f.status ~= "on map" or is_noncombat(f) then
    return false, tostring(uid) .. " is not a friendly combat unit on the map", C.air
  end
  if gpw.distance(a.hex, f.hex) > a.range then return false, f.hex .. " is beyond " .. id .. "'s range of " .. a.range, C.air end
  gpw.set_flag(id, "mission", key)
  local l = gpw.flag(uid, "air_cover") or {}
  l[#l + 1] = id
  gpw.set_flag(uid, "air_cover", l)
  gpw.emit("air", id .. " flies defensive support over " .. uid, { "unit", id, "mission", "defensive", "hex", f.hex, "rule", C.air })
end

-- transfer AIR HEX: an air unit changes base
function cmd.transfer(id, hex, extra)
  if not id or not hex or extra then return false, "usage: transfer AIR HEX", C.air end
  local a, key = air_for_mission(id)
  if not a then return false, key, C.air end
  if gpw.distance(a.hex, hex) > 2 * a.range then return false, hex .. " is beyond twice " .. id .. "'s range", C.air end
  local e = air_base_error(a, hex)
  if e then return false, e, C.air end
  gpw.set_flag(id, "mission", key)
  local from = a.hex
  gpw.relocate(id, hex)
  gpw.emit("air", id .. " transfers " .. from .. " → " .. hex, { "unit", id, "mission", "transfer", "from", from, "hex", hex, "rule", C.air })
end

R.commands = cmd

-- ---------------------------------------------------------------- uses
-- R.uses[WORD](side) lists each command's legal uses now, for the legal
-- actions, the board and the computer players. Each repeats its
-- command's checks on candidates where the command can matter: hexes of
-- friendly combat units for leaders, bases and entries, enemy units next
-- to the side's (in its zones of control) for support, the side's units
-- next to the enemy for defensive support, clear hexes within four for
-- drops. Other legal uses (support over an enemy no unit can attack, the
-- Garrison and Defection pools' entries) are left to the typed command.
local uses = {}

-- the side's units on the map that pred accepts, in id order
-- the side's units on the map of kind, as tables (own with a kind)
local function own_kind(side, kind)
  local ids = gpw.units(side, "on map", kind)
  local out = {}
  for i = 1, #ids do out[i] = gpw.unit(ids[i]) end
  return out
end

local function own(side, pred)
  local out = {}
  local ids = gpw.units(side, "on map")
  for i = 1, #ids do
    local u = gpw.unit(ids[i])
    if pred(u) then out[#out + 1] = u end
  end
  return out
end

-- the hexes of the side's combat units, each once, in unit order
local function combat_hexes(side)
  local out, seen = {}, {}
  local us = own(side, is_combat)
  for i = 1, #us do
    local h = us[i].hex
    if not seen[h] then seen[h] = true; out[#out + 1] = h end
  end
  return out
end

local function own_phase(side, want)
  local s, part = phase_parts()
  if s ~= side then return false end
  for i = 1, #want do
    if part == want[i] then return true end
  end
  return false
end

function uses.shock(side)
  if not own_phase(side, { "reinforcement" }) then return nil end
  local t = gpw.turn()
  if gpw.side_get(side, "shock_turn") == t.index then return nil end
  if (side == "soviet" and t.year == 1941) or (side == "axis" and t.year == 1944) then return nil end
  local extra = side == "axis" and t.year == 1941 and t.month == "Jun" and not gpw.get("shock_extra_used")
  if not extra and gpw.side_get(side, "shock_year") == t.year then return nil end
  return { { line = "shock", text = "all infantry may move one hex in the 1st Movement Phase" } }
end

function uses.convert(side)
  if side ~= "soviet" or not own_phase(side, { "reinforcement" }) or gpw.points("soviet") < 1 then return nil end
  local news = {}
  local ps = gpw.pools()
  for i = 1, #ps do
    local p = ps[i]
    if p.kind == "conversion" and p.turn <= turn_index() then
      for j = 1, #p.units do
        local n = gpw.unit(p.units[j])
        if n and n.status == "pending" and n.pool == p.name then news[#news + 1] = n.id end
      end
    end
  end
  if #news == 0 then return nil end
  local out = {}
  local armies = own("soviet", function(u) return u.kind == "infantry" and u.supplied end)
  for i = 1, #news do
    for j = 1, #armies do
      local u = armies[j]
      out[#out + 1] = { line = "convert " .. u.id .. " " .. news[i], units = { u.id, news[i] }, hexes = { u.hex },
        text = u.id .. " becomes " .. news[i] .. " (1 replacement point)" }
    end
  end
  return out
end

function uses.enter(side)
  if not own_phase(side, { "reinforcement" }) then return nil end
  local out = {}
  local t = turn_index()
  local bases -- the hexes of the side's combat units, listed when needed
  -- the first displaced air unit, to a base beside a friendly unit
  local airq = gpw.side_get(side, "air_queue") or {}
  local a = airq[1] and gpw.unit(airq[1])
  if a and a.kind == "air" and a.side == side and a.status ~= "on map" then
    local from = gpw.flag(a.id, "displaced")
    local wait = side == "axis" and 2 or 1
    if t >= from + 1 and t >= from + wait and t >= gpw.side_get(side, "air_last") + wait then
      bases = combat_hexes(side)
      for i = 1, #bases do
        if not air_base_error(a, bases[i]) then
          out[#out + 1] = { line = "enter " .. a.id .. " " .. bases[i], units = { a.id }, hexes = { bases[i] } }
        end
      end
    end
  end
  -- an eliminated partisan, beside a Soviet unit out of Axis zones of control
  local partq = side == "soviet" and gpw.get("partisan_queue") or {}
  if #partq > 0 and t >= gpw.get("partisan_last") + 3 then
    local seen, n = {}, 0
    for i = 1, #partq do
      local u = gpw.unit(partq[i])
      if u and u.side == side and u.status ~= "on map" and t > gpw.flag(u.id, "displaced") then
        bases = bases or combat_hexes(side)
        for j = 1, #bases do
          local ns = gpw.neighbors(bases[j])
          for k = 1, #ns do
            local x = ns[k]
            if n < 24 and not seen[u.id .. x] and gpw.control(x) == "soviet" and not gpw.in_zoc("axis", x) and not stack_error(u, x) then
              seen[u.id .. x], n = true, n + 1
              out[#out + 1] = { line = "enter " .. u.id .. " " .. x, units = { u.id }, hexes = { x } }
            end
          end
        end
      end
    end
  end
  -- a leader waiting for its capital
  local cap = capital_of(side)
  local ls = leaders_of(side)
  for i = 1, #ls do
    local l = gpw.unit(ls[i])
    if cap and l and l.status ~= "on map" and gpw.flag(l.id, "waits") and R.can_place(l, cap, "place") then
      out[#out + 1] = { line = "enter " .. l.id .. " " .. cap, units = { l.id }, hexes = { cap } }
    end
  end
  return out
end

function uses.leader(side)
  if not own_phase(side, { "move1" }) then return nil end
  local cap = capital_of(side)
  if not cap then return nil end
  local t = turn_index()
  local out = {}
  local ls = leaders_of(side)
  for i = 1, #ls do
    local l = gpw.unit(ls[i])
    if l and l.status == "on map" then
      if l.hex == cap and gpw.side_get(side, "leader_out") ~= t then
        local hs = combat_hexes(side)
        for j = 1, #hs do
          if hs[j] ~= cap and combat_in(hs[j], side) then
            out[#out + 1] = { line = "leader " .. l.id .. " " .. hs[j], units = { l.id }, hexes = { hs[j] } }
          end
        end
      elseif l.hex ~= cap and gpw.side_get(side, "leader_in") ~= t then
        out[#out + 1] = { line = "leader " .. l.id .. " " .. cap, units = { l.id }, hexes = { cap } }
      end
    end
  end
  return out
end

function uses.drop(side)
  if not own_phase(side, { "move1", "move2" }) then return nil end
  local t = turn_index()
  local last = gpw.side_get(side, "drop_turn")
  if last == t or last == t - 1 then return nil end
  local out = {}
  local abs = own_kind(side, "airborne")
  for i = 1, #abs do
    local u = abs[i]
    local air = false
    local us = units_of(u.hex)
    for j = 1, #us do air = air or (us[j].kind == "air" and us[j].side == side) end
    if air and not gpw.moved(u.id) and gpw.flag(u.id, "dropped") ~= phase_key() then
      -- the hexes within 4, ring by ring
      local seen, ring = { [u.hex] = true }, { u.hex }
      for _ = 1, 4 do
        local next_ring = {}
        for j = 1, #ring do
          local ns = gpw.neighbors(ring[j])
          for k = 1, #ns do
            local x = ns[k]
            if not seen[x] then
              seen[x] = true
              next_ring[#next_ring + 1] = x
              if gpw.hex(x).terrain == "clear" and not enemy_in(x, side) and not stack_error(u, x) then
                out[#out + 1] = { line = "drop " .. u.id .. " " .. x, units = { u.id }, hexes = { x } }
              end
            end
          end
        end
        ring = next_ring
      end
    end
  end
  return out
end

-- the side's air units free to fly a mission in this combat phase
local function flyers(side)
  if not own_phase(side, { "combat" }) then return {} end
  local key = phase_key()
  local out = {}
  local as = own_kind(side, "air")
  for i = 1, #as do
    if gpw.flag(as[i].id, "mission") ~= key then out[#out + 1] = as[i] end
  end
  return out
end

-- the hexes of the enemy's combat units that the side's units stand
-- next to (where an attack can be made), each once
local function attackable(side)
  local out, seen = {}, {}
  local foe = enemy_of(side)
  local fs = own(foe, function(u) return not is_noncombat(u) end)
  for i = 1, #fs do
    local h = fs[i].hex
    if not seen[h] and gpw.in_zoc(side, h) then seen[h] = true; out[#out + 1] = h end
  end
  return out
end

-- air_uses lists the mission WORD of each of the side's air units free
-- to fly, to each target its function fits: targets(side) gives {hex,
-- unit} pairs (unit for a mission over a friend, named in the command)
local function air_uses(side, word, targets, fits)
  local as = flyers(side)
  if #as == 0 then return nil end
  local ts = targets(side)
  local out = {}
  for i = 1, #as do
    local a = as[i]
    for j = 1, #ts do
      local t = ts[j]
      if fits(a, t.hex) then
        out[#out + 1] = { line = word .. " " .. a.id .. " " .. (t.unit or t.hex),
          units = t.unit and { a.id, t.unit } or { a.id }, hexes = { t.hex } }
      end
    end
  end
  return out
end

-- hexes gives a list of hexes as targets
local function hexes(list)
  return function(side)
    local hs, ts = list(side), {}
    for i = 1, #hs do ts[i] = { hex = hs[i] } end
    return ts
  end
end

function uses.support(side)
  return air_uses(side, "support", hexes(attackable), function(a, h) return gpw.distance(a.hex, h) <= a.range end)
end

-- defend covers the side's combat units the enemy stands next to
function uses.defend(side)
  local function covered(s)
    local foe = enemy_of(s)
    local fs = own(s, function(u) return not is_noncombat(u) and gpw.in_zoc(foe, u.hex) end)
    local ts = {}
    for i = 1, #fs do ts[i] = { hex = fs[i].hex, unit = fs[i].id } end
    return ts
  end
  return air_uses(side, "defend", covered, function(a, h) return gpw.distance(a.hex, h) <= a.range end)
end

function uses.transfer(side)
  return air_uses(side, "transfer", hexes(combat_hexes), function(a, h)
    return h ~= a.hex and gpw.distance(a.hex, h) <= 2 * a.range and not air_base_error(a, h)
  end)
end

R.uses = uses

return R
