package scenario

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
	"testing/fstest"
)

// FileKind tells what a gpw data file is from its top-level keys:
// "units" (a catalogue file: [[group]]), "schedule" ([[reinforcements]] and
// the like without start), "map" (sheets or cols without start) or
// "scenario". gpw check uses it to validate each file as what it is.
func FileKind(data []byte) string {
	var top map[string]any
	if _, err := decode("", data, &top); err != nil {
		return "scenario" // let the scenario reader report the problem
	}
	_, start := top["start"]
	switch {
	case top["group"] != nil && !start:
		return "units"
	case !start && (top["reinforcements"] != nil || top["withdrawals"] != nil || top["returns"] != nil || top["replacements"] != nil || top["pool"] != nil):
		return "schedule"
	case !start && (top["sheets"] != nil || top["cols"] != nil):
		return "map"
	}
	return "scenario"
}

// CheckCatalogFile validates one catalogue file on its own.
func CheckCatalogFile(fsys fs.FS, file string) error {
	dir, base := path.Split(file)
	sub := fsys
	if dir != "" {
		var err error
		if sub, err = fs.Sub(fsys, strings.TrimSuffix(dir, "/")); err != nil {
			return Errors{{File: file, Msg: plainFSError(err)}}
		}
	}
	data, err := readFile(sub, base, MaxFileSize)
	if err != nil {
		return Errors{{File: file, Msg: why(err)}}
	}
	src := newSource(file, data)
	readCatalogFile(src, map[string]*UnitSpec{})
	return src.err()
}

// CheckFile validates a data file that is not a scenario: a unit
// catalogue file, a schedule (against the catalogue its units key names)
// or a map. It returns the file's kind; for "scenario" it checks nothing
// (load it with Load and start a game to check it). dataFS holds the
// built-in catalogues.
func CheckFile(fsys fs.FS, file string, dataFS fs.FS) (string, error) {
	data, err := readFile(fsys, file, MaxFileSize)
	if err != nil {
		return "", Errors{{File: file, Msg: why(err)}}
	}
	kind := FileKind(data)
	switch kind {
	case "units":
		return kind, CheckCatalogFile(fsys, file)
	case "map":
		_, err := LoadMapFile(fsys, file)
		return kind, err
	case "schedule":
		return kind, checkScheduleFile(fsys, file, data, dataFS)
	}
	return kind, nil
}

// checkScheduleFile reads a schedule through a stand-in scenario that
// starts before every turn it names.
func checkScheduleFile(fsys fs.FS, file string, data []byte, dataFS fs.FS) error {
	var head struct {
		Units string `toml:"units"`
	}
	if _, err := decode(file, data, &head); err != nil {
		return err
	}
	if head.Units == "" {
		return Errors{{File: file, Line: 1, Msg: "a schedule file names its unit catalogue: units = \"gdw\""}}
	}
	const name = "scenarios/schedules/zz-check.toml"
	over := overlayFS{extra: map[string][]byte{name: data}, fss: []fs.FS{fsys, dataFS}}
	sc := fmt.Sprintf("name = \"check\"\nstart = \"Jan/Feb 1900\"\nunits = %q\nschedule = \"zz-check\"\nunlisted = \"absent\"\n[map]\nsheet = \"A\"\ncols = 1\nrows = 1\n", head.Units)
	_, err := parse("check.toml", []byte(sc), &loader{fsys: over, dataFS: over})
	if es, ok := err.(Errors); ok {
		var out Errors
		for _, e := range es {
			if e.File == name {
				e.File = file
				out = append(out, e)
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	}
	return err
}

// overlayFS serves extra files first, then each of fss in turn.
type overlayFS struct {
	extra map[string][]byte
	fss   []fs.FS
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if b, ok := o.extra[name]; ok {
		return fstest.MapFS{name: {Data: b}}.Open(name)
	}
	for _, f := range o.fss {
		if f == nil {
			continue
		}
		if h, err := f.Open(name); err == nil {
			return h, nil
		}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}
