package bidding

import "atout/card"

// Responses to one of a suit, the opponents silent.
func responseRules() []*Rule {
	return []*Rule{
		{Name: "resp.jumpshift", Prio: 125, Seq: "1x P", Call: "jy", When: unpassed,
			Need: Need{Pts: rng(19, 37), Len: "y5+", Test: longest('y')}, Force: GameForcing,
			Desc: "Jump shift: 19+ HCP, 5+ %y, slam interest"},
		{Name: "resp.jacoby2n", Prio: 120, Seq: "1M P", Call: "2N", When: unpassed,
			Need: Need{Pts: rng(13, 37), Count: SupportPts, Trump: 'M', Len: "M4+", Test: hcpMin(12)}, Force: GameForcing, Art: true,
			Show: showsMinHCP(12),
			Desc: "Jacoby 2NT: 4+ %M, game-forcing raise"},
		{Name: "resp.jacoby2n.3", Prio: 60, Seq: "1M P", Call: "2N", When: unpassed,
			Need: Need{Pts: rng(13, 15), Len: "M3"}, Force: GameForcing, Art: true,
			Desc: "Jacoby 2NT: 3+ %M, game-forcing raise"},
		{Name: "resp.weak.game.raise", Prio: 115, Seq: "1M P", Call: "4M",
			Need: Need{Pts: rng(0, 9), Len: "M5+"}, Force: SignOff,
			Desc: "Preemptive raise to game: 5+ %M, weak"},
		// 13 counting a singleton or void with 10-11 HCP is a limit
		// raise too (Jacoby 2NT wants 12 HCP), unless a good five-card
		// side suit is bid first.
		{Name: "resp.limit.raise", Prio: 110, Seq: "1M P", Call: "3M",
			Need: Need{Pts: rng(10, 13), Count: SupportPts, Trump: 'M', Len: "M4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				if e.HCP < 8 {
					return false
				}
				if e.SupportPts(b.S('M')) <= 12 {
					return true
				}
				for s := card.Clubs; s <= card.Spades; s++ {
					if s != b.S('M') && e.Len[s] >= 5 && e.GoodSuit(s) {
						return false
					}
				}
				return e.HCP <= 11
			}}, Force: Invitational,
			Desc: "Limit raise: 10-12 points, 4+ %M"},
		// A passed hand raises with three trumps too: a two-over-one
		// would not force, and the raise limits the hand at once.
		{Name: "resp.limit.raise.passed3", Prio: 109, Seq: "1M P", Call: "3M", When: not(unpassed),
			Need: Need{Pts: rng(10, 12), Count: SupportPts, Trump: 'M', Len: "M3", Test: hcpMin(10)}, Force: Invitational,
			Desc: "Limit raise: 10-12 points, 3 %M (a passed hand)"},
		// An unpassed hand with three trumps and 10-12 HCP and no
		// two-over-one suit (five cards, or four with 13+): the limit
		// raise too, rather than a 1NT that denies the values.
		{Name: "resp.limit.raise.3", Prio: 90, Seq: "1M P", Call: "3M", When: unpassed,
			Need: Need{Pts: rng(10, 12), Len: "M3"}, Force: Invitational,
			Desc: "Limit raise: 10-12 HCP, 3 %M"},
		{Name: "resp.3nt.major", Prio: 105, Seq: "1M P", Call: "3N", When: unpassed,
			Need: Need{Pts: rng(15, 17), Bal: 1, Len: "M2-3", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				return b.S('M') == card.Spades || e.Len[card.Spades] < 4
			}},
			Desc: "3NT: 15-17 HCP, balanced"},
		{Name: "resp.1s.over.1h", Prio: 102, Seq: "1H P", Call: "1S",
			Need: Need{Pts: rng(6, 37), Len: "S4+", Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				// With game values a longer minor (five+) is bid first: the
				// spades come next, at the two level.
				longerMinor := e.HCP >= 13 && unpassed(c, nil) && max(e.Len[card.Clubs], e.Len[card.Diamonds]) >= max(5, e.Len[card.Spades]+1)
				return (e.Len[card.Hearts] < 4 || e.HCP >= 13) && (unpassed(c, nil) || e.Len[card.Hearts] < 3) && !longerMinor
			}}, Force: Forcing,
			Desc: "New suit: 6+ HCP, 4+ spades"},
		{Name: "resp.single.raise", Prio: 100, Seq: "1M P", Call: "2M",
			// Three trumps and 11 counting shortness (no limit raise
			// with three) raise once too, with 9 HCP at most.
			Need: Need{Pts: rng(6, 11), Count: SupportPts, Trump: 'M', Len: "M3+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				return e.HCP >= 5 && e.HCP <= 10 && (e.SupportPts(b.S('M')) <= 10 || e.Len[b.S('M')] == 3 && e.HCP <= 9)
			}},
			Show: func(_ *Ctx, _ *Bind, m *Meaning) { m.MaxHCP = min(m.MaxHCP, 10) },
			Desc: "Single raise: 6-10 points, 3+ %M"},
		{Name: "resp.2over1", Prio: 95, Seq: "1x P", Call: "2y", When: all(unpassed, higher('x', 'y')),
			// Shows: a strong hand without a jump shift's suit bids
			// the new suit too (nat.strong.newsuit): no top.
			Need: Need{Pts: rng(10, 18), Shows: rng(10, 37), Len: "y4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				y := b.S('y')
				if y == card.Hearts && e.Len[y] < 5 {
					return false
				}
				if b.S('x') <= card.Diamonds && (e.Len[card.Hearts] >= max(4, e.Len[y]) || e.Len[card.Spades] >= max(4, e.Len[y])) {
					return false // a major at the one level first
				}
				return e.Len[y] >= 5 || e.Len[b.S('x')] < 3 || e.HCP >= 13
			}}, Force: Forcing,
			Desc: "Two over one: 10+ HCP, 4+ %y"},
		{Name: "resp.2over1.passed", Prio: 94, Seq: "1x P", Call: "2y", When: all(not(unpassed), higher('x', 'y')),
			Need: Need{Pts: rng(10, 12), Len: "y5+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				// a four-card major biddable at one comes first
				for _, m := range []card.Suit{card.Hearts, card.Spades} {
					if m > b.S('x') && e.Len[m] >= 4 {
						return false
					}
				}
				return true
			}},
			Desc: "New suit by a passed hand: 10-12 HCP, 5+ %y"},
		{Name: "resp.1level", Prio: 90, Seq: "1x P", Call: "1y",
			Need: Need{Pts: rng(6, 37), Len: "y4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				// over a minor, a four-card major comes before diamonds
				// unless they are longer
				y := b.S('y')
				if y == card.Diamonds {
					return e.Len[card.Diamonds] >= max(e.Len[card.Hearts], e.Len[card.Spades])+1 ||
						(e.Len[card.Hearts] < 4 && e.Len[card.Spades] < 4) || e.Len[card.Diamonds] == 4 && e.HCP <= 9
				}
				return true
			}}, Force: Forcing,
			Desc: "New suit: 6+ HCP, 4+ %y"},
		{Name: "resp.3nt.minor", Prio: 97, Seq: "1m P", Call: "3N", When: unpassed,
			Need: Need{Pts: rng(16, 21), Bal: 1, Len: "H0-3 S0-3"},
			Desc: "3NT: 16-18 HCP, balanced, no four-card major"},
		{Name: "resp.2nt.minor", Prio: 97, Seq: "1m P", Call: "2N", When: unpassed,
			Need: Need{Pts: rng(13, 15), Bal: 1, Len: "H0-3 S0-3", Test: func(_ *Ctx, e *Eval, b *Bind) bool { return b.S('m') == card.Diamonds || e.Len[card.Diamonds] < 4 }}, Force: GameForcing,
			Desc: "2NT: 13-15 HCP, balanced, no four-card major"},
		// A passed hand cannot force to game: 2NT invites with 11-12.
		{Name: "resp.2nt.minor.passed", Prio: 97, Seq: "1m P", Call: "2N", When: not(unpassed),
			Need: Need{Pts: rng(11, 12), Bal: 1, Len: "H0-3 S0-3", Test: func(_ *Ctx, e *Eval, b *Bind) bool { return b.S('m') == card.Diamonds || e.Len[card.Diamonds] < 4 }}, Force: Invitational,
			Desc: "2NT: 11-12 HCP, balanced, no four-card major (a passed hand)"},
		{Name: "resp.limit.raise.minor", Prio: 85, Seq: "1m P", Call: "3m",
			Need: Need{Pts: rng(10, 12), Len: "m5+ H0-3 S0-3"}, Force: Invitational,
			Desc: "Limit raise: 10-12 HCP, 5+ %m"},
		{Name: "resp.1nt", Prio: 80, Seq: "1M P", Call: "1N",
			Need: Need{Pts: rng(6, 12)},
			Desc: "1NT: 6-10 HCP, no fit"},
		{Name: "resp.1nt.minor", Prio: 75, Seq: "1m P", Call: "1N",
			Need: Need{Pts: rng(6, 12), Len: "H0-3 S0-3", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				return b.S('m') == card.Diamonds || e.Len[card.Diamonds] < 4
			}},
			Desc: "1NT: 6-10 HCP, no four-card major"},
		{Name: "resp.minor.raise", Prio: 78, Seq: "1m P", Call: "2m",
			Need: Need{Pts: rng(6, 10), Len: "m4+ H0-3 S0-3", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				return b.S('m') == card.Diamonds || e.Len[card.Clubs] >= 5
			}},
			Desc: "Single raise: 6-10 HCP, 4+ %m"},
		{Name: "resp.pass", Prio: 20, Seq: "1x P", Call: "P", Need: Need{Pts: rng(0, 5)},
			Desc: "Pass: fewer than 6 HCP"},
	}
}
