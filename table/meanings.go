package table

import (
	"context"

	"atout/protocol"
)

// Meanings: the bidding box's help, what each call would mean before it is
// made.

// Meanings answers a request for the meaning of each legal call of the
// seat to call now, from the abilities of the table's game (Meanings: the
// bots' bidding system). The meanings depend on the calls only, so they go
// to whoever may see the auction: a player at the table, or somebody not
// seated to whom the table shows the deal (at a competition's table, only
// if the competition's judge says so, as for the state's explanations).
// It answers on the table's goroutine (a millisecond at most, then from
// the system's memo).
func (t *Table) Meanings(ctx context.Context, userID string) (protocol.Meanings, error) {
	var out protocol.Meanings
	err := t.run(ctx, func() error {
		var err error
		out, err = t.meanings(userID)
		return err
	})
	if err != nil {
		return protocol.Meanings{}, err
	}
	return out, nil
}

func (t *Table) meanings(userID string) (protocol.Meanings, error) {
	_, seated := t.seatOf(userID)
	if !seated && t.settings.Competition() && !t.reveals(userID, false, t.m.DealNo()) {
		return protocol.Meanings{}, errf(CodeForbidden, "this deal is not shown to you yet")
	}
	means := t.abilities().Meanings
	if means == nil {
		return protocol.Meanings{}, errf(CodeBadRequest, "no meanings of calls for this game on this server")
	}
	g := t.m.Game()
	if g == nil || t.m.DealDone() {
		return protocol.Meanings{}, errf(CodeTurn, "there is no auction in progress")
	}
	ms := means(g)
	toAct := g.ToAct()
	if ms == nil || len(toAct) != 1 {
		return protocol.Meanings{}, errf(CodeTurn, "there is no auction in progress")
	}
	return protocol.Meanings{Type: protocol.TypeMeanings, N: t.n, Seat: toAct[0], Calls: ms}, nil
}
