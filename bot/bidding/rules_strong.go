package bidding

import (
	"atout/bridge"
	"atout/card"
)

// Strong 2C, weak twos and preempts, and the defaults.

func strongRules() []*Rule {
	return []*Rule{
		// Responses to 2C.
		// 2D is the waiting bid: a positive response in diamonds is 3D.
		{Name: "2c.positive.suit", Prio: 110, Seq: "2C P", Call: "cx", When: func(c *Ctx, b *Bind) bool { return b.S('x') != card.Diamonds },
			Need: Need{Pts: rng(7, 37), Len: "x5+", Test: hall(good('x'), longest('x'))}, Force: GameForcing,
			Desc: "Positive response: 7+ HCP, good 5+ %x"},
		{Name: "2c.positive.diamonds", Prio: 110, Seq: "2C P", Call: "3D",
			Need: Need{Pts: rng(7, 37), Len: "D5+", Test: hall(good('D'), longest('D'))}, Force: GameForcing,
			Desc: "Positive response: 7+ HCP, good 5+ diamonds"},
		{Name: "2c.positive.nt", Prio: 105, Seq: "2C P", Call: "2N", Need: Need{Pts: rng(8, 37), Bal: 1}, Force: GameForcing,
			Desc: "Positive response: 8+ HCP, balanced"},
		{Name: "2c.waiting", Prio: 100, Seq: "2C P", Call: "2D", Art: true, Force: Forcing,
			Desc: "Waiting: 2D, any hand without a positive response"},
		// Opener's rebid.
		// A five-card major is shown first, not hidden behind 2NT.
		{Name: "2c.rebid.2nt", Prio: 110, Seq: "2C P 2D P", Call: "2N", Need: Need{Pts: rng(22, 24), Bal: 2, Len: "H0-4 S0-4"},
			Desc: "2NT: 22-24 HCP, balanced"},
		{Name: "2c.rebid.3nt", Prio: 110, Seq: "2C P 2D P", Call: "3N", Need: Need{Pts: rng(25, 27), Bal: 2, Len: "H0-4 S0-4"},
			Desc: "3NT: 25-27 HCP, balanced"},
		// Too strong for 3NT: 4NT invites 6NT (quantitative), as over
		// 1NT and 2NT.
		{Name: "2c.rebid.4nt", Prio: 110, Seq: "2C P 2D P", Call: "4N", Need: Need{Pts: rng(28, 30), Bal: 2},
			Desc: "Quantitative 4NT: 28-30 HCP, balanced, invites 6NT", Force: Invitational},
		{Name: "2c.rebid.suit", Prio: 105, Seq: "2C P 2D P", Call: "cx", Need: Need{Len: "x5+", Test: longest('x')}, Force: Forcing,
			Desc: "Natural: 5+ %x"},
		{Name: "2c.rebid.after2nt", Prio: 105, Seq: "2C P 2N P", Call: "cx", Need: Need{Len: "x5+", Test: longest('x')}, Force: GameForcing,
			Desc: "Natural: 5+ %x"},
		{Name: "2c.rebid.after2nt.nt", Prio: 100, Seq: "2C P 2N P", Call: "3N", Desc: "Balanced"},
		// Responder's second call.
		{Name: "2c.resp.raise", Prio: 110, Seq: "2C P 2D/2N P 2x/3x P", Call: "cx", Need: Need{Pts: rng(3, 37), Len: "x3+"}, Force: Forcing,
			Desc: "Support for %x"},
		{Name: "2c.resp.raise.weak", Prio: 104, Seq: "2C P 2D P 2M P", Call: "3M", Need: Need{Pts: rng(0, 3), Len: "M3+"},
			Desc: "Support, but weak"},
		{Name: "2c.resp.second.negative", Prio: 105, Seq: "2C P 2D P 2x P", Call: "3C", When: func(c *Ctx, b *Bind) bool { return b.S('x') != card.Clubs },
			Need: Need{Pts: rng(0, 3)}, Art: true, Desc: "Second negative: 0-3 HCP"},
		{Name: "2c.resp.suit", Prio: 103, Seq: "2C P 2D P 2x P", Call: "cy", When: func(c *Ctx, b *Bind) bool {
			return b.S('y') != card.Clubs // 3C is the second negative
		}, Need: Need{Pts: rng(4, 37), Len: "y5+"}, Force: Forcing,
			Desc: "Natural: 5+ %y"},
		{Name: "2c.resp.nt", Prio: 102, Seq: "2C P 2D P 2x P", Call: "2N", Need: Need{Pts: rng(4, 37)}, Force: Forcing,
			Desc: "Natural: no fit, some values"},
		// Responder's 2NT (no fit, some values) keeps the game force:
		// opener shows a second suit, rebids a six-card suit, or bids
		// 3NT.
		{Name: "2c.2nt.newsuit", Prio: 105, Seq: "2C P 2D P 2x P 2N P", Call: "3y", When: differ('x', 'y'),
			Need: Need{Len: "y4+"}, Force: GameForcing, Desc: "Second suit: 4+ %y, game forcing"},
		{Name: "2c.2nt.rebid", Prio: 104, Seq: "2C P 2D P 2x P 2N P", Call: "3x", Need: Need{Len: "x6+"}, Force: GameForcing,
			Desc: "Rebids a six-card %x, game forcing"},
		{Name: "2c.2nt.3nt", Prio: 100, Seq: "2C P 2D P 2x P 2N P", Call: "3N", Force: SignOff,
			Desc: "3NT: no second suit, five cards in my suit"},
		{Name: "2c.after.neg.rebid", Prio: 105, Seq: "2C P 2D P 2x P 3C P", Call: "cx", Need: Need{Len: "x6+"},
			Desc: "Rebids a six-card %x"},
		{Name: "2c.after.neg.3nt", Prio: 104, Seq: "2C P 2D P 2x P 3C P", Call: "3N", Need: Need{Bal: 2},
			Desc: "3NT"},
		{Name: "2c.neg.pass", Prio: 100, Seq: "2C P 2D P 2x P 3C P 3x P", Call: "P", Need: Need{Pts: rng(0, 3), Len: "x0-2"},
			Desc: "Pass: a bust"},
		// Opener's minor at the three level forces to game: responder
		// shows a five-card major, else raises (2c.resp.raise) or bids
		// 3NT; opener then places the game.
		{Name: "2c.resp.3m.major", Prio: 111, Seq: "2C P 2D P 3m P", Call: "cM", Need: Need{Len: "M5+"}, Force: Forcing,
			Desc: "Natural: 5+ %M"},
		{Name: "2c.resp.3m.3nt", Prio: 101, Seq: "2C P 2D P 3m P", Call: "3N",
			Desc: "3NT: no five-card major"},
		{Name: "2c.3m.major.game", Prio: 106, Seq: "2C P 2D P 3m P 3M P", Call: "4M", Need: Need{Len: "M3+"}, Force: SignOff,
			Desc: "Game in %M: 3+ %M"},
		{Name: "2c.3m.major.3nt", Prio: 105, Seq: "2C P 2D P 3m P 3M P", Call: "3N", Force: SignOff,
			Desc: "3NT: two or fewer %M"},
		{Name: "2c.raise.game", Prio: 100, Seq: "2C P 2D/2N P 2x/3x P 3x/4x P", Call: "4x",
			Desc: "Game", Force: SignOff},
		// Weak twos.
		// A misfit (0-1 in partner's suit) with a good five-card major of
		// its own bids that major (w2.newsuit) instead of asking.
		{Name: "w2.feature.ask", Prio: 110, Seq: "2x P", When: notClubs, Call: "2N", Need: Need{Pts: rng(15, 37), Test: hall(hnot(misfitWithMajor), hnot(gameNoSlam))}, Art: true, Force: Forcing,
			Desc: "2NT: asks for a feature, game interest"},
		{Name: "w2.game", Prio: 109, Seq: "2M P", Call: "4M", Need: Need{Test: hany(hall(func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('M')] >= 3 }, lpMin(16)),
			hall(func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('M')] >= 4 }, func(_ *Ctx, e *Eval, _ *Bind) bool { return e.HCP <= 10 || e.HCP >= 13 }))}, Force: SignOff,
			Desc: "Game: a fit, either strong or preemptive"},
		// Over their overcall or double, four trumps (ten together) raise
		// a weak hand to game: the law of total tricks.
		{Name: "w2.game.comp", Prio: 109, Seq: "2M X/B", Call: "4M", Need: Need{Pts: rng(0, 10), Len: "M4+"}, Force: SignOff,
			Desc: "Preemptive raise to game: 4+ %M"},
		{Name: "w2.raise", Prio: 108, Seq: "2x P", When: notClubs, Call: "3x", Need: Need{Pts: rng(0, 13), Len: "x3+"},
			Desc: "Preemptive raise: 3+ %x"},
		{Name: "w2.newsuit", Prio: 107, Seq: "2x P", When: notClubs, Call: "cy", Need: Need{Pts: rng(14, 37), Len: "y5+"}, Force: Forcing,
			Desc: "New suit: 5+ %y, forcing"},
		{Name: "w2.feature.min", Prio: 110, Seq: "2x P 2N P", When: notClubs, Call: "3x", Need: Need{Pts: rng(0, 8)},
			Desc: "Minimum weak two"},
		{Name: "w2.feature.show", Prio: 109, Seq: "2x P 2N P", When: notClubs, Call: "3y", Art: true, Force: Forcing,
			Need: Need{Pts: rng(9, 37), Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Top(b.S('y'), 2) >= 1 }},
			Desc: "Maximum: a feature (A or K) in %y"},
		{Name: "w2.feature.nt", Prio: 108, Seq: "2x P 2N P", When: notClubs, Call: "3N", Need: Need{Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Top(b.S('x'), 3) >= 2 }},
			Desc: "Maximum, a solid suit"},
		// The asker after a minimum: game with 18+ HCP all the same, in
		// the major with two cards, else in notrump with the other suits
		// stopped.
		{Name: "w2.min.game", Prio: 106, Seq: "2M P 2N P 3M P", Call: "4M", Need: Need{Pts: rng(18, 37), Len: "M2+"},
			Desc: "Game in %M after a minimum: 18+ HCP, 2+ %M", Force: SignOff},
		{Name: "w2.min.3nt", Prio: 105, Seq: "2x P 2N P 3x P", When: notClubs, Call: "3N", Need: Need{Pts: rng(18, 37), Test: stoppersUnbid},
			Desc: "3NT after a minimum: 18+ HCP, the other suits stopped", Force: SignOff},
		{Name: "w2.newsuit.raise", Prio: 110, Seq: "2x P 2y P", When: notClubs, Call: "3y", Need: Need{Len: "y3+"},
			Desc: "Support for %y"},
		// The new suit raised: game in a major with 15+.
		{Name: "w2.newsuit.raised.game", Prio: 106, Seq: "2x P 2y P 3y P", When: major('y'), Call: "4y",
			Need: Need{Pts: rng(15, 37)}, Desc: "Game in %y: 15+ HCP", Force: SignOff},
		// A new suit at the three level (a major) raised with three cards.
		{Name: "w2.newsuit3.raise", Prio: 110, Seq: "2x P 3y P", When: major('y'), Call: "4y", Need: Need{Len: "y3+"},
			Desc: "Support for %y: game", Force: SignOff},
		// The new suit's bidder (14+) after the weak two is rebid: game
		// with 16+, in the major with two cards, else in notrump.
		{Name: "w2.newsuit.game", Prio: 106, Seq: "2M P 2y/3y P 3M P", Call: "4M", Need: Need{Pts: rng(16, 37), Len: "M2+"},
			Desc: "Game in %M: 16+ HCP, 2+ %M", Force: SignOff},
		{Name: "w2.newsuit.3nt", Prio: 105, Seq: "2x P 2y/3y P 3x P", When: notClubs, Call: "3N", Need: Need{Pts: rng(16, 37)},
			Desc: "3NT: 16+ HCP", Force: SignOff},
		{Name: "w2.newsuit.rebid", Prio: 105, Seq: "2x P 2y/3y P", When: notClubs, Call: "3x",
			Desc: "No support: rebids %x"},
		// Preempts.
		{Name: "pre.3nt", Prio: 110, Seq: "3x P", Call: "3N", Need: Need{Pts: rng(15, 37), Test: hall(stoppersUnbid, func(c *Ctx, e *Eval, b *Bind) bool {
			return b.S('x') <= card.Diamonds || e.Len[b.S('x')] <= 1
		})}, Force: SignOff,
			Desc: "3NT: to play, stoppers"},
		{Name: "pre.raise.game.major", Prio: 111, Seq: "3M P", Call: "4M", Need: Need{Test: hany(
			hall(func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('M')] >= 3 }, hany(func(_ *Ctx, e *Eval, _ *Bind) bool { return e.HCP <= 10 }, hcpMin(12))),
			hcpMin(16))}, Force: SignOff,
			Desc: "Game: preemptive, or to make"},
		{Name: "pre.raise.game.minor", Prio: 109, Seq: "3m/4m P", Call: "5m", Need: Need{Len: "m2+", Test: hany(func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('m')] >= 4 },
			hall(hcpMin(14), func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('m')] >= 3 }), hcpMin(16))}, Force: SignOff,
			Desc: "Game: preemptive, or to make"},
		// Partner's new suit over a three-level preempt forces: a raise
		// with three cards.
		{Name: "pre.newsuit.raise", Prio: 100, Seq: "3x P 3y P", Call: "4y", When: major('y'),
			Need: Need{Len: "y3+"}, Desc: "Support for %y", Force: SignOff},
		{Name: "pre.3nt.pass", Prio: 100, Seq: "3x/2x P 3N P", Call: "P", Desc: "Pass: partner chose 3NT"},
		// A major of my own at the four level over partner's preempt is to
		// play: a long suit, no fit, values to take the tricks; the
		// preemptor has described his hand and passes, but for a suit
		// of ten cards or more with a void in mine.
		{Name: "pre.newsuit.game", Prio: 108, Seq: "3x/4x P", Call: "4y", When: majorOver('y', 'x'),
			Need: Need{Len: "y6+", Test: hall(hcpMin(10), func(_ *Ctx, e *Eval, b *Bind) bool {
				return e.Len[b.S('x')] <= 1 && (e.Len[b.S('y')] >= 7 || e.GoodSuit(b.S('y')))
			})}, Force: SignOff,
			Show: func(_ *Ctx, b *Bind, m *Meaning) {
				m.MinHCP = max(m.MinHCP, 10)
				m.MaxLen[b.S('x')] = min(m.MaxLen[b.S('x')], 1)
			},
			Desc: "To play: a long suit of my own, no fit for %x"},
		{Name: "pre.newsuit.game.own", Prio: 101, Seq: "3x/4x P 4y P", Call: "5x", When: majorOver('y', 'x'),
			Need: Need{Len: "x10+", Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('y')] == 0 }}, Force: SignOff,
			Desc: "Ten cards in %x and a void in partner's suit: our suit"},
		{Name: "pre.newsuit.game.pass", Prio: 100, Seq: "3x/4x P 4y P", Call: "P", When: majorOver('y', 'x'),
			Desc: "Pass: partner's suit is to play"},
	}
}

// majorOver: y is a major other than x.
func majorOver(y, x byte) AuctionPred {
	return func(_ *Ctx, b *Bind) bool { return b.S(y) >= card.Hearts && b.S(y) != b.S(x) }
}

// gameNoSlam: opposite a weak two in a major, three trumps and 16-17
// HCP: game, with nothing to ask (slam needs more).
func gameNoSlam(_ *Ctx, e *Eval, b *Bind) bool {
	return b.S('x') >= card.Hearts && e.Len[b.S('x')] >= 3 && e.HCP >= 16 && e.HCP <= 17
}

// misfitWithMajor: at most one card in partner's suit x and a good
// five-card major of my own.
func misfitWithMajor(_ *Ctx, e *Eval, b *Bind) bool {
	if e.Len[b.S('x')] > 1 {
		return false
	}
	for _, s := range []card.Suit{card.Hearts, card.Spades} {
		if s != b.S('x') && e.Len[s] >= 5 && e.GoodSuit(s) {
			return true
		}
	}
	return false
}

// showsFit: a raise for the fit in suit v shows at least three cards, two
// opposite a six-card suit (a lower bound: a raise of a four-card suit
// usually has four).
func showsFit(v byte) func(c *Ctx, b *Bind, m *Meaning) {
	return func(c *Ctx, b *Bind, m *Meaning) {
		s := b.S(v)
		m.MinLen[s] = max(m.MinLen[s], 8-max(c.ShownLen(c.Partner(), s), 5))
	}
}

// defaultRules are the sensible defaults used when no rule of the book
// fits: natural game bids on combined values, a forced cheap bid, pass.
func defaultRules() []*Rule {
	return []*Rule{
		{Name: "gen.game.major", Natural: true, Prio: 30, Seq: "... *", Call: "4M", When: all(secondRound, weOpenedOrOvercalled, partnerShowedMajor, lastBelow(4, bridge.StrainHearts)),
			Need: Need{Test: hall(fitMin('M', 8), belowSlam, func(c *Ctx, e *Eval, b *Bind) bool { return ourPoints(c, e, b) >= gameNeed(c) })}, Force: SignOff,
			Show: showsFit('M'), Desc: "Game in the major fit"},
		// Over their bid three of the major only competes (partner
		// reads it so): a point short of game, bid it.
		{Name: "gen.game.major.comp", Natural: true, Prio: 26, Seq: "... *", Call: "4M", When: all(secondRound, weOpenedOrOvercalled, partnerShowedMajor, theyBid, cheapLevel('M', 3), not(partnerForced)),
			Need: Need{Test: hall(fitMin('M', 8), func(c *Ctx, e *Eval, b *Bind) bool { p := ourPoints(c, e, b); return p == gameNeed(c)-1 })}, Force: SignOff,
			Show: showsFit('M'), Desc: "Game in the major fit: in competition, where three would only compete"},
		{Name: "gen.invite.major", Natural: true, Prio: 25, Seq: "... *", Call: "3M", When: all(secondRound, weOpenedOrOvercalled, partnerShowedMajor, lastBelow(3, bridge.StrainHearts)),
			Need: Need{Test: hall(fitMin('M', 8), func(c *Ctx, e *Eval, b *Bind) bool { p := ourPoints(c, e, b); return p >= 23 && p < gameNeed(c) })}, Force: Invitational,
			Show: showsFit('M'), Desc: "Invites game in the major fit"},
		{Name: "gen.3nt", Natural: true, Prio: 29, Seq: "... *", Call: "3N", When: all(secondRound, weOpenedOrOvercalled, lastBelow(3, bridge.NoTrump)),
			Need: Need{Bal: 2, Test: hall(combinedGame, belowSlam, stoppersTheirs, noFitWithPartner)}, Force: SignOff,
			Desc: "3NT: game values"},
		{Name: "default.forced.raise", Prio: 9, Seq: "... *", Call: "cx", When: all(forced, func(c *Ctx, b *Bind) bool { return partnersLast('x')(c, nil, b) }),
			Need: Need{Len: "x3+"}, Desc: "Forced: support"},
		{Name: "default.forced.own", Prio: 8, Seq: "... *", Call: "cx", When: forced,
			Need: Need{Len: "x5+", Test: func(c *Ctx, e *Eval, b *Bind) bool { return c.ShownLen(c.Me, b.S('x')) >= 4 || e.Len[b.S('x')] >= 6 }},
			Desc: "Forced: rebids the long suit"},
		{Name: "default.forced.nt", Prio: 7, Seq: "... *", Call: "cN", When: all(forced, lastBelow(4, bridge.NoTrump)),
			Desc: "Forced: notrump"},
		{Name: "default.forced.suit", Prio: 6, Seq: "... *", Call: "cx", When: forced, Need: Need{Len: "x4+"},
			Desc: "Forced: cheapest suit"},
		{Name: "default.pass", Prio: 1, Seq: "", Call: "P", Desc: "Pass"},
		{Name: "default.pass.any", Prio: 1, Seq: "... *", Call: "P", Desc: "Pass"},
	}
}

// notClubs: the two-level opening was not the strong 2C.
func notClubs(c *Ctx, b *Bind) bool { return b.S('x') != card.Clubs }

// secondRound: I have bid or doubled already (the first call is for the
// book's rules).
func secondRound(c *Ctx, _ *Bind) bool {
	for _, call := range c.CallsOf(c.Me) {
		if call.Kind != bridge.Pass {
			return true
		}
	}
	return false
}

// weOpenedOrOvercalled: our side has made a natural bid.
// partnerForced: partner's last call forces (then a raise is only
// support, and partner goes on).
func partnerForced(c *Ctx, _ *Bind) bool {
	_, m, ok := c.partnerLastCall()
	return ok && m.Force.binds()
}

func weOpenedOrOvercalled(c *Ctx, _ *Bind) bool { return len(c.OurSuits()) > 0 || c.WeOpened() }
