package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"gpw/game"
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

// scriptPlayer plays a script's lines (a file, or standard input) as a
// game.Player, through the engine's one game loop: each turn it runs
// lines until one is accepted, for whichever side it belongs to. A
// refused line is counted and, without --keep-going, stops the game; a
// failure of the rules module stops it with the file and line. At the
// end of the script Play returns errScriptEnd.
type scriptPlayer struct {
	rd        *plainReader
	name      string
	keepGoing bool
	refused   int  // lines refused
	ended     bool // the script has no more lines
}

// errScriptEnd is the script player's error once its lines have run out:
// the game stops there (the caller may play on by other means).
var errScriptEnd = errors.New("the script has ended")

func newScriptPlayer(in io.Reader, name string, keepGoing bool) *scriptPlayer {
	return &scriptPlayer{rd: newPlainReader(in), name: name, keepGoing: keepGoing}
}

// Play runs the script's lines until one is accepted.
func (p *scriptPlayer) Play(g *game.Game) error {
	for {
		text, err := p.rd.next(p.name)
		if errors.Is(err, io.EOF) {
			p.ended = true
			return errScriptEnd
		}
		if err != nil {
			return err
		}
		if err := g.Exec(text); err != nil {
			if _, ok := err.(*game.Refusal); !ok {
				return fmt.Errorf("%s:%d: %w", p.name, p.rd.n, err)
			}
			p.refused++
			if !p.keepGoing {
				return silentError{fmt.Sprintf("%s:%d: refused", p.name, p.rd.n)}
			}
			continue
		}
		if isCommand(text) {
			return nil // accepted: the game goes on
		}
	}
}

// rest runs the lines left once the game is over (each is refused, as
// the game is over, and said so as before), until the script ends.
func (p *scriptPlayer) rest(g *game.Game) error {
	for {
		if err := p.Play(g); err != nil {
			if errors.Is(err, errScriptEnd) {
				return nil
			}
			return err
		}
	}
}

// isCommand reports whether a line Exec accepted was a command (which
// the game's history keeps), not a blank line, a comment or a record of
// spent dice.
func isCommand(line string) bool {
	if strings.HasPrefix(line, game.SpentMark) {
		return false
	}
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.TrimSpace(line) != ""
}
