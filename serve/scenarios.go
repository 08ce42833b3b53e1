package serve

// Opponents lists the computer players a solo game may choose.
func Opponents() []string { return []string{"pass"} }

// opponent makes the computer player of a level, nil for an unknown one.
func (s *Server) opponent(level string) opponent {
	switch level {
	case "pass":
		return passive{}
	}
	return nil
}
