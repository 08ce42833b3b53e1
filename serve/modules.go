package serve

// modules.go is where a game's rules come from: a built-in variant, a
// built-in house module by name, or a module sent in the request, never a
// path. A module sent is checked in memory, then kept under its content's
// hash in the server's modules folder (the engine loads modules from
// disk), within quotas, and removed when no game in memory uses it: the
// database keeps every game's module text, so the folder is a cache.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/yuin/gopher-lua/parse"

	"gpw/interp"
)

// Quotas of house modules sent to the server.
const (
	MaxModuleSize     = 256 << 10 // bytes of one module's text
	MaxModulesPerHour = 20        // new modules one client (IP address) may send in an hour
	MaxModulesDisk    = 64 << 20  // bytes of modules kept on disk at once
)

// moduleName is a house module's file name: a plain name ending in .lua.
var moduleName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.lua$`)

// houseName is a built-in house module's name in Spec.Rules.
var houseName = regexp.MustCompile(`^house/[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// modules is a Library's folder of house modules and its quotas.
type modules struct {
	// gc is held (read) from placing a module until the engine has read
	// it, and (write) while the folder is collected.
	gc sync.RWMutex

	mu      sync.Mutex
	disk    int64                           // bytes on disk
	sizes   map[string]int64                // module folder → its bytes
	uploads map[string]map[string]time.Time // client → the modules it sent in the last hour, and when
	inUse   func() map[string]bool          // the folders the games in memory use (Server.modulesInUse)
}

// HouseModules lists the built-in house modules, as Spec.Rules names
// them (house/frost).
func (lib *Library) HouseModules() []string {
	var out []string
	ents, _ := fs.ReadDir(lib.Data, "rules/house")
	for _, e := range ents {
		if n, ok := strings.CutSuffix(e.Name(), ".lua"); ok && e.Type().IsRegular() {
			out = append(out, "house/"+n)
		}
	}
	return out
}

// RulesChoice lists the rules a game may be played under by name
// (GET /api/rules): the variants and the built-in house modules.
type RulesChoice struct {
	Variants []string `json:"variants"`
	House    []string `json:"house"`
}

func (s *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, RulesChoice{Variants: []string{"gdw", "adc2"}, House: s.lib.HouseModules()})
}

// module is the house module spec is played under, or nil for a variant.
// Nothing of spec names a file: a variant is gdw or adc2, a built-in
// house module is read from the built-in data by its name.
func (lib *Library) module(spec Spec) (*Module, error) {
	if spec.Module != nil {
		if lib.known(spec.Module) {
			return spec.Module, nil // checked when it was placed
		}
		if err := checkModule(spec.Module); err != nil {
			return nil, err
		}
		return spec.Module, nil
	}
	switch {
	case spec.Rules == "":
		return nil, nil
	case interp.Variants[spec.Rules] != "":
		return nil, nil
	case houseName.MatchString(spec.Rules):
		b, err := fs.ReadFile(lib.Data, path.Join("rules", spec.Rules+".lua"))
		if err == nil {
			return &Module{Name: path.Base(spec.Rules) + ".lua", Source: string(b)}, nil
		}
	}
	return nil, &Refusal{Msg: fmt.Sprintf("rules %q: gdw, adc2 or a built-in house module (%s); send any other module's text as \"module\"",
		cut(spec.Rules, 80), strings.Join(lib.HouseModules(), ", "))}
}

// cut shortens a text echoed to the client.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// checkModule checks a module sent by a client, in memory, before
// anything is written: its name, its size, that it is text and that it
// parses as Lua.
func checkModule(m *Module) error {
	switch {
	case !moduleName.MatchString(m.Name):
		return &Refusal{Msg: fmt.Sprintf("house module %q: give a plain file name ending in .lua (letters, digits, - and _; no folder)", cut(m.Name, 80))}
	case len(m.Source) > MaxModuleSize:
		return &Refusal{Msg: fmt.Sprintf("house module %s: %d bytes; a module may hold at most %d", m.Name, len(m.Source), MaxModuleSize)}
	case strings.HasPrefix(m.Source, "\x1b"):
		return &Refusal{Msg: fmt.Sprintf("house module %s is a compiled chunk; send Lua source text", m.Name)}
	case !utf8.ValidString(m.Source) || strings.ContainsRune(m.Source, 0):
		return &Refusal{Msg: fmt.Sprintf("house module %s is not text (UTF-8 without NUL bytes)", m.Name)}
	}
	if _, err := parse.Parse(strings.NewReader(m.Source), m.Name); err != nil {
		return &Refusal{Msg: fmt.Sprintf("house module %s: %s", m.Name, strings.TrimSpace(cut(err.Error(), 400)))}
	}
	return nil
}

// moduleKey is the folder a module is kept in: the hash of its name and
// text.
func moduleKey(m *Module) string {
	h := sha256.New()
	h.Write([]byte(m.Name))
	h.Write([]byte{0})
	h.Write([]byte(m.Source))
	return hex.EncodeToString(h.Sum(nil))
}

// place writes module m to its folder (unless it is there) and returns
// its path for the engine. The caller holds lib.mods.gc for reading.
func (lib *Library) place(m *Module) (string, error) {
	if lib.Modules == "" {
		return "", &Refusal{Msg: "this server takes no house modules"}
	}
	key := moduleKey(m)
	dir := filepath.Join(lib.Modules, key)
	p := filepath.Join(dir, m.Name)
	if b, err := os.ReadFile(p); err == nil && bytes.Equal(b, []byte(m.Source)) {
		return p, nil
	}
	mm := &lib.mods
	mm.mu.Lock()
	defer mm.mu.Unlock()
	size := int64(len(m.Source))
	if mm.disk+size > MaxModulesDisk {
		return "", &Refusal{Msg: "the server holds as many house modules as it may now; try again later", code: http.StatusTooManyRequests}
	}
	if err := os.MkdirAll(lib.Modules, 0o700); err != nil {
		return "", errors.New("the server cannot keep house modules now")
	}
	tmp, err := os.MkdirTemp(lib.Modules, ".new-")
	if err == nil {
		err = os.WriteFile(filepath.Join(tmp, m.Name), []byte(m.Source), 0o600)
	}
	if err == nil {
		os.RemoveAll(dir) // a damaged copy
		err = os.Rename(tmp, dir)
	}
	if err != nil {
		os.RemoveAll(tmp)
		return "", errors.New("the server cannot keep house modules now")
	}
	if mm.sizes == nil {
		mm.sizes = map[string]int64{}
	}
	mm.disk += size - mm.sizes[key]
	mm.sizes[key] = size
	return p, nil
}

// admit counts module m sent by client against its hourly quota: each
// module once an hour.
func (lib *Library) admit(client string, m *Module, now time.Time) error {
	mm := &lib.mods
	mm.mu.Lock()
	defer mm.mu.Unlock()
	return admitHourly(&mm.uploads, client, moduleKey(m), MaxModulesPerHour, "house modules", now)
}

// known reports whether module m is on disk already.
func (lib *Library) known(m *Module) bool {
	lib.mods.mu.Lock()
	defer lib.mods.mu.Unlock()
	_, ok := lib.mods.sizes[moduleKey(m)]
	return ok
}

// collect removes the module folders no game in memory uses (all of
// them when no game is: at start), and anything else in the folder.
func (lib *Library) collect() {
	if lib.Modules == "" {
		return
	}
	mm := &lib.mods
	mm.gc.Lock()
	defer mm.gc.Unlock()
	var keep map[string]bool
	if mm.inUse != nil {
		keep = mm.inUse()
	}
	mm.mu.Lock()
	defer mm.mu.Unlock()
	ents, err := os.ReadDir(lib.Modules)
	if err != nil {
		return
	}
	for _, e := range ents {
		if keep[e.Name()] {
			continue
		}
		if os.RemoveAll(filepath.Join(lib.Modules, e.Name())) == nil {
			mm.disk -= mm.sizes[e.Name()]
			delete(mm.sizes, e.Name())
		}
	}
}

// modulesInUse lists the module folders of the games in memory.
func (s *Server) modulesInUse() map[string]bool {
	s.mu.Lock()
	specs := make([]Spec, 0, len(s.live))
	for _, l := range s.live {
		specs = append(specs, l.row.Spec)
	}
	s.mu.Unlock()
	out := map[string]bool{}
	for _, sp := range specs {
		if sp.Module != nil {
			out[moduleKey(sp.Module)] = true
		} else if houseName.MatchString(sp.Rules) {
			if m, err := s.lib.module(sp); err == nil {
				out[moduleKey(m)] = true
			}
		}
	}
	return out
}

// serverPath matches a path into a module's folder in an error: the
// client sees the module's file name, never where the server keeps it.
var (
	serverPath   = regexp.MustCompile(`[^\s"'(),]*[/\\][0-9a-f]{64}[/\\]`)
	serverFolder = regexp.MustCompile(`[^\s"'(),]*[/\\][0-9a-f]{64}\b`)
)

// goType matches a Go type named in an error (encoding/json's words).
var goType = regexp.MustCompile(`Go (?:value|struct field \S+) of type \S+`)

// scrubPaths takes the server's folders and Go's type names out of an
// error's text.
func scrubPaths(msg string) string {
	msg = goType.ReplaceAllString(msg, "a value of another kind")
	msg = serverPath.ReplaceAllString(msg, "")
	return serverFolder.ReplaceAllString(msg, "the module's own folder")
}
