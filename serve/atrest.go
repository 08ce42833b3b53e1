package serve

// atrest.go keeps the dice secrets of games in progress unreadable in
// the database file: sealed with AES-256-GCM under the server's key
// (gpw serve --key-file, or GPW_SERVE_KEY), the game's id bound in. With
// no key they are stored as they are, and the file's mode (0600: the
// server's user only) is the defence (docs/serve.md, "The database").

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"
)

// sealedPrefix marks a sealed secret in the database.
const sealedPrefix = "gcm1:"

// ParseKey reads a key for the dice secrets: 64 hex digits (32 bytes),
// spaces and a final newline ignored.
func ParseKey(text string) ([]byte, error) {
	b, err := hex.DecodeString(strings.TrimSpace(text))
	if err != nil || len(b) != 32 {
		return nil, errors.New("a key for the dice secrets is 64 hex digits (32 bytes; make one with: openssl rand -hex 32)")
	}
	return b, nil
}

// ReadKeyFile reads a key file, which must be readable by its owner only.
func ReadKeyFile(path string) ([]byte, error) {
	b, err := readRegular(path, 1024)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(path); err == nil && st.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("%s: others may read it (mode %04o); chmod 600 %s", path, st.Mode().Perm(), path)
	}
	k, err := ParseKey(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return k, nil
}

func (s *Store) aead() (cipher.AEAD, error) {
	block, err := aes.NewCipher(s.key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// sealSecret is how game id's secret is stored: sealed under the key, or
// as it is without one.
func (s *Store) sealSecret(id string, sec Secret) (string, error) {
	if s.key == nil {
		return sec.String(), nil
	}
	g, err := s.aead()
	if err != nil {
		return "", err
	}
	nonce := make([]byte, g.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return sealedPrefix + hex.EncodeToString(g.Seal(nonce, nonce, sec[:], []byte(id))), nil
}

// openSecret reads a stored secret of game id.
func (s *Store) openSecret(id, text string) (Secret, error) {
	sealed, ok := strings.CutPrefix(text, sealedPrefix)
	if !ok {
		return ParseSecret(text)
	}
	if s.key == nil {
		return Secret{}, errors.New("its dice secret is sealed: start the server with its key (--key-file or GPW_SERVE_KEY)")
	}
	b, err := hex.DecodeString(sealed)
	g, gerr := s.aead()
	if err != nil || gerr != nil || len(b) < g.NonceSize() {
		return Secret{}, errors.New("its sealed dice secret is damaged")
	}
	plain, err := g.Open(nil, b[:g.NonceSize()], b[g.NonceSize():], []byte(id))
	if err != nil || len(plain) != len(Secret{}) {
		return Secret{}, errors.New("its dice secret does not open with this key (another key, or the database was changed)")
	}
	var sec Secret
	copy(sec[:], plain)
	return sec, nil
}

// createPrivate makes the database file readable by its owner only
// before SQLite opens it, and takes the others' rights from one that
// exists.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if st, err := os.Stat(p); err == nil && st.Mode().Perm()&0o077 != 0 {
			if err := os.Chmod(p, 0o600); err != nil {
				return err
			}
		}
	}
	return nil
}
