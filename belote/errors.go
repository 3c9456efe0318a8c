package belote

import (
	"fmt"

	"atout/card"
	"atout/game"
)

// IllegalError reports an action the rules do not allow at this point: a
// call, a card, or a declaration choice. It is [game.IllegalError]: it
// wraps [game.ErrIllegal]; an action sent after the deal is over also
// matches [game.ErrOver] with errors.Is. An action that returns an
// IllegalError never changes the state.
type IllegalError = game.IllegalError

// illegal refuses an action; the message reads
// `belote: trick 3: E cannot play SA: must follow suit in hearts`.
func illegal(seat card.Seat, action string, trick int, format string, args ...any) *IllegalError {
	return &IllegalError{Game: "belote", Seat: seat, Action: action, Trick: trick, Reason: fmt.Sprintf(format, args...)}
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
