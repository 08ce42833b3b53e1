package game

import (
	"encoding/json"
	"testing"
)

func TestParseLevel(t *testing.T) {
	tests := []struct {
		in   string
		want Level
		rank int
		err  bool
	}{
		{"", LevelWin, 3, false},
		{"win", LevelWin, 3, false},
		{"decisive", LevelDecisive, 2, false},
		{"marginal", LevelMarginal, 1, false},
		{"default", LevelDefault, 0, false},
		{"draw", LevelDraw, 0, false},
		{"Win", "", 0, true},
		{"crushing", "", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseLevel(tt.in)
		if (err != nil) != tt.err || got != tt.want || got.Rank() != tt.rank {
			t.Errorf("ParseLevel(%q) = %q (rank %d), %v; want %q (rank %d), error %v", tt.in, got, got.Rank(), err, tt.want, tt.rank, tt.err)
		}
	}
}

// TestTypedKindsJSON: the typed level and event kind are written as the
// plain strings of the scripting contract.
func TestTypedKindsJSON(t *testing.T) {
	b, err := json.Marshal(Event{Kind: EventVerdict, Fields: []Field{{"result", LevelDecisive}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"event":"verdict","result":"decisive"}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}
