-- barbarossa.lua: special rules of the Barbarossa scenario (and of the GDW
-- campaign, which starts with it).
--
-- A scenario's special rules receive the rules module in force (gdw, adc2
-- or a house module) and change it, like a house rule:
--
--   return function(R) ... return R end
--
-- The booklet's special rules are not available; these are gpw's, each
-- standing for what happened (docs/units.md, "Barbarossa"). The data are
-- the tables below; the functions only read them.

-- Surprise: the sides whose units may not move by rail on a turn (the
-- Soviet command was paralysed in the first week of the invasion).
local no_rail = { soviet = "Jun 1941" }

-- Nations at war only from a later turn: their units may not attack
-- before it. Hungary declared war on 27 June 1941, after the bombing of
-- Kassa; its Carpathian Group crossed the border on 1 July.
local at_war_from = { hun = { turn = "Jul 1941", country = "Hungary" } }

-- Countries a side's units may not enter: the Finnish Army has no counters
-- (GDW: Game Components and ADC2: Unit Capabilities list no Finnish
-- units), so the Soviet armies facing Finland hold their ground, as they
-- did until 1944.
local closed = { soviet = { Finland = true } }

local cite = "gpw special rule: Barbarossa (scenarios/gdw/barbarossa.lua)"

return function(R)
  -- turn("Jul 1941") is the turn's index, as gpw.turn().index counts.
  local function turn(name)
    local month, year = string.match(name, "^(.-) (%d+)$")
    for i, m in ipairs(R.calendar) do
      if m.name == month then return tonumber(year) * #R.calendar + i - 1 end
    end
    error("barbarossa.lua: " .. name .. " is not a turn of the calendar")
  end

  local base_rail = R.rail_allowed
  function R.rail_allowed(u, t)
    local until_turn = no_rail[u.side]
    if until_turn and t.index == turn(until_turn) then
      return 0
    end
    if base_rail then return base_rail(u, t) end
    return -1
  end

  local base_attack = R.can_attack
  function R.can_attack(a, d)
    local late = at_war_from[a.nation]
    if late and gpw.turn().index < turn(late.turn) then
      return false, a.id .. " may not attack before " .. late.turn .. ": " .. late.country .. " is not yet at war", cite
    end
    if base_attack then return base_attack(a, d) end
    return true
  end

  -- The engine keeps the units out (movement, rail and retreats alike):
  -- no Lua runs per hex.
  R.closed = R.closed or {}
  for side, countries in pairs(closed) do
    R.closed[side] = R.closed[side] or {}
    for country in pairs(countries) do table.insert(R.closed[side], country) end
    table.sort(R.closed[side])
  end
  R.cite = R.cite or {}
  R.cite.closed = cite

  return R
end
