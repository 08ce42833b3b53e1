// Package web is the browser board of gpw serve: plain JavaScript modules,
// a style sheet and one HTML page, embedded in the binary; nothing is
// built at run time.
package web

import "embed"

// Files are the board's files.
//
//go:embed index.html *.js *.css
var Files embed.FS
