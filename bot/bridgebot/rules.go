package bridgebot

import (
	"atout/bridge"
	"atout/card"
)

// fallback chooses a card by simple rules, for when no sampled deal could
// be solved in the time allowed: top of a sequence or low from the longest
// suit on lead; second hand low; third and fourth hand the cheapest card
// that wins the trick unless partner is winning it; ruff when void and
// worthwhile; otherwise the lowest card of the longest side suit.
//
// At the opening lead (prior != nil: the lead conventions' score of every
// card, [leadPriors]) the best-scoring card is led.
func (b *Bot) fallback(k *Knowledge, legal card.Hand, prior map[card.Card]float64, relax int) Analysis {
	if prior != nil {
		a := Analysis{Relaxation: relax, Fallback: true}
		for _, c := range legal.Cards() {
			a.Cards = append(a.Cards, CardScore{Card: c, Score: prior[c]})
		}
		sortScores(a.Cards)
		a.Best = a.Cards[0].Card
		return a
	}
	c := ruleCard(k, legal)
	return Analysis{Best: c, Cards: []CardScore{{Card: c}}, Relaxation: relax, Fallback: true}
}

func ruleCard(k *Knowledge, legal card.Hand) card.Card {
	trump, hasTrump := k.Strain.Suit()
	if len(k.Trick) == 0 {
		return ruleLead(legal, trump, hasTrump)
	}
	led := k.Trick[0].Suit()
	win := winningIndex(k.Trick, k.Strain)
	partnerWins := win == len(k.Trick)-2
	best := k.Trick[win]
	if legal.Suit(led) != 0 {
		if partnerWins || len(k.Trick) == 1 {
			return legal.Lowest()
		}
		if best.Suit() == led {
			m := legal.SuitMask(led)
			for r := int(best.Rank()) + 1; r <= int(card.Ace); r++ {
				if m>>r&1 != 0 {
					return card.New(led, card.Rank(r))
				}
			}
		}
		return legal.Lowest()
	}
	if !partnerWins && hasTrump && legal.Suit(trump) != 0 {
		m := legal.SuitMask(trump)
		low := 2
		if best.Suit() == trump {
			low = int(best.Rank()) + 1
		}
		for r := low; r <= int(card.Ace); r++ {
			if m>>r&1 != 0 {
				return card.New(trump, card.Rank(r))
			}
		}
	}
	return discard(legal, trump, hasTrump)
}

// ruleLead leads the top of a sequence of honours, else low from the
// longest suit (not trumps when there is a choice).
func ruleLead(h card.Hand, trump card.Suit, hasTrump bool) card.Card {
	var bestSuit card.Suit
	bestLen := -1
	for _, s := range card.Suits {
		n := h.SuitLen(s)
		if n == 0 || (hasTrump && s == trump && h.Suit(s) != h) {
			continue
		}
		m := h.SuitMask(s)
		top := highBit(m)
		if top >= int(card.Ten) && m>>(top-1)&1 != 0 {
			return card.New(s, card.Rank(top)) // AK, KQ, QJ, JT...
		}
		if n > bestLen {
			bestSuit, bestLen = s, n
		}
	}
	if bestLen < 0 {
		return h.Lowest()
	}
	return h.Suit(bestSuit).Lowest()
}

// discard returns the lowest card of the longest suit other than trumps.
func discard(h card.Hand, trump card.Suit, hasTrump bool) card.Card {
	bestLen := -1
	var best card.Suit
	for _, s := range card.Suits {
		n := h.SuitLen(s)
		if n == 0 || (hasTrump && s == trump && h.Suit(s) != h) {
			continue
		}
		if n > bestLen {
			best, bestLen = s, n
		}
	}
	if bestLen < 0 {
		return h.Lowest()
	}
	return h.Suit(best).Lowest()
}

// winningIndex returns the index of the card winning the (incomplete)
// trick so far.
func winningIndex(trick []card.Card, strain bridge.Strain) int {
	trump, hasTrump := strain.Suit()
	w := 0
	for i := 1; i < len(trick); i++ {
		a, b := trick[i], trick[w]
		if a.Suit() == b.Suit() && a.Rank() > b.Rank() || hasTrump && a.Suit() == trump && b.Suit() != trump {
			w = i
		}
	}
	return w
}
