package game

import (
	"errors"
	"testing"

	"atout/card"
)

func TestIllegalError(t *testing.T) {
	for _, tc := range []struct {
		e    *IllegalError
		want string
		over bool
	}{
		{&IllegalError{Game: "bridge", Seat: card.East, Action: "SA", Trick: 3, Reason: "must follow suit in hearts"},
			"bridge: trick 3: E cannot play SA: must follow suit in hearts", false},
		{&IllegalError{Game: "belote", Seat: card.South, Action: "80H", Reason: "it is W's turn"},
			"belote: S cannot call 80H: it is W's turn", false},
		{&IllegalError{Game: "bridge", Seat: card.North, Action: "claim 9", Trick: 5, Verb: "make", Reason: "the deal is over", Over: true},
			"bridge: trick 5: N cannot make claim 9: the deal is over", true},
	} {
		var err error = tc.e
		if got := err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
		var ie *IllegalError
		if !errors.Is(err, ErrIllegal) || !errors.As(err, &ie) || ie != tc.e {
			t.Errorf("%v: does not match ErrIllegal and *IllegalError", err)
		}
		if errors.Is(err, ErrOver) != tc.over {
			t.Errorf("%v: errors.Is(err, ErrOver) = %v, want %v", err, !tc.over, tc.over)
		}
	}
}
