package game

// EventKind names an event: the "event" key of its JSON. A rules module
// may emit kinds of its own (gpw.emit); the engine's are the constants
// below, whose spelling is part of the scripting contract.
type EventKind string

// The kinds of event the engine itself emits.
const (
	// EventPhase: a phase begins (fields phase, turn).
	EventPhase EventKind = "phase"
	// EventSetup: a side is to set up its units.
	EventSetup EventKind = "setup"
	// EventSetupEnd: a side has finished setting up.
	EventSetupEnd EventKind = "setup-end"
	// EventPlace: a unit is set up or placed as a reinforcement.
	EventPlace EventKind = "place"
	// EventPool: units move to the Removed pool and may be rebuilt.
	EventPool EventKind = "pool"
	// EventArrive: a reinforcement arrives and waits to be placed.
	EventArrive EventKind = "arrive"
	// EventWithdraw: a unit leaves the game by the scenario's schedule.
	EventWithdraw EventKind = "withdraw"
	// EventRebuild: a unit is rebuilt with replacement points.
	EventRebuild EventKind = "rebuild"
	// EventPoints: a side receives replacement points.
	EventPoints EventKind = "points"
	// EventWeather: the weather is rolled.
	EventWeather EventKind = "weather"
	// EventMove: a unit moves.
	EventMove EventKind = "move"
	// EventRail: a unit moves by rail.
	EventRail EventKind = "rail"
	// EventCombat: a battle is resolved (odds, die, result).
	EventCombat EventKind = "combat"
	// EventLoss: a unit loses a step.
	EventLoss EventKind = "loss"
	// EventEliminated: a unit is eliminated.
	EventEliminated EventKind = "eliminated"
	// EventRetreat: a unit retreats.
	EventRetreat EventKind = "retreat"
	// EventStand: a defender stands and loses a step instead of retreating.
	EventStand EventKind = "stand"
	// EventNoStand: a defender may not stand; the attacker picks the path.
	EventNoStand EventKind = "nostand"
	// EventAdvance: a unit advances after combat.
	EventAdvance EventKind = "advance"
	// EventNoAdvance: the attacker declines to advance after combat.
	EventNoAdvance EventKind = "noadvance"
	// EventNote: a remark on a battle with its rule.
	EventNote EventKind = "note"
	// EventWarning: a warning about a command or a save.
	EventWarning EventKind = "warning"
	// EventError: a command is refused (fields error, rule, command).
	EventError EventKind = "error"
	// EventSpent: a refused command drew dice that stay spent.
	EventSpent EventKind = "spent"
	// EventUndo: a command is undone.
	EventUndo EventKind = "undo"
	// EventVictory: a victory condition holds (fields side, result, turn, when).
	EventVictory EventKind = "victory"
	// EventVerdict: the game's verdict (fields winner, result, condition, turn).
	EventVerdict EventKind = "verdict"
	// EventEnd: the game is over (fields turn, winner, result, condition).
	EventEnd EventKind = "end"
)

// String returns the kind as the JSON writes it.
func (k EventKind) String() string { return string(k) }
