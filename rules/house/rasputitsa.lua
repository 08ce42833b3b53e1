-- rules/house/rasputitsa.lua: the thaw and the frost, as data (docs/modding.md).
-- GDW's game, except that in a mud phase armour pays by terrain (the
-- roads are gone: clear 2, forest and rough stop it), and in a snow phase
-- the frozen swamps cost every class 2 instead of 3 or a stop: cheaper
-- than the rulebook. The engine's searches use these costs, so reach,
-- the legal actions, the move events and the bots agree (GDW: Weather;
-- Terrain Effects Chart).
local R = require("base")
R.id = "rasputitsa"
R.name = "House: rasputitsa"
R.description = "GDW 1988, but mud prices armour by terrain and snow freezes the swamps"
R.weather.mud.move_cost = { armor = { clear = 2, forest = "stop", rough = "stop" } }
local frozen = { swamp = 2 }
R.weather.snow.move_cost = { infantry = frozen, mountain = frozen, cavalry = frozen, armor = frozen }
R.cite.mp = "House: rasputitsa (GDW: Weather; Terrain Effects Chart)"
return R
