-- rules/house/retreat.lua: retreats that avoid zones of control.
-- GDW's game, except that the attacker, who still picks the defender's
-- retreat, must pick one that enters the fewest enemy zones of control
-- (a step is still lost for each one entered). GDW lets the attacker route
-- the retreat freely (GDW: Combat Results / DR), but the rulebook's worked
-- combat example reads as if a free way out cost nothing: with three
-- attackers the retreat loses no step, with a fourth exactly one (GDW:
-- Terrain and Combat, the worked example). ADC2 writes this reading down (ADC2:
-- Retreat). Measured with the bots in the GDW campaign: Berlin lasts into
-- 1945 in some games under this rule, never under GDW's (docs/bots.md).
local R = require("base")
R.id = "retreat"
R.name = "House: retreats avoid zones of control"
R.description = "GDW 1988, but a retreat must enter the fewest enemy zones of control it can"
R.retreat.avoid_zoc = true
R.cite.retreat = "House: retreats avoid zones of control (GDW: Combat Results / DR)"
return R
