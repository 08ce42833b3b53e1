package engine

import (
	"encoding/json"
	"path"
	"testing"

	"gpw"
	"gpw/scenario"
)

func barbarossa(t testing.TB) *scenario.Scenario {
	t.Helper()
	sc, err := scenario.Load(gpw.Data, path.Join("scenarios", "gdw/barbarossa.toml"), gpw.Data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func TestPlay(t *testing.T) {
	e, err := New(Config{Scenario: barbarossa(t), Name: "gdw/barbarossa", Builtin: gpw.Data, Arms: []string{"gdw", "testdata/gdwcopy.lua"}})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := e.Play(0, 0, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(rec)
	t.Logf("%s", b)
}
