// HTTP API
//
// The bodies of the HTTP API under /api (server/api.go, server/server.go).
// Every response is JSON unless said otherwise; an error is an
// [ErrorResponse] with the HTTP status that fits it. State-changing
// requests (POST, DELETE) carry the X-CSRF-Token header equal to the
// atout_csrf cookie. GET /healthz answers the text "ok", GET /metrics the
// Prometheus text format, GET /api/rules/{game} an HTML fragment and
// GET /api/games/{id}/export a PBN, LIN or JSON file: none of them is
// described here.

package protocol

import (
	"encoding/json"
	"time"
)

// ErrorResponse is the body of every HTTP error: 4xx and 5xx answers of
// the API.
type ErrorResponse struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail says what went wrong. Codes are those of the WebSocket
// [Error] message, plus csrf (missing or wrong X-CSRF-Token), unauthorized
// (no session), credentials (wrong login), username (taken) and limit
// (a per-user limit, detail says which).
type ErrorDetail struct {
	Code string `json:"code"`
	// Detail is the English reason, for logs and bug reports.
	Detail string `json:"detail"`
	// Message is the catalog message error.<code> in the request's
	// language.
	Message string `json:"message"`
}

// Credentials is the body of POST /api/signup and POST /api/login.
type Credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// Me is the answer of GET /api/me (which makes a guest on the first
// visit), POST /api/signup and POST /api/login: the session's user and
// the language the server speaks to it.
type Me struct {
	// Lang is the request's language: the lang cookie, else the
	// account's choice, else Accept-Language.
	Lang string `json:"lang"`
	User User   `json:"user"`
}

// User is a user as the browser knows it.
type User struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Guest bool   `json:"guest"`
}

// OK is the answer of POST /api/logout.
type OK struct {
	OK bool `json:"ok"` // always true
}

// LangRequest is the body of POST /api/lang, which stores the language
// choice; the answer is the same object.
type LangRequest struct {
	Lang string `json:"lang"` // a supported language: "en", "fr", "ko", ...
}

// Catalog is the answer of GET /api/i18n/{lang}: every message of the
// language by key ("table.hint", "error.illegal", ...), English filling
// any gap.
type Catalog map[string]string

// TableRequest is the body of POST /api/tables, which opens a casual
// table: what a player chooses. It is read strictly: any other field is
// refused (a competition's tables are opened by the competition on the
// server, never from a request).
type TableRequest struct {
	Game GameKind `json:"game"` // "bridge" or "belote"
	// Scoring (bridge): "duplicate" (default), "rubber" or "chicago".
	Scoring Scoring `json:"scoring,omitempty"`
	// Boards (bridge, duplicate): boards in the match, 1 to 64 (8).
	Boards int `json:"boards,omitempty"`
	// Mode (belote): "classic" (default), "notrump" or "coinche".
	Mode BeloteMode `json:"mode,omitempty"`
	// Rules (belote): "maison" (default) or "official".
	Rules         BeloteRules `json:"rules,omitempty"`
	Announcements bool        `json:"announcements,omitempty"` // belote
	Target        int         `json:"target,omitempty"`        // belote: 0 (the mode's default) or 100 to 10000
	Level         Level       `json:"level,omitempty"`         // the bots: "easy", "medium" (default) or "strong"
	// SaTa (belote, coinche only): the sans-atout and tout-atout bids.
	SaTa bool `json:"sata,omitempty"`
	// TurnSeconds is a human's time to act at a table with several
	// humans: 0 the server's default, -1 none.
	TurnSeconds int `json:"turnSeconds,omitempty"`
	// Seed is refused (400) unless the server runs with test seeds.
	Seed uint64 `json:"seed,omitempty"`
}

// TableCreated is the answer of POST /api/tables.
type TableCreated struct {
	ID string `json:"id"`
	// Invite is the invitation link, "/t/ID?invite=SECRET" ("/t/ID" when
	// the table has no secret).
	Invite string `json:"invite"`
}

// SitRequest is the body of POST /api/tables/{id}/sit: a human takes a
// seat held by a bot, with the invitation's secret or as the table's
// owner.
type SitRequest struct {
	Seat   string `json:"seat"`             // "N", "E", "S" or "W"
	Invite string `json:"invite,omitempty"` // the invitation link's secret
}

// SitResponse is the answer of POST /api/tables/{id}/sit.
type SitResponse struct {
	Seat string `json:"seat"` // the seat taken
}

// Games is the answer of GET /api/games?before=&limit=: a page of the
// user's games, newest first.
type Games struct {
	Games []GameSummary `json:"games"`
	// Next is the before= of the next page, "" after the last.
	Next string `json:"next"`
}

// GameSummary describes a stored game.
type GameSummary struct {
	ID     string `json:"id"`
	Game   string `json:"game"`   // "bridge" or "belote"
	Status string `json:"status"` // "open" or "finished"
	// Created and Updated are RFC 3339 times.
	Created time.Time      `json:"created"`
	Updated time.Time      `json:"updated"`
	Seats   [4]SeatSummary `json:"seats"` // N, E, S, W
	// Settings are the table's stored [TableSettings] without seed,
	// invite and owner, and, until the game is finished, without the
	// fixed deals (deals, beloteDeals); null when none are stored. They
	// are the stored JSON object less those fields (a table's settings
	// evolve with the versions that stored them).
	Settings json.RawMessage `json:"settings"`
	// Result is the game's stored result (bridge: the score sheet; belote:
	// the final score), absent while the game is open.
	Result json.RawMessage `json:"result,omitempty"`
}

// SeatSummary is a seat of a stored game.
type SeatSummary struct {
	Name string `json:"name"`
	Bot  string `json:"bot,omitempty"` // the bot's level when a bot played it
	You  bool   `json:"you,omitempty"` // the caller played it
}

// GameRecord is the answer of GET /api/games/{id}: the game and its
// deals, only when the game is finished or for its players; a deal in
// progress is never included.
type GameRecord struct {
	GameSummary
	Deals []DealRecord `json:"deals"`
}

// DealRecord is one deal of a [GameRecord].
type DealRecord struct {
	No int `json:"no"` // 1-based number of the deal at the table
	// Deal is the stored deal: bridge {"board","dealer","vul","deal"}
	// (deal: PBN), belote {"dealer","deck"} (deck: 32 cards, top first).
	Deal json.RawMessage `json:"deal"`
	// Result is the deal's stored result; a bridge deal's carries its
	// double-dummy [Analysis] as "analysis".
	Result json.RawMessage `json:"result"`
	// Moves are "SEAT ACTION": "S 1NT", "W SA", "N take".
	Moves []string `json:"moves"`
	// Explanations are the meanings of a bridge deal's calls, one per call
	// of its auction (as the table showed them).
	Explanations []Explanation `json:"explanations,omitempty"`
}

// StepValues answers GET /api/games/{id}/deals/{no}/values?step=N: in a
// bridge deal's card play after its first N moves, declarer's total tricks
// after each legal card of Seat, the player to move, double dummy (none
// outside the card play).
type StepValues struct {
	Step  int            `json:"step"`
	Seat  *string        `json:"seat,omitempty"`
	Cards map[string]int `json:"cards"`
}
