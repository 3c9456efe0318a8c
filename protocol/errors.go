package protocol

import (
	"errors"
	"fmt"
	"net/http"
)

// The refusal codes: one list for every refusal the server sends, in the
// WebSocket's error message and in the HTTP API's error body, whoever
// refuses (a table, a competition).
const (
	CodeIllegal        = "illegal"         // the rules do not allow the action
	CodeTurn           = "turn"            // not the seat's turn (or nothing to do now)
	CodeSeat           = "seat"            // the user does not play that seat
	CodeStale          = "stale"           // the client's move count is out of date
	CodeBadRequest     = "bad_request"     // malformed or unknown request (the message says how)
	CodeNotSeated      = "not_seated"      // the user has no seat at the table
	CodeForbidden      = "forbidden"       // not allowed (undo, hint with other humans, another's table)
	CodeBusy           = "busy"            // a queue is full, or the same thing is under way: try again
	CodeOver           = "over"            // the match is over; a competition takes no more of it
	CodeInternal       = "internal"        // storage failed; nothing changed
	CodeClosed         = "closed"          // the table is shut down
	CodeNotFound       = "not_found"       // no such table, competition, board or deal
	CodeTimeout        = "timeout"         // a computation (a hint) took too long
	CodeConfirm        = "confirm"         // the undo goes back into the auction: send it again with confirm
	CodeLimited        = "rate_limited"    // too many requests: wait a little
	CodeConflict       = "conflict"        // a name taken, a player already in a team, an answer given
	CodeNotPlayed      = "not_played"      // hidden until the caller has played it
	CodeBadPBN         = "bad_pbn"         // an imported PBN file is wrong (the message says where)
	CodeTournamentOpen = "tournament_open" // a tournament's boards and export: shown once it is over
	CodeUnavailable    = "unavailable"     // this server cannot do it (its hub does not report boards)
)

// Refusal is a refused request: its code, an English message naming what
// was wrong, and the underlying error if any. Nothing changed. The server
// sends it as an [Error] message (WebSocket) or an error body (HTTP).
type Refusal struct {
	Code string
	Msg  string
	Err  error
}

func (e *Refusal) Error() string {
	if e.Msg == "" {
		return e.Code
	}
	return e.Code + ": " + e.Msg
}

func (e *Refusal) Unwrap() error { return e.Err }

// Refuse returns a refusal with code and a formatted message.
func Refuse(code, format string, args ...any) *Refusal {
	return &Refusal{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// CodeOf returns the code of err: its [Refusal]'s, or internal.
func CodeOf(err error) string {
	var e *Refusal
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// Status returns the HTTP status the API answers a refusal code with.
func Status(code string) int {
	switch code {
	case CodeNotFound:
		return http.StatusNotFound
	case CodeBadRequest, CodeBadPBN:
		return http.StatusBadRequest
	case CodeForbidden, CodeNotSeated, CodeNotPlayed, CodeTournamentOpen:
		return http.StatusForbidden
	case CodeBusy, CodeClosed:
		return http.StatusServiceUnavailable
	case CodeInternal:
		return http.StatusInternalServerError
	case CodeUnavailable:
		return http.StatusNotImplemented
	case CodeLimited:
		return http.StatusTooManyRequests
	}
	return http.StatusConflict // over, conflict, and what the game refuses
}
