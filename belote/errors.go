package belote

import (
	"fmt"

	"atout/card"
	"atout/game"
)

// IllegalError reports an action the rules do not allow at this point: a
// call, a card, or a declaration choice. It wraps [game.ErrIllegal]; an
// action sent after the deal is over also matches [game.ErrOver] with
// errors.Is. An action that returns an IllegalError never changes the state.
type IllegalError struct {
	Seat   card.Seat // the seat that tried to act
	Action string    // the action as written: "80H", "coinche", "SA"
	Trick  int       // 1..8 for cards; 0 in the bidding
	Reason string    // why the action is refused

	over bool
}

// Error names the seat, the action, the trick (for cards) and the reason:
// `belote: trick 3: E cannot play SA: must follow suit in hearts`.
func (e *IllegalError) Error() string {
	verb := "call"
	if e.Trick > 0 {
		verb = "play"
	}
	if e.Trick > 0 {
		return fmt.Sprintf("belote: trick %d: %s cannot %s %s: %s", e.Trick, e.Seat, verb, e.Action, e.Reason)
	}
	return fmt.Sprintf("belote: %s cannot %s %s: %s", e.Seat, verb, e.Action, e.Reason)
}

// Unwrap returns [game.ErrIllegal].
func (e *IllegalError) Unwrap() error { return game.ErrIllegal }

// Is reports whether target is [game.ErrOver] and the action came after the
// end of the deal or game.
func (e *IllegalError) Is(target error) bool { return e.over && target == game.ErrOver }

func illegal(seat card.Seat, action string, trick int, format string, args ...any) *IllegalError {
	return &IllegalError{Seat: seat, Action: action, Trick: trick, Reason: fmt.Sprintf(format, args...)}
}

// ActionError reports text that is not a belote action in any notation.
type ActionError struct {
	Input string
	Msg   string
}

func (e *ActionError) Error() string {
	return fmt.Sprintf("belote: invalid action %q: %s", e.Input, e.Msg)
}

// Unwrap returns [card.ErrSyntax].
func (e *ActionError) Unwrap() error { return card.ErrSyntax }
