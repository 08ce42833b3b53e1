package serve

// scenarios.go serves scenarios beside the built-in ones: those of a
// designer's folder (gpw serve --scenarios DIR), listed as local/NAME,
// and those a player uploads (Spec.Upload), checked as the server checks
// a house module: loaded and started before the game is stored. A game
// of either keeps the scenario's files in its spec, so that it replays
// after the folder has changed or the server has restarted. Like
// engine.go, it speaks to the game package: to load and start them.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"sort"
	"strings"
	"testing/fstest"

	"gpw/game"
	"gpw/scenario"
)

// Upload is a scenario's files: the scenario file and every file it
// reads from its folder (special rules, maps, catalogues of its own), by
// path in the folder.
type Upload struct {
	File  string            `json:"file"`  // the scenario file: typhoon.toml
	Files map[string]string `json:"files"` // path → text
}

// localPrefix names the scenarios of the server's folder.
const localPrefix = "local/"

// maxUploadFiles bounds the files of an upload.
const maxUploadFiles = 32

// fsys is the upload as a folder, after its names are checked.
func (u *Upload) fsys() (fs.FS, error) {
	if u.File == "" || u.Files[u.File] == "" {
		return nil, &Refusal{Msg: "scenario upload: name the scenario file (file) and give its text in files"}
	}
	if len(u.Files) > maxUploadFiles {
		return nil, &Refusal{Msg: fmt.Sprintf("scenario upload: %d files; at most %d", len(u.Files), maxUploadFiles)}
	}
	m := fstest.MapFS{}
	for name, text := range u.Files {
		if !fs.ValidPath(name) || name == "." || strings.ContainsAny(name, "\\\x00") || !(strings.HasSuffix(name, ".toml") || strings.HasSuffix(name, ".lua")) {
			return nil, &Refusal{Msg: fmt.Sprintf("scenario upload: %q: a file is a relative path ending in .toml or .lua, without \"..\"", name)}
		}
		m[name] = &fstest.MapFile{Data: []byte(text), Mode: 0o444}
	}
	if !strings.HasSuffix(u.File, ".toml") {
		return nil, &Refusal{Msg: fmt.Sprintf("scenario upload: %q: the scenario file is a .toml file", u.File)}
	}
	return m, nil
}

// key names the upload's content (the drawing of its map is shared by
// the games of the same files).
func (u *Upload) key() string {
	names := make([]string, 0, len(u.Files))
	for n := range u.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	h := sha256.New()
	fmt.Fprintf(h, "%q\n", u.File)
	for _, n := range names {
		fmt.Fprintf(h, "%q %d\n%s", n, len(u.Files[n]), u.Files[n])
	}
	return "upload:" + hex.EncodeToString(h.Sum(nil)[:12])
}

// pin gives a game of a scenario of the server's folder the scenario's
// files (Spec.Upload), read now: the game replays as it began.
func (lib *Library) pin(spec *Spec) error {
	if spec.Upload != nil || !strings.HasPrefix(spec.Scenario, localPrefix) {
		return nil
	}
	name := strings.TrimPrefix(spec.Scenario, localPrefix)
	if lib.Local == nil || !fs.ValidPath(name) || strings.Contains(name, "/") {
		return &Refusal{Msg: fmt.Sprintf("no scenario %q in this server's folder", spec.Scenario)}
	}
	var sc *scenario.Scenario
	err := lib.withRules(*spec, func(rules string) (err error) {
		sc, err = game.LoadScenario(lib.Local, name+".toml", lib.Data, rules)
		return err
	})
	if err != nil {
		return err
	}
	up := &Upload{File: name + ".toml", Files: map[string]string{}}
	for p, b := range sc.Files {
		up.Files[p] = string(b)
	}
	spec.Upload = up
	return nil
}

// loadUpload reads the scenario of spec.Upload for rules.
func (lib *Library) loadUpload(spec Spec, rules string) (*scenario.Scenario, error) {
	fsys, err := spec.Upload.fsys()
	if err != nil {
		return nil, err
	}
	return game.LoadScenario(fsys, spec.Upload.File, lib.Data, rules)
}

// boardKey names the drawing of a game's map.
func boardKey(spec Spec) string {
	if spec.Upload != nil {
		return spec.Upload.key()
	}
	return spec.Scenario
}

// withLocal adds the scenarios of the server's folder to the built-in
// ones.
func (lib *Library) withLocal(list []scenario.Listing) ([]scenario.Listing, error) {
	if lib.Local == nil {
		return list, nil
	}
	own, err := scenario.ListDir(lib.Local, localPrefix)
	if err != nil {
		return nil, err
	}
	return append(list, own...), nil
}

// scenarioRoutes are the requests of this file: an upload's check and a
// game's setup as laid out.
func (s *Server) scenarioRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/scenarios/check", s.handleCheckScenario)
	mux.HandleFunc("GET /api/g/{token}/setup.toml", s.withGame(s.handleSetupExport))
}

// Checked answers a scenario upload's check: the variants a game of it
// started under.
type Checked struct {
	Title    string   `json:"title"`
	Variants []string `json:"variants"`
}

// CheckUpload loads an uploaded scenario under each variant it names and
// starts a game of it, as a game of it would begin.
func (lib *Library) CheckUpload(u *Upload) (*Checked, error) {
	spec := Spec{Scenario: path.Base(u.File), Upload: u}
	sc, err := lib.loadUpload(spec, "")
	if err != nil {
		return nil, err
	}
	out := &Checked{Title: sc.Name}
	for _, v := range sc.Variants {
		vsc, err := lib.loadUpload(spec, v)
		if err != nil {
			return nil, fmt.Errorf("under %s: %w", v, err)
		}
		_, err = game.New(vsc, game.Options{Rules: v, AutoSetup: true}, lib.Data, nil)
		if err != nil {
			return nil, fmt.Errorf("under %s: %w", v, err)
		}
		out.Variants = append(out.Variants, v)
	}
	return out, nil
}

// handleCheckScenario checks an uploaded scenario without starting a
// game: POST /api/scenarios/check with an Upload.
func (s *Server) handleCheckScenario(w http.ResponseWriter, r *http.Request) {
	var u Upload
	if err := decodeBody(w, r, 1<<20, "a scenario upload", &u); err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	if err := s.lib.admitUpload(clientOf(r), &u, s.now()); err != nil { // scenquota.go
		writeError(w, refusalCode(err, http.StatusBadRequest), err)
		return
	}
	c, err := s.lib.CheckUpload(&u)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// handleSetupExport answers the scenario with its setup as laid out now
// (GET /api/g/TOKEN/setup.toml): the board's setup mode. Each setup
// table's placed units are on fixed hexes; gpw check reads it back.
func (s *Server) handleSetupExport(w http.ResponseWriter, r *http.Request, l *live, role string) {
	l.mu.Lock()
	data, err := scenario.ExportSetup(l.e.sc, l.e.g.SetupPositions())
	file := path.Base(l.e.sc.File)
	l.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusConflict, &Refusal{Msg: err.Error()})
		return
	}
	w.Header().Set("Content-Type", "application/toml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", strings.TrimSuffix(file, ".toml")+"-setup.toml"))
	w.Write(data)
}
