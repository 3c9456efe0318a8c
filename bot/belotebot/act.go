package belotebot

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"atout/belote"
	"atout/card"
	"atout/game"
)

// ErrNoAction is returned when the seat has nothing to do now, or chooses
// not to act when acting is optional (a Maison coinche out of turn).
var ErrNoAction = errors.New("belotebot: no action for the seat")

// checkTurn reports ErrNoAction when seat may not act in d.
func checkTurn(d *belote.Deal, seat card.Seat) error {
	if d == nil || !slices.Contains(d.ToAct(), seat) {
		return ErrNoAction
	}
	return nil
}

// actVia adapts a typed decision on the current deal to the generic bot
// interface: g must be a *belote.Game or a *belote.Deal.
func actVia(ctx context.Context, g game.Game, seat card.Seat,
	choose func(context.Context, *belote.Deal, card.Seat) (belote.Action, error)) (game.Move, error) {
	var d *belote.Deal
	switch x := g.(type) {
	case *belote.Game:
		d = x.Deal()
	case *belote.Deal:
		d = x
	default:
		return game.Move{}, fmt.Errorf("belotebot: not a belote game: %T", g)
	}
	a, err := choose(ctx, d, seat)
	if err != nil {
		return game.Move{}, err
	}
	return game.Move{Seat: seat, Action: a.String()}, nil
}
