package interp

import "fmt"

// StepKind is a combat step a battle's results queue (gpw.retreat,
// gpw.defender_loss, ...): the name of the gpw function that queues it,
// which is also the "kind" of a pending decision in the JSON.
type StepKind string

// The combat steps, in the order Steps lists them.
const (
	// StepRetreat: the defender retreats n hexes (or may stand, with flag).
	StepRetreat StepKind = "retreat"
	// StepDefenderLoss: the defender loses n steps (at least one).
	StepDefenderLoss StepKind = "defender_loss"
	// StepDefenderEliminate: the defender loses every step.
	StepDefenderEliminate StepKind = "defender_eliminate"
	// StepAttackerLoss: the attacker chooses an attacker to lose a step.
	StepAttackerLoss StepKind = "attacker_loss"
	// StepExchange: the attackers lose steps until their lost strength
	// covers what the defender lost.
	StepExchange StepKind = "exchange"
	// StepAdvance: one surviving attacker may advance into the hex.
	StepAdvance StepKind = "advance"
	// StepAttackersEliminate: every attacker loses every step.
	StepAttackersEliminate StepKind = "attackers_eliminate"
)

// Steps are the combat steps a results function may queue.
var Steps = []StepKind{StepRetreat, StepDefenderLoss, StepDefenderEliminate, StepAttackerLoss, StepExchange, StepAdvance, StepAttackersEliminate}

// ParseStepKind reads a combat step's name as modules and the JSON spell it.
func ParseStepKind(s string) (StepKind, error) {
	for _, k := range Steps {
		if string(k) == s {
			return k, nil
		}
	}
	return "", fmt.Errorf("unknown combat step %q (want retreat, defender_loss, defender_eliminate, attacker_loss, exchange, advance or attackers_eliminate)", s)
}

// String returns the step's name as modules and the JSON spell it.
func (k StepKind) String() string { return string(k) }
