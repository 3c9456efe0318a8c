package competition

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"atout/protocol"
	"atout/store"
)

// refuse returns a refusal of a request: a code of the one list of
// package protocol, which package server answers with its HTTP status.
func refuse(code, format string, args ...any) error {
	return protocol.Refuse(code, format, args...)
}

// notFound is the error of a competition that is not there, or of a store
// failure (returned as it is).
func notFound(what, id string, err error) error {
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
		return &protocol.Refusal{Code: protocol.CodeNotFound, Msg: "no such " + what + ": " + id}
	}
	return err
}

// InputError is bad input in a request: its text names the field and what
// it accepts. Player, when set, is a player named in the request that
// nobody is.
type InputError struct{ Msg, Player string }

func (e *InputError) Error() string { return e.Msg }

func badInput(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

// UnknownPlayer is the error of a field naming no player.
func UnknownPlayer(field, name string) error {
	return &InputError{Msg: fmt.Sprintf("%s=%q: no player with this username (or player ID)", field, name), Player: name}
}

// CheckText checks a name: 1 to max bytes of UTF-8 without control
// characters, once trimmed; an *InputError for field otherwise.
func CheckText(field, s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "" || len(s) > max:
		return "", badInput("%s: want 1 to %d bytes", field, max)
	case !utf8.ValidString(s):
		return "", badInput("%s: not valid UTF-8", field)
	case strings.ContainsFunc(s, unicode.IsControl):
		return "", badInput("%s=%q: holds a control character", field, s)
	}
	return s, nil
}

// botName is the display name of a bot seat.
const botName = "Bot"

// DisplayName is how a user is named in a team or a ranking: his name, or
// "Guest" for a guest without a nickname.
func DisplayName(u store.User) string {
	if u.Username == "" {
		return "Guest"
	}
	return u.Username
}

// Caller is who makes a request, with the server's limits on what he may
// open.
type Caller struct {
	User store.User
	// Reserve reserves the creation of a table in his name (release once
	// it is open), or refuses it; nil: no limit.
	Reserve func() (release func(), err error)
	// Allow spends one of his competition creations, or refuses it; nil:
	// no limit.
	Allow func() error
	// Lookup finds a player a form names: a username (any case) or a user
	// ID; an error wrapping store.ErrNotFound if nobody is.
	Lookup func(who string) (store.User, error)
}

func (c Caller) reserve() (func(), error) {
	if c.Reserve == nil {
		return func() {}, nil
	}
	return c.Reserve()
}

func (c Caller) allow() error {
	if c.Allow == nil {
		return nil
	}
	return c.Allow()
}
