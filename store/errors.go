package store

import (
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Sentinel errors. Every error the store returns for one of these conditions
// wraps the sentinel, so callers test with errors.Is; the wrapping error names
// the game, deal, user or field concerned.
var (
	// ErrNotFound: no game, deal, move or user with that key.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict: the row was written by someone else first — a move
	// position already taken (see [MoveConflictError]), a deal number already
	// used, or a state change that no longer applies.
	ErrConflict = errors.New("store: conflict")
	// ErrInvalid: an argument the store refuses (see [InputError]).
	ErrInvalid = errors.New("store: invalid input")
	// ErrUsernameTaken: another account has this username, compared without
	// regard to case.
	ErrUsernameTaken = errors.New("store: username taken")
	// ErrBadCredentials: the username is unknown or the password is wrong;
	// which of the two is deliberately not said.
	ErrBadCredentials = errors.New("store: wrong username or password")
	// ErrNoSession: the session token is unknown, deleted or expired.
	ErrNoSession = errors.New("store: no such session")
	// ErrLeaseHeld: another node owns the table and its lease has not
	// expired (see [LeaseError]).
	ErrLeaseHeld = errors.New("store: table owned by another node")
	// ErrEntriesClosed: the competition takes no new entries (its end has
	// passed: see [Store.CloseEntries]).
	ErrEntriesClosed = errors.New("store: competition closed to new entries")
	// ErrFinished: the game is finished, so it cannot be claimed or played.
	ErrFinished = errors.New("store: game finished")
	// ErrForbidden: the user may not do that to the game (another user's
	// table, or a competition's).
	ErrForbidden = errors.New("store: not allowed")
	// ErrSchemaTooNew: the database was migrated by a newer Atout that knows
	// migrations this binary does not; opening it could corrupt data.
	ErrSchemaTooNew = errors.New("store: database schema is newer than this program")
)

// MoveConflictError reports that a move could not be stored at position Seq
// of a deal because that position is taken (Seq < Stored) or would leave a
// gap (Seq > Stored). Stored is the number of moves the deal holds now, which
// is the next free position. It wraps [ErrConflict].
type MoveConflictError struct {
	Game   string
	Deal   int
	Seq    int
	Stored int
}

func (e *MoveConflictError) Error() string {
	what := "is taken"
	if e.Seq > e.Stored {
		what = "would leave a gap"
	}
	return fmt.Sprintf("store: game %s deal %d: move %d %s (%d moves stored)", e.Game, e.Deal, e.Seq, what, e.Stored)
}

// Unwrap returns [ErrConflict].
func (e *MoveConflictError) Unwrap() error { return ErrConflict }

// LeaseError reports that a table is owned by another node until Until. It
// wraps [ErrLeaseHeld].
type LeaseError struct {
	Game  string
	Owner string
	Until time.Time
}

func (e *LeaseError) Error() string {
	return fmt.Sprintf("store: game %s is owned by node %q until %s", e.Game, e.Owner, e.Until.UTC().Format(time.RFC3339Nano))
}

// Unwrap returns [ErrLeaseHeld].
func (e *LeaseError) Unwrap() error { return ErrLeaseHeld }

// InputError reports an argument the store refuses: which field, the value
// (omitted for passwords) and why. It wraps [ErrInvalid].
type InputError struct {
	Field  string
	Value  string
	Reason string
}

func (e *InputError) Error() string {
	if e.Value == "" {
		return fmt.Sprintf("store: invalid %s: %s", e.Field, e.Reason)
	}
	return fmt.Sprintf("store: invalid %s %q: %s", e.Field, e.Value, e.Reason)
}

// Unwrap returns [ErrInvalid].
func (e *InputError) Unwrap() error { return ErrInvalid }

func invalid(field, value, reason string) error {
	return &InputError{Field: field, Value: value, Reason: reason}
}

// notFound wraps ErrNotFound with what was looked for.
func notFound(format string, args ...any) error {
	return fmt.Errorf("store: %s: %w", fmt.Sprintf(format, args...), ErrNotFound)
}

// isUniqueViolation reports whether err is a primary-key or unique
// constraint failure in either database.
func isUniqueViolation(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		c := se.Code()
		return c == sqlite3.SQLITE_CONSTRAINT_UNIQUE || c == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23505"
	}
	return false
}

// isForeignKeyViolation reports whether err is a foreign key failure: the
// game, deal or user referred to does not exist.
func isForeignKeyViolation(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23503"
	}
	return false
}
