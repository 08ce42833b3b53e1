package scenario

// hasControl reports whether s holds a control character (C0 but tab,
// DEL, C1) or a byte that is not UTF-8: such an id or name would be
// printed as it is and could drive the terminal (clear the screen, set
// its title), so the loader refuses it.
func hasControl(s string) bool {
	for _, r := range s {
		if r < 0x20 && r != '\t' || r >= 0x7f && r <= 0x9f || r == 0xfffd {
			return true
		}
	}
	return false
}
