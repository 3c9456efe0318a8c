package tournament

import (
	"errors"
	"fmt"
)

// Sentinel errors, wrapped by the typed errors of this package so that
// callers can test with errors.Is.
var (
	// ErrNotPlayedYet: the viewer has not played the board and the
	// tournament is not over, so its results and deal are hidden.
	ErrNotPlayedYet = errors.New("board not played yet")
	// ErrNoBoard: the tournament has no board of that number.
	ErrNoBoard = errors.New("no such board")
	// ErrUnknownEntry: the entry has not joined the tournament.
	ErrUnknownEntry = errors.New("unknown entry")
	// ErrAlreadyPlayed: the entry already has a result on the board.
	ErrAlreadyPlayed = errors.New("board already played by this entry")
	// ErrOutsideWindow: the result's time is outside the tournament window.
	ErrOutsideWindow = errors.New("outside the tournament window")
	// ErrInvalid: a definition or a result that cannot be used.
	ErrInvalid = errors.New("invalid")
)

// Error reports what is wrong with a tournament operation: Op is the
// operation ("Add", "FromPBN", "FrequencyFor"...), Board the board number
// concerned (0 if none), Entry the entry concerned ("" if none), Err the
// cause, which wraps one of the sentinel errors.
type Error struct {
	Op    string
	Board int
	Entry string
	Err   error
}

func (e *Error) Error() string {
	s := "tournament: " + e.Op
	if e.Board > 0 {
		s += fmt.Sprintf(": board %d", e.Board)
	}
	if e.Entry != "" {
		s += fmt.Sprintf(": entry %q", e.Entry)
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// invalid returns an error wrapping ErrInvalid with a message.
func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}
