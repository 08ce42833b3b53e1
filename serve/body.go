package serve

import (
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
	err := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit)).Decode(v)
	if err == nil {
		return nil
	}
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
