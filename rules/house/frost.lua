-- rules/house/frost.lua: a house rule. The GDW game (rules/base.lua) with
-- the combat system of another game's CRT card
-- (../shared/seeds/house-crt-card.txt): eleven odds columns from 1:4 to
-- 10:1, the results AE, D/AE, -, D, dw, DW, DR, DE, BR and X, defence
-- factors added for terrain instead of column shifts, dispersed units,
-- the surrounded / armour-overrun and No Retreat! conversions and the
-- German exchange option. Everything else (movement, supply, weather
-- rolls, reinforcements) stays GDW's. Load it with
--
--   gpw run --rules rules/house/frost.lua ...
--
-- Where the card is blank or unclear this module CHOOSES; each choice is
-- listed here, cited "House (chosen)", documented in docs/modding.md
-- (House rules) and tested in game/house_test.go:
--
--  1. Columns. The card's header row is mangled, but it names exactly
--     eleven ratios (1:4 1:3 1:2 1:1 3:2 2:1 3:1 4:1 5:1 7:1 10:1) and each
--     row has eleven results, so those are the columns; the dots are
--     spacing, not lost columns. Odds are rounded down to the nearest
--     column at or below (6:1 is the 5:1 column, 9:1 the 7:1); below 1:4
--     no attack may be made; from 10:1 up the 10:1 column. Column shifts
--     stop at the table's ends.
--  2. Results, from the card's ordering and its conversions
--     (No Retreat!: DE->BR, DR->DE, DW->D, dw->-):
--       AE   every attacker is eliminated.
--       D/AE the defender is dispersed AND every attacker is eliminated.
--       -    no effect.
--       D    the defender is dispersed, in place.
--       dw   the defender withdraws one hex (not dispersed).
--       DW   the defender is dispersed and withdraws one hex.
--       DR   the defender is dispersed and retreats two hexes (GDW DR).
--       DE   the defender is eliminated.
--       BR   breakthrough: the defender is eliminated, and each attacker
--            has 2 extra movement points in the movement phase that
--            follows this combat phase.
--       X    the defender is eliminated and the attackers lose at least
--            its defence as modified here (terrain, cities, doubling),
--            the attacker choosing whom; when they have not that much,
--            the result is AE.
--     After dw, DW, DR, DE, BR, X (and the exchange option) one attacker
--     may advance into the vacated hex (GDW's advance; the card's
--     "tactical advances according to weather" table is blank).
--  3. Dispersed units may not move, rail or attack; attacks on them are
--     one column up; they keep their terrain bonuses and zones of
--     control. GDW lets a unit be attacked once per phase, so for the
--     column to matter a dispersal lasts through the owner's next player
--     turn AND the enemy's next one: the unit recovers as its owner's
--     second player turn after the dispersal begins. Dispersed again: the
--     count starts over; nothing else.
--  4. Terrain (one combat unit per hex in GDW, so "each infantry unit" is
--     the defender when it is infantry-type: infantry, guards, shock,
--     garrison, rifle, airborne, partisan, mountain, alpini):
--       rough (the card's hills)      +1 infantry
--       forest (not on the card)      +1 infantry, as hills
--       mountain                      +1 infantry (the fortress bonus,
--                                     for either side)
--       swamp, unless frozen          +1 Soviet infantry
--       minor city (the card's dot)   +1 infantry
--       major city                    +1 infantry
--       fortress                      +1 Soviet infantry
--       capitals: major city and fortress, both bonuses
--       victory cities                defence doubled after the bonuses;
--                                     then Moscow and Leningrad +2,
--                                     Stalingrad and Kuibyshev +1 for a
--                                     Soviet defender ("until taken")
--       across a river, unless frozen, when every attacker is across it:
--                                     1 column down, 2 for a German
--                                     defender (the card's only shift)
--       Straits of Kerch (no side controls the Black Sea in GDW): only
--       infantry may attack across, at half strength; others count 0.
--     "Frozen" is GDW's snow, which stands for the card's Snow and Hard
--     Frost. GDW's snow column shift, and its halving of attacks into
--     swamp and mountain, are replaced by the card; out-of-supply and
--     mud halving stay GDW's (the card says nothing of them). The card's
--     Stalin Line and lake rows do not apply: gpw's maps have no
--     fortification lines, and the engine keeps GDW's ban on attacks
--     across lake hexsides.
--  5. Retreat impossible. Retreats go by GDW's paths; a route into an
--     enemy zone of control is not a retreat (card: Retreat Routes)
--     unless a friendly unit no longer under attack holds that hex: in
--     gpw only the retreating defender is under attack, so any friendly
--     unit opens it (R.retreat.friend_opens_zoc; no step is lost there).
--     A defender whose every route enters an enemy ZOC not so held is
--     surrounded: DR->DE, DE->BR. A defender that cannot withdraw one hex
--     that way stands:
--     DW->D, dw->- (the No Retreat! conversions; the card lists none).
--     Armour overrun (armour attack factors, halvings applied, more than
--     twice the defence of an infantry-type defender with no terrain,
--     city or river advantage; Good weather for the Axis, Good or snow
--     for the Soviets) always applies: DR->DE, DE->BR. Conversions do not
--     chain: a No Retreat! order wins, then overrun, then surrounded.
--  6. No Retreat! orders: "noretreat soviet" orders every Soviet unit for
--     the current game turn; "noretreat UNIT" orders one German (not
--     allied) unit for the current game turn.
--  7. The German exchange option is chosen "after the die roll"; gpw asks
--     for it before the roll, per result, which is the same choice: the
--     Axis player types "exchange DR DW dw -" (any of them, or "all") in
--     his combat phase, and for his next attack a listed result becomes
--     an exchange: the defender is eliminated and the attackers lose at
--     least rate x its modified defence (DR 0.5, DW 1, dw 2, - 3, rounded
--     up). It needs a German attacker, a Soviet defender, Good or snow
--     weather, and enough German attack factors; otherwise the result
--     stands. It applies to the result after conversions.
--  8. Exchange losses (X and the option) in Axis attacks may not be taken
--     by Hungarian, Italian or Romanian units (the card's note); their
--     factors do not count toward "can the attacker lose enough".
--  9. The card's "all undispersed German units adjacent to attacking
--     Russian units must be attacked" is enforced at the end of the Soviet
--     combat phase, for each such German unit that some Soviet unit which
--     has not attacked could still attack.
local R = require("base")

R.id = "frost"
R.name = "House: Frost CRT"
R.description = "GDW's game with another game's combat card: odds 1:4 to 10:1, dispersal, defence bonuses, no-retreat orders"
R.book = "House"

local floor, ceil = math.floor, math.ceil
local gpw = gpw

local CARD = "House CRT card"
local cite = {
  crt = CARD .. ": Combat Results",
  terrain = CARD .. ": Terrain Effects",
  dispersed = CARD .. ": Dispersed units",
  noretreat = CARD .. ": No Retreat! orders",
  surrounded = CARD .. ": Surrounded and Armor Overrun",
  retreat = CARD .. ": Retreat Routes",
  exchange = CARD .. ": Exchange notes",
  mandatory = CARD .. ": Combat Results Definitions (German units must be attacked)",
  chosen = "House (chosen: see rules/house/frost.lua)",
}
R.house_cite = cite

-- The card's table. Rows by die 1-6 (the card prints 6 first).
R.crt = {
  columns = { "1:4", "1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "7:1", "10:1" },
  rows = {
    { "AE", "AE", "AE", "AE", "X", "X", "D", "dw", "DR", "DR", "DE" },
    { "AE", "AE", "AE", "X", "-", "D", "dw", "DW", "DR", "DE", "DE" },
    { "AE", "AE", "-", "-", "D", "dw", "DW", "DR", "DE", "DE", "BR" },
    { "AE", "D/AE", "-", "D", "dw", "DW", "DR", "DR", "DE", "BR", "BR" },
    { "AE", "-", "D", "dw", "DW", "DR", "DR", "DE", "BR", "BR", "BR" },
    { "D/AE", "D", "DR", "DR", "DR", "DR", "DE", "BR", "BR", "BR", "BR" },
  },
}

-- What each of the card's codes means for the computer players
-- (bot/doctrine.go), as its effects below carry them out.
R.bot = {
  results = {
    ["-"] = {},
    AE = { att_elim = true },
    ["D/AE"] = { att_elim = true, disperses = true },
    D = { disperses = true },
    dw = { retreat = 1, advance = true },
    DW = { retreat = 1, disperses = true, advance = true },
    DR = { retreat = 2, stand = true, advance = true },
    DE = { def_elim = true, advance = true },
    BR = { def_elim = true, advance = true },
    X = { def_elim = true, exchange = true, advance = true },
  },
}

-- GDW's column shifts, halvings and stands are replaced by the card.
R.defense_shift, R.city_shift, R.halve_into, R.stand_terrain = {}, {}, {}, {}
R.weather.snow.shift = nil

-- Defence factors added to the defender: who = "infantry" (any
-- infantry-type unit) or "soviet" (Soviet infantry-type only); unfrozen:
-- not when the weather freezes it.
R.terrain_bonus = {
  rough = { add = 1, who = "infantry", what = "hills" },
  forest = { add = 1, who = "infantry", what = "forest (as hills)" },
  mountain = { add = 1, who = "infantry", what = "mountains (fortress bonus)" },
  swamp = { add = 1, who = "soviet", unfrozen = true, what = "unfrozen swamp" },
}
R.city_bonus = {
  minor = { add = 1, who = "infantry", what = "city" },
  major = { add = 1, who = "infantry", what = "major city" },
  fortress = { add = 1, who = "soviet", what = "fortress" },
}
-- Victory cities: defence doubled, then these intrinsic factors for a
-- Soviet defender.
R.victory_cities = { Moscow = 2, Leningrad = 2, Stalingrad = 1, Kuibyshev = 1 }
-- Weather that freezes rivers, swamps (and the card's lakes).
R.frozen = { snow = true }
-- Across a river: columns for the defender; German defenders more.
R.river_shift = { any = -1, ger = -2 }
R.dispersed_shift = 1
R.breakthrough_mp = 2

R.no_retreat_results = { DE = "BR", DR = "DE", DW = "D", dw = "-" }
R.surrounded_results = { DR = "DE", DE = "BR" }
R.cannot_withdraw_results = { DW = "D", dw = "-" }
-- Weather in which armour may overrun, by attacking side ("" is Good).
R.overrun_weather = { axis = { [""] = true, clear = true }, soviet = { [""] = true, clear = true, snow = true } }
-- The German exchange option: rates, and the weather (Good, Hard Frost).
R.exchange_rates = { DR = 0.5, DW = 1, dw = 2, ["-"] = 3 }
R.exchange_weather = { [""] = true, clear = true, snow = true }
-- Axis allies that may not take exchange losses in Axis attacks.
R.no_exchange_nations = { hun = true, ita = true, rom = true }

-- Retreat routes never enter an enemy zone of control, unless a friendly
-- unit holds the hex: of GDW's retreat paths only those through the
-- fewest (here: none, see convert) are legal.
R.retreat.avoid_zoc = true
R.retreat.friend_opens_zoc = true

R.cite["odds-min"] = CARD .. ": odds columns 1:4 to 10:1"
R.cite.retreat = cite.retreat
R.cite.loss = cite.exchange

local function nop() end

local function infantry(kind)
  local c = R.kinds[kind]
  return c == "infantry" or c == "mountain"
end

local function qualifies(who, d)
  return infantry(d.kind) and (who == "infantry" or d.side == who)
end

local function enemy(side)
  if side == "axis" then return "soviet" end
  return "axis"
end

-- The columns as ratios p:q, read from their labels.
local function ratios()
  local out = {}
  for i, l in ipairs(R.crt.columns) do
    local p, q = string.match(l, "^(%d+):(%d+)$")
    out[i] = { tonumber(p), tonumber(q) }
  end
  return out
end

-- weigh computes a battle as the card does; rec records notes and shifts
-- (only when the engine asks for the odds). It returns a table: attack,
-- def (the modified defence), odds and col (column indices), overrun.
local function weigh(b, rec)
  local note, shift = nop, nop
  if rec then note, shift = gpw.note, gpw.shift end
  local d = gpw.unit(b.defender)
  local fx = R.weather[b.weather] or {}
  local frozen = R.frozen[b.weather]
  local total, armour, allriver = 0, 0, b.n > 0
  for i = 1, b.n do
    local a = b.att[i]
    if not b.sup[i] then
      a = floor(a / 2)
      note("out of supply: attack halved", "GDW: Supply")
    end
    if fx.attack_half then
      a = floor(a / 2)
      note(b.weather .. ": attack factors halved", "GDW: Weather")
    end
    if b.strait[i] then
      if infantry(b.kinds[i]) then
        a = floor(a / 2)
        note("across the Straits of Kerch: infantry attacks at half strength", cite.terrain)
      else
        a = 0
        note("across the Straits of Kerch: only infantry may attack (" .. b.attackers[i] .. " counts 0)", cite.terrain)
      end
    end
    total = total + a
    if R.armor_kinds[b.kinds[i]] then armour = armour + a end
    if not b.river[i] then allriver = false end
  end
  -- defence factors
  local def, advantage = b.def, false
  local tb = R.terrain_bonus[b.terrain]
  if tb and not (tb.unfrozen and frozen) and qualifies(tb.who, d) then
    def = def + tb.add
    advantage = true
    note(tb.what .. ": +" .. tb.add .. " defence", cite.terrain)
  end
  -- a capital is a major city and a fortress as well: both bonuses
  -- (the card's Major City adds to any fortification bonus)
  local cities = { b.city }
  if b.capital and R.capitals_are_fortresses then cities = { "major", "fortress" } end
  for _, city in ipairs(cities) do
    local cb = R.city_bonus[city]
    if cb and qualifies(cb.who, d) then
      def = def + cb.add
      advantage = true
      note(cb.what .. ": +" .. cb.add .. " defence", cite.terrain)
    end
  end
  local hx = gpw.hex(d.hex)
  local vc = hx and R.victory_cities[hx.city]
  if vc then
    def = def * 2
    advantage = true
    note("victory city " .. hx.city .. ": defence doubled", cite.terrain)
    if d.side == "soviet" and vc > 0 then
      def = def + vc
      note(hx.city .. ": +" .. vc .. " intrinsic defence", cite.terrain)
    end
  end
  local w = { attack = total, def = def, odds = 0, col = 0, overrun = false }
  -- odds, rounded down to a column
  local cols = ratios()
  local ncol = #cols
  if def <= 0 then
    w.odds = ncol
  else
    for i = ncol, 1, -1 do
      if total * cols[i][2] >= def * cols[i][1] then
        w.odds = i
        break
      end
    end
  end
  if w.odds == 0 then return w end
  local col = w.odds
  if gpw.flag(b.defender, "dispersed") ~= nil then
    col = col + R.dispersed_shift
    shift("dispersed", R.dispersed_shift, cite.dispersed)
  end
  if allriver and not frozen then
    local n = R.river_shift[d.nation] or R.river_shift.any
    col = col + n
    advantage = true
    shift("river", n, cite.terrain .. " (across an unfrozen river)")
  end
  if col < 1 then col = 1 end
  if col > ncol then col = ncol end
  w.col = col
  local ow = R.overrun_weather[enemy(d.side)]
  if infantry(d.kind) and not advantage and ow and ow[b.weather] and armour > 2 * b.def then
    w.overrun = true
    note("armour overrun: " .. armour .. " armour against " .. b.def .. ": retreat impossible", cite.surrounded)
  end
  return w
end
R.weigh = weigh

function R.odds(b)
  local w = weigh(b, true)
  return w.attack, w.def, w.odds, w.col
end

function R.ratio_label(i)
  return R.crt.columns[i] or ("below " .. R.crt.columns[1])
end

-- What a game remembers, in the engine's store (the module keeps no game
-- state in Lua: it is shared by every game, and a game is cloned, rolled
-- back and undone by the engine).
R.store = R.store or {}
for _, scope in ipairs({ "game", "side", "unit", "hex" }) do R.store[scope] = R.store[scope] or {} end
-- dispersed: "new" or "missed" (see on_phase_start)
R.store.unit.dispersed = { type = "string", label = "dispersed", symbol = "D" }
-- no_retreat: the turn index a No Retreat! order holds for
R.store.unit.no_retreat = { type = "number", label = "No Retreat! order for turn" }
R.store.side.no_retreat = { type = "number", label = "No Retreat! order for every unit, turn" }
-- breakthrough: "TURN/PHASE" of the movement phase its extra MP are for
R.store.unit.breakthrough = { type = "string", label = "breakthrough MP in", symbol = "BR" }
-- attacked, defended: "TURN/PHASE" of the combat phase it fought in
R.store.unit.attacked = { type = "string", label = "attacked in" }
R.store.unit.defended = { type = "string", label = "attacked (defending) in" }
-- the German exchange option declared for the next attack of a phase
R.store.game.exchange_phase = { type = "string", label = "exchange option declared in" }
R.store.game.exchange_codes = { type = "list", label = "exchange option on" }

local function turn_index() return gpw.turn().index end
local function phase_key() return turn_index() .. "/" .. gpw.phase() end

local function dispersed(id) return gpw.flag(id, "dispersed") ~= nil end

local function disperse(id)
  gpw.set_flag(id, "dispersed", "new")
  gpw.emit("dispersed", id .. " is dispersed", { "unit", id, "rule", cite.dispersed })
end

-- may_pay: whether an attacker may take exchange losses.
local function may_pay(u)
  return not (u.side == "axis" and R.no_exchange_nations[u.nation])
end

-- the attack factors the attackers may lose in an exchange
local function payable(b)
  local n = 0
  for i = 1, b.n do
    local u = gpw.unit(b.attackers[i])
    if u and u.status == "on map" and may_pay(u) then n = n + u.strength end
  end
  return n
end

local function phase_index(id)
  for i, p in ipairs(R.phases) do
    if p.id == id then return i end
  end
  return 0
end

local function breakthrough(b)
  local i = phase_index(gpw.phase())
  local nxt = R.phases[i % #R.phases + 1]
  local ids = {}
  for k = 1, b.n do
    gpw.set_flag(b.attackers[k], "breakthrough", turn_index() .. "/" .. nxt.id)
    ids[k] = b.attackers[k]
  end
  gpw.emit("breakthrough", table.concat(ids, ", ") .. ": +" .. R.breakthrough_mp .. " movement points in " .. nxt.id,
    { "units", table.concat(ids, ","), "phase", nxt.id, "mp", tostring(R.breakthrough_mp), "rule", cite.chosen })
end

-- What each final result does, by queueing engine steps.
R.effects = {}
R.effects.AE = function(b) gpw.attackers_eliminate() end
R.effects["D/AE"] = function(b)
  disperse(b.defender)
  gpw.attackers_eliminate()
end
R.effects["-"] = function(b) end
R.effects.D = function(b) disperse(b.defender) end
R.effects.dw = function(b)
  gpw.retreat(1, false)
  gpw.advance()
end
R.effects.DW = function(b)
  disperse(b.defender)
  gpw.retreat(1, false)
  gpw.advance()
end
R.effects.DR = function(b)
  disperse(b.defender)
  gpw.retreat(R.retreat.hexes, false)
  gpw.advance()
end
R.effects.DE = function(b)
  gpw.defender_eliminate()
  gpw.advance()
end
R.effects.BR = function(b)
  gpw.defender_eliminate()
  gpw.advance()
  breakthrough(b)
end
R.effects.X = function(b, w)
  local can = payable(b)
  if can < w.def then
    gpw.emit("converted", "X becomes AE: the attackers cannot lose " .. w.def .. " factors (" .. can .. ")",
      { "from", "X", "to", "AE", "cause", "exchange", "rule", cite.exchange })
    gpw.attackers_eliminate()
    return
  end
  gpw.defender_eliminate()
  gpw.exchange(w.def)
  gpw.advance()
end

-- can a retreat of n hexes avoid enemy zones of control?
local function can_retreat(n)
  return gpw.retreat_zoc(n) == 0
end

-- a No Retreat! order holds for the defender this turn
local function no_retreat(b)
  local t = turn_index()
  if gpw.flag(b.defender, "no_retreat") == t then return true end
  local d = gpw.unit(b.defender)
  return d ~= nil and gpw.side_get(d.side, "no_retreat") == t
end

local function convert(code, b, w)
  if R.no_retreat_results[code] and no_retreat(b) then
    return R.no_retreat_results[code], "no-retreat order", cite.noretreat
  end
  if R.surrounded_results[code] then
    if w.overrun then return R.surrounded_results[code], "armour overrun", cite.surrounded end
    if not can_retreat(R.retreat.hexes) then return R.surrounded_results[code], "surrounded", cite.surrounded end
  end
  if R.cannot_withdraw_results[code] and not can_retreat(1) then
    return R.cannot_withdraw_results[code], "cannot withdraw", cite.chosen
  end
  return code
end

-- the exchange option declared for the next attack of this phase: used
-- (or lost) by that attack
local function take_option(final, b, w)
  local when, codes = gpw.get("exchange_phase"), gpw.get("exchange_codes")
  if not when then return false end
  gpw.set("exchange_phase", nil)
  gpw.set("exchange_codes", nil)
  local listed = false
  for _, c in ipairs(codes or {}) do listed = listed or c == final end
  if when ~= phase_key() or not listed then return false end
  local rate = R.exchange_rates[final]
  local german = false
  for i = 1, b.n do
    local u = gpw.unit(b.attackers[i])
    german = german or (u and u.nation == "ger")
  end
  if not rate or not german or gpw.unit(b.defender).side ~= "soviet" then return false end
  local need = ceil(rate * w.def)
  local can = payable(b)
  if can < need then
    gpw.emit("note", "no exchange: the attackers cannot lose " .. need .. " factors (" .. can .. ")", { "rule", cite.exchange })
    return false
  end
  gpw.emit("exchange", final .. " exchanged: " .. b.defender .. " eliminated, the attackers lose " .. need .. " factors",
    { "from", final, "rate", tostring(rate), "factors", tostring(need), "rule", cite.exchange })
  gpw.defender_eliminate()
  gpw.exchange(need)
  gpw.advance()
  return true
end

local function resolve(code, b)
  local w = weigh(b, false)
  local final, cause, rule = convert(code, b, w)
  if final ~= code then
    gpw.emit("converted", code .. " becomes " .. final .. ": " .. cause, { "from", code, "to", final, "cause", cause, "rule", rule })
  end
  if take_option(final, b, w) then return end
  R.effects[final](b, w)
end

-- Who attacked and who was attacked in this combat phase, for the rule
-- that German units next to attacking Soviet units must be attacked: unit
-- values "attacked" and "defended" holding the phase key (the last phase's
-- are cleared as a combat phase starts).
local function record(b)
  local key = phase_key()
  gpw.set_flag(b.defender, "defended", key)
  for i = 1, b.n do gpw.set_flag(b.attackers[i], "attacked", key) end
end

local function fought(id, as) return gpw.flag(id, as) == phase_key() end

R.results = {}
for _, code in ipairs({ "AE", "D/AE", "-", "D", "dw", "DW", "DR", "DE", "BR", "X" }) do
  R.results[code] = function(b)
    record(b)
    resolve(code, b)
  end
end

-- Exchange losses in Axis attacks: not Hungarians, Italians, Romanians.
local prev_can_lose = R.can_lose
function R.can_lose(u, kind)
  if kind == "exchange" and not may_pay(u) then
    return false, u.id .. " may not take exchange losses in an Axis attack", cite.exchange
  end
  if prev_can_lose then return prev_can_lose(u, kind) end
end

-- Dispersed units may not move or attack.
local prev_can_move, prev_can_move_path, prev_can_attack = R.can_move, R.can_move_path, R.can_attack
function R.can_move(u, phase)
  if dispersed(u.id) then return false, u.id .. " is dispersed and may not move", cite.dispersed end
  if prev_can_move then return prev_can_move(u, phase) end
end
function R.can_move_path(u, path, how)
  if dispersed(u.id) then return false, u.id .. " is dispersed and may not move", cite.dispersed end
  if prev_can_move_path then return prev_can_move_path(u, path, how) end
end
-- The same for all of a unit's move destinations in one call (the legal
-- actions ask once per unit): a dispersed unit may take none of them.
local prev_can_move_paths = R.can_move_paths
function R.can_move_paths(u, paths, how)
  if dispersed(u.id) then
    local all = {}
    for i = 1, #paths do all[i] = i end
    return all
  end
  if prev_can_move_paths then return prev_can_move_paths(u, paths, how) end
  if not prev_can_move_path then return nil end
  local out = {}
  for i = 1, #paths do
    if prev_can_move_path(u, paths[i], how) == false then out[#out + 1] = i end
  end
  return out
end
function R.can_attack(a, d)
  if dispersed(a.id) then return false, a.id .. " is dispersed and may not attack", cite.dispersed end
  if prev_can_attack then return prev_can_attack(a, d) end
end

local prev_allowance = R.allowance
function R.allowance(u, mp, phase)
  if prev_allowance then mp = prev_allowance(u, mp, phase) end
  if gpw.flag(u.id, "breakthrough") == turn_index() .. "/" .. phase then
    return mp + R.breakthrough_mp
  end
  return mp
end

-- A side's player turn begins with the first of its phases after the
-- other side's. Then its dispersed units count the turn: a dispersal
-- made since its last player turn ("new") is now "missed" (this turn is
-- lost, and the enemy's next turn may attack it at +1 column); one
-- already "missed" ends. Units off the map lose the mark.
local function starts_turn(id)
  local i = phase_index(id)
  if i == 0 then return false end
  local prev = R.phases[(i - 2) % #R.phases + 1]
  return prev.side ~= R.phases[i].side
end

local prev_phase_start = R.on_phase_start
function R.on_phase_start(phase)
  if prev_phase_start then prev_phase_start(phase) end
  if phase.kind == "combat" then
    for _, as in ipairs({ "attacked", "defended" }) do
      for _, id in ipairs(gpw.flagged(as)) do gpw.set_flag(id, as, nil) end
    end
  end
  -- breakthroughs hold for the phase after their combat phase only
  local now = turn_index() .. "/" .. phase.id
  for _, id in ipairs(gpw.flagged("breakthrough")) do
    if gpw.flag(id, "breakthrough") ~= now then gpw.set_flag(id, "breakthrough", nil) end
  end
  if not starts_turn(phase.id) then return end
  for _, id in ipairs(gpw.flagged("dispersed")) do
    local u = gpw.unit(id)
    if u.side == phase.side then
      if u.status ~= "on map" then
        gpw.set_flag(id, "dispersed", nil)
      elseif gpw.flag(id, "dispersed") == "new" then
        gpw.set_flag(id, "dispersed", "missed")
      else
        gpw.set_flag(id, "dispersed", nil)
        gpw.emit("recovered", id .. " is no longer dispersed", { "unit", id, "rule", cite.chosen })
      end
    end
  end
end

-- could_attack: whether the Soviet units next to German unit g that have
-- not attacked (and are not dispersed) could attack it at 1:4 or better
-- together, as the card weighs it (not across lake or sea hexsides).
local function could_attack(g)
  local hx = gpw.hex(g.hex)
  local def = g.defense
  if g.reduced then def = g.defense_half end
  local b = { n = 0, att = {}, sup = {}, river = {}, strait = {}, attackers = {}, kinds = {},
    def = def, defender = g.id, def_kind = g.kind, terrain = hx.terrain, city = hx.city_kind,
    capital = hx.capital ~= "", weather = gpw.turn().weather }
  for _, h in ipairs(gpw.neighbors(g.hex)) do
    for _, sid in ipairs(gpw.units_at(h)) do
      local s = gpw.unit(sid)
      local side = gpw.hexside(h, g.hex)
      if s.side == "soviet" and not R.noncombat[s.kind] and not fought(sid, "attacked") and not dispersed(sid)
        and not (side.water and not side.strait) then
        b.n = b.n + 1
        b.att[b.n], b.sup[b.n], b.river[b.n], b.strait[b.n] = s.strength, gpw.in_supply(sid), side.river, side.strait
        b.attackers[b.n], b.kinds[b.n] = sid, s.kind
      end
    end
  end
  return b.n > 0 and weigh(b, false).odds >= 1
end

-- The Soviet combat phase may not end while an undispersed German unit
-- next to a Soviet unit that attacked has not been attacked and still
-- could be.
local prev_phase_end = R.on_phase_end
function R.on_phase_end(phase)
  local p = R.phases[phase_index(phase)]
  if p and p.side == "soviet" and p.kind == "combat" then
    local attackers = {}
    for _, a in ipairs(gpw.flagged("attacked")) do
      if fought(a, "attacked") then attackers[#attackers + 1] = a end
    end
    table.sort(attackers)
    for _, a in ipairs(attackers) do
      local au = gpw.unit(a)
      if au and au.status == "on map" then
        for _, h in ipairs(gpw.neighbors(au.hex)) do
          for _, id in ipairs(gpw.units_at(h)) do
            local g = gpw.unit(id)
            if g.side == "axis" and g.nation == "ger" and not R.noncombat[g.kind] and not dispersed(id)
              and not fought(id, "defended") and could_attack(g) then
              return false, id .. " is next to " .. a .. ", which attacked, and must be attacked", cite.mandatory
            end
          end
        end
      end
    end
  end
  if prev_phase_end then return prev_phase_end(phase) end
end

-- Module commands.
R.commands = R.commands or {}

-- noretreat soviet | noretreat UNIT
R.commands.noretreat = function(who)
  local t = turn_index()
  if who == "soviet" then
    gpw.side_set("soviet", "no_retreat", t)
    gpw.emit("noretreat", "No Retreat! for every Soviet unit this turn", { "side", "soviet", "turn", t, "rule", cite.noretreat })
    return true
  end
  local u = gpw.unit(who or "")
  if not u then return false, "usage: noretreat soviet | noretreat UNIT (a German unit)", cite.noretreat end
  if u.side == "soviet" then
    return false, "the Soviet player orders No Retreat! only for all his units for a whole turn: noretreat soviet", cite.noretreat
  end
  if u.nation ~= "ger" then
    return false, u.id .. " is not German: Axis allies may not be given No Retreat! orders", cite.noretreat
  end
  gpw.set_flag(u.id, "no_retreat", t)
  gpw.emit("noretreat", "No Retreat! for " .. u.id .. " this turn", { "unit", u.id, "turn", t, "rule", cite.noretreat })
  return true
end

-- exchange RESULT... | exchange all | exchange off
R.commands.exchange = function(...)
  local args = { ... }
  local p = R.phases[phase_index(gpw.phase())]
  if not p or p.side ~= "axis" or p.kind ~= "combat" then
    return false, "the German exchange option is declared in the Axis combat phase, before the attack", cite.exchange
  end
  if args[1] == "off" then
    gpw.set("exchange_phase", nil)
    gpw.set("exchange_codes", nil)
    return true
  end
  local w = gpw.turn().weather
  if not R.exchange_weather[w] then
    return false, "the German exchange option needs Good or Hard Frost weather, not " .. w, cite.exchange
  end
  if args[1] == "all" then args = { "DR", "DW", "dw", "-" } end
  if #args == 0 then return false, "usage: exchange DR|DW|dw|-... | exchange all | exchange off", cite.exchange end
  for _, c in ipairs(args) do
    if not R.exchange_rates[c] then
      return false, c .. " may not be exchanged: only DR, DW, dw and - (case matters)", cite.exchange
    end
  end
  gpw.set("exchange_phase", phase_key())
  gpw.set("exchange_codes", args)
  gpw.emit("exchange-declared", "for the next attack, exchange on " .. table.concat(args, " "), { "results", table.concat(args, ","), "rule", cite.exchange })
  return true
end

-- The commands' legal uses now (R.uses), for the legal actions, the
-- board and the computer players: No Retreat! for each German unit not
-- yet ordered this turn, or for every Soviet unit in the Soviet phases;
-- the exchange option in the Axis combat phase of Good or Hard Frost.
R.uses = R.uses or {}

R.uses.noretreat = function(side)
  local t = turn_index()
  if side == "soviet" then
    if gpw.side_get("soviet", "no_retreat") == t then return nil end
    return { { line = "noretreat soviet", text = "No Retreat! for every Soviet unit this turn" } }
  end
  local out = {}
  local ids = gpw.units("axis", "on map")
  for i = 1, #ids do
    local u = gpw.unit(ids[i])
    if u.nation == "ger" and not R.noncombat[u.kind] and gpw.flag(u.id, "no_retreat") ~= t then
      out[#out + 1] = { line = "noretreat " .. u.id, units = { u.id }, hexes = { u.hex } }
    end
  end
  return out
end

R.uses.exchange = function(side)
  local p = R.phases[phase_index(gpw.phase())]
  if side ~= "axis" or not p or p.side ~= "axis" or p.kind ~= "combat" then return nil end
  local out = {}
  if gpw.get("exchange_phase") then out[1] = { line = "exchange off", text = "no exchange on the next attack" } end
  if not R.exchange_weather[gpw.turn().weather] then return out end
  out[#out + 1] = { line = "exchange all", text = "the next attack exchanges on DR, DW, dw and -" }
  for _, c in ipairs({ "DR", "DW", "dw", "-" }) do
    out[#out + 1] = { line = "exchange " .. c, text = "the next attack exchanges on " .. c }
  end
  return out
end

return R
