package table

import (
	"errors"
	"fmt"
)

// Error codes, as sent to clients in the protocol's error message.
const (
	CodeIllegal    = "illegal"      // the rules do not allow the action
	CodeTurn       = "turn"         // not the seat's turn (or nothing to do now)
	CodeSeat       = "seat"         // the user does not play that seat
	CodeStale      = "stale"        // the client's move count is out of date
	CodeBadRequest = "bad_request"  // malformed or unknown request
	CodeNotSeated  = "not_seated"   // the user has no seat at the table
	CodeForbidden  = "forbidden"    // not allowed at this table (undo, hint with other humans)
	CodeBusy       = "busy"         // the table's queue is full: try again
	CodeOver       = "over"         // the match is over
	CodeInternal   = "internal"     // storage failed; nothing changed
	CodeClosed     = "closed"       // the table is shut down
	CodeNotFound   = "not_found"    // no such table
	CodeTimeout    = "timeout"      // a computation (a hint) took too long
	CodeConfirm    = "confirm"      // the undo goes back into the auction: send it again with confirm
	CodeLimited    = "rate_limited" // too many chat lines: wait a little
)

// Error is what a table returns for a refused request: a protocol code, an
// English message naming what was wrong, and the underlying error if any.
// Nothing changed at the table.
type Error struct {
	Code string
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	if e.Msg == "" {
		return "table: " + e.Code
	}
	return "table: " + e.Code + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

func errf(code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// ErrClosed is returned by calls to a table that has stopped.
var ErrClosed = &Error{Code: CodeClosed, Msg: "the table is closed"}

// ErrBusy is returned when a table's call queue is full.
var ErrBusy = &Error{Code: CodeBusy, Msg: "the table is busy, try again"}

// ErrNotFound is returned by a hub for an unknown or finished table.
var ErrNotFound = &Error{Code: CodeNotFound, Msg: "no such table"}

// CodeOf returns the protocol code of err: its [Error] code, or internal.
func CodeOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}
