package serve

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"gpw/game"
)

// RecordFormat names the record format this build writes and verifies.
const RecordFormat = "gpw-record/1"

// Record is a game as the server downloads it: a save (the scenario, the
// rules, the commands in force; loadable by gpw run --load once the seed is
// revealed) with the server's record of every accepted command, its dice
// and the hash chain from the dice commitment.
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

// ReadRecord reads a record file.
func ReadRecord(path string) (*Record, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: not a gpw record: %v", path, err)
	}
	if r.RecordFormat != RecordFormat {
		return nil, fmt.Errorf("%s: record format %q; this gpw reads %q", path, r.RecordFormat, RecordFormat)
	}
	return &r, nil
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
		return fmt.Sprintf("hash chain intact: %d commands; the dice secret is not revealed yet (the game is not over), so the dice cannot be checked", v.Entries)
	}
	return fmt.Sprintf("verified: %d commands, hash chain intact, the secret matches the commitment, and all %d dice replay from it", v.Entries, v.Dice)
}

// Verify checks a record: every hash of the chain from the commitment;
// once the secret is revealed, that it hashes to the commitment and that
// replaying every command under the seed it gives draws the same dice,
// by the same sides, and ends where the record says.
func Verify(r *Record, lib *Library) (Verdict, error) {
	v := Verdict{Entries: len(r.Entries)}
	prev := r.Commitment
	for i := range r.Entries {
		e := &r.Entries[i]
		if e.Seq != i+1 {
			return v, fmt.Errorf("entry %d: numbered %d", i+1, e.Seq)
		}
		if e.Prev != prev {
			return v, fmt.Errorf("entry %d (%q): its link %.12s… is not the hash before it %.12s…", e.Seq, e.Command, e.Prev, prev)
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
	defer e.close()
	for i := range r.Entries {
		en := &r.Entries[i]
		if en.Command == "undo" {
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
	if got := e.g.Snapshot().Commands; r.Save != nil && !slices.Equal(got, r.Commands) {
		return v, fmt.Errorf("the record's commands in force (%d) differ from the replay's (%d)", len(r.Commands), len(got))
	}
	v.Checked, v.Over = true, e.over()
	return v, nil
}
