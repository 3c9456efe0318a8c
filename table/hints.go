package table

import (
	"context"
	"maps"

	"atout/bridge"
	"atout/card"
	"atout/match"
	"atout/protocol"
)

// Hints: help for a player at a casual table against bots.

// Hint answers a player's request for help at a casual table against
// bots: during a bridge auction, the call the bots would make with his
// hand and its meaning; during the play, the value of each legal card with
// all cards open (bridge: declarer's total and his side's; belote: his
// side's card points).
func (t *Table) Hint(ctx context.Context, userID string) (Hint, error) {
	if bh, ok := t.m.(match.BeloteHintable); ok {
		cards, err := t.beloteHint(ctx, userID, bh)
		if err != nil {
			return Hint{}, err
		}
		return Hint{Type: protocol.TypeHint, Cards: cards, Ours: cards}, nil
	}
	var g *bridge.Game
	var cached map[string]int
	var v uint64
	var us card.Seat
	var bid *Hint
	var err error
	if e := t.exec(ctx, func() {
		hm, able := t.m.(match.Hintable)
		if us, err = t.mayHint(userID, able, "hints are for bridge"); err != nil {
			return
		}
		if bm, ok := t.m.(match.BidHintable); ok && t.cfg.Suggest != nil {
			if vul, dealer, calls, hand, ok := bm.BidTurn(us); ok {
				e := t.cfg.Suggest(vul, dealer, calls, hand)
				bid = &Hint{Type: protocol.TypeHint, Call: e.Call, Means: e}
				return
			}
		}
		hg, herr := hm.HintGame(us)
		if herr != nil {
			err = errf(CodeTurn, "hints are given when it is your turn to call or play a card")
			return
		}
		v = t.version
		if t.hintCards != nil && t.hintV == v {
			cached = t.hintCards
		}
		g = hg
	}); e != nil {
		return Hint{}, e
	}
	if err != nil {
		return Hint{}, err
	}
	if bid != nil {
		return *bid, nil
	}
	cards := maps.Clone(cached)
	if cached == nil {
		// The search runs on the caller's goroutine, in one of the hub's
		// hint slots, never on the table's.
		cards, err = t.an.hint(ctx, g)
		if err != nil {
			return Hint{}, err
		}
		keep := maps.Clone(cards)
		t.tryPost(func() {
			if t.version == v {
				t.hintCards, t.hintV = keep, v
			}
		})
	}
	h := Hint{Type: protocol.TypeHint, Cards: cards, Ours: cards}
	if decl, _ := g.Declarer(); decl.Side() != us.Side() {
		h.Ours = make(map[string]int, len(cards))
		for c, n := range cards {
			h.Ours[c] = 13 - n
		}
	}
	return h, nil
}

// mayHint checks on the table goroutine that userID may have a hint now:
// seated, at a table whose game has hints (able; else why), casual, with
// no other human, during a deal. It returns his seat.
func (t *Table) mayHint(userID string, able bool, why string) (card.Seat, error) {
	us, ok := t.seatOf(userID)
	switch {
	case !ok:
		return us, errf(CodeNotSeated, "you have no seat at this table")
	case !able:
		return us, errf(CodeBadRequest, "%s", why)
	case t.settings.Competition():
		return us, errf(CodeForbidden, "no hint at a competition's table")
	case t.humans() != 1:
		return us, errf(CodeForbidden, "hints are only given against bots")
	case t.m.DealDone():
		return us, errf(CodeTurn, "the deal is over")
	}
	return us, nil
}
