// Package gpw holds the built-in data: the rules modules, the maps and
// the scenarios, embedded so that the gpw binary runs anywhere.
package gpw

import "embed"

// Data is the built-in rules/, maps/ and scenarios/ directories.
//
//go:embed rules scenarios all:maps
var Data embed.FS
