package interp

// The topics of the hooks added by the modding work (issue 18), for gpw
// rules diff (hookTopics in diff.go).
func init() {
	for name, topic := range map[string]string{
		"replacement_points": "how many replacement points each side receives",
		"after_battle":       "what follows a battle once its results are carried out",
		"supply_lines":       "how far supply lines reach (ranges, depots)",
		"retreat_order":      "whether a defender retreats as its result says (no-retreat orders)",
	} {
		hookTopics[name] = topic
	}
}
