package scenario

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"gpw/core"
)

// Limits on what a data file may hold. Each is checked before the work it
// bounds: sizes before reading, nesting before decoding, counts and map
// dimensions before allocating (docs/security.md).
const (
	// MaxFileSize is the largest scenario, map, catalogue or schedule file.
	MaxFileSize = 4 << 20
	// MaxLuaSize is the largest special rules or rules module file.
	MaxLuaSize = 1 << 20
	// MaxNesting is how deep tables and lists may nest in a TOML file,
	// counting every [ and { and every part of a dotted key. gpw's own files
	// need 4; the TOML decoder's cost grows with the square of the depth.
	MaxNesting = 16
	// MaxUnits is the most units a scenario or a unit catalogue may hold.
	MaxUnits = 10000
	// MaxTables is the most tables of one kind ([[setup]], [[pool]],
	// [[reinforcements]], [[river]], [[region]] and the like) in a file.
	MaxTables = 1000
	// MaxValue bounds every counter value: strength, defence, movement
	// points, command radius, air range and column shift.
	MaxValue = 99
	// MaxPoints bounds the replacement points of a turn.
	MaxPoints = 999
	// MaxMapHexes bounds the grid a map's sheets span (columns times rows,
	// sheet offsets included).
	MaxMapHexes = 1 << 16
	// MaxSheets, MaxCities and MaxCountries bound a map's sheets, cities
	// and countries.
	MaxSheets    = 64
	MaxCities    = 4096
	MaxCountries = 255
	// MaxErrors is how many problems one load reports.
	MaxErrors = 100
)

// checkNesting refuses TOML text that nests tables or lists deeper than
// MaxNesting. It reads strings and comments as TOML does, so that brackets
// and dots in them do not count, and stops at the first line too deep.
func checkNesting(file string, data []byte) error {
	depth, dots, line := 0, 0, 1
	deep := func() error {
		return Errors{{File: file, Line: line, Msg: fmt.Sprintf("tables and lists nest more than %d deep here (at most %d levels, counting each part of a dotted key)", MaxNesting, MaxNesting)}}
	}
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\n':
			line++
			dots = 0
		case '#':
			for i+1 < len(data) && data[i+1] != '\n' {
				i++
			}
		case '"', '\'':
			multi := i+2 < len(data) && data[i+1] == c && data[i+2] == c
			if multi {
				i += 3
			} else {
				i++
			}
			for ; i < len(data); i++ {
				b := data[i]
				if b == '\\' && c == '"' {
					if i+1 < len(data) && data[i+1] == '\n' {
						line++
					}
					i++
					continue
				}
				if b == '\n' {
					line++
					if !multi {
						dots = 0
						break
					}
				}
				if b == c && (!multi || i+2 < len(data) && data[i+1] == c && data[i+2] == c) {
					if multi {
						i += 2
						// up to two more quotes belong to the string
						for k := 0; k < 2 && i+1 < len(data) && data[i+1] == c; k++ {
							i++
						}
					}
					break
				}
			}
		case '[', '{':
			depth++
			dots = 0
			if depth > MaxNesting {
				return deep()
			}
		case ']', '}':
			depth = max(depth-1, 0)
			dots = 0
		case ',', '=':
			dots = 0
		case '.':
			dots++
			if depth+dots > MaxNesting {
				return deep()
			}
		}
	}
	return nil
}

// decode reads TOML data into v after checking its size and nesting. Its
// errors name the file and line in plain words.
func decode(file string, data []byte, v any) (toml.MetaData, error) {
	if len(data) > MaxFileSize {
		return toml.MetaData{}, Errors{{File: file, Msg: fmt.Sprintf("the file has %d bytes; a data file may have at most %d", len(data), MaxFileSize)}}
	}
	if err := checkNesting(file, data); err != nil {
		return toml.MetaData{}, err
	}
	return safeDecode(file, data, v)
}

// safeDecode runs the decoder, turning a panic in it (a decoder bug) into
// an error about the file rather than a crash.
func safeDecode(file string, data []byte, v any) (md toml.MetaData, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = Errors{{File: file, Msg: "the TOML reader could not read this file"}}
		}
	}()
	md, err = toml.Decode(string(data), v)
	if err != nil {
		return md, tomlError(file, err)
	}
	return md, nil
}

var (
	decodeErr   = regexp.MustCompile(`^toml: (?:line (\d+) ?)?(?:\(last key "([^"]*)"\))?: ?(.*)$`)
	typeErr     = regexp.MustCompile(`^incompatible types: TOML value has type (.*); destination has type (.*)$`)
	mismatchErr = regexp.MustCompile(`^type mismatch for (.*): expected (.*) but found (.*)$`)
	rangeErr    = regexp.MustCompile(`^(.*) is out of range for u?int\d*$`)
	typeNames   = map[string]string{"string": "text", "int64": "a whole number", "integer": "a whole number", "float64": "a decimal number", "float": "a number", "bool": "true or false", "slice": "a list", "array": "a list", "struct": "a table", "map": "a table", "map[string]interface {}": "a table", "map[string]any": "a table", "[]map[string]interface {}": "a list of tables", "[]map[string]any": "a list of tables", "[]interface {}": "a list", "[]any": "a list", "time.Time": "a date", "table": "a table", "boolean": "true or false", "primitive (string-like)": "text"}
	errorLines  = strings.NewReplacer("\n", " ")
)

// tomlError turns a decoder error into one with the file, the line and
// words a scenario author reads: no Go type names.
func tomlError(file string, err error) error {
	if pe, ok := err.(toml.ParseError); ok {
		return Errors{{File: file, Line: pe.Position.Line, Msg: plainTOML(pe.Message)}}
	}
	msg := errorLines.Replace(err.Error())
	if m := decodeErr.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1]) // 0 when the decoder does not know it
		text := plainTOML(m[3])
		if t := typeErr.FindStringSubmatch(m[3]); t != nil {
			text = fmt.Sprintf("%s must be %s, not %s", orKey(m[2]), plainType(t[2]), plainType(t[1]))
		} else if t := mismatchErr.FindStringSubmatch(m[3]); t != nil {
			text = fmt.Sprintf("%s must be %s, not %s", orKey(m[2]), plainType(t[2]), plainType(t[3]))
		} else if m[2] != "" {
			text = orKey(m[2]) + ": " + text
		}
		return Errors{{File: file, Line: line, Msg: text}}
	}
	return Errors{{File: file, Msg: "not a readable TOML file: " + plainTOML(strings.TrimPrefix(msg, "toml: "))}}
}

func orKey(k string) string {
	if k == "" {
		return "the value"
	}
	return k
}

func plainType(t string) string {
	if n, ok := typeNames[t]; ok {
		return n
	}
	switch {
	case strings.HasPrefix(t, "[]"), strings.HasPrefix(t, "["):
		return "a list"
	case strings.HasPrefix(t, "map"), strings.Contains(t, "."):
		return "a table"
	}
	return t
}

func plainTOML(msg string) string {
	if m := rangeErr.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("the number %s is too large", m[1])
	}
	return msg
}

// undecoded reports keys nobody reads, most often a typo, with the known
// keys nearest to it. v is what the file was decoded into; keys under skip
// are left to the caller.
func undecoded(src *source, md toml.MetaData, v any, skip ...string) {
	seen := map[string]bool{}
	for _, k := range md.Undecoded() {
		if src.full() {
			*src.dropped++
			break
		}
		if seen[k.String()] {
			continue // once per key, not once per table that repeats it
		}
		seen[k.String()] = true
		if len(k) > 0 && slices.Contains(skip, k[0]) {
			continue
		}
		src.unknownKey(k, reflect.TypeOf(v), 0)
	}
}

// unknownKey reports key k, unknown to type t (the decoded value, which
// holds the table k[skip:]).
func (s *source) unknownKey(k toml.Key, t reflect.Type, skip int) {
	last := k[len(k)-1]
	msg := fmt.Sprintf("unknown key %q", k.String())
	if near := core.NearNames(last, knownKeys(t, k[skip:len(k)-1])); len(near) > 0 {
		msg += fmt.Sprintf(" (did you mean %q?)", near[0])
	}
	s.errorf(s.find(0, last), "%s", msg)
}

// knownKeys lists the TOML keys of the table at path in type t.
func knownKeys(t reflect.Type, path []string) []string {
	for {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			t = t.Elem()
		}
		if len(path) == 0 {
			break
		}
		if t.Kind() == reflect.Map {
			t, path = t.Elem(), path[1:]
			continue
		}
		if t.Kind() != reflect.Struct {
			return nil
		}
		f, ok := fieldOf(t, path[0])
		if !ok {
			return nil
		}
		t, path = f, path[1:]
	}
	var out []string
	if t.Kind() == reflect.Struct {
		collectKeys(t, &out)
	}
	return out
}

// fieldOf returns the type of the field of struct t with TOML key name.
func fieldOf(t reflect.Type, name string) (reflect.Type, bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			if ft, ok := fieldOf(f.Type, name); ok {
				return ft, true
			}
			continue
		}
		if tag, _, _ := strings.Cut(f.Tag.Get("toml"), ","); tag == name {
			return f.Type, true
		}
	}
	return nil, false
}

func collectKeys(t reflect.Type, out *[]string) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			collectKeys(f.Type, out)
			continue
		}
		if tag, _, _ := strings.Cut(f.Tag.Get("toml"), ","); tag != "" && tag != "-" {
			*out = append(*out, tag)
		}
	}
}
