package game

import (
	"testing"
	"time"

	"gpw"
	"gpw/core"
	"gpw/scenario"
)

func TestTmpRandomTiming(t *testing.T) {
	for _, name := range []string{"gdw/barbarossa"} {
		sc, err := scenario.Load(gpw.Data, "scenarios/"+name+".toml", gpw.Data)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		g, err := New(sc, Options{AutoSetup: true, NoUndo: true}, gpw.Data, func(Event) {})
		if err != nil {
			t.Fatal(err)
		}
		err = PlayOut(g, NewRandomPlayer(core.Axis, 1), NewRandomPlayer(core.Soviet, 2), 0)
		t.Logf("%s: %v, %d commands, over %v %s, err %v", name, time.Since(start), len(g.history), g.Over(), g.VerdictText(), err)
	}
}
