package serve

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpw"
)

// The database and its journal are readable by the server's user only.
func TestDatabaseMode(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gpw.db")
	s := startTestServer(t, db)
	c := newClient(t, s)
	c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "network"})
	for _, p := range []string{db, db + "-wal"} {
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %04o, want 0600", filepath.Base(p), st.Mode().Perm())
		}
	}
	s.Close()
	// a database made readable by others is taken back
	os.Chmod(db, 0o644)
	s2 := startTestServer(t, db)
	defer s2.Close()
	if st, _ := os.Stat(db); st.Mode().Perm() != 0o600 {
		t.Errorf("an existing database: mode %04o, want 0600", st.Mode().Perm())
	}
}

// With a key the dice secrets are sealed in the file; the game opens
// with the key only.
func TestSecretsSealed(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "gpw.db")
	key := bytes.Repeat([]byte{7}, 32)
	s, err := New(Config{DB: db, Data: gpw.Data, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, s)
	tok := c.create(NewGame{Spec: Spec{Scenario: battle}, Mode: "network"})["soviet"]
	l, _, err := s.game(tok)
	if err != nil {
		t.Fatal(err)
	}
	secret := l.row.Secret.String()
	var stored string
	if err := s.store.db.QueryRow(`SELECT secret FROM games`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stored, secret) || !strings.HasPrefix(stored, sealedPrefix) {
		t.Errorf("the secret is stored as %q", stored)
	}
	s.Close()
	for _, f := range []string{db, db + "-wal"} {
		if b, err := os.ReadFile(f); err == nil && bytes.Contains(b, []byte(secret)) {
			t.Errorf("%s holds the secret in clear", filepath.Base(f))
		}
	}
	for _, k := range [][]byte{nil, bytes.Repeat([]byte{8}, 32)} {
		s2, err := New(Config{DB: db, Data: gpw.Data, Key: k})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := s2.game(tok); err == nil || !strings.Contains(err.Error(), "secret") {
			t.Errorf("key %x: the game opens (%v)", k, err)
		}
		s2.Close()
	}
	s3, err := New(Config{DB: db, Data: gpw.Data, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	defer s3.Close()
	if l, _, err := s3.game(tok); err != nil || l.row.Secret.String() != secret {
		t.Errorf("with its key: %v", err)
	}
}

// A key file readable by others is refused; a good one is read.
func TestKeyFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "key")
	os.WriteFile(p, []byte(strings.Repeat("ab", 32)+"\n"), 0o644)
	if _, err := ReadKeyFile(p); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a key file others may read: %v", err)
	}
	os.Chmod(p, 0o600)
	if k, err := ReadKeyFile(p); err != nil || len(k) != 32 {
		t.Errorf("a good key file: %v", err)
	}
	os.WriteFile(p, []byte("short"), 0o600)
	if _, err := ReadKeyFile(p); err == nil {
		t.Error("a short key accepted")
	}
}
