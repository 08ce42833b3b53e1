package scenario

import (
	"io/fs"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// Listing is a built-in scenario as gpw scenarios and the start page of
// gpw serve list it: read from its heading, without loading it.
type Listing struct {
	Name     string   `json:"name"` // what --scenario takes: gdw/barbarossa
	File     string   `json:"-"`    // scenarios/gdw/barbarossa.toml
	Title    string   `json:"title"`
	Variants []string `json:"variants"` // the rules it may be played under
	Start    string   `json:"start"`
	End      string   `json:"end"`
}

// List lists the scenarios under fsys's scenarios/ folder (all but the
// unit catalogues and schedules), by name. A file whose heading does not
// decode is listed by its name alone (gpw scenarios --check names the
// problem).
func List(fsys fs.FS) ([]Listing, error) {
	var out []Listing
	err := fs.WalkDir(fsys, "scenarios", func(p string, d fs.DirEntry, err error) error {
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
		if raw, err := fs.ReadFile(fsys, p); err == nil {
			_, _ = toml.Decode(string(raw), &head)
		}
		l := Listing{Name: strings.TrimSuffix(strings.TrimPrefix(p, "scenarios/"), ".toml"), File: p, Title: head.Name,
			Variants: head.Variants, Start: head.Start, End: head.End}
		if len(l.Variants) == 0 && head.Rules != "" {
			l.Variants = []string{head.Rules}
		}
		if len(l.Variants) == 0 {
			l.Variants = []string{"gdw"}
		}
		out = append(out, l)
		return nil
	})
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out, err
}
