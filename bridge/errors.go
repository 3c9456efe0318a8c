package bridge

import (
	"fmt"
	"strings"

	"atout/card"
	"atout/game"
)

// IllegalError reports an action the Laws do not allow at this point: a
// call, a card or a claim. It wraps [game.ErrIllegal]; an action sent after
// the deal is over also matches [game.ErrOver] with errors.Is.
type IllegalError struct {
	Seat   card.Seat // the seat that tried to act
	Action string    // the action as written: "1C", "XX", "SA", "claim 9"
	Trick  int       // 1..13 for cards and claims; 0 in the auction
	Reason string    // why the action is refused

	over bool
}

// Error names the seat, the action, the trick (for cards and claims) and the
// reason: `bridge: trick 3: E cannot play SA: must follow suit in hearts`.
func (e *IllegalError) Error() string {
	verb := "call"
	switch {
	case strings.HasPrefix(e.Action, "claim"):
		verb = "make"
	case e.Trick > 0 || isCardText(e.Action):
		verb = "play"
	}
	if e.Trick > 0 {
		return fmt.Sprintf("bridge: trick %d: %s cannot %s %s: %s", e.Trick, e.Seat, verb, e.Action, e.Reason)
	}
	return fmt.Sprintf("bridge: %s cannot %s %s: %s", e.Seat, verb, e.Action, e.Reason)
}

// Unwrap returns [game.ErrIllegal].
func (e *IllegalError) Unwrap() error { return game.ErrIllegal }

// Is reports whether target is [game.ErrOver] and the action came after the
// end of the deal.
func (e *IllegalError) Is(target error) bool { return e.over && target == game.ErrOver }

func illegal(seat card.Seat, action string, trick int, format string, args ...any) *IllegalError {
	return &IllegalError{Seat: seat, Action: action, Trick: trick, Reason: fmt.Sprintf(format, args...)}
}

// isCardText reports whether s is a card written in the canonical form.
func isCardText(s string) bool {
	c, err := card.Parse(s)
	return err == nil && c.String() == s
}
