package serve

import (
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The players' side of a network game: chat between its two players and
// the lobby where a game's free side waits for someone to take it. Both
// are kept in the game's database beside its record: their tables are
// made with the store's (OpenStore).

const socialSchema = `
CREATE TABLE IF NOT EXISTS chat (
	game TEXT NOT NULL REFERENCES games(id),
	n INTEGER NOT NULL,
	at TEXT NOT NULL,
	side TEXT NOT NULL,
	text TEXT NOT NULL,
	PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS lobby (
	game TEXT PRIMARY KEY REFERENCES games(id),
	side TEXT NOT NULL,
	token TEXT NOT NULL,
	title TEXT NOT NULL,
	rules TEXT NOT NULL,
	created TEXT NOT NULL,
	taken INTEGER NOT NULL DEFAULT 0
);
`

// maxChat bounds a chat message, in characters.
const maxChat = 500

// ChatLine is one message of a game's chat.
type ChatLine struct {
	N    int    `json:"n"`
	At   string `json:"at"`
	Side string `json:"side"`
	Text string `json:"text"`
}

// handleChat lists the chat from message from on (GET) or adds a
// player's message (POST {"text"}): only the two players of a network
// game speak; anyone with a link reads.
func (s *Server) handleChat(w http.ResponseWriter, r *http.Request, l *live, role string) {
	id := l.row.ID
	if r.Method == http.MethodPost {
		if l.row.Mode != "network" || (role != "axis" && role != "soviet") {
			writeError(w, http.StatusForbidden, &Refusal{Msg: "only the two players of a network game may chat"})
			return
		}
		var req struct {
			Text string `json:"text"`
		}
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 8<<10)).Decode(&req); err != nil {
			writeError(w, http.StatusBadRequest, &Refusal{Msg: "chat: a JSON body {\"text\": ...}"})
			return
		}
		text := strings.TrimSpace(req.Text)
		if text == "" || utf8.RuneCountInString(text) > maxChat || !utf8.ValidString(text) {
			writeError(w, http.StatusBadRequest, &Refusal{Msg: "chat: a message of 1 to 500 characters"})
			return
		}
		at := s.now().UTC().Format("2006-01-02T15:04:05Z")
		err := s.store.write(func(tx *sql.Tx) error {
			_, err := tx.Exec(`INSERT INTO chat (game, n, at, side, text) VALUES (?, (SELECT COALESCE(MAX(n), -1) + 1 FROM chat WHERE game = ?), ?, ?, ?)`, id, id, at, role, text)
			return err
		})
		if err != nil {
			writeError(w, http.StatusInternalServerError, err)
			return
		}
		l.notify()
	}
	from, _ := strconv.Atoi(r.URL.Query().Get("from"))
	out, err := s.chatLines(id, from)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"messages": out})
}

// OpenGame is a network game whose side is free for anyone to take.
type OpenGame struct {
	ID      string `json:"id"`
	Side    string `json:"side"`
	Title   string `json:"title"`
	Rules   string `json:"rules"`
	Created string `json:"created"`
}

// handleLobby lists the open games.
func (s *Server) handleLobby(w http.ResponseWriter, r *http.Request) {
	rows, err := s.store.db.Query(`SELECT game, side, title, rules, created FROM lobby WHERE taken = 0 ORDER BY created DESC LIMIT 100`)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	defer rows.Close()
	out := []OpenGame{}
	for rows.Next() {
		var g OpenGame
		if err := rows.Scan(&g.ID, &g.Side, &g.Title, &g.Rules, &g.Created); err != nil {
			writeError(w, http.StatusInternalServerError, err)
			return
		}
		out = append(out, g)
	}
	writeJSON(w, http.StatusOK, out)
}

// handleOffer lists a network game's side in the lobby: the body is that
// side's link token ({"token"}), which the one who joins receives.
func (s *Server) handleOffer(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<10)).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, &Refusal{Msg: "lobby: a JSON body {\"token\": ...}"})
		return
	}
	l, role, err := s.game(req.Token)
	if err != nil {
		writeError(w, http.StatusNotFound, errNoGame)
		return
	}
	if l.row.Mode != "network" || (role != "axis" && role != "soviet") {
		writeError(w, http.StatusBadRequest, &Refusal{Msg: "lobby: only a side of a network game may be offered"})
		return
	}
	l.mu.Lock()
	gi := l.info()
	l.mu.Unlock()
	err = s.store.write(func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO lobby (game, side, token, title, rules, created) VALUES (?,?,?,?,?,?) ON CONFLICT(game) DO NOTHING`,
			gi.ID, role, req.Token, gi.Title, gi.Rules, s.now().UTC().Format("2006-01-02T15:04:05Z"))
		return err
	})
	if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"game": gi.ID, "side": role})
}

// handleJoin gives the free side's link to the first who asks for it.
func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	var tok, side string
	err := s.store.write(func(tx *sql.Tx) error {
		return tx.QueryRow(`UPDATE lobby SET taken = 1 WHERE game = ? AND taken = 0 RETURNING token, side`, r.PathValue("game")).Scan(&tok, &side)
	})
	if errors.Is(err, sql.ErrNoRows) {
		writeError(w, http.StatusConflict, &Refusal{Msg: "this game's free side has been taken, or it is not in the lobby"})
		return
	} else if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"link": "/play/" + tok, "side": side})
}

// chatLines reads a game's chat from message from on.
func (s *Server) chatLines(id string, from int) ([]ChatLine, error) {
	rows, err := s.store.db.Query(`SELECT n, at, side, text FROM chat WHERE game = ? AND n >= ? ORDER BY n`, id, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []ChatLine{}
	for rows.Next() {
		var c ChatLine
		if err := rows.Scan(&c.N, &c.At, &c.Side, &c.Text); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
