package server

import (
	"encoding/json"
	"strings"

	"atout/protocol"
)

// Languages is what the server needs from the translations (package i18n
// provides it; see cmd/atout/serve.go). A nil Languages in [Config] means
// English only.
type Languages interface {
	// Match picks the best supported language for an Accept-Language
	// header; "en" when nothing matches.
	Match(acceptLanguage string) string
	// Supported reports whether lang has a catalog.
	Supported(lang string) bool
	// Catalog returns the message catalog of lang as JSON.
	Catalog(lang string) ([]byte, bool)
	// Message returns the translation of a message key ("error.illegal"),
	// false when the catalog lacks it.
	Message(lang, key string) (string, bool)
	// Rules returns the rules page of a game ("bridge", "belote") in lang,
	// as an HTML fragment.
	Rules(game, lang string) ([]byte, bool)
}

// english is the built-in fallback: the error messages of the protocol.
type english struct{}

var englishErrors = map[string]string{
	"error.illegal":         "That is not allowed now.",
	"error.turn":            "It is not your turn.",
	"error.seat":            "You do not play that seat.",
	"error.stale":           "The table has moved on: your screen was out of date.",
	"error.bad_request":     "The request was not understood.",
	"error.not_seated":      "You have no seat at this table.",
	"error.forbidden":       "That is not allowed at this table.",
	"error.busy":            "The table is busy, try again.",
	"error.over":            "The match is over.",
	"error.internal":        "Something went wrong on the server; nothing changed.",
	"error.closed":          "The table is closed.",
	"error.not_found":       "No such table.",
	"error.rate_limited":    "Too many requests: slow down.",
	"error.limit":           "You have reached the limit of open tables or connections: close one first.",
	"error.unauthorized":    "Sign in first.",
	"error.csrf":            "The page is out of date: reload it.",
	"error.credentials":     "Wrong username or password.",
	"error.username":        "That username is taken.",
	"error.timeout":         "That took too long: try again later.",
	"error.not_played":      "Play this board first: its results stay hidden until you have played it.",
	"error.tournament_open": "This opens when the tournament is over.",
	"error.unknown_player":  "No player has the username “{name}”.",
	"error.conflict":        "That is taken, or was done already.",
	"error.unavailable":     "This server cannot do that.",
}

func (english) Match(string) string     { return "en" }
func (english) Supported(l string) bool { return l == "en" }
func (english) Catalog(l string) ([]byte, bool) {
	if l != "en" {
		return nil, false
	}
	b, _ := json.Marshal(protocol.Catalog(englishErrors))
	return b, true
}
func (english) Message(l, key string) (string, bool) {
	m, ok := englishErrors[key]
	return m, ok
}
func (english) Rules(game, lang string) ([]byte, bool) { return nil, false }

// translate returns the message for an error code in lang, falling back on
// English and then on detail.
func (s *Server) translate(lang, code, detail string) string {
	key := "error." + code
	if m, ok := s.lang.Message(lang, key); ok {
		return m
	}
	if m, ok := englishErrors[key]; ok {
		return m
	}
	return strings.TrimPrefix(detail, "table: ")
}
