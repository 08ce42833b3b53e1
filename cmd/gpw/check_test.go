package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckRun checks each kind of file gpw check reads, good and bad.
func TestCheckRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	badLua := write("bad.lua", "local R = require(\"base\")\nR.id = \"bad\"\nlocal x = nil\nx.y = 1\nreturn R\n")
	badData := write("slow.lua", "local R = require(\"base\")\nR.id = \"slow\"\nR.move_cost.armor.forest = \"slow\"\nreturn R\n")
	badToml := write("bad.toml", "name = \"x\"\nstart = \"Jul 1941\"\n[map]\nsheet = \"B\"\ncols = 5\nrows = 5\n[[unit]]\nid = \"a\"\nside = \"soviet\"\nkind = \"infantry\"\nstrength = [8, 4]\nmp = 6\nhex = \"B-0909\"\n")
	monthly, err := os.ReadFile("../../game/testdata/monthly/monthly.lua")
	if err != nil {
		t.Fatal(err)
	}
	monthlyLua := write("monthly.lua", string(monthly))
	badMonth := write("month.toml", "name = \"x\"\nrules = \"monthly.lua\"\nstart = \"Monsoon 1941\"\n[map]\nsheet = \"B\"\ncols = 5\nrows = 5\n")
	sched := write("sched.toml", "format_version = 1\nunits = \"gdw\"\n[[replacements]]\nturn = \"Dec 1941\"\nsoviet = 1\n")
	tests := []struct {
		files []string
		rules string
		want  []string
		fail  bool
	}{
		{[]string{"../../rules/house/river2.lua", "../../scenarios/gdw/kursk.toml", "../../maps/gpw.toml", "../../scenarios/units/gdw/german.toml"},
			"", []string{"river2.lua: ok", "kursk.toml: ok", "gpw.toml: ok", "german.toml: ok"}, false},
		{[]string{badLua}, "", []string{"bad.lua:4: in phase load"}, true},
		{[]string{badData}, "", []string{`slow.lua: R.move_cost.armor.forest: "slow"`}, true},
		{[]string{badToml}, "", []string{"bad.toml:13: unit a: hex B-0909 is off the map"}, true},
		// a scenario and a schedule under a module of monthly turns
		{[]string{"../../game/testdata/monthly/monthly.toml"}, "", []string{"monthly.toml: ok"}, false},
		{[]string{badMonth}, "", []string{`month.toml:3: start: "Monsoon 1941" is not a turn of the monthly rules (turns: Jan, Feb,`}, true},
		{[]string{sched}, monthlyLua, []string{"sched.toml: ok"}, false},
		{[]string{sched}, "", []string{`sched.toml:3: replacements: "Dec 1941" is not a turn of the calendar`}, true},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := checkRun(&checkOptions{IO: &ioStreams{Out: &out}, Files: tt.files, Rules: tt.rules})
		if (err != nil) != tt.fail {
			t.Errorf("%v: error %v, want failure %v\n%s", tt.files, err, tt.fail, out.String())
		}
		for _, w := range tt.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: output lacks %q:\n%s", tt.files, w, out.String())
			}
		}
	}
}
