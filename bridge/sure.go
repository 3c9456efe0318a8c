package bridge

import "atout/card"

// SureTricks returns the tricks the side of seat has won plus those the
// top cards seat can see on its side are sure to take from now on, counted
// without a search and from what seat may see: its own hand, and dummy's
// when seat declares (a defender counts his own cards only; his partner's
// are unknown to him). In each suit, the cards above every card seat cannot
// count as its side's, at most as many as the longer of the two holdings
// (two singleton masters in the two hands block each other); in a suit
// contract the side suits count only once no trump is out against the
// side. It is the obvious part of a claim: the claim form's default. 0
// outside the card play.
func (g *Game) SureTricks(seat card.Seat) int {
	if g.Phase() != PhasePlay {
		return 0
	}
	p := &g.play
	a, b := p.Hand(seat), card.Hand(0)
	if seat == p.Declarer() {
		b = p.Hand(p.Dummy())
	}
	var unseen card.Hand
	for _, s := range card.Seats {
		unseen |= p.Hand(s)
	}
	ours := a | b
	unseen &^= ours
	trump, isTrump := p.Strain().Suit()
	n := 0
	for _, s := range card.Suits {
		if isTrump && s != trump && unseen.Suit(trump) != 0 {
			continue
		}
		top := topSequence(ours.SuitMask(s), unseen.SuitMask(s))
		n += min(top, max(a.SuitLen(s), b.SuitLen(s)))
	}
	us := seat.Side()
	left := 13 - p.Completed()
	return p.Tricks(us) + min(n, left)
}

// topSequence counts the ranks of ours above every rank of theirs.
func topSequence(ours, theirs uint16) int {
	n := 0
	for r := card.Ace; r >= card.Two; r-- {
		bit := uint16(1) << uint(r)
		switch {
		case theirs&bit != 0:
			return n
		case ours&bit != 0:
			n++
		}
	}
	return n
}

// AllMasters reports whether seat's side, on lead at the start of a trick,
// takes every trick left whatever it plays: in every suit each of its cards
// beats all the opponents' cards, and in a suit contract the opponents
// hold no trump. It is the claim a bot declarer makes of the rest.
func (g *Game) AllMasters(seat card.Seat) bool {
	if g.Phase() != PhasePlay {
		return false
	}
	p := &g.play
	if p.CardsPlayed()%4 != 0 || p.ToAct().Side() != seat.Side() || p.CardsPlayed() == 0 {
		return false
	}
	ours := p.Hand(seat) | p.Hand(seat.Partner())
	opp := p.Hand(seat.Next()) | p.Hand(seat.Prev())
	if trump, ok := p.Strain().Suit(); ok && opp.Suit(trump) != 0 {
		return false
	}
	for _, s := range card.Suits {
		o, t := ours.SuitMask(s), opp.SuitMask(s)
		if o == 0 || t == 0 {
			continue
		}
		// The lowest of ours must beat the highest of theirs.
		if lowestBit(o) < highestBit(t) {
			return false
		}
	}
	return true
}

func lowestBit(m uint16) int {
	for r := 0; r < 16; r++ {
		if m&(1<<r) != 0 {
			return r
		}
	}
	return 16
}

func highestBit(m uint16) int {
	for r := 15; r >= 0; r-- {
		if m&(1<<r) != 0 {
			return r
		}
	}
	return -1
}
