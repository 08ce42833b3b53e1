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
	rd := newPlainReader(r)
	for {
		line, err := rd.next(name)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := f(rd.n, line); err != nil {
			return err
		}
	}
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

// next is Readline for a script: a line too long or a failure to read is
// an error naming the file and line. It reads no further than maxLine
// into a line too long, which may never end (/dev/zero).
func (p *plainReader) next(name string) (string, error) {
	line, err := p.readline(true)
	switch {
	case errors.As(err, new(lineTooLong)):
		return "", fmt.Errorf("%s:%d: the line is longer than %d bytes", name, p.n, maxLine)
	case err != nil && !errors.Is(err, io.EOF):
		return "", fmt.Errorf("%s:%d: %v", name, p.n+1, err)
	}
	return line, err
}

// Readline returns the next line without its end, or io.EOF. A line
// longer than maxLine is read to its end and skipped (lineTooLong).
func (p *plainReader) Readline() (string, error) { return p.readline(false) }

// readline is Readline; with stop, a line too long ends the reading at
// once instead of being skipped.
func (p *plainReader) readline(stop bool) (string, error) {
	var b []byte
	long := false
	for {
		chunk, err := p.r.ReadSlice('\n')
		if len(b)+len(chunk) > maxLine {
			long, b = true, nil
			if stop {
				break
			}
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
