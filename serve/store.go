package serve

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"strings"
	"sync"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver
)

// Store keeps games in a SQLite file: each game's start, its links and
// every accepted command. Commands are appended by one writer that commits
// what several games sent at once in one transaction (group commit), and
// a command counts as accepted only once its transaction is committed.
type Store struct {
	db      *sql.DB // readers
	w       *sql.DB // the one writer
	ckpt    *sql.DB // copies the log of commits into the database, beside the writer
	commits chan int
	appends chan appendReq
	done    chan struct{}
	wg      sync.WaitGroup
	key     []byte // seals the dice secrets (atrest.go); nil: stored as they are
}

// GameRow is a game as stored.
type GameRow struct {
	ID         string
	Created    string
	Mode       string // solo, hotseat, network
	Spec       Spec
	Secret     Secret
	Commitment string
	Bot        string // the computer's side in a solo game
	BotLevel   string
	Over       bool
}

const schema = `
CREATE TABLE IF NOT EXISTS games (
	id TEXT PRIMARY KEY,
	created TEXT NOT NULL,
	mode TEXT NOT NULL,
	spec TEXT NOT NULL,
	secret TEXT NOT NULL,
	commitment TEXT NOT NULL,
	bot TEXT NOT NULL DEFAULT '',
	bot_level TEXT NOT NULL DEFAULT '',
	over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS links (
	token_hash TEXT PRIMARY KEY,
	game TEXT NOT NULL REFERENCES games(id),
	role TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
	game TEXT NOT NULL REFERENCES games(id),
	seq INTEGER NOT NULL,
	at TEXT NOT NULL,
	side TEXT NOT NULL,
	by TEXT NOT NULL,
	command TEXT NOT NULL,
	dice TEXT NOT NULL,
	rolls INTEGER NOT NULL,
	prev TEXT NOT NULL,
	hash TEXT NOT NULL,
	PRIMARY KEY (game, seq)
);
`

// OpenStore opens (creating on first use) the database file path. With
// sync full every commit is flushed to the disk before it is answered
// (safe from a power cut); with normal a commit is in the operating
// system's hands when answered (safe from the server's crash or kill -9,
// not from a power cut) and flushed at the next checkpoint.
func OpenStore(path, sync string) (*Store, error) {
	switch sync {
	case "":
		sync = "normal"
	case "normal", "full":
	default:
		return nil, fmt.Errorf("sync %q: normal or full", sync)
	}
	if err := createPrivate(path); err != nil {
		return nil, err
	}
	dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(" + strings.ToUpper(sync) + ")&_pragma=foreign_keys(ON)"
	// the writer never checkpoints: a commit does not wait for one
	w, err := sql.Open("sqlite", dsn+"&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	if _, err := w.Exec(schema + socialSchema); err != nil {
		w.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	r, err := sql.Open("sqlite", dsn+"&_pragma=query_only(ON)")
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(4)
	c, err := sql.Open("sqlite", dsn)
	if err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	c.SetMaxOpenConns(1)
	s := &Store{db: r, w: w, ckpt: c, appends: make(chan appendReq, 256), done: make(chan struct{}), commits: make(chan int, 1)}
	s.wg.Add(2)
	go s.writer()
	go s.checkpointer()
	return s, nil
}

// Close stops the writer and closes the database.
func (s *Store) Close() error {
	close(s.done)
	s.wg.Wait()
	_, err := s.ckpt.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	return errors.Join(err, s.db.Close(), s.w.Close(), s.ckpt.Close())
}

func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// CreateGame stores a new game and its links (token → role). Only the
// tokens' hashes are kept.
func (s *Store) CreateGame(g *GameRow, links map[string]string) error {
	spec, err := json.Marshal(g.Spec)
	if err != nil {
		return err
	}
	secret, err := s.sealSecret(g.ID, g.Secret)
	if err != nil {
		return err
	}
	return s.write(func(tx *sql.Tx) error {
		if _, err := tx.Exec(`INSERT INTO games (id, created, mode, spec, secret, commitment, bot, bot_level) VALUES (?,?,?,?,?,?,?,?)`,
			g.ID, g.Created, g.Mode, string(spec), secret, g.Commitment, g.Bot, g.BotLevel); err != nil {
			return err
		}
		for tok, role := range links {
			if _, err := tx.Exec(`INSERT INTO links (token_hash, game, role) VALUES (?,?,?)`, tokenHash(tok), g.ID, role); err != nil {
				return err
			}
		}
		return nil
	})
}

// Link finds the game and role of a link's token.
func (s *Store) Link(token string) (game, role string, err error) {
	err = s.db.QueryRow(`SELECT game, role FROM links WHERE token_hash = ?`, tokenHash(token)).Scan(&game, &role)
	return
}

// Game reads a stored game.
func (s *Store) Game(id string) (*GameRow, error) {
	g := &GameRow{ID: id}
	var spec, secret string
	var over int
	err := s.db.QueryRow(`SELECT created, mode, spec, secret, commitment, bot, bot_level, over FROM games WHERE id = ?`, id).
		Scan(&g.Created, &g.Mode, &spec, &secret, &g.Commitment, &g.Bot, &g.BotLevel, &over)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(spec), &g.Spec); err != nil {
		return nil, fmt.Errorf("game %s: spec: %v", id, err)
	}
	if g.Secret, err = s.openSecret(id, secret); err != nil {
		return nil, fmt.Errorf("game %s: %v", id, err)
	}
	g.Over = over != 0
	return g, nil
}

// Entries reads a game's record in order.
func (s *Store) Entries(id string) ([]Entry, error) {
	rows, err := s.db.Query(`SELECT seq, at, side, by, command, dice, rolls, prev, hash FROM entries WHERE game = ? ORDER BY seq`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		var dice string
		if err := rows.Scan(&e.Seq, &e.At, &e.Side, &e.By, &e.Command, &dice, &e.Rolls, &e.Prev, &e.Hash); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(dice), &e.Dice); err != nil {
			return nil, fmt.Errorf("game %s entry %d: dice: %v", id, e.Seq, err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// appendReq is a game's new entries waiting for the writer.
type appendReq struct {
	game    string
	entries []Entry
	over    bool
	done    chan error
}

// Append stores entries of a game (and whether it is now over) and
// returns once they are committed.
func (s *Store) Append(game string, entries []Entry, over bool) error {
	req := appendReq{game: game, entries: entries, over: over, done: make(chan error, 1)}
	select {
	case s.appends <- req:
	case <-s.done:
		return errors.New("the store is closed")
	}
	return <-req.done
}

// write runs f in a transaction on the writer's one connection, which
// orders it with the group commits.
func (s *Store) write(f func(*sql.Tx) error) error {
	tx, err := s.w.BeginTx(context.Background(), nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// writer commits appends in batches: all that are waiting go into one
// transaction.
func (s *Store) writer() {
	defer s.wg.Done()
	for {
		var batch []appendReq
		select {
		case r := <-s.appends:
			batch = append(batch, r)
		case <-s.done:
			return
		}
	more:
		for len(batch) < 512 {
			select {
			case r := <-s.appends:
				batch = append(batch, r)
			default:
				break more
			}
		}
		err := s.commit(batch)
		for _, r := range batch {
			r.done <- err
		}
		select {
		case s.commits <- len(batch):
		default:
		}
	}
}

// checkpointer copies committed pages from the write-ahead log into the
// database (SQLite's checkpoint) on its own connection, after every few
// hundred commits, so that no commit waits for one.
func (s *Store) checkpointer() {
	defer s.wg.Done()
	n := 0
	for {
		select {
		case k := <-s.commits:
			if n += k; n < 200 {
				continue
			}
			n = 0
			if _, err := s.ckpt.Exec(`PRAGMA wal_checkpoint(PASSIVE)`); err != nil {
				log.Printf("store: checkpoint: %v", err)
			}
		case <-s.done:
			return
		}
	}
}

func (s *Store) commit(batch []appendReq) error {
	tx, err := s.w.Begin()
	if err != nil {
		return err
	}
	for _, r := range batch {
		for _, e := range r.entries {
			dice, _ := json.Marshal(e.Dice)
			if _, err := tx.Exec(`INSERT INTO entries (game, seq, at, side, by, command, dice, rolls, prev, hash) VALUES (?,?,?,?,?,?,?,?,?,?)`,
				r.game, e.Seq, e.At, e.Side, e.By, e.Command, string(dice), e.Rolls, e.Prev, e.Hash); err != nil {
				tx.Rollback()
				return fmt.Errorf("game %s entry %d: %v", r.game, e.Seq, err)
			}
		}
		if r.over {
			if _, err := tx.Exec(`UPDATE games SET over = 1 WHERE id = ?`, r.game); err != nil {
				tx.Rollback()
				return err
			}
		}
	}
	return tx.Commit()
}
