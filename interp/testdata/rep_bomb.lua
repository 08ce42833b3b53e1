return string.rep("x", 2e8)
