// Package examples ships the example projects inside the binary, so that
// `dryfire-tui --demo` works from any directory.
package examples

import "embed"

// Demo holds the demo project under the directory "demo" (its README.md
// says how each status was made).
//
//go:embed all:demo
var Demo embed.FS
