package bridge

import (
	"fmt"
	"strings"

	"atout/card"
)

// Deal is the four hands of a board, indexed by seat.
type Deal [4]card.Hand

// DealError reports a deal that is not valid: bad syntax, wrong card count,
// a card twice.
type DealError struct {
	Input string
	Msg   string
}

func (e *DealError) Error() string { return fmt.Sprintf("bridge: invalid deal %q: %s", e.Input, e.Msg) }

// Unwrap returns card.ErrSyntax.
func (e *DealError) Unwrap() error { return card.ErrSyntax }

// ParseDeal reads a PBN deal string "N:h1 h2 h3 h4" (first seat, then hands
// clockwise; each "S.H.D.C"). A hand written "-" is unknown and is restored
// from the other three when they hold 39 cards. The deal must hold each of
// the 52 cards once, 13 per hand.
func ParseDeal(s string) (Deal, error) {
	d, err := ParsePartialDeal(s)
	if err != nil {
		return d, err
	}
	return d, d.Validate()
}

// ParsePartialDeal reads a PBN deal string without requiring full hands;
// cards may not repeat. An unknown hand ("-") is restored when the other three
// hold 13 cards each.
func ParsePartialDeal(s string) (Deal, error) {
	var d Deal
	t := strings.TrimSpace(s)
	if len(t) < 2 || t[1] != ':' {
		return d, &DealError{s, `want "N:" (first seat) then four hands`}
	}
	first, err := card.ParseSeat(t[:1])
	if err != nil {
		return d, &DealError{s, "bad first seat " + t[:1]}
	}
	hands := strings.Fields(t[2:])
	if len(hands) != 4 {
		return d, &DealError{s, fmt.Sprintf("want 4 hands, found %d", len(hands))}
	}
	var seen card.Hand
	unknown := -1
	for i, hs := range hands {
		seat := card.Seat((int(first) + i) % 4)
		if hs == "-" {
			if unknown >= 0 {
				return d, &DealError{s, "more than one unknown hand"}
			}
			unknown = int(seat)
			continue
		}
		h, err := card.ParseHand(hs)
		if err != nil {
			return d, &DealError{s, fmt.Sprintf("%s hand: %v", seat.Name(), err)}
		}
		if dup := seen & h; dup != 0 {
			return d, &DealError{s, "card " + dup.Cards()[0].String() + " dealt twice"}
		}
		seen |= h
		d[seat] = h
	}
	if unknown >= 0 && seen.Len() == 39 {
		d[unknown] = card.Full52 &^ seen
	}
	return d, nil
}

// Validate checks that every hand holds 13 cards and every card is dealt once.
func (d Deal) Validate() error {
	var seen card.Hand
	for _, s := range card.Seats {
		if n := d[s].Len(); n != 13 {
			return &DealError{d.String(), fmt.Sprintf("%s has %d cards, want 13", s.Name(), n)}
		}
		if dup := seen & d[s]; dup != 0 {
			return &DealError{d.String(), "card " + dup.Cards()[0].String() + " dealt twice"}
		}
		seen |= d[s]
	}
	if seen&^card.Full52 != 0 {
		return &DealError{d.String(), "not a card of the deck"}
	}
	return nil
}

// String writes the deal as PBN, North first: "N:AK5.Q98.J2.AQJ4 ...".
func (d Deal) String() string { return d.StringFrom(card.North) }

// StringFrom writes the deal as PBN starting with seat first.
func (d Deal) StringFrom(first card.Seat) string {
	var b strings.Builder
	b.WriteString(first.String())
	b.WriteByte(':')
	for i := 0; i < 4; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(d[(int(first)+i)%4].String())
	}
	return b.String()
}

// Owner returns the seat holding c, or false.
func (d Deal) Owner(c card.Card) (card.Seat, bool) {
	for _, s := range card.Seats {
		if d[s].Has(c) {
			return s, true
		}
	}
	return 0, false
}

// RandomDeal deals the 52 cards at random from r.
func RandomDeal(r *card.Rand) Deal {
	cs := card.Deck52()
	r.Shuffle(cs)
	var d Deal
	for i, c := range cs {
		d[i/13] = d[i/13].Add(c)
	}
	return d
}

// MarshalText writes the PBN deal.
func (d Deal) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a PBN deal.
func (d *Deal) UnmarshalText(b []byte) error {
	v, err := ParseDeal(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}
