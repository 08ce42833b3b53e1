package scenario

import (
	"bytes"
	"fmt"
	"strings"
)

// Error is a problem in a data file, with the line it is on (0 if unknown).
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Errors is every problem found in one file.
type Errors []*Error

func (es Errors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// source finds the lines of things in a TOML file for error messages.
type source struct {
	file  string
	lines []string
	errs  Errors
}

func newSource(file string, data []byte) *source {
	return &source{file: file, lines: strings.Split(string(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))), "\n")}
}

// header returns the line (0-based) of the n-th "[[name]]" header, or -1.
func (s *source) header(name string, n int) int {
	want := "[[" + name + "]]"
	for i, l := range s.lines {
		if strings.TrimSpace(stripComment(l)) == want {
			if n == 0 {
				return i
			}
			n--
		}
	}
	return -1
}

// find returns the 1-based line of the first line at or after from that
// contains every needle, or 0.
func (s *source) find(from int, needles ...string) int {
	if from < 0 {
		from = 0
	}
	for i := from; i < len(s.lines); i++ {
		l := stripComment(s.lines[i])
		ok := true
		for _, n := range needles {
			if !strings.Contains(l, n) {
				ok = false
				break
			}
		}
		if ok {
			return i + 1
		}
	}
	return 0
}

// key returns the line of `key =` inside the n-th [[table]] (or anywhere
// when table is "").
func (s *source) key(table string, n int, key string) int {
	from := 0
	if table != "" {
		from = s.header(table, n)
		if from < 0 {
			return 0
		}
	}
	for i := from; i < len(s.lines); i++ {
		l := strings.TrimSpace(stripComment(s.lines[i]))
		if i > from && table != "" && strings.HasPrefix(l, "[") {
			break
		}
		if strings.HasPrefix(l, key) && strings.HasPrefix(strings.TrimSpace(l[len(key):]), "=") {
			return i + 1
		}
	}
	if table != "" {
		return from + 1
	}
	return 0
}

// topKey returns the line of a top-level `key =` (before any table), or 0.
func (s *source) topKey(key string) int {
	for i, l := range s.lines {
		l = strings.TrimSpace(stripComment(l))
		if strings.HasPrefix(l, "[") {
			return 0
		}
		if strings.HasPrefix(l, key) && strings.HasPrefix(strings.TrimSpace(l[len(key):]), "=") {
			return i + 1
		}
	}
	return 0
}

func stripComment(l string) string {
	inStr := false
	for i, c := range l {
		switch c {
		case '"':
			inStr = !inStr
		case '#':
			if !inStr {
				return l[:i]
			}
		}
	}
	return l
}

func (s *source) errorf(line int, format string, a ...any) {
	s.errs = append(s.errs, &Error{File: s.file, Line: line, Msg: fmt.Sprintf(format, a...)})
}

// value reports an error on the first line holding the quoted value v.
func (s *source) valuef(v string, format string, a ...any) {
	s.errorf(s.find(0, `"`+v+`"`), format, a...)
}

func (s *source) err() error {
	if len(s.errs) == 0 {
		return nil
	}
	return s.errs
}
