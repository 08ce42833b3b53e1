package game

import (
	"cmp"
	"io/fs"

	"gpw/interp"
	"gpw/scenario"
)

// LoadScenario reads scenario file from fsys (scenario.Load) for the
// rules it is played under: rules when not "" (a variant or a module's
// path, as Options.Rules), else the scenario's own (rules = ...), else
// gdw. That module is compiled with the scenario's special rules (once per
// process, shared with the games of the scenario), and its calendar and
// non-combat kinds read the turn names and expand the units. dataFS holds
// the built-in data and rules.
func LoadScenario(fsys fs.FS, file string, dataFS fs.FS, rules string) (*scenario.Scenario, error) {
	return scenario.LoadWith(fsys, file, dataFS, scenario.Options{Rules: kindsFor(rules, dataFS)})
}

// LoadScenarioFile is LoadScenario for a scenario file on disk
// (scenario.LoadFile).
func LoadScenarioFile(file string, dataFS fs.FS, rules string) (*scenario.Scenario, error) {
	return scenario.LoadFileWith(file, dataFS, scenario.Options{Rules: kindsFor(rules, dataFS)})
}

// RulesKinds compiles rules (a variant or a module's path) and returns
// what the scenario loader needs of it, for checking data files
// (scenario.CheckFileWith).
func RulesKinds(rules string, builtin fs.FS) (scenario.Kinds, error) {
	m, err := interp.Compile(cmp.Or(rules, "gdw"), builtin, "", nil)
	if err != nil {
		return scenario.Kinds{}, err
	}
	return Kinds(m), nil
}

// Kinds are what the scenario loader needs of module m: its name, the
// names of its calendar's turns and its non-combat kinds (shared with
// the module: not to be changed).
func Kinds(m *interp.Module) scenario.Kinds {
	k := scenario.Kinds{Rules: m.ID, Calendar: make([]string, len(m.Calendar)), NonCombat: m.NonCombat}
	for i, mo := range m.Calendar {
		k.Calendar[i] = mo.Name
	}
	return k
}

// kindsFor gives the loader the kinds of the rules a scenario is played
// under (LoadScenario).
func kindsFor(rules string, builtin fs.FS) func(*scenario.Scenario) (scenario.Kinds, error) {
	return func(sc *scenario.Scenario) (scenario.Kinds, error) {
		m, err := interp.Compile(variantOf(sc, rules), builtin, sc.SpecialPath, sc.SpecialSource)
		if err != nil {
			return scenario.Kinds{}, err
		}
		return Kinds(m), nil
	}
}

// variantOf is the rules a game of sc is played under: rules when not "",
// else the scenario's (a module next to it, as the loader found it), else
// gdw.
func variantOf(sc *scenario.Scenario, rules string) string {
	return cmp.Or(rules, sc.RulesPath, sc.Rules, "gdw")
}
