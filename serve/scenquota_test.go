package serve

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpw"
)

// Scenario uploads have quotas as modules do: a size per upload (413)
// and new uploads per client an hour (429), each said in plain words
// without the server's paths; the same upload sent again counts once.
func TestScenarioUploadQuotas(t *testing.T) {
	s := newTestServer(t)
	defer s.Close()
	c := newClient(t, s)
	lua := "return function(R) return R end\n"
	big := &Upload{File: "mozhaisk.toml", Files: map[string]string{"mozhaisk.toml": mozhaisk + "\n#" + strings.Repeat("x", MaxScenarioSize) + "\n", "mozhaisk.lua": lua}}
	var rf Refusal
	if code := c.do("POST", "/api/scenarios/check", big, &rf); code != http.StatusRequestEntityTooLarge || !strings.Contains(rf.Msg, "at most 512 KiB") {
		t.Errorf("a large upload checked: %d %+v", code, rf)
	}
	if code := c.do("POST", "/api/games", NewGame{Spec: Spec{Scenario: "mozhaisk", Upload: big, AutoSetup: true}, Mode: "hotseat"}, &rf); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a game of a large upload: %d %+v", code, rf)
	}
	// the hourly count: distinct uploads from one client
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	up := func(i int) *Upload {
		return &Upload{File: "mozhaisk.toml", Files: map[string]string{"mozhaisk.toml": mozhaisk + strings.Repeat("\n", i), "mozhaisk.lua": lua}}
	}
	for i := range MaxScenariosPerHour {
		if err := s.lib.admitUpload("127.0.0.1", up(i), now); err != nil {
			t.Fatalf("upload %d: %v", i, err)
		}
	}
	if err := s.lib.admitUpload("127.0.0.1", up(0), now); err != nil {
		t.Errorf("an upload sent again counts: %v", err)
	}
	for _, path := range []string{"/api/scenarios/check", "/api/games"} {
		body := any(up(MaxScenariosPerHour))
		if path == "/api/games" {
			body = NewGame{Spec: Spec{Scenario: "mozhaisk", Upload: up(MaxScenariosPerHour), AutoSetup: true}, Mode: "hotseat"}
		}
		var raw json.RawMessage
		code := c.do("POST", path, body, &raw)
		text := string(raw)
		if code != http.StatusTooManyRequests || !strings.Contains(text, "20 new scenarios an hour") || strings.Contains(text, "/tmp") || strings.Contains(text, "/work") {
			t.Errorf("%s past the quota: %d %s", path, code, text)
		}
	}
	if err := s.lib.admitUpload("10.0.0.2", up(MaxScenariosPerHour), now); err != nil {
		t.Errorf("another client: %v", err)
	}
	now = now.Add(61 * time.Minute)
	if err := s.lib.admitUpload("127.0.0.1", up(MaxScenariosPerHour), now); err != nil {
		t.Errorf("an hour later: %v", err)
	}
}

// pin reads a folder's scenario under the modules' lock, as open does:
// not while the modules' folder is collected.
func TestPinHoldsModulesLock(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"mozhaisk.toml": mozhaisk, "mozhaisk.lua": "return function(R) return R end\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lib := &Library{Data: gpw.Data, Local: os.DirFS(dir)}
	lib.mods.gc.Lock() // the folder being collected
	done := make(chan error, 1)
	go func() {
		spec := Spec{Scenario: "local/mozhaisk"}
		done <- lib.pin(&spec)
	}()
	select {
	case err := <-done:
		t.Fatalf("pin ran while the modules' folder was collected (%v)", err)
	case <-time.After(200 * time.Millisecond):
	}
	lib.mods.gc.Unlock()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
