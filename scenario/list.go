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
		l := listing(fsys, p, strings.TrimSuffix(strings.TrimPrefix(p, "scenarios/"), ".toml"))
		out = append(out, l)
		return nil
	})
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out, err
}

// listing reads the heading of scenario file p as a Listing named name.
func listing(fsys fs.FS, p, name string) Listing {
	var head struct {
		Name     string   `toml:"name"`
		Rules    string   `toml:"rules"`
		Variants []string `toml:"variants"`
		Start    string   `toml:"start"`
		End      string   `toml:"end"`
	}
	if raw, err := readFile(fsys, p, MaxFileSize); err == nil {
		_, _ = toml.Decode(string(raw), &head)
	}
	l := Listing{Name: name, File: p, Title: head.Name, Variants: head.Variants, Start: head.Start, End: head.End}
	if len(l.Variants) == 0 && head.Rules != "" {
		l.Variants = []string{head.Rules}
	}
	if len(l.Variants) == 0 {
		l.Variants = []string{"gdw"}
	}
	return l
}

// ListDir lists the scenarios of a folder of a designer's own (gpw serve
// --scenarios DIR): the .toml files at its top that are scenarios (not
// catalogues, schedules or maps), each named prefix + its name without
// .toml.
func ListDir(fsys fs.FS, prefix string) ([]Listing, error) {
	es, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var out []Listing
	for _, e := range es {
		p := e.Name()
		if e.IsDir() || !strings.HasSuffix(p, ".toml") || !validName.MatchString(strings.TrimSuffix(p, ".toml")) {
			continue
		}
		data, err := readFile(fsys, p, MaxFileSize)
		if err != nil || FileKind(data) != "scenario" {
			continue
		}
		out = append(out, listing(fsys, p, prefix+strings.TrimSuffix(p, ".toml")))
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out, nil
}
