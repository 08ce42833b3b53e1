-- Loaders and unsafe base functions are gone; rawget sees plain nil.
for _, name in ipairs({"dofile", "loadfile", "load", "loadstring", "module",
    "getfenv", "setfenv", "collectgarbage", "newproxy", "os", "io", "debug", "package"}) do
  assert(rawget(_G, name) == nil, name .. " should be absent")
end
assert(string.dump == nil, "string.dump should be absent")
assert(type(require) == "function")
return true
