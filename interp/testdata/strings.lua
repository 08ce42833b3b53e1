-- string.gsub and friends still behave like Lua 5.1 after wrapping.
local function eq(got, want, what)
  assert(got == want, what .. ": got " .. tostring(got) .. ", want " .. tostring(want))
end
local s, n = ("hello world"):gsub("o", "0")
eq(s, "hell0 w0rld", "plain"); eq(n, 2, "plain count")
eq((("hello"):gsub("(l)(l)", "%2%1!")), "hell!o", "captures")
eq((("abc"):gsub("%w", "%0%0")), "aabbcc", "%0")
eq((("abc"):gsub("%w", "<%1>")), "<a><b><c>", "%1 without captures")
eq((("abc"):gsub("", "-")), "-a-b-c-", "empty pattern")
eq((("abc"):gsub("()", "%1")), "1a2b3c4", "position capture")
eq((("x"):gsub("x", "%%")), "%", "escaped percent")
eq((("aaa"):gsub("a", "b", 2)), "bba", "max replacements")
eq(select(2, ("aaa"):gsub("a", "b", 0)), 0, "zero replacements")
eq((("$name is $age"):gsub("%$(%w+)", {name = "Ivan", age = 30})), "Ivan is 30", "table")
eq((("a b"):gsub("%w", function(c) if c == "a" then return "A" end end)), "A b", "function")
eq((("k=v"):gsub("(%w)=(%w)", function(k, v) return v .. "=" .. k end)), "v=k", "function captures")
eq(("abc"):rep(3), "abcabcabc", "rep")
eq(("x"):rep(0), "", "rep 0")
eq(string.format("%5.2f|%-3d|%s", 1, 7, "z"), " 1.00|7  |z", "format")
eq(table.concat({1, "b", 3}, ","), "1,b,3", "concat")
eq(("hello"):find("l"), 3, "find")
eq(("key=val"):match("(%w+)=(%w+)"), "key", "match")
local words = {}
for w in ("a bb ccc"):gmatch("%a+") do words[#words + 1] = w end
eq(#words, 3, "gmatch")

-- Patterns (pattern.go), with results from Lua 5.1.
local function same(what, want, ...)
  local got = {...}
  assert(#got == #want, what .. ": got " .. #got .. " results, want " .. #want)
  for i = 1, #want do eq(got[i], want[i], what .. " #" .. i) end
end
same("plain find", {5, 7}, ("hello world"):find("o w"))
same("find init", {8, 8}, ("hello world"):find("o", 6))
same("find negative init", {4, 4}, ("hello"):find("l", -2))
same("find plain flag", {2, 2}, ("a.b"):find(".", 1, true))
same("find captures", {3, 4, "l", "l"}, ("hello"):find("(l)(l)"))
same("find miss", {nil}, ("hello"):find("xyz"))
same("find empty", {1, 0}, ("abc"):find(""))
same("lazy anchored", {"ell"}, ("hello"):match("^h(.-)o$"))
same("escaped parens", {5, 11, "quick"}, ("THE (quick) fox"):find("%((%a+)%)"))
same("balance", {"(a(b)c)"}, ("f(a(b)c)d"):match("%b()"))
same("frontier", {"W (W) W", 3}, ("THE (quick) fox"):gsub("%f[%a]%a+", "W"))
same("back reference", {"hello"}, ("hello hello"):match("(h%a+) %1"))
same("bracket first ]", {"]"}, ("abc]def"):match("[]]"))
same("bracket trailing -", {"-"}, ("x-y"):match("[a-]"))
same("bracket range", {"bcd"}, ("abcdef"):match("[b-d]+"))
same("bracket class", {"abc"}, ("abc123"):match("[%a]+"))
same("negated bracket", {"123"}, ("abc123"):match("[^%a]+"))
same("trim", {"trim"}, ("  trim  "):match("^%s*(.-)%s*$"))
same("two captures", {"key", "value"}, ("key = value"):match("(%w+)%s*=%s*(%w+)"))
same("position captures", {2, 3}, ("abc"):match("()b()"))
same("lazy miss", {nil}, ("aaa"):match("a-b"))
same("lazy hit", {"aaab"}, ("aaab"):match("a-b"))
same("optional", {"aa"}, ("aaab"):match("^a?a"))
same("anchored gsub", {"baa", 1}, ("aaa"):gsub("^a", "b"))
same("word gsub", {"<hello> <world>", 2}, ("hello world"):gsub("(%w+)", "<%1>"))
same("%z", {2, 2}, ("a\0b"):find("%z"))
same("%x", {"beef"}, ("zzbeefzz"):match("%x+"))
same("%p", {"!"}, ("hi!"):match("%p"))
same("%U", {"abc"}, ("ABCabcDEF"):match("%U+"))
same("anchor only at start", {nil}, ("a^b"):match("b^"))
same("dollar inside", {"a$b"}, ("a$b"):match("a$b"))
local pairs_seen = {}
for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do pairs_seen[#pairs_seen + 1] = k .. v end
eq(table.concat(pairs_seen, ","), "a1,b2", "gmatch captures")
local n = 0
for _ in ("abc"):gmatch("") do n = n + 1 end
eq(n, 4, "gmatch empty matches")
for _, bad in ipairs({{"[a", "missing ']'"}, {"%", "ends with '%'"}, {"(a", "unfinished capture"},
    {"%a)", "invalid pattern capture"}, {"%1", "invalid capture index"}}) do
  local ok, err = pcall(string.find, "xa", bad[1])
  assert(not ok and err:find(bad[2], 1, true), bad[1] .. ": " .. tostring(err))
end
local ok, err = pcall(string.gsub, "abc", "%w", {a = true})
assert(not ok and err:find("invalid replacement value (a boolean)", 1, true), tostring(err))
return true
