package interp

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Param is one parameter a rules module declares (R.params): a number in
// Min..Max or one word of Choices, which the players set at launch
// (--param NAME=VALUE) and the module's hooks read with gpw.param.
type Param struct {
	Name    string
	Default ParamValue
	Min     float64 // numbers only
	Max     float64
	Choices []string // words only; nil for a number
	Text    string   // what it changes
	Cite    string   // the rule it varies
}

// ParamValue is a parameter's value: a number or one of its words.
type ParamValue struct {
	Num  float64
	Word string // "" for a number
}

// String prints the value as --param takes it.
func (v ParamValue) String() string {
	if v.Word != "" {
		return v.Word
	}
	return strconv.FormatFloat(v.Num, 'g', -1, 64)
}

func (v ParamValue) lua() lua.LValue {
	if v.Word != "" {
		return lua.LString(v.Word)
	}
	return lua.LNumber(v.Num)
}

// Params are the values of a game's parameters, by name: every parameter
// the module declares, set or by default.
type Params map[string]ParamValue

// Texts gives the values as --param takes them, for saves.
func (p Params) Texts() map[string]string {
	if len(p) == 0 {
		return nil
	}
	out := make(map[string]string, len(p))
	for k, v := range p {
		out[k] = v.String()
	}
	return out
}

// ParamHost is a host whose game sets the module's parameters; a host
// without it gives every parameter its default.
type ParamHost interface {
	ParamValues() Params
}

const maxParams = 100

// APIVersion is the version of the module API (R.format_version): within
// it the API only grows, and modules written for it run unchanged
// (docs/modding.md, "API version and what it promises").
const APIVersion = 1

// compileParams reads R.params.
func (r *Module) compileParams(rd *reader, t *lua.LTable) {
	pt := rd.table(t, "params", "R.params")
	names := keys(pt)
	if len(names) > maxParams {
		rd.fail("R.params has %d parameters; at most %d", len(names), maxParams)
		return
	}
	for _, name := range names {
		path := "R.params." + name
		e := rd.table(pt, name, path)
		if e == nil {
			if rd.err == nil {
				rd.fail("%s is a %s; it must be a table {default =, min =, max =, text =, cite =}", path, pt.RawGetString(name).Type())
			}
			return
		}
		p := Param{Name: name, Text: rd.str(e, "text", path+".text"), Cite: rd.str(e, "cite", path+".cite")}
		p.Choices = rd.strings(e, "choices", path+".choices", 32)
		switch d := e.RawGetString("default").(type) {
		case lua.LNumber:
			if p.Choices != nil {
				rd.fail("%s: a parameter with choices takes one of them as its default, not %v", path, d)
				return
			}
			p.Default.Num = float64(d)
			p.Min, p.Max = math.Inf(-1), math.Inf(1)
			if v, ok := e.RawGetString("min").(lua.LNumber); ok {
				p.Min = float64(v)
			}
			if v, ok := e.RawGetString("max").(lua.LNumber); ok {
				p.Max = float64(v)
			}
			if math.IsNaN(p.Default.Num) || p.Default.Num < p.Min || p.Default.Num > p.Max {
				rd.fail("%s: the default %v is outside %v..%v", path, p.Default.Num, p.Min, p.Max)
				return
			}
		case lua.LString:
			if !slices.Contains(p.Choices, string(d)) {
				rd.fail("%s: the default %q is not among its choices (%s)", path, string(d), strings.Join(p.Choices, ", "))
				return
			}
			p.Default.Word = string(d)
		default:
			rd.fail("%s.default is a %s; it must be a number, or a word with choices = {...}", path, d.Type())
			return
		}
		for _, c := range p.Choices {
			if c == "" {
				rd.fail("%s.choices: a choice may not be empty", path)
				return
			}
		}
		if p.Text == "" && rd.err == nil {
			rd.fail("%s.text is missing: say what the parameter changes", path)
		}
		r.Params = append(r.Params, p)
	}
}

// Param returns the parameter declared under name.
func (m *Module) Param(name string) (Param, bool) {
	for _, p := range m.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// paramNames lists the parameters' names, sorted.
func (m *Module) paramNames() []string {
	out := make([]string, len(m.Params))
	for i, p := range m.Params {
		out[i] = p.Name
	}
	return out
}

// unknownParam says that name is not a parameter of the module.
func (m *Module) unknownParam(name string) error {
	names := m.paramNames()
	if len(names) == 0 {
		return fmt.Errorf("%q is not a parameter of the rules %s: they declare none (R.params)", safeText(name), m.ID)
	}
	msg := fmt.Sprintf("%q is not a parameter of the rules %s", safeText(name), m.ID)
	if near := closest(name, names); near != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", near)
	}
	return fmt.Errorf("%s; its parameters: %s", msg, strings.Join(names, ", "))
}

// Parse reads a value of p as --param gives it.
func (p Param) Parse(s string) (ParamValue, error) {
	if p.Choices != nil {
		if !slices.Contains(p.Choices, s) {
			return ParamValue{}, fmt.Errorf("parameter %s: %q is not one of %s (%s)", p.Name, safeText(s), strings.Join(p.Choices, ", "), p.Cite)
		}
		return ParamValue{Word: s}, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return ParamValue{}, fmt.Errorf("parameter %s: %q is not a number", p.Name, safeText(s))
	}
	if f < p.Min || f > p.Max {
		return ParamValue{}, fmt.Errorf("parameter %s: %v is outside %v..%v (%s)", p.Name, f, p.Min, p.Max, p.Cite)
	}
	return ParamValue{Num: f}, nil
}

// Range says what values p takes: "0..5" or "floor|no-attack".
func (p Param) Range() string {
	if p.Choices != nil {
		return strings.Join(p.Choices, "|")
	}
	return fmt.Sprintf("%v..%v", p.Min, p.Max)
}

// ResolveParams checks the values given by name against the module's
// declarations and returns every parameter's value, the defaults filled
// in. An unknown name or a value out of range is an error saying why.
func (m *Module) ResolveParams(given map[string]string) (Params, error) {
	out := Params{}
	for _, p := range m.Params {
		out[p.Name] = p.Default
	}
	names := make([]string, 0, len(given))
	for k := range given {
		names = append(names, k)
	}
	slices.Sort(names) // the first error is the same in every run
	for _, k := range names {
		p, ok := m.Param(k)
		if !ok {
			return nil, m.unknownParam(k)
		}
		v, err := p.Parse(given[k])
		if err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, nil
}

// ParseParam splits a --param argument NAME=VALUE.
func ParseParam(s string) (name, value string, err error) {
	name, value, ok := strings.Cut(s, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" || value == "" {
		return "", "", fmt.Errorf("--param %q: give it as NAME=VALUE", safeText(s))
	}
	return name, value, nil
}

// paramFn is gpw.param(name): the game's value of a parameter.
func paramFn(rt *vm) lua.LGFunction {
	return func(L *lua.LState) int {
		name := L.CheckString(1)
		m := rt.module()
		if m == nil {
			L.Push(lua.LNil)
			return 1
		}
		p, ok := m.Param(name)
		if !ok {
			L.RaiseError("gpw.param: %v", m.unknownParam(name))
		}
		v := p.Default
		if ph, ok := rt.host.(ParamHost); ok {
			if got, ok := ph.ParamValues()[name]; ok {
				v = got
			}
		}
		L.Push(v.lua())
		return 1
	}
}
