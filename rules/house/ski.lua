-- rules/house/ski.lua: ski troops (docs/modding.md). A new kind that
-- moves as infantry but pays nothing for snow: neither its added MP nor
-- its other movement effects (GDW: Weather; Movement).
local R = require("base")
R.id = "ski"
R.name = "House: ski troops"
R.description = "GDW 1988 with ski troops, infantry that snow does not slow"
R.kinds.ski = "infantry"
R.weather.snow.exempt = { ski = true }
R.cite.mp = "House: ski troops ignore snow (GDW: Weather)"
return R
