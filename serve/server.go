// Package serve is gpw's game server: a browser board for solo play
// against the computer, hot-seat and two players over the network, with
// games kept in SQLite and dice the players can check (docs/serve.md).
package serve

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"gpw/interp"
	"io/fs"
	"log"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"gpw/core"
	"gpw/game"
	"gpw/scenario"
)

// Config sets up a Server.
type Config struct {
	DB      string // the SQLite file, created on first start
	Sync    string // normal (the default) or full: see OpenStore
	Data    fs.FS  // the built-in rules/, maps/ and scenarios/
	Modules string // where house modules are kept; default: beside the database
	// Scenarios is a folder of scenarios served beside the built-in ones
	// (gpw serve --scenarios DIR), or nil.
	Scenarios fs.FS
	// MaxLive bounds the games kept in memory; the least recently used
	// beyond it are dropped (and read again from the database when asked).
	MaxLive int
	Now     func() time.Time
	// Hosts are the names a request may address (guard.go); none: any.
	Hosts []string
	// Rate and Burst bound each client's requests (guard.go); 0: no bound.
	Rate  float64
	Burst int
	// GamesPerHour bounds the games one client creates (guard.go); 0: no bound.
	GamesPerHour int
	// Key seals the dice secrets in the database (atrest.go): 32 bytes,
	// or nil to store them as they are (the file's mode 0600 the defence).
	Key []byte
}

// Server serves games over HTTP.
type Server struct {
	lib   *Library
	store *Store
	now   func() time.Time
	max   int

	mu      sync.Mutex
	closing chan struct{} // closed when the event streams must end
	live    map[string]*live
	links   map[string]link   // token → game and role, as read from the store
	boards  map[string]*board // by scenario
	bots    sync.WaitGroup

	hosts map[string]bool // guard.go
	anyIP bool
	rates clients // requests per client
	games clients // games created per client
}

// New opens the database and makes a server.
func New(c Config) (*Server, error) {
	if c.Key != nil && len(c.Key) != 32 {
		return nil, errors.New("a key for the dice secrets is 32 bytes")
	}
	st, err := OpenStore(c.DB, c.Sync)
	if err != nil {
		return nil, err
	}
	st.key = c.Key
	mods := c.Modules
	if mods == "" {
		mods = strings.TrimSuffix(c.DB, filepath.Ext(c.DB)) + "-modules"
	}
	if abs, err := filepath.Abs(mods); err == nil {
		mods = abs
	}
	s := &Server{lib: &Library{Data: c.Data, Modules: mods}, store: st, now: c.Now, max: c.MaxLive,
		live: map[string]*live{}, links: map[string]link{}, boards: map[string]*board{}, closing: make(chan struct{})}
	if s.now == nil {
		s.now = time.Now
	}
	s.lib.Local = c.Scenarios // scenarios.go
	if s.max <= 0 {
		s.max = 256
	}
	s.setHosts(c.Hosts)
	s.lib.mods.inUse = s.modulesInUse
	s.lib.collect() // no game is in memory yet: what is on disk is a cache
	s.rates.rate, s.rates.burst = rate.Limit(c.Rate), max(c.Burst, 1)
	s.games.rate, s.games.burst = rate.Limit(float64(c.GamesPerHour)/3600), GamesBurst
	return s, nil
}

// EndStreams ends every event stream, so that an HTTP server shutting
// down does not wait for them.
func (s *Server) EndStreams() {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.closing:
	default:
		close(s.closing)
	}
}

// Close ends the event streams, waits for the computer players and closes
// the database.
func (s *Server) Close() error {
	s.EndStreams()
	s.bots.Wait()
	s.mu.Lock()
	s.live = map[string]*live{}
	s.mu.Unlock()
	return s.store.Close()
}

// Handler routes the API and the board.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /static/", handleStatic)
	index := handleIndex
	mux.HandleFunc("GET /{$}", index)
	mux.HandleFunc("GET /play/{token}", index)
	mux.HandleFunc("GET /api/scenarios", s.handleScenarios)
	mux.HandleFunc("GET /api/rules", s.handleRules)
	mux.HandleFunc("GET /api/computers", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, Computers()) })
	mux.HandleFunc("POST /api/games", s.handleCreate)
	s.scenarioRoutes(mux) // scenarios.go
	mux.HandleFunc("GET /api/g/{token}", s.withGame(s.handleView))
	mux.HandleFunc("POST /api/g/{token}/command", s.withGame(s.handleCommand))
	mux.HandleFunc("POST /api/g/{token}/undo", s.withGame(s.handleUndo))
	mux.HandleFunc("GET /api/g/{token}/reach", s.withGame(s.handleReach))
	mux.HandleFunc("GET /api/g/{token}/preview", s.withGame(s.handlePreview))
	mux.HandleFunc("GET /api/g/{token}/hex", s.withGame(s.handleHex))
	mux.HandleFunc("GET /api/g/{token}/overlay", s.withGame(s.handleOverlay))
	mux.HandleFunc("GET /api/g/{token}/events", s.withGame(s.handleEvents))
	mux.HandleFunc("GET /api/g/{token}/record", s.withGame(s.handleRecord))
	mux.HandleFunc("GET /api/g/{token}/at", s.withGame(s.handleAt))
	mux.HandleFunc("GET /api/g/{token}/map.svg", s.withGame(s.handleMap(true)))
	mux.HandleFunc("GET /api/g/{token}/map.json", s.withGame(s.handleMap(false)))
	mux.HandleFunc("GET /api/g/{token}/chat", s.withGame(s.handleChat))
	mux.HandleFunc("POST /api/g/{token}/chat", s.withGame(s.handleChat))
	mux.HandleFunc("GET /api/g/{token}/charts", s.withGame(s.handleCharts))
	mux.HandleFunc("GET /api/lobby", s.handleLobby)
	mux.HandleFunc("POST /api/lobby", s.handleOffer)
	mux.HandleFunc("POST /api/lobby/{game}/join", s.handleJoin)
	return s.guard(mux)
}

// apiError is an error answer: a refusal names its rule.
func writeError(w http.ResponseWriter, code int, err error) {
	var rf *Refusal
	if !errors.As(err, &rf) {
		rf = &Refusal{Msg: interp.Reported(err)}
	}
	writeJSON(w, code, &Refusal{Msg: scrubPaths(rf.Msg), Rule: rf.Rule})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// refusedCode is the status of a refused command: 409 when it is not the
// sender's turn or not a legal move now, 403 for a link that may not act.
const refusedCode = http.StatusConflict

// token makes an unguessable link token: 128 random bits.
func token() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on a supported system
	}
	return hex.EncodeToString(b[:])
}

// link is what a link's token opens.
type link struct{ game, role string }

var errNoGame = &Refusal{Msg: "no game has this link"}

// game finds (loading it if needed) the game of a link.
func (s *Server) game(tok string) (*live, string, error) {
	s.mu.Lock()
	lk, known := s.links[tok]
	s.mu.Unlock()
	if !known {
		id, role, err := s.store.Link(tok)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, "", errNoGame
		} else if err != nil {
			return nil, "", err
		}
		lk = link{id, role}
		s.mu.Lock()
		s.links[tok] = lk
		s.mu.Unlock()
	}
	id, role := lk.game, lk.role
	s.mu.Lock()
	l := s.live[id]
	s.mu.Unlock()
	if l != nil {
		return l, role, nil
	}
	row, err := s.store.Game(id)
	if err != nil {
		return nil, "", err
	}
	entries, err := s.store.Entries(id)
	if err != nil {
		return nil, "", err
	}
	nl, err := s.load(row, entries)
	if err != nil {
		return nil, "", err
	}
	s.mu.Lock()
	evicted := false
	if l = s.live[id]; l == nil {
		l = nl
		s.live[id] = l
		evicted = s.evict()
	}
	s.mu.Unlock()
	if evicted {
		s.lib.collect() // the modules of games no longer in memory
	}
	s.wakeBot(l)
	return l, role, nil
}

// evict drops the least recently used games beyond the bound, but not
// one in use or whose computer is thinking; s.mu is held.
func (s *Server) evict() (evicted bool) {
	for len(s.live) > s.max {
		var old *live
		for _, l := range s.live {
			if old == nil || l.lastUsed.Before(old.lastUsed) {
				if l.mu.TryLock() {
					busy := l.botBusy
					l.mu.Unlock()
					if !busy {
						old = l
					}
				}
			}
		}
		if old == nil {
			return
		}
		evicted = true
		// not closed: a request may still hold it (the store's keys refuse
		// a second writer of the same entry); the collector frees it
		delete(s.live, old.row.ID)
	}
	return
}

type gameHandler func(w http.ResponseWriter, r *http.Request, l *live, role string)

func (s *Server) withGame(h gameHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		l, role, err := s.game(r.PathValue("token"))
		if err == errNoGame {
			writeError(w, http.StatusNotFound, err)
			return
		} else if err != nil {
			writeError(w, http.StatusInternalServerError, err)
			return
		}
		s.mu.Lock()
		l.lastUsed = s.now()
		s.mu.Unlock()
		if err := l.fogGuard(r, role); err != nil { // serve/fog.go
			writeError(w, http.StatusForbidden, err)
			return
		}
		h(w, r, l, role)
	}
}

func (s *Server) handleScenarios(w http.ResponseWriter, r *http.Request) {
	list, err := scenario.List(s.lib.Data)
	if err == nil {
		list, err = s.lib.withLocal(list) // scenarios.go
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// NewGame is a request to start a game.
type NewGame struct {
	Spec
	Mode     string `json:"mode"`     // solo, hotseat, network
	Side     string `json:"side"`     // solo: the player's side
	Computer string `json:"computer"` // solo: the computer player (GET /api/computers); default normal
}

// Created answers NewGame: the game and its links by role.
type Created struct {
	Game  string            `json:"game"`
	Links map[string]string `json:"links"` // role → /play/TOKEN
	You   string            `json:"you"`   // the link for the one who created it
	// Warnings are what gpw check's lint says of the rules module: likely
	// mistakes that do not stop it loading.
	Warnings []string `json:"warnings,omitempty"`
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req NewGame
	if err := decodeBody(w, r, 1<<20, "a new game", &req); err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	c, err := s.create(clientOf(r), req)
	if err != nil {
		code := http.StatusBadRequest
		var rf *Refusal
		if !errors.As(err, &rf) {
			code = http.StatusUnprocessableEntity
		} else if rf.code != 0 {
			code = rf.code
		}
		writeError(w, code, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

// Create starts a game: draws its dice secret, stores it with its links and
// loads it.
func (s *Server) Create(req NewGame) (*Created, error) { return s.create("", req) }

// create is Create for a client, whose new house modules count against
// its quota (modules.go).
func (s *Server) create(client string, req NewGame) (*Created, error) {
	if client != "" && !s.allowGame(client) {
		return nil, &Refusal{Msg: fmt.Sprintf("a client may create %g games an hour; try again later", float64(s.games.rate)*3600), code: http.StatusTooManyRequests}
	}
	roles := map[string][]string{"solo": {req.Side, "spectator"}, "hotseat": {"both", "spectator"}, "network": {"axis", "soviet", "spectator"}}[req.Mode]
	if roles == nil {
		return nil, &Refusal{Msg: fmt.Sprintf("mode %q: solo, hotseat or network", req.Mode)}
	}
	row := &GameRow{ID: token()[:12], Created: s.now().UTC().Format(time.RFC3339), Mode: req.Mode, Spec: req.Spec}
	if u := req.Spec.Upload; u != nil {
		if err := s.lib.admitUpload(client, u, s.now()); err != nil { // scenquota.go
			return nil, err
		}
	}
	if err := s.lib.pin(&row.Spec); err != nil { // a scenario of the server's folder: its files, as they are now
		return nil, err
	}
	if req.Mode == "solo" {
		if req.Side != "axis" && req.Side != "soviet" {
			return nil, &Refusal{Msg: fmt.Sprintf("side %q: axis or soviet", req.Side)}
		}
		row.Bot, row.BotLevel = other(req.Side), req.Computer
		if row.BotLevel == "" {
			row.BotLevel = "normal"
		}
		if newOpponent(row.BotLevel) == nil {
			var names []string
			for _, c := range Computers() {
				names = append(names, c.Name)
			}
			return nil, &Refusal{Msg: fmt.Sprintf("no computer player %q (%s)", row.BotLevel, strings.Join(names, ", "))}
		}
	}
	sec, err := NewSecret()
	if err != nil {
		return nil, err
	}
	row.Secret, row.Commitment = sec, sec.Commitment()
	// a new house module: checked in memory, counted, then kept
	if m := req.Spec.Module; m != nil && !s.lib.known(m) {
		if err := checkModule(m); err != nil {
			return nil, err
		}
		if err := s.lib.admit(client, m, s.now()); err != nil {
			return nil, err
		}
		s.lib.collect()
	}
	// check that the game starts before storing it
	e, err := s.lib.open(row.Spec, sec, nil, nil)
	if err != nil {
		if row.Spec.Module != nil {
			s.lib.collect() // a module that does not load is not kept
		}
		return nil, err
	}
	lint := e.g.Rules.Lint() // likely mistakes in a module: told to its sender and logged
	if len(lint) > 0 && row.Spec.Module != nil {
		log.Printf("game %s: module %s: warning: %s", row.ID, row.Spec.Module.Name, strings.Join(lint, "; "))
	}
	links := map[string]string{}
	out := &Created{Game: row.ID, Links: map[string]string{}, Warnings: lint}
	for _, role := range roles {
		t := token()
		links[t] = role
		out.Links[role] = "/play/" + t
	}
	out.You = out.Links[roles[0]]
	if err := s.store.CreateGame(row, links); err != nil {
		return nil, err
	}
	return out, nil
}

// sideFor is the side a link acts as: hot-seat acts for whoever must act
// (for undo, whoever gave the last command).
func sideFor(l *live, role, verb string) string {
	if role != "both" {
		return role
	}
	if game.ParseVerb(verb) == game.VerbUndo {
		if n := len(l.e.sides); n > 0 {
			return l.e.sides[n-1]
		}
	}
	return l.e.actor()
}

// mayAct refuses a spectator, and a player in the computer's turn.
func mayAct(l *live, role, side string) error {
	if role == "spectator" {
		return &Refusal{Msg: "a spectator's link cannot give commands"}
	}
	if side != "" && side == l.botSide() {
		return &Refusal{Msg: "the computer plays the " + side + " side"}
	}
	return nil
}

// CommandRequest is a command sent by a link.
type CommandRequest struct {
	Command string `json:"command"`
}

// CommandResult answers an accepted command.
type CommandResult struct {
	OK      bool  `json:"ok"`
	Version int   `json:"version"`
	Step    *Step `json:"step"`
}

func (s *Server) handleCommand(w http.ResponseWriter, r *http.Request, l *live, role string) {
	var req CommandRequest
	if err := decodeBody(w, r, 1<<16, "a command", &req); err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	s.command(w, l, role, req.Command)
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request, l *live, role string) {
	s.command(w, l, role, "undo")
}

func (s *Server) command(w http.ResponseWriter, l *live, role, command string) {
	verb := ""
	if f := strings.Fields(command); len(f) > 0 {
		verb = strings.ToLower(f[0])
	}
	l.mu.Lock()
	side := sideFor(l, role, verb)
	err := mayAct(l, role, side)
	var st *Step
	if err == nil {
		st, err = s.act(l, side, "player", command)
	}
	if fs := l.fogSide(role); st != nil && fs != core.NoSide {
		c := *st // the events as the link's side sees them (serve/fog.go)
		c.Events = maskEvents(fs, st.Events)
		st = &c
	}
	v := l.version()
	l.mu.Unlock()
	if err != nil {
		var rf *Refusal
		code := refusedCode
		if !errors.As(err, &rf) {
			code = http.StatusInternalServerError
		} else if role == "spectator" {
			code = http.StatusForbidden
		}
		writeError(w, code, err)
		return
	}
	s.wakeBot(l)
	writeJSON(w, http.StatusOK, CommandResult{OK: true, Version: v, Step: st})
}

// wakeBot starts the computer player if it is its turn.
func (s *Server) wakeBot(l *live) {
	l.mu.Lock()
	start := l.opp != nil && !l.botBusy && l.botTurn()
	if start {
		l.botBusy = true
	}
	l.mu.Unlock()
	if !start {
		return
	}
	s.bots.Add(1)
	go func() {
		defer s.bots.Done()
		s.runBot(l)
		l.mu.Lock()
		l.botBusy = false
		stuck := l.botTurn()
		if stuck {
			l.retries++
			stuck = l.retries <= 5
		} else {
			l.retries = 0
		}
		l.mu.Unlock()
		// a computer that stopped in its turn (its command refused, a
		// rules hook out of time) tries again a little later, five times,
		// unless the server is closing; a look at the game wakes it too
		if stuck {
			select {
			case <-s.closing:
			case <-time.After(time.Second):
				s.wakeBot(l)
			}
		}
	}()
}

func (s *Server) handleView(w http.ResponseWriter, r *http.Request, l *live, role string) {
	from, _ := strconv.Atoi(r.URL.Query().Get("log"))
	epoch, _ := strconv.ParseInt(r.URL.Query().Get("epoch"), 10, 64)
	l.mu.Lock()
	v := l.view(role, from, epoch)
	l.mu.Unlock()
	s.wakeBot(l)
	writeJSON(w, http.StatusOK, v)
}

// query runs a question about the game under its lock.
func query[T any](w http.ResponseWriter, l *live, f func() (T, error)) {
	l.mu.Lock()
	v, err := f()
	l.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) handleReach(w http.ResponseWriter, r *http.Request, l *live, role string) {
	unit := r.URL.Query().Get("unit")
	query(w, l, func() (any, error) {
		if err := checkUnit(l.sight(role), l.e.g, unit); err != nil {
			return nil, err
		}
		return l.e.reach(unit)
	})
}

func (s *Server) handlePreview(w http.ResponseWriter, r *http.Request, l *live, role string) {
	q := r.URL.Query()
	from := strings.FieldsFunc(q.Get("from"), func(c rune) bool { return c == ',' || c == ' ' })
	query(w, l, func() (any, error) {
		if err := l.sight(role).CheckPreview(q.Get("hex")); err != nil {
			return nil, asRefusal(err)
		}
		return l.e.preview(q.Get("hex"), from)
	})
}

func (s *Server) handleHex(w http.ResponseWriter, r *http.Request, l *live, role string) {
	id := r.URL.Query().Get("id")
	query(w, l, func() (any, error) {
		hi, err := l.e.hexInfo(id)
		return l.sight(role).HexInfo(hi), err
	})
}

func (s *Server) handleOverlay(w http.ResponseWriter, r *http.Request, l *live, role string) {
	q := r.URL.Query()
	query(w, l, func() (any, error) {
		o, err := l.e.overlay(q.Get("kind"), q.Get("side"))
		return maskOverlay(l.sight(role), l.e.g, o), err
	})
}

// handleEvents streams the game's version by server-sent events: an
// "update" event whenever a command is accepted.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request, l *live, role string) {
	fl, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, errors.New("streaming is not supported here"))
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	c := l.subscribe()
	defer l.unsubscribe(c)
	l.mu.Lock()
	v := l.version()
	l.mu.Unlock()
	fmt.Fprintf(w, "event: update\ndata: {\"version\":%d}\n\n", v)
	fl.Flush()
	// the stream is exempt from the write timeout: it ends of itself
	// after streamMaxAge, and each heartbeat must leave within one
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{}) // nor from the read timeout, which would end it
	tick := time.NewTicker(streamHeartbeat)
	defer tick.Stop()
	age := time.NewTimer(streamMaxAge)
	defer age.Stop()
	for {
		rc.SetWriteDeadline(time.Now().Add(WriteTimeout))
		select {
		case v := <-c:
			fmt.Fprintf(w, "event: update\ndata: {\"version\":%d}\n\n", v)
		case <-tick.C:
			fmt.Fprint(w, ": still here\n\n")
		case <-r.Context().Done():
			return
		case <-s.closing:
			return
		case <-age.C:
			return
		}
		fl.Flush()
	}
}

// record is the game's record; the secret only once the game is over.
func (l *live) record() *Record {
	rec := &Record{Save: l.e.save(), RecordFormat: RecordFormat, Game: l.row.ID, Mode: l.row.Mode, Spec: l.row.Spec,
		Commitment: l.row.Commitment, Entries: append([]Entry{}, l.entries...)}
	if l.e.over() {
		rec.Secret = l.row.Secret.String()
		rec.DiceSecret = l.row.Secret.String()
		rec.Save.Seal()
	}
	return rec
}

// handleRecord is the game's record with its chat ("chat": the messages
// in order), as a download. Under fog withGame refuses it to a side's
// link until the game is over (serve/fog.go).
func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request, l *live, role string) {
	l.mu.Lock()
	rec := l.record()
	l.mu.Unlock()
	msgs, err := s.chatLines(l.row.ID, 0)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"gpw-%s.json\"", l.row.ID))
	writeJSON(w, http.StatusOK, struct {
		*Record
		Chat []ChatLine `json:"chat"`
	}{rec, msgs})
}

// stepLog is how much of the log a past position shows: its end.
const stepLog = 400

// handleAt shows the position after the first n entries of the record,
// for stepping through a game: a replay, so it reveals no die not yet
// drawn.
func (s *Server) handleAt(w http.ResponseWriter, r *http.Request, l *live, role string) {
	n, err := strconv.Atoi(r.URL.Query().Get("n"))
	l.mu.Lock()
	entries := l.entries
	row := *l.row
	info := l.info()
	l.mu.Unlock()
	if err != nil || n < 0 || n > len(entries) {
		writeError(w, http.StatusBadRequest, &Refusal{Msg: fmt.Sprintf("n: a step from 0 to %d", len(entries))})
		return
	}
	cmds, sides := inForce(entries[:n])
	l.stepMu.Lock()
	defer l.stepMu.Unlock()
	if l.stepper == nil {
		if l.stepper, err = s.lib.open(row.Spec, row.Secret, nil, nil); err != nil {
			writeError(w, http.StatusInternalServerError, err)
			return
		}
	}
	e := l.stepper
	if err := e.moveTo(cmds, sides); err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	v := &View{Game: info, Role: role, Version: len(entries), Status: e.status(), Acting: e.actor(), Units: e.units(), Control: e.cityControl(), Standing: e.standing(),
		LogFrom: max(0, len(e.log())-stepLog), LogTotal: len(e.log()), Log: logLines(e.log(), max(0, len(e.log())-stepLog)), Step: n}
	v.HexMarks, v.UnitMarks = e.marks()
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) handleMap(svg bool) gameHandler {
	return func(w http.ResponseWriter, r *http.Request, l *live, role string) {
		key := boardKey(l.row.Spec)
		s.mu.Lock()
		b := s.boards[key]
		s.mu.Unlock()
		if b == nil {
			l.mu.Lock()
			m := l.e.sc.Map
			l.mu.Unlock()
			var err error
			if b, err = drawBoard(s.lib.Data, m); err != nil {
				writeError(w, http.StatusInternalServerError, err)
				return
			}
			s.mu.Lock()
			s.boards[key] = b
			s.mu.Unlock()
		}
		body, zipped, ctype := b.JSON, b.JSONGzip, "application/json"
		if svg {
			body, zipped, ctype = b.SVG, b.SVGGzip, "image/svg+xml"
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Cache-Control", "private, max-age=3600")
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			body = zipped
		}
		w.Write(body)
	}
}
