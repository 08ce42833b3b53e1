package core

import "fmt"

// ZOCKind says where a unit projects its zone of control.
type ZOCKind uint8

// Zone-of-control kinds.
const (
	ZOCFull   ZOCKind = iota // the six surrounding hexes (GDW: Zones of Control)
	ZOCOwnHex                // only the hex it stands in (ADC2: partisans, airborne)
	ZOCNone                  // none (leaders, air units)
)

// Status is where a unit is in the game.
type Status uint8

// Unit statuses.
const (
	Pending    Status = iota // not yet arrived (a reinforcement or a unit to set up)
	OnMap                    // on the map
	Eliminated               // in the eliminated pile, may be rebuilt
	Withdrawn                // taken off by the schedule, may return
	Removed                  // out of the game for good
)

var statusNames = []string{"pending", "on map", "eliminated", "withdrawn", "removed"}

func (s Status) String() string { return statusNames[s] }

// Ident names a unit: fixed for the whole game and shared by every copy
// of a position, so that copying a position copies no strings.
type Ident struct {
	ID, Name string
	Nation   string
	Kind     string
	Size     string // army, corps, division, ...
}

// Unit is one counter: what is printed on it, and where it is now.
type Unit struct {
	*Ident
	Class   int    // movement class, an index into the rules' class list
	Attack  [2]int // full, half strength
	Defense [2]int
	MP      int
	Hex     int // index of the hex it stands in, -1 off the map

	// The small fields come last, together, so that a position's unit
	// array (copied whole by every clone) is 72 bytes a unit, not 88.
	Side Side
	ZOC  ZOCKind
	// Stacks is true for combat units, which may not share a hex with
	// another combat unit (GDW: Movement / Restrictions on Movement).
	Stacks bool
	// NoOccupy marks a unit that does not occupy hexes in the rules'
	// sense: it takes no control of the hexes it enters and does not open
	// a supply line through an enemy zone of control (ADC2: Control of
	// Hexes, Supply: only combat units do; leaders, air units, partisans).
	NoOccupy bool
	Reduced  bool
	Status   Status
}

// Blocks reports whether the unit bars enemy movement and supply: every
// unit that stacks or has a zone of control (not leaders or air units).
func (u *Unit) Blocks() bool { return u.Stacks || u.ZOC != ZOCNone }

// Step is 0 at full strength and 1 at half strength.
func (u *Unit) Step() int {
	if u.Reduced {
		return 1
	}
	return 0
}

// AttackNow is the attack factor at the unit's current step.
func (u *Unit) AttackNow() int { return u.Attack[u.Step()] }

// DefenseNow is the defence factor at the unit's current step.
func (u *Unit) DefenseNow() int { return u.Defense[u.Step()] }

// HasHalf reports whether the unit has a half-strength side to flip to.
func (u *Unit) HasHalf() bool { return u.Attack[1] > 0 || u.Defense[1] > 0 }

// StepsLeft is how many steps the unit has left: 2 at full strength
// with a half-strength side, else 1.
func (u *Unit) StepsLeft() int {
	if !u.Reduced && u.HasHalf() {
		return 2
	}
	return 1
}

// ParseStatus reads a status as String prints it.
func ParseStatus(s string) (Status, error) {
	for i, n := range statusNames {
		if n == s {
			return Status(i), nil
		}
	}
	return 0, fmt.Errorf("status %q: one of pending, on map, eliminated, withdrawn, removed", s)
}
