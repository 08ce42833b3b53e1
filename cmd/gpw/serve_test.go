package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeAndVerify starts gpw serve, plays the rulebook battle to the
// end over its API, downloads the record and checks it with gpw verify;
// then a changed die is caught.
func TestServeAndVerify(t *testing.T) {
	dir := t.TempDir()
	ctx, stop := context.WithCancel(context.Background())
	addrc := make(chan string, 1)
	var out bytes.Buffer
	o := &serveOptions{IO: &ioStreams{Out: &out}, Addr: "127.0.0.1:0", DB: filepath.Join(dir, "gpw.db"), stop: ctx,
		ready: func(a string) { addrc <- a }}
	done := make(chan error, 1)
	go func() { done <- serveRun(o) }()
	var base string
	select {
	case a := <-addrc:
		base = "http://" + a
	case err := <-done:
		t.Fatal(err)
	}
	post := func(path, body string, out any) {
		t.Helper()
		resp, err := http.Post(base+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode/100 != 2 {
			t.Fatalf("%s %s: %d %s", path, body, resp.StatusCode, b)
		}
		if out != nil {
			json.Unmarshal(b, out)
		}
	}
	var created struct {
		You string `json:"you"`
	}
	post("/api/games", `{"scenario":"rulebook/combat-zoc-retreat","mode":"hotseat"}`, &created)
	tok := strings.TrimPrefix(created.You, "/play/")
	post("/api/g/"+tok+"/command", `{"command":"attack B-1603 from B-1503 B-1602 B-1703 B-1704"}`, nil)
	for i := 0; i < 10; i++ {
		var v struct {
			Status  struct{ Over bool } `json:"status"`
			Actions *struct {
				Decision *struct {
					Options []struct {
						Command string `json:"command"`
						Wait    bool   `json:"wait"`
					} `json:"options"`
				} `json:"decision"`
			} `json:"actions"`
		}
		resp, err := http.Get(base + "/api/g/" + tok)
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		if v.Status.Over {
			break
		}
		cmd := "end"
		if v.Actions != nil && v.Actions.Decision != nil {
			for _, o := range v.Actions.Decision.Options {
				if !o.Wait && o.Command != "stand" {
					cmd = o.Command
					break
				}
			}
		}
		b, _ := json.Marshal(map[string]string{"command": cmd})
		post("/api/g/"+tok+"/command", string(b), nil)
	}
	resp, err := http.Get(base + "/api/g/" + tok + "/record")
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("gpw serve did not stop")
	}
	if !strings.Contains(out.String(), "gpw serve: http://127.0.0.1:") {
		t.Errorf("serve printed %q", out.String())
	}

	file := filepath.Join(dir, "rec.json")
	os.WriteFile(file, rec, 0o644)
	var vout bytes.Buffer
	if err := verifyRun(&verifyOptions{IO: &ioStreams{Out: &vout}, File: file}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(vout.String(), "verified:") || !strings.Contains(vout.String(), "replay from it") {
		t.Errorf("verify printed %q", vout.String())
	}
	// a die changed in the record
	var r map[string]any
	json.Unmarshal(rec, &r)
	e := r["entries"].([]any)[0].(map[string]any)
	d := e["dice"].([]any)
	d[0] = float64(int(d[0].(float64))%6 + 1)
	bad, _ := json.Marshal(r)
	os.WriteFile(file, bad, 0o644)
	if err := verifyRun(&verifyOptions{IO: &ioStreams{Out: io.Discard}, File: file}); err == nil || !strings.Contains(err.Error(), "was changed") {
		t.Errorf("a changed die: %v", err)
	}
}
