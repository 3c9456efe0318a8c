package table

import (
	"context"
	"maps"

	"atout/card"
	"atout/game"
	"atout/protocol"
)

// Hints: help for a player at a casual table against bots.

// Hint answers a player's request for help at a casual table against
// bots, from the abilities of the table's game: during an auction, the
// call the bots would make with his hand and its meaning (Suggest); during
// the play, the value of each legal card with all cards open (Hint:
// bridge, declarer's total and his side's; belote, his side's card
// points).
func (t *Table) Hint(ctx context.Context, userID string) (Hint, error) {
	ab := t.abilities()
	var d game.Game
	var cached *Hint
	var v uint64
	var us card.Seat
	var bid *Hint
	var err error
	if e := t.exec(ctx, func() {
		if us, err = t.mayHint(userID, ab.Hint != nil || ab.Suggest != nil); err != nil {
			return
		}
		if ab.Suggest != nil {
			if e := ab.Suggest(t.m.Game(), us); e != nil {
				bid = &Hint{Type: protocol.TypeHint, Call: e.Call, Means: e}
				return
			}
		}
		if ab.Hint == nil || !t.choosing(us) {
			err = errf(CodeTurn, "hints are given when it is your turn to call or play a card")
			return
		}
		v = t.version
		if t.hint != nil && t.hintV == v {
			cached = t.hint
			return
		}
		d = t.m.Clone()
	}); e != nil {
		return Hint{}, e
	}
	switch {
	case err != nil:
		return Hint{}, err
	case bid != nil:
		return *bid, nil
	case cached != nil:
		return cloneHint(*cached), nil
	}
	// The search runs on the caller's goroutine, in one of the hub's hint
	// slots, never on the table's.
	h, err := t.an.inHintSlot(ctx, func(ctx context.Context) (protocol.Hint, error) { return ab.Hint(ctx, d, us) })
	if err != nil {
		return Hint{}, err
	}
	keep := cloneHint(h)
	t.tryPost(func() {
		if t.version == v {
			t.hint, t.hintV = &keep, v
		}
	})
	return h, nil
}

// choosing reports whether us chooses an action now (his own seat's or,
// as declarer, dummy's).
func (t *Table) choosing(us card.Seat) bool {
	g := t.m.Game()
	if g == nil {
		return false
	}
	for _, s := range g.ToAct() {
		if t.m.Controller(s) == us {
			return true
		}
	}
	return false
}

func cloneHint(h Hint) Hint {
	h.Cards, h.Ours = maps.Clone(h.Cards), maps.Clone(h.Ours)
	return h
}

// mayHint checks on the table goroutine that userID may have a hint now:
// seated, at a table whose game has hints (able), casual, with no other
// human, during a deal. It returns his seat.
func (t *Table) mayHint(userID string, able bool) (card.Seat, error) {
	us, ok := t.seatOf(userID)
	switch {
	case !ok:
		return us, errf(CodeNotSeated, "you have no seat at this table")
	case !able:
		return us, errf(CodeBadRequest, "no hints for this game on this server")
	case t.settings.Competition():
		return us, errf(CodeForbidden, "no hint at a competition's table")
	case t.humans() != 1:
		return us, errf(CodeForbidden, "hints are only given against bots")
	case t.m.DealDone():
		return us, errf(CodeTurn, "the deal is over")
	}
	return us, nil
}
