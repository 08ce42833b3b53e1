-- rules/house/initiative.lua: Chadwick's initiative rule (docs/modding.md).
-- GDW's game, except that at the start of each game turn each side rolls
-- a die and adds its command value; the higher total plays its whole
-- player turn first. Our choices: on a tie the side that went second in
-- the last turn goes first; a scenario's first turn keeps the GDW order
-- it was set up for (the Axis first).
local R = require("base")
R.id = "initiative"
R.name = "House: initiative (Chadwick)"
R.description = "GDW 1988, but each turn both sides roll a die plus a command value, and the higher moves first"
local RULE = "House: Initiative (Chadwick)"
R.sources.phase_order, R.sources.command_value = RULE, RULE
-- Command values by year (our choice); a later year keeps the last one.
R.command_value = { axis = { [1941] = 2, [1942] = 1, [1944] = 0 }, soviet = { [1941] = 0, [1943] = 1, [1944] = 2 } }
R.store = { game = { first = { type = "string", label = "moved first this turn" } } }

local function command(side, year)
  local v, best = 0, 0
  for y, n in pairs(R.command_value[side]) do -- the latest year listed up to this one
    if y <= year and y >= best then v, best = n, y end
  end
  return v
end

function R.phase_order(turn)
  local last = gpw.get("first") -- nil on the first turn
  local first = "axis"
  if last then
    local a, s = gpw.roll(), gpw.roll()
    local ta, ts = a + command("axis", turn.year), s + command("soviet", turn.year)
    if ta > ts then first = "axis" elseif ts > ta then first = "soviet"
    elseif last == "axis" then first = "soviet" end
    gpw.emit("initiative", string.format("%s: axis %d+%d = %d, soviet %d+%d = %d: the %s player moves first (%s)", turn.name,
      a, ta - a, ta, s, ts - s, ts, first, RULE),
      { "turn", turn.name, "axis_die", a, "axis", ta, "soviet_die", s, "soviet", ts, "first", first, "rule", RULE })
  end
  gpw.set("first", first)
  local ids = {}
  for _, side in ipairs(first == "axis" and { "axis", "soviet" } or { "soviet", "axis" }) do
    for _, p in ipairs(R.phases) do
      if p.side == side then ids[#ids + 1] = p.id end
    end
  end
  return ids
end

return R
