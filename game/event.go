// Package game runs a scenario under a rules module: the sequence of play,
// commands, decisions and the event log.
package game

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Field is one key and value of an event, kept in order so that the log is
// the same byte for byte on every run.
type Field struct {
	K string
	V any
}

// Event is one line of the game log.
type Event struct {
	Kind   EventKind
	Fields []Field
	Text   string // the same for people
	// views holds the event as each side sees it under the rules' fog
	// (game/fog.go), nil where both see it whole.
	views *[2]*Event
}

// Get returns the value of field k, or nil.
func (e Event) Get(k string) any {
	for _, f := range e.Fields {
		if f.K == k {
			return f.V
		}
	}
	return nil
}

// MarshalJSON writes {"event": kind, fields in order}.
func (e Event) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"event":`)
	k, _ := json.Marshal(e.Kind)
	b.Write(k)
	for _, f := range e.Fields {
		key, _ := json.Marshal(f.K)
		val, err := json.Marshal(f.V)
		if err != nil {
			return nil, fmt.Errorf("event %s field %s: %w", e.Kind, f.K, err)
		}
		b.WriteByte(',')
		b.Write(key)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Shift is one column shift of a battle, with its cause and rule.
type Shift struct {
	Cause   string `json:"cause"`
	Columns int    `json:"columns"`
	Rule    string `json:"rule,omitempty"`
}

// Note is a remark on a battle (a halving), with its rule.
type Note struct {
	Text string `json:"text"`
	Rule string `json:"rule,omitempty"`
}
