package bidding

import (
	"slices"
	"strings"

	"atout/bridge"
	"atout/card"
)

// Competitive bidding: overcalls, takeout doubles, Michaels and the
// unusual notrump, the defence to 1NT, advances, negative and reopening
// doubles, balancing.

// takeoutShape: short in their suits, three or more in every unbid suit
// (one doubleton allowed in an unbid minor).
func takeoutShape(c *Ctx, e *Eval, _ *Bind) bool {
	theirs := c.TheirSuits()
	if len(theirs) == 0 {
		return false
	}
	for _, s := range theirs {
		// Three of their minor with both majors (four each) and 12+
		// doubles too: the majors are what the double looks for.
		if e.Len[s] > 2 && !(e.Len[s] == 3 && s <= card.Diamonds && len(theirs) == 1 && e.HCP >= 12 &&
			e.Len[card.Hearts] >= 4 && e.Len[card.Spades] >= 4) {
			return false
		}
	}
	short := 0
	for _, s := range c.UnbidSuits() {
		if e.Len[s] < 3 {
			if s >= card.Hearts || e.Len[s] < 2 || e.HCP < 13 {
				return false
			}
			short++
		}
	}
	return short <= 1
}

// lastOverNT: the auction is their 1NT, a pass and their answer (the
// doubles of nt.leaddouble).
func lastOverNT(c *Ctx, _ *Bind) bool {
	return len(c.Calls) == 3 && c.Calls[0] == bridge.NewBid(1, bridge.NoTrump)
}

// longUnbid: a six-card suit or longer that nobody has bid, to bid
// rather than double.
func longUnbid(c *Ctx, e *Eval, _ *Bind) bool {
	for _, s := range c.UnbidSuits() {
		if e.Len[s] >= 6 && e.GoodSuit(s) || s >= card.Hearts && sixWithHonours(e, s) {
			return true
		}
	}
	return false
}

// runningMinor: six cards or more in a minor headed by its three top
// honours.
func runningMinor(e *Eval) bool {
	for _, s := range []card.Suit{card.Clubs, card.Diamonds} {
		if e.Len[s] >= 6 && e.Top(s, 3) == 3 {
			return true
		}
	}
	return false
}

// minorSupport: support for partner's minor m worth raising it high:
// four diamonds, or five clubs (a 1C opening may hold three).
func minorSupport(_ *Ctx, e *Eval, b *Bind) bool {
	return b.S('m') == card.Diamonds || e.Len[card.Clubs] >= 5
}

// sixCardMajorUnbid: six cards or more in a major nobody has bid (a suit
// to bid, not a double or notrump).
func sixCardMajorUnbid(c *Ctx, e *Eval, _ *Bind) bool {
	for _, s := range c.UnbidSuits() {
		if s >= card.Hearts && e.Len[s] >= 6 {
			return true
		}
	}
	return false
}

// unbidMajor: a major neither side has bid.
func unbidMajor(c *Ctx, _ *Eval, _ *Bind) bool {
	for _, s := range c.UnbidSuits() {
		if s >= card.Hearts {
			return true
		}
	}
	return false
}

// raiseFirst: partner opened a major I hold three of, and both majors
// are bid (the double would show the minors) or the hand is only worth a
// single raise: raise first.
func raiseFirst(c *Ctx, e *Eval, b *Bind) bool {
	x := b.S('x')
	return x >= card.Hearts && e.Len[x] >= 3 && (!unbidMajor(c, e, b) || e.HCP <= 9)
}

// unbid4: four cards or more in each of the two suits the opponents have
// not bid (after they bid two).
func unbid4(c *Ctx, e *Eval, _ *Bind) bool {
	u := c.UnbidSuits()
	if len(u) != 2 {
		return false
	}
	return e.Len[u[0]] >= 4 && e.Len[u[1]] >= 4
}

// majorsUnbid4: four cards in each unbid major (in both unbid suits when
// no major is unbid).
func majorsUnbid4(c *Ctx, e *Eval, _ *Bind) bool {
	found := false
	for _, s := range c.UnbidSuits() {
		if s >= card.Hearts {
			found = true
			if e.Len[s] < 4 {
				return false
			}
		}
	}
	if found {
		return true
	}
	for _, s := range c.UnbidSuits() {
		if e.Len[s] < 4 {
			return false
		}
	}
	return len(c.UnbidSuits()) > 0
}

// minorWithMajorsTakeout: the bid suit y is a minor and the hand is a
// takeout double with four cards in each unbid major and at most one in
// their suit, 12+ HCP: the double finds the major fit a minor overcall
// would lose.
func minorWithMajorsTakeout(c *Ctx, e *Eval, b *Bind) bool {
	if b.S('y') > card.Diamonds || e.HCP < 12 || !takeoutShape(c, e, b) {
		return false
	}
	for _, s := range c.TheirSuits() {
		if e.Len[s] > 1 {
			return false
		}
	}
	return majorsUnbid4(c, e, b)
}

// twoSuiter: 5-5 (or better) in suits a and b.
func twoSuiter(a, b card.Suit) HandPred {
	return func(_ *Ctx, e *Eval, _ *Bind) bool { return e.Len[a] >= 5 && e.Len[b] >= 5 }
}

// michaels: the two suits a cue bid of their suit x shows: both majors
// over a minor, the other major and a minor over a major.
func michaels(c *Ctx, e *Eval, b *Bind) bool {
	x, ok := b.Suit('x')
	if !ok {
		x = b.S('M')
	}
	if x <= card.Diamonds {
		return e.Len[card.Hearts] >= 5 && e.Len[card.Spades] >= 5
	}
	o := otherMajor(x)
	return e.Len[o] >= 5 && (e.Len[card.Clubs] >= 5 || e.Len[card.Diamonds] >= 5)
}

// showMichaels writes the suits of a Michaels cue bid into its meaning:
// both majors over a minor, the other major over a major (with a minor
// that stays unknown until asked for).
func showMichaels(_ *Ctx, b *Bind, m *Meaning) {
	x, ok := b.Suit('x')
	if !ok {
		x = b.S('M')
	}
	if x <= card.Diamonds {
		m.MinLen[card.Hearts], m.MinLen[card.Spades] = 5, 5
		return
	}
	m.MinLen[card.Hearts+card.Spades-x] = 5
}

// showUnusual writes the two suits of an unusual notrump into its meaning.
func showUnusual(c *Ctx, _ *Bind, m *Meaning) {
	if u := c.UnbidSuits(); len(u) >= 2 {
		m.MinLen[u[0]], m.MinLen[u[1]] = 5, 5
	}
}

// unusual: 5-5 in the two lowest unbid suits.
func unusual(c *Ctx, e *Eval, _ *Bind) bool {
	u := c.UnbidSuits()
	if len(u) < 2 {
		return false
	}
	return e.Len[u[0]] >= 5 && e.Len[u[1]] >= 5
}

func notLongIn(v byte) HandPred { return shortIn(v, 3) }

// noUnbidMajor4: no four-card major the opponents have not bid.
func noUnbidMajor4(c *Ctx, e *Eval, _ *Bind) bool {
	for _, s := range c.UnbidSuits() {
		if s >= card.Hearts && e.Len[s] >= 4 {
			return false
		}
	}
	return true
}

// lastArtificial: the last bid (by an opponent) was artificial.
func lastArtificial(c *Ctx, _ *Bind) bool {
	for i := len(c.Calls) - 1; i >= 0; i-- {
		if c.Calls[i].Kind == bridge.Bid {
			return c.Meanings[i].Artificial
		}
	}
	return false
}

func competitiveRules() []*Rule {
	rs := []*Rule{
		// Direct overcalls of one of a suit.
		{Name: "ovc.bigdouble", Prio: 144, Seq: "1x", Call: "X", Need: Need{Pts: rng(18, 37), Test: hall(hany(hcpMin(19), func(_ *Ctx, e *Eval, _ *Bind) bool { return e.Shape()[0] <= 4 }),
			hnot(hall(func(_ *Ctx, e *Eval, _ *Bind) bool { return e.Balanced && e.HCP <= 18 }, stoppersTheirs)))}, Force: Forcing,
			Desc: "Takeout double: 18+ HCP, any shape"},
		{Name: "ovc.4nt.minors", Prio: 148, Seq: "1M", Call: "4N", Need: Need{Pts: rng(16, 37), Test: hall(twoSuiter(card.Clubs, card.Diamonds), ltcMax(3))},
			Desc: "Both minors, very strong", Force: Forcing},
		{Name: "ovc.michaels", Prio: 146, Seq: "1x", Call: "2x", Art: true, Force: Forcing,
			Need: Need{Pts: rng(6, 37), Test: hall(michaels, hany(
				func(_ *Ctx, e *Eval, b *Bind) bool { return b.S('x') >= card.Hearts },
				func(_ *Ctx, e *Eval, _ *Bind) bool { return e.HCP <= 11 || e.HCP >= 16 }))},
			Show: showMichaels, Desc: "Michaels cue bid: 5-5 in two suits"},
		{Name: "ovc.unusual2nt", Prio: 145, Seq: "1x", Call: "2N", Art: true, Need: Need{Pts: rng(6, 37), Test: unusual},
			Show: showUnusual, Desc: "Unusual 2NT: 5-5 in the two lowest unbid suits", Force: Forcing},
		// Over their raise a good suit still overcalls: at two with
		// 10-17, at three with 13-17 or six cards.
		{Name: "ovc.raised.suit", Prio: 118, Seq: "1x P 2x", Call: "cy", When: cheapLevelIn('y', 2, 3),
			Need: Need{Pts: rng(10, 17), Len: "y5+", Test: hall(good('y'), func(c *Ctx, e *Eval, b *Bind) bool {
				l, _ := levelFor(c, 'c', bridge.Strain(b.S('y')))
				return l.Level == 2 || e.HCP >= 13 || e.Len[b.S('y')] >= 6
			})}, Desc: "Overcall over their raise: 10-17 HCP, good 5+ %y"},
		// The overcaller rebids a six-card suit over a negative double
		// and opener's new suit.
		{Name: "ovc.rebid6.comp", Prio: 105, Seq: "1x 1y X P B", Call: "cy", When: cheapLevel('y', 2),
			Need: Need{Pts: rng(8, 16), Len: "y6+"}, Desc: "Rebid: 6+ %y"},
		// Partner's Michaels cue bid of a minor doubled: the better major.
		{Name: "mich.x.pick", Prio: 110, Seq: "1m 2m X", Call: "2M", Need: Need{Len: "M2+"},
			Pref: func(e *Eval, b *Bind) int { return 10*e.Len[b.S('M')] - int(b.S('M')) },
			Desc: "Picks %M, the better major"},
		{Name: "ovc.unusual2nt.raised", Prio: 120, Seq: "1x P 2x", Call: "2N", Art: true, Need: Need{Pts: rng(6, 37), Test: unusual},
			Show: showUnusual, Desc: "Unusual 2NT: 5-5 in the two lowest unbid suits", Force: Forcing},
		{Name: "ovc.1nt", Prio: 140, Seq: "1x", Call: "1N", Need: Need{Pts: rng(15, 18), Bal: 2, Len: "H0-5 S0-5", Test: stoppersTheirs},
			Desc: "1NT overcall: 15-18 HCP, balanced, stopper"},
		{Name: "ovc.1nt.indirect", Prio: 140, Seq: "1x P 1y", Call: "1N", Need: Need{Pts: rng(15, 18), Bal: 1, Test: stoppersTheirs},
			Desc: "1NT overcall: 15-18 HCP, balanced, stoppers"},
		{Name: "ovc.4level", Prio: 135, Seq: "1x", Call: "4M", Need: Need{Pts: rng(0, 12), Len: "M8+", Test: good('M')},
			Desc: "Preemptive jump overcall: 8-card %M", Force: SignOff},
		{Name: "ovc.3level", Prio: 134, Seq: "1x", Call: "3y", When: func(c *Ctx, b *Bind) bool {
			l, _, _ := c.LastBid()
			return int(l.Level) == 1
		}, Need: Need{Pts: rng(5, 10), Len: "y7+", Test: preemptSuit('y')},
			Desc: "Preemptive jump overcall: 7-card %y"},
		{Name: "ovc.weakjump", Prio: 132, Seq: "1x", Call: "jy", Need: Need{Pts: rng(5, 9), Len: "y6+", Test: hall(good('y'), noSideMajor('y'))},
			Desc: "Weak jump overcall: 6-card %y, 5-9 HCP"},
		{Name: "ovc.weakjump.indirect", Prio: 132, Seq: "1x P 1y", Call: "jz", Need: Need{Pts: rng(5, 9), Len: "z6+", Test: hall(good('z'), noSideMajor('z'))},
			Desc: "Weak jump overcall: 6-card %z, 5-9 HCP"},
		{Name: "ovc.1level", Prio: 130, Seq: "1x", Call: "1y",
			Need: Need{Pts: rng(8, 18), Len: "y4+", Test: hall(hnot(minorWithMajorsTakeout), hany(
				hall(func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('y')] >= 5 }, overcallSuit('y')),
				func(_ *Ctx, e *Eval, b *Bind) bool {
					return e.Len[b.S('y')] == 4 && e.Top(b.S('y'), 5) >= 4 && e.HCP <= 14
				},
			))},
			Desc: "Overcall: 8-17 HCP, 4+ %y, five unless four of the top five honours"},
		{Name: "ovc.takeout", Prio: 128, Seq: "1x", Call: "X", Need: Need{Pts: rng(10, 37), Test: hall(takeoutShape, func(_ *Ctx, e *Eval, _ *Bind) bool { return e.ShortPts() >= 13 || e.HCP >= 12 })},
			Desc: "Takeout double: opening values, short in their suit", Force: Forcing},
		{Name: "ovc.2level", Prio: 129, Seq: "1x", Call: "2y", When: higher('x', 'y'),
			Need: Need{Pts: rng(10, 17), Len: "y5+", Test: hall(notLongIn('x'), good('y'), func(c *Ctx, e *Eval, b *Bind) bool {
				return !c.Vulnerable() || e.Len[b.S('y')] >= 6 || e.HCP >= 14
			})},
			Desc: "Overcall: 10-17 HCP, 5+ %y"},
		{Name: "ovc.1level.indirect", Prio: 126, Seq: "1x P 1y", Call: "1z",
			Need: Need{Pts: rng(8, 17), Len: "z5+", Test: hall(notLongIn('y'), overcallSuit('z'))},
			Desc: "Overcall: 8-17 HCP, 5+ %z"},
		{Name: "ovc.2level.indirect", Prio: 125, Seq: "1x P 1y", Call: "cz",
			Need: Need{Pts: rng(10, 17), Len: "z6+", Test: good('z')},
			Desc: "Overcall: 10-17 HCP, 6+ %z"},
		{Name: "ovc.takeout.indirect", Prio: 120, Seq: "1x P 1y/1N/2y", Call: "X", Need: Need{Pts: rng(10, 37), Test: hany(hall(hcpMin(12), takeoutShape), unbid4)},
			Desc: "Takeout double of two suits: the other suits", Force: Forcing},
		{Name: "ovc.michaels.indirect", Prio: 119, Seq: "1x P 1N", Call: "2x", Art: true, Need: Need{Pts: rng(6, 37), Test: michaels},
			Show: showMichaels, Desc: "Michaels cue bid: 5-5 in two suits", Force: Forcing},
		// Over weak twos and preempts.
		{Name: "ovc.weak2.michaels", Prio: 146, Seq: "2M", Call: "3M", Art: true, Need: Need{Pts: rng(6, 37), Test: michaels},
			Show: showMichaels, Desc: "Michaels cue bid: other major and a minor", Force: Forcing},
		{Name: "ovc.preempt.takeout", Prio: 128, Seq: "2x/3x", Call: "X", Need: Need{Pts: rng(12, 37), Test: hall(takeoutShape, hnot(longUnbid))},
			Desc: "Takeout double", Force: Forcing},
		{Name: "ovc.preempt.balance", Prio: 128, Seq: "2x/3x P P", Call: "X", Need: Need{Pts: rng(11, 37), Test: takeoutShape},
			Desc: "Balancing takeout double", Force: Forcing},
		// With their suit stopped, a balanced hand over a three-level
		// preempt and a running minor over any preempt bid 3NT instead
		// (ovc.preempt.3nt).
		{Name: "ovc.preempt.big", Prio: 127, Seq: "2x/3x", Call: "X", Need: Need{Pts: rng(17, 37), Test: hall(notLongIn('x'), hnot(hall(func(c *Ctx, e *Eval, _ *Bind) bool {
			l, _, _ := c.LastBid()
			return l.Level == 3 && e.Balanced || runningMinor(e)
		}, stoppersTheirs)))},
			Desc: "Takeout double: strong", Force: Forcing},
		{Name: "ovc.weak2.1nt", Prio: 126, Seq: "2x", Call: "2N", Need: Need{Pts: rng(15, 18), Bal: 2, Test: stoppersTheirs},
			Desc: "2NT overcall: 15-18 HCP, stopper"},
		{Name: "ovc.weak2.suit", Prio: 124, Seq: "2x", Call: "cy", Need: Need{Pts: rng(10, 17), Len: "y5+", Test: hall(good('y'), func(_ *Ctx, e *Eval, b *Bind) bool {
			return e.HCP >= 12 || e.Len[b.S('y')] >= 6
		})},
			Desc: "Overcall: 12-17 HCP, good 5+ %y (10-11 with six)"},
		{Name: "ovc.preempt.4M", Prio: 121, Seq: "3x", Call: "4M", Need: Need{Pts: rng(13, 18), Len: "M6+", Test: good('M')},
			Desc: "Game: a strong 6+ %M", Force: SignOff},
		{Name: "ovc.3level.suit", Prio: 122, Seq: "3x", Call: "3y", When: higher('y', 'x'), Need: Need{Pts: rng(12, 17), Len: "y5+", Test: hall(hany(good('y'), func(_ *Ctx, e *Eval, b *Bind) bool {
			return b.S('y') >= card.Hearts && sixWithHonours(e, b.S('y'))
		}), func(_ *Ctx, e *Eval, b *Bind) bool {
			return e.HCP >= 13 || e.Len[b.S('y')] >= 6
		})},
			Desc: "Overcall: 13-17 HCP, good 5+ %y (12 with six)"},
		{Name: "ovc.preempt.3nt", Prio: 123, Seq: "2x/3x", Call: "3N", Need: Need{Pts: rng(16, 21), Test: stoppersTheirs},
			Desc: "To play 3NT: stopper, values"},
		// Defence to 1NT (Cappelletti).
		{Name: "d1nt.double", Prio: 130, Seq: "1N", Call: "X", Need: Need{Pts: rng(15, 37)},
			Desc: "Penalty double of 1NT: 15+ HCP", Force: NonForcing},
		{Name: "d1nt.3level", Prio: 129, Seq: "1N", Call: "3y", Need: Need{Pts: rng(5, 12), Len: "y7+", Test: good('y')},
			Desc: "Preempt: 7-card %y"},
		{Name: "d1nt.minors", Prio: 128, Seq: "1N", Call: "2N", Art: true, Need: Need{Pts: rng(6, 37), Test: twoSuiter(card.Clubs, card.Diamonds)},
			Desc: "Cappelletti 2NT: both minors", Force: Forcing},
		{Name: "d1nt.majors", Prio: 127, Seq: "1N", Call: "2D", Art: true, Need: Need{Pts: rng(8, 37), Len: "H4+ S4+", Test: func(_ *Ctx, e *Eval, _ *Bind) bool { return e.Len[card.Hearts]+e.Len[card.Spades] >= 9 }},
			Desc: "Cappelletti 2D: both majors", Force: Forcing},
		{Name: "d1nt.major.minor", Prio: 126, Seq: "1N", Call: "2M", Need: Need{Pts: rng(8, 37), Len: "M5+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			m := max(e.Len[card.Clubs], e.Len[card.Diamonds])
			return m >= 5 || m >= 4 && e.Len[b.S('M')] == 5
		}},
			Desc: "Cappelletti: 5+ %M and a 4+ minor"},
		{Name: "d1nt.single", Prio: 125, Seq: "1N", Call: "2C", Art: true, Need: Need{Pts: rng(8, 37), Test: func(_ *Ctx, e *Eval, _ *Bind) bool {
			return e.Shape()[0] >= 6 && e.Shape()[1] <= 4
		}},
			Desc: "Cappelletti 2C: a one-suited hand", Force: Forcing},
		// Advancing the defence to 1NT.
		{Name: "d1nt.adv.2c.pass", Prio: 100, PassForcing: true, Seq: "1N 2C P", Call: "P", Need: Need{Len: "C6+"}, Desc: "To play clubs"},
		{Name: "d1nt.adv.2c.own", Prio: 99, Seq: "1N 2C P", Call: "2M", Need: Need{Len: "M6+", Pts: rng(0, 10)}, Desc: "To play: long %M"},
		{Name: "d1nt.adv.2c.relay", Prio: 90, Seq: "1N 2C P", Call: "2D", Art: true, Desc: "Relay: asks for the suit", Force: Forcing},
		{Name: "d1nt.adv.2c.suit", Prio: 100, Seq: "1N 2C X/P P/2D P/X", Call: "cx", When: func(c *Ctx, b *Bind) bool { return b.S('x') != card.Clubs },
			Need: Need{Len: "x6+"}, Desc: "The long suit: %x"},
		{Name: "d1nt.2c.2d.pass", Prio: 101, PassForcing: true, Seq: "1N 2C P 2D P", Call: "P", Need: Need{Len: "D6+"}, Desc: "To play diamonds"},
		{Name: "d1nt.adv.2d.inv", Prio: 100, Seq: "1N 2D P", Call: "3M", Need: Need{Pts: rng(9, 12), Len: "M4+"}, Force: Invitational,
			Desc: "Invitational, with four %M"},
		{Name: "d1nt.adv.2d.minors", Prio: 98, Seq: "1N 2D P", Call: "2N", Need: Need{Len: "H0-1 S0-1"}, Desc: "No major: asks for the minor"},
		{Name: "d1nt.adv.2d.pick", Prio: 97, Seq: "1N 2D P", Call: "2M", Need: Need{Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			return e.Len[b.S('M')] >= e.Len[card.Spades+card.Hearts-b.S('M')]
		}}, Pref: func(e *Eval, b *Bind) int { return e.Len[b.S('M')]*10 + int(b.S('M')) },
			Desc: "Picks the major"},
		{Name: "d1nt.adv.2M.inv", Prio: 100, Seq: "1N 2M P", Call: "3M", Need: Need{Pts: rng(9, 12), Len: "M4+"}, Force: Invitational,
			Desc: "Invitational raise"},
		{Name: "d1nt.adv.2M.pass", Prio: 99, Seq: "1N 2M P", Call: "P", Need: Need{Len: "M2+"}, Desc: "Plays the major"},
		{Name: "d1nt.adv.2d.pass", Prio: 101, PassForcing: true, Seq: "1N 2D P", Call: "P", Need: Need{Len: "D6+ H0-2 S0-2"}, Desc: "To play diamonds"},
		{Name: "d1nt.adv.2h.spades", Prio: 100, Seq: "1N 2H P", Call: "2S", Need: Need{Len: "S6+"}, Desc: "To play: long spades"},
		{Name: "d1nt.adv.2M.ask", Prio: 90, Seq: "1N 2M P", Call: "2N", Art: true, Desc: "Asks for the minor", Force: Forcing},
		{Name: "d1nt.adv.2M.minor", Prio: 100, Seq: "1N 2M P 2N P", Call: "3m", Need: Need{Len: "m4+"}, Desc: "The minor: %m"},
		{Name: "d1nt.adv.minors", Prio: 100, Seq: "1N 2N P", Call: "3m", Need: Need{Len: "m2+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			return e.Len[b.S('m')] >= e.Len[card.Clubs+card.Diamonds-b.S('m')]
		}}, Desc: "Picks the minor"},
		{Name: "d1nt.adv.3m.major", Prio: 100, Seq: "1N 2M P 2N P 3m P", Call: "3M", Need: Need{Len: "M3+"}, Desc: "Back to the major"},
		// Partner's 1NT overcalled at the two level (a natural suit): a
		// two-level suit is to play, a three-level suit forces to game,
		// the cue bid asks for a major as Stayman does, with game values.
		{Name: "nt.int.2suit", Prio: 100, Seq: "1N 2x", Call: "2y", When: all(not(lastArtificial), higher('y', 'x')),
			Need: Need{Pts: rng(0, 9), Len: "y5+"}, Desc: "To play: 5+ %y", Force: SignOff},
		{Name: "nt.int.3suit", Prio: 100, Seq: "1N 2x", Call: "3y", When: not(lastArtificial),
			Need: Need{Pts: rng(10, 37), Len: "y5+"}, Desc: "New suit: 10+ HCP, 5+ %y", Force: GameForcing},
		{Name: "nt.int.cue", Prio: 101, Seq: "1N 2x", Call: "3x", When: not(lastArtificial), Art: true,
			Need: Need{Pts: rng(10, 37), Test: hall(hnot(stopper('x')), func(_ *Ctx, e *Eval, b *Bind) bool {
				for _, s := range []card.Suit{card.Hearts, card.Spades} {
					if s != b.S('x') && e.Len[s] == 4 {
						return true
					}
				}
				return false
			})}, Desc: "Cue bid: game values, asks for a four-card major", Force: GameForcing},
		// Their natural two-level overcall in a red suit or spades is
		// doubled for penalty with four trumps headed by two of the top
		// five (over 2C the double is Stayman's, nt1.2c.doubled); opener
		// leaves it in.
		{Name: "nt.int.penalty", Prio: 102, Seq: "1N 2x", Call: "X", When: all(not(lastArtificial), func(c *Ctx, b *Bind) bool { return b.S('x') != card.Clubs }),
			Need: Need{Pts: rng(8, 37), Len: "x4+", Test: honours('x', 5, 2)},
			Desc: "Penalty double: 8+ HCP, 4+ %x"},
		{Name: "nt.int.penalty.pass", Prio: 101, Seq: "1N 2x X P", Call: "P", When: func(c *Ctx, b *Bind) bool {
			return b.S('x') != card.Clubs && c.Meanings[len(c.Calls)-2].Rule == "nt.int.penalty"
		}, Desc: "Leaves partner's penalty double in"},
		{Name: "nt.int.3suit.raise", Prio: 101, Seq: "1N 2x 3y P", Call: "4y", When: major('y'),
			Need: Need{Len: "y3+"}, Force: SignOff, Desc: "Game: three-card support for %y"},
		{Name: "nt.int.3suit.3nt", Prio: 100, Seq: "1N 2x 3y P", Call: "3N", Need: Need{Test: stopper('x')}, Force: SignOff,
			Desc: "3NT: a stopper in %x"},
		{Name: "nt.int.3suit.minor", Prio: 99, Seq: "1N 2x 3y P", Call: "4y", When: func(c *Ctx, b *Bind) bool { return b.S('y') <= card.Diamonds },
			Need: Need{Len: "y3+"}, Force: Forcing, Desc: "Support for %y, no stopper in %x"},
		{Name: "nt.tr.comp.h", Prio: 110, Seq: "1N P 2D B", Call: "3H", When: lastBelow(3, bridge.StrainHearts),
			Need: Need{Len: "H4+"}, Desc: "Completes the transfer at three: 4+ hearts"},
		{Name: "nt.tr.comp.s", Prio: 110, Seq: "1N P 2H B", Call: "3S", When: lastBelow(3, bridge.StrainSpades),
			Need: Need{Len: "S4+"}, Desc: "Completes the transfer at three: 4+ spades"},
		// Responder's natural 2NT over their overcall of our 1NT invites:
		// opener accepts above his minimum.
		{Name: "nt.int.2nt.accept", Prio: 100, Seq: "1N 2x 2N P", Call: "3N", Need: Need{Test: acceptsAbove}, Force: SignOff,
			Desc: "Accepts the invitation"},
		// Opener over their two-level overcall after responder's suit: a
		// double is for penalty (no support doubles); over their one-level
		// overcall 1NT is a minimum with their suit stopped; after a
		// two-over-one, a new four-card suit at two below his own.
		{Name: "orb.comp.penalty", Prio: 108, Seq: "1x P 1y 2z", Call: "X", When: not(lastArtificial),
			Need: Need{Pts: rng(12, 37), Len: "z4+", Test: honours('z', 5, 3)},
			Desc: "Penalty double: 4+ %z with three of the top five honours"},
		{Name: "orb.comp.1nt", Prio: 107, Seq: "1x P 1y 1z", Call: "1N", Need: Need{Pts: rng(12, 14), Bal: 2, Len: "y0-3", Test: stopper('z')},
			Desc: "1NT: 12-14 HCP, balanced, a stopper in %z"},
		{Name: "orb.x.newsuit", Prio: 103, Seq: "1x P 1y X", Call: "1z", Need: Need{Pts: rng(11, 18), Len: "z4+"},
			Desc: "New suit: 4+ %z"},
		// Extra values after their double: a jump rebid with six (16-18),
		// a lower new suit at the two level (12-18).
		{Name: "orb.x.jumprebid", Prio: 105, Seq: "1x P 1y X", Call: "jx", When: cheapLevel('x', 2),
			Need: Need{Pts: rng(16, 18), Len: "x6+", Test: good('x')}, Force: Invitational, Desc: "Jump rebid: 16-18 points, good 6+ %x"},
		{Name: "orb.x.newsuit2", Prio: 101, Seq: "1x P 1y X", Call: "2z", When: higher('x', 'z'),
			Need: Need{Pts: rng(12, 18), Len: "z4+"}, Desc: "New suit: 4+ %z"},
		{Name: "orb.x.rebid5", Prio: 102, Seq: "1x P 1y X", Call: "cx", When: cheapLevel('x', 2),
			Need: Need{Pts: rng(11, 15), Len: "x5+", Test: good('x')}, Desc: "Rebid: a good 5+ %x, minimum"},
		{Name: "orb.x.rebid6", Prio: 104, Seq: "1x P 1y X", Call: "cx", When: cheapLevel('x', 2),
			Need: Need{Pts: rng(11, 15), Len: "x6+"}, Desc: "Rebid: 6+ %x, minimum"},
		{Name: "orb.comp.second", Prio: 106, Seq: "1x P 2y 2z", Call: "2w", When: higher('x', 'w'),
			Need: Need{Pts: rng(12, 18), Len: "x5+ w4+"},
			Desc: "Second suit: 4+ %w"},
		// Opener's own major again after responder's new suit and their
		// interference shows six.
		{Name: "orb.comp.rebid6", Prio: 105, Seq: "1M B 2y/3y P", Call: "cM", Need: Need{Len: "M6+"},
			Desc: "Rebid: 6+ %M"},
		{Name: "orb.comp.rebid6.b", Prio: 105, Seq: "1M P 2y B", Call: "cM", When: lastBelow(4, bridge.StrainClubs),
			Need: Need{Len: "M6+"}, Desc: "Rebid: 6+ %M"},
		// Partner's 1NT overcall, their raise: a long suit of the
		// advancer's at the two level is natural, to play.
		{Name: "ovc1nt.adv.comp", Prio: 100, Seq: "1x 1N 2x", Call: "2y", Need: Need{Pts: rng(0, 9), Len: "y6+"},
			Desc: "To play: 6+ %y", Force: SignOff},
		// Against 1NT doubled.
		{Name: "nt1x.escape", Prio: 140, Seq: "1N X", Call: "XX", Art: true, Need: Need{Pts: rng(0, 7), Len: "m6+"},
			Desc: "Redouble: asks opener to bid 2C, to escape into a minor", Force: Forcing},
		{Name: "nt1x.escape.2c", Prio: 140, Seq: "1N X XX P", Call: "2C", Art: true, Desc: "Bids 2C as asked (partner passes with clubs)"},
		{Name: "nt1x.escape.2d", Prio: 140, Seq: "1N X XX P 2C P", Call: "2D", Need: Need{Len: "D6+"}, Desc: "To play diamonds", Force: SignOff},
		{Name: "nt1x.adv.run", Prio: 130, Seq: "1N X P", Call: "2y", When: func(c *Ctx, b *Bind) bool { return true },
			Need: Need{Pts: rng(0, 5), Len: "y5+"}, Desc: "Runs from the penalty double"},
		{Name: "nt1x.adv.pass", Prio: 120, Seq: "1N X P", Call: "P", Desc: "Leaves the penalty double in"},
		{Name: "nt.leaddouble", Prio: 130, Seq: "1N P 2x", Call: "X", When: lastArtificial,
			Need: Need{Len: "x5+", Test: good('x')}, Desc: "Lead-directing double: good %x"},
		{Name: "nt1.2c.doubled.pass", Prio: 100, Seq: "1N 2C X P", Call: "P", Need: Need{Len: "C4+"}, Desc: "Plays 2C doubled"},
		{Name: "nt1.2c.doubled.suit", Prio: 99, Seq: "1N 2C X P", Call: "cx", Need: Need{Len: "x5+"}, Desc: "Five %x"},
		{Name: "nt1.stayman.2x.bid", Prio: 100, Seq: "1N P 2C 2x", Call: "2M", Need: Need{Len: "M4+"}, Desc: "Four %M"},
		{Name: "nt1.stayman.2x.double", Prio: 100, Seq: "1N P 2C 2x", Call: "X", Need: Need{Len: "x4+"}, Desc: "Penalty: four %x"},
		// Responder after an overcall.
		{Name: "resp.x1nt", Prio: 117, Seq: "1x 1N", Call: "X", Need: Need{Pts: rng(9, 37)},
			Desc: "Penalty double of their 1NT: 9+ HCP"},
		{Name: "resp.x1nt.pass", Prio: 110, Seq: "1x 1N X P", Call: "P", Desc: "Leaves partner's penalty double in"},
		// Our 1NT overcall doubled: a weak hand with a five-card suit
		// runs to it.
		{Name: "ovc1nt.x.run", Prio: 110, Seq: "1x 1N X", Call: "2y", Need: Need{Pts: rng(0, 5), Len: "y5+"},
			Desc: "Runs from 1NT doubled: 5+ %y"},
		// The responsive double: partner doubled for takeout and they
		// raised; a double shows values and two places to play, the
		// majors over their minor, the minors over their major.
		{Name: "negx.responsive.majors", Prio: 113, Seq: "1m X 2m/3m", Call: "X", Art: true, Need: Need{Pts: rng(8, 37), Len: "H4+ S4+"},
			Force: Forcing, Desc: "Responsive double: 8+ HCP, both majors"},
		{Name: "negx.responsive.minors", Prio: 113, Seq: "1M X 2M/3M", Call: "X", Art: true, Need: Need{Pts: rng(8, 37), Len: "C4+ D4+ O0-3"},
			Force: Forcing, Desc: "Responsive double: 8+ HCP, both minors"},
		{Name: "negx.responsive.overcall", Prio: 112, Seq: "1x 1y/2y 2x/3x", Call: "X", Art: true, Need: Need{Pts: rng(8, 37), Len: "y0-2 U4-5"},
			Force: Forcing, Desc: "Responsive double: 8+ HCP, the two unbid suits"},
		{Name: "negx.1level", Prio: 116, Seq: "1x 1y", Call: "X", Need: Need{Pts: rng(6, 37), Test: hall(majorsUnbid4, hnot(raiseFirst))},
			Desc: "Negative double: 6+ HCP, the unbid major(s)", Force: Forcing},
		{Name: "negx.2level", Prio: 116, Seq: "1x 2y", Call: "X", Need: Need{Pts: rng(7, 37), Test: hall(majorsUnbid4, hnot(raiseFirst), hany(shortIn('y', 3), hall(shortIn('y', 4), unbidMajor)))},
			Desc: "Negative double: 8+ HCP, the unbid major(s)", Force: Forcing},
		// Their two-level minor over our minor with both majors unbid:
		// with opening values and one four-card major (three of the
		// other), the double too, as the hand will bid again (no other
		// call describes it: no stopper for notrump, no five-card suit).
		{Name: "negx.2level.values", Prio: 115, Seq: "1x 2y", Call: "X", When: func(_ *Ctx, b *Bind) bool { return b.S('x') < card.Hearts && b.S('y') < card.Hearts },
			Need: Need{Pts: rng(12, 37), Len: "H3-4 S3-4", Test: hall(shortIn('y', 3), func(_ *Ctx, e *Eval, _ *Bind) bool { return e.Len[card.Hearts]+e.Len[card.Spades] == 7 })},
			Desc: "Negative double: 12+ HCP, four cards in one major and three in the other", Force: Forcing},
		{Name: "negx.3level", Prio: 115, Seq: "1x 3y", Call: "X", Need: Need{Pts: rng(10, 37), Test: hall(majorsUnbid4, shortIn('y', 3), hnot(hall(hcpMin(13), longUnbid)))},
			Desc: "Negative double: 10+ HCP", Force: Forcing},
		// Their jump to the three level over partner's one-bid, with
		// values and no four-card major to double on: 3NT with their
		// suit stopped, a raise of partner's minor with support (game
		// with more), else a double that shows values (partner bids
		// 3NT with a stopper, an unbid major with four, leaves it in
		// with their trumps, or bids his suit again). The raises stand
		// over their cue bid of the minor (Michaels) too.
		{Name: "comp.resp.3level.3nt", Prio: 114, Seq: "1x 3y", Call: "3N", Need: Need{Pts: rng(11, 17), Bal: 2, Test: hall(stopper('y'), hnot(sixCardMajorUnbid))}, Force: SignOff,
			Desc: "3NT over their preempt: 11+ HCP, a stopper in %y"},
		{Name: "comp.resp.3level.raise", Prio: 113, Seq: "1m 3y/2m", Call: "4m", Need: Need{Pts: rng(11, 13), Count: SupportPts, Trump: 'm', Len: "m4+", Test: minorSupport},
			Desc: "Raise to four over their preempt or cue bid: 11-13 points, 4+ %m"},
		{Name: "comp.resp.3level.minorgame", Prio: 113, Seq: "1m 3y/2m", Call: "5m", Need: Need{Pts: rng(14, 17), Count: SupportPts, Trump: 'm', Len: "m4+", Test: minorSupport}, Force: SignOff,
			Desc: "Game in %m over their preempt or cue bid: 14-17 points, 4+ %m"},
		{Name: "negx.3level.values", Prio: 112, Seq: "1x 3y", Call: "X", Need: Need{Pts: rng(11, 37), Len: "y0-3", Test: hall(hany(shortIn('y', 2), hcpMin(13)), hnot(sixCardMajorUnbid))},
			Desc: "Negative double: 11+ HCP, at most two %y (three with 13+)", Force: Forcing},
		{Name: "comp.resp.1level", Prio: 118, Seq: "1x 1y", Call: "1z", Need: Need{Pts: rng(6, 37), Len: "z5+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
			// a passed hand with both majors unbid and four of the
			// other too doubles: it shows both
			o := otherMajor(b.S('z'))
			return !c.PassedHand(c.Me) || b.S('z') < card.Hearts || b.S('x') >= card.Hearts || b.S('y') >= card.Hearts || e.Len[o] < 4 || e.Len[b.S('z')] >= 6
		}},
			Desc: "New suit: 6+ HCP, 5+ %z", Force: Forcing},
		// Over a minor overcall a double shows both majors: one
		// four-card major is bid.
		{Name: "comp.resp.1major4", Prio: 117, Seq: "1m 1y", Call: "1M", When: func(c *Ctx, b *Bind) bool { return b.S('y') <= card.Diamonds },
			Need: Need{Pts: rng(6, 37), Len: "M4+", Test: hnot(majorsUnbid4)}, Force: Forcing,
			Desc: "New suit: 6+ HCP, 4+ %M"},
		{Name: "comp.resp.2level", Prio: 117, Seq: "1x 1y/2y", Call: "cz", When: func(c *Ctx, b *Bind) bool {
			l, _, _ := c.LastBid()
			return l.Level <= 2 && b.S('z') >= card.Hearts && unpassed(c, b)
		},
			Need: Need{Pts: rng(10, 37), Len: "z5+"},
			Desc: "New suit: 10+ HCP, 5+ %z", Force: Forcing},
		{Name: "comp.resp.2level.minor", Prio: 114, Seq: "1x 1y/2y", Call: "cz", When: func(c *Ctx, b *Bind) bool {
			l, _, _ := c.LastBid()
			return l.Level <= 2
		}, Need: Need{Pts: rng(10, 37), Len: "z5+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			// four of partner's major: the raise first
			return b.S('z') >= card.Hearts || b.S('x') < card.Hearts || e.Len[b.S('x')] < 4
		}},
			Desc: "New suit: 10+ HCP, 5+ %z", Force: Forcing},
		{Name: "comp.resp.cuebid", Prio: 114, Seq: "1M B", Call: "cy", When: cueBelowFour('M'), Need: Need{Pts: rng(13, 37), Count: SupportPts, Trump: 'M', Len: "M3+"},
			Desc: "Cue bid: game-forcing raise in %M", Force: GameForcing, Art: true},
		// Over their jump to the three level a raise is game: no room
		// for a cue bid below it.
		{Name: "comp.resp.game", Prio: 113, Seq: "1M B", Call: "4M", When: cheapLevel('M', 4),
			Need: Need{Pts: rng(11, 37), Count: SupportPts, Trump: 'M', Len: "M3+"}, Force: SignOff,
			Desc: "Game in %M: 11+ points, 3+ %M"},
		{Name: "comp.resp.raise", Prio: 112, Seq: "1x B", Call: "cx", Need: Need{Pts: rng(6, 10), Count: SupportPts, Trump: 'x', Len: "x3+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			return b.S('x') >= card.Hearts || e.Len[b.S('x')] >= 5 || e.Len[b.S('x')] == 4 && (b.S('x') == card.Diamonds || !e.Balanced)
		}},
			Desc: "Raise: 6-10 points, support"},
		// A jump raise that reaches game (over their jump overcall or
		// their cue bid of our major) is game, not an invitation: the
		// same hands, read as a sign-off.
		{Name: "comp.resp.jumpraise", Prio: 117, Seq: "1M B", Call: "jM", When: jumpBelowGame('M'), Need: Need{Pts: rng(10, 12), Count: SupportPts, Trump: 'M', Len: "M3+"}, Force: Invitational,
			Desc: "Jump raise: limit raise, 3+ %M"},
		{Name: "comp.resp.jumpraise.game", Prio: 117, Seq: "1M B", Call: "jM", When: not(jumpBelowGame('M')), Need: Need{Pts: rng(10, 12), Count: SupportPts, Trump: 'M', Len: "M3+"}, Force: SignOff,
			Desc: "Game in %M: a limit raise, no room to invite, 3+ %M"},
		// Their cue bid of partner's major (Michaels): with a fit and
		// opening values, game (the limit raise is the jump to it).
		{Name: "comp.resp.michaels.game", Prio: 116, Seq: "1M 2M", Call: "4M", Need: Need{Pts: rng(13, 37), Count: SupportPts, Trump: 'M', Len: "M3+"}, Force: SignOff,
			Desc: "Game in %M over their cue bid: 13+ points, 3+ %M"},
		// Their jump to the four level over partner's opening: with
		// values and no fit to bid, double (partner leaves it in but
		// for a freak).
		{Name: "comp.resp.x4", Prio: 114, Seq: "1x 4y", Call: "X", When: differ('x', 'y'), Need: Need{Pts: rng(10, 37), Len: "y0-2"},
			Desc: "Double of their four-level bid: 10+ HCP, for penalty", Force: NonForcing},
		{Name: "comp.resp.nt", Prio: 110, Seq: "1x 1y", Call: "1N", Need: Need{Pts: rng(6, 10), Test: stoppersTheirs},
			Desc: "1NT: 6-10 HCP, stopper"},
		{Name: "comp.resp.2nt", Prio: 110, Seq: "1x 1y/2y", Call: "2N", Need: Need{Pts: rng(11, 12), Test: stoppersTheirs}, Force: Invitational,
			Desc: "2NT: 11-12 HCP, stopper"},
		{Name: "comp.resp.3nt", Prio: 111, Seq: "1x 1y/2y", Call: "3N", Need: Need{Pts: rng(13, 17), Bal: 2, Test: stoppersTheirs},
			Desc: "3NT: 13+ HCP, stopper"},
		// Over their overcall of partner's minor, the cue bid of their
		// suit is a raise, a limit raise or better (notrump first with
		// their suit stopped; a new major first). Opener bids notrump
		// with a stopper, the minor again with a minimum, game with
		// more.
		{Name: "comp.resp.cuebid.minor", Prio: 109, Seq: "1m 1y/2y", Call: "cy", When: cueBelowFour('m'), Need: Need{Pts: rng(11, 37), Count: SupportPts, Trump: 'm', Len: "m4+", Test: hall(hcpMin(10), minorSupport)},
			Desc: "Cue bid: a raise of %m, a limit raise or better (11+ points, 4+ %m)", Force: Forcing, Art: true},
		{Name: "orb.cue.minor.2nt", Prio: 112, Seq: "1m 1y/2y .y P", Call: "2N", Need: Need{Pts: rng(12, 14), Test: stopper('y')},
			Desc: "2NT: a minimum, 12-14 HCP, a stopper in %y", Force: NonForcing},
		{Name: "orb.cue.minor.3nt", Prio: 111, Seq: "1m 1y/2y .y P", Call: "3N", When: lastBelow(3, bridge.StrainClubs), Need: Need{Pts: rng(15, 21), Test: stopper('y')}, Force: SignOff,
			Desc: "3NT: 15-21 HCP, a stopper in %y"},
		{Name: "orb.cue.minor.3nt.noroom", Prio: 111, Seq: "1m 1y/2y .y P", Call: "3N", When: not(lastBelow(3, bridge.StrainClubs)), Need: Need{Pts: rng(12, 21), Test: stopper('y')}, Force: SignOff,
			Desc: "3NT: a stopper in %y (the cue bid took the room for 2NT)"},
		{Name: "orb.cue.minor.game", Prio: 110, Seq: "1m 1y/2y .y P", Call: "5m", Need: Need{Pts: rng(15, 21), Len: "m4+"}, Force: SignOff,
			Desc: "Game in %m: 15+ HCP, 4+ %m, no stopper in %y"},
		{Name: "orb.cue.minor.min", Prio: 109, Seq: "1m 1y/2y .y P", Call: "cm", Need: Need{Pts: rng(10, 14)}, Force: NonForcing,
			Desc: "Three of %m: a minimum (at most 14 HCP), no stopper in %y"},
		// Partner's opening doubled.
		{Name: "resp.x.4M", Prio: 116, Seq: "1M X", Call: "4M", Need: Need{Pts: rng(0, 9), Len: "M5+"}, Force: SignOff,
			Desc: "Preemptive raise to game"},
		{Name: "resp.x.1level", Prio: 115, Seq: "1x X", Call: "1y", Need: Need{Pts: rng(6, 11), Len: "y4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.HCP <= 9 || e.Len[b.S('x')] >= 2 }}, Force: Forcing,
			Desc: "New suit: 4+ %y, forcing"},
		{Name: "resp.x.redouble", Prio: 114, Seq: "1x X", Call: "XX", Need: Need{Pts: rng(10, 37)},
			Desc: "Redouble: 10+ HCP", Force: Forcing},
		// After our redouble their escape is doubled for penalty by
		// either of us with four trumps headed by two of the top five.
		{Name: "xx.penalty.opener", Prio: 106, Seq: "1x X XX .y", Call: "X", Need: Need{Len: "y4+", Test: honours('y', 5, 2)},
			Desc: "Penalty double: 4+ %y"},
		{Name: "xx.penalty.redoubler", Prio: 106, Seq: "1x X XX .y P P", Call: "X", Need: Need{Len: "y4+", Test: honours('y', 5, 2)},
			Desc: "Penalty double: 4+ %y"},
		{Name: "resp.x.redouble.pass", Prio: 100, Seq: "1x X XX P", Call: "P",
			Desc: "Pass: partner's redouble shows the values; he doubles them or bids next"},
		{Name: "resp.x.3M", Prio: 114, Seq: "1M X", Call: "3M", Need: Need{Pts: rng(0, 9), Len: "M4+"},
			Desc: "Preemptive jump raise: 4+ %M"},
		{Name: "resp.x.jordan", Prio: 115, Seq: "1M X", Call: "2N", Need: Need{Pts: rng(10, 37), Count: SupportPts, Trump: 'M', Len: "M4+"}, Art: true,
			Desc: "Jordan 2NT: limit raise or better", Force: Forcing},
		{Name: "resp.x.2m", Prio: 112, Seq: "1m X", Call: "2m", Need: Need{Pts: rng(5, 9), Len: "m4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			return (b.S('m') == card.Diamonds || e.Len[b.S('m')] >= 5) && noMajor4(nil, e, b)
		}}, Desc: "Raise: 5-9 HCP, support for %m"},
		{Name: "resp.x.3m", Prio: 114, Seq: "1m X", Call: "3m", Need: Need{Pts: rng(0, 8), Len: "m5+", Test: noMajor4},
			Desc: "Preemptive jump raise: weak, 5+ %m"},
		{Name: "resp.x.raise", Prio: 112, Seq: "1M X", Call: "2M", Need: Need{Pts: rng(6, 9), Len: "M3+"},
			Desc: "Raise: 6-9 points"},
		{Name: "resp.x.1nt", Prio: 109, Seq: "1x X", Call: "1N", Need: Need{Pts: rng(7, 9), Bal: 1, Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('x')] <= 3 }},
			Desc: "1NT: 7-9 HCP, balanced, no fit"},
		{Name: "resp.x.weakjump", Prio: 111, Seq: "1x X", Call: "jy", Need: Need{Pts: rng(0, 6), Len: "y6+"},
			Desc: "Weak jump shift: 6+ %y, 0-6 HCP"},
		{Name: "resp.x.newsuit", Prio: 110, Seq: "1x X", Call: "cy", Need: Need{Pts: rng(6, 9), Len: "y5+"},
			Desc: "New suit: 5+ %y, not forcing"},
		// Advancing a takeout double.
		{Name: "adv.x.penalty", Prio: 120, Seq: "1x X P", Call: "P", Need: Need{Pts: rng(6, 37), Len: "x5+", Test: good('x')},
			Desc: "Penalty pass: long, strong trumps"},
		{Name: "adv.x.cue", Prio: 118, Seq: "1x X P", Call: "2x", Art: true, Need: Need{Pts: rng(12, 37)},
			Desc: "Cue bid: 12+ HCP", Force: Forcing},
		// A strong six-card major and game values: game at once (the
		// doubler promised support).
		{Name: "adv.x.game6", Prio: 119, Seq: "1x X P", Call: "4M", When: differ('M', 'x'),
			Need: Need{Pts: rng(12, 16), Len: "M6+", Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Top(b.S('M'), 3) >= 2 }},
			Desc: "Game: 12-16 HCP, a strong 6+ %M", Force: SignOff},
		// Without an unbid four-card major to look for, a balanced hand
		// with their suit stopped bids game in notrump, not the cue bid.
		{Name: "adv.x.3nt", Prio: 119, Seq: "1x X P", Call: "3N", Need: Need{Pts: rng(13, 16), Bal: 1, Test: hall(stoppersTheirs, noUnbidMajor4)},
			Desc: "3NT: 13-16 HCP, stopper"},
		{Name: "adv.x.jump.free", Prio: 116, Seq: "1x X 1y", Call: "jz", Need: Need{Pts: rng(10, 12), Len: "z4+"}, Pref: majorFirst, Force: Invitational,
			Desc: "Jump: 10-12 HCP, 4+ %z"},
		// A balanced hand with their suit stopped and a minor prefers
		// notrump (1NT, 2NT) to a jump in the minor.
		{Name: "adv.x.jump", Prio: 116, Seq: "1x X P", Call: "jz", Need: Need{Pts: rng(9, 11), Len: "z4+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
			if b.S('z') >= card.Hearts {
				return true
			}
			return e.Len[card.Hearts] < 4 && e.Len[card.Spades] < 4 && !(e.Balanced && e.Shape()[0] <= 4 && stoppersTheirs(c, e, b))
		}}, Pref: majorFirst, Force: Invitational,
			Desc: "Jump: 9-11 HCP, 4+ %z"},
		{Name: "adv.x.2nt", Prio: 119, Seq: "1x X P", Call: "2N", Need: Need{Pts: rng(11, 12), Test: hall(stoppersTheirs, noUnbidMajor4)}, Force: Invitational,
			Desc: "2NT: 11-12 HCP, stopper"},
		{Name: "adv.x.1nt", Prio: 114, Seq: "1x X P", Call: "1N", Need: Need{Pts: rng(6, 10), Test: hall(stoppersTheirs, noUnbidMajor4, func(_ *Ctx, e *Eval, _ *Bind) bool { return e.SemiBalanced })},
			Desc: "1NT: 6-10 HCP, stopper"},
		{Name: "adv.x.suit", Prio: 112, Seq: "1x X P", Call: "cz", Need: Need{Pts: rng(0, 8), Len: "z4+"}, Pref: majorFirst,
			Desc: "Answer to the double: 0-8 HCP, 4+ %z"},
		{Name: "adv.x.suit3", Prio: 105, Seq: "1x X P", Call: "cz", Need: Need{Len: "z3+"}, Pref: cheapestMajorFirst,
			Desc: "Answer to the double: the cheapest three-card suit"},
		{Name: "adv.x.free", Prio: 112, Seq: "1x X 1y", Call: "cz", Need: Need{Pts: rng(5, 9), Len: "z4+"}, Pref: majorFirst,
			Desc: "Free bid: 5-9 HCP, 4+ %z"},
		// Partner's double redoubled: the advancer bids his four-card
		// suit at once (a pass would leave the redouble in).
		{Name: "adv.x.redoubled", Prio: 112, Seq: "1x X XX", Call: "cz", Need: Need{Pts: rng(0, 9), Len: "z4+"}, Pref: majorFirst,
			Desc: "Answer to the double, redoubled: 4+ %z"},
		// An artificial bid of theirs (a cue bid, an answer to
		// Blackwood or Stayman, a waiting or relay bid) doubled while we
		// are silent asks for the lead of its suit.
		{Name: "comp.leaddouble", Prio: 90, Seq: "... .x", Call: "X", When: all(lastArtificial, weSilent, not(lastOverNT)), Need: Need{Len: "x4+", Test: honours('x', 3, 2)},
			Desc: "Lead-directing double: 4+ %x, two top honours"},
		{Name: "adv.x.comp", Prio: 112, Seq: "1x X 2x", Call: "cz", Need: Need{Pts: rng(5, 10), Len: "z5+"}, Pref: majorFirst,
			Desc: "Competes: 5-10 HCP, 5+ %z"},
		// Their raise over partner's takeout double. The advancer is no
		// longer forced, but with values he still bids: game in a major
		// with game values, 3NT with their suit stopped, a jump to invite,
		// a four-card major at the two level, and with two places to play
		// the responsive double (below, with the negative doubles).
		{Name: "adv.x.raised.game", Prio: 118, Seq: "1x X 2x/3x", Call: "4M", When: all(differ('M', 'x'), cheapLevelIn('M', 2, 4)),
			Need: Need{Pts: rng(12, 37), Len: "M4+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
				if e.Len[b.S('M')] >= 5 {
					return true
				}
				other := otherMajor(b.S('M'))
				return e.HCP >= 13 && (other == b.S('x') || e.Len[other] < 4)
			}}, Pref: longerMajor, Force: SignOff,
			Desc: "Game in %M: 12+ HCP, 5+ %M (13+ with four)"},
		{Name: "adv.x.raised.3nt", Prio: 117, Seq: "1x X 2x/3x", Call: "3N", Need: Need{Pts: rng(13, 17), Bal: 2, Test: hall(stoppersTheirs, noUnbidMajor4)},
			Force: SignOff, Desc: "3NT: 13-17 HCP, stopper"},
		{Name: "adv.x.raised.jump", Prio: 115, Seq: "1x X 2x", Call: "jM", When: all(differ('M', 'x'), cheapLevel('M', 2)),
			Need: Need{Pts: rng(10, 12), Len: "M4+", Test: hnot(majorsUnbid4)}, Pref: longerMajor, Force: Invitational,
			Desc: "Jump: 10-12 HCP, 4+ %M"},
		{Name: "adv.x.raised.2nt", Prio: 114, Seq: "1x X 2x", Call: "2N", Need: Need{Pts: rng(10, 12), Bal: 2, Test: hall(stoppersTheirs, noUnbidMajor4)},
			Force: Invitational, Desc: "2NT: 10-12 HCP, stopper"},
		{Name: "adv.x.raised.major", Prio: 111, Seq: "1x X 2x", Call: "cM", When: all(differ('M', 'x'), cheapLevel('M', 2)),
			Need: Need{Pts: rng(6, 10), Len: "M4"}, Pref: longerMajor,
			Desc: "Competes: 6-10 HCP, 4 %M"},
		{Name: "adv.x2.suit", Prio: 110, Seq: "1x P 1y X B/P", Call: "cz", When: func(c *Ctx, b *Bind) bool {
			for _, s := range c.TheirSuits() {
				if s == b.S('z') {
					return false
				}
			}
			l, ok := levelFor(c, 'c', bridge.Strain(b.S('z')))
			return ok && l.Level <= 2
		}, Need: Need{Pts: rng(0, 11), Len: "z4+"}, Pref: majorFirst, Desc: "Answer to the double: 4+ %z"},
		{Name: "adv.x.free", Prio: 111, Seq: "1x X 1y/2y", Call: "cz", When: cheapLevel('z', 2), Need: Need{Pts: rng(4, 10), Len: "z6+"}, Pref: majorFirst,
			Desc: "Long suit: 6+ %z, to play"},
		// Over their preemptive jump raise a four-card major is still
		// shown with fair values (a free bid at the three level).
		// Their new suit at the three level over the double: a free bid
		// with five cards (5-11), game in a five-card major with 12+.
		{Name: "adv.x.game3", Prio: 113, Seq: "1x X 3y", Call: "4M", When: cheapLevelIn('M', 3, 4),
			Need: Need{Pts: rng(12, 37), Len: "M5+"}, Force: SignOff, Desc: "Game in %M: 12+ HCP, 5+ %M"},
		{Name: "adv.x.free3", Prio: 112, Seq: "1x X 3y", Call: "3z", Need: Need{Pts: rng(5, 11), Len: "z5+"}, Pref: majorFirst,
			Desc: "Free bid: 5-11 HCP, 5+ %z"},
		{Name: "adv.x.comp3", Prio: 112, Seq: "1x X 3x", Call: "3M", Need: Need{Pts: rng(7, 11), Len: "M4+"}, Pref: majorFirst,
			Desc: "Competes: 7-11 HCP, 4+ %M"},
		{Name: "dbl.raise.comp3", Prio: 110, Seq: "1x X 3x 3M P", Call: "4M", Need: Need{Pts: rng(15, 37), Count: SupportPts, Trump: 'M', Len: "M4+"}, Force: SignOff,
			Desc: "Game: 4+ %M, 15+ points"},
		{Name: "adv.x.preempt", Prio: 116, Seq: "2x/3x X P", Call: "cz", Need: Need{Len: "z4+"}, Pref: majorFirst,
			Desc: "Answer to the double: 4+ %z"},
		// With 9-11 a major is shown with a jump to three, as over a
		// one-level opening.
		{Name: "adv.x.weak2.jump", Prio: 117, Seq: "2x X P", Call: "3M", When: func(c *Ctx, b *Bind) bool { return b.S('M') > b.S('x') },
			Need: Need{Pts: rng(9, 11), Len: "M4+"}, Pref: longerMajor, Force: Invitational,
			Desc: "Jump: 9-11 HCP, 4+ %M"},
		// With game values opposite the double of a weak two, a five-card
		// major is bid to game (the doubler holds three of it or more),
		// rather than 3NT.
		{Name: "adv.x.weak2.game", Prio: 118, Seq: "2x X P", Call: "4M", When: differ('M', 'x'),
			Need: Need{Pts: rng(12, 37), Len: "M5+"}, Pref: longerMajor, Force: SignOff,
			Desc: "Game in %M: 12+ HCP, 5+ %M"},
		// With 9+ and four cards in a major the three-level double's
		// answer is game in it.
		{Name: "adv.x.preempt.game", Prio: 117, Seq: "3x X P", Call: "4M", When: cheapLevel('M', 3), Need: Need{Pts: rng(9, 37), Len: "M4+"}, Pref: longerMajor,
			Force: SignOff, Desc: "Game in %M: 9+ HCP, 4+ %M"},
		{Name: "adv.x.preempt.3nt", Prio: 117, Seq: "2x/3x X P", Call: "3N", Need: Need{Pts: rng(10, 16), Test: stoppersTheirs},
			Desc: "3NT: stopper, values"},
		// Game values, a long minor, no major to bid and no 3NT: game in
		// the minor (a 4-level answer would be passed).
		{Name: "adv.x.preempt.5m", Prio: 118, Seq: "3x X P", Call: "5m", When: differ('m', 'x'),
			Need: Need{Pts: rng(13, 37), Len: "m5+ H0-3 S0-3", Test: hnot(hall(stoppersTheirs, func(_ *Ctx, e *Eval, _ *Bind) bool { return e.HCP <= 16 }))}, Pref: func(e *Eval, b *Bind) int { return e.Len[b.S('m')]*10 + int(b.S('m')) }, Force: SignOff,
			Desc: "Game in %m: 13+ HCP, 5+ %m"},
		// The doubler's rebid.
		{Name: "dbl.raise.major", Prio: 113, Seq: "1x/2x/3x X P B P", When: lastOfPartner('M'), Call: "cM",
			Need: Need{Pts: rng(16, 18), Len: "M4+"}, Desc: "Raise: 16-18 HCP, 4+ %M", Force: Invitational},
		{Name: "dbl.jumpraise.major", Prio: 114, Seq: "1x/2x/3x X P B P", When: lastOfPartner('M'), Call: "jM",
			Need: Need{Pts: rng(19, 37), Len: "M4+"}, Desc: "Jump raise: 19+ HCP, 4+ %M", Force: Invitational},
		{Name: "dbl.raise", Prio: 110, Seq: "1x/2x/3x X P B P", When: lastOfPartner('y'), Call: "cy",
			Need: Need{Pts: rng(16, 18), Len: "y4+", Test: hnot(ntFirst)}, Desc: "Raise: 16-18 HCP, 4+ %y", Force: Invitational},
		{Name: "dbl.jumpraise", Prio: 111, Seq: "1x/2x/3x X P B P", When: lastOfPartner('y'), Call: "jy",
			Need: Need{Pts: rng(19, 21), Len: "y4+", Test: hnot(ntFirst)}, Desc: "Jump raise: 19-21 HCP, 4+ %y", Force: Invitational},
		// Partner's jump in a major invites game (9-11, 4+ cards): a
		// doubler above a minimum double (16+ points counting shortness)
		// bids it with three-card support, as a minimum passes it
		// (dbl.pass).
		{Name: "dbl.accept.major", Prio: 115, Seq: "1x/2x/3x X P B P", When: all(lastOfPartner('M'), invitedToGame), Call: "4M",
			Need: Need{Pts: rng(16, 37), Count: SupportPts, Trump: 'M', Len: "M3+"}, Desc: "Accepts the invitation: game in %M, 16+ points", Force: SignOff},
		{Name: "dbl.ownmajor", Prio: 112, Seq: "1x/2x/3x X P B P", Call: "cM", When: func(c *Ctx, b *Bind) bool { return !partnersLast('M')(c, nil, b) },
			Need: Need{Pts: rng(17, 37), Len: "M5+"}, Desc: "Own suit: 17+ HCP, 5+ %M", Force: NonForcing},
		{Name: "dbl.ownsuit", Prio: 109, Seq: "1x/2x/3x X P B P", Call: "cy", When: not(lastOfPartner('y')),
			Need: Need{Pts: rng(17, 37), Len: "y5+"}, Desc: "Own suit: 17+ HCP, 5+ %y", Force: NonForcing},
		// A jump in a new suit: a strong six-card suit and 19-21.
		{Name: "dbl.jumpsuit", Prio: 113, Seq: "1x/2x X P B P", Example: "1C X P 1D P", Call: "jy", When: all(not(lastOfPartner('y')), lastSuit),
			Need: Need{Pts: rng(19, 21), Len: "y6+", Test: good('y')}, Desc: "Jump in %y: 19-21 HCP, a strong 6+ %y", Force: Invitational},
		{Name: "dbl.ownsuit.comp", Prio: 109, Seq: "1x X B P P", Call: "cy",
			Need: Need{Pts: rng(17, 37), Len: "y5+"}, Desc: "Own suit: 17+ HCP, 5+ %y"},
		// In the passout seat, after partner's pass of their new suit,
		// the doubler reopens with a five-card suit and a fair hand too,
		// as any balancing seat does (nat.balance.suit): the own suit is
		// read as either.
		{Name: "dbl.ownsuit.balance", Prio: 108, Seq: "1x X B P P", Call: "cy",
			Need: Need{Pts: rng(8, 16), Len: "y5+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
				call, _ := levelFor(c, 'c', bridge.Strain(b.S('y')))
				return !c.theyShowed(b.S('y')) && (call.Level <= 2 || e.Len[b.S('y')] >= 6 && e.HCP >= 10)
			}},
			Desc: "Balancing: 5+ %y, a fair hand"},
		// A balanced hand too strong for a 1NT overcall doubles first, then
		// bids notrump: the cheapest notrump 18-20, a jump 21-22 (the
		// advancer has shown a suit; his notrump is raised as notrump).
		// Not over the advancer's cue bid, which forces the doubler to
		// describe any hand, nor over his invitational jump, where notrump
		// accepts the invitation (nat.accept, nat.game.3nt).
		{Name: "dbl.nt", Prio: 107, Seq: "1x X P B P", When: all(lastSuit, notTheirCue, not(invitedToGame)), Call: "cN",
			Need: Need{Pts: rng(18, 20), Bal: 1, Test: stoppersTheirs}, Desc: "Notrump after a double: 18-20 HCP, balanced, a stopper", Force: NonForcing},
		{Name: "dbl.nt.jump", Prio: 107, Seq: "1x X P B P", When: all(lastSuit, notTheirCue, not(invitedToGame)), Call: "jN",
			Need: Need{Pts: rng(21, 22), Bal: 1, Test: stoppersTheirs}, Desc: "Jump in notrump after a double: 21-22 HCP, balanced, a stopper", Force: Invitational},
		// Over the advancer's cue bid the doubler shows a four-card major,
		// hearts first with both (the cue bid asks for one).
		{Name: "dbl.cue.major", Prio: 113, Seq: "1x X P 2x P", Call: "cM", When: differ('M', 'x'),
			Need: Need{Len: "M4+"}, Pref: longerMajor,
			Desc: "Answers the cue bid: 4+ %M", Force: Forcing},
		{Name: "dbl.nt.game", Prio: 107, Seq: "1x X P B P", Example: "1C X P 1D P", When: all(lastSuit, notTheirCue, not(invitedToGame)), Call: "3N",
			Need: Need{Pts: rng(23, 25), Bal: 1, Test: stoppersTheirs}, Desc: "3NT after a double: 23-25 HCP, balanced, a stopper", Force: SignOff},
		// A strong doubler (19+) with no fit for the advancer's suit, no
		// five-card suit and no notrump bid cue-bids opener's suit: it
		// forces the advancer to describe his hand further.
		{Name: "dbl.cue.strong", Prio: 106, Seq: "1x X P B P", Example: "1S X P 2H P", When: all(lastSuit, notTheirCue, not(invitedToGame)), Call: "cx", Art: true,
			Need: Need{Pts: rng(19, 37), Test: func(c *Ctx, e *Eval, b *Bind) bool {
				l, _, _ := c.LastBid()
				if e.Len[l.Strain] >= 4 {
					return false
				}
				for s := range card.NumSuits {
					if e.Len[s] >= 5 {
						return false
					}
				}
				return true
			}},
			Desc: "Cue bid: 19+ HCP, no fit and no five-card suit, forcing", Force: Forcing},
		// The advancer answers the doubler's cue bid: notrump with their
		// suit stopped (game with 6+ HCP, since the doubler has 19+), his
		// own suit again with five, another four-card suit, else his own
		// suit again.
		{Name: "dbl.cue.ans.3nt", Prio: 112, Seq: "1x X P 1y/2y P 2x P", Call: "3N", When: differ('x', 'y'),
			Need: Need{Pts: rng(6, 37), Test: stopper('x')}, Desc: "3NT: 6+ HCP, a stopper in %x", Force: SignOff},
		{Name: "dbl.cue.ans.nt", Prio: 111, Seq: "1x X P 1y/2y P 2x P", Call: "cN", When: differ('x', 'y'),
			Need: Need{Pts: rng(0, 5), Test: stopper('x')}, Desc: "Notrump: 0-5 HCP, a stopper in %x"},
		{Name: "dbl.cue.ans.own5", Prio: 110, Seq: "1x X P 1y/2y P 2x P", Call: "cy", When: differ('x', 'y'),
			Need: Need{Len: "y5+"}, Desc: "Five+ %y, no stopper in their suit"},
		{Name: "dbl.cue.ans.new", Prio: 109, Seq: "1x X P 1y/2y P 2x P", Call: "cz", When: all(differ('z', 'x'), differ('z', 'y')),
			Need: Need{Len: "z4+"}, Desc: "Four+ %z too"},
		{Name: "dbl.cue.ans.own", Prio: 108, Seq: "1x X P 1y/2y P 2x P", Call: "cy", When: differ('x', 'y'),
			Desc: "Rebids %y: nothing else to show"},
		{Name: "dbl.pass", Prio: 100, Seq: "1x/2x/3x X P B P", Call: "P", When: all(lastSuit, lastBelow(4, bridge.StrainClubs)), Need: Need{Pts: rng(11, 18)}, Desc: "Minimum double, or no fit and nothing to show"},
		// Advancing an overcall.
		{Name: "adv.cue", Prio: 115, Seq: "1x 1y/2y P/X/2x", Call: "cx", Art: true,
			Need: Need{Pts: rng(10, 37), Len: "y3+"}, Desc: "Cue bid: limit raise or better", Force: Forcing},
		{Name: "adv.jumpraise", Prio: 114, Seq: "1x 1y/2y P/X/1z/2z", Call: "jy", Need: Need{Pts: rng(0, 9), Len: "y4+"},
			Desc: "Preemptive jump raise: 4+ %y"},
		{Name: "adv.gameraise", Prio: 115, Seq: "1x 1M/2M P/1z/2z", Call: "4M", Need: Need{Pts: rng(0, 9), Len: "M6+"}, Force: SignOff,
			Desc: "Preemptive raise to game: long %M"},
		{Name: "adv.raise", Prio: 113, Seq: "1x 1y/2y P/X/1z/2z", Call: "cy", Need: Need{Pts: rng(6, 9), Len: "y3+"},
			Desc: "Raise: 6-9 HCP, 3+ %y"},
		// Their raise takes no room from the simple raise: it competes.
		// The advancer who raised competes to three over their three
		// with a fourth trump (nine together).
		{Name: "adv.compete", Prio: 106, Seq: "1x 1y B 2y 3x P P", Example: "1C 1H 1S 2H 3C P P", Call: "3y", When: higher('y', 'x'),
			Need: Need{Len: "y4+"}, Desc: "Competes: 4+ %y"},
		{Name: "adv.raise.comp", Prio: 113, Seq: "1x 1y/2y 2x", Call: "cy", Need: Need{Pts: rng(6, 9), Len: "y3+"},
			Desc: "Competitive raise: 6-9 HCP, 3+ %y"},
		// Their raise over partner's overcall: notrump shows their suit
		// stopped and no fit, and values with both unbid suits double
		// (responsive, with the negative doubles); a long suit of one's
		// own is bid by the principles (nat.adv.newsuit).
		{Name: "adv.2nt.raised", Prio: 110, Seq: "1x 1y/2y 2x", Call: "2N", When: simpleOvercall, Need: Need{Pts: rng(12, 14), Len: "y0-2", Bal: 2, Test: stoppersTheirs}, Force: Invitational,
			Desc: "2NT: 12-14 HCP, stopper, no fit"},
		{Name: "adv.3nt.raised", Prio: 110, Seq: "1x 1y/2y 2x/3x", Call: "3N", When: simpleOvercall, Need: Need{Pts: rng(15, 18), Len: "y0-2", Bal: 2, Test: stoppersTheirs}, Force: SignOff,
			Desc: "3NT: 15+ HCP, stopper, no fit"},
		// The overcaller's answer to the responsive double: a six-card
		// suit again, else the longer unbid suit, else his own suit.
		{Name: "ovc.responsive.rebid", Prio: 116, Seq: "1x 1y/2y 2x/3x X P", Call: "cy", Need: Need{Len: "y6+"}, Desc: "Rebids %y: six cards"},
		{Name: "ovc.responsive.suit", Prio: 115, Seq: "1x 1y/2y 2x/3x X P", Call: "cz", Need: Need{Len: "z4+"},
			Pref: longerLower('z'), Desc: "Answer to the responsive double: 4+ %z"},
		{Name: "ovc.responsive.own", Prio: 114, Seq: "1x 1y/2y 2x/3x X P", Call: "cy", Desc: "Rebids %y: no four-card unbid suit"},
		// Partner's overcall of their response, their raise: three
		// trumps and 6-9 compete at two, four trumps with less.
		{Name: "adv.raise.comp2", Prio: 113, Seq: "1x P 1y 1z 2y", Call: "2z", Need: Need{Pts: rng(3, 9), Len: "z3+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			return e.HCP >= 6 || e.Len[b.S('z')] >= 4
		}}, Desc: "Competitive raise: 3+ %z (four with under 6 HCP)"},
		{Name: "adv.newsuit", Prio: 112, Seq: "1x 1y P", Call: "cz", Need: Need{Pts: rng(8, 16), Len: "z5+", Test: longOrGood('z')},
			Desc: "New suit: 5+ %z"},
		{Name: "adv.1nt", Prio: 110, Seq: "1x 1y P", Call: "1N", Need: Need{Pts: rng(8, 11), Test: stoppersTheirs},
			Desc: "1NT: 8-11 HCP, stopper"},
		{Name: "adv.2nt", Prio: 110, Seq: "1x 1y/2y P", Call: "2N", When: simpleOvercall, Need: Need{Pts: rng(12, 14), Len: "y0-2", Test: stoppersTheirs}, Force: Invitational,
			Desc: "2NT: 12-14 HCP, stopper, no fit"},
		{Name: "adv.3nt", Prio: 110, Seq: "1x 1y/2y P", Call: "3N", When: simpleOvercall, Need: Need{Pts: rng(15, 18), Len: "y0-2", Bal: 2, Test: stoppersTheirs}, Force: SignOff,
			Desc: "3NT: 15+ HCP, stopper, no fit"},
		// Advancing Michaels and the unusual notrump.
		{Name: "adv.michaels.major", Prio: 110, Seq: "1m 2m P", Call: "cM", Need: Need{Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			return e.Len[b.S('M')] >= e.Len[card.Hearts+card.Spades-b.S('M')]
		}}, Desc: "Picks the major"},
		{Name: "adv.michaels.game", Prio: 112, Seq: "1m 2m P", Call: "4M", Need: Need{Pts: rng(11, 37), Count: SupportPts, Trump: 'M', Len: "M3+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			return e.Len[b.S('M')] >= e.Len[card.Hearts+card.Spades-b.S('M')] && (e.Len[b.S('M')] >= 4 || e.SupportPts(b.S('M')) >= 12)
		}}, Desc: "Game in the better major: 11+ points (12 with three trumps)", Force: SignOff},
		{Name: "adv.michaels.other.game", Prio: 112, Seq: "1M 2M P", Call: "4O", Need: Need{Pts: rng(11, 37), Count: SupportPts, Trump: 'O', Len: "O3+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
			o := suitOf(c, b, 'O')
			return e.Len[o] >= 4 || e.SupportPts(o) >= 12
		}}, Desc: "Game in the other major: 11+ points (12 with three trumps)", Force: SignOff},
		// Four cards of partner's major and 9-10 points invite game with a
		// jump; the Michaels bidder accepts with 12+ HCP.
		{Name: "adv.michaels.invite", Prio: 111, Seq: "1m 2m P", Call: "jM", Need: Need{Pts: rng(9, 10), Count: SupportPts, Trump: 'M', Len: "M4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
			return e.Len[b.S('M')] >= e.Len[card.Hearts+card.Spades-b.S('M')]
		}}, Desc: "Invites game in %M: 9-10 points, 4+ %M", Force: Invitational},
		{Name: "adv.michaels.other.invite", Prio: 111, Seq: "1H 2H P", Call: "3S", Need: Need{Pts: rng(9, 10), Count: SupportPts, Trump: 'S', Len: "S4+"},
			Desc: "Invites game in spades: 9-10 points, 4+ spades", Force: Invitational},
		// The two-suiter with 17+ raises the advancer's simple choice of
		// a major to game.
		{Name: "ovc.twosuit.game", Prio: 109, Seq: "1x 2x/2N P .y P", When: all(major('y'), cheapLevelIn('y', 3, 4), lastOfPartner('y')), Call: "4y",
			Need: Need{Pts: rng(17, 37), Len: "y5+"}, Desc: "Game: 17+ HCP, five %y", Force: SignOff},
		{Name: "ovc.michaels.invited.game", Prio: 110, Seq: "1x 2x P 3y P", When: all(major('y'), differ('y', 'x')), Call: "4y",
			Need: Need{Pts: rng(12, 37)}, Desc: "Accepts the invitation: 12+ HCP", Force: SignOff},
		{Name: "ovc.michaels.invited.pass", Prio: 100, Seq: "1x 2x P 3y P", When: all(major('y'), differ('y', 'x')), Call: "P",
			Need: Need{Pts: rng(0, 11)}, Desc: "Declines the invitation: 11 HCP or fewer"},
		{Name: "adv.michaels.other", Prio: 111, Seq: "1M 2M P", Call: "cO", Need: Need{Len: "O3+"}, Desc: "Support for the other major"},
		{Name: "adv.michaels.ask", Prio: 110, Seq: "1M 2M P", Call: "2N", Art: true, Desc: "Asks for the minor", Force: Forcing},
		{Name: "adv.michaels.minor", Prio: 110, Seq: "1M 2M P 2N P", Call: "3m", Need: Need{Len: "m5+"}, Desc: "The minor: %m"},
		{Name: "adv.michaels.minor.max", Prio: 111, Seq: "1M 2M P 2N P", Call: "4m", Need: Need{Len: "m5+", Pts: rng(14, 37)}, Desc: "The minor, %m, with a maximum"},
		{Name: "adv.michaels.4n", Prio: 110, Seq: "1M 2M B 4N P", Call: "5m", Need: Need{Len: "m5+"}, Desc: "The minor: %m"},
		// Michaels over their weak two (the other major and a minor): game
		// in the other major with 9+ points and three cards, the major at
		// the three level with less, else 4C, pass or correct (the
		// Michaels bidder passes with clubs, bids 4D with diamonds).
		{Name: "adv.w2michaels.game", Prio: 112, Seq: "2M 3M P", Call: "4O", Need: Need{Pts: rng(9, 37), Count: SupportPts, Trump: 'O', Len: "O3+"},
			Desc: "Game in the other major: 9+ points, 3+ cards", Force: SignOff},
		{Name: "adv.w2michaels.other", Prio: 111, Seq: "2M 3M P", Call: "cO", Need: Need{Len: "O3+"}, Desc: "The other major: 3+ cards"},
		{Name: "adv.w2michaels.minor", Prio: 110, Seq: "2M 3M P", Call: "4C", Art: true, Desc: "Pass or correct: partner's minor"},
		{Name: "adv.w2michaels.correct", Prio: 110, Seq: "2M 3M P 4C P", Call: "4D", Need: Need{Len: "D5+"}, Desc: "The minor: diamonds"},
		{Name: "adv.w2michaels.pass", Prio: 109, Seq: "2M 3M P 4C P", Call: "P", PassForcing: true, Need: Need{Len: "C5+"}, Desc: "The minor: clubs"},
		{Name: "adv.unusual", Prio: 110, Seq: "1x 2N P", Call: "3y", Need: Need{Test: func(c *Ctx, e *Eval, b *Bind) bool {
			var u []card.Suit // the two suits partner showed
			for s := card.Clubs; s <= card.Spades; s++ {
				if c.ShownLen(c.Partner(), s) >= 5 {
					u = append(u, s)
				}
			}
			if len(u) != 2 || b.S('y') != u[0] && b.S('y') != u[1] {
				return false
			}
			o := u[0] + u[1] - b.S('y')
			return e.Len[b.S('y')] >= e.Len[o]
		}}, Desc: "Picks between the two suits"},
		// With game values and four cards in a major partner showed, game
		// (his 5-5 and our fit make ten tricks likely).
		{Name: "adv.unusual.game", Prio: 111, Seq: "1x 2N P", Call: "4M", Need: Need{Pts: rng(11, 37), Count: SupportPts, Trump: 'M', Len: "M4+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
			return c.ShownLen(c.Partner(), b.S('M')) >= 5
		}}, Desc: "Game in %M, partner's major: 11+ points, 4+ %M", Force: SignOff},
		{Name: "adv.michaels.after3m", Prio: 110, Seq: "1M 2M P 3m P", Call: "3D", When: func(c *Ctx, b *Bind) bool { return b.S('m') == card.Clubs },
			Need: Need{Len: "D5+"}, Desc: "Diamonds, not clubs"},
		// Opener raises responder's suit over their interference: four
		// cards, a minimum or medium hand.
		{Name: "orb.comp.raise", Prio: 110, Seq: "1x * 1y B/X", Call: "cy", When: lastBelow(3, bridge.StrainClubs), Need: Need{Pts: rng(12, 15), Len: "y4+"}, Desc: "Raise: 12-15 HCP, 4+ %y"},
		// Four trumps and 17+ counting shortness bid game over their
		// raise to three.
		{Name: "orb.comp.raise.game", Prio: 111, Seq: "1x * 1M B", Call: "4M", When: all(not(lastBelow(3, bridge.StrainClubs)), lastBelow(4, bridge.StrainClubs)), Need: Need{Pts: rng(17, 37), Count: SupportPts, Trump: 'M', Len: "M4+"}, Force: SignOff, Desc: "Game: 4+ %M, 17+ points"},
		// Opener's raise of responder's one-level suit after their
		// overcall, their side silent since: as without the overcall
		// (game with 19+, three-card support for a major at the
		// minimum). His other rebids are left to the principles, which
		// bid on.
		{Name: "orb.ovc.raise.game", Prio: 112, Seq: "1x .w 1y P", Call: "4y", When: major('y'),
			Need: Need{Pts: rng(19, 22), Count: DummyShort, Len: "y4+"}, Force: SignOff, Desc: "Raise to game: 19-21 points, 4+ %y"},
		{Name: "orb.ovc.jumpraise", Prio: 111, Seq: "1x .w 1y P", Call: "jy", When: lastBelow(3, bridge.StrainSpades),
			Need: Need{Pts: rng(16, 18), Count: DummyShort, Len: "y4+"}, Force: Invitational, Desc: "Jump raise: 16-18 points, 4+ %y"},
		{Name: "orb.ovc.raise", Prio: 110, Seq: "1x .w 1y P", Call: "cy",
			Need: Need{Pts: rng(10, 15), Count: DummyShort, Len: "y4+"}, Desc: "Raise: 12-15 points, 4+ %y"},
		{Name: "orb.ovc.raise3", Prio: 105, Seq: "1x .w 1y P", Call: "cy", When: all(major('y'), cheapLevel('y', 2)),
			Need: Need{Pts: rng(10, 15), Len: "y3"}, Desc: "Raise: three %y, minimum"},
		// Over their jump to the three level four trumps and 12-16
		// compete at three.
		{Name: "orb.comp.raise.three", Prio: 110, Seq: "1x * 1M B", Call: "3M", When: all(not(lastBelow(3, bridge.StrainClubs)), cheapLevel('M', 3)),
			Need: Need{Pts: rng(12, 16), Count: SupportPts, Trump: 'M', Len: "M4+"}, Desc: "Competitive raise: 4+ %M, 12-16 points"},
		// Their suit raised after partner's pass: a strong opener short
		// in it doubles for takeout (three cards or more in each other
		// suit).
		{Name: "orb.comp.takeout", Prio: 108, Seq: "1x .y P .y", Call: "X", When: lastBelow(5, bridge.StrainClubs),
			Need: Need{Pts: rng(17, 37), Test: hall(shortIn('y', 1), func(_ *Ctx, e *Eval, b *Bind) bool {
				for s := card.Clubs; s <= card.Spades; s++ {
					if s != b.S('x') && s != b.S('y') && e.Len[s] < 3 {
						return false
					}
				}
				return true
			})}, Force: Forcing, Desc: "Takeout double: 17+ HCP, short in %y"},
		// The double of responder's 1NT asks for the unbid suits: the
		// longest, a major first among equals.
		{Name: "adv.x.nt", Prio: 105, Seq: "1x P 1N X P", Call: "cz", Need: Need{Len: "z3+"},
			Pref: func(e *Eval, b *Bind) int { return e.Len[b.S('z')]*10 + int(b.S('z')) },
			Desc: "Answer to the double: the longest unbid suit, %z"},
		// Partner answers: pass to defend with four trumps and two
		// honours, else a major with four (other hands by the defaults:
		// opener's suit, the longest suit).
		{Name: "orb.comp.takeout.pass", Prio: 111, Seq: "1x .y P .y X P", Call: "P", PassForcing: true, Need: Need{Len: "y4+", Test: honours('y', 5, 2)},
			Desc: "Pass: to defend, 4+ %y with two honours"},
		{Name: "orb.comp.takeout.major", Prio: 110, Seq: "1x .y P .y X P", Call: "cM", When: cheapLevelIn('M', 2, 4), Need: Need{Len: "M4+"}, Pref: longerMajor,
			Desc: "Answer to the takeout double: 4+ %M"},
		// With three cards in responder's major (four promised) the
		// raise is made all the same: SAYC has no support double.
		{Name: "orb.comp.raise3", Prio: 109, Seq: "1x P 1M B/X", Call: "cM", When: all(lastBelow(3, bridge.StrainClubs), func(c *Ctx, b *Bind) bool {
			return c.ShownLen(c.Partner(), b.S('M')) >= 4
		}), Need: Need{Pts: rng(12, 15), Len: "M3 x0-5"}, Desc: "Raise: 12-15 HCP, three %M"},
		// Raised, and they compete: with 18+ opener bids game, four of
		// the major or 3NT with their suit stopped.
		{Name: "orb.raised.comp.game", Prio: 111, Seq: "1M B 2M B", Call: "4M", When: lastBelow(4, bridge.StrainHearts),
			Need: Need{Pts: rng(18, 37), Count: DummyShort}, Force: SignOff, Desc: "Game: 18+ points"},
		{Name: "orb.raised.comp.3nt", Prio: 111, Seq: "1m B 2m B", Call: "3N", When: lastBelow(3, bridge.NoTrump),
			Need: Need{Pts: rng(18, 37), Test: stoppersTheirs}, Force: SignOff, Desc: "3NT: 18+ HCP, their suit stopped"},
		// Opener competes to three with a sixth trump (nine together)
		// after partner's raise.
		{Name: "comp.opener.compete", Prio: 110, Seq: "1M B 2M B", Example: "1H 1S 2H 2S", Call: "3M", When: lastBelow(3, bridge.StrainHearts),
			Need: Need{Pts: rng(10, 15), Len: "M6+"}, Desc: "Competes: 6+ %M"},
		// The overcaller after the advancer's cue bid (a raise): a
		// minimum bids his suit again, cheapest; a sound overcall in a
		// major (14+ counting shortness) bids game.
		{Name: "ovc.cue.min", Prio: 105, Seq: "1x 1y/2y P/B 2x/3x P/B", Call: "cy", Need: Need{Pts: rng(0, 13), Test: func(_ *Ctx, e *Eval, _ *Bind) bool { return e.ShortPts() <= 13 }}, Force: NonForcing,
			Desc: "Minimum overcall"},
		{Name: "ovc.cue.game", Prio: 106, Seq: "1x 1y/2y P/B 2x/3x P/B", Call: "4y", When: major('y'),
			Need: Need{Test: func(_ *Ctx, e *Eval, _ *Bind) bool { return e.ShortPts() >= 14 }}, Force: SignOff, Desc: "Game: a sound overcall"},
		{Name: "ovc.cue.own", Prio: 104, Seq: "1x 1y/2y P/B 2x/3x P/B", Call: "cy", Force: NonForcing,
			Desc: "Rebids the overcall suit"},
		// The overcaller after the advancer's new suit (not forcing): a
		// raise with four, or his own six-card suit with a misfit.
		{Name: "ovc.raise.adv", Prio: 105, Seq: "1x 1y P 1z/2z P", Call: "cz", When: lastOfPartner('z'), Need: Need{Len: "z4+"},
			Desc: "Raise: 4+ %z"},
		{Name: "ovc.rebid6", Prio: 104, Seq: "1x 1y P 1z/2z P", Call: "cy", When: lastOfPartner('z'), Need: Need{Len: "y6+ z0-1"},
			Desc: "Rebid: 6+ %y, a misfit"},
		// Opener after a negative double.
		{Name: "nx.cue", Prio: 112, Seq: "1x 1y/2y X P", Call: "cy", Art: true, Need: Need{Pts: rng(18, 37), Test: hany(func(c *Ctx, e *Eval, _ *Bind) bool {
			for _, s := range c.UnbidSuits() {
				if s >= card.Hearts && e.Len[s] >= 4 {
					return true
				}
			}
			return false
		})}, Force: GameForcing, Desc: "Cue bid: 18+ HCP, game forcing"},
		{Name: "nx.game", Prio: 112, Seq: "1x 1y/2y X P/B", Call: "4M", When: func(c *Ctx, b *Bind) bool { return b.S('M') != b.S('y') && b.S('M') != b.S('x') },
			Need: Need{Len: "M4+", Test: hany(ltcMax(4), hall(ltcMax(5), func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('x')] >= 6 }))}, Force: SignOff,
			Desc: "Game in %M: 4+ %M, four losers or fewer (five with six of his own)"},
		{Name: "nx.jump", Prio: 111, Seq: "1x 1y/2y X P", Call: "jM", When: differ('M', 'y'),
			Need: Need{Pts: rng(16, 17), Len: "M4+"}, Force: Invitational,
			Desc: "Jump in %M: 16-17 HCP, 4+ %M"},
		// A six-card suit and extra values: the jump rebid, below 3NT.
		{Name: "nx.jumprebid", Prio: 111, Seq: "1x 1y/2y X P", Call: "jx", When: cheapLevel('x', 2),
			Need: Need{Pts: rng(16, 18), Len: "x6+", Test: good('x')}, Force: Invitational,
			Desc: "Jump rebid: 16-18 HCP, a good 6+ %x"},
		{Name: "nx.2nt", Prio: 111, Seq: "1x 1y X P", Call: "2N", Need: Need{Pts: rng(18, 19), Bal: 2, Test: stoppersTheirs}, Force: Invitational,
			Desc: "2NT: 18-19 HCP, stopper"},
		{Name: "nx.major", Prio: 110, Seq: "1x 1y/2y X P/B", Call: "cM", When: differ('M', 'y'),
			Need: Need{Pts: rng(10, 16), Len: "M4+", Test: func(c *Ctx, e *Eval, b *Bind) bool { return c.ShownLen(c.Me, b.S('M')) < 5 || e.Len[b.S('M')] >= 6 }},
			Desc: "Four+ %M, minimum"},
		{Name: "nx.rebid6", Prio: 109, Seq: "1x 1y/2y X P/B", Call: "cx", Need: Need{Len: "x6+", Pts: rng(10, 16)},
			Desc: "Rebid: 6+ %x"},
		{Name: "nx.nt", Prio: 108, Seq: "1x 1y/2y X P", Call: "cN", Need: Need{Pts: rng(10, 14), Shows: rng(12, 14), Test: stoppersTheirs},
			Desc: "Notrump: minimum, stopper"},
		{Name: "nx.minor", Prio: 107, Seq: "1x 1y/2y X P/B", Call: "cz", Need: Need{Len: "z4+", Pts: rng(10, 16)},
			Desc: "Four+ %z, minimum"},
		// They raised over the double: 17+ with their suit stopped bids
		// the game in notrump (the doubler has 6+).
		{Name: "nx.3nt.over.raise", Prio: 108, Seq: "1x 1y/2y X B", Call: "3N", When: lastBelow(3, bridge.NoTrump),
			Need: Need{Pts: rng(17, 37), Test: stoppersTheirs}, Force: SignOff,
			Desc: "3NT: 17+ HCP, their suit stopped"},
		{Name: "nx.rebid5", Prio: 106, Seq: "1x 1y/2y X P", Call: "cx", Need: Need{Len: "x5+"},
			Desc: "Rebid: 5+ %x"},
		// Opener after a negative double of their three-level overcall:
		// the doubler holds 10+, so with 15+ (or six cards of his major
		// and five losers) opener bids the game: his major, a four-card
		// unbid major (the double promises four of it: that fit first), or
		// 3NT with their suit stopped.
		{Name: "nx.3level.own", Prio: 113, Seq: "1x 3y X P", Call: "4x", When: major('x'),
			Need: Need{Pts: rng(12, 37), Len: "x5+", Test: hany(hcpMin(15), hall(ltcMax(5), func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('x')] >= 6 }))}, Force: SignOff,
			Desc: "Game in %x: 5+ %x, 12+ HCP, extra values (15+, or 6+ %x and five losers)"},
		{Name: "nx.3level.major", Prio: 114, Seq: "1x 3y X P", Call: "4M", When: all(differ('M', 'x'), differ('M', 'y')),
			Need: Need{Pts: rng(15, 37), Len: "M4+"}, Pref: longerMajor, Force: SignOff,
			Desc: "Game in %M: 15+ HCP, 4+ %M"},
		{Name: "nx.3level.3nt", Prio: 111, Seq: "1x 3y X P", Call: "3N", Need: Need{Pts: rng(15, 37), Test: stopper('y')}, Force: SignOff,
			Desc: "3NT: 15+ HCP, a stopper in %y"},
		// With a minimum: 3NT with their suit stopped, an unbid major
		// with four, the double left in with four of their trumps and
		// two of the top honours.
		{Name: "nx.3level.3nt.min", Prio: 110, Seq: "1x 3y X P", Call: "3N", Need: Need{Pts: rng(12, 14), Test: stopper('y')}, Force: SignOff,
			Desc: "3NT: 12-14 HCP, a stopper in %y"},
		{Name: "nx.3level.major.min", Prio: 109, Seq: "1x 3y X P", Call: "4M", When: all(differ('M', 'x'), differ('M', 'y')),
			Need: Need{Pts: rng(12, 14), Len: "M4+"}, Pref: longerMajor, Force: SignOff,
			Desc: "Game in %M: 12-14 HCP, 4+ %M"},
		{Name: "nx.3level.penalty", Prio: 108, Seq: "1x 3y X P", Call: "P", Need: Need{Len: "y4+", Test: honours('y', 4, 2)},
			Desc: "Leaves the double in: 4+ %y with two top honours"},
		// The negative doubler's second call.
		{Name: "nx.resp.3nt", Prio: 106, Seq: "1x 1y/2y X P 1N/2N P", Call: "3N", Need: Need{Pts: rng(6, 37), Test: combinedGame}, Force: SignOff,
			Show: showsCombinedGame, Desc: "3NT: game values"},
		{Name: "nx.resp.cue", Prio: 105, Seq: "1x 1y/2y X P B P", Call: "cy", Art: true,
			Need: Need{Pts: rng(13, 37), Test: hall(hnot(stopper('y')), noFitWithPartner)}, Force: GameForcing,
			Desc: "Cue bid: game forcing, no stopper in %y"},
		{Name: "nx.resp.2nt", Prio: 104, Seq: "1x 1y/2y X P B P", Call: "2N",
			Need: Need{Pts: rng(10, 12), Test: hall(stopper('y'), noFitWithPartner)}, Force: Invitational,
			Desc: "2NT: 10-12 HCP, stopper in %y"},
		// Advancing a takeout double at any point.
		{Name: "adv.x.any", Prio: 40, Seq: "... B X P", Call: "cz", When: func(c *Ctx, b *Bind) bool {
			if partnerLeadDouble(c) || partnerResponsive(c) {
				return false
			}
			l, _, _ := c.LastBid()
			for _, s := range c.TheirSuits() {
				if s == b.S('z') {
					return false
				}
			}
			return l.Level <= 3
		}, Need: Need{Len: "z4+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
			for _, s := range c.TheirSuits() {
				if e.Len[s] >= 4 {
					return false
				}
			}
			return e.Len[b.S('z')] >= 5 || b.S('z') >= card.Hearts
		}}, Pref: majorFirst,
			Desc: "Answer to the double: the best unbid suit, %z"},
		// Partner's takeout double (their side opened) and no four-card
		// suit to answer in: a three-card one, the highest.
		{Name: "adv.x.any3", Prio: 39, Seq: "... B X P", Call: "cz", When: func(c *Ctx, b *Bind) bool {
			l, _, _ := c.LastBid()
			return !partnerLeadDouble(c) && !partnerResponsive(c) && !c.WeOpened() && !slices.Contains(c.TheirSuits(), b.S('z')) && l.Level <= 3 && l.Strain != bridge.NoTrump
		}, Need: Need{Len: "z3", Test: func(c *Ctx, e *Eval, b *Bind) bool {
			for s := card.Clubs; s <= card.Spades; s++ {
				if e.Len[s] >= 4 && !slices.Contains(c.TheirSuits(), s) {
					return false
				}
			}
			return true
		}}, Pref: func(e *Eval, b *Bind) int { return int(b.S('z')) },
			Desc: "Answer to the double: three %z, no four-card suit"},
		// Their raise to game after our takeout double: with 18+ and a
		// singleton or void in their suit the doubler doubles again
		// (partner passes for penalty or bids).
		{Name: "dbl.again.game", Prio: 105, Seq: "1x/2x/3x X 4x P P", When: major('x'), Call: "X",
			Need: Need{Pts: rng(18, 37), Test: shortIn('x', 1)}, Desc: "Second double: 18+ HCP, short in %x"},
		// The doubler's answer to the responsive double: the better of
		// the two suits it shows (the majors over their minor, the minors
		// over their major), jumping with extra values.
		{Name: "dbl.responsive.game", Prio: 117, Seq: "1m X 2m/3m X P", Call: "4M", Need: Need{Pts: rng(19, 37), Len: "M4+"}, Pref: longerMajor,
			Force: SignOff, Desc: "Game in %M: 19+ HCP, 4+ %M"},
		{Name: "dbl.responsive.jump", Prio: 116, Seq: "1m X 2m X P", Call: "jM", Need: Need{Pts: rng(16, 18), Len: "M4+"}, Pref: longerMajor,
			Force: Invitational, Desc: "Jump: 16-18 HCP, 4+ %M"},
		{Name: "dbl.responsive.major", Prio: 115, Seq: "1m X 2m/3m X P", Call: "cM", Need: Need{Len: "M3+"}, Pref: longerMajor,
			Desc: "Answer to the responsive double: the longer major, %M"},
		{Name: "dbl.responsive.3nt", Prio: 116, Seq: "1M X 2M/3M X P", Call: "3N", Need: Need{Pts: rng(16, 37), Test: stoppersTheirs},
			Force: SignOff, Desc: "3NT: 16+ HCP, stopper"},
		{Name: "dbl.responsive.minor", Prio: 115, Seq: "1M X 2M/3M X P", Call: "cm", Need: Need{Len: "m3+"}, Pref: longerSuit('m'),
			Desc: "Answer to the responsive double: the longer minor, %m"},
		{Name: "dbl.responsive.free", Prio: 114, Seq: "1m X 2m X 3m", Call: "3M", Need: Need{Pts: rng(13, 37), Len: "M4+"}, Pref: longerMajor,
			Desc: "Competes: 13+ HCP, 4+ %M"},
		// The responsive doubler places the contract: game with the
		// values for it, an invitation with 11-12.
		{Name: "adv.responsive.game", Prio: 110, Seq: "1x X 2x/3x X P B P", When: all(lastOfPartner('M'), cheapLevelIn('M', 3, 4)), Call: "4M",
			Need: Need{Pts: rng(13, 37), Len: "M4+"}, Force: SignOff, Desc: "Game in %M: 13+ HCP, 4+ %M"},
		{Name: "adv.responsive.game.values", Prio: 109, Seq: "1x X 2x/3x X P B P", When: all(lastOfPartner('M'), cheapLevelIn('M', 4, 4)), Call: "4M",
			Need: Need{Len: "M4+", Test: combinedGame}, Show: showsCombinedGame, Force: SignOff, Desc: "Game in %M: game values"},
		{Name: "adv.responsive.invite", Prio: 109, Seq: "1x X 2x X P B P", When: all(lastOfPartner('M'), cheapLevel('M', 3)), Call: "3M",
			Need: Need{Pts: rng(11, 12), Len: "M4+"}, Force: Invitational, Desc: "Raise: 11-12 HCP, 4+ %M"},
		{Name: "adv.responsive.3nt", Prio: 110, Seq: "1M X 2M/3M X P B P", When: lastOfPartner('m'), Call: "3N",
			Need: Need{Test: hall(stoppersTheirs, combinedGame)}, Show: showsCombinedGame, Force: SignOff, Desc: "3NT: game values, stopper"},
		{Name: "dbl.again", Prio: 105, Seq: "1x X 2x P P", Call: "X", Need: Need{Pts: rng(16, 37), Test: shortIn('x', 1)},
			Desc: "Second takeout double: extra values", Force: Forcing},
		// Reopening.
		{Name: "reopen.double", Prio: 105, Seq: "1x 1y/2y P P", Call: "X", Need: Need{Pts: rng(12, 37), Test: hany(shortIn('y', 1), hall(shortIn('y', 2), shortIn('x', 5)), hcpMin(17))},
			Desc: "Reopening double: short in their suit", Force: Forcing},
		// Over their jump to three: 16+ with a singleton or void in it.
		{Name: "reopen.double3", Prio: 105, Seq: "1x 3y P P", Call: "X", Need: Need{Pts: rng(16, 37), Test: shortIn('y', 1)},
			Desc: "Reopening double: 16+ HCP, short in their suit", Force: Forcing},
		// Opener's 5-5 shows the second suit when he reopens (at the
		// three level with 15+).
		{Name: "reopen.second5", Prio: 104, Seq: "1x 1y/2y P P", Call: "cz", Need: Need{Pts: rng(12, 18), Len: "x5+ z5+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
			l, ok := levelFor(c, 'c', bridge.Strain(b.S('z')))
			return ok && (l.Level <= 2 || l.Level == 3 && e.HCP >= 15)
		}}, Desc: "Second suit: 5+ %x and 5+ %z"},
		{Name: "reopen.2nt", Prio: 106, Seq: "1x 1y P P", Call: "2N", Need: Need{Pts: rng(18, 19), Bal: 1, Test: stoppersTheirs},
			Desc: "Balancing 2NT: 18-19 HCP, balanced, stopper"},
		{Name: "reopen.adv.pass", Prio: 110, Seq: "1x 1y/2y P P X P", Call: "P", Need: Need{Len: "y4+", Test: func(c *Ctx, e *Eval, b *Bind) bool { return e.HCP >= 6 || e.Len[b.S('y')] >= 5 }},
			Desc: "Penalty pass: length in their suit"},
		{Name: "reopen.adv.suit", Prio: 105, Seq: "1x 1y/2y P P X P", Call: "cz", Need: Need{Len: "z4+"}, Pref: majorFirst,
			Desc: "Answer to the double"},
		{Name: "negx.trap", Prio: 119, Seq: "1x 1y/2y", Call: "P", Need: Need{Len: "y5+", Test: longOrGood('y')},
			Desc: "Pass: length in their suit (hoping partner reopens)"},
		{Name: "comp.resp.pass", Prio: 20, Seq: "1x B", Call: "P",
			Desc: "Pass: no suitable bid"},
		// Balancing.
		{Name: "bal.1nt", Prio: 110, Seq: "1x P P", Call: "1N", Need: Need{Pts: rng(11, 14), Bal: 2, Test: stoppersTheirs},
			Desc: "Balancing 1NT: 11-14 HCP"},
		{Name: "bal.jump", Prio: 112, Seq: "1x P P", Call: "jy", Need: Need{Pts: rng(12, 16), Len: "y6+", Test: good('y')},
			Desc: "Balancing jump overcall: 12-16 HCP, good 6+ %y"},
		{Name: "bal.michaels", Prio: 113, Seq: "1x P P", Call: "2x", Art: true, Need: Need{Pts: rng(6, 37), Test: michaels},
			Show: showMichaels, Desc: "Michaels cue bid", Force: Forcing},
		{Name: "bal.double", Prio: 107, Seq: "1x P P", Call: "X", Need: Need{Pts: rng(9, 37), Test: hall(shortIn('x', 2), takeoutShape)},
			Desc: "Balancing double", Force: Forcing},
		{Name: "bal.1major", Prio: 111, Seq: "1x P P", Call: "1M", Need: Need{Pts: rng(7, 16), Len: "M5+"},
			Desc: "Balancing overcall: 7+ HCP, 5+ %M"},
		{Name: "bal.1level", Prio: 106, Seq: "1x P P", Call: "1y", Need: Need{Pts: rng(7, 16), Len: "y5+"},
			Desc: "Balancing overcall: 7+ HCP, 5+ %y"},
		{Name: "bal.2level", Prio: 105, Seq: "1x P P", Call: "2y", When: higher('x', 'y'), Need: Need{Pts: rng(8, 16), Len: "y5+", Test: good('y')},
			Desc: "Balancing overcall: 5+ %y"},
		// They stopped in a fit at the two level: short in their suit,
		// double with a fair hand (partner holds values too); a
		// five-card suit is bid (bal.afterraise).
		{Name: "bal.afterraise.double", Prio: 104, Seq: "1x P 2x P P", Call: "X", Need: Need{Pts: rng(7, 15), Test: takeoutShape},
			Desc: "Balancing double: short in their suit", Force: Forcing},
		// Our raise stopped at two and they compete: with a fifth card
		// in a minor, a fourth in a major (nine together), compete.
		{Name: "comp.resp.compete", Prio: 105, Seq: "1x B 2x B P P", Example: "1H 1S 2H 2S P P", Call: "3x", When: lastBelow(3, bridge.StrainClubs),
			Need: Need{Pts: rng(5, 10), Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				return e.Len[b.S('x')] >= 5 || b.S('x') >= card.Hearts && e.Len[b.S('x')] >= 4
			}}, Desc: "Competes: a ninth trump"},
		{Name: "bal.afterraise", Prio: 105, Seq: "1x P 2x P P", Call: "cy", Need: Need{Pts: rng(7, 14), Len: "y5+"},
			Desc: "Balancing: 5+ %y"},
		{Name: "bal.adv.raise", Prio: 105, Seq: "1x P P 1y P", Call: "cy", Need: Need{Pts: rng(9, 12), Len: "y3+"},
			Desc: "Raise of a balancing bid: 9-12 HCP, 3+ %y"},
		{Name: "bal.adv.jumpraise", Prio: 105, Seq: "1x P P 1y P", Call: "jy", Need: Need{Pts: rng(13, 16), Len: "y4+"},
			Desc: "Jump raise of a balancing bid: 13-16 HCP", Force: Invitational},
		// The trap passer, with opener's suit stopped, bids notrump over
		// partner's balancing suit: 3NT with 15+, 2NT inviting with 12-14.
		{Name: "bal.adv.3nt", Prio: 104, Seq: "1x P P 1y P", Call: "3N", Need: Need{Pts: rng(15, 37), Test: stopper('x')},
			Desc: "3NT over a balancing bid: 15+ HCP, a stopper in %x", Force: SignOff},
		{Name: "bal.adv.2nt", Prio: 103, Seq: "1x P P 1y P", Call: "2N", Need: Need{Pts: rng(12, 14), Test: stopper('x')},
			Desc: "2NT over a balancing bid: 12-14 HCP, a stopper in %x", Force: Invitational},
		{Name: "bal.2nt.accept", Prio: 105, Seq: "1x P P 1y P 2N P", Call: "3N", Need: Need{Pts: rng(11, 37)},
			Desc: "Accepts the invitation: 11+ HCP", Force: SignOff},
		{Name: "bal.2nt.pass", Prio: 100, Seq: "1x P P 1y P 2N P", Call: "P", Need: Need{Pts: rng(0, 10)},
			Desc: "Declines the invitation: 10 HCP or fewer"},
	}
	// Advancing a balancing double: the same answers as to a direct one.
	for _, r := range rs {
		if r.Seq == "1x X P" {
			rs = append(rs, inBalancingSeat(r))
		}
	}
	// A balancing double of a weak two or a three-level preempt: the
	// same answers, and the same rebids by the doubler, as after a
	// direct one (the balancing double shows 11+, the direct one 12+).
	for _, r := range rs {
		if r.Seq == "2x/3x X P" || r.Seq == "2x X P" || r.Seq == "3x X P" ||
			strings.HasPrefix(r.Name, "dbl.") && strings.HasPrefix(r.Seq, "1x/2x/3x X P B P") {
			cp := inBalancingSeat(r)
			cp.Seq = strings.Replace(cp.Seq, "1x/2x/3x", "2x/3x", 1)
			rs = append(rs, cp)
		}
	}
	// Advancing a balancing Michaels cue bid: the same answers.
	for _, r := range rs {
		if strings.HasPrefix(r.Name, "adv.michaels.") {
			rs = append(rs, inBalancingSeat(r))
		}
	}
	// Advancing Michaels over their 1NT response (1x P 1N 2x): the same
	// answers; a cue bid of opener's suit is never natural.
	for _, r := range rs {
		if strings.HasPrefix(r.Name, "adv.michaels.") && !strings.HasSuffix(r.Name, ".balancing") {
			rs = append(rs, afterOpening(r, ".indirect", "P", "1N"))
		}
	}
	// Balancing over 1NT: the same Cappelletti suit bids, and their
	// answers, after 1NT and two passes (a part score the opponents stopped
	// in is worth contesting, and partner learns the suit to lead). Not the
	// penalty double: from this seat the doubler's honours sit in front of
	// the strong hand.
	for _, r := range rs {
		if strings.HasPrefix(r.Name, "d1nt.") && strings.HasPrefix(r.Seq, "1N") && r.Name != "d1nt.double" {
			rs = append(rs, inBalancingSeat(r))
		}
	}
	// The doubler's raise after a double of the opponents' two suits
	// (1D P 1S X P 2H P): as after a double of an opening.
	for _, r := range rs {
		switch r.Name {
		case "dbl.raise.major", "dbl.jumpraise.major", "dbl.raise", "dbl.jumpraise", "dbl.accept.major":
			cp := *r
			cp.Name += ".indirect"
			cp.Seq = "1x P 1z/1N/2z X P B P"
			rs = append(rs, &cp)
		}
	}
	for _, r := range fourLevelDefence() {
		rs = append(rs, r, inBalancingSeat(r))
	}
	rs = append(rs, ntResponses("1x 1N P", 1, 10, rng(16, 17), rng(18, 19))...)
	rs = append(rs, ntResponses("1x P P 1N P", 1, 12, rng(19, 20), rng(21, 22))...)
	rs = append(rs, ntResponses("1N X", 1, 10, rng(16, 17), rng(18, 19))...)
	return rs
}

// simpleOvercall: partner's overcall (y) of their opening (x) was not a
// jump: at the one level, or at the two level in a lower suit.
func simpleOvercall(c *Ctx, b *Bind) bool {
	l, ok := c.LastBidOf(c.Partner())
	return ok && (l.Level == 1 || l.Level == 2 && l.Strain < bridge.Strain(b.S('x')))
}

// fourLevelDefence is the defence to their four-level opening, in the
// direct seat (and, copied by the caller, in the balancing seat): a good
// six-card suit is bid at the cheapest level; short in their suit with
// 14+ HCP (16+ over 4S), a takeout double, which partner answers with a
// four-card major at the four level or a minor at the five level, and
// otherwise leaves in (trumps and values, or nothing to bid).
func fourLevelDefence() []*Rule {
	return []*Rule{
		{Name: "ovc.4level.suit", Prio: 124, Seq: "4x", Call: "cy", Need: Need{Pts: rng(12, 18), Len: "y6+", Test: hall(good('y'), func(c *Ctx, e *Eval, b *Bind) bool {
			l, ok := levelFor(c, 'c', bridge.Strain(b.S('y')))
			return ok && (l.Level == 4 || e.Len[b.S('y')] >= 7 || e.HCP >= 15)
		})}, Pref: longerSuit('y'),
			Desc: "Overcall of their four-level preempt: good 6+ %y, 12-18 HCP", Force: SignOff},
		// (over 4S partner answers at the five level: 16+)
		{Name: "ovc.4level.takeout", Prio: 123, Seq: "4x", Call: "X", Need: Need{Pts: rng(14, 37), Test: hall(shortIn('x', 1), takeoutShape, func(_ *Ctx, e *Eval, b *Bind) bool {
			return b.S('x') != card.Spades || e.HCP >= 16
		})},
			Desc: "Takeout double of their four-level preempt: 14+ HCP (16+ over 4S), short in %x", Force: Forcing},
		{Name: "adv.x.4level", Prio: 116, Seq: "4x X P", Call: "cz", Need: Need{Len: "z4+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
			z := b.S('z')
			if e.Len[b.S('x')] >= 3 && e.HCP >= 8 || e.Len[b.S('x')] >= 4 && e.HCP >= 5 {
				return false // trumps and values: defend
			}
			return z >= card.Hearts || e.Len[z] >= 6 || e.Len[z] >= 5 && e.HCP <= 8
		}}, Pref: func(e *Eval, b *Bind) int {
			z := b.S('z')
			w := e.Len[z] * 10
			if z >= card.Hearts {
				w += 25 // a four-card major before a six-card minor
			}
			return w + int(z)
		},
			Desc: "Answer to the double: 4+ %z (a minor 5+)", Force: SignOff},
		{Name: "adv.x.4level.pass", Prio: 110, Seq: "4x X P", Call: "P",
			Desc: "Leaves the double in: defence, no suit to bid"},
	}
}

// cueBelowFour: their last bid is in y, and the cue bid of it stays below
// four of our suit v (past four of a major it would take the partnership
// beyond game to show a raise).
func cueBelowFour(v byte) AuctionPred {
	return func(c *Ctx, b *Bind) bool {
		l, _, _ := c.LastBid()
		cue, ok := levelFor(c, 'c', bridge.Strain(b.S('y')))
		return l.Strain == bridge.Strain(b.S('y')) && ok && cue.Rank() < bridge.NewBid(4, bridge.Strain(b.S(v))).Rank()
	}
}

// jumpBelowGame: a jump in suit v stays below game.
func jumpBelowGame(v byte) AuctionPred {
	return func(c *Ctx, b *Bind) bool {
		j, ok := levelFor(c, 'j', bridge.Strain(b.S(v)))
		return ok && !isGame(j)
	}
}

// inBalancingSeat copies rule r for the same auction with the opening
// call passed round to the fourth seat: two passes after the first call.
func inBalancingSeat(r *Rule) *Rule { return afterOpening(r, ".balancing", "P", "P") }

// afterOpening copies rule r, its name ending in suffix, for the same
// auction with calls inserted after the opening call.
func afterOpening(r *Rule, suffix string, calls ...string) *Rule {
	cp := *r
	cp.Name += suffix
	f := strings.Fields(r.Seq)
	cp.Seq = strings.Join(append(append([]string{f[0]}, calls...), f[1:]...), " ")
	return &cp
}

// majorFirst prefers a major, then the longer suit.
func majorFirst(e *Eval, b *Bind) int {
	s := card.Suit(0)
	for _, v := range []byte{'z', 'y', 'x'} {
		if t, ok := b.Suit(v); ok {
			s = t
			break
		}
	}
	v := e.Len[s] * 10
	if s >= card.Hearts {
		v += 15
	}
	return v + int(s)
}

// cheapestMajorFirst prefers a major, then the longer suit, then the
// cheaper one.
func cheapestMajorFirst(e *Eval, b *Bind) int {
	s := b.S('z')
	v := e.Len[s] * 10
	if s >= card.Hearts {
		v += 15
	}
	return v - int(s)
}

// ntFirst: partner's answer is a minor (y) and my hand is balanced with
// their suit stopped: the doubler's notrump comes before a minor raise.
func ntFirst(c *Ctx, e *Eval, b *Bind) bool {
	return b.S('y') <= card.Diamonds && e.Balanced && stoppersTheirs(c, e, b)
}

// longerSuit prefers the longer suit for v, then the higher-ranking.
func longerSuit(v byte) func(*Eval, *Bind) int {
	return func(e *Eval, b *Bind) int { return e.Len[b.S(v)]*10 + int(b.S(v)) }
}

// longerLower prefers the longer suit for v, then the lower-ranking.
func longerLower(v byte) func(*Eval, *Bind) int {
	return func(e *Eval, b *Bind) int { return e.Len[b.S(v)]*10 - int(b.S(v)) }
}

// longerMajor prefers the longer major M, hearts with equal length.
var longerMajor = longerLower('M')

// partnersLast: v is the suit of partner's last bid.
// lastOfPartner: suit v is the strain of partner's last bid (an auction
// condition, so that the explanation reads it too).
func lastOfPartner(v byte) AuctionPred {
	return func(c *Ctx, b *Bind) bool { return partnersLast(v)(c, nil, b) }
}

func partnersLast(v byte) HandPred {
	return func(c *Ctx, e *Eval, b *Bind) bool {
		l, ok := c.LastBidOf(c.Partner())
		return ok && l.Strain == bridge.Strain(suitOf(c, b, v))
	}
}

// notTheirCue: the last bid, partner's, is not in the suit of the
// opponents' opening (x): not a cue bid.
func notTheirCue(c *Ctx, b *Bind) bool {
	l, _, ok := c.LastBid()
	return ok && l.Strain != bridge.Strain(b.S('x'))
}

// partnerLeadDouble: partner's last call, the call before the one just
// made, doubled their artificial bid to show where to lead: it asks for
// nothing, so it is not answered like a takeout double.
func partnerLeadDouble(c *Ctx) bool {
	r, ok := partnerDoubleRule(c)
	return ok && (r == "comp.leaddouble" || r == "nt.leaddouble")
}

// partnerResponsive: partner's double, the last call but one, is
// responsive (answered by its own rules, not as a takeout double).
func partnerResponsive(c *Ctx) bool {
	r, ok := partnerDoubleRule(c)
	return ok && strings.HasPrefix(r, "negx.responsive.")
}

// partnerDoubleRule is the rule of partner's double when it is the last
// call but one.
func partnerDoubleRule(c *Ctx) (string, bool) {
	n := len(c.Calls)
	if n < 2 || c.Calls[n-2].Kind != bridge.Double {
		return "", false
	}
	return c.Meanings[n-2].Rule, true
}
