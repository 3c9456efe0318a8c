package bidding

import "atout/card"

// saycRules returns the whole SAYC table.
func saycRules() []*Rule {
	var rs []*Rule
	for _, part := range [][]*Rule{
		openingRules(), responseRules(), notrumpRules(), openerRebidRules(),
		responderRebidRules(), strongRules(), competitiveRules(), slamRules(),
		naturalRules(), defaultRules(),
	} {
		rs = append(rs, part...)
	}
	return rs
}

// minorPref opens the longer minor: 1C with 3-3, 1D with 4-4 or 5-5.
func minorPref(e *Eval, b *Bind) int {
	s := b.S('m')
	n := e.Len[s]
	if n == 3 {
		return n*10 - int(s)
	}
	return n*10 + int(s)
}

// noLongerMajor: no five-card major at least as long as minor m.
func noLongerMajor(c *Ctx, e *Eval, b *Bind) bool {
	m := e.Len[b.S('m')]
	for _, s := range []card.Suit{card.Hearts, card.Spades} {
		if e.Len[s] >= 5 && e.Len[s] >= m {
			return false
		}
	}
	return e.Len[b.S('m')] >= e.Len[card.Clubs+card.Diamonds-b.S('m')]
}

var openValues = hany(
	hall(func(c *Ctx, _ *Eval, _ *Bind) bool { return c.Position() <= 3 }, ruleOf20),
	hall(func(c *Ctx, _ *Eval, _ *Bind) bool { return c.Position() == 4 }, ruleOf15),
	lightThird,
)

// lightThird: in third seat, 11+ HCP a point short of the rule of 20
// open when a suit holds two of the top three honours (a lead to ask for if
// they buy the contract): a four-card suit not vulnerable, a five-card
// major vulnerable.
func lightThird(c *Ctx, e *Eval, _ *Bind) bool {
	if c.Position() != 3 || e.HCP < 11 {
		return false
	}
	if sh := e.Shape(); e.HCP+sh[0]+sh[1] < 19 {
		return false
	}
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if c.Vulnerable() && (s < card.Hearts || e.Len[s] < 5) {
			continue
		}
		if e.Len[s] >= 4 && e.Top(s, 3) >= 2 {
			return true
		}
	}
	return false
}

func openingRules() []*Rule {
	return []*Rule{
		{Name: "open.2c", Prio: 200, Seq: "-", Call: "2C", Force: Forcing, Art: true,
			Need: Need{Test: hany(hcpMin(22), hall(hcpMin(19), ltcMax(3), func(_ *Ctx, e *Eval, _ *Bind) bool {
				sh := e.Shape()
				return sh[0] >= 6 && sh[1] <= 3
			}))},
			// Partner counts on 22; nine tricks may come with 19.
			Show: func(_ *Ctx, _ *Bind, m *Meaning) { m.MinHCP, m.Floor = 22, 19 },
			Desc: "Strong 2C: 22+ HCP or nine tricks"},
		{Name: "open.2nt", Prio: 190, Seq: "-", Call: "2N", Need: Need{Pts: rng(20, 21), Bal: 1},
			Desc: "2NT opening: 20-21 HCP, balanced"},
		{Name: "open.1nt", Prio: 180, Seq: "-", Call: "1N",
			Need: Need{Pts: rng(15, 17), Bal: 1},
			Desc: "1NT opening: 15-17 HCP, balanced"},
		{Name: "open.4major", Prio: 175, Seq: "-", Call: "4M", When: not(seat(4)),
			Need: Need{Pts: rng(5, 11), Len: "M7+", Test: hany(
				func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('M')] >= 8 && e.DecentSuit(b.S('M')) },
				func(_ *Ctx, e *Eval, b *Bind) bool { return e.Top(b.S('M'), 3) == 3 && e.HCP <= 10 },
			)},
			Desc: "Preempt in %M: 5-11 HCP, 7+ %M (eight, or a solid seven)"},
		{Name: "open.4major.4th", Prio: 175, Seq: "-", Call: "4M", When: seat(4),
			Need: Need{Pts: rng(8, 15), Len: "M7+", Test: hall(good('M'), hany(ruleOf15, func(_ *Ctx, e *Eval, b *Bind) bool { return e.Top(b.S('M'), 3) == 3 }))},
			Desc: "Fourth-seat game in %M: 8-15 HCP, 7+ %M, a good suit"},
		// A nine-card suit or longer is bid with any hand too weak for
		// one of a suit: its length is its strength (an eleven-card suit
		// takes eight or nine tricks with no honour outside it). A major
		// opens at game, a ten-card minor at game too.
		{Name: "open.long.major", Prio: 176, Seq: "-", Call: "4M",
			Need: Need{Pts: rng(0, 11), Len: "M9+"},
			Desc: "Preempt in %M: 0-11 HCP, 9+ %M"},
		{Name: "open.long.minor", Prio: 174, Seq: "-", Call: "5m",
			Need: Need{Pts: rng(0, 11), Len: "m10+"},
			Desc: "Preempt in %m: 0-11 HCP, 10+ %m"},
		{Name: "open.long.minor9", Prio: 173, Seq: "-", Call: "4m",
			Need: Need{Pts: rng(0, 11), Len: "m9"},
			Desc: "Preempt in %m: 0-11 HCP, 9 %m"},
		// An eight-card minor or longer with a weak hand opens at the
		// four level (a seven-card suit at the three level).
		{Name: "open.4minor", Prio: 172, Seq: "-", Call: "4m", When: not(seat(4)),
			Need: Need{Pts: rng(5, 11), Len: "m8+"},
			Desc: "Preempt in %m: 5-11 HCP, 8+ %m"},
		{Name: "open.3.preempt", Prio: 170, Seq: "-", Call: "3x", When: seat(1, 2),
			Need: Need{Pts: rng(5, 10), Len: "x7", Test: hall(preemptSuit('x'), outsideMax('x', 3))},
			Desc: "Preempt: 7-card %x suit, 5-10 HCP"},
		{Name: "open.3.preempt.3rd", Prio: 170, Seq: "-", Call: "3x", When: seat(3),
			Need: Need{Pts: rng(5, 11), Len: "x6-7", Test: hall(good('x'), hany(
				func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('x')] == 7 },
				func(_ *Ctx, e *Eval, b *Bind) bool { return b.S('x') == card.Clubs && e.Top(b.S('x'), 3) == 3 },
			))},
			Desc: "Third-seat preempt: 5-11 HCP, 6-7 %x"},
		{Name: "open.weak2", Prio: 160, Seq: "-", Call: "2x", When: seat(1, 2, 3),
			Need: Need{Pts: rng(5, 11), Len: "x6", Test: hall(good('x'), noVoid,
				func(_ *Ctx, e *Eval, b *Bind) bool {
					return b.S('x') != card.Clubs && !(b.S('x') != card.Spades && e.Len[card.Spades] >= 4) &&
						!(b.S('x') != card.Hearts && e.Len[card.Hearts] >= 4)
				}, hnot(hall(ruleOf20, func(_ *Ctx, e *Eval, _ *Bind) bool { return e.Shape()[1] >= 4 })))},
			Desc: "Weak two: 6-card %x suit, 5-11 HCP"},
		{Name: "open.weak2.3rd5", Prio: 155, Seq: "-", Call: "2M", When: seat(3),
			Need: Need{Pts: rng(8, 10), Len: "M5", Test: hall(good('M'), hnot(ruleOf20))},
			Desc: "Third-seat weak two: good 5-card %M suit, 8-10 HCP"},
		{Name: "open.1major", Prio: 150, Seq: "-", Call: "1M",
			Need: Need{Pts: rng(10, 21), Shows: rng(12, 21), Len: "M5+", Test: hall(openValues, longest('M'))},
			Desc: "One of a major: 12-21 HCP, 5+ %M"},
		{Name: "open.1minor", Prio: 140, Seq: "-", Call: "1m",
			Need: Need{Pts: rng(10, 21), Shows: rng(12, 21), Len: "m3+", Test: hall(openValues, noLongerMajor)}, Pref: minorPref,
			Desc: "One of a minor: 12-21 HCP, 3+ %m"},
		{Name: "open.1major.short", Prio: 135, Seq: "-", Call: "1M",
			Need: Need{Pts: rng(10, 21), Shows: rng(12, 21), Len: "M5+", Test: openValues},
			Desc: "One of a major: 12-21 HCP, 5+ %M"},
		{Name: "open.pass", Prio: 20, Seq: "-", Call: "P", Need: Need{Pts: rng(0, 14)},
			Desc: "No opening bid"},
	}
}
