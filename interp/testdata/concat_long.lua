local t = {} for i = 1, 3 do t[i] = string.rep("x", 600000) end return table.concat(t)
