package serve

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"

	"gpw/web"
)

// asset is a file of the board, ready to send: its bytes, gzipped, and
// an entity tag that names its content.
type asset struct {
	ctype      string
	body, gzip []byte
	etag       string
}

var (
	assetsOnce sync.Once
	assets     map[string]*asset
)

// loadAssets reads and compresses the board's files once.
func loadAssets() map[string]*asset {
	assetsOnce.Do(func() {
		assets = map[string]*asset{}
		fs.WalkDir(web.Files, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			b, err := fs.ReadFile(web.Files, p)
			if err != nil {
				return nil
			}
			sum := sha256.Sum256(b)
			ct := mime.TypeByExtension(path.Ext(p))
			if path.Ext(p) == ".js" {
				ct = "text/javascript; charset=utf-8"
			}
			assets[p] = &asset{ctype: ct, body: b, gzip: gz(b), etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
			return nil
		})
	})
	return assets
}

// serveAsset sends a board file: gzipped when the browser takes it, and
// cacheable: the browser keeps it and asks again with its entity tag,
// answered 304 Not Modified while it is the same.
func serveAsset(w http.ResponseWriter, r *http.Request, name string) {
	a := loadAssets()[name]
	if a == nil {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", a.etag)
	h.Set("Vary", "Accept-Encoding")
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, a.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := a.body
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = a.gzip
	}
	w.Write(body)
}

// handleStatic serves /static/NAME.
func handleStatic(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/static/")
	if name == "" || strings.Contains(name, "..") {
		http.NotFound(w, r)
		return
	}
	serveAsset(w, r, name)
}

// handleIndex serves the page, at / and at every game's link.
func handleIndex(w http.ResponseWriter, r *http.Request) { serveAsset(w, r, "index.html") }
