return string.format(string.rep("%[1]s", 4000), string.rep("x", 1000))
