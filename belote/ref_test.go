package belote

import (
	"strings"

	"atout/card"
)

// This file is a slow, separate reference for belote-rules §5: trick winner
// and legal cards, written from the text with card lists and rank strings,
// sharing no code with play.go.

const (
	refTrumpOrder = "78QKTA9J" // weakest first
	refPlainOrder = "789JQKTA"
)

func refStrength(c card.Card, trump card.Suit) int {
	order := refPlainOrder
	if c.Suit() == trump || trump == AllTrump {
		order = refTrumpOrder
	}
	return strings.IndexByte(order, c.Rank().String()[0])
}

// refWinner returns the position of the master card of a (partial) trick.
func refWinner(trick []card.Card, trump card.Suit) int {
	led := trick[0].Suit()
	best := -1
	for i, c := range trick {
		isTrump := trump != NoSuit && c.Suit() == trump
		if best < 0 {
			best = i
			continue
		}
		b := trick[best]
		bTrump := trump != NoSuit && b.Suit() == trump
		switch {
		case isTrump && !bTrump:
			best = i
		case isTrump && bTrump && refStrength(c, trump) > refStrength(b, trump):
			best = i
		case !isTrump && !bTrump && c.Suit() == led && b.Suit() == led && refStrength(c, trump) > refStrength(b, trump):
			best = i
		}
	}
	return best
}

func refFilter(cs []card.Card, keep func(card.Card) bool) []card.Card {
	var out []card.Card
	for _, c := range cs {
		if keep(c) {
			out = append(out, c)
		}
	}
	return out
}

// refLegal is the §5.2 procedure as written.
func refLegal(hand []card.Card, trick []card.Card, trump card.Suit, r Rules) []card.Card {
	if len(trick) == 0 {
		return hand
	}
	led := trick[0].Suit()
	follow := refFilter(hand, func(c card.Card) bool { return c.Suit() == led })
	if trump == AllTrump {
		// every suit is trump: follow, and beat the best card of the led
		// suit if possible; nothing ruffs.
		if len(follow) == 0 {
			return hand
		}
		best := trick[refWinner(trick, trump)]
		if higher := refFilter(follow, func(c card.Card) bool { return refStrength(c, trump) > refStrength(best, trump) }); len(higher) > 0 {
			return higher
		}
		return follow
	}
	if r.Mode == NoTrump || trump == NoSuit {
		if len(follow) > 0 {
			return follow
		}
		return hand
	}
	var best card.Card // best trump in the trick
	for _, c := range trick {
		if c.Suit() == trump && (best == 0 || refStrength(c, trump) > refStrength(best, trump)) {
			best = c
		}
	}
	stronger := func(c card.Card) bool {
		return c.Suit() == trump && (best == 0 || refStrength(c, trump) > refStrength(best, trump))
	}
	if led == trump {
		if len(follow) > 0 {
			if higher := refFilter(follow, stronger); len(higher) > 0 {
				return higher
			}
			return follow
		}
		return hand
	}
	if len(follow) > 0 {
		return follow
	}
	me := len(trick)
	if me >= 2 && refWinner(trick, trump) == me-2 {
		return hand
	}
	trumps := refFilter(hand, func(c card.Card) bool { return c.Suit() == trump })
	if len(trumps) == 0 {
		return hand
	}
	if best == 0 {
		return trumps
	}
	if higher := refFilter(trumps, stronger); len(higher) > 0 {
		return higher
	}
	if r.Mode == Coinche && r.Setting == Official {
		return hand
	}
	return trumps
}
