package scenario

import (
	"crypto/sha256"
	"path"

	"gpw/core"
)

// ScheduleSpec is a [[reinforcements]], [[withdrawals]] or [[returns]]
// table: the units named, in the turn named.
type ScheduleSpec struct {
	Turn  string   `toml:"turn"`
	Side  string   `toml:"side"`
	Pool  string   `toml:"pool"` // force pool name (ADC2); e.g. AxisAug41 by default
	Units []string `toml:"units"`
	Line  int      `toml:"-"`
	File  string   `toml:"-"`
}

// schedules are the tables of a schedule file, or a scenario's own.
type schedules struct {
	Reinforcements []ScheduleSpec `toml:"reinforcements"`
	Withdrawals    []ScheduleSpec `toml:"withdrawals"`
	Returns        []ScheduleSpec `toml:"returns"`
	Replacements   []Replacements `toml:"replacements"`
	Pool           []PoolSpec     `toml:"pool"`
}

// number sets the file and line of every table.
func (s *schedules) number(t *text) {
	for _, l := range []struct {
		name string
		s    []ScheduleSpec
	}{{"reinforcements", s.Reinforcements}, {"withdrawals", s.Withdrawals}, {"returns", s.Returns}} {
		for i := range l.s {
			l.s[i].Line, l.s[i].File = t.header(l.name, i)+1, t.file
		}
	}
	for i := range s.Replacements {
		s.Replacements[i].Line, s.Replacements[i].File = t.header("replacements", i)+1, t.file
	}
	for i := range s.Pool {
		s.Pool[i].Line, s.Pool[i].File = t.header("pool", i)+1, t.file
	}
}

// count returns the most tables of one kind, and that kind.
func (s *schedules) count() (int, string) {
	n, name := 0, ""
	for _, t := range []struct {
		name string
		n    int
	}{{"reinforcements", len(s.Reinforcements)}, {"withdrawals", len(s.Withdrawals)}, {"returns", len(s.Returns)},
		{"replacements", len(s.Replacements)}, {"pool", len(s.Pool)}} {
		if t.n > n {
			n, name = t.n, t.name
		}
	}
	return n, name
}

// scheduleFile is a file of scenarios/schedules.
type scheduleFile struct {
	FormatVersion int    `toml:"format_version"`
	Name          string `toml:"name"`
	Units         string `toml:"units"` // the catalogue its ids come from
	Description   string `toml:"description"`
	schedules
}

// scheduleDoc is a schedule file as read: its tables numbered and the
// problems it has on its own. It is cached: shared, never written.
type scheduleDoc struct {
	f    scheduleFile
	text *text
	errs Errors
}

// readSchedule reads a schedule file for the rules' kinds k, once per
// process.
func readSchedule(file string, data []byte, k Kinds) *scheduleDoc {
	doc, _ := cached(cacheKey{"schedule", file, k.String(), sha256.Sum256(data)}, func() (*scheduleDoc, error) {
		doc := &scheduleDoc{text: newText(file, data)}
		src := newSource(file, data)
		src.text = doc.text
		md, err := decode(file, data, &doc.f)
		if err != nil {
			src.add(err)
		} else if n, name := doc.f.count(); n > MaxTables {
			src.errorf(src.header(name, MaxTables)+1, "%d [[%s]] tables; a file may have at most %d", n, name, MaxTables)
			doc.f = scheduleFile{}
		} else {
			undecoded(src, md, &doc.f, "")
			if doc.f.FormatVersion != FormatVersion {
				src.errorf(src.key("", 0, "format_version"), "format_version is %d; this gpw reads schedule format %d", doc.f.FormatVersion, FormatVersion)
			}
			doc.f.number(doc.text)
			for _, rp := range doc.f.Replacements {
				checkRepl(src, rp, k)
			}
		}
		doc.errs = *src.errs
		return doc, nil
	})
	return doc
}

// schedules reads the shared schedules names (scenarios/schedules/NAME.toml,
// from the scenario's folder or the built-in data) for the catalogue
// units. It returns their tables, in order, and a source per file.
func (ld *loader) schedules(src *source, names []string, units string, k Kinds) (schedules, []*source, bool) {
	var all schedules
	var srcs []*source
	for _, name := range names {
		if err := checkName("schedule", name); err != nil {
			src.errorf(src.key("", 0, "schedule"), "%v", err)
			return all, nil, false
		}
		file := path.Join("scenarios", "schedules", name+".toml")
		fsys := firstWith(file, ld.fsys, ld.dataFS)
		if fsys == nil {
			src.errorf(src.key("", 0, "schedule"), "schedule %q: no file %s", name, file)
			return all, nil, false
		}
		data, err := readFile(fsys, file, MaxFileSize)
		if err != nil {
			src.errorf(src.key("", 0, "schedule"), "schedule %q: %s: %s", name, file, why(err))
			return all, nil, false
		}
		doc := readSchedule(file, data, k)
		ssrc := src.with(doc.text)
		srcs = append(srcs, ssrc)
		ssrc.add(doc.errs)
		if doc.f.Units != "" && doc.f.Units != units {
			ssrc.errorf(ssrc.key("", 0, "units"), "schedule %s is for unit catalogue %q, the scenario uses %q", name, doc.f.Units, units)
		}
		all.Reinforcements = append(all.Reinforcements, doc.f.Reinforcements...)
		all.Withdrawals = append(all.Withdrawals, doc.f.Withdrawals...)
		all.Returns = append(all.Returns, doc.f.Returns...)
		all.Replacements = append(all.Replacements, doc.f.Replacements...)
		all.Pool = append(all.Pool, doc.f.Pool...)
	}
	return all, srcs, true
}

// schedule applies reinforcements, withdrawals or returns. own marks the
// scenario's own tables (which win over the shared schedule).
func (x *expander) schedule(list []ScheduleSpec, what string, own bool) {
	seen := map[string]*ScheduleSpec{}
	for k := range list {
		e := &list[k]
		src := x.srcOf(e.File)
		t, err := x.sc.Kinds.ParseTurn(e.Turn)
		if err != nil {
			src.errorf(e.Line, "%s: %v", what, err)
			continue
		}
		if own {
			x.checkSpan(src, e, t, what)
		}
		side := core.NoSide
		if e.Side != "" {
			var err error
			if side, err = core.ParseSide(e.Side); err != nil {
				src.errorf(src.find(e.Line-1, "side"), "%v", err)
			}
		}
		for _, id := range e.Units {
			line := func() int { return src.find(e.Line-1, `"`+id+`"`) }
			if prev, dup := seen[id]; dup {
				src.errorfAt(line, "unit %s %s twice in this file (also %s at line %d)", id, what, prev.Turn, src.find(prev.Line-1, `"`+id+`"`))
				continue
			}
			seen[id] = e
			if x.setup[id] && what == "arrives" {
				if own {
					src.errorfAt(line, "unit %s is both set up and a reinforcement: each unit is placed once", id)
				}
				continue // a shared arrival of a unit this scenario sets up
			}
			u := x.use(src, e.Line, id)
			if u == nil {
				continue
			}
			if side != core.NoSide && u.SideOf() != side {
				src.errorfAt(line, "unit %s is %s, not %s", id, u.Side, side)
			}
			switch what {
			case "arrives":
				u.Arrives = e.Turn
				u.Pool = e.Pool // a named pool, or AxisJul41 and the like (finish)
				if !own {
					if x.shared == nil {
						x.shared = map[string]bool{}
					}
					x.shared[id] = true
				}
			case "withdraws":
				u.Withdraws = e.Turn
				if own {
					x.withdrawn = append(x.withdrawn, ownWithdrawal{e, id, t})
				}
			case "returns":
				u.Returns = e.Turn
			}
		}
	}
}

func checkRepl(src *source, rp Replacements, k Kinds) {
	switch {
	case rp.Turn != "" && rp.Year != 0:
		src.errorf(rp.Line, "replacements: give turn or year, not both")
	case rp.Turn != "":
		if _, err := k.ParseTurn(rp.Turn); err != nil {
			src.errorf(rp.Line, "replacements: %v", err)
		}
	case rp.Year < 1900 || rp.Year > 2100:
		src.errorf(rp.Line, "replacements: give a turn (turn = \"Jul 1941\") or a year (year = 1942)")
	}
	switch {
	case rp.Axis < 0 || rp.Soviet < 0:
		src.errorf(rp.Line, "replacements: points must not be negative")
	case rp.Axis > MaxPoints || rp.Soviet > MaxPoints:
		src.errorf(rp.Line, "replacements: at most %d points a turn", MaxPoints)
	}
}

// ownWithdrawal is a withdrawal of the scenario's own tables, checked once
// every unit's arrival is known (checkWithdrawals).
type ownWithdrawal struct {
	e    *ScheduleSpec
	id   string
	turn int
}

// checkSpan refuses a turn of the scenario's own schedule outside its
// span: a reinforcement before the start would begin in the eliminated
// pile, anything after the end never happens.
func (x *expander) checkSpan(src *source, e *ScheduleSpec, t int, what string) {
	sc := x.sc
	table := map[string]string{"arrives": "reinforcements", "withdraws": "withdrawals", "returns": "returns"}[what]
	if t < x.start {
		src.errorf(e.Line, "%s: %s comes before the scenario's start (%s): %s", table, e.Turn, sc.Start,
			map[string]string{"arrives": "its units would begin in the eliminated pile; set them up instead",
				"withdraws": "its units would never be on the map; leave them out", "returns": "give the turn they return in the scenario"}[what])
		return
	}
	if sc.End == "" {
		return
	}
	if end, err := sc.Kinds.ParseTurn(sc.End); err == nil && t > end {
		src.errorf(e.Line, "%s: %s comes after the scenario's end (%s): it never happens", table, e.Turn, sc.End)
	}
}

// checkWithdrawals refuses the withdrawal of a unit that is not on the
// map by then: neither set up nor arriving before, nor waiting in a pool.
func (x *expander) checkWithdrawals() {
	for _, w := range x.withdrawn {
		u := x.units[w.id]
		if u == nil || x.setup[w.id] || u.Hex != "" || u.Held {
			continue
		}
		src := x.srcOf(w.e.File)
		line := func() int { return src.find(w.e.Line-1, `"`+w.id+`"`) }
		if u.Arrives == "" {
			src.errorfAt(line, "withdrawals: unit %s is not in this scenario in %s: it is neither set up nor a reinforcement", w.id, w.e.Turn)
			continue
		}
		if a, err := x.sc.Kinds.ParseTurn(u.Arrives); err == nil && a > w.turn {
			src.errorfAt(line, "withdrawals: unit %s withdraws in %s but arrives only in %s", w.id, w.e.Turn, u.Arrives)
		}
	}
}
