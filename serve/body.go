package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode"

	"gpw/game"
)

// decodeBody reads a request's JSON body into v, at most limit bytes. Its
// errors are plain words for the client: what was sent, where, and what
// was expected (no Go type names).
func decodeBody(w http.ResponseWriter, r *http.Request, limit int64, what string, v any) error {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err == nil && len(bytes.TrimSpace(b)) == 0 {
		err = io.EOF
	}
	if err == nil {
		return decodeJSON(b, what, v)
	}
	return plainJSONError(what, err)
}

// decodeJSON decodes the JSON text b into v, refusing trailing data and
// a key given twice in one object, with errors in plain words.
func decodeJSON(b []byte, what string, v any) error {
	if err := json.Unmarshal(b, v); err != nil {
		return plainJSONError(what, err)
	}
	if key := duplicateKey(b); key != "" {
		return fmt.Errorf("%s: the key %q is given twice in one object", what, key)
	}
	return nil
}

// plainJSONError says a JSON decoding error in plain words.
func plainJSONError(what string, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var big *http.MaxBytesError
	switch {
	case errors.Is(err, io.EOF):
		return fmt.Errorf("%s: the request has no body; a JSON object is expected", what)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: the JSON ends before it is complete", what)
	case errors.As(err, &big):
		return fmt.Errorf("%s: the request body is over %d bytes", what, big.Limit)
	case errors.As(err, &syn):
		return fmt.Errorf("%s: broken JSON at byte %d: %s", what, syn.Offset, strings.TrimPrefix(syn.Error(), "json: "))
	case errors.As(err, &typ):
		if typ.Field == "" {
			return fmt.Errorf("%s: the body is a JSON %s; a JSON object is expected", what, typ.Value)
		}
		return fmt.Errorf("%s: field %s holds a JSON %s where %s is expected", what, jsonField(typ.Field), typ.Value, game.JSONKind(typ.Type))
	}
	return fmt.Errorf("%s: the body is not the JSON object expected", what)
}

// duplicateKey is the first key given twice in one object of the JSON
// text b (valid JSON), or "": encoding/json keeps the last, which a
// checker upstream may have read as the first.
func duplicateKey(b []byte) string {
	d := json.NewDecoder(bytes.NewReader(b))
	type frame struct {
		obj  bool
		key  bool // the next string is a key
		seen map[string]bool
	}
	var stack []*frame
	for {
		t, err := d.Token()
		if err != nil {
			return ""
		}
		var top *frame
		if n := len(stack); n > 0 {
			top = stack[n-1]
		}
		if top != nil && top.obj && top.key {
			if k, ok := t.(string); ok {
				if top.seen[k] {
					return k
				}
				top.seen[k] = true
				top.key = false
				continue
			}
		}
		switch t {
		case json.Delim('{'):
			stack = append(stack, &frame{obj: true, key: true, seen: map[string]bool{}})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		// a value ended: in an object the next token is a key
		if n := len(stack); n > 0 && stack[n-1].obj {
			stack[n-1].key = true
		}
	}
}

// jsonField is a field's path as the client wrote it: without the Go
// names of embedded structs ("Spec.scenario" is "scenario").
func jsonField(path string) string {
	var keep []string
	for _, p := range strings.Split(path, ".") {
		if p != "" && !unicode.IsUpper(rune(p[0])) {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, ".")
}
