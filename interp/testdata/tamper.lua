getmetatable("").__index.upper = function() return "pwned" end
return ("a"):upper()
