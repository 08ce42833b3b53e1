package main

import (
	"strings"
	"testing"
)

func TestScenariosList(t *testing.T) {
	ios, out := testIO("")
	root := newRootCmd(ios.In, ios.Out, ios.Err)
	root.SetArgs([]string{"scenarios"})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"gdw/barbarossa               gdw,adc2   Jun 1941 – Nov/Dec 1941",
		"gdw/fall-blau", "gdw/stalingrad", "gdw/kursk", "gdw/bagration",
		"gdw/campaign                 gdw,adc2   Jun 1941 – May 1945",
		"adc2/campaign                adc2,gdw   Jun 1941 – May 1945",
		"rulebook/movement",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("gpw scenarios does not list %q:\n%s", want, out)
		}
	}
}

// gpw run --scenario NAME --auto-setup --auto --turns 2 plays every
// shipped scenario without an error (issue 5), under its default rules
// when they exist, else under gdw.
func TestRunAutoSetupEveryScenario(t *testing.T) {
	if _, err := rulesFS().Open("maps/gpw.toml"); err != nil {
		t.Skip("no compiled theatre map yet")
	}
	for _, name := range []string{"gdw/barbarossa", "gdw/fall-blau", "gdw/stalingrad", "gdw/kursk", "gdw/bagration", "gdw/campaign", "adc2/campaign"} {
		for _, v := range []string{"gdw", "adc2"} {
			if _, ok := variantModule(v); !ok {
				continue
			}
			ios, out := testIO("")
			root := newRootCmd(ios.In, ios.Out, ios.Err)
			root.SetArgs([]string{"run", "--scenario", name, "--rules", v, "--auto-setup", "--auto", "--turns", "2", "--json"})
			if err := root.Execute(); err != nil {
				t.Errorf("%s under %s: %v\n%s", name, v, err, tail(out.String(), 5))
				continue
			}
			if strings.Contains(out.String(), `"event":"error"`) {
				t.Errorf("%s under %s: an error event", name, v)
			}
			if !strings.Contains(out.String(), `"event":"setup-end"`) {
				t.Errorf("%s under %s: no setup", name, v)
			}
		}
	}
}

func TestScenariosCheck(t *testing.T) {
	ios, out := testIO("")
	root := newRootCmd(ios.In, ios.Out, ios.Err)
	root.SetArgs([]string{"scenarios", "--check"})
	if err := root.Execute(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out.String(), "units gdw (") {
		t.Errorf("no catalogue check:\n%s", out)
	}
}

func tail(s string, n int) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}
