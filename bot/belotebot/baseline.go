package belotebot

import (
	"context"

	"atout/belote"
	"atout/card"
	"atout/game"
)

// Baseline is the simple rule-based belote bot: it bids by a point count
// of the hand (trump jack and nine, aces, length, belote), makes simple
// coinche bids, and plays by rules (lead a master card, follow cheaply,
// trump when it pays, give points to a partner who is master). It declares
// every announcement and belote. It is deterministic and stateless, so it
// is safe for concurrent use.
type Baseline struct{}

// NewBaseline returns the rule-based bot. The seed is unused: it plays the
// same way every time.
func NewBaseline(seed uint64) *Baseline { return &Baseline{} }

// Name returns "baseline".
func (b *Baseline) Name() string { return "baseline" }

// Act returns the bot's action for seat in g, a *belote.Deal.
func (b *Baseline) Act(ctx context.Context, g game.Game, seat card.Seat) (game.Move, error) {
	return actVia(ctx, g, seat, b.Choose)
}

// Choose returns the bot's action for seat in deal d. When seat may only
// coinche out of turn (Maison) and does not want to, it returns
// [ErrNoAction].
func (b *Baseline) Choose(ctx context.Context, d *belote.Deal, seat card.Seat) (belote.Action, error) {
	if err := ctx.Err(); err != nil {
		return belote.Action{}, err
	}
	if err := checkTurn(d, seat); err != nil {
		return belote.Action{}, err
	}
	if d.Phase() == belote.PhaseBidding {
		a := baselineCall(d, seat)
		if a.Kind == 0 {
			return a, ErrNoAction
		}
		return a, nil
	}
	k := Observe(d, seat)
	return belote.Play(ruleCard(k.playState())), nil
}

// playState returns the rule-policy state of the seat.
func (k *Knowledge) playState() *playState {
	var played card.Hand
	for _, p := range k.Played {
		played |= p
	}
	return &playState{rules: k.Rules, trump: k.Trump, seat: k.Seat, hand: k.Own, trick: k.Trick,
		played: played, takers: k.Contract.Takers()}
}

// ownAnnouncements returns the points of the announcements h holds.
func ownAnnouncements(h card.Hand, r belote.Rules, trump card.Suit) int {
	t := 0
	for _, a := range belote.Detect(0, h, r, trump) {
		t += a.Points
	}
	return t
}

// baselineCall is the baseline bidding.
func baselineCall(d *belote.Deal, seat card.Seat) belote.Action {
	r := d.Rules()
	h := d.Hand(seat)
	au := d.Auction()
	if seat != d.Turn() {
		// Maison: coinche out of turn
		if wantsCoincheBaseline(h, au, seat) {
			return belote.CallCoinche
		}
		return belote.Action{}
	}
	switch r.Mode {
	case belote.Classic:
		t := d.Turned()
		full := h.Add(t)
		if au.Round == 1 {
			if HandScore(full, t.Suit(), r) >= takeScore {
				return belote.CallTake
			}
			return belote.CallPass
		}
		s, sc := BestSuit(full, r, t.Suit())
		if sc >= nameScore {
			return belote.NameSuit(s)
		}
		return belote.CallPass
	case belote.NoTrump:
		if noTrumpScore(h, r) >= noTrumpTake {
			return belote.CallTake
		}
		return belote.CallPass
	}
	// coinche
	legal := d.LegalActions(seat)
	has := func(a belote.Action) bool {
		for _, l := range legal {
			if l == a {
				return true
			}
		}
		return false
	}
	if has(belote.CallSurcoinche) {
		return belote.CallPass
	}
	if has(belote.CallCoinche) && wantsCoincheBaseline(h, au, seat) {
		return belote.CallCoinche
	}
	if au.Coinche > 1 {
		return belote.CallPass
	}
	s, sc := BestStrain(h, r)
	lvl := coincheLevel(sc, ownAnnouncements(h, r, s))
	if lvl == 0 {
		return belote.CallPass
	}
	if au.HighBid.Kind == belote.ActBid {
		if au.Bidder.Side() == seat.Side() {
			// partner holds the contract: raise his suit with support
			ps := au.HighBid.Suit
			psc := HandScore(h, ps, r)
			if psc >= coincheBase-10 && int(au.HighBid.Value)+10 <= 160 && psc >= coincheBase+5 {
				return belote.Bid(int(au.HighBid.Value)+10, ps)
			}
			return belote.CallPass
		}
		next := int(au.HighBid.Value) + 10
		if au.HighBid.Value == belote.CapotBid || next > lvl {
			return belote.CallPass
		}
		return belote.Bid(next, s)
	}
	return belote.Bid(80, s)
}

// wantsCoincheBaseline: coinche an opponent's bid of 100 or more holding
// a strong defence in his suit.
func wantsCoincheBaseline(h card.Hand, au belote.Auction, seat card.Seat) bool {
	if au.HighBid.Kind != belote.ActBid || au.Coinche != 1 || au.Bidder.Side() == seat.Side() {
		return false
	}
	need := coincheDefScore + (int(au.HighBid.Value)-80)/2
	if au.HighBid.Value == belote.CapotBid {
		need = 10
	}
	return defenceScore(h, au.HighBid.Suit) >= need
}
