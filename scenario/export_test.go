package scenario

// ParseMap parses a map file's text without the process cache.
var ParseMap = parseMap
