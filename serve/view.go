package serve

import (
	"encoding/json"

	"gpw/core"
	"gpw/game"
)

// View is what one link sees of a game: where it stands, every unit, the
// log, and what the link may do now (Rally the Troops' view(game, role)).
type View struct {
	Game     GameInfo          `json:"game"`
	Role     string            `json:"role"` // axis, soviet, both (hot-seat) or spectator
	Version  int               `json:"version"`
	Status   game.PhaseStatus  `json:"status"`
	Acting   string            `json:"acting"` // the side that acts now
	YouAct   bool              `json:"you_act"`
	Computer bool              `json:"computer_acting,omitempty"` // the computer is playing its turn
	Units    []Unit            `json:"units"`
	Control  map[string]string `json:"control"`  // city hex → the side that controls it
	Standing []Standing        `json:"standing"` // the end's victory conditions that hold now
	// HexMarks and UnitMarks are what the rules module keeps about hexes
	// and units (air support, missions...), by hex and by unit id.
	HexMarks  map[string][]game.Mark `json:"hex_marks"`
	UnitMarks map[string][]game.Mark `json:"unit_marks"`
	LogFrom   int                    `json:"log_from"`
	LogEpoch  int64                  `json:"log_epoch"` // changes when the log is rewritten (an undo): read it again from 0
	LogTotal  int                    `json:"log_total"`
	Log       []LogLine              `json:"log"`
	Actions   *Actions               `json:"actions,omitempty"` // nil unless the link may act
	Undo      bool                   `json:"undo"`
	Step      int                    `json:"step,omitempty"` // a past position: after this many record entries
}

// GameInfo describes a game.
type GameInfo struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	Scenario   string `json:"scenario"`
	Rules      string `json:"rules"`
	Mode       string `json:"mode"`
	Computer   string `json:"computer,omitempty"` // the computer's side in a solo game
	Created    string `json:"created"`
	Commitment string `json:"commitment"`       // SHA-256 of the dice secret
	Secret     string `json:"secret,omitempty"` // revealed when the game is over
	Over       bool   `json:"over"`
	Entries    int    `json:"entries"`
	Victory    string `json:"victory,omitempty"` // the scenario's victory conditions, in words
}

// LogLine is one event of the log: its text for people and its fields.
type LogLine struct {
	N     int             `json:"n"`
	Text  string          `json:"text"`
	Event json.RawMessage `json:"event"`
}

// info describes the game; the secret only once it is over.
func (l *live) info() GameInfo {
	gi := GameInfo{ID: l.row.ID, Title: l.e.title(), Scenario: l.row.Spec.Scenario, Rules: l.e.g.Rules.ID, Mode: l.row.Mode,
		Computer: l.botSide(), Created: l.row.Created, Commitment: l.row.Commitment, Over: l.e.over(), Entries: len(l.entries),
		Victory: l.e.victoryText()}
	if l.row.Spec.Module != nil {
		gi.Rules = l.row.Spec.Module.Name
	}
	if gi.Over {
		gi.Secret = l.row.Secret.String()
	}
	return gi
}

// logLines lists the log from event from on, without refused commands
// (a refusal is answered to the one who sent it).
func logLines(events []game.Event, from int) []LogLine {
	out := []LogLine{}
	for i := from; i < len(events); i++ {
		ev := events[i]
		if ev.Kind == game.EventError {
			continue
		}
		b, err := json.Marshal(ev)
		if err != nil {
			b = []byte(`{}`)
		}
		out = append(out, LogLine{N: i, Text: ev.Text, Event: b})
	}
	return out
}

// view builds what role sees, with the log from event from of the log
// of epoch. The caller holds l.mu.
func (l *live) view(role string, from int, epoch int64) *View {
	e := l.e
	log := e.log()
	if from < 0 || from > len(log) || epoch != e.epoch {
		from = 0
	}
	sight := l.sight(role) // hidden information (serve/fog.go)
	fog := core.NoSide
	if sight != nil {
		fog = sight.Side()
	}
	v := &View{Game: l.info(), Role: role, Version: l.version(), Status: sight.Status(e.status()), Acting: e.actor(), Units: maskUnits(sight, e.g, e.units()), Control: e.cityControl(), Standing: e.standing(),
		LogFrom: from, LogEpoch: e.epoch, LogTotal: len(log), Log: logLines(maskEvents(fog, log), from)}
	v.HexMarks, v.UnitMarks = e.marks()
	v.UnitMarks = maskMarks(sight, e.g, v.UnitMarks)
	side := role
	if role == "both" {
		side = v.Acting
	}
	v.Computer = v.Acting != "" && v.Acting == l.botSide()
	if role != "spectator" && v.Acting != "" && !v.Computer && side == v.Acting {
		if a := e.actions(); a != nil {
			v.YouAct, v.Actions = true, maskActions(sight, e.g, a)
		}
	}
	if role != "spectator" && !v.Computer {
		v.Undo = e.canUndo(side)
	}
	return v
}
