return (string.rep("x", 1000):gsub("", string.rep("y", 10000)))
