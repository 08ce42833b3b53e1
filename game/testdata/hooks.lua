-- A house module that exercises every generic hook and world function:
-- it must need no Go of its own.
local R = require("base")
R.id = "hooks"
R.name = "Hook test"

-- Units flagged "pinned" may not move.
function R.can_move(u, phase)
  if gpw.flag(u.id, "pinned") ~= "" then
    return false, u.id .. " is pinned", "House: Pinning"
  end
end

-- Cavalry moves two more hexes' worth.
function R.allowance(u, mp, phase)
  if u.kind == "cavalry" then return mp + 2 end
  return mp
end

-- No attacks by units in forest.
function R.can_attack(a, d)
  if gpw.hex(a.hex).terrain == "forest" then
    return false, a.id .. " may not attack out of a forest", "House: Forests"
  end
end

-- A command of the module's own: pin UNIT.
R.commands = {
  pin = function(id)
    local u = gpw.unit(id or "")
    if not u then return false, "no unit " .. tostring(id), "House: Pinning" end
    gpw.set_flag(id, "pinned", "yes")
    gpw.emit("pinned", id .. " is pinned", { "unit", id, "hex", u.hex })
  end,
}

-- The Soviet general phase may not end while a Soviet unit stands in B-1005.
function R.on_phase_end(phase)
  if phase == "soviet-general" then
    local here = gpw.units_at("B-1005")
    if #here > 0 and gpw.unit(here[1]).side == "soviet" then
      return false, "leave B-1005 first", "House: Crossroads"
    end
  end
end

-- Every move is echoed with the distance covered.
function R.after_move(u, how, path)
  gpw.emit("echo", u.id, { "unit", u.id, "how", how, "hexes", tostring(#path) })
end

return R
