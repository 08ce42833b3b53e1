package interp

// SafeText is a text of a module or a scenario made safe to print on a
// terminal (safeText): control characters but newline and tab, and bytes
// that are not UTF-8, become visible escapes (\x1b).
func SafeText(s string) string { return safeText(s) }
