package table

import (
	"atout/protocol"
)

// The refusal codes a table sends: those of the one list of package
// protocol.
const (
	CodeIllegal    = protocol.CodeIllegal
	CodeTurn       = protocol.CodeTurn
	CodeSeat       = protocol.CodeSeat
	CodeStale      = protocol.CodeStale
	CodeBadRequest = protocol.CodeBadRequest
	CodeNotSeated  = protocol.CodeNotSeated
	CodeForbidden  = protocol.CodeForbidden
	CodeBusy       = protocol.CodeBusy
	CodeOver       = protocol.CodeOver
	CodeInternal   = protocol.CodeInternal
	CodeClosed     = protocol.CodeClosed
	CodeNotFound   = protocol.CodeNotFound
	CodeTimeout    = protocol.CodeTimeout
	CodeConfirm    = protocol.CodeConfirm
	CodeLimited    = protocol.CodeLimited
)

// Error is what a table returns for a refused request: the one refusal
// type of package protocol (a code, an English message naming what was
// wrong, the underlying error if any). Nothing changed at the table.
type Error = protocol.Refusal

func errf(code, format string, args ...any) *Error { return protocol.Refuse(code, format, args...) }

// ErrClosed is returned by calls to a table that has stopped.
var ErrClosed = &Error{Code: CodeClosed, Msg: "the table is closed"}

// ErrBusy is returned when a table's call queue is full.
var ErrBusy = &Error{Code: CodeBusy, Msg: "the table is busy, try again"}

// ErrNotFound is returned by a hub for an unknown or finished table.
var ErrNotFound = &Error{Code: CodeNotFound, Msg: "no such table"}

// CodeOf returns the protocol code of err: its [Error] code, or internal.
func CodeOf(err error) string { return protocol.CodeOf(err) }
