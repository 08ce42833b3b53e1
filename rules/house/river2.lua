-- rules/house/river2.lua: a house rule in ten lines (docs/modding.md).
-- GDW's game, except that crossing a river costs 2 movement points more
-- than the hex entered, not 1 (GDW: Movement / Rivers).
local R = require("base")
R.id = "river2"
R.name = "House: costly rivers"
R.description = "GDW 1988, but crossing a river costs 2 extra movement points"
R.river_extra = 2
R.cite.mp = "House: rivers cost 2 extra MP (GDW: Movement)"
return R
