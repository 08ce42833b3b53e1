package serve

import (
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// Scenarios lists the built-in scenarios: scenarios/**.toml but the unit
// catalogues and schedules, by name.
func Scenarios(data fs.FS) ([]ScenarioInfo, error) {
	var out []ScenarioInfo
	err := fs.WalkDir(data, "scenarios", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (p == "scenarios/units" || p == "scenarios/schedules") {
			return fs.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".toml") {
			return nil
		}
		var head struct {
			Name     string   `toml:"name"`
			Rules    string   `toml:"rules"`
			Variants []string `toml:"variants"`
			Start    string   `toml:"start"`
			End      string   `toml:"end"`
		}
		b, err := fs.ReadFile(data, p)
		if err != nil {
			return err
		}
		if _, err := toml.Decode(string(b), &head); err != nil {
			return nil // gpw scenarios --check names the problem
		}
		name := strings.TrimSuffix(strings.TrimPrefix(p, "scenarios/"), path.Ext(p))
		v := head.Variants
		if len(v) == 0 && head.Rules != "" {
			v = []string{head.Rules}
		}
		if len(v) == 0 {
			v = []string{"gdw"}
		}
		out = append(out, ScenarioInfo{Name: name, Title: head.Name, Variants: v, Start: head.Start, End: head.End})
		return nil
	})
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out, err
}

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
