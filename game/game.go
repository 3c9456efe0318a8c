// Package game defines the one interface that both Atout engines (bridge and
// belote) satisfy, so that tables, bots, storage, replays and the server are
// written once.
//
// A game is a deterministic state machine. Its record is its settings, its
// deal and the list of moves applied to it: storing, resuming, undoing and
// exporting a game all follow from replaying that list.
package game

import (
	"errors"
	"fmt"
	"strings"

	"atout/card"
)

// ErrIllegal is wrapped by every error an engine returns for an action that
// the rules do not allow at this point.
var ErrIllegal = errors.New("illegal action")

// ErrOver is wrapped by errors for actions sent after the game ended.
var ErrOver = errors.New("game over")

// Move is one action by one seat, in the engine's text notation: a bridge
// call ("1NT", "P", "X") or card ("SA"); a belote call ("pass", "take",
// "80H", "coinche") or card.
type Move struct {
	Seat   card.Seat `json:"seat"`
	Action string    `json:"action"`
}

// String writes the move as in a belote record: "S 80H".
func (m Move) String() string { return m.Seat.String() + " " + m.Action }

// ParseMove reads "SEAT ACTION"; the action is the rest of the line.
func ParseMove(s string) (Move, error) {
	// The action may hold a space, as in the bridge claim "S claim 9".
	f := strings.Fields(s)
	if len(f) < 2 {
		return Move{}, fmt.Errorf("move %q: want SEAT ACTION", s)
	}
	seat, act := f[0], strings.Join(f[1:], " ")
	st, err := card.ParseSeat(seat)
	if err != nil {
		return Move{}, fmt.Errorf("move %q: %w", s, err)
	}
	return Move{Seat: st, Action: act}, nil
}

// Game is one deal of a game, the interface every engine satisfies: a
// bridge board ([atout/bridge.Game]) or a belote deal ([atout/belote.Deal]).
// What a table plays deal after deal — a session of boards, a belote game
// to its target — is a match (package atout/match) built on it.
type Game interface {
	// Kind is "bridge" or "belote".
	Kind() string
	// ToAct returns the seats that may act now. Usually one; in belote under
	// Maison rules a defender may also coinche out of turn, and such seats
	// are listed too. Empty when the game (or deal) is over.
	ToAct() []card.Seat
	// Legal returns every action seat may take now, in the engine's text
	// notation; empty if the seat may not act.
	Legal(seat card.Seat) []string
	// Apply performs a move. An illegal move returns an error wrapping
	// ErrIllegal and leaves the state unchanged.
	Apply(m Move) error
	// View returns what seat may see, ready to be encoded as JSON.
	View(seat card.Seat) any
	// Done reports whether the deal is finished.
	Done() bool
	// Moves returns the moves of the deal applied so far.
	Moves() []Move
}
