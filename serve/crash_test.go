package serve

import (
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gpw"
)

// TestServeHelper is not a test: run by TestKillLosesNoCommand as a child
// process (GPW_SERVE_HELPER=DB), it serves until killed.
func TestServeHelper(t *testing.T) {
	db := os.Getenv("GPW_SERVE_HELPER")
	if db == "" {
		t.Skip("a helper process for TestKillLosesNoCommand")
	}
	s, err := New(Config{DB: db, Sync: os.Getenv("GPW_SERVE_SYNC"), Data: gpw.Data})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(db+".addr", []byte(ln.Addr().String()), 0o644)
	http.Serve(ln, s.Handler())
}

// TestKillLosesNoCommand kills a serving process (SIGKILL) while commands
// stream in: every command it answered as accepted is in the database
// when it starts again, whether commits are flushed to the disk or not.
func TestKillLosesNoCommand(t *testing.T) {
	for _, mode := range []string{"normal", "full"} {
		t.Run(mode, func(t *testing.T) { killLosesNoCommand(t, mode) })
	}
}

func killLosesNoCommand(t *testing.T, mode string) {
	db := filepath.Join(t.TempDir(), "gpw.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeHelper$")
	cmd.Env = append(os.Environ(), "GPW_SERVE_HELPER="+db, "GPW_SERVE_SYNC="+mode)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	var addr []byte
	for i := 0; i < 200 && len(addr) == 0; i++ {
		time.Sleep(50 * time.Millisecond)
		addr, _ = os.ReadFile(db + ".addr")
	}
	if len(addr) == 0 {
		t.Fatal("the server process did not start")
	}
	c := &client{t: t, ts: &httptest.Server{URL: "http://" + string(addr)}}
	var toks []string
	for i := 0; i < 3; i++ {
		toks = append(toks, c.create(NewGame{Spec: Spec{Scenario: "gdw/campaign", AutoSetup: true}, Mode: "hotseat"})["both"])
	}
	// three games take commands at once; the process dies under them
	var mu sync.Mutex
	accepted := map[string]int{}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for _, tok := range toks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				req, _ := http.NewRequest("POST", c.ts.URL+"/api/g/"+tok+"/command", strings.NewReader(`{"command":"end"}`))
				req.Header.Set("Content-Type", "application/json")
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					return // killed
				}
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					mu.Lock()
					accepted[tok]++
					mu.Unlock()
				}
			}
		}()
	}
	// kill it in the middle of the stream
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		mu.Lock()
		n := 0
		for _, k := range accepted {
			n += k
		}
		mu.Unlock()
		if n >= 150 {
			break
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	close(stop)
	wg.Wait()

	s := startTestServer(t, db)
	defer s.Close()
	total := 0
	for _, tok := range toks {
		id, _, err := s.store.Link(tok)
		if err != nil {
			t.Fatal(err)
		}
		entries, err := s.store.Entries(id)
		if err != nil {
			t.Fatal(err)
		}
		// at most one more: committed while its answer was on the way
		if n := len(entries); n < accepted[tok] || n > accepted[tok]+1 {
			t.Errorf("game %s: %d commands accepted, %d stored", id, accepted[tok], n)
		}
		total += accepted[tok]
		// and the game loads and goes on
		nc := newClient(t, s)
		if v := nc.view(tok); v.Version != len(entries) {
			t.Errorf("game %s reads at version %d, %d stored", id, v.Version, len(entries))
		} else if !v.Status.Over {
			nc.must(tok, "end")
		}
	}
	if total == 0 {
		t.Fatal("no command was accepted before the kill")
	}
	t.Logf("%d commands accepted before the kill, none lost", total)
}
