package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
)

// decodeSave reads a save's JSON. Its errors are plain: the save file,
// the line and column, and for a field of the wrong type, the field and
// what it must hold.
func decodeSave(path string, data []byte) (*Save, error) {
	var sv Save
	err := json.Unmarshal(data, &sv)
	if err == nil {
		return &sv, nil
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case len(bytes.TrimSpace(data)) == 0:
		return nil, fmt.Errorf("%s: not a gpw save: the file is empty", path)
	case bytes.HasPrefix(data, []byte("\uFEFF")):
		return nil, fmt.Errorf("%s:1:1: not a gpw save: it starts with a byte-order mark (U+FEFF); a save is plain JSON", path)
	case errors.As(err, &syn) && syn.Error() == "unexpected end of JSON input":
		return nil, fmt.Errorf("%s:%s: not a gpw save: the JSON ends before it is complete", path, lineCol(data, len(data)))
	case errors.As(err, &syn):
		return nil, fmt.Errorf("%s:%s: not a gpw save: broken JSON: %s", path, lineCol(data, int(syn.Offset)), strings.TrimPrefix(syn.Error(), "json: "))
	case errors.As(err, &typ):
		return nil, fmt.Errorf("%s:%s: not a gpw save: %s", path, lineCol(data, int(typ.Offset)), typeProblem(typ))
	}
	return nil, fmt.Errorf("%s: not a gpw save: the JSON does not hold a save", path)
}

// fileError words a failure to open or read a save.
func fileError(path string, err error) error {
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: no such save file", path)
	case errors.As(err, &pe):
		return fmt.Errorf("%s: cannot read the save: %v", path, pe.Err)
	}
	return fmt.Errorf("%s: cannot read the save: %v", path, err)
}

// typeProblem says which field holds what, and what it must hold.
func typeProblem(e *json.UnmarshalTypeError) string {
	got := article(strings.Replace(e.Value, "bool", "boolean", 1))
	if strings.HasPrefix(e.Value, "number ") {
		got = "the number " + strings.TrimPrefix(e.Value, "number ")
	}
	want := JSONKind(e.Type)
	if e.Field == "" {
		return fmt.Sprintf("the save is %s where a JSON object is expected", got)
	}
	where := "field " + e.Field
	if isListField(e.Field, e.Type) {
		where = "an item of field " + e.Field
	}
	if strings.HasPrefix(e.Value, "number") && strings.Contains(want, "integer") {
		return fmt.Sprintf("%s holds %s where %s is expected (a whole number within ±9223372036854775807)", where, got, want)
	}
	return fmt.Sprintf("%s holds %s where %s is expected", where, got, want)
}

// isListField reports whether the save's field named in JSON is a list
// or an object whose items have type t (an item, not the field, is
// wrong).
func isListField(name string, t reflect.Type) bool {
	st := reflect.TypeFor[Save]()
	for i := range st.NumField() {
		f := st.Field(i)
		if strings.Split(f.Tag.Get("json"), ",")[0] == name {
			k := f.Type.Kind()
			return (k == reflect.Slice || k == reflect.Map) && f.Type.Elem() == t
		}
	}
	return false
}

// article puts "a" or "an" before a word.
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

// JSONKind names a Go type in JSON's words ("a list of strings"), for
// messages about JSON that holds the wrong type (saves, gpw serve).
func JSONKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list of " + plural(JSONKind(t.Elem()))
	case reflect.Map:
		return "an object of " + plural(JSONKind(t.Elem()))
	case reflect.Struct:
		return "an object"
	}
	return "another value"
}

// plural turns "a string" into "strings".
func plural(kind string) string {
	kind = strings.TrimPrefix(strings.TrimPrefix(kind, "a "), "an ")
	if kind == "true or false" {
		return "booleans"
	}
	return kind + "s"
}

// lineCol is the line and column (from 1) of byte offset off of data.
func lineCol(data []byte, off int) string {
	off = min(max(off, 0), len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return fmt.Sprintf("%d:%d", line, col)
}
