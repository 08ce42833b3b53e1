package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxLine is the longest line gpw reads from a script or at the prompt.
const maxLine = 1 << 20

// lines calls f with each line of r and its number, until f fails; name
// is the file in messages. A line longer than maxLine is an error with
// the file and line, as is a failure to read.
func lines(r io.Reader, name string, f func(n int, line string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	n := 0
	for sc.Scan() {
		n++
		if err := f(n, sc.Text()); err != nil {
			return err
		}
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return fmt.Errorf("%s:%d: the line is longer than %d bytes", name, n+1, maxLine)
	case err != nil:
		return fmt.Errorf("%s:%d: %v", name, n+1, err)
	}
	return nil
}

// plainReader reads play's lines from a file or a pipe. A line longer
// than maxLine is skipped with an error, and reading goes on.
type plainReader struct {
	r *bufio.Reader
	n int // lines read
}

func newPlainReader(r io.Reader) *plainReader { return &plainReader{r: bufio.NewReader(r)} }

// lineTooLong is the error for a line over maxLine.
type lineTooLong struct{ line int }

func (e lineTooLong) Error() string {
	return fmt.Sprintf("line %d is longer than %d bytes: skipped", e.line, maxLine)
}

// Readline returns the next line without its end, or io.EOF.
func (p *plainReader) Readline() (string, error) {
	var b []byte
	long := false
	for {
		chunk, err := p.r.ReadSlice('\n')
		if len(b)+len(chunk) > maxLine {
			long, b = true, nil
		} else if !long {
			b = append(b, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && len(b) == 0 && !long {
			return "", err
		}
		break
	}
	p.n++
	if long {
		return "", lineTooLong{p.n}
	}
	return strings.TrimRight(string(b), "\r\n"), nil
}
