package bidding

import (
	"atout/bridge"
	"atout/card"
)

// Knowledge is what an auction has shown, for both sides: each call's
// meaning, each seat's meanings narrowed together (HCP range, suit lengths,
// balanced, stoppers), and who is forced to bid. It is the partnership
// knowledge the bidder reasons from (Ctx holds the same figures while it
// bids) and the source of every explanation: Calls[i] is what Explain
// returns for call i.
type Knowledge struct {
	// Calls holds the meaning of each call, in order.
	Calls []Meaning
	// Seats holds what each seat has shown, all its calls together,
	// indexed by card.Seat.
	Seats [4]Meaning
	// ToAct is the seat to act (meaningless once the auction is over).
	ToAct card.Seat
	// MustBid reports that ToAct may not pass: partner's last call was a
	// forcing bid, or a bid below game in a game-forcing auction, and the
	// right-hand opponent passed.
	MustBid bool
}

// Knowledge reads the auction: the meaning of every call and what each
// seat has shown. Calls after the first illegal one are ignored.
func (b *Bot) Knowledge(vul bridge.Vul, dealer card.Seat, calls []bridge.Call) Knowledge {
	a := bridge.NewAuction(dealer)
	for i, c := range calls {
		if a.Add(c) != nil {
			calls = calls[:i]
			break
		}
	}
	return b.newCtx(vul, dealer, calls).Knowledge()
}

// Knowledge returns the partnership knowledge of the auction so far.
func (c *Ctx) Knowledge() Knowledge {
	return Knowledge{Calls: c.Meanings, Seats: c.Shown, ToAct: c.Me, MustBid: c.MustBid()}
}

// SideHCP returns the range of high-card points side has shown together.
func (k *Knowledge) SideHCP(side card.Side) (lo, hi int) {
	s := card.Seat(side)
	p := s.Partner()
	return k.Seats[s].MinHCP + k.Seats[p].MinHCP, min(40, k.Seats[s].MaxHCP+k.Seats[p].MaxHCP)
}

// SideLen returns the number of cards in suit t side has shown together.
func (k *Knowledge) SideLen(side card.Side, t card.Suit) int {
	s := card.Seat(side)
	return k.Seats[s].MinLen[t] + k.Seats[s.Partner()].MinLen[t]
}

// Fit returns side's longest known fit (eight cards or more shown
// together, majors first at equal length); ok is false when none is known.
func (k *Knowledge) Fit(side card.Side) (t card.Suit, n int, ok bool) {
	for _, s := range []card.Suit{card.Spades, card.Hearts, card.Diamonds, card.Clubs} {
		if l := k.SideLen(side, s); l >= 8 && l > n {
			t, n, ok = s, l, true
		}
	}
	return t, n, ok
}

// narrowPass refines the meaning of a pass from the auction: passing
// partner's invitation to game shows the bottom of the range already shown
// (inviteDeclined; with more, the bidder accepts: see nat.accept), unless
// the rule that passes caps the hand itself.
func (c *Ctx) narrowPass(m *Meaning) {
	n := len(c.Calls)
	if n < 2 || c.Calls[n-1].Kind != bridge.Pass || c.Calls[n-2].Kind != bridge.Bid || isGame(c.Calls[n-2]) {
		return
	}
	if c.Meanings[n-2].Force != Invitational {
		return
	}
	shown := c.Shown[c.Me]
	if m.MaxHCP < shown.MaxHCP {
		// The rule that passes states its own top, below what the seat
		// has shown (a minimum double passes an invitation with 11-16):
		// the bidder holds to it, not to the bottom of the range.
		return
	}
	if shown.MinHCP > 0 && shown.MaxHCP-shown.MinHCP > 2 {
		m.MaxHCP = min(m.MaxHCP, inviteDeclined(&shown))
		m.MinHCP = min(m.MinHCP, m.MaxHCP)
	}
}

// inviteDeclined is the most HCP with which a seat that has shown the
// range of shown declines partner's invitation, counted in points when the
// seat showed points: the bottom of a range of four points or fewer (a
// 15-17 notrump declines with 15 and accepts with 16), one above the
// bottom of a wider one (a single raise on 6-10 dummy points declines with
// 7 and accepts with 8). Two above the bottom declined too many games (the
// invitations declined made game double dummy 42-47 % of the time, twelfth
// session); the bottom alone of a narrow range gained too (thirteenth
// session); of a wide one it accepted textbook invitations with a near
// minimum.
func inviteDeclined(shown *Meaning) int {
	lo, d := max(shown.MinHCP, shown.minPts), 1
	if shown.MaxHCP-lo < 4 {
		d = 0
	}
	return min(shown.MaxHCP, lo+d)
}
