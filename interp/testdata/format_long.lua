return string.format("%s%s", string.rep("x", 600000), string.rep("y", 600000))
