package sim

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// ParseArm reads a --rules arm: MODULE[+NAME=VALUE[+NAME=VALUE...]], the
// rules module (gdw, adc2 or a file) and the parameters it sets
// (game.Options.Params). A "+" in the module's own name is kept when
// what follows it is not NAME=VALUE.
func ParseArm(spec string) (rules string, params map[string]string, err error) {
	parts := strings.Split(spec, "+")
	// the parameters are the longest tail of parts that are all NAME=VALUE
	cut := len(parts)
	for cut > 1 && strings.Contains(parts[cut-1], "=") {
		cut--
	}
	rules = strings.Join(parts[:cut], "+")
	if rules == "" {
		return "", nil, fmt.Errorf("--rules %q: no rules module before the parameters", spec)
	}
	for _, p := range parts[cut:] {
		name, value, _ := strings.Cut(p, "=")
		if name == "" || value == "" {
			return "", nil, fmt.Errorf("--rules %q: %q: expected NAME=VALUE", spec, p)
		}
		if params == nil {
			params = map[string]string{}
		}
		if _, dup := params[name]; dup {
			return "", nil, fmt.Errorf("--rules %q: parameter %s set twice", spec, name)
		}
		params[name] = value
	}
	return rules, params, nil
}

// ArmName writes an arm back as --rules takes it, its parameters in
// name order.
func ArmName(rules string, params map[string]string) string {
	var b strings.Builder
	b.WriteString(rules)
	for _, k := range slices.Sorted(maps.Keys(params)) {
		fmt.Fprintf(&b, "+%s=%s", k, params[k])
	}
	return b.String()
}

// Label is how the players are named in an arm's name: the level when
// both sides have it, else axis=X,soviet=Y.
func (b Bots) Label() string {
	if b.Axis == b.Soviet {
		return b.Axis
	}
	return "axis=" + b.Axis + ",soviet=" + b.Soviet
}
