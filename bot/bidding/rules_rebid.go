package bidding

import (
	"strings"

	"atout/bridge"
	"atout/card"
)

// Opener's rebid and responder's rebid, the opponents silent.

// DummyShort counts HCP plus 3/2/1 for a void, singleton or doubleton:
// opener's value once a fit is found.
const DummyShort Count = 3

// levelIs: the call of variable v's suit at the cheapest level is at level n.
func cheapLevel(v byte, n int) AuctionPred { return cheapLevelIn(v, n, n) }

// cheapLevelIn: the cheapest bid in suit v is at a level from lo to hi.
func cheapLevelIn(v byte, lo, hi int) AuctionPred {
	return func(c *Ctx, b *Bind) bool {
		call, ok := levelFor(c, 'c', bridge.Strain(b.S(v)))
		return ok && int(call.Level) >= lo && int(call.Level) <= hi
	}
}

// fourthSuit: z is the only suit nobody has bid.
func fourthSuit(v byte) AuctionPred {
	return func(c *Ctx, b *Bind) bool {
		s := b.S(v)
		for i, call := range c.Calls {
			if call.Kind == bridge.Bid && call.Strain == bridge.Strain(s) && c.SeatAt(i).Side() == c.Me.Side() {
				return false
			}
		}
		return true
	}
}

func openerRebidRules() []*Rule {
	after1 := "1x P/X 1y P"
	after1n := "1x P/X 1y/1N P"
	return []*Rule{
		// After a one-level response.
		{Name: "orb.raise.game", Prio: 120, Seq: after1, Call: "4y", When: major('y'),
			Need: Need{Pts: rng(19, 22), Count: DummyShort, Len: "y4+"}, Force: NonForcing,
			Desc: "Raise to game: 19-21 points, 4+ %y"},
		{Name: "orb.jumpshift", Prio: 119, Seq: after1n, Call: "jz", When: differ('z', 'x'),
			Need: Need{Pts: rng(17, 22), Len: "z4+", Bal: -1, Test: hany(hall(lpMin(20), func(c *Ctx, e *Eval, b *Bind) bool {
				return b.S('z') < b.S('x')
			}), hcpMin(19))}, Force: GameForcing,
			Desc: "Jump shift: 19+ points, 4+ %z, game forcing"},
		{Name: "orb.raise.jump", Prio: 118, Seq: after1, Call: "jy",
			Need: Need{Pts: rng(16, 18), Count: DummyShort, Len: "y4+"}, Force: Invitational,
			Desc: "Jump raise: 16-18 points, 4+ %y"},
		{Name: "orb.raise", Prio: 117, Seq: after1, Call: "cy",
			Need: Need{Pts: rng(10, 15), Count: DummyShort, Len: "y4+"},
			Desc: "Raise: 12-15 points, 4+ %y"},
		// Responder's invitational raise of opener's rebid major is
		// accepted with 14+, or a seven-card suit and six losers.
		{Name: "orb.rebid.accept", Prio: 100, Seq: "1M P 1y P 2M P 3M P", Call: "4M",
			Need: Need{Test: hany(hcpMin(14), hall(ltcMax(6), func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('M')] >= 7 }))}, Force: SignOff,
			Desc: "Accepts the invitation"},
		{Name: "orb.3nt.minor", Prio: 116, Seq: after1, Call: "3N", When: func(c *Ctx, b *Bind) bool { return b.S('x') <= card.Diamonds },
			Need: Need{Pts: rng(18, 21), Len: "x6+", Bal: 2, Test: good('x')}, Force: SignOff,
			Desc: "3NT: a long running minor, 18-21 HCP"},
		{Name: "orb.2nt", Prio: 115, Seq: after1, Call: "2N", Need: Need{Pts: rng(18, 19), Bal: 1}, Force: Invitational,
			Desc: "Jump to 2NT: 18-19 HCP, balanced"},
		{Name: "orb.2nt.after1nt", Prio: 115, Seq: "1x P 1N P", Call: "2N", Need: Need{Pts: rng(18, 19), Bal: 2, Len: "x0-5"}, Force: Invitational,
			Desc: "2NT: 18-19 HCP, invites 3NT"},
		{Name: "orb.newsuit1", Prio: 114, Seq: after1, Call: "1z", Need: Need{Pts: rng(10, 18), Len: "z4+"}, Force: NonForcing,
			Pref: func(e *Eval, b *Bind) int { return 0 - int(b.S('z')) },
			Desc: "New suit: 12-18 HCP, 4+ %z"},
		{Name: "orb.reverse", Prio: 113, Seq: after1n, Call: "2z", When: func(c *Ctx, b *Bind) bool { return b.S('z') > b.S('x') },
			Need: Need{Pts: rng(15, 21), Shows: rng(16, 21), Len: "z4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				return (e.Len[b.S('x')] > e.Len[b.S('z')] || e.Len[b.S('x')] >= 5) && e.LengthPts >= 17
			}}, Force: Forcing,
			Desc: "Reverse: 16+ HCP, longer %x than %z"},
		// A self-sufficient major (seven cards, three of the top four)
		// with about nine tricks bids game itself.
		{Name: "orb.jump.game", Prio: 113, Seq: after1n, Call: "4x", When: major('x'),
			Need: Need{Pts: rng(15, 21), Len: "x7+", Test: hall(ltcMax(4), func(_ *Ctx, e *Eval, b *Bind) bool { return e.Top(b.S('x'), 4) >= 3 })}, Force: SignOff,
			Desc: "Game: a self-sufficient %x suit"},
		{Name: "orb.jumprebid", Prio: 112, Seq: after1n, Call: "jx", Need: Need{Pts: rng(16, 18), Len: "x6+", Test: good('x')}, Force: Invitational,
			Desc: "Jump rebid: 16-18 points, good 6+ %x"},
		// With 6-5 the five-card suit is shown first when it is lower
		// (orb.newsuit2), the six-card suit rebid later.
		{Name: "orb.rebid6", Prio: 111, Seq: after1n, Call: "cx", Need: Need{Pts: rng(10, 16), Len: "x6+", Test: hnot(lowerFive)},
			Desc: "Rebid: minimum, 6+ %x"},
		{Name: "orb.newsuit2", Prio: 110, Seq: after1n, Call: "2z", When: func(c *Ctx, b *Bind) bool { return b.S('z') < b.S('x') },
			Need: Need{Pts: rng(10, 18), Len: "z4+"},
			Desc: "New suit: 12-18 HCP, 4+ %z"},
		{Name: "orb.1nt", Prio: 109, Seq: after1, Call: "1N", Need: Need{Pts: rng(12, 14), Bal: 1},
			Desc: "1NT: 12-14 HCP, balanced"},
		{Name: "orb.delayed.support", Prio: 106, Seq: "1x P 1y P * P 3x P", Call: "cy", When: major('y'),
			Need: Need{Len: "y3"}, Desc: "Delayed support: three %y", Force: Forcing},
		// After a suit rebid too (after 1NT, which did not deny three
		// cards, the invitation is answered in notrump).
		{Name: "orb.delayed.support", Prio: 106, Seq: "1x P 1y P * P 2N P", Call: "cy", When: func(c *Ctx, b *Bind) bool {
			l, _ := c.LastBidOf(c.Me)
			return b.S('y') >= card.Hearts && l.Strain != bridge.NoTrump
		}, Need: Need{Len: "y3"}, Desc: "Delayed support: three %y", Force: Forcing},
		{Name: "orb.pass.1nt", Prio: 105, Seq: "1x P 1N P", Call: "P", Need: Need{Pts: rng(12, 15), Bal: 2},
			Desc: "Pass: minimum, balanced"},
		{Name: "orb.rebid5", Prio: 59, Seq: after1n, Call: "cx", Need: Need{Pts: rng(11, 15), Len: "x5+"},
			Desc: "Rebid: minimum, 5+ %x"},
		{Name: "orb.passed.partner", Prio: 121, Seq: after1, Call: "P", When: partnerPassed,
			Need: Need{Pts: rng(10, 12), Test: func(c *Ctx, e *Eval, b *Bind) bool {
				return (e.HCP <= 11 || !e.Balanced) && e.Len[b.S('y')] >= 2 && e.Len[b.S('y')] <= 3 && noUnbidMajor4(c, e, b)
			}},
			Desc: "Pass: minimum, partner is a passed hand"},
		{Name: "orb.1nt.any", Prio: 60, Seq: after1, Call: "1N", Need: Need{Pts: rng(10, 15), Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('y')] > 0 }},
			Desc: "1NT: 12-15 HCP, no better bid"},
		// After a two-over-one.
		{Name: "orb21.raise", Prio: 110, Seq: "1x P 2y P", Call: "cy", When: higher('x', 'y'),
			Need: Need{Len: "y4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				return e.Len[b.S('y')] >= 4 || b.S('y') >= card.Hearts && e.Len[b.S('y')] >= 3
			}},
			Desc: "Raise: 4+ %y"},
		{Name: "orb21.raise.h", Prio: 110, Seq: "1S P 2H P", Call: "3H", Need: Need{Len: "H3+"},
			Desc: "Raise: 3+ hearts"},
		// Opposite a two-over-one's 10+ it forces: game is there. Only at
		// the three level (a jump to four would pass 3NT).
		{Name: "orb21.jumprebid", Prio: 109, Seq: "1x P 2y P", Call: "jx", When: higher('x', 'y'), Need: Need{Pts: rng(15, 21), Count: LengthPts, Len: "x6+", Test: hall(good('x'), hcpMin(14))},
			Show: showsMinHCP(14),
			Desc: "Jump rebid: solid 6+ %x, extra values", Force: Forcing},
		{Name: "orb21.rebid6", Prio: 108, Seq: "1x P 2y P", Call: "cx", Need: Need{Len: "x6+", Test: hnot(lowerFiveAt2)},
			Desc: "Rebid: 6+ %x"},
		{Name: "orb21.newsuit", Prio: 107, Seq: "1x P 2y P", Call: "cz", When: cheapLevel('z', 2), Need: Need{Len: "z4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			return b.S('z') < b.S('x') || e.HCP >= 15
		}},
			Desc: "New suit: 4+ %z"},
		// A second suit at three, below his first, shows extra values.
		{Name: "orb21.newsuit3", Prio: 107, Seq: "1x P 2y P", Call: "cz", When: all(cheapLevel('z', 3), higher('x', 'z')),
			Need: Need{Pts: rng(15, 37), Len: "z4+"}, Force: Forcing, Desc: "New suit at three: 15+ HCP, 4+ %z"},
		{Name: "orb21.2nt", Prio: 106, Seq: "1x P 2y P", Call: "2N", Need: Need{Pts: rng(12, 14), Bal: 2, Len: "x0-4"},
			Desc: "2NT: 12-14 HCP, balanced"},
		{Name: "orb21.3nt", Prio: 106, Seq: "1x P 2y P", Call: "3N", Need: Need{Pts: rng(18, 19), Bal: 1},
			Desc: "3NT: 18-19 HCP, balanced"},
		{Name: "orb21.rebid5", Prio: 105, Seq: "1x P 2y P", Call: "cx", Need: Need{Len: "x5+"},
			Desc: "Rebid: 5+ %x"},
		// After a single raise.
		{Name: "orb.raised.game", Prio: 110, Seq: "1M P 2M P", Call: "4M", Need: Need{Test: hany(ltcMax(5), lpMin(19))}, Force: SignOff,
			Desc: "Game: 19+ points or five losers"},
		{Name: "orb.raised.2nt", Prio: 105, Seq: "1M P 2M P", Call: "2N", Need: Need{Pts: rng(16, 18), Bal: 1}, Force: Invitational,
			Desc: "2NT: 16-18 HCP, balanced, invites game"},
		// Help-suit game try: the side suit of three or more cards
		// with the most losers (two or three), the cheapest of equals.
		{Name: "orb.raised.helpsuit", Prio: 104, Seq: "1M P 2M P", Call: "cz", When: cheapLevel('z', 3), Example: "1S P 2S P",
			Need: Need{Len: "z3+", Test: hall(func(_ *Ctx, e *Eval, b *Bind) bool { return helpSuit(e, b.S('M')) == b.S('z') },
				func(_ *Ctx, e *Eval, _ *Bind) bool { return e.LengthPts >= 14 && e.LengthPts <= 18 && e.LTC <= 6 })},
			Force: Invitational,
			Desc:  "Help-suit game try: 3+ %z with two or three losers, asks for help there"},
		{Name: "orb.raised.3M", Prio: 103, Seq: "1M P 2M P", Call: "3M", Need: Need{Pts: rng(15, 18), Count: LengthPts, Test: ltcMax(6)}, Force: Invitational,
			Desc: "Invites game: 16-18 points"},
		{Name: "orb.raised.pass", Prio: 50, Seq: "1M P 2M P", Call: "P", Desc: "Pass: minimum"},
		{Name: "orb.minor.raised.3nt", Prio: 105, Seq: "1m P 2m P", Call: "3N", Need: Need{Pts: rng(18, 21), Bal: 2}, Force: SignOff,
			Desc: "3NT: 18-19 HCP, balanced"},
		{Name: "orb.minor.raised.2nt", Prio: 104, Seq: "1m P 2m P", Call: "2N", Need: Need{Pts: rng(16, 17), Bal: 2}, Force: Invitational,
			Desc: "2NT: 16-17 HCP, invites 3NT"},
		// An unbalanced 16+ tries for game with a new suit (a four-card
		// suit, forcing); responder shows his stoppers or signs off.
		{Name: "orb.minor.raised.newsuit", Prio: 103, Seq: "1m P 2m P", Call: "cz", When: differ('z', 'm'),
			Need: Need{Pts: rng(16, 37), Len: "z4+"}, Force: Forcing, Desc: "New suit: 16+ HCP, 4+ %z, tries for game"},
		{Name: "rr.mraised.3nt", Prio: 105, Seq: "1m P 2m P 2z/3z P", When: differ('z', 'm'), Call: "3N",
			Need: Need{Pts: rng(8, 10), Test: stoppersUnbid}, Force: SignOff, Desc: "3NT: 8-10 HCP, the other suits stopped"},
		{Name: "rr.mraised.2nt", Prio: 104, Seq: "1m P 2m P 2z P", When: differ('z', 'm'), Call: "2N",
			Need: Need{Pts: rng(6, 7), Test: stoppersUnbid}, Desc: "2NT: 6-7 HCP, the other suits stopped"},
		{Name: "rr.mraised.back", Prio: 103, Seq: "1m P 2m P 2z/3z P", When: differ('z', 'm'), Call: "cm",
			Desc: "Back to %m: no game in notrump"},
		{Name: "orb.minor.raised.pass", Prio: 50, Seq: "1m P 2m P", Call: "P", Desc: "Pass: minimum"},
		// A minor raised over their overcall (6-10 points, as without
		// it): 3NT with the values and their suit stopped.
		{Name: "orb.minor.raised.3nt.comp", Prio: 105, Seq: "1m 1y/2y 2m/3m P", Call: "3N", Need: Need{Pts: rng(18, 21), Bal: 2, Test: stoppersTheirs}, Force: SignOff,
			Desc: "3NT: 18-21 HCP, balanced, their suit stopped"},
		// After a limit raise.
		{Name: "orb.limit.game", Prio: 110, Seq: "1M P 3M P", Call: "4M", Need: Need{Test: hany(hcpMin(14), hall(hcpMin(13), ltcMax(6)), hall(hcpMin(11), ltcMax(5)),
			hall(hcpMin(12), ltcMax(6), func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('M')] >= 6 }))}, Force: SignOff,
			Desc: "Accepts the invitation"},
		{Name: "orb.limit.pass", Prio: 50, Seq: "1M P 3M P", Call: "P", Desc: "Declines the invitation"},
		{Name: "orb.limit.minor.3nt", Prio: 110, Seq: "1m P 3m P", Call: "3N", Need: Need{Pts: rng(14, 21), Test: stoppersUnbid}, Force: SignOff,
			Desc: "3NT: accepts, stoppers"},
		{Name: "orb.limit.minor.pass", Prio: 50, Seq: "1m P 3m P", Call: "P", Desc: "Declines the invitation"},
		// After Jacoby 2NT.
		{Name: "jac.second.suit", Prio: 112, Seq: "1M P 2N P", Call: "4x", Need: Need{Len: "x5+", Test: good('x')},
			Desc: "Jacoby: a good second suit, %x", Force: Forcing},
		{Name: "jac.short", Prio: 111, Seq: "1M P 2N P", Call: "3x", Need: Need{Len: "x0-1", Test: lowestShort('x')}, Art: true, Force: Forcing,
			Desc: "Jacoby: singleton or void in %x"},
		{Name: "jac.strong", Prio: 110, Seq: "1M P 2N P", Call: "3M", Need: Need{Pts: rng(18, 37), Test: noShort}, Force: Forcing,
			Desc: "Jacoby: 18+ HCP, no shortness"},
		{Name: "jac.medium", Prio: 109, Seq: "1M P 2N P", Call: "3N", Need: Need{Pts: rng(15, 17), Test: noShort}, Force: Forcing,
			Desc: "Jacoby: 15-17 HCP, no shortness"},
		{Name: "jac.min", Prio: 100, Seq: "1M P 2N P", Call: "4M", Need: Need{Pts: rng(0, 14)},
			Desc: "Jacoby: minimum, no shortness"},
		{Name: "jac.resp.game", Prio: 100, Seq: "1M P 2N P B P", Call: "4M", Need: Need{Pts: rng(12, 16)}, Force: SignOff,
			Desc: "Game, no slam interest"},
		// Responder after 1m-2NT and similar.
		{Name: "orb.m2nt.3nt", Prio: 100, Seq: "1m P 2N P", Call: "3N", When: partnerUnpassed, Need: Need{Pts: rng(12, 17)}, Force: SignOff,
			Desc: "3NT"},
		// A passed hand's 2NT (11-12) invites: opener accepts with 13+.
		{Name: "orb.m2nt.passed.3nt", Prio: 100, Seq: "1m P 2N P", Call: "3N", When: partnerPassed, Need: Need{Pts: rng(13, 37)}, Force: SignOff,
			Desc: "Accepts the invitation: 13+ HCP"},
		{Name: "orb.m2nt.passed.pass", Prio: 90, Seq: "1m P 2N P", Call: "P", When: partnerPassed, Need: Need{Pts: rng(0, 12)},
			Desc: "Declines the invitation: a minimum"},
		// Fourth suit forcing: opener's answers.
		{Name: "fsf.ans.support", Prio: 110, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P", When: fourthSuitBid, Call: "cy", Need: Need{Len: "y3+", Test: func(_ *Ctx, _ *Eval, b *Bind) bool { return b.S('y') >= card.Hearts }},
			Desc: "Three-card support for %y"},
		// With extra values (16+) and their suit stopped opener jumps to
		// game: responder's fourth suit may be only invitational.
		{Name: "fsf.ans.3nt", Prio: 110, Seq: "1x P 1y/2y P 1z/2z P 2w P", When: fourthSuitBid, Call: "3N", Need: Need{Pts: rng(16, 37), Test: stopper('w')},
			Desc: "3NT: 16+ HCP, a stopper in %w", Force: SignOff},
		{Name: "fsf.ans.nt", Prio: 109, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P", When: fourthSuitBid, Call: "cN", Need: Need{Test: stopper('w')},
			Desc: "Notrump: a stopper in %w"},
		{Name: "fsf.ans.raise", Prio: 108, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P", When: fourthSuitBid, Call: "cw", Need: Need{Len: "w4+"},
			Desc: "Four %w, no stopper"},
		{Name: "fsf.ans.support.minor", Prio: 107, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P", When: fourthSuitBid, Call: "cy", Need: Need{Len: "y3+", Test: func(_ *Ctx, _ *Eval, b *Bind) bool { return b.S('y') <= card.Diamonds }},
			Desc: "Three-card support for %y"},
		{Name: "fsf.ans.rebid", Prio: 107, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P", When: fourthSuitBid, Call: "cx", Need: Need{Len: "x5+"},
			Desc: "Five+ %x"},
		{Name: "fsf.ans.second", Prio: 106, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P", When: fourthSuitBid, Call: "cz",
			Desc: "Rebids %z"},
	}
}

// lowerFiveAt2: opener holds a second suit of five, lower than his first
// (x) and not responder's (y): 6-5 shows it at the two level first.
func lowerFiveAt2(_ *Ctx, e *Eval, b *Bind) bool {
	for s := card.Suit(0); s < b.S('x'); s++ {
		if s > b.S('y') && e.Len[s] >= 5 {
			return true
		}
	}
	return false
}

// helpSuit is the side suit (not trump t) of three or more cards with
// the most losers, two at least, the cheapest of equals; 255 if none.
func helpSuit(e *Eval, t card.Suit) card.Suit {
	best, most := card.Suit(255), 1
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if s == t || e.Len[s] < 3 {
			continue
		}
		if l := losers(e.Hand.SuitMask(s), e.Len[s]); l > most {
			best, most = s, l
		}
	}
	return best
}

// fourthSuitBid: responder's last bid was in the fourth suit w.
func fourthSuitBid(c *Ctx, b *Bind) bool {
	_, ok := b.Suit('w')
	return ok
}

func responderRebidRules() []*Rule {
	seq := "1x P 1y P B P"
	seq2 := "1x P 2y P B P"
	rs := []*Rule{
		// Fourth suit forcing.
		{Name: "fsf", Prio: 112, Seq: "1x P 1y P 1z/2z P", Call: "cw", When: all(unpassed, cheapLevel('w', 2)),
			Need: Need{Pts: rng(10, 37), Test: hall(noFitWithPartner, hany(hnot(stopper('w')), hall(hcpMin(12), func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('y')] >= 6 || !e.SemiBalanced })),
				func(_ *Ctx, e *Eval, b *Bind) bool { return e.HCP >= 13 || e.Len[b.S('y')] < 6 })},
			Desc: "Fourth suit forcing: 10+ HCP, asks for more", Force: Forcing, Art: true},
		{Name: "fsf.3level", Prio: 112, Seq: "1x P 1y P 2z P", Call: "cw", When: all(unpassed, cheapLevel('w', 3)),
			Need: Need{Pts: rng(12, 37), Test: hall(noFitWithPartner, hnot(stopper('w')))},
			Desc: "Fourth suit forcing at the three level: game forcing", Force: GameForcing, Art: true},
		{Name: "fsf.jump", Prio: 112, Seq: "1x P 1y P 1z P", Call: "jw", When: all(unpassed, cheapLevel('w', 1)),
			Need: Need{Pts: rng(12, 37), Test: hnot(stopper('w'))},
			Desc: "Fourth suit forcing (jump): game forcing", Force: GameForcing, Art: true},
		{Name: "fsf.2level", Prio: 112, Seq: "1x P 2y P 2z P", Call: "cw", When: cheapLevelIn('w', 2, 3),
			Need: Need{Pts: rng(12, 37), Test: hall(noFitWithPartner, hany(hnot(stopper('w')), func(_ *Ctx, e *Eval, b *Bind) bool {
				return e.Len[b.S('w')] >= 5 && !e.SemiBalanced
			}))},
			Desc: "Fourth suit forcing", Force: GameForcing, Art: true},
		// Responder's continuations after FSF.
		{Name: "fsf.cont.game", Prio: 110, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P 2y/3y P", When: fourthSuitBid, Call: "4y",
			Need: Need{Pts: rng(13, 37), Len: "y5+"}, Desc: "Game in %y", Force: SignOff},
		{Name: "fsf.cont.3nt", Prio: 109, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P 2N P", When: fourthSuitBid, Call: "3N",
			Need: Need{Pts: rng(12, 37)}, Desc: "3NT", Force: SignOff},
		{Name: "fsf.cont.invite", Prio: 108, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P * P", When: fourthSuitBid, Call: "cy",
			Need: Need{Pts: rng(10, 12), Len: "y5+"}, Desc: "Invitational, 5+ %y", Force: Invitational},
		{Name: "fsf.cont.6", Prio: 108, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P * P", When: fourthSuitBid, Call: "cy",
			Need: Need{Len: "y6+"}, Desc: "Six+ %y", Force: Forcing},
		{Name: "fsf.cont.raise.x", Prio: 107, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P 3x P", When: fourthSuitBid, Call: "4x",
			Need: Need{Len: "x3+"}, Desc: "Raise: support for %x", Force: Forcing},
		{Name: "fsf.cont.raise.z", Prio: 107, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P 3z P", When: fourthSuitBid, Call: "4z",
			Need: Need{Len: "z3+"}, Desc: "Raise: support for %z", Force: Forcing},
		{Name: "fsf.cont.nt", Prio: 106, Seq: "1x P 1y/2y P 1z/2z P 2w/3w P * P", When: fourthSuitBid, Call: "3N",
			Need: Need{Pts: rng(12, 37), Test: stopper('w')}, Desc: "3NT: stopper in %w", Force: SignOff},
		// New suit at the one level (up the line): a new suit by
		// responder forces one round.
		{Name: "rr.1level", Prio: 105, Seq: "1x P 1y P 1z P", Call: "1w", Need: Need{Pts: rng(6, 37), Len: "w4+"}, Force: Forcing,
			Desc: "New suit: four %w"},
		// Opener answers: a raise with four, 1NT balanced, his first
		// suit again with five, else his second suit again.
		{Name: "orb.1level.raise", Prio: 110, Seq: "1x P 1y P 1z P 1w P", When: askedBy("rr.1level"), Call: "cw",
			Need: Need{Len: "w4+"}, Desc: "Raise: 4+ %w"},
		{Name: "orb.1level.1nt", Prio: 109, Seq: "1x P 1y P 1z P 1w P", When: askedBy("rr.1level"), Call: "1N",
			Need: Need{Pts: rng(12, 14), Bal: 1}, Desc: "1NT: 12-14 HCP, balanced"},
		{Name: "orb.1level.rebid5", Prio: 108, Seq: "1x P 1y P 1z P 1w P", When: askedBy("rr.1level"), Call: "cx",
			Need: Need{Len: "x5+"}, Desc: "Rebid: 5+ %x"},
		{Name: "orb.1level.rebid.z", Prio: 107, Seq: "1x P 1y P 1z P 1w P", When: askedBy("rr.1level"), Call: "cz",
			Need: Need{Len: "z4+"}, Desc: "Second suit again: 4+ %z"},
		// Game with a major fit.
		{Name: "rr.game.fit", Prio: 104, Seq: seq, Call: "4M", When: partnerShowedMajor,
			Need: Need{Test: hall(fitMin('M', 8), belowSlam, func(c *Ctx, e *Eval, b *Bind) bool { return ourPoints(c, e, b) >= 25 })}, Force: SignOff,
			Show: showsAtLeast(25), Desc: "Game in the major fit"},
		// The same in opener's own major (x: the rule above names a
		// major neither of his suits), when the fit is there.
		{Name: "rr.game.opener", Prio: 104, Seq: seq, Example: "1H P 1S P 2H P", Call: "4x", When: major('x'),
			Need: Need{Test: hall(fitMin('x', 8), belowSlam, func(c *Ctx, e *Eval, b *Bind) bool { return ourPointsIn(c, e, b.S('x')) >= 25 })}, Force: SignOff,
			Show: showsAtLeast(25), Desc: "Game in the major fit"},
		// The same when opener raised responder's major (the rules above
		// name a major neither has bid yet).
		{Name: "rr.game.raised", Prio: 104, Seq: seq, Call: "4y", When: raisedMajor('y'),
			Need: Need{Test: hall(fitMin('y', 8), belowSlam, func(c *Ctx, e *Eval, b *Bind) bool { return ourPointsIn(c, e, b.S('y')) >= 25 })}, Force: SignOff,
			Show: showsAtLeast(25), Desc: "Game in the major fit"},
		{Name: "rr.invite.raised", Prio: 100, Seq: seq, Call: "3y", When: raisedMajor('y'),
			Need: Need{Test: hall(fitMin('y', 8), func(c *Ctx, e *Eval, b *Bind) bool { p := ourPointsIn(c, e, b.S('y')); return p >= 23 && p <= 24 })}, Force: Invitational,
			Desc: "Invites game in the major fit"},
		{Name: "rr.rebid6.game", Prio: 103, Seq: seq, Call: "4y", When: major('y'),
			Need: Need{Len: "y6+", Test: func(c *Ctx, e *Eval, b *Bind) bool { return e.HCP+e.Len[b.S('y')]-5+c.PartnerMin() >= 25 }}, Force: SignOff,
			Desc: "Game: six+ %y"},
		// Opposite opener's 18-19 notrump a five-card major is shown
		// again: three of it forces and asks for three-card support.
		{Name: "rr.2nt18.major5", Prio: 102, Seq: "1x P 1y P 2N P", Call: "3y", When: major('y'),
			Need: Need{Pts: rng(6, 37), Len: "y5+"}, Force: Forcing,
			Desc: "Five+ %y, forcing: asks for three-card support"},
		// Opener's 2NT jump rebid (18-19) opposite a response (6+) is
		// game: 6 HCP are enough.
		{Name: "rr.2nt18.3nt", Prio: 101, Seq: "1x P 1y P 2N P", Call: "3N", Need: Need{Pts: rng(6, 12), Test: belowSlam}, Force: SignOff,
			Desc: "3NT: 6+ HCP opposite 18-19, game"},
		{Name: "rr.3nt", Prio: 102, Seq: seq, Call: "3N", Need: Need{Bal: 2, Test: hall(combinedGame, belowSlam, stoppersUnbid)}, Force: SignOff,
			Show: showsCombinedGame,
			Desc: "3NT: game values, stoppers"},
		// Opener's jump shift forces to game: responder rebids a six-card
		// suit, shows a second five-card suit or rebids a five-card suit
		// before the answers every jump shift has (jumpShiftAnswers).
		{Name: "rr.js.rebid6", Prio: 116, Seq: "1x P 1y P .z P", When: askedBy("orb.jumpshift"), Call: "cy",
			Need: Need{Len: "y6+"}, Force: GameForcing, Desc: "Rebid: 6+ %y, game forcing"},
		{Name: "rr.js.newsuit", Prio: 115, Seq: "1x P 1y P .z P", When: askedBy("orb.jumpshift"), Call: "cw",
			Need: Need{Len: "y5+ w5+"}, Force: GameForcing, Desc: "Second suit: 5+ %w, game forcing"},
		{Name: "rr.js.rebid5", Prio: 114, Seq: "1x P 1y P .z P", When: askedBy("orb.jumpshift"), Call: "cy",
			Need: Need{Len: "y5+"}, Force: GameForcing, Desc: "Rebid: 5+ %y, game forcing"},
		// Opener's jump rebid of his major over 1NT (16-18, a good six
		// cards): a doubleton is support enough, and 8+ HCP accept
		// without it (nat.accept).
		{Name: "rr1n.jumprebid.game", Prio: 105, Seq: "1M P 1N P 3M P", Call: "4M",
			Need: Need{Pts: rng(6, 12), Len: "M2+"}, Force: SignOff,
			Desc: "Game in %M: a doubleton or better opposite the jump rebid"},
		// Over 1NT responder shows a six-card suit of his own after the
		// support, the raise and 3NT.
		{Name: "rr1n.js.own", Prio: 113, Seq: "1x P 1N P .z P", When: askedBy("orb.jumpshift"), Call: "cw",
			Need: Need{Len: "w6+"}, Force: GameForcing, Desc: "Six+ %w, game forcing"},
		{Name: "rr.jumpshift", Prio: 101, Seq: "1x P 1y P 1N P", Call: "jz", Need: Need{Pts: rng(13, 37), Len: "z5+"}, Force: GameForcing,
			Desc: "Jump in a new suit: game forcing"},
		// Opener answers responder's jump with a five-card suit of his
		// own after the support, the raise and 3NT.
		{Name: "orb.1nt.js.rebid", Prio: 103, Seq: "1x P 1y P 1N P .z P", When: askedBy("rr.jumpshift"), Call: "cx",
			Need: Need{Len: "x5+"}, Force: GameForcing, Desc: "Five %x, game forcing"},
		{Name: "rr.invite.fit", Prio: 100, Seq: seq, Call: "3M", When: partnerShowedMajor,
			Need: Need{Test: hall(fitMin('M', 8), func(c *Ctx, e *Eval, b *Bind) bool { p := ourPoints(c, e, b); return p >= 23 && p <= 24 })}, Force: Invitational,
			Desc: "Invites game in the major fit"},
		// The same in opener's own major: a jump preference.
		{Name: "rr.invite.opener", Prio: 100, Seq: seq, Example: "1H P 1S P 2C P", Call: "3x", When: major('x'),
			Need: Need{Test: hall(fitMin('x', 8), func(c *Ctx, e *Eval, b *Bind) bool { p := ourPointsIn(c, e, b.S('x')); return p >= 23 && p <= 24 })}, Force: Invitational,
			Desc: "Invites game in the major fit"},
		// Opener's minor raised with a jump after his 1NT rebid: five+
		// cards, invitational, an unbalanced hand.
		{Name: "rr.1nt.minor.inv", Prio: 99, Seq: "1m P 1y P 1N P", Call: "3m", Need: Need{Pts: rng(10, 12), Len: "m5+", Test: func(_ *Ctx, e *Eval, _ *Bind) bool { return !e.SemiBalanced }},
			Force: Invitational, Desc: "Invitational: 5+ %m, unbalanced"},
		{Name: "rr.rebid6.inv", Prio: 99, Seq: seq, Call: "jy", Need: Need{Pts: rng(10, 12), Len: "y6+"}, Force: Invitational,
			Desc: "Jump rebid: 10-12 HCP, 6+ %y"},
		{Name: "rr.2nt", Prio: 98, Seq: seq, Call: "2N", Need: Need{Pts: rng(11, 12), Test: stoppersUnbid}, Force: Invitational,
			Desc: "2NT: 11-12 HCP, invites 3NT"},
		{Name: "rr.newsuit", Prio: 96, Seq: seq, Call: "cz", When: all(cheapLevel('z', 2), fourthSuitFree),
			Need: Need{Pts: rng(11, 37), Len: "z4+"}, Force: Forcing,
			Desc: "New suit: forcing"},
		// Opener rebid his suit (a minimum): 10-12 with support invites
		// by raising it (three cards opposite a major's six, four in a
		// minor).
		{Name: "rr.raise.rebid", Prio: 97, Seq: "1x P 1y P 2x P", Call: "3x",
			Need: Need{Pts: rng(10, 12), Len: "x3+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				return b.S('x') >= card.Hearts || e.Len[b.S('x')] >= 4
			}}, Force: Invitational,
			Desc: "Raise: 10-12 HCP, support for %x, invitational"},
		{Name: "rr.raise.minor", Prio: 95, Seq: seq, Call: "cz", When: func(c *Ctx, b *Bind) bool { return partnersLast('z')(c, nil, b) },
			Need: Need{Pts: rng(9, 12), Len: "z4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.HCP >= 10 || e.Len[b.S('z')] >= 5 }}, Force: Invitational,
			Desc: "Raise: 4+ %z, invitational (9 HCP with five)"},
		{Name: "rr.rebid6", Prio: 94, Seq: seq, Call: "cy", When: not(lastOfPartner('y')), Need: Need{Pts: rng(6, 10), Len: "y6+"},
			Desc: "Rebid: 6+ %y, weak"},
		// A self-sufficient six-card major (three top honours) with game
		// values and no slam in view: game at once, not fourth suit.
		{Name: "rr.rebid6.solid", Prio: 113, Seq: "1x P 1M P 1z/2z P", Call: "4M", When: all(unpassed, differ('z', 'M')),
			Need: Need{Pts: rng(12, 15), Len: "M6+", Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Top(b.S('M'), 3) == 3 }},
			Desc: "Game: solid 6+ %M", Force: SignOff},
		{Name: "rr.preference", Prio: 92, Seq: "1x P 1y P 1z/2z P", Call: "cx", When: differ('z', 'x'),
			Need: Need{Pts: rng(6, 10), Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('x')] >= e.Len[b.S('z')] && e.Len[b.S('x')] >= 2 }},
			Desc: "Preference for %x"},
		{Name: "rr.minor.support", Prio: 94, Seq: "1m P 1y P 1z P", Call: "2m", Need: Need{Pts: rng(6, 10), Len: "m4+"},
			Desc: "Support for %m: 6-10 HCP, 4+ cards"},
		// Opener's one-level second suit (four cards) raised with four.
		{Name: "rr.raise.second1", Prio: 96, Seq: "1x P 1y P 1z P", Call: "2z", Need: Need{Pts: rng(6, 10), Len: "z4+"},
			Desc: "Raise: 6-10 HCP, 4+ %z"},
		{Name: "rr.1nt", Prio: 93, Seq: "1x P 1y P 1z P", Call: "1N", Need: Need{Pts: rng(6, 10)},
			Desc: "1NT: 6-10 HCP"},
		// A weak 5-5 shows the second suit below opener's, to play.
		{Name: "rr.1nt.second5", Prio: 97, Seq: "1x P 1y P 1N P", Call: "2z", When: higher('x', 'z'),
			Need: Need{Pts: rng(5, 10), Len: "y5+ z5+"}, Desc: "To play: 5+ %y and 5+ %z, weak", Force: SignOff},
		// A weak 5-4 in the majors, unbalanced (a singleton or void),
		// shows the hearts, to play (a new suit below responder's first
		// one); with six spades the spades are rebid instead.
		{Name: "rr.1nt.hearts", Prio: 97, Seq: "1x P 1S P 1N P", Call: "2H",
			Need: Need{Pts: rng(5, 10), Len: "S5 H4+", Test: func(_ *Ctx, e *Eval, _ *Bind) bool { return !e.SemiBalanced }},
			Desc: "To play: 5+ spades and 4+ hearts, weak", Force: SignOff},
		{Name: "rr.1nt.own6", Prio: 94, Seq: "1x P 1N P 2z P", Call: "2y", When: func(c *Ctx, b *Bind) bool { return b.S('y') > b.S('z') },
			Need: Need{Pts: rng(5, 10), Len: "y6+"}, Desc: "To play: long %y", Force: SignOff},
		{Name: "orb.2nt18.raise", Prio: 100, Seq: "1x P 1y P 2N P 3y P", When: major('y'), Call: "4y",
			Need: Need{Len: "y3+"}, Force: SignOff, Desc: "Game: three-card support for %y"},
		{Name: "orb.2nt18.3nt", Prio: 99, Seq: "1x P 1y P 2N P 3y P", When: major('y'), Call: "3N",
			Need: Need{Len: "y0-2"}, Force: SignOff, Desc: "3NT: two or fewer %y"},
		// Responder raises the reverse suit: with 17+ opener bids game.
		{Name: "orb.reverse.raised.game", Prio: 101, Seq: "1x P 1y P 2z P 3z P", When: all(higher('z', 'x'), major('z')), Call: "4z",
			Need: Need{Pts: rng(17, 37)}, Desc: "Game: 17+ HCP", Force: SignOff},
		{Name: "orb.reverse.raised.3nt", Prio: 100, Seq: "1x P 1y P 2z P 3z P", When: all(higher('z', 'x'), func(c *Ctx, b *Bind) bool { return b.S('z') <= card.Diamonds }), Call: "3N",
			Need: Need{Pts: rng(17, 37), Test: func(_ *Ctx, e *Eval, b *Bind) bool { return b.S('y') <= card.Diamonds || e.Len[b.S('y')] < 3 }},
			Desc: "3NT: 17+ HCP, no three-card support for %y", Force: SignOff},
		{Name: "orb.reverse.after2major", Prio: 100, Seq: "1x P 1y P 2z P 2y P", When: higher('z', 'x'), Call: "3y", Need: Need{Len: "y3+"},
			Desc: "Three-card support, after the reverse", Force: Invitational},
		{Name: "orb.reverse.rebid6", Prio: 99, Seq: "1x P 1y P 2z P 2y P", When: higher('z', 'x'), Call: "3x", Need: Need{Len: "x6+"},
			Desc: "Six+ %x"},
		{Name: "orb.reverse.2nt", Prio: 98, Seq: "1x P 1y P 2z P 2y P", When: higher('z', 'x'), Call: "2N",
			Desc: "No support, no sixth %x"},
		{Name: "rr.1nt.minor", Prio: 91, Seq: "1m P 1y P 1N P", Call: "2m", Need: Need{Pts: rng(6, 10), Len: "m4+", Test: hnot(func(_ *Ctx, e *Eval, _ *Bind) bool {
			return e.Shape() == [4]int{4, 3, 3, 3} || e.Shape() == [4]int{4, 4, 3, 2} && false
		})},
			Desc: "To play in opener's minor: 6-10 HCP, 4+ %m", Force: SignOff},
		{Name: "rr.after.reverse.rebid5", Prio: 95, Seq: "1x P 1y P 2z P", When: higher('z', 'x'), Call: "2y",
			Need: Need{Pts: rng(5, 9), Len: "y5+"}, Desc: "After the reverse: five+ %y, weak"},
		{Name: "rr.1nt.preference", Prio: 90, Seq: "1x P 1N P 2z P", Call: "2x", When: higher('x', 'z'),
			Need: Need{Pts: rng(5, 10), Len: "x2+", Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('x')] >= e.Len[b.S('z')] }},
			Desc: "Preference: back to %x", Force: SignOff},
		{Name: "rr.pass", Prio: 50, Seq: seq, Call: "P", When: lastBelowGame, Need: Need{Pts: rng(0, 10)},
			Desc: "Pass: no game"},
		// After a two-over-one.
		// Invitational values, two cards at most in opener's first
		// suit and fewer than four in his second, the unbid suits
		// stopped: 2NT, not a preference.
		{Name: "rr21.2nt", Prio: 96, Seq: "1x P 2y P 2z P", Call: "2N", When: func(_ *Ctx, b *Bind) bool { return b.S('z') != b.S('x') && b.S('z') != b.S('y') },
			Need: Need{Pts: rng(10, 12), Len: "x0-2 z0-3", Test: hall(stoppersUnbid, func(_ *Ctx, e *Eval, b *Bind) bool { return e.SemiBalanced && e.Len[b.S('y')] < 6 })},
			Desc: "2NT: 10-12 HCP, stoppers, invitational", Force: Invitational},
		{Name: "rr21.preference", Prio: 95, Seq: "1M P 2y P 2z P", Call: "cM", Need: Need{Len: "M2+", Pts: rng(10, 12), Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('y')] < 6 }},
			Desc: "Preference: two+ %M, 10-12 HCP"},
		// Game values with three cards of opener's major: game in it.
		{Name: "rr21.pref.game", Prio: 96, Seq: "1M P 2y P 2z P", Call: "4M", When: differ('z', 'M'), Need: Need{Len: "M3+", Pts: rng(13, 37), Test: belowSlam},
			Force: SignOff, Desc: "Game in %M: 3+ %M, 13+ HCP"},
		// Game values, no major fit, the unbid suits stopped: 3NT
		// rather than a preference.
		{Name: "rr21.3nt", Prio: 96, Seq: seq2, Call: "3N", Need: Need{Test: hall(noFitWithPartner, combinedGame, belowSlam, stoppersUnbid, func(c *Ctx, e *Eval, b *Bind) bool {
			return e.SemiBalanced && e.Len[b.S('y')] < 6
		})}, Force: SignOff, Show: showsCombinedGame,
			Desc: "3NT: game values, stoppers"},
		// The six-card suit again invites (10-13); with more, game.
		{Name: "rr21.rebid6", Prio: 96, Seq: seq2, Call: "cy", When: not(lastOfPartner('y')), Need: Need{Pts: rng(10, 13), Len: "y6+"},
			Force: Invitational, Desc: "Rebid: 6+ %y, 10-13 HCP"},
		{Name: "rr21.raise", Prio: 97, Seq: seq2, Call: "cz", When: func(c *Ctx, b *Bind) bool { return partnersLast('z')(c, nil, b) },
			Need: Need{Len: "z4+"}, Desc: "Raise: 4+ %z"},
		// Game values with four cards in an unbid major: the major at
		// the two level first (forcing), before a long minor.
		{Name: "rr21.newmajor", Prio: 97, Seq: seq2, Call: "cz", When: all(cheapLevel('z', 2), fourthSuitFree, major('z')),
			Need: Need{Len: "z4+", Pts: rng(12, 37)}, Desc: "New suit: 4+ %z", Force: Forcing},
		// A new suit past 3NT is not natural: with a fit it is a control
		// bid (cue.bid), without one there is no room to look for a fit.
		{Name: "rr21.newsuit", Prio: 94, Seq: seq2, Call: "cz", When: all(cheapLevel('z', 3), fourthSuitFree),
			Need: Need{Len: "z4+", Pts: rng(12, 37)}, Desc: "New suit: 4+ %z", Force: Forcing},
		// Opener's major rebid after the two-over-one: three cards of it
		// are a fit (opener holds five). Game with 13+, an invitation
		// with 10-12.
		{Name: "rr21.major.game", Prio: 98, Seq: "1M P 2y P 2M P", Call: "4M", Need: Need{Pts: rng(13, 37), Len: "M3+", Test: belowSlam},
			Force: SignOff, Desc: "Game in %M: 3+ %M, 13+ HCP"},
		{Name: "rr21.major.invite", Prio: 98, Seq: "1M P 2y P 2M P", Call: "3M", Need: Need{Pts: rng(10, 12), Len: "M3+"},
			Force: Invitational, Desc: "Raise: 3+ %M, 10-12 HCP, invitational"},
		{Name: "rr21.pass", Prio: 50, Seq: "1x P 2y P 2x P", Call: "P", Need: Need{Pts: rng(10, 11), Len: "x0-2"},
			Desc: "Pass: minimum two-over-one"},
		// Help-suit game try: back to three of the major with a minimum.
		{Name: "rr.gametry.accept", Prio: 100, Seq: "1M P 2M P B P", Call: "4M", Need: Need{Pts: rng(9, 10)}, Force: SignOff,
			Desc: "Accepts the game try"},
		// A middle hand (7-8) accepts with help in the try suit: two of
		// its three top honours, or a singleton or void.
		{Name: "rr.gametry.help", Prio: 100, Seq: "1M P 2M P B P", Example: "1H P 2H P 3D P", Call: "4M", Need: Need{Pts: rng(7, 8), Test: func(c *Ctx, e *Eval, _ *Bind) bool {
			l, ok := c.LastBidOf(c.Partner())
			if !ok || l.Strain == bridge.NoTrump {
				return false
			}
			s := card.Suit(l.Strain)
			return e.Top(s, 3) >= 2 || e.Len[s] <= 1
		}}, Force: SignOff,
			Desc: "Accepts the game try: help in the suit"},
		{Name: "rr.gametry.decline", Prio: 99, Seq: "1M P 2M P B P", Call: "3M", Desc: "Declines the game try"},
		{Name: "rr.limit.done", Prio: 50, Seq: "... 4M P", Call: "P",
			Desc: "Game reached"},
	}
	// The answers every game-forcing jump shift has: after opener's
	// (supporting responder's suit or raising the jump), after opener's
	// over 1NT, and opener's after responder's over a 1NT rebid.
	rs = append(rs, jumpShiftAnswers("rr.js", "1x P 1y P .z P", "orb.jumpshift", 'x', 113)...)
	rs = append(rs, jumpShiftAnswers("rr1n.js", "1x P 1N P .z P", "orb.jumpshift", 'x', 116)...)
	rs = append(rs, jumpShiftAnswers("orb.1nt.js", "1x P 1y P 1N P .z P", "rr.jumpshift", 'y', 106)...)
	// Responder's second-round rules answer a rebid that leaves room: not
	// opener's sign-off or game.
	for _, r := range rs {
		if (r.Seq == seq || r.Seq == seq2) && r.Call != "P" {
			r.When = all(partnerLeftRoom, orTrue(r.When))
		}
		// The same after their takeout double of the opening (1C X 1H
		// P 1S P): the one-level response still shows 6+ and forces.
		for _, pre := range []string{"1x P 1", "1m P 1"} {
			if strings.HasPrefix(r.Seq, pre) {
				r.Seq = pre[:3] + "P/X" + r.Seq[4:]
			}
		}
	}
	return rs
}

// partnerLeftRoom: partner's last call was below game and not a sign-off.
func partnerLeftRoom(c *Ctx, _ *Bind) bool {
	l, ok := c.LastBidOf(c.Partner())
	if !ok {
		return true
	}
	for i := len(c.Calls) - 1; i >= 0; i-- {
		if c.SeatAt(i) == c.Partner() && c.Calls[i].Kind == bridge.Bid {
			if c.Meanings[i].Force == SignOff {
				return false
			}
			break
		}
	}
	return l.Level <= 3
}

// orTrue returns p, or a condition always true when p is nil.
func orTrue(p AuctionPred) AuctionPred {
	if p == nil {
		return func(*Ctx, *Bind) bool { return true }
	}
	return p
}

// partnerShowedMajor binds M to a major partner has shown (4+).
func partnerShowedMajor(c *Ctx, b *Bind) bool {
	return c.ShownLen(c.Partner(), b.S('M')) >= 4 || c.ShownLen(c.Me, b.S('M')) >= 4 && c.ShownLen(c.Partner(), b.S('M')) >= 3
}

// ourPoints: my points (support points in M) plus partner's minimum.
func ourPoints(c *Ctx, e *Eval, b *Bind) int {
	if m, ok := b.Suit('M'); ok {
		return ourPointsIn(c, e, m)
	}
	return e.HCP + c.PartnerMinPts()
}

// ourPointsIn: my points (support points with a fit in s) plus partner's
// minimum, counted as partner counted.
func ourPointsIn(c *Ctx, e *Eval, s card.Suit) int {
	p := e.HCP
	if c.Fit(e, s) >= 8 {
		p = max(p, e.SupportPts(s))
	}
	return p + c.PartnerMinPts()
}

// lowerFive: five cards or more in a suit below my first suit (x) that
// neither side has bid: a 6-5 shows it before rebidding the six.
func lowerFive(c *Ctx, e *Eval, b *Bind) bool {
	for _, s := range c.UnbidSuits() {
		if s < b.S('x') && e.Len[s] >= 5 {
			return true
		}
	}
	return false
}

// raisedMajor: suit v is a major of mine that partner's last bid raised.
func raisedMajor(v byte) func(c *Ctx, b *Bind) bool {
	return func(c *Ctx, b *Bind) bool {
		s := b.S(v)
		l, ok := c.LastBidOf(c.Partner())
		return ok && s >= card.Hearts && l.Strain == bridge.Strain(s) && c.ShownLen(c.Me, s) >= 4
	}
}

// fourthSuitFree: z is not the fourth suit (that would be artificial).
func fourthSuitFree(c *Ctx, b *Bind) bool {
	z := b.S('z')
	for i, call := range c.Calls {
		if call.Kind == bridge.Bid && call.Strain == bridge.Strain(z) && c.SeatAt(i).Side() == c.Me.Side() {
			return false
		}
	}
	return len(c.OurSuits()) < 3
}

// jumpShiftAnswers are the answers to partner's game-forcing jump shift
// in suit z, made after seq (rule ask), in priority from prio down:
// support for suit v (partner's first suit: three cards of a major, four
// of a minor), a raise of z with four, 3NT with the unbid suits stopped,
// and last (a place left above it for a rule of the auction's own)
// preference for v (two cards of a major, three of a minor).
func jumpShiftAnswers(name, seq, ask string, v byte, prio int) []*Rule {
	s := string(v)
	fit := func(n int) HandPred {
		return func(_ *Ctx, e *Eval, b *Bind) bool { return b.S(v) >= card.Hearts || e.Len[b.S(v)] >= n }
	}
	return []*Rule{
		{Name: name + ".support", Prio: prio, Seq: seq, When: askedBy(ask), Call: "c" + s,
			Need: Need{Len: s + "3+", Test: fit(4)}, Force: GameForcing, Desc: "Support for %" + s + ", game forcing"},
		{Name: name + ".raise", Prio: prio - 1, Seq: seq, When: askedBy(ask), Call: "cz",
			Need: Need{Len: "z4+"}, Force: GameForcing, Desc: "Raise: 4+ %z, game forcing"},
		{Name: name + ".3nt", Prio: prio - 2, Seq: seq, When: askedBy(ask), Call: "3N",
			Need: Need{Test: stoppersUnbid}, Force: SignOff, Desc: "3NT: no fit, the unbid suits stopped"},
		{Name: name + ".preference", Prio: prio - 4, Seq: seq, When: askedBy(ask), Call: "c" + s,
			Need: Need{Len: s + "2+", Test: fit(3)}, Force: GameForcing, Desc: "Preference for %" + s + ": no fit, the unbid suits not stopped"},
	}
}
