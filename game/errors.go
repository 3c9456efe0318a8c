package game

import (
	"fmt"

	"atout/card"
)

// IllegalError reports an action the rules do not allow at this point: a
// call, a card, a claim or a declaration choice. Both engines return it
// (bridge.IllegalError and belote.IllegalError are this type). It wraps
// [ErrIllegal]; an action sent after the deal or game is over (Over set)
// also matches [ErrOver] with errors.Is. An action that returns an
// IllegalError never changes the state.
type IllegalError struct {
	Game   string    // the engine that refused the action: "bridge" or "belote"
	Seat   card.Seat // the seat that tried to act
	Action string    // the action as written: "1C", "80H", "coinche", "SA", "claim 9"
	Trick  int       // the trick (from 1) for cards and claims; 0 in the auction or bidding
	Reason string    // why the action is refused

	// Verb is what the seat tried to do: "call", "play" or "make" (a
	// claim). Empty means "play" from trick 1 on and "call" before.
	Verb string
	// Over reports that the action came after the end of the deal or game.
	Over bool
}

// Error names the engine, the seat, the action, the trick (for cards and
// claims) and the reason: `bridge: trick 3: E cannot play SA: must follow
// suit in hearts`.
func (e *IllegalError) Error() string {
	verb := e.Verb
	if verb == "" {
		verb = "call"
		if e.Trick > 0 {
			verb = "play"
		}
	}
	if e.Trick > 0 {
		return fmt.Sprintf("%s: trick %d: %s cannot %s %s: %s", e.Game, e.Trick, e.Seat, verb, e.Action, e.Reason)
	}
	return fmt.Sprintf("%s: %s cannot %s %s: %s", e.Game, e.Seat, verb, e.Action, e.Reason)
}

// Unwrap returns [ErrIllegal].
func (e *IllegalError) Unwrap() error { return ErrIllegal }

// Is reports whether target is [ErrOver] and the action came after the end
// of the deal or game.
func (e *IllegalError) Is(target error) bool { return e.Over && target == ErrOver }
