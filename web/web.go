// Package web holds Atout's browser UI: a single-page application written as
// plain HTML, CSS and JavaScript ES modules (no framework, no build step),
// embedded in the binary and served by package server.
//
// The UI is a thin view of the server's state: it sends intentions over the
// table's WebSocket (docs/protocol.md) and draws the per-seat views that come
// back. Every visible string goes through the message catalog served at
// /api/i18n/{lang}; the JavaScript keeps no copy of any text (strings_test.go).
package web

import (
	"embed"
	"io/fs"
)

// Assets holds the files of the UI under the folder "static".
//
//go:embed static
var Assets embed.FS

// FS returns the UI files with "static/" stripped, ready for
// http.FileServerFS: "index.html", "style.css", "js/app.js"...
func FS() fs.FS {
	sub, err := fs.Sub(Assets, "static")
	if err != nil {
		// fs.Sub fails only on an invalid path; "static" is valid.
		panic(err)
	}
	return sub
}
