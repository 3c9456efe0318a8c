package bridge

import (
	"fmt"
	"strings"

	"atout/card"
	"atout/game"
)

// IllegalError reports an action the Laws do not allow at this point: a
// call, a card or a claim. It is [game.IllegalError]: it wraps
// [game.ErrIllegal]; an action sent after the deal is over also matches
// [game.ErrOver] with errors.Is.
type IllegalError = game.IllegalError

// illegal refuses an action; the message names the seat, the action, the
// trick (for cards and claims) and the reason:
// `bridge: trick 3: E cannot play SA: must follow suit in hearts`.
func illegal(seat card.Seat, action string, trick int, format string, args ...any) *IllegalError {
	verb := "call"
	switch {
	case strings.HasPrefix(action, "claim"):
		verb = "make"
	case trick > 0 || isCardText(action):
		verb = "play"
	}
	return &IllegalError{Game: "bridge", Seat: seat, Action: action, Trick: trick, Reason: fmt.Sprintf(format, args...), Verb: verb}
}

// afterEnd refuses an action sent after the end of the deal: the error also
// matches [game.ErrOver].
func afterEnd(seat card.Seat, action string, trick int, reason string) *IllegalError {
	e := illegal(seat, action, trick, "%s", reason)
	e.Over = true
	return e
}

// isCardText reports whether s is a card written in the canonical form.
func isCardText(s string) bool {
	c, err := card.Parse(s)
	return err == nil && c.String() == s
}
