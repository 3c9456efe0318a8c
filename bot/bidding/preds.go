package bidding

import (
	"atout/bridge"
	"atout/card"
)

// Small composable conditions the rule table is written with.

// prioDefault is the priority at or below which rules are defaults: used
// to choose a call when nothing else fits, never to explain one.
const prioDefault = 10

func rng(lo, hi int) [2]int { return [2]int{lo, hi} }

// AuctionPred is a condition on the auction.
type AuctionPred = func(c *Ctx, b *Bind) bool

// HandPred is a condition on the hand.
type HandPred = func(c *Ctx, e *Eval, b *Bind) bool

func all(ps ...AuctionPred) AuctionPred {
	return func(c *Ctx, b *Bind) bool {
		for _, p := range ps {
			if !p(c, b) {
				return false
			}
		}
		return true
	}
}

func not(p AuctionPred) AuctionPred { return func(c *Ctx, b *Bind) bool { return !p(c, b) } }

// unpassed: the seat to act has not passed at its first turn.
func unpassed(c *Ctx, _ *Bind) bool { return !c.PassedHand(c.Me) }

// partnerUnpassed: partner did not pass at his first turn.
func partnerUnpassed(c *Ctx, _ *Bind) bool { return !c.PassedHand(c.Partner()) }

// partnerPassed: partner is a passed hand.
func partnerPassed(c *Ctx, _ *Bind) bool { return c.PassedHand(c.Partner()) }

// seat: the seat to act is in one of these positions (1 = dealer).
func seat(ps ...int) AuctionPred {
	return func(c *Ctx, _ *Bind) bool {
		for _, p := range ps {
			if c.Position() == p {
				return true
			}
		}
		return false
	}
}

// gameForced: our side is in a game-forcing auction.
func gameForced(c *Ctx, _ *Bind) bool { return c.GameForced() }

// forced: partner's last call forces me to bid.
func forced(c *Ctx, _ *Bind) bool { return c.ForcedToBid() || c.MustBid() }

// higher: variable a names a higher suit than variable b.
func higher(a, b byte) AuctionPred {
	return func(c *Ctx, bd *Bind) bool { return bd.S(a) > bd.S(b) }
}

// differ: variables a and b name different suits.
func differ(a, b byte) AuctionPred {
	return func(_ *Ctx, bd *Bind) bool { return bd.S(a) != bd.S(b) }
}

// major: variable v names a major suit.
func major(v byte) AuctionPred {
	return func(_ *Ctx, bd *Bind) bool { return bd.S(v) >= card.Hearts }
}

// lastBelow: the last bid is below level in strain st.
func lastBelow(level int, st bridge.Strain) AuctionPred {
	return func(c *Ctx, _ *Bind) bool {
		l, _, ok := c.LastBid()
		return !ok || l.Rank() < bridge.NewBid(level, st).Rank()
	}
}

// Hand conditions.

func hall(ps ...HandPred) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool {
		for _, p := range ps {
			if !p(c, e, b) {
				return false
			}
		}
		return true
	}
}

func hany(ps ...HandPred) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool {
		for _, p := range ps {
			if p(c, e, b) {
				return true
			}
		}
		return false
	}
}

func hnot(p HandPred) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool { return !p(c, e, b) }
}

func suitOf(c *Ctx, b *Bind, ref byte) card.Suit {
	ss := refSuits(c, b, ref)
	if len(ss) == 0 {
		return 0
	}
	return ss[0]
}

// longest: suit v is at least as long as every other suit.
func longest(v byte) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool {
		s := suitOf(c, b, v)
		for t := range 4 {
			if e.Len[t] > e.Len[s] {
				return false
			}
		}
		return true
	}
}

// good: suit v has two of the top three or three of the top five honours.
func good(v byte) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool { return e.GoodSuit(suitOf(c, b, v)) }
}

// preemptSuit: a seven-card suit good enough to preempt at three: a good
// one, or not vulnerable two of the top five honours (QJ to seven).
func preemptSuit(v byte) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool {
		s := suitOf(c, b, v)
		return e.GoodSuit(s) || !c.Vulnerable() && e.Len[s] >= 7 && e.Top(s, 5) >= 2
	}
}

// noSideMajor: no four cards in a major other than suit v (a weak jump
// overcall, like a weak two, keeps a side major to bid).
func noSideMajor(v byte) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool {
		s := suitOf(c, b, v)
		for _, m := range []card.Suit{card.Hearts, card.Spades} {
			if m != s && e.Len[m] >= 4 {
				return false
			}
		}
		return true
	}
}

// longOrGood: suit v is good, or six cards or more with two of the top
// five honours (sixWithHonours).
func longOrGood(v byte) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool {
		s := suitOf(c, b, v)
		return e.GoodSuit(s) || sixWithHonours(e, s)
	}
}

// sixWithHonours: six cards or more in s with two of the top five honours.
func sixWithHonours(e *Eval, s card.Suit) bool { return e.Len[s] >= 6 && e.Top(s, 5) >= 2 }

// honours: suit v holds n or more of its top `of` honours.
func honours(v byte, of, n int) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool { return e.Top(suitOf(c, b, v), of) >= n }
}

// overcallSuit: suit v is worth an overcall at the one level: a good
// suit, or one with 4+ HCP in it (an ace, KQ), or with 10+ HCP a decent
// one (Eval.DecentSuit), or with 14+ any six cards.
func overcallSuit(v byte) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool {
		s := suitOf(c, b, v)
		return e.GoodSuit(s) || e.SuitHCP[s] >= 4 || e.HCP >= 10 && e.DecentSuit(s) || e.HCP >= 14 && e.Len[s] >= 6
	}
}

// stopper: a stopper in suit v.
func stopper(v byte) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool { return e.Stopper(suitOf(c, b, v)) }
}

// outsideMax: at most n HCP outside suit v.
func outsideMax(v byte, n int) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool { return e.HCP-e.SuitHCP[suitOf(c, b, v)] <= n }
}

// noVoid: no void.
func noVoid(_ *Ctx, e *Eval, _ *Bind) bool {
	for _, n := range e.Len {
		if n == 0 {
			return false
		}
	}
	return true
}

// fourMajor: a four-card (or longer) major.
func fourMajor(_ *Ctx, e *Eval, _ *Bind) bool {
	return e.Len[card.Hearts] >= 4 || e.Len[card.Spades] >= 4
}

// ruleOf20: HCP plus the two longest suits make 20.
func ruleOf20(_ *Ctx, e *Eval, _ *Bind) bool {
	sh := e.Shape()
	return e.HCP >= 10 && e.HCP+sh[0]+sh[1] >= 20
}

// ruleOf15: HCP plus spades make 15 (fourth seat).
func ruleOf15(_ *Ctx, e *Eval, _ *Bind) bool {
	return e.HCP >= 10 && e.HCP+e.Len[card.Spades] >= 15
}

// ltcMax: at most n losers.
func ltcMax(n int) HandPred { return func(_ *Ctx, e *Eval, _ *Bind) bool { return e.LTC <= n } }

// hcpMin: at least n HCP (for use inside a condition combining counts).
func hcpMin(n int) HandPred { return func(_ *Ctx, e *Eval, _ *Bind) bool { return e.HCP >= n } }

// lpMin: at least n length points.
func lpMin(n int) HandPred { return func(_ *Ctx, e *Eval, _ *Bind) bool { return e.LengthPts >= n } }

// lpMax: at most n length points.
func lpMax(n int) HandPred { return func(_ *Ctx, e *Eval, _ *Bind) bool { return e.LengthPts <= n } }

// fitMin: with partner's promise, at least n cards in suit v.
func fitMin(v byte, n int) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool { return c.Fit(e, suitOf(c, b, v)) >= n }
}

// noFitWithPartner: no eight-card major fit known in a major partner has
// shown.
func noFitWithPartner(c *Ctx, e *Eval, _ *Bind) bool {
	for _, s := range []card.Suit{card.Hearts, card.Spades} {
		if c.ShownLen(c.Partner(), s) >= 4 && c.Fit(e, s) >= 8 {
			return false
		}
	}
	return true
}

// combinedMin: my HCP plus partner's minimum is at least n.
func combinedMin(n int) HandPred {
	return func(c *Ctx, e *Eval, _ *Bind) bool { return e.HCP+c.PartnerMin() >= n }
}

// stoppersTheirs: a stopper in every suit the opponents have shown.
func stoppersTheirs(c *Ctx, e *Eval, _ *Bind) bool {
	for _, s := range c.TheirSuits() {
		if !e.Stopper(s) {
			return false
		}
	}
	return true
}

// stoppersUnbid: a stopper in every suit nobody has shown.
func stoppersUnbid(c *Ctx, e *Eval, _ *Bind) bool {
	for _, s := range c.UnbidSuits() {
		if !e.Stopper(s) {
			return false
		}
	}
	return true
}

// otherMajor is the major that is not s (s a major).
func otherMajor(s card.Suit) card.Suit { return card.Hearts + card.Spades - s }

// shortIn: at most n cards in suit v.
func shortIn(v byte, n int) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool { return e.Len[suitOf(c, b, v)] <= n }
}

// aces returns the number of aces (for Blackwood and Gerber answers).
func acesIs(ns ...int) HandPred {
	return func(_ *Ctx, e *Eval, _ *Bind) bool {
		for _, n := range ns {
			if e.Aces == n {
				return true
			}
		}
		return false
	}
}

func kingsIs(ns ...int) HandPred {
	return func(_ *Ctx, e *Eval, _ *Bind) bool {
		for _, n := range ns {
			if e.Kings == n {
				return true
			}
		}
		return false
	}
}

// lowerSingleton: v is the lowest suit with at most one card.
func lowestShort(v byte) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool {
		s := suitOf(c, b, v)
		if e.Len[s] > 1 {
			return false
		}
		for t := card.Suit(0); t < s; t++ {
			if e.Len[t] <= 1 && !(b.v[0] >= 0 && t == card.Suit(b.v[0])) {
				return false
			}
		}
		return true
	}
}

// noShort: no singleton or void.
func noShort(_ *Ctx, e *Eval, _ *Bind) bool {
	for _, n := range e.Len {
		if n <= 1 {
			return false
		}
	}
	return true
}

// showsMinHCP narrows a rule's meaning to the n HCP its hand test asks
// (hcpMin), which the shown range does not read from the test.
func showsMinHCP(n int) func(*Ctx, *Bind, *Meaning) {
	return func(_ *Ctx, _ *Bind, m *Meaning) { m.MinHCP = max(m.MinHCP, n) }
}
