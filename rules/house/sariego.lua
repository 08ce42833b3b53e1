-- rules/house/sariego.lua: Sariego's weather, isolation and field
-- fortifications on GDW's game (docs/modding.md). Our choices where the
-- rule is short: isolation is judged as each player's reinforcement phase
-- begins (when the engine judges that side's supply); a fortification is
-- built with the command `fortify HEX` (R.help) and counts as a fortress
-- for its side's defenders; three may be built per side in a game; an
-- enemy unit entering the hex razes it.
local R = require("base")
R.id = "sariego"
R.name = "House: Sariego"
R.description = "GDW 1988 with Sariego's weather table, isolation and three field fortifications per side"
local WEATHER, ISOLATION, FORTS = "House: Weather (Sariego)", "House: Isolation (Sariego)", "House: Fortifications (Sariego)"

-- Weather: mud on 1-4 in Mar/Apr, snow on 1-4 in Nov/Dec and 1-5 in Jan/Feb.
R.calendar[1].roll, R.calendar[2].roll, R.calendar[8].roll = 5, 4, 4
R.cite.weather, R.sources.calendar = WEATHER, WEATHER

R.fortifications = 3 -- per side, in a game
R.store = {
  hex = { fort = { type = "string", label = "fortification of", symbol = "F" } },
  side = { forts = { type = "number", label = "fortifications built", default = 0 } },
  unit = { isolated = { type = "string", label = "isolated since", symbol = "I" } },
}
R.sources.on_phase_start, R.sources.battle_terrain, R.sources.after_move = ISOLATION .. "; " .. WEATHER, FORTS, FORTS
R.sources.fortify, R.sources.fortifications = FORTS, FORTS
R.help = { fortify = "fortify HEX: in your reinforcement phase, fortify a hex your combat unit holds in supply, out of enemy ZOC (three a game); it counts as a fortress for your defenders until an enemy unit enters it" }

local function enemy(side) return side == "axis" and "soviet" or "axis" end

-- Isolation: a unit out of supply as its player turn begins is isolated;
-- still out of supply at the start of a later player turn, it surrenders
-- on a die of 1-3. Back in supply, it is no longer isolated.
local weather = R.on_phase_start
function R.on_phase_start(phase)
  weather(phase)
  if phase.kind ~= "reinforcement" then return end
  local turn = gpw.turn()
  for _, id in ipairs(gpw.units(phase.side, "on map")) do
    local since = gpw.flag(id, "isolated")
    if gpw.in_supply(id) then
      if since then gpw.set_flag(id, "isolated", nil) end
    elseif not since then
      gpw.set_flag(id, "isolated", turn.name)
      gpw.emit("isolated", id .. " is out of supply: isolated (" .. ISOLATION .. ")", { "unit", id, "rule", ISOLATION })
    else
      local die = gpw.roll()
      if die <= 3 then
        gpw.remove(id, "eliminated")
        gpw.emit("surrender", string.format("%s, isolated since %s, surrenders on a die of %d (%s)", id, since, die, ISOLATION),
          { "unit", id, "die", die, "rule", ISOLATION })
      else
        gpw.emit("holds", string.format("%s, isolated, holds out on a die of %d (%s)", id, die, ISOLATION), { "unit", id, "die", die, "rule", ISOLATION })
      end
    end
  end
end

-- The fortify command.
R.commands = R.commands or {}
function R.commands.fortify(hex, extra)
  local side
  for _, p in ipairs(R.phases) do
    if p.id == gpw.phase() and p.kind == "reinforcement" then side = p.side end
  end
  if not hex or extra then return false, "usage: fortify HEX", FORTS end
  if not side then return false, "fortifications are built in your reinforcement phase", FORTS end
  local h = gpw.hex(hex)
  if not h then return false, hex .. " is not a hex of the map", FORTS end
  hex = h.id
  if gpw.side_get(side, "forts") >= R.fortifications then
    return false, string.format("the %s player has built its %d fortifications", side, R.fortifications), FORTS
  end
  local u = gpw.unit(gpw.units_at(hex)[1] or "")
  if not u or u.side ~= side or R.noncombat[u.kind] then return false, hex .. " holds no " .. side .. " combat unit", FORTS end
  if not u.supplied then return false, u.id .. " in " .. hex .. " is not in supply", FORTS end
  if gpw.in_zoc(enemy(side), hex) then return false, hex .. " is in an enemy zone of control", FORTS end
  if gpw.mark(hex, "fort") then return false, hex .. " is fortified already", FORTS end
  if h.city_kind == "fortress" or h.capital ~= "" then return false, hex .. " is a fortress already", FORTS end
  gpw.set_mark(hex, "fort", side)
  local n = gpw.side_get(side, "forts") + 1
  gpw.side_set(side, "forts", n)
  gpw.emit("fortify", string.format("the %s player fortifies %s (%d of %d) (%s)", side, hex, n, R.fortifications, FORTS),
    { "side", side, "hex", hex, "built", n, "rule", FORTS })
  return true
end

-- fortify's legal uses now (R.uses): the hexes of the side's combat
-- units where the command would build.
R.uses = R.uses or {}
function R.uses.fortify(side)
  local own
  for _, p in ipairs(R.phases) do
    if p.id == gpw.phase() and p.kind == "reinforcement" then own = p.side end
  end
  if own ~= side or gpw.side_get(side, "forts") >= R.fortifications then return nil end
  local out, seen = {}, {}
  local ids = gpw.units(side, "on map")
  for i = 1, #ids do
    local hex = gpw.unit(ids[i]).hex
    local u = gpw.unit(gpw.units_at(hex)[1] or "")
    local h = gpw.hex(hex)
    if not seen[hex] and u and u.side == side and not R.noncombat[u.kind] and u.supplied and not gpw.in_zoc(enemy(side), hex)
      and not gpw.mark(hex, "fort") and h.city_kind ~= "fortress" and h.capital == "" then
      seen[hex] = true
      out[#out + 1] = { line = "fortify " .. hex, hexes = { hex }, units = { u.id } }
    end
  end
  return out
end

-- A fortified hex counts as a fortress for its side's defender: one
-- column left, and a DR may be taken as a step loss (GDW: Combat Results /
-- DR); the map is not changed.
local terrain = R.battle_terrain
function R.battle_terrain(hex, t, city)
  if terrain then t, city = terrain(hex, t, city) end
  local side = gpw.mark(hex, "fort")
  local d = gpw.battle()
  if side and d and gpw.unit(d).side == side then
    gpw.note("fortification: " .. hex .. " counts as a fortress", FORTS)
    return t, "fortress"
  end
  return t, city
end

-- An enemy unit entering a fortified hex (moving, advancing or retreating
-- through it) razes the fortification.
local moved = R.after_move
function R.after_move(u, how, path)
  for _, hex in ipairs(path) do
    local side = gpw.mark(hex, "fort")
    if side and side ~= u.side then
      gpw.set_mark(hex, "fort", nil)
      gpw.emit("razed", string.format("%s razes the %s fortification in %s (%s)", u.id, side, hex, FORTS), { "unit", u.id, "hex", hex, "rule", FORTS })
    end
  end
  if moved then return moved(u, how, path) end
end

return R
