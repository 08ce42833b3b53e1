return string.find("abc", string.rep("a", 300))
