package battle

import (
	"fmt"
	"strings"
	"testing"

	"gpw"
)

// TestGDWLosses checks every column in clear weather against the
// module's own table: each result's faces as the CRT lists them, and the
// defender's expected loss from what each result does to an 8-4 unit
// whose retreat is open (GDW: Combat Results: DE eliminates it, DRL and
// EX take a step, DR, NE and AL none).
func TestGDWLosses(t *testing.T) {
	r, err := Load("gdw", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	m, err := Standard.Compute("gdw", gpw.Data, r.CRTColumns, []string{"clear"})
	if err != nil {
		t.Fatal(err)
	}
	step := map[string]float64{"DE": 8, "DRL": 4, "EX": 4, "DR": 0, "NE": 0, "AL": 0}
	for c, col := range r.CRTColumns {
		o := m.at("clear", col)
		want := map[string]int{}
		def := 0.0
		for die := range r.CRT {
			res := r.CRT[die][c]
			want[res]++
			def += step[res] / 6
		}
		if o.Column != col || !o.Exact {
			t.Errorf("%s: column %q, exact %v", col, o.Column, o.Exact)
		}
		for k, n := range want {
			if o.Results[k] != n {
				t.Errorf("%s: %s on %d faces, the CRT has %d", col, k, o.Results[k], n)
			}
		}
		if o.DefenderLost != round(def) {
			t.Errorf("%s: the defender loses %.4f, want %.4f", col, o.DefenderLost, def)
		}
		if strings.Contains(col, "6:1") && o.AttackerLost != 0 {
			t.Errorf("6:1: the attacker loses %.3f, want 0 (DE and DRL only)", o.AttackerLost)
		}
	}
}

func TestWeatherAndLimits(t *testing.T) {
	m, err := Standard.Compute("gdw", gpw.Data, []string{"1:2", "3:1"}, []string{"clear", "snow", "mud"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ w, odds, col, refused string }{
		{"clear", "3:1", "3:1", ""},
		{"snow", "3:1", "2:1", ""}, // GDW: Weather: snow shifts a column left
		{"mud", "3:1", "1:1", ""},  // GDW: Weather: mud halves the attack (12:8)
		{"clear", "1:2", "", "GDW: Combat / Minimum and Maximum Odds"},
	} {
		o := m.at(c.w, c.odds)
		if o.Column != c.col || !strings.Contains(o.Refused, c.refused) {
			t.Errorf("%s %s: column %q refused %q, want %q %q", c.w, c.odds, o.Column, o.Refused, c.col, c.refused)
		}
	}
}

func TestCompare(t *testing.T) {
	c, err := Standard.Compare("gdw", "testdata/de11.lua", gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.Weathers, " ") != "clear snow mud" {
		t.Errorf("weathers %v", c.Weathers)
	}
	for _, o := range c.Odds {
		for _, w := range c.Weathers {
			x, y := c.A.at(w, o), c.B.at(w, o)
			same := x.DefenderLost == y.DefenderLost && x.AttackerLost == y.AttackerLost
			if x.Column == "1:1" {
				if y.DefenderLost != 8 || y.AttackerLost != 0 || y.Results["DE"] != 6 {
					t.Errorf("%s %s: de11 gives %+v, want DE on every face", w, o, y)
				}
			} else if !same {
				t.Errorf("%s %s: gdw %+v and de11 %+v differ off the 1:1 column", w, o, x, y)
			}
		}
	}
	var b strings.Builder
	if err := c.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "DE 6  0.00  8.00") {
		t.Errorf("the table lacks de11's 1:1 column:\n%s", b.String())
	}
}

func TestStrengths(t *testing.T) {
	for _, c := range []struct {
		total, n int
		want     string
	}{{80, 3, "[27 27 26]"}, {2, 3, "[1 1]"}, {9, 3, "[3 3 3]"}} {
		if got := fmt.Sprint(Strengths(c.total, c.n)); got != c.want {
			t.Errorf("Strengths(%d, %d) = %s, want %s", c.total, c.n, got, c.want)
		}
	}
}

// TestAxisDoubled: the known-effect module of gpw sim's tests doubles
// Axis attack factors, so an Axis attack at 1:1 is fought on the 2:1
// column.
func TestAxisDoubled(t *testing.T) {
	m, err := Standard.Compute("../engine/testdata/axis2x.lua", gpw.Data, []string{"1:1", "3:1"}, []string{"clear"})
	if err != nil {
		t.Fatal(err)
	}
	for odds, col := range map[string]string{"1:1": "2:1", "3:1": "6:1"} {
		if o := m.at("clear", odds); o.Column != col {
			t.Errorf("%s: column %q, want %q", odds, o.Column, col)
		}
	}
}
