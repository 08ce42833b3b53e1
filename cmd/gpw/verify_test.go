package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// gpw verify reads regular files only: a device is refused at once (it
// read /dev/zero until the process died), a FIFO too (it blocked for
// ever), in plain words.
func TestVerifyReadsRegularFilesOnly(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{"/dev/zero": "is a device", fifo: "is a FIFO"} {
		done := make(chan error, 1)
		go func() {
			ios, _ := testIO("")
			done <- verifyRun(&verifyOptions{IO: ios, File: path})
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v, want %q", path, err, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: gpw verify still reading after 10 s", path)
		}
	}
}
