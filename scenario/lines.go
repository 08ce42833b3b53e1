package scenario

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
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

// Errors is every problem found in one load, at most MaxErrors of them.
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

// text is a data file's content and the indexes that find the lines of
// things in it for error messages. The indexes are built on first use, once:
// a text may be shared (cached) by loads on several goroutines.
type text struct {
	file string
	data []byte

	linesOnce sync.Once
	lines     []string // without comments

	headersOnce sync.Once
	headers     map[string][]int // "[[name]]" or "[name]": the 0-based lines it heads

	quotedOnce sync.Once
	quoted     map[string][]int // each "string" of a line: the 0-based lines holding it
}

func newText(file string, data []byte) *text { return &text{file: file, data: data} }

// lineList returns the file's lines, comments removed.
func (t *text) lineList() []string {
	t.linesOnce.Do(func() {
		data := bytes.ReplaceAll(t.data, []byte("\r\n"), []byte("\n"))
		t.lines = strings.Split(string(data), "\n")
		for i, l := range t.lines {
			t.lines[i] = stripComment(l)
		}
	})
	return t.lines
}

// header returns the line (0-based) of the n-th "[[name]]" (or "[name]")
// header, or -1.
func (t *text) header(name string, n int) int {
	t.headersOnce.Do(func() {
		t.headers = map[string][]int{}
		for i, l := range t.lineList() {
			l = strings.TrimSpace(l)
			if strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") {
				t.headers[strings.TrimSpace(strings.Trim(l, "[]"))] = append(t.headers[strings.TrimSpace(strings.Trim(l, "[]"))], i)
			}
		}
	})
	if hs := t.headers[name]; n < len(hs) {
		return hs[n]
	}
	return -1
}

// quotedLines lists the 0-based lines holding the string "s".
func (t *text) quotedLines(s string) []int {
	t.quotedOnce.Do(func() {
		t.quoted = map[string][]int{}
		for i, l := range t.lineList() {
			for {
				a := strings.IndexByte(l, '"')
				if a < 0 {
					break
				}
				b := strings.IndexByte(l[a+1:], '"')
				if b < 0 {
					break
				}
				s := l[a+1 : a+1+b]
				if ls := t.quoted[s]; len(ls) == 0 || ls[len(ls)-1] != i {
					t.quoted[s] = append(ls, i)
				}
				l = l[a+b+2:]
			}
		}
	})
	return t.quoted[s]
}

// find returns the 1-based line of the first line at or after from that
// contains every needle, or 0. A first needle in quotes is looked up in an
// index instead of scanning the file.
func (t *text) find(from int, needles ...string) int {
	from = max(from, 0)
	lines := t.lineList()
	if n := needles[0]; len(n) >= 2 && n[0] == '"' && n[len(n)-1] == '"' && !strings.Contains(n[1:len(n)-1], `"`) {
		for _, i := range t.quotedLines(n[1 : len(n)-1]) {
			if i >= from && containsAll(lines[i], needles[1:]) {
				return i + 1
			}
		}
		return 0
	}
	for i := from; i < len(lines); i++ {
		if containsAll(lines[i], needles) {
			return i + 1
		}
	}
	return 0
}

func containsAll(l string, needles []string) bool {
	for _, n := range needles {
		if !strings.Contains(l, n) {
			return false
		}
	}
	return true
}

// key returns the line of `key =` inside the n-th [[table]] (or anywhere
// when table is "").
func (t *text) key(table string, n int, key string) int {
	from := 0
	if table != "" {
		from = t.header(table, n)
		if from < 0 {
			return 0
		}
	}
	lines := t.lineList()
	for i := from; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if i > from && table != "" && strings.HasPrefix(l, "[") {
			break
		}
		if isKeyLine(l, key) {
			return i + 1
		}
	}
	if table != "" {
		return from + 1
	}
	return 0
}

// topKey returns the line of a top-level `key =` (before any table), or 0.
func (t *text) topKey(key string) int {
	for i, l := range t.lineList() {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "[") {
			return 0
		}
		if isKeyLine(l, key) {
			return i + 1
		}
	}
	return 0
}

func isKeyLine(l, key string) bool {
	return strings.HasPrefix(l, key) && strings.HasPrefix(strings.TrimSpace(l[len(key):]), "=")
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

// source collects the problems of one load in one file.
type source struct {
	*text
	errs    *Errors // shared by the sources of one load, to cap their number
	dropped *int
}

func newSource(file string, data []byte) *source {
	return &source{text: newText(file, data), errs: new(Errors), dropped: new(int)}
}

// with returns a source for another file of the same load.
func (s *source) with(t *text) *source { return &source{text: t, errs: s.errs, dropped: s.dropped} }

// full reports whether the load has found as many problems as it reports.
func (s *source) full() bool { return len(*s.errs) >= MaxErrors }

func (s *source) errorf(line int, format string, a ...any) {
	if s.full() {
		*s.dropped++
		return
	}
	*s.errs = append(*s.errs, &Error{File: s.file, Line: line, Msg: fmt.Sprintf(format, a...)})
}

// valuef reports an error on the first line holding the quoted value v.
func (s *source) valuef(v string, format string, a ...any) {
	if s.full() {
		*s.dropped++
		return
	}
	s.errorf(s.find(0, `"`+v+`"`), format, a...)
}

// add takes the problems of another load (a catalogue's, a map's).
func (s *source) add(err error) {
	if es, ok := err.(Errors); ok {
		for _, e := range es {
			if s.full() {
				*s.dropped++
				continue
			}
			c := *e // the error may belong to a cached file: copy it
			*s.errs = append(*s.errs, &c)
		}
		return
	}
	s.errorf(0, "%v", err)
}

func (s *source) err() error {
	if len(*s.errs) == 0 {
		return nil
	}
	es := *s.errs
	if *s.dropped > 0 {
		es = append(es[:len(es):len(es)], &Error{File: s.file, Msg: fmt.Sprintf("more problems not shown: these are the first %d", MaxErrors)})
	}
	return es
}

// errorfAt is errorf for a line that takes a search to find: the search is
// made only when the error is kept.
func (s *source) errorfAt(line func() int, format string, a ...any) {
	if s.full() {
		*s.dropped++
		return
	}
	s.errorf(line(), format, a...)
}

// KeyLine is the line of `key =` in the scenario file: at the top level
// when table is "", else in its first [table] (such as "bot" or
// "bot.axis"); 0 when the file does not hold it.
func (sc *Scenario) KeyLine(table, key string) int {
	t := newText(sc.File, sc.Source)
	if table != "" && t.header(table, 0) < 0 {
		return 0
	}
	return t.key(table, 0, key)
}
