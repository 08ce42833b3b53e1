-- rules/house/mudzones.lua: regional mud (docs/modding.md). In a turn
-- with a weather mark, each movement phase rolls two dice for the north
-- and for the south of the map instead of one die for all of it: the
-- mark's weather comes on 8 or less in the north (rows 1-16, the upper half of the map),
-- on 6 or less in the south, which dries and thaws first. Movement reads
-- the weather hex by hex; combat keeps the turn's mark (GDW: Weather).
local R = require("base")
R.id = "mudzones"
R.name = "House: regional mud"
R.description = "GDW 1988, but the weather is rolled on 2d6 for the north and the south of the map"
R.weather_zones = {
  { name = "north", north_of = "B-0117" },
  { name = "south" },
}
local needs = { north = 8, south = 6 }
local cite = "House: regional mud (GDW: Weather)"

function R.on_phase_start(phase)
  if phase.kind ~= "move" or not phase.weather then return end
  local turn = gpw.turn()
  for _, z in ipairs(R.weather_zones) do
    if turn.weather == "" then
      gpw.set_weather("clear", 0, "", z.name)
    else
      local dice = gpw.roll() + gpw.roll()
      local w = "clear"
      if dice <= needs[z.name] then w = turn.weather end
      gpw.set_weather(w, dice, cite, z.name)
    end
  end
end

return R
