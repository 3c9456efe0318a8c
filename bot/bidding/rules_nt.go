package bidding

import (
	"fmt"
	"strings"

	"atout/card"
)

// Notrump structure: Stayman, Jacoby transfers, invitations and slam
// tries after 1NT, and the same tools one level higher after 2NT.

// staymanHand: a four-card major and enough to invite, not a hand that
// transfers (a six-card major, or 5-5 in the majors).
func staymanHand(minPts int) HandPred {
	return func(_ *Ctx, e *Eval, _ *Bind) bool {
		h, s := e.Len[card.Hearts], e.Len[card.Spades]
		if h != 4 && s != 4 || h >= 6 || s >= 6 || h >= 5 && s >= 5 {
			return false
		}
		if e.Shape() == [4]int{4, 3, 3, 3} && e.HCP < 10 {
			return false
		}
		if (h >= 5 || s >= 5) && e.HCP < minPts {
			return false
		}
		return e.HCP >= minPts
	}
}

// garbageStayman: weak, short clubs, can stand any answer.
func garbageStayman(_ *Ctx, e *Eval, _ *Bind) bool {
	// a five-card major transfers instead
	return e.HCP <= 7 && e.Len[card.Clubs] <= 1 && e.Len[card.Hearts] >= 3 && e.Len[card.Spades] >= 3 && e.Len[card.Diamonds] >= 4 &&
		e.Len[card.Hearts] <= 4 && e.Len[card.Spades] <= 4
}

// minorSlamTry: 13+ HCP and a long minor: Stayman first, then the minor.
func minorSlamTry(_ *Ctx, e *Eval, _ *Bind) bool {
	return e.HCP >= 13 && !e.Balanced && (e.Len[card.Clubs] >= 5 || e.Len[card.Diamonds] >= 5) &&
		e.Len[card.Hearts] < 5 && e.Len[card.Spades] < 5
}

func spadeTransfer(_ *Ctx, e *Eval, _ *Bind) bool {
	s, h := e.Len[card.Spades], e.Len[card.Hearts]
	if s < 5 || h > s {
		return false
	}
	if s == h {
		return e.HCP >= 10 || e.SuitHCP[card.Spades] >= e.SuitHCP[card.Hearts]
	}
	return true
}

func noMajor4(_ *Ctx, e *Eval, _ *Bind) bool {
	return e.Len[card.Hearts] < 4 && e.Len[card.Spades] < 4 || e.Shape() == [4]int{4, 3, 3, 3}
}

// ntResponses returns the responses to a notrump opening at level lv (1 or
// 2) after the auction prefix pre; lo is responder's minimum for game
// opposite the opening's range.
func ntResponses(pre string, lv int, gameMin int, q4, q6 [2]int) []*Rule {
	at := func(l int, s string) string { return fmt.Sprintf("%d%s", l+lv-1, s) }
	seq := pre
	name := fmt.Sprintf("nt%d.", lv)
	inv := gameMin - 2
	if lv == 2 {
		// Over 2NT there is no room to invite: a hand short of game
		// passes (Stayman's answer, the transfer), whatever it holds.
		inv = gameMin
	}
	// slamBelow is the most HCP responder bids game with after Stayman or
	// a transfer: short of slam values (gen.3nt and the game principles
	// bid game up to there too); 3NT, written to 15 before, keeps 15.
	slamBelow := gameMin + 7
	ntBelow := max(15, slamBelow)
	// fitGame is the least responder raises a major fit to game with:
	// over 2NT, what would invite over 1NT.
	fitGame := gameMin
	if lv == 2 {
		fitGame = gameMin - 2
	}
	rs := []*Rule{
		{Name: name + "6nt", Prio: 130, Seq: seq, Call: "6N", Need: Need{Pts: q6, Bal: 1},
			Desc: "Slam: enough for 6NT", Force: SignOff},
		{Name: name + "4nt", Prio: 129, Seq: seq, Call: "4N", Need: Need{Pts: q4, Bal: 1, Test: noMajor4},
			Desc: "Quantitative 4NT: invites 6NT", Force: Invitational},
		{Name: name + "3major.slam", Prio: 125, Seq: seq, Call: at(3, "M"), When: func(c *Ctx, b *Bind) bool { return lv == 1 },
			Need: Need{Pts: rng(13, 15), Len: "M6+", Test: good('M')}, Force: GameForcing,
			Desc: "Slam try: 6+ %M, 13-15 HCP"},
		{Name: name + "stayman", Prio: 110, Seq: seq, Call: at(2, "C"), Art: true, Force: Forcing,
			Need: Need{Test: hany(staymanHand(gameMin-2), func(c *Ctx, e *Eval, b *Bind) bool { return lv == 1 && garbageStayman(c, e, b) }, minorSlamTry)},
			Desc: "Stayman: asks for a four-card major"},
		{Name: name + "transfer.s", Prio: 106, Seq: seq, Call: at(2, "H"), Art: true, Force: Forcing,
			Need: Need{Len: "S5+", Test: spadeTransfer},
			Desc: "Jacoby transfer: 5+ spades"},
		{Name: name + "transfer.h", Prio: 105, Seq: seq, Call: at(2, "D"), Art: true, Force: Forcing,
			Need: Need{Len: "H5+"},
			Desc: "Jacoby transfer: 5+ hearts"},
		{Name: name + "3nt.runner", Prio: 102, Seq: seq, Call: "3N", When: func(c *Ctx, b *Bind) bool { return lv == 1 },
			Need: Need{Pts: rng(6, 9), Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				for _, m := range []card.Suit{card.Clubs, card.Diamonds} {
					if e.Len[m] >= 7 && e.Top(m, 2) == 2 {
						return true
					}
				}
				return false
			}},
			Desc: "3NT: a long running minor", Force: SignOff},
		{Name: name + "3minor.inv", Prio: 101, Seq: seq, Call: "3m", When: func(c *Ctx, b *Bind) bool { return lv == 1 },
			Need: Need{Pts: rng(5, 9), Len: "m6+", Test: good('m')}, Force: Invitational,
			Desc: "Invitational: good 6+ %m"},
		{Name: name + "puppet", Prio: 100, Seq: seq, Call: "2S", Art: true, Force: Forcing, When: func(c *Ctx, b *Bind) bool { return lv == 1 },
			Need: Need{Pts: rng(0, 7), Len: "m6+"},
			Desc: "2S: asks opener to bid 3C, to play a minor"},
		{Name: name + "3nt", Prio: 90, Seq: seq, Call: "3N", Force: SignOff,
			Need: Need{Pts: rng(gameMin, 15+gameMin-10), Count: LengthPts, Test: noMajor4},
			Desc: "3NT: game values, no four-card major (or a flat 4-3-3-3)"},
		{Name: name + "2nt", Prio: 85, Seq: seq, Call: "2N", When: func(c *Ctx, b *Bind) bool { return lv == 1 },
			Need: Need{Pts: rng(inv, gameMin-1), Count: LengthPts, Test: noMajor4}, Force: Invitational,
			Desc: "2NT: invites 3NT"},
		{Name: name + "pass", Prio: 20, Seq: seq, Call: "P", Need: Need{Pts: rng(0, gameMin-1)},
			Desc: "Pass: no game"},
	}
	// Opener answers.
	rs = append(rs,
		&Rule{Name: name + "stayman.h", Prio: 100, Seq: pre + " " + at(2, "C") + " P/X", Call: at(2, "H"), Need: Need{Len: "H4+"},
			Desc: "Answer to Stayman: four hearts"},
		&Rule{Name: name + "stayman.s", Prio: 99, Seq: pre + " " + at(2, "C") + " P/X", Call: at(2, "S"), Need: Need{Len: "S4+ H0-3"},
			Desc: "Answer to Stayman: four spades, not four hearts"},
		&Rule{Name: name + "stayman.d", Prio: 98, Seq: pre + " " + at(2, "C") + " P/X", Call: at(2, "D"), Art: true, Need: Need{Len: "H0-3 S0-3"},
			Desc: "Answer to Stayman: no four-card major"},
		&Rule{Name: name + "accept.h.super", Prio: 101, Seq: pre + " " + at(2, "D") + " P", Call: at(3, "H"), When: func(c *Ctx, b *Bind) bool { return lv == 1 },
			Need: Need{Len: "H4+", Pts: rng(17, 17)}, Force: Invitational,
			Desc: "Super-accept: four hearts and a maximum"},
		&Rule{Name: name + "accept.s.super", Prio: 101, Seq: pre + " " + at(2, "H") + " P", Call: at(3, "S"), When: func(c *Ctx, b *Bind) bool { return lv == 1 },
			Need: Need{Len: "S4+", Pts: rng(17, 17)}, Force: Invitational,
			Desc: "Super-accept: four spades and a maximum"},
		&Rule{Name: name + "accept.h", Prio: 100, Seq: pre + " " + at(2, "D") + " P/X", Call: at(2, "H"),
			Desc: "Completes the transfer"},
		&Rule{Name: name + "accept.s", Prio: 100, Seq: pre + " " + at(2, "H") + " P/X", Call: at(2, "S"),
			Desc: "Completes the transfer"},
		&Rule{Name: name + "redouble.transfer", Prio: 102, Seq: pre + " " + at(2, "x") + " X", Call: "XX",
			When: func(c *Ctx, b *Bind) bool { return b.S('x') != card.Clubs },
			Need: Need{Len: "x5+", Test: good('x')},
			Desc: "Redouble: strong holding in the doubled suit"},
	)
	// Responder's continuations.
	// (their double of the ask, for the lead, changes nothing: opener
	// answered it as if undoubled)
	after := func(ans string) string { return pre + " " + at(2, "C") + " P/X " + ans + " P" }
	for _, ans := range []string{at(2, "D"), at(2, "H"), at(2, "S")} {
		a := ans
		// answered: M is the major opener's answer showed.
		answered := func(_ *Ctx, b *Bind) bool {
			return a[1] == 'H' && b.S('M') == card.Hearts || a[1] == 'S' && b.S('M') == card.Spades
		}
		rs = append(rs,
			&Rule{Name: name + "stayman.game.fit", Prio: 100, Seq: after(a), Call: "4M",
				When: answered,
				Need: Need{Pts: rng(fitGame, slamBelow), Len: "M4+"},
				Desc: "Game in the major fit", Force: SignOff},
			// Above game values with the fit found: the small slam, unless a
			// control bid (cue.bid, four of a minor) tries for more.
			&Rule{Name: name + "stayman.slam.fit", Prio: 100, Seq: after(a), Call: "6M",
				When: answered,
				Need: Need{Pts: rng(slamBelow+1, 37), Len: "M4+"},
				Desc: "Small slam in the major fit", Force: SignOff},
			&Rule{Name: name + "stayman.inv.fit", Prio: 99, Seq: after(a), Call: at(3, "M"),
				When: func(c *Ctx, b *Bind) bool {
					return lv == 1 && answered(c, b)
				},
				Need: Need{Pts: rng(inv, gameMin-1), Len: "M4+"}, Force: Invitational,
				Desc: "Invitational raise of the major"},
			&Rule{Name: name + "stayman.minor.slam", Prio: 98, Seq: after(a), Call: at(3, "m"),
				Need: Need{Len: "m5+", Test: minorSlamTry}, Force: GameForcing,
				Desc: "Slam try: long %m"},
			&Rule{Name: name + "stayman.5major.gf", Prio: 97, Seq: after(a), Call: at(3, "M"),
				When: func(c *Ctx, b *Bind) bool { return a[1] == 'D' },
				Need: Need{Pts: rng(gameMin, 15), Len: "M5 O4"}, Force: GameForcing,
				Desc: "Five %M, four of the other major, game forcing"},
			&Rule{Name: name + "stayman.5major.inv", Prio: 97, Seq: after(a), Call: at(2, "M"),
				When: func(c *Ctx, b *Bind) bool { return a[1] == 'D' && lv == 1 },
				Need: Need{Pts: rng(inv, gameMin-1), Len: "M5 O4"}, Force: Invitational,
				Desc: "Five %M, four of the other major, invitational"},
			&Rule{Name: name + "stayman.3nt", Prio: 90, Seq: after(a), Call: "3N",
				Need: Need{Pts: rng(gameMin, ntBelow)}, Force: SignOff,
				Desc: "Game in notrump, no major fit"},
			&Rule{Name: name + "stayman.2nt", Prio: 89, Seq: after(a), Call: "2N", When: func(c *Ctx, b *Bind) bool { return lv == 1 },
				Need: Need{Pts: rng(inv, gameMin-1)}, Force: Invitational,
				Desc: "Invites 3NT, no major fit"},
			&Rule{Name: name + "stayman.pass", Prio: 20, PassForcing: true, Seq: after(a), Call: "P", Need: Need{Pts: rng(0, inv-1)},
				Desc: "Pass: weak"},
		)
	}
	// After a transfer has been completed.
	for _, tr := range [][2]string{{"D", "H"}, {"H", "S"}} {
		ask, got := at(2, tr[0]), at(2, tr[1])
		seq := pre + " " + ask + " P/X " + got + " P"
		t := tr[1]
		// A six-card major counts its length: opposite a 1NT opening
		// 8 HCP with six (10 counting length) invites, 9 bids game;
		// opposite 2NT 3 HCP with six bid game.
		game6 := gameMin + 1
		rs = append(rs,
			&Rule{Name: name + "tr.4major", Prio: 100, Seq: seq, Call: "4" + t, Force: SignOff,
				Need: Need{Pts: rng(game6, 15), Count: LengthPts, Len: t + "6+"},
				Desc: "Game: six-card major"},
			&Rule{Name: name + "tr.4nt", Prio: 100, Seq: seq, Call: "4N", Example: "1N P 2H P 2S P",
				Need: Need{Pts: q4, Count: LengthPts, Len: t + "5", Bal: 2}, Force: Invitational,
				Show: func(_ *Ctx, _ *Bind, m *Meaning) { m.MinHCP, m.MaxHCP = q4[0]-1, q4[1]-1 },
				Desc: "Quantitative 4NT: five-card major, invites 6NT"},
			// Opener accepts when his HCP, the 4NT's least and its fifth
			// card (a trick) make a slam: in the major with three.
			&Rule{Name: name + "tr.4nt.6major", Prio: 102, Seq: seq + " 4N P", Call: "6" + t, Force: SignOff,
				Need: Need{Len: t + "3+", Test: transferSlam}, Desc: "Accepts: slam in the 5-3 fit"},
			&Rule{Name: name + "tr.4nt.6nt", Prio: 102, Seq: seq + " 4N P", Call: "6N", Force: SignOff,
				Need: Need{Len: t + "0-2", Test: transferSlam}, Desc: "Accepts: slam in notrump"},
			&Rule{Name: name + "tr.3nt", Prio: 99, Seq: seq, Call: "3N",
				Need: Need{Pts: rng(gameMin, ntBelow), Len: t + "5", Bal: 2},
				Desc: "3NT: five-card major, choice of games"},
			&Rule{Name: name + "tr.newsuit", Prio: 98, Seq: seq, Call: "cx", When: func(c *Ctx, b *Bind) bool { return string(suitLetter(b.S('x'))) != t },
				Need: Need{Pts: rng(gameMin, 15), Len: "x4+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
					return b.S('x') != card.Hearts || e.Len[card.Hearts] >= 5
				}}, Force: GameForcing,
				Desc: "Second suit, game forcing"},
			&Rule{Name: name + "tr.3major", Prio: 97, Seq: seq, Call: "3" + t, When: func(c *Ctx, b *Bind) bool { return lv == 1 },
				Need: Need{Pts: rng(inv, game6-1), Count: LengthPts, Len: t + "6+"}, Force: Invitational,
				Desc: "Invitational: six-card major"},
			&Rule{Name: name + "tr.2nt", Prio: 96, Seq: seq, Call: "2N", When: func(c *Ctx, b *Bind) bool { return lv == 1 },
				Need: Need{Pts: rng(inv, gameMin-1), Len: t + "5"}, Force: Invitational,
				Desc: "Invitational: five-card major"},
			&Rule{Name: name + "tr.pass", Prio: 20, Seq: seq, Call: "P", Need: Need{Pts: rng(0, inv-1)},
				Desc: "Pass: weak, to play the major"},
			// opener after the invitation or 3NT
			&Rule{Name: name + "tr.acc.game", Prio: 100, Seq: seq + " 2N P", Call: "4" + t,
				Need: Need{Len: t + "3+", Test: acceptsAbove}, Show: showsAccept, Desc: "Accepts, with support", Force: SignOff},
			&Rule{Name: name + "tr.acc.3nt", Prio: 99, Seq: seq + " 2N P", Call: "3N",
				Need: Need{Len: t + "0-2", Test: acceptsAbove}, Show: showsAccept, Desc: "Accepts, no support", Force: SignOff},
			&Rule{Name: name + "tr.dec.3m", Prio: 98, Seq: seq + " 2N P", Call: "3" + t,
				Need: Need{Len: t + "3+", Test: hnot(acceptsAbove)}, Show: showsDecline, Desc: "Declines, with support", Force: SignOff},
			&Rule{Name: name + "tr.dec.pass", Prio: 97, Seq: seq + " 2N P", Call: "P",
				Need: Need{Test: hnot(acceptsAbove)}, Show: showsDecline, Desc: "Declines"},
			&Rule{Name: name + "tr.3nt.fit", Prio: 100, Seq: seq + " 3N P", Call: "4" + t,
				Need: Need{Len: t + "3+"}, Desc: "Prefers the major game", Force: SignOff},
		)
	}
	return rs
}

// transferSlam: my HCP, partner's least for the quantitative 4NT after
// his transfer and a point for his five-card major come within one of a
// slam: as over a direct 4NT, more than the notrump's minimum accepts.
func transferSlam(c *Ctx, e *Eval, _ *Bind) bool { return e.HCP+c.PartnerMin()+1 >= slamMin-1 }

// notrumpDeclines is the most HCP with which the notrump opener (or
// overcaller) declines partner's invitation: the bottom third of the range
// shown (15 of a 15-17 notrump, 11-12 of 11-14).
func notrumpDeclines(c *Ctx) int {
	sh := &c.Shown[c.Me]
	return sh.MinHCP + (sh.MaxHCP-sh.MinHCP)/3
}

// acceptsAbove: the hand is above notrumpDeclines.
func acceptsAbove(c *Ctx, e *Eval, _ *Bind) bool { return e.HCP > notrumpDeclines(c) }

// showsAccept and showsDecline read the notrump bidder's answer to the
// invitation against the range the notrump showed.
func showsAccept(c *Ctx, _ *Bind, m *Meaning) {
	m.MinHCP, m.MaxHCP = notrumpDeclines(c)+1, c.Shown[c.Me].MaxHCP
}

func showsDecline(c *Ctx, _ *Bind, m *Meaning) {
	m.MinHCP, m.MaxHCP = c.Shown[c.Me].MinHCP, notrumpDeclines(c)
}

func suitLetter(s card.Suit) byte { return "CDHS"[s] }

func notrumpRules() []*Rule {
	rs := ntResponses("1N P", 1, 10, rng(16, 17), rng(18, 19))
	rs = append(rs, ntResponses("2N P", 2, 4, rng(11, 12), rng(13, 15))...)
	rs = append(rs, ntResponses("2C P 2D P 2N P", 2, 3, rng(9, 10), rng(11, 13))...)
	rs = append(rs,
		// The puppet to 3C, after a 1NT opening or overcall alike.
		&Rule{Name: "nt1.puppet.3c", Prio: 100, Seq: "... 1N P 2S P", When: puppetAt(2), Call: "3C", Art: true,
			Desc: "Relay to 3C, as asked"},
		&Rule{Name: "nt1.puppet.3d", Prio: 100, Seq: "... 1N P 2S P 3C P/X", When: puppetAt(4), Call: "3D", Need: Need{Len: "D6+"},
			Desc: "To play in diamonds", Force: SignOff},
		&Rule{Name: "nt1.puppet.pass", Prio: 90, PassForcing: true, Seq: "... 1N P 2S P 3C P/X", When: puppetAt(4), Call: "P", Desc: "To play in clubs"},
		// Opener after invitations.
		&Rule{Name: "nt1.2nt.accept", Prio: 100, Seq: "1N P 2N P", Call: "3N",
			Need: Need{Test: func(c *Ctx, e *Eval, _ *Bind) bool {
				p := e.HCP
				if e.Shape()[0] >= 5 || c.Vulnerable() {
					p++
				}
				return p >= 17
			}},
			Desc: "Accepts the invitation", Force: SignOff},
		&Rule{Name: "nt1.2nt.decline", Prio: 90, Seq: "1N P 2N P", Call: "P", Desc: "Declines the invitation"},
		&Rule{Name: "nt1.3m.accept", Prio: 100, Seq: "1N P 3m P", Call: "3N", Need: Need{Test: hany(hcpMin(17), hall(hcpMin(16), stopper('U')))},
			Desc: "Accepts the invitation", Force: SignOff},
		// Stayman sequences for opener.
		&Rule{Name: "nt1.stayman.2nt.3s", Prio: 100, Seq: "1N P 2C P 2H P 2N P", Call: "3S", Need: Need{Len: "S4+", Pts: rng(15, 15)},
			Desc: "Four spades too, minimum", Force: Invitational},
		&Rule{Name: "nt1.stayman.2nt.4s", Prio: 100, Seq: "1N P 2C P 2H P 2N P", Call: "4S", Need: Need{Len: "S4+", Pts: rng(16, 17)},
			Desc: "Four spades too, maximum", Force: SignOff},
		&Rule{Name: "nt1.stayman.2nt.3nt", Prio: 99, Seq: "1N P 2C P 2x P 2N P", Call: "3N", Need: Need{Pts: rng(16, 17)},
			Desc: "Accepts the invitation", Force: SignOff},
		&Rule{Name: "nt1.stayman.2nt.pass", Prio: 98, Seq: "1N P 2C P 2x P 2N P", Call: "P",
			Desc: "Declines the invitation"},
		&Rule{Name: "nt1.stayman.3nt.4s", Prio: 100, Seq: "1N P 2C P 2H P 3N P", Call: "4S", Need: Need{Len: "S4+"},
			Desc: "Four spades too", Force: SignOff},
		&Rule{Name: "nt1.stayman.3m.accept", Prio: 100, Seq: "1N P 2C P 2M P 3M P", Call: "4M", Need: Need{Pts: rng(16, 17)},
			Desc: "Accepts the invitation", Force: SignOff},
		&Rule{Name: "nt1.stayman.5m.4", Prio: 100, Seq: "1N P 2C P 2D P 3M P", Call: "4M", Need: Need{Len: "M3+"},
			Desc: "Support for the five-card major", Force: SignOff},
		&Rule{Name: "nt1.stayman.5m.3nt", Prio: 99, Seq: "1N P 2C P 2D P 3M P", Call: "3N",
			Desc: "No support", Force: SignOff},
		&Rule{Name: "nt1.stayman.minor.raise", Prio: 96, Seq: "1N P 2C P 2x P 3m P", Call: "4m", Force: Forcing,
			Need: Need{Len: "m3+", Test: func(_ *Ctx, e *Eval, b *Bind) bool {
				m := b.S('m')
				return e.Len[m] >= 4 || e.Top(m, 3) >= 1 && e.HCP >= 16
			}},
			Desc: "Raise: support for the minor, slam interest"},
		&Rule{Name: "nt1.stayman.minor.3nt", Prio: 95, Seq: "1N P 2C P 2x P 3m P", Call: "3N",
			Need: Need{Test: func(_ *Ctx, e *Eval, b *Bind) bool { return e.Len[b.S('m')] <= 3 }},
			Desc: "No slam interest in the minor", Force: SignOff},
	)
	return rs
}

// puppetAt: the call back calls ago was the 2S puppet to 3C (an answer to
// partner's 1NT, opening or overcall).
func puppetAt(back int) AuctionPred {
	return func(c *Ctx, _ *Bind) bool {
		i := len(c.Calls) - back
		return i >= 0 && strings.HasSuffix(c.Meanings[i].Rule, "puppet")
	}
}
