package game

import "strings"

// Verb is a command's first word: one of the engine's verbs below, or a
// word the rules module adds (R.commands), kept as the player wrote it in
// lower case. Its text is the "verb" of a command's JSON.
type Verb string

// The engine's verbs.
const (
	// VerbMove: move UNIT HEX... (a move phase).
	VerbMove Verb = "move"
	// VerbRail: rail UNIT HEX (a rail phase).
	VerbRail Verb = "rail"
	// VerbAttack: attack HEX from HEX... (a combat phase).
	VerbAttack Verb = "attack"
	// VerbRetreat: retreat HEX...: the path of a pending retreat.
	VerbRetreat Verb = "retreat"
	// VerbAdvance: advance UNIT: an attacker advances after combat.
	VerbAdvance Verb = "advance"
	// VerbNoAdvance: noadvance: no attacker advances.
	VerbNoAdvance Verb = "noadvance"
	// VerbLoss: loss UNIT: the attacker that loses a step.
	VerbLoss Verb = "loss"
	// VerbStand: stand: the defender stands and loses a step.
	VerbStand Verb = "stand"
	// VerbNoStand: nostand: the defender retreats.
	VerbNoStand Verb = "nostand"
	// VerbPlace: place UNIT HEX, or place auto (setup, reinforcements).
	VerbPlace Verb = "place"
	// VerbRebuild: rebuild UNIT [HEX] with replacement points.
	VerbRebuild Verb = "rebuild"
	// VerbEnd: end the phase (or the side's setup).
	VerbEnd Verb = "end"
	// VerbUndo: undo the last command.
	VerbUndo Verb = "undo"
	// VerbAuto: auto on|off: the engine settles pending choices.
	VerbAuto Verb = "auto"
)

// verbs are the engine's verbs in the order Commands lists them.
var verbs = []Verb{VerbMove, VerbRail, VerbAttack, VerbRetreat, VerbAdvance, VerbNoAdvance, VerbLoss, VerbStand, VerbNoStand, VerbPlace, VerbRebuild, VerbEnd, VerbUndo, VerbAuto}

// Commands lists the engine's command words, for help and completion.
var Commands = func() []string {
	out := make([]string, len(verbs))
	for i, v := range verbs {
		out[i] = v.String()
	}
	return out
}()

// ParseVerb reads a command's first word: an engine verb, or else a
// module's word as written (in lower case). Whether the module has it is
// the game's to say (Parse).
func ParseVerb(word string) Verb { return Verb(strings.ToLower(word)) }

// String returns the verb as commands and the JSON spell it.
func (v Verb) String() string { return string(v) }

// Engine reports whether v is one of the engine's verbs.
func (v Verb) Engine() bool {
	for _, e := range verbs {
		if v == e {
			return true
		}
	}
	return false
}

// Module reports whether v is a rules module's word: not empty and not
// one of the engine's verbs.
func (v Verb) Module() bool { return v != "" && !v.Engine() }

// Decision reports whether v settles a pending battle step.
func (v Verb) Decision() bool {
	switch v {
	case VerbRetreat, VerbAdvance, VerbNoAdvance, VerbLoss, VerbStand, VerbNoStand:
		return true
	}
	return false
}

// DecisionKind is what a pending battle decision settles: the "kind" of
// Actions' decision in the JSON.
type DecisionKind string

// The kinds of decision.
const (
	// DecisionRetreat: the defender elects to stand or not, or the
	// attacker chooses the retreat's path.
	DecisionRetreat DecisionKind = "retreat"
	// DecisionLoss: the attacker chooses an attacker to lose a step (an
	// attacker loss or an exchange; Owed > 0 for an exchange).
	DecisionLoss DecisionKind = "loss"
	// DecisionAdvance: the attacker chooses a unit to advance, or none.
	DecisionAdvance DecisionKind = "advance"
)

// String returns the kind as the JSON spells it.
func (k DecisionKind) String() string { return string(k) }
