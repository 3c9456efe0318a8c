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
// interface: g must be a *belote.Deal (one deal, the game.Game of belote).
// A card goes with what the bot says with it ([said]).
func actVia(ctx context.Context, g game.Game, seat card.Seat,
	choose func(context.Context, *belote.Deal, card.Seat) (belote.Action, error)) (game.Move, error) {
	d, ok := g.(*belote.Deal)
	if !ok {
		return game.Move{}, fmt.Errorf("belotebot: not a belote deal: %T", g)
	}
	a, err := choose(ctx, d, seat)
	if err != nil {
		return game.Move{}, err
	}
	return game.Move{Seat: seat, Action: said(d, seat, a).String()}, nil
}
