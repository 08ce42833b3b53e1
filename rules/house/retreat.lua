-- rules/house/retreat.lua: retreats that avoid zones of control.
-- The attacker, who picks the defender's retreat, must pick one that
-- enters the fewest enemy zones of control (a step is still lost for each
-- one entered). This is now GDW's own reading in gpw (rules/base.lua,
-- R.retreat: GDW: Zones of Control / Combat and the worked example of GDW:
-- Terrain and Combat), so under GDW this module changes nothing; it stays
-- for the scripts and experiments that name it. ADC2 writes the same
-- (ADC2: Retreat). The other reading, the attacker routing freely, is
-- rules/house/freeretreat.lua.
local R = require("base")
R.id = "retreat"
R.name = "House: retreats avoid zones of control"
R.description = "GDW 1988 (as gpw reads it): a retreat must enter the fewest enemy zones of control it can"
R.retreat.avoid_zoc = true
R.cite.retreat = "House: retreats avoid zones of control (GDW: Combat Results / DR)"
return R
