package belotebot

import (
	"atout/belote"
	"atout/card"
)

// playState is what the rule-based card policy looks at: the player's own
// hand, the trick, the cards already played and who took.
type playState struct {
	rules  belote.Rules
	trump  card.Suit
	seat   card.Seat
	hand   card.Hand
	trick  []card.Card
	played card.Hand // every card played so far, the trick included
	takers card.Side
}

// unseenFor returns the cards still held by the other players.
func (st *playState) unseen() card.Hand { return card.Full32 &^ st.hand &^ st.played }

// master reports whether c is the strongest card left in its suit.
func (st *playState) master(c card.Card) bool {
	str := belote.Strength(c, st.trump)
	for _, o := range st.unseen().Suit(c.Suit()).Cards() {
		if belote.Strength(o, st.trump) > str {
			return false
		}
	}
	return true
}

func (st *playState) points(c card.Card) int { return belote.CardPoints(c, st.trump, st.rules.Setting) }

// beats reports whether c would beat b (the card winning the trick).
func (st *playState) beats(c, b card.Card) bool {
	if c.Suit() == b.Suit() {
		return belote.Strength(c, st.trump) > belote.Strength(b, st.trump)
	}
	return c.Suit() == st.trump
}

// pick returns the card of h minimising key (the first on ties).
func pick(h card.Hand, key func(card.Card) int) card.Card {
	var best card.Card
	bk := 0
	for _, c := range h.Cards() {
		if k := key(c); best == 0 || k < bk {
			best, bk = c, k
		}
	}
	return best
}

// ruleCard is the baseline card play: lead a master card (trump first for
// the takers while the opponents may hold trumps), else a small card of a
// long suit; follow cheaply; win the trick when it pays, with the cheapest
// winning card (the richest when playing last); give points to a partner
// who is master.
func ruleCard(st *playState) card.Card {
	legal := belote.LegalPlays(st.hand, st.trick, st.trump, st.rules)
	if legal.Len() == 1 {
		return legal.Lowest()
	}
	hasTrump := belote.IsSuit(st.trump)
	if len(st.trick) == 0 {
		if hasTrump && st.seat.Side() == st.takers && st.unseen().Suit(st.trump) != 0 {
			tr := legal.Suit(st.trump)
			if tr != 0 {
				for _, c := range tr.Cards() {
					if st.master(c) {
						return c
					}
				}
				if tr.Len() >= 3 {
					return pick(tr, func(c card.Card) int { return belote.Strength(c, st.trump) })
				}
			}
		}
		// a master card in a plain suit, the richest first
		var masters card.Hand
		for _, c := range legal.Cards() {
			if c.Suit() != st.trump && st.master(c) {
				masters = masters.Add(c)
			}
		}
		if masters != 0 {
			return pick(masters, func(c card.Card) int { return -st.points(c) })
		}
		// a small card of the longest plain suit, not a ten
		plain := legal
		if hasTrump && legal&^legal.Suit(st.trump) != 0 {
			plain = legal &^ legal.Suit(st.trump)
		}
		return pick(plain, func(c card.Card) int {
			return 10*st.points(c) - 3*st.hand.SuitLen(c.Suit()) + belote.Strength(c, st.trump)
		})
	}
	w := belote.TrickWinner(st.trick, st.trump)
	best := st.trick[w]
	n := len(st.trick)
	partnerWins := n >= 2 && w == n-2
	last := n == 3
	if partnerWins && (last || st.master(best) || (hasTrump && best.Suit() == st.trump && st.unseen().Suit(st.trump) == 0)) {
		// give points, but not a master card or a trump if avoidable
		return pick(legal, func(c card.Card) int {
			k := -st.points(c)
			if c.Suit() == st.trump {
				k += 100
			} else if st.master(c) && !last {
				k += 30
			}
			return k
		})
	}
	var winners card.Hand
	for _, c := range legal.Cards() {
		if st.beats(c, best) {
			winners = winners.Add(c)
		}
	}
	trickPts := 0
	for _, c := range st.trick {
		trickPts += st.points(c)
	}
	if winners != 0 && !partnerWins {
		if last {
			// the richest winner in the led suit, the cheapest trump
			return pick(winners, func(c card.Card) int {
				if c.Suit() == st.trump && c.Suit() != st.trick[0].Suit() {
					return belote.Strength(c, st.trump)
				}
				return -st.points(c)
			})
		}
		var safe card.Hand
		for _, c := range winners.Cards() {
			if st.master(c) {
				safe = safe.Add(c)
			}
		}
		if safe != 0 {
			return pick(safe, func(c card.Card) int { return -st.points(c) })
		}
		if hasTrump && winners.Suit(st.trump) != 0 && st.trick[0].Suit() != st.trump && trickPts >= 10 {
			return pick(winners.Suit(st.trump), func(c card.Card) int { return belote.Strength(c, st.trump) })
		}
	}
	// cannot (or need not) win: the cheapest card
	return pick(legal, func(c card.Card) int {
		k := 10*st.points(c) + belote.Strength(c, st.trump)
		if c.Suit() == st.trump {
			k += 50
		}
		return k
	})
}

// rollout plays position p to the end with the rule-based policy for every
// seat (each using only its own hand and the cards played) and returns the
// card points of each side and the tricks each side won.
func rollout(p Position, played card.Hand, r belote.Rules, trump card.Suit, takers card.Side, first card.Card) (pts [2]int, won [2]bool) {
	pts, won = p.Points, p.Won
	var trick [4]card.Card
	n := copy(trick[:], p.Trick)
	for _, c := range p.Trick {
		played = played.Add(c)
	}
	leader := p.Leader
	seat := p.Turn()
	left := 0
	for _, h := range p.Hands {
		left += h.Len()
	}
	hands := p.Hands
	for left > 0 {
		st := playState{rules: r, trump: trump, seat: seat, hand: hands[seat], trick: trick[:n], played: played, takers: takers}
		c := first
		if c == 0 {
			c = ruleCard(&st)
		}
		first = 0
		hands[seat] = hands[seat].Remove(c)
		played = played.Add(c)
		trick[n] = c
		n++
		left--
		seat = belote.Next(seat)
		if n == 4 {
			w := leader
			for range belote.TrickWinner(trick[:], trump) {
				w = belote.Next(w)
			}
			s := 0
			for _, x := range trick {
				s += belote.CardPoints(x, trump, r.Setting)
			}
			if left == 0 {
				s += 10
			}
			pts[w.Side()] += s
			won[w.Side()] = true
			leader, seat, n = w, w, 0
		}
	}
	return pts, won
}
