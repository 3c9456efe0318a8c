package belotebot

import (
	"atout/belote"
	"atout/card"
)

// said adds to the bot's card action a what the bot says with it
// (docs/belote-claims.md §2.4): belote and rebelote always (20 points that
// are never lost, worth more than what they tell about the hand), and with
// its first card its announcements, all of them, unless they cannot score:
// an opponent has already declared a kind that beats the bot's best
// announcement whatever it holds, and the partner, who has played, declared
// nothing that could beat it. Then the bot keeps them quiet: declaring
// would only show the opponents its hand. It reads only what a player at
// the table knows: its own hand and the kinds the others declared.
func said(d *belote.Deal, seat card.Seat, a belote.Action) belote.Action {
	if a.Kind != belote.ActCard {
		return a
	}
	if first, second := d.BeloteCard(seat, a.Card); first || second {
		a.Say = belote.SayBelote
	}
	anns := d.Announcements(seat)
	if len(anns) == 0 {
		return a
	}
	all := uint8(1)<<len(anns) - 1
	if hopeless(d, seat, anns[0]) {
		return a.WithDeclared(0)
	}
	return a.WithDeclared(all)
}

// kindPoints are the least and the most an announcement of kind k is worth.
func kindPoints(k belote.AnnKind) (lo, hi int) {
	switch k {
	case belote.Tierce:
		return 20, 20
	case belote.Cinquante:
		return 50, 50
	case belote.Cent:
		return 100, 100
	case belote.Carre:
		return 100, 200
	}
	return 0, 0
}

// hopeless reports whether best, the bot's best announcement, and its
// partner's cannot win the comparison, from the kinds declared so far.
func hopeless(d *belote.Deal, seat card.Seat, best belote.Announcement) bool {
	partner := seat.Partner()
	if d.StartHand(partner) == d.Hand(partner) {
		return false // the partner has not declared yet
	}
	ours := best.Points
	for _, a := range d.Declared(partner) {
		if _, hi := kindPoints(a.Kind); hi > ours {
			ours = hi
		}
	}
	for _, opp := range []card.Seat{seat.Next(), seat.Prev()} {
		for _, a := range d.Declared(opp) {
			if lo, _ := kindPoints(a.Kind); lo > ours {
				return true
			}
		}
	}
	return false
}
