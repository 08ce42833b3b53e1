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

// CheckCatalogFile validates one catalogue file on its own, for the
// non-combat kinds of DefaultKinds.
func CheckCatalogFile(fsys fs.FS, file string) error {
	return checkCatalogFile(fsys, file, DefaultKinds())
}

func checkCatalogFile(fsys fs.FS, file string, k Kinds) error {
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
	readCatalogFile(src, map[string]*UnitSpec{}, k.NonCombat)
	return src.err()
}

// CheckFile validates a data file that is not a scenario: a unit
// catalogue file, a schedule (against the catalogue its units key names)
// or a map. It returns the file's kind; for "scenario" it checks nothing
// (load it with Load and start a game to check it). dataFS holds the
// built-in catalogues. Turn names and kinds are those of DefaultKinds.
func CheckFile(fsys fs.FS, file string, dataFS fs.FS) (string, error) {
	return CheckFileWith(fsys, file, dataFS, DefaultKinds())
}

// CheckFileWith is CheckFile for rules of the kinds k.
func CheckFileWith(fsys fs.FS, file string, dataFS fs.FS, k Kinds) (string, error) {
	k = k.orDefault()
	data, err := readFile(fsys, file, MaxFileSize)
	if err != nil {
		return "", Errors{{File: file, Msg: why(err)}}
	}
	kind := FileKind(data)
	switch kind {
	case "units":
		return kind, checkCatalogFile(fsys, file, k)
	case "map":
		_, err := LoadMapFile(fsys, file)
		return kind, err
	case "schedule":
		return kind, checkScheduleFile(fsys, file, data, dataFS, k)
	}
	return kind, nil
}

// checkScheduleFile reads a schedule through a stand-in scenario that
// starts before every turn it names (check.toml).
func checkScheduleFile(fsys fs.FS, file string, data []byte, dataFS fs.FS, k Kinds) error {
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
	sc := fmt.Sprintf("name = \"check\"\nstart = %q\nunits = %q\nschedule = \"zz-check\"\nunlisted = \"absent\"\n[map]\nsheet = \"A\"\ncols = 1\nrows = 1\n", k.TurnName(1900*len(k.Calendar)), head.Units)
	_, err := parse("check.toml", []byte(sc), &loader{fsys: over, dataFS: over, opts: Options{Kinds: k}})
	es, ok := err.(Errors)
	if !ok {
		return err
	}
	// the schedule's problems, its catalogue's, and what the stand-in
	// found of it (a catalogue that cannot be read), all under its name
	for _, e := range es {
		switch e.File {
		case name:
			e.File = file
		case "check.toml":
			e.File, e.Line = file, 0
		}
	}
	return es
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
