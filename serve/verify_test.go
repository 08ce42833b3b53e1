package serve

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// finishedRecord plays the rulebook battle to its end in hot-seat play
// and downloads its record.
func finishedRecord(t *testing.T) (*Server, []byte) {
	t.Helper()
	s := newTestServer(t)
	t.Cleanup(func() { s.Close() })
	c := newClient(t, s)
	tok := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "hotseat"})["both"]
	c.must(tok, "attack B-1603 from B-1503 B-1602 B-1703 B-1704")
	finish(t, c, tok)
	var raw json.RawMessage
	c.do("GET", "/api/g/"+tok+"/record", nil, &raw)
	return s, raw
}

// rechain rebuilds a record's chain after an edit, as a forger would.
func rechain(r *Record) {
	prev := r.head()
	for i := range r.Entries {
		r.Entries[i].Prev = prev
		r.Entries[i].Hash = r.Entries[i].Digest()
		prev = r.Entries[i].Hash
	}
}

// Every part of a record is checked: its start (spec, rules, scenario,
// commitment) is in the chain, the replay must end where the record says
// and, with the secret revealed, the game must be over.
func TestVerifyCatchesEveryEdit(t *testing.T) {
	s, raw := finishedRecord(t)
	var ok Record
	if err := json.Unmarshal(raw, &ok); err != nil {
		t.Fatal(err)
	}
	if v, err := Verify(&ok, s.lib); err != nil || !v.Over || !strings.Contains(v.String(), "the game is over") {
		t.Fatalf("the record itself: %v %+v", err, v)
	}
	for _, tc := range []struct {
		name    string
		edit    func(r *Record)
		rechain bool
	}{
		{"the rules in the spec", func(r *Record) { r.Spec.Rules = "adc2" }, false},
		{"the rules in the save", func(r *Record) { r.Save.Rules = "adc2" }, true},
		{"the scenario's text", func(r *Record) { r.Source = strings.Replace(r.Source, "=", "= ", 1) }, false},
		{"the scenario's text, rechained", func(r *Record) { r.Source = strings.Replace(r.Source, "=", "= ", 1) }, true},
		{"the rules hash", func(r *Record) { r.Hash = strings.Repeat("0", 64) }, true},
		{"the commitment", func(r *Record) { r.Commitment = strings.Repeat("1", 64) }, false},
		{"the game's mode", func(r *Record) { r.Mode = "solo" }, false},
		{"the last entry dropped", func(r *Record) { r.Entries = r.Entries[:len(r.Entries)-1] }, false},
		{"the last entry dropped, the save's end too", func(r *Record) {
			r.Entries = r.Entries[:len(r.Entries)-1]
			r.Commands = r.Commands[:len(r.Commands)-1]
		}, true},
		{"the position", func(r *Record) { r.Position = strings.Repeat("2", 64) }, true},
	} {
		var bad Record
		json.Unmarshal(raw, &bad)
		tc.edit(&bad)
		if tc.rechain {
			rechain(&bad)
		}
		if _, err := Verify(&bad, s.lib); err == nil {
			t.Errorf("%s: not caught", tc.name)
		} else if strings.Contains(err.Error(), "Go ") {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	// cut short with the end forged to match: the game is not over
	var cutShort Record
	json.Unmarshal(raw, &cutShort)
	cutShort.Entries = cutShort.Entries[:len(cutShort.Entries)-1]
	e, err := s.lib.open(cutShort.Spec, mustSecret(t, cutShort.Secret), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range cutShort.Entries {
		e.do(en.Side, en.Command)
	}
	end := e.save()
	cutShort.Commands, cutShort.Turn, cutShort.Phase, cutShort.Rolls, cutShort.Position = end.Commands, end.Turn, end.Phase, end.Rolls, end.Position
	rechain(&cutShort)
	if _, err := Verify(&cutShort, s.lib); err == nil || !strings.Contains(err.Error(), "cut short") {
		t.Errorf("a record cut short, its end forged: %v", err)
	}
}

func mustSecret(t *testing.T, s string) Secret {
	sec, err := ParseSecret(s)
	if err != nil {
		t.Fatal(err)
	}
	return sec
}

// ReadRecord reads regular files only, within a size, and says what is
// wrong in plain words.
func TestReadRecordFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.json")
	f, _ := os.Create(big)
	f.Truncate(MaxRecordSize + 1) // sparse: nothing is written
	f.Close()
	typed := filepath.Join(dir, "typed.json")
	os.WriteFile(typed, []byte(`{"record_format":"gpw-record/2","entries":"many"}`), 0o600)
	dup := filepath.Join(dir, "dup.json")
	os.WriteFile(dup, []byte(`{"record_format":"gpw-record/2","game":"a","game":"b"}`), 0o600)
	for path, want := range map[string]string{
		"/dev/zero":                     "is a device",
		fifo:                            "is a FIFO",
		dir:                             "is a folder",
		big:                             "a record holds at most",
		typed:                           "field entries holds a JSON string where a list of objects is expected",
		dup:                             `the key "game" is given twice`,
		filepath.Join(dir, "none.json"): "no such file",
	} {
		_, err := ReadRecord(path)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", path, err, want)
		} else if strings.Contains(err.Error(), "Go ") || strings.Contains(err.Error(), "serve.") {
			t.Errorf("%s: Go names in %v", path, err)
		}
	}
}
