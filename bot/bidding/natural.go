package bidding

import (
	"strings"

	"atout/bridge"
	"atout/card"
)

// Natural principles: the rules under the conventions. They apply in any
// auction, read only what the partnership knowledge says (each seat's shown
// HCP and lengths, who is forced, whose contract it is) and are tried when
// no rule of the book fits, before the book's catch-all passes. They are
// ordinary rules (a pattern that matches any auction, a hand requirement, a
// meaning), so their calls are explained like any other; they are marked
// Natural so that they never widen the meaning of a call the book explains.
//
// In order: a strong hand makes a forcing call first; slam values explore
// slam; game values reach game (a known eight-card major fit, then notrump
// with the opponents' suits stopped, then a long suit or a minor fit);
// invitational values invite; over the opponents, a strong hand doubles, a
// balancing seat reopens, a known fit competes to the level of the law of
// total tricks (one level lower when vulnerable against not), and the
// opponents are doubled when our shown values say they are overboard. The
// last principle is not a rule but a check in Bot.choose: a forcing bid of
// partner's is never passed.

// isGame reports whether call is a bid of game or more.
func isGame(call bridge.Call) bool {
	if call.Kind != bridge.Bid {
		return false
	}
	switch call.Strain {
	case bridge.NoTrump:
		return call.Level >= 3
	case bridge.StrainHearts, bridge.StrainSpades:
		return call.Level >= 4
	}
	return call.Level >= 5
}

// MustBid reports whether the seat to act may not pass: partner's last
// call was a forcing bid, an artificial bid below game, or a bid below
// game in a game-forcing auction, and the right-hand opponent passed. A
// double is never binding: passing partner's takeout or negative double
// converts it to penalties.
func (c *Ctx) MustBid() bool {
	n := len(c.Calls)
	if c.ownArtificialDoubled() {
		return true
	}
	if n < 2 || c.Calls[n-1].Kind != bridge.Pass || c.Calls[n-2].Kind != bridge.Bid {
		return false
	}
	switch c.Meanings[n-2].Force {
	case Forcing:
		return true
	case GameForcing:
		// game reached: partner may pass, unless the bid is artificial
		return !isGame(c.Calls[n-2]) || c.Meanings[n-2].Artificial
	case SignOff:
		return false
	}
	if isGame(c.Calls[n-2]) {
		return false
	}
	if c.openedStrong() && c.Contested() {
		// Our strong 2C forces to game when they bid over it too: the
		// rules that answer their bid (a double, a suit) do not know it.
		return true
	}
	if c.Meanings[n-2].Artificial {
		// An artificial bid (an answer to an ask, a relay, a cue bid)
		// is not a contract: only a rule written to pass it on purpose
		// (a weak hand after Stayman, the puppet's relay) may.
		return true
	}
	for i := 0; i < n-2; i++ {
		if c.SeatAt(i).Side() == c.Me.Side() && c.Meanings[i].Force == GameForcing && c.Calls[i].Kind == bridge.Bid {
			return true
		}
	}
	return false
}

// ownArtificialDoubled reports whether the auction would end in my own
// artificial bid doubled (fourth suit forcing, a cue bid, a relay: 2D X P
// P): partner passed the double to let me speak again, and an artificial
// bid is not a contract.
func (c *Ctx) ownArtificialDoubled() bool {
	n := len(c.Calls)
	if n < 4 || c.Calls[n-1].Kind != bridge.Pass || c.Calls[n-2].Kind != bridge.Pass || c.Calls[n-3].Kind != bridge.Double {
		return false
	}
	if r := c.Meanings[n-2].Rule; r != "" && !strings.HasPrefix(r, "default.") {
		return false // partner's pass says something (the puppet's "to play in clubs")
	}
	k, m := c.Calls[n-4], c.Meanings[n-4]
	return k.Kind == bridge.Bid && m.Artificial && !isGame(k) && c.SeatAt(n-4) == c.Me
}

// theirContract reports whether the last bid was made by the opponents.
func (c *Ctx) theirContract() bool {
	_, s, ok := c.LastBid()
	return ok && s.Side() != c.Me.Side()
}

// balancing reports whether a pass now would end the auction on the
// opponents' contract.
func (c *Ctx) balancing() bool {
	n := len(c.Calls)
	return c.theirContract() && n >= 3 && c.Calls[n-1].Kind == bridge.Pass && c.Calls[n-2].Kind == bridge.Pass
}

// sideActed reports whether side has made a call but pass.
func (c *Ctx) sideActed(side card.Side) bool {
	for i, call := range c.Calls {
		if c.SeatAt(i).Side() == side && call.Kind != bridge.Pass {
			return true
		}
	}
	return false
}

// partnerBid reports whether partner has made a bid (not only passes or
// doubles).
func (c *Ctx) partnerBid() bool { _, ok := c.LastBidOf(c.Partner()); return ok }

// partnerLastCall returns the meaning of partner's last call but pass.
func (c *Ctx) partnerLastCall() (bridge.Call, Meaning, bool) {
	for i := len(c.Calls) - 1; i >= 0; i-- {
		if c.SeatAt(i) == c.Partner() && c.Calls[i].Kind != bridge.Pass {
			return c.Calls[i], c.Meanings[i], true
		}
	}
	return bridge.Call{}, Meaning{}, false
}

// partnerSignedOff: partner's last call asked me to pass.
func (c *Ctx) partnerSignedOff() bool {
	_, m, ok := c.partnerLastCall()
	return ok && m.Force == SignOff
}

// knownFit returns our best known fit, from my hand and partner's shown
// lengths: the longest eight-card (or longer) major fit, else the longest
// minor fit; n is 0 when there is none.
func knownFit(c *Ctx, e *Eval) (s card.Suit, n int) {
	for _, t := range []card.Suit{card.Spades, card.Hearts, card.Diamonds, card.Clubs} {
		f := c.Fit(e, t)
		if f < 8 || c.bidArtificiallyOnly(c.Partner(), t) && e.Len[t] < 5 {
			continue
		}
		if n == 0 || f > n && (t >= card.Hearts) == (s >= card.Hearts) {
			s, n = t, f
		}
	}
	return s, n
}

// bidArtificiallyOnly reports whether seat o's only length shown in suit t
// came from artificial calls (so partner's "length" may be a convention's
// promise the hand does not hold, as after a cue bid).
func (c *Ctx) bidArtificiallyOnly(o card.Seat, t card.Suit) bool {
	return c.ShownLen(o, t) > 0 && !c.bidNaturally(o, t) && c.ShownLen(o, t) < 4
}

// ourPts is my value for the partnership: HCP plus length, or support
// points in a known fit, plus partner's minimum.
func ourPts(c *Ctx, e *Eval) int {
	p := e.LengthPts
	s, n := knownFit(c, e)
	if n < 8 {
		return p + c.PartnerMin()
	}
	if e.Len[s] < c.ShownLen(c.Partner(), s)+2 {
		p = max(p, e.SupportPts(s))
	}
	return p + c.PartnerMinPts()
}

// ourHCP is my HCP plus partner's minimum.
func ourHCP(c *Ctx, e *Eval) int { return e.HCP + c.PartnerMin() }

// natActive: partner has bid, has not signed off, and the contract is not
// the opponents' (the constructive principles).
func natActive(c *Ctx, _ *Bind) bool {
	return c.partnerBid() && !c.partnerSignedOff()
}

// slamActive: partner has bid and the contract is ours (the slam
// principles): partner's sign-off in game does not stop them, the values
// it shows do.
func slamActive(c *Ctx, _ *Bind) bool { return c.partnerBid() && !c.theirContract() }

// stoppedTheirs: every suit the opponents showed is stopped, by me or by a
// stopper partner has shown.
func stoppedTheirs(c *Ctx, e *Eval) bool {
	for _, s := range c.TheirSuits() {
		if !e.Stopper(s) && !c.Shown[c.Partner()].Stopped[s] {
			return false
		}
	}
	return true
}

// ntShape: a hand for notrump: semi-balanced, or no singleton in a suit
// nobody of our side has bid and partner has not shown stopped (opposite
// a partner who has shown a balanced hand or bid notrump naturally, no
// void and no six-card suit: partner's honours cover a singleton).
func ntShape(c *Ctx, e *Eval) bool {
	if e.SemiBalanced {
		return true
	}
	short := 1
	if (c.Shown[c.Partner()].Balanced || c.bidStrainNaturally(c.Partner(), bridge.NoTrump)) && e.Len[e.Longest()] <= 5 {
		short = 0
	}
	ours := c.OurSuits()
	for s := card.Suit(0); s < card.NumSuits; s++ {
		// a suit of ours, or theirs that partner has shown stopped
		mine := c.Shown[c.Partner()].Stopped[s]
		for _, o := range ours {
			mine = mine || o == s
		}
		if !mine && e.Len[s] <= short {
			return false
		}
	}
	return true
}

// lawLevel is the level the law of total tricks allows with n trumps
// together: n-6, one lower when we are vulnerable and they are not.
func lawLevel(c *Ctx, n int) int {
	l := n - 6
	if c.Vulnerable() && !c.TheyVulnerable() {
		l--
	}
	return max(l, 2)
}

// showsAtLeast narrows a principle's meaning to the HCP it needs: the
// principles count my points and the least partner has shown, so a call
// made on 23 together shows 23 minus partner's minimum, less 2 for the
// length points the count may include (opener's 2NT invitation after
// 1D P 1H 1S shows 15+, and responder with 10 and six hearts bids game;
// reading it against partner's maximum, as before, showed nothing when
// partner's range was open).
func showsAtLeast(total int) func(c *Ctx, b *Bind, m *Meaning) {
	return func(c *Ctx, _ *Bind, m *Meaning) {
		m.MinHCP = max(m.MinHCP, min(37, max(0, total-2-c.PartnerMin())))
		if m.MaxHCP < m.MinHCP {
			m.MaxHCP = 37
		}
	}
}

// showsCombined narrows a call made on our HCP together (mine plus
// partner's minimum, combinedMin) to the HCP it needs: total less
// partner's minimum.
func showsCombined(total int) func(c *Ctx, b *Bind, m *Meaning) {
	return func(c *Ctx, _ *Bind, m *Meaning) {
		m.MinHCP = max(m.MinHCP, min(37, max(0, total-c.PartnerMin())))
		if m.MaxHCP < m.MinHCP {
			m.MaxHCP = 37
		}
	}
}

func naturalRules() []*Rule {
	any := "... *"
	rs := []*Rule{
		// Their low contract redoubled after our double: run to the
		// longest suit rather than let it make.
		// A suit of eight cards or more is bid, whatever the points: game
		// in a major, five of a minor with nine. Its tricks are its own
		// (a weak hand's eleven-card suit takes nine or ten), and a pass
		// would hide it for good. The book's calls come first.
		{Name: "nat.verylong.major", Prio: 21, Seq: any, Call: "4M", Force: SignOff,
			When: all(someoneBid, lastBelow(4, bridge.StrainClubs)),
			Need: Need{Len: "M8+", Test: hall(notTheirs('M'), notMine('M'))},
			Desc: "Very long suit: 8+ %M, game"},
		{Name: "nat.verylong.minor", Prio: 21, Seq: any, Call: "5m", Force: SignOff,
			When: all(someoneBid, lastBelow(5, bridge.StrainClubs)),
			Need: Need{Len: "m9+", Test: hall(notTheirs('m'), notMine('m'))},
			Desc: "Very long suit: 9+ %m, game"},
		{Name: "nat.run.redoubled", Prio: 27, Seq: any, Call: "cx", Force: NonForcing,
			When: all(theyBid, redoubled, lastBelow(3, bridge.StrainClubs)),
			Need: Need{Test: notTheirs('x')},
			Pref: func(e *Eval, b *Bind) int { return e.Len[b.S('x')]*10 - int(b.S('x')) },
			Desc: "Runs from their redoubled contract: the longest suit, %x"},
		// A strong hand opposite an opening makes a forcing call first.
		{Name: "nat.strong.newsuit", Prio: 27, Seq: any, Call: "cx", Force: GameForcing,
			When: all(natActive, firstCall, partnerOpened, lastBelow(3, bridge.StrainClubs)),
			Need: Need{Pts: rng(16, 37), Len: "x4+", Test: hall(notTheirs('x'), notPartners('x'))},
			Desc: "New suit: 16+ HCP, 4+ %x, forcing (slam interest)"},
		// Past 4NT, with a fit: slam in the fit.
		{Name: "nat.slam.fit", Prio: 26, Seq: any, Call: "6x", Force: SignOff,
			When: all(slamActive, func(c *Ctx, _ *Bind) bool { l, _, ok := c.LastBid(); return ok && l.Level == 5 }),
			Need: Need{Test: func(c *Ctx, e *Eval, b *Bind) bool {
				s, n := knownFit(c, e)
				return n >= 8 && s == b.S('x') && ourPts(c, e) >= 33 && ourHCP(c, e) >= 30
			}},
			Show: showsAtLeast(33), Desc: "Small slam in the %x fit: slam values"},
		{Name: "nat.slam.7nt", Prio: 27, Seq: any, Call: "7N", Force: SignOff,
			When: all(slamActive, lastBelow(7, bridge.NoTrump)),
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool { return ourHCP(c, e) >= 37 && ntShape(c, e) }},
			Show: showsAtLeast(37), Desc: "7NT: the values for a grand slam"},
		{Name: "nat.slam.6nt", Prio: 26, Seq: any, Call: "6N", Force: SignOff,
			When: all(slamActive, lastBelow(6, bridge.NoTrump)),
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				_, n := knownFit(c, e)
				return ourHCP(c, e) >= ntSlamNeed(c) && (n < 8 || e.Balanced) && ntShape(c, e) && stoppedTheirs(c, e)
			}},
			Show: showsAtLeast(33), Desc: "6NT: slam values, no fit to explore"},
		// Game values with three cards in partner's major: show them
		// first (partner bids game in the major with five, notrump
		// without).
		{Name: "nat.support3", Prio: 26, Seq: any, Call: "cM", Force: Forcing,
			When: all(natActive, cheapLevel('M', 3), partnerShowedMajor),
			Need: Need{Len: "M3", Test: func(c *Ctx, e *Eval, b *Bind) bool {
				_, n := knownFit(c, e)
				return n < 8 && ourPts(c, e) >= gameNeed(c) && c.ShownLen(c.Partner(), b.S('M')) == 4
			}},
			Show: showsGame, Desc: "Three-card support for %M, game values"},
		// Game values: a major fit, then notrump, then a minor.
		{Name: "nat.game.major", Prio: 26, Seq: any, Call: "4M", Force: SignOff,
			When: all(natActive, notBeyondGame('M')),
			Need: Need{Test: func(c *Ctx, e *Eval, b *Bind) bool {
				s, n := knownFit(c, e)
				if n >= 8 {
					return s == b.S('M') && ourPts(c, e) >= gameNeed(c)
				}
				own := e.Len[b.S('M')] >= 7 || e.Len[b.S('M')] >= 6 && (e.GoodSuit(b.S('M')) || c.Shown[c.Partner()].Balanced || c.ShownLen(c.Partner(), b.S('M')) >= 2)
				return own && ourPts(c, e) >= gameNeed(c)
			}},
			Show: func(c *Ctx, b *Bind, m *Meaning) {
				showsGame(c, b, m)
				if c.ShownLen(c.Partner(), b.S('M')) >= 4 {
					showsFit('M')(c, b, m) // a fit, or six cards of partner's major
				}
			},
			Desc: "Game in %M: the values for game, a fit or a long suit"},
		{Name: "nat.game.3nt", Prio: 26, Seq: any, Call: "3N", Force: SignOff,
			When: all(natActive, lastBelow(3, bridge.NoTrump)),
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				s, n := knownFit(c, e)
				if n >= 8 && s >= card.Hearts {
					return false
				}
				return ourHCP(c, e) >= gameNeed(c) && stoppedTheirs(c, e) && ntShape(c, e)
			}},
			Show: showsGame, Desc: "3NT: the values for game, no major fit, the opponents' suits stopped"},
		{Name: "nat.game.minor", Prio: 25, Seq: any, Call: "5m", Force: SignOff,
			When: all(natActive, notBeyondGame('m')),
			Need: Need{Test: func(c *Ctx, e *Eval, b *Bind) bool {
				s, n := knownFit(c, e)
				long := e.Len[b.S('m')] >= 7 || e.Len[b.S('m')] >= 6 && e.GoodSuit(b.S('m'))
				return (n >= 8 && s == b.S('m') || n < 8 && long) && ourPts(c, e) >= 28
			}},
			Show: showsAtLeast(26), Desc: "Game in %m: the values for game, no notrump"},
		// Partner's invitation accepted with more HCP than the pass of
		// it shows (the bottom of my range, inviteDeclined), when no
		// rule of the book answers it: game in partner's major with a fit
		// or a long major, else 3NT with the shape for it, else game in
		// the minor fit.
		{Name: "nat.accept", Prio: 24, Seq: any, Call: "4M 3N 5m", Force: SignOff,
			When: all(natActive, invitedToGame),
			Need: Need{Test: func(c *Ctx, e *Eval, b *Bind) bool {
				if e.HCP <= inviteDeclined(&c.Shown[c.Me]) {
					return false
				}
				l, _ := c.LastBidOf(c.Partner())
				s, n := knownFit(c, e)
				major := n >= 8 && s >= card.Hearts
				if t, ok := b.Suit('M'); ok {
					return major && t == s || !major && l.Strain == bridge.Strain(t) && c.ShownLen(c.Partner(), t) >= 6 && e.Len[t] >= 2
				}
				if t, ok := b.Suit('m'); ok {
					return n >= 8 && t == s && !(ntShape(c, e) && stoppedTheirs(c, e))
				}
				return !major && ntShape(c, e) && stoppedTheirs(c, e)
			}},
			Pref: func(e *Eval, b *Bind) int {
				if _, ok := b.Suit('m'); ok {
					return 0
				}
				return 1
			},
			Desc: "Accepts the invitation: game"},
		// Invitational values: raise a fit, or 2NT.
		{Name: "nat.invite.raise", Prio: 24, Seq: any, Call: "cx", Force: Invitational,
			When: all(natActive, partnersLastPred('x'), cheapLevel('x', 3)),
			Need: Need{Test: func(c *Ctx, e *Eval, b *Bind) bool {
				s, n := knownFit(c, e)
				call, _ := levelFor(c, 'c', bridge.Strain(s))
				return n >= 8 && s == b.S('x') && call.Level == 3 && ourPts(c, e) >= 23 && ourPts(c, e) < gameNeed(c)
			}},
			Show: func(c *Ctx, b *Bind, m *Meaning) { showsAtLeast(23)(c, b, m); showsFit('x')(c, b, m) },
			Desc: "Raise of %x: invites game"},
		{Name: "nat.invite.2nt", Prio: 24, Seq: any, Call: "2N", Force: Invitational,
			When: all(natActive, lastBelow(2, bridge.NoTrump)),
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				_, n := knownFit(c, e)
				return n < 8 && ourHCP(c, e) >= 23 && ourHCP(c, e) < gameNeed(c) && stoppedTheirs(c, e) && ntShape(c, e)
			}},
			Show: showsAtLeast(23), Desc: "2NT: invites 3NT, the opponents' suits stopped"},
		// Against the opponents' contract.
		{Name: "nat.strong.double", Prio: 25, Seq: any, Call: "X", Force: Forcing,
			When: all(theyBid, weSilent, lastBelow(4, bridge.StrainClubs), lastSuit),
			Need: Need{Pts: rng(16, 37), Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				return e.HCP >= 17 || c.balancing() && e.HCP >= 15
			}},
			Desc: "Double: a strong hand (16+ HCP), will bid again"},
		// Values and a five-card suit over the opponents' opening: overcall
		// rather than pass (the book's overcalls want a good suit).
		{Name: "nat.overcall", Prio: 24, Seq: any, Call: "cx", Force: NonForcing,
			When: all(theyBid, weSilent, lastSuit, lastBelow(3, bridge.StrainSpades)),
			Need: Need{Pts: rng(10, 17), Len: "x5+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
				x := b.S('x')
				if c.theyShowed(x) || !e.DecentSuit(x) {
					return false
				}
				for _, t := range c.TheirSuits() {
					if e.Len[t] >= 4 {
						return false // length in their suit defends
					}
				}
				call, _ := levelFor(c, 'c', bridge.Strain(x))
				switch call.Level {
				case 1:
					return e.HCP >= 10
				case 2:
					return e.HCP >= 12 || e.Len[x] >= 6 && e.HCP >= 11
				}
				return e.Len[x] >= 6 && (e.HCP >= 14 || e.GoodSuit(x) && e.HCP >= 11)
			}},
			Pref: longerSuit('x'),
			Desc: "Overcall: 10-17 HCP, 5+ %x"},
		// Their 1NT response (1x P 1NT): a six-card major of a sound hand
		// is bid at the two level all the same (a sandwich overcall).
		{Name: "nat.overcall.sandwich", Prio: 24, Seq: "1x P 1N", Call: "2M", Force: NonForcing,
			When: differ('M', 'x'),
			Need: Need{Pts: rng(11, 17), Len: "M6+", Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.DecentSuit(b.S('M')) }},
			Desc: "Overcall over their 1NT response: 11-17 HCP, 6+ %M"},
		{Name: "nat.doubler.nt", Prio: 25, Seq: any, Call: "cN", Force: NonForcing,
			When: all(iDoubledStrong, lastBelow(3, bridge.NoTrump)),
			Need: Need{Pts: rng(18, 37), Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				return stoppersTheirs(c, e, nil) && e.SemiBalanced
			}},
			Desc: "Notrump after a double: 18+ HCP, balanced, stoppers"},
		{Name: "nat.doubler.suit", Prio: 24, Seq: any, Call: "cx", Force: NonForcing,
			When: all(iDoubledStrong, lastBelow(4, bridge.StrainClubs)),
			Need: Need{Pts: rng(16, 37), Len: "x5+", Test: notTheirs('x')},
			Desc: "Own suit after a double: 16+ HCP, 5+ %x"},
		// A strong opener whose partner is weak or silent shows a second
		// suit over the opponents (or his long suit again).
		{Name: "nat.strong.rebid.jump", Prio: 24, Seq: any, Call: "jx", Force: Forcing,
			When: all(theyBid, iOpened, lastBelow(3, bridge.StrainClubs)),
			Need: Need{Pts: rng(21, 37), Len: "x4+", Test: secondSuit},
			Pref: func(e *Eval, b *Bind) int { return -int(b.S('x')) },
			Desc: "Jump in a new suit in competition: 21+ HCP, %x"},
		{Name: "nat.strong.rebid", Prio: 24, Seq: any, Call: "cx", Force: NonForcing,
			When: all(theyBid, iOpened, lastBelow(4, bridge.StrainClubs)),
			Need: Need{Pts: rng(18, 37), Len: "x4+", Test: secondSuit},
			Pref: func(e *Eval, b *Bind) int { return -int(b.S('x')) },
			Desc: "Strong hand in competition: 18+ HCP, a second suit, %x"},
		{Name: "nat.strong.rebid.own", Prio: 24, Seq: any, Call: "cx", Force: NonForcing,
			When: all(theyBid, iOpened, lastBelow(4, bridge.StrainClubs)),
			Need: Need{Pts: rng(18, 37), Len: "x6+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
				return c.ShownLen(c.Me, b.S('x')) > 0
			}},
			Desc: "Strong hand in competition: 18+ HCP, 6+ %x"},
		// An opener with a long suit rebids it over the interference
		// rather than pass: at the two level with six, at the three level
		// with seven or extra values (a pass would say there is nothing
		// more to tell).
		{Name: "nat.rebid.own", Prio: 23, Seq: any, Call: "cx", Force: NonForcing,
			When: all(theyBid, iOpened, secondCallOfMine, lastBelow(3, bridge.StrainSpades)),
			Need: Need{Pts: rng(11, 17), Len: "x6+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
				x := b.S('x')
				if c.ShownLen(c.Me, x) == 0 || c.theyShowed(x) {
					return false
				}
				call, _ := levelFor(c, 'c', bridge.Strain(x))
				return call.Level <= 2 || call.Level == 3 && (e.Len[x] >= 7 || e.HCP >= 15)
			}},
			Desc: "Rebids a long suit in competition: 6+ %x"},
		// An overcaller with a long suit and more than the overcall needs
		// bids it again over their bidding, as the opener does.
		{Name: "nat.ovc.rebid.own", Prio: 23, Seq: any, Call: "cx", Force: NonForcing,
			When: all(theyBid, iOvercalled, oneBidOfMine, lastBelow(4, bridge.StrainClubs)),
			Need: Need{Pts: rng(11, 37), Len: "x6+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
				x := b.S('x')
				if !c.bidNaturally(c.Me, x) || c.theyShowed(x) {
					return false
				}
				call, _ := levelFor(c, 'c', bridge.Strain(x))
				return call.Level <= 3 && (e.Len[x] >= 7 || e.HCP >= 14)
			}},
			Desc: "Overcaller rebids a long suit: 6+ %x, a seventh card or extra values"},
		// Partner overcalled and they bid on: a long suit of my own,
		// without a fit for partner's, is bid (non-forcing) rather than
		// pass.
		{Name: "nat.adv.newsuit", Prio: 22, Seq: any, Call: "cx", Force: NonForcing,
			When: all(theyBid, partnerOvercalled, firstCall, lastBelow(4, bridge.StrainClubs)),
			Need: Need{Pts: rng(8, 16), Len: "x6+", Test: func(c *Ctx, e *Eval, b *Bind) bool {
				x := b.S('x')
				if c.theyShowed(x) || c.ShownLen(c.Partner(), x) > 0 || !e.DecentSuit(x) {
					return false
				}
				if l, ok := c.LastBidOf(c.Partner()); ok {
					if t, ok := l.Strain.Suit(); ok && e.Len[t] >= 3 {
						return false // a fit for partner: raise (nat.compete)
					}
				}
				call, _ := levelFor(c, 'c', bridge.Strain(x))
				return call.Level <= 2 && e.HCP >= 8 || call.Level == 3 && e.HCP >= 10 || call.Level == 4 && e.Len[x] >= 8
			}},
			Pref: longerSuit('x'),
			Desc: "Own suit after partner's overcall: 6+ %x, no fit for partner"},
		// Partner's double of a low suit contract asks me to bid, unless I
		// hold their suit (five cards, or four with two honours).
		{Name: "nat.takeout.answer", Prio: 23, Seq: any, Call: "cx", Force: NonForcing,
			When: all(partnerDoubledTheirSuit, lastBelow(4, bridge.StrainClubs)),
			Need: Need{Test: func(c *Ctx, e *Eval, b *Bind) bool {
				l, _, _ := c.LastBid()
				t, _ := l.Strain.Suit()
				x := b.S('x')
				if e.Len[t] >= 5 || e.Len[t] == 4 && e.Top(t, 5) >= 2 || c.theyShowed(x) || x == t {
					return false // length and honours in their suit: defend
				}
				for s := card.Suit(0); s < card.NumSuits; s++ {
					if s != t && !c.theyShowed(s) && e.Len[s] > e.Len[x] {
						return false
					}
				}
				return true
			}, Len: "x4+"},
			Pref: longerSuit('x'),
			Desc: "Answers partner's double: 4+ %x"},
		{Name: "nat.balance.double", Prio: 24, Seq: any, Call: "X", Force: Forcing,
			When: all(balancingPred, weSilent, lastSuit, lastBelow(3, bridge.StrainClubs)),
			Need: Need{Pts: rng(9, 37), Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				l, _, _ := c.LastBid()
				t, ok := l.Strain.Suit()
				if !ok || e.Len[t] > 3 || e.Len[t] == 3 && e.HCP < 12 {
					return false
				}
				for s := card.Suit(0); s < card.NumSuits; s++ {
					if s != t && e.Len[s] < 3 && !c.theyShowed(s) {
						return false
					}
					// a five-card major of a fair hand is bid instead
					if s >= card.Hearts && s != t && e.Len[s] >= 5 && !c.theyShowed(s) && e.HCP < 15 {
						return false
					}
				}
				return true
			}},
			Desc: "Balancing double: short in their suit, support for the others"},
		{Name: "nat.balance.suit", Prio: 23, Seq: any, Call: "cx", Force: NonForcing,
			When: all(balancingPred, lastSuit, lastBelow(3, bridge.StrainSpades)),
			Need: Need{Pts: rng(8, 16), Len: "x5+", Test: hall(notTheirs('x'), func(c *Ctx, e *Eval, b *Bind) bool {
				call, _ := levelFor(c, 'c', bridge.Strain(b.S('x')))
				return call.Level <= 2 || e.Len[b.S('x')] >= 6 && e.HCP >= 10
			})},
			Desc: "Balancing: 5+ %x, a fair hand"},
		// Their bid at the five level over our game is a sacrifice when
		// our side holds the balance of strength: it is doubled (a pass
		// lets them off for 50 a trick), whatever our length in their
		// suit, unless a ten-card fit of ours may make the five level (tried
		// before competing on: nat.compete).
		{Name: "nat.penalty.save", Prio: 24, Seq: any, Call: "X", Force: NonForcing,
			When: all(theyBid, lastNotDoubled, saveOverOurGame),
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				_, n := knownFit(c, e)
				return ourHCP(c, e) >= 23 && n < 10
			}},
			Show: showsAtLeast(23), Desc: "Penalty double of their sacrifice: our side holds the balance of strength"},
		{Name: "nat.compete", Prio: 23, Seq: any, Call: "cx", Force: NonForcing,
			When: all(theyBid, partnerBidPred),
			Need: Need{Pts: rng(5, 37), Test: func(c *Ctx, e *Eval, b *Bind) bool {
				s, n := knownFit(c, e)
				if n < 8 || s != b.S('x') {
					return false
				}
				call, _ := levelFor(c, 'c', bridge.Strain(s))
				return int(call.Level) <= lawLevel(c, n) && call.Level <= 4 && !isGame(call) || isGame(call) && call.Level <= 5 && ourPts(c, e) >= 25
			}},
			Desc: "Competes in %x: the law of total tricks"},
		// Doubles of their contract when our side has the values. Of a
		// suit below four clubs it is cooperative: partner leaves it in
		// with length in their suit and otherwise bids
		// (nat.takeout.answer); of notrump or a suit at the four level
		// it is for penalty.
		{Name: "nat.penalty", Prio: 22, Seq: any, Call: "X", Force: NonForcing,
			When: all(theyBid, partnerBidPred, lastNotDoubled, not(lowSuitContract)),
			Need: Need{Test: valuesDouble},
			Show: showsAtLeast(20), Desc: "Penalty double: the opponents are overboard"},
		{Name: "nat.coop.double", Prio: 22, Seq: any, Call: "X", Force: NonForcing,
			When: all(theyBid, partnerBidPred, lastNotDoubled, lowSuitContract),
			Need: Need{Test: valuesDouble},
			Show: showsAtLeast(20), Desc: "Cooperative double: the values to defend; partner leaves it in with length in their suit, otherwise bids"},
		// The last resort when a pass is not allowed.
		{Name: "nat.forced.long", Prio: 5, Seq: any, Call: "cx", When: forced,
			Need: Need{Test: notTheirs('x')},
			Pref: longerSuit('x'),
			Desc: "Forced: the longest suit"},
		{Name: "nat.forced.any", Prio: 4, Seq: any, Call: "cx cN", When: forced,
			Pref: func(e *Eval, b *Bind) int {
				if s, ok := b.Suit('x'); ok {
					return e.Len[s]*10 + int(s)
				}
				return 0
			},
			Desc: "Forced: the cheapest bid"},
	}
	for _, r := range rs {
		r.Natural = true
	}
	return rs
}

// invitedToGame: partner's last call is a natural bid inviting game, the
// last bid of the auction.
func invitedToGame(c *Ctx, _ *Bind) bool {
	n := len(c.Calls)
	if n < 2 || c.Calls[n-1].Kind != bridge.Pass || c.Calls[n-2].Kind != bridge.Bid || isGame(c.Calls[n-2]) {
		return false
	}
	m := c.Meanings[n-2]
	return m.Force == Invitational && !m.Artificial
}

// lastBelowGame: the last bid is below game (passing it says the hand has
// no game; passing a game says only that it has no slam).
func lastBelowGame(c *Ctx, _ *Bind) bool {
	l, _, ok := c.LastBid()
	return ok && !isGame(l)
}

// firstCall: the seat to act has made no call but passes.
func firstCall(c *Ctx, _ *Bind) bool { return !secondRound(c, nil) }

// partnerOpened: partner made the opening bid, at the one level in a suit.
func partnerOpened(c *Ctx, _ *Bind) bool {
	o, ok := c.Opener()
	return ok && o == c.Partner() && c.Calls[c.Open].Level == 1 && c.Calls[c.Open].Strain != bridge.NoTrump
}

// notTheirs: suit v is not one the opponents have shown.
func notTheirs(v byte) HandPred {
	return func(c *Ctx, _ *Eval, b *Bind) bool { return !c.theyShowed(suitOf(c, b, v)) }
}

// notMine: suit v is not one this seat has shown.
func notMine(v byte) HandPred {
	return func(c *Ctx, _ *Eval, b *Bind) bool { return c.ShownLen(c.Me, suitOf(c, b, v)) == 0 }
}

// someoneBid: a bid has been made (the openings are the book's).
func someoneBid(c *Ctx, _ *Bind) bool {
	_, _, ok := c.LastBid()
	return ok
}

// notPartners: suit v is not one partner has shown.
func notPartners(v byte) HandPred {
	return func(c *Ctx, _ *Eval, b *Bind) bool { return c.ShownLen(c.Partner(), suitOf(c, b, v)) < 3 }
}

// theyShowed reports whether the opponents have shown suit s.
func (c *Ctx) theyShowed(s card.Suit) bool {
	for _, t := range c.TheirSuits() {
		if t == s {
			return true
		}
	}
	return false
}

// notBeyondGame: the game bid in suit v is still available.
func notBeyondGame(v byte) AuctionPred {
	return func(c *Ctx, b *Bind) bool {
		s := b.S(v)
		lv := 4
		if s <= card.Diamonds {
			lv = 5
		}
		l, _, ok := c.LastBid()
		return !ok || l.Rank() < bridge.NewBid(lv, bridge.Strain(s)).Rank()
	}
}

// partnersLastPred: v is the suit of partner's last bid, a natural one.
func partnersLastPred(v byte) AuctionPred {
	return func(c *Ctx, b *Bind) bool {
		for i := len(c.Calls) - 1; i >= 0; i-- {
			l := c.Calls[i]
			if c.SeatAt(i) != c.Partner() || l.Kind != bridge.Bid {
				continue
			}
			if l.Strain == bridge.NoTrump || c.Meanings[i].Artificial {
				return false // not a suit to raise
			}
			return b.set(v, card.Suit(l.Strain))
		}
		return false
	}
}

// theyBid: the last bid is the opponents'.
func theyBid(c *Ctx, _ *Bind) bool { return c.theirContract() }

// lastSuit: the last bid is in a suit (a double of notrump is for
// penalties, which the book covers).
func lastSuit(c *Ctx, _ *Bind) bool {
	l, _, ok := c.LastBid()
	return ok && l.Strain != bridge.NoTrump
}

// partnerBidPred: partner has bid and not signed off.
func partnerBidPred(c *Ctx, _ *Bind) bool {
	return c.partnerBid() && !c.partnerSignedOff()
}

// balancingPred: a pass now would end the auction on their contract.
func balancingPred(c *Ctx, _ *Bind) bool { return c.balancing() }

// weSilent: our side has made no call but passes.
func weSilent(c *Ctx, _ *Bind) bool { return !c.sideActed(c.Me.Side()) }

// lastNotDoubled: the last call is not a double or redouble of the bid.
func lastNotDoubled(c *Ctx, _ *Bind) bool {
	for i := len(c.Calls) - 1; i >= 0; i-- {
		switch c.Calls[i].Kind {
		case bridge.Double, bridge.Redouble:
			return false
		case bridge.Bid:
			return true
		}
	}
	return true
}

// iDoubledStrong: my only non-pass call so far was a double of the
// opponents, and partner has answered it.
func iDoubledStrong(c *Ctx, _ *Bind) bool {
	mine := 0
	doubled := false
	for i, call := range c.Calls {
		if c.SeatAt(i) != c.Me || call.Kind == bridge.Pass {
			continue
		}
		mine++
		doubled = call.Kind == bridge.Double
	}
	return mine == 1 && doubled && !c.WeOpened()
}

// secondCallOfMine: I have made exactly one call that was not a pass.
func secondCallOfMine(c *Ctx, _ *Bind) bool {
	n := 0
	for _, call := range c.CallsOf(c.Me) {
		if call.Kind != bridge.Pass {
			n++
		}
	}
	return n == 1
}

// iOvercalled: the opponents opened and the seat to act made our side's
// first call but pass (an overcall, or a double before a bid of its
// own).
func iOvercalled(c *Ctx, _ *Bind) bool {
	s, _, ok := firstAction(c)
	return ok && s == c.Me
}

// partnerOvercalled: the opponents opened and partner made our side's
// first call but pass, a bid (an overcall).
func partnerOvercalled(c *Ctx, _ *Bind) bool {
	s, call, ok := firstAction(c)
	return ok && s == c.Partner() && call.Kind == bridge.Bid
}

// firstAction returns, when the opponents opened, the seat that made our
// side's first call but pass, and that call.
func firstAction(c *Ctx) (card.Seat, bridge.Call, bool) {
	if o, ok := c.Opener(); !ok || o.Side() == c.Me.Side() {
		return 0, bridge.Call{}, false
	}
	for i, call := range c.Calls {
		if call.Kind != bridge.Pass && c.SeatAt(i).Side() == c.Me.Side() {
			return c.SeatAt(i), call, true
		}
	}
	return 0, bridge.Call{}, false
}

// oneBidOfMine: the seat to act has made exactly one bid (doubles aside).
func oneBidOfMine(c *Ctx, _ *Bind) bool {
	n := 0
	for _, call := range c.CallsOf(c.Me) {
		if call.Kind == bridge.Bid {
			n++
		}
	}
	return n == 1
}

// iOpened: the seat to act made the opening bid.
func iOpened(c *Ctx, _ *Bind) bool {
	o, ok := c.Opener()
	return ok && o == c.Me
}

// valuesDouble: the values to double their contract: 23 HCP together
// and three cards in their suit at the two level or higher, or 20 and
// four cards with 3 HCP in it at the three level or higher, or 23 against
// notrump; not with a nine-card fit of ours to bid on.
func valuesDouble(c *Ctx, e *Eval, _ *Bind) bool {
	l, _, _ := c.LastBid()
	if s, ok := l.Strain.Suit(); ok {
		if _, n := knownFit(c, e); n >= 9 {
			return false
		}
		return ourHCP(c, e) >= 23 && l.Level >= 2 && e.Len[s] >= 3 ||
			ourHCP(c, e) >= 20 && l.Level >= 3 && e.Len[s] >= 4 && e.SuitHCP[s] >= 3
	}
	return ourHCP(c, e) >= 23
}

// saveOverOurGame: the opponents' last bid, at the five level or higher,
// came over our side's bid of game (partner has bid: a game he signed
// off in counts).
func saveOverOurGame(c *Ctx, _ *Bind) bool {
	last, _, ok := c.LastBid()
	if !ok || !c.theirContract() || last.Level < 5 || !c.partnerBid() {
		return false
	}
	// the bid before theirs
	for i, seen := len(c.Calls)-1, false; i >= 0; i-- {
		if c.Calls[i].Kind != bridge.Bid {
			continue
		}
		if seen {
			return c.SeatAt(i).Side() == c.Me.Side() && isGame(c.Calls[i])
		}
		seen = true
	}
	return false
}

// lowSuitContract: their contract is a suit below four clubs, whose
// double partner answers unless he holds their suit (nat.takeout.answer).
var lowSuitContract = all(theyBid, lastSuit, lastBelow(4, bridge.StrainClubs))

// partnerDoubledTheirSuit: partner's last call doubled the opponents' suit
// bid (the last bid), and the right-hand opponent passed.
func partnerDoubledTheirSuit(c *Ctx, _ *Bind) bool {
	n := len(c.Calls)
	if n < 2 || c.Calls[n-1].Kind != bridge.Pass || c.Calls[n-2].Kind != bridge.Double {
		return false
	}
	l, s, ok := c.LastBid()
	return ok && s.Side() != c.Me.Side() && l.Strain != bridge.NoTrump && !partnerLeadDouble(c)
}

// ourSuit reports whether our side has already bid suit s naturally.
func (c *Ctx) ourSuit(s card.Suit) bool {
	return c.bidNaturally(c.Me, s) || c.bidNaturally(c.Partner(), s)
}

// belowSlam: our values together are short of a slam (33), so a game
// bid, not a slam try, is the book's call.
func belowSlam(c *Ctx, e *Eval, _ *Bind) bool { return ourHCP(c, e) < 33 && ourPts(c, e) < 33 }

// redoubled: the contract is redoubled.
func redoubled(c *Ctx, _ *Bind) bool {
	for i := len(c.Calls) - 1; i >= 0; i-- {
		switch c.Calls[i].Kind {
		case bridge.Redouble:
			return true
		case bridge.Bid, bridge.Double:
			return false
		}
	}
	return false
}

// secondSuit holds for a suit x that is new for our side (neither partner
// nor I showed it, partner at most two cards) and not the opponents'.
func secondSuit(c *Ctx, _ *Eval, b *Bind) bool {
	x := b.S('x')
	return !c.theyShowed(x) && c.ShownLen(c.Partner(), x) < 3 && c.ShownLen(c.Me, x) == 0
}

// gameNeed is the total a game principle needs: 25, 24 vulnerable (a
// vulnerable game pays when it makes 38 % of the time, one not
// vulnerable 45 %).
func gameNeed(c *Ctx) int {
	if c.Vulnerable() {
		return 24
	}
	return 25
}

// showsGame narrows a game principle's call to the HCP gameNeed asks.
func showsGame(c *Ctx, b *Bind, m *Meaning) { showsAtLeast(gameNeed(c))(c, b, m) }

// combinedGame: my HCP and partner's minimum make gameNeed.
func combinedGame(c *Ctx, e *Eval, b *Bind) bool { return combinedMin(gameNeed(c))(c, e, b) }

// showsCombinedGame narrows a call made on combinedGame to the HCP it needs.
func showsCombinedGame(c *Ctx, b *Bind, m *Meaning) { showsCombined(gameNeed(c))(c, b, m) }
