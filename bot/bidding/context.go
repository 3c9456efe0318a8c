package bidding

import (
	"atout/bridge"
	"atout/card"
)

// Ctx is the auction as seen by the seat to act: the calls so far, who
// opened, who is vulnerable, and what every earlier call showed (read from
// the same rule table the bot bids with).
type Ctx struct {
	Vul    bridge.Vul
	Dealer card.Seat
	Calls  []bridge.Call
	// Me is the seat to act.
	Me card.Seat
	// Open is the index of the opening bid, -1 when nobody has bid.
	Open int
	// Meanings holds what each earlier call showed.
	Meanings []Meaning
	// Shown is what each seat has shown so far, all its calls together.
	Shown [4]Meaning

	auction bridge.Auction
}

// newCtx builds the context for the seat to act after calls, explaining
// every earlier call on the way. calls must be legal.
func (b *Bot) newCtx(vul bridge.Vul, dealer card.Seat, calls []bridge.Call) *Ctx {
	return b.newCtxAfter(vul, dealer, calls, nil)
}

// newCtxAfter is newCtx with the meanings of the first len(known) calls
// given (as newCtx found them), not read again.
func (b *Bot) newCtxAfter(vul bridge.Vul, dealer card.Seat, calls []bridge.Call, known []Meaning) *Ctx {
	c := &Ctx{Vul: vul, Dealer: dealer, Open: -1, auction: bridge.NewAuction(dealer)}
	if known != nil {
		c.Meanings = make([]Meaning, 0, len(calls))
	}
	for i := range c.Shown {
		c.Shown[i] = anyHand()
	}
	for i, call := range calls {
		c.Me = c.auction.ToAct()
		var m Meaning
		if i < len(known) {
			m = known[i]
		} else {
			m = b.explainIn(c, call)
		}
		c.Meanings = append(c.Meanings, m)
		c.Shown[c.Me].intersect(m)
		if c.Open < 0 && call.Kind == bridge.Bid {
			c.Open = len(c.Calls)
		}
		c.Calls = append(c.Calls, call)
		_ = c.auction.Add(call)
	}
	c.Me = c.auction.ToAct()
	return c
}

// SeatAt returns the seat that made call i.
func (c *Ctx) SeatAt(i int) card.Seat { return card.Seat((int(c.Dealer) + i) & 3) }

// Partner returns the partner of the seat to act.
func (c *Ctx) Partner() card.Seat { return c.Me.Partner() }

// Vulnerable reports whether the side to act is vulnerable.
func (c *Ctx) Vulnerable() bool { return c.Vul.Has(c.Me.Side()) }

// TheyVulnerable reports whether the opponents are vulnerable.
func (c *Ctx) TheyVulnerable() bool { return c.Vul.Has(c.Me.Side().Other()) }

// Position is 1 to 4: the seat's place in the order of calls.
func (c *Ctx) Position() int { return (int(c.Me)-int(c.Dealer)+4)%4 + 1 }

// Legal reports whether the seat to act may make call now.
func (c *Ctx) Legal(call bridge.Call) bool { return c.auction.Check(call) == nil }

// PassedHand reports whether seat s passed at its first turn (before any
// bid of its own side's).
func (c *Ctx) PassedHand(s card.Seat) bool {
	for i, call := range c.Calls {
		if c.SeatAt(i) == s {
			return call.Kind == bridge.Pass && (c.Open < 0 || i < c.Open)
		}
	}
	return false
}

// Opener returns the seat that opened; ok is false when nobody has bid.
func (c *Ctx) Opener() (card.Seat, bool) {
	if c.Open < 0 {
		return 0, false
	}
	return c.SeatAt(c.Open), true
}

// WeOpened reports whether the side to act opened the bidding.
func (c *Ctx) WeOpened() bool {
	o, ok := c.Opener()
	return ok && o.Side() == c.Me.Side()
}

// LastBid returns the last bid and who made it.
func (c *Ctx) LastBid() (bridge.Call, card.Seat, bool) {
	for i := len(c.Calls) - 1; i >= 0; i-- {
		if c.Calls[i].Kind == bridge.Bid {
			return c.Calls[i], c.SeatAt(i), true
		}
	}
	return bridge.Call{}, 0, false
}

// CallsOf returns the calls made by seat s, in order.
func (c *Ctx) CallsOf(s card.Seat) []bridge.Call {
	var out []bridge.Call
	for i, call := range c.Calls {
		if c.SeatAt(i) == s {
			out = append(out, call)
		}
	}
	return out
}

// LastBidOf returns the last bid made by seat s.
func (c *Ctx) LastBidOf(s card.Seat) (bridge.Call, bool) {
	cs := c.CallsOf(s)
	for i := len(cs) - 1; i >= 0; i-- {
		if cs[i].Kind == bridge.Bid {
			return cs[i], true
		}
	}
	return bridge.Call{}, false
}

// Contested reports whether an opponent of the seat to act has made any
// call but pass.
func (c *Ctx) Contested() bool {
	for i, call := range c.Calls {
		if c.SeatAt(i).Side() != c.Me.Side() && call.Kind != bridge.Pass {
			return true
		}
	}
	return false
}

// ShownLen returns the length seat s has promised in suit t.
func (c *Ctx) ShownLen(s card.Seat, t card.Suit) int { return c.Shown[s].MinLen[t] }

// PartnerSuit returns partner's longest promised suit (4+ cards, or the
// suit of partner's last natural bid), ok false if none.
func (c *Ctx) PartnerSuit() (card.Suit, bool) {
	p := c.Partner()
	best, bl := card.Suit(0), 0
	for s := card.Spades; ; s-- {
		if n := c.ShownLen(p, s); n > bl {
			best, bl = s, n
		}
		if s == card.Clubs {
			break
		}
	}
	return best, bl >= 3
}

// TheirSuits returns the suits the opponents have shown (4+ cards, or 3+
// from a minor opening).
func (c *Ctx) TheirSuits() []card.Suit {
	var out []card.Suit
	for s := card.Suit(0); s < card.NumSuits; s++ {
		for _, o := range []card.Seat{c.Me.Next(), c.Me.Prev()} {
			if c.ShownLen(o, s) >= 4 || (c.ShownLen(o, s) >= 3 && c.bidNaturally(o, s)) {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// bidNaturally reports whether seat o bid suit s and the bid showed length.
func (c *Ctx) bidNaturally(o card.Seat, s card.Suit) bool {
	return c.bidStrainNaturally(o, bridge.Strain(s))
}

// bidStrainNaturally reports whether seat o made a natural (not
// artificial) bid in strain st.
func (c *Ctx) bidStrainNaturally(o card.Seat, st bridge.Strain) bool {
	for i, call := range c.Calls {
		if c.SeatAt(i) == o && call.Kind == bridge.Bid && call.Strain == st && !c.Meanings[i].Artificial {
			return true
		}
	}
	return false
}

// UnbidSuits returns the suits nobody has shown.
func (c *Ctx) UnbidSuits() []card.Suit {
	var out []card.Suit
	for s := card.Suit(0); s < card.NumSuits; s++ {
		shown := false
		for seat := range 4 {
			if c.ShownLen(card.Seat(seat), s) >= 4 || c.bidNaturally(card.Seat(seat), s) {
				shown = true
			}
		}
		if !shown {
			out = append(out, s)
		}
	}
	return out
}

// OurSuits returns the suits the side to act has shown (4+ cards, or
// bid naturally).
func (c *Ctx) OurSuits() []card.Suit {
	var out []card.Suit
	for s := card.Suit(0); s < card.NumSuits; s++ {
		for _, o := range []card.Seat{c.Me, c.Partner()} {
			if c.ShownLen(o, s) >= 4 || c.bidNaturally(o, s) {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// Fit returns our known combined length in suit s: my cards plus partner's
// promise.
func (c *Ctx) Fit(e *Eval, s card.Suit) int { return e.Len[s] + c.ShownLen(c.Partner(), s) }

// PartnerMin is the bottom of partner's shown HCP range: what the book
// tells the bidder to count on.
func (c *Ctx) PartnerMin() int { return c.Shown[c.Partner()].MinHCP }

// PartnerMinPts is the least partner has shown counting distribution
// too (a jump raise's dummy points), never below PartnerMin.
func (c *Ctx) PartnerMinPts() int {
	sh := &c.Shown[c.Partner()]
	return max(sh.MinHCP, sh.minPts)
}

// PartnerMax is the top of partner's shown HCP range.
func (c *Ctx) PartnerMax() int { return c.Shown[c.Partner()].MaxHCP }

// OurMin is my HCP plus partner's minimum.
func (c *Ctx) OurMin(e *Eval) int { return e.HCP + c.PartnerMin() }

// GameForced reports whether an earlier call of our side forced to game.
func (c *Ctx) GameForced() bool {
	for i, m := range c.Meanings {
		if c.SeatAt(i).Side() == c.Me.Side() && m.Force == GameForcing {
			return true
		}
	}
	return false
}

// ForcedToBid reports whether partner's last call forces me to bid: it was
// forcing and the right-hand opponent passed.
func (c *Ctx) ForcedToBid() bool {
	n := len(c.Calls)
	if n < 2 {
		return false
	}
	pi := n - 2
	if c.Calls[pi].Kind == bridge.Pass || c.Calls[n-1].Kind != bridge.Pass {
		return false
	}
	f := c.Meanings[pi].Force
	return f == Forcing || f == GameForcing
}
