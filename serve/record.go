package serve

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"

	"gpw/game"
)

// RecordFormat names the record format this build writes and verifies:
// 2 chains the entries from the record's head (Head), not from the
// commitment alone.
const RecordFormat = "gpw-record/2"

// MaxRecordSize bounds a record file verify reads: a game's commands
// (game: 32 MiB at most) with their entries.
const MaxRecordSize = 256 << 20

// Record is a game as the server downloads it: a save (the scenario, the
// rules, the commands in force; loadable by gpw run --load once the seed is
// revealed) with the server's record of every accepted command, its dice
// and the hash chain from the record's head.
type Record struct {
	*game.Save
	RecordFormat string  `json:"record_format"`
	Game         string  `json:"game"`
	Mode         string  `json:"mode"`
	Spec         Spec    `json:"spec"`
	Commitment   string  `json:"commitment"`
	Secret       string  `json:"secret,omitempty"` // revealed when the game is over
	Entries      []Entry `json:"entries"`
}

// Head is the hash a game's chain of entries starts from: SHA-256 over
// what the game started from, one item a line: the record format, the
// game, its mode, its spec as JSON (a house module's text included), the
// dice commitment, and the SHA-256 of the scenario's source, of its
// special rules' source, and the rules' hash (of every module loaded).
// An edit of any of them breaks the chain at its first entry.
func Head(gameID, mode string, spec Spec, commitment, scenarioSource, specialSource, rulesHash string) string {
	sp, _ := json.Marshal(spec)
	a, b := sha256.Sum256([]byte(scenarioSource)), sha256.Sum256([]byte(specialSource))
	text := strings.Join([]string{RecordFormat, gameID, mode, string(sp), commitment, hex.EncodeToString(a[:]), hex.EncodeToString(b[:]), rulesHash}, "\n")
	h := sha256.Sum256([]byte(text))
	return hex.EncodeToString(h[:])
}

// head is the record's Head, from what it says.
func (r *Record) head() string {
	return Head(r.Game, r.Mode, r.Spec, r.Commitment, r.Source, r.SpecialSource, r.Hash)
}

// ReadRecord reads a record file: a regular file (not a device, a pipe
// or a folder) of at most MaxRecordSize bytes.
func ReadRecord(path string) (*Record, error) {
	b, err := readRegular(path, MaxRecordSize)
	if err != nil {
		return nil, err
	}
	var r Record
	if err := decodeJSON(b, "not a gpw record", &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if r.RecordFormat != RecordFormat {
		return nil, fmt.Errorf("%s: record format %q; this gpw reads %q", path, cut(r.RecordFormat, 40), RecordFormat)
	}
	if r.Save == nil {
		return nil, fmt.Errorf("%s: the record has no save (scenario, rules and commands)", path)
	}
	return &r, nil
}

// readRegular reads path, a regular file of at most limit bytes, without
// blocking on a pipe and without reading past the limit.
func readRegular(path string, limit int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %v", path, pe.Err)
		}
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	switch m := st.Mode(); {
	case m.IsDir():
		return nil, fmt.Errorf("%s is a folder, not a record file", path)
	case m&fs.ModeNamedPipe != 0:
		return nil, fmt.Errorf("%s is a FIFO (named pipe), not a regular file", path)
	case m&fs.ModeDevice != 0:
		return nil, fmt.Errorf("%s is a device, not a regular file", path)
	case !m.IsRegular():
		return nil, fmt.Errorf("%s is not a regular file", path)
	case st.Size() > limit:
		return nil, fmt.Errorf("%s: %d bytes; a record holds at most %d", path, st.Size(), limit)
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: over %d bytes; a record holds at most that", path, limit)
	}
	return b, nil
}

// Verdict is what Verify found.
type Verdict struct {
	Entries int  `json:"entries"`
	Dice    int  `json:"dice"`    // dice checked against the seed
	Checked bool `json:"checked"` // false: the secret is not revealed yet, only the chain was checked
	Over    bool `json:"over"`
}

func (v Verdict) String() string {
	if !v.Checked {
		return fmt.Sprintf("hash chain intact: %d commands; the game is not over, so its dice secret is not revealed and the dice cannot be checked yet", v.Entries)
	}
	return fmt.Sprintf("verified: the game is over; %d commands, hash chain intact from the game's start, the secret matches the commitment, and all %d dice replay from it", v.Entries, v.Dice)
}

// Verify checks a record: every hash of the chain from the commitment;
// once the secret is revealed, that it hashes to the commitment and that
// replaying every command under the seed it gives draws the same dice,
// by the same sides, and ends where the record says.
func Verify(r *Record, lib *Library) (Verdict, error) {
	v := Verdict{Entries: len(r.Entries)}
	if r.Save == nil {
		return v, errors.New("the record has no save (scenario, rules and commands)")
	}
	prev := r.head()
	for i := range r.Entries {
		e := &r.Entries[i]
		if e.Seq != i+1 {
			return v, fmt.Errorf("entry %d: numbered %d", i+1, e.Seq)
		}
		if e.Prev != prev {
			if i == 0 {
				return v, fmt.Errorf("entry 1 (%q): its link %.12s… is not the hash of the game's start %.12s… (its spec, rules, scenario and commitment): the record was changed", e.Command, e.Prev, prev)
			}
			return v, fmt.Errorf("entry %d (%q): its link %.12s… is not the hash before it %.12s…: the record was changed", e.Seq, e.Command, e.Prev, prev)
		}
		if d := e.Digest(); d != e.Hash {
			return v, fmt.Errorf("entry %d (%q): its hash %.12s… does not match its contents (%.12s…): the record was changed", e.Seq, e.Command, e.Hash, d)
		}
		prev = e.Hash
	}
	if r.Secret == "" {
		return v, nil
	}
	sec, err := ParseSecret(r.Secret)
	if err != nil {
		return v, err
	}
	if sec.Commitment() != r.Commitment {
		return v, fmt.Errorf("the revealed secret hashes to %.12s…, not to the commitment %.12s… shown during the game", sec.Commitment(), r.Commitment)
	}
	e, err := lib.open(r.Spec, sec, nil, nil)
	if err != nil {
		return v, err
	}
	start := e.save()
	switch {
	case start.Rules != r.Rules || start.Scenario != r.Scenario:
		return v, fmt.Errorf("the record's save names rules %q and scenario %q; its spec gives %q and %q: the record was changed", cut(r.Rules, 60), cut(r.Scenario, 60), start.Rules, start.Scenario)
	case start.Source != r.Source:
		return v, errors.New("the record's scenario text is not the scenario its spec names: the record was changed")
	case start.SpecialSource != r.SpecialSource:
		return v, errors.New("the record's special rules are not the scenario's: the record was changed")
	case start.Hash != r.Hash:
		return v, fmt.Errorf("the record's rules hash %.12s… is not the hash of the rules its spec names (%.12s…): the record was changed, or this gpw's built-in rules differ", r.Hash, start.Hash)
	}
	for i := range r.Entries {
		en := &r.Entries[i]
		if en.Command == game.VerbUndo.String() {
			if err := e.undo(en.Side); err != nil {
				return v, fmt.Errorf("entry %d: undo by %s: %v", en.Seq, en.Side, err)
			}
			continue
		}
		if strings.HasPrefix(en.Command, game.SpentMark) {
			if err := e.replaySpent(en.Side, en.Command); err != nil {
				return v, fmt.Errorf("entry %d: %v", en.Seq, err)
			}
			continue
		}
		st, err := e.do(en.Side, en.Command)
		if err != nil {
			return v, fmt.Errorf("entry %d: %s %q does not replay: %v", en.Seq, en.Side, en.Command, err)
		}
		if !slices.Equal(st.Dice, en.Dice) || st.Rolls != en.Rolls {
			return v, fmt.Errorf("entry %d (%q): the seed draws dice %v (%d rolls); the record says %v (%d rolls)", en.Seq, en.Command, st.Dice, st.Rolls, en.Dice, en.Rolls)
		}
		v.Dice += st.Rolls
	}
	end := e.save()
	switch {
	case !slices.Equal(end.Commands, r.Commands):
		return v, fmt.Errorf("the record's commands in force (%d) differ from the replay's (%d): the record was changed", len(r.Commands), len(end.Commands))
	case end.Turn != r.Turn || end.Phase != r.Phase || end.Rolls != r.Rolls || end.Position != r.Position:
		return v, fmt.Errorf("the replay ends in %s, %s after %d dice; the record says %s, %s after %d dice (or another position): the record was changed", end.Turn, end.Phase, end.Rolls, r.Turn, r.Phase, r.Rolls)
	case !e.over():
		return v, fmt.Errorf("the secret is revealed only when the game is over, but the record's %d commands do not end it: the record is cut short", len(r.Entries))
	}
	v.Checked, v.Over = true, true
	return v, nil
}
