// Package card holds the playing cards shared by every game of Atout: suits,
// ranks, cards, hands as bit sets, the 52- and 32-card decks, seeded shuffles,
// and the four seats of a partnership table.
//
// Every type here is a small comparable value, usable as a map key, with text
// marshalling in the notation of the public interface: a card is written suit
// then rank ("SA", "HT", "D7"); parsers also accept rank then suit ("AS"),
// "10" for the ten, and lower case.
package card

import (
	"errors"
	"fmt"
	"strings"
)

// Suit is one of the four suits. The order is the bridge order, lowest first:
// clubs, diamonds, hearts, spades.
type Suit uint8

// The four suits, lowest bridge rank first.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// NumSuits is the number of suits.
const NumSuits = 4

// Suits lists the suits from spades down, the order of a PBN hand.
var Suits = [4]Suit{Spades, Hearts, Diamonds, Clubs}

const suitLetters = "CDHS"

// String returns the suit letter: "C", "D", "H" or "S".
func (s Suit) String() string {
	if s > Spades {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return suitLetters[s : s+1]
}

// Symbol returns the suit symbol (♣ ♦ ♥ ♠).
func (s Suit) Symbol() string {
	return [...]string{"♣", "♦", "♥", "♠"}[s&3]
}

// ParseSuit reads a suit letter (either case) or a suit symbol.
func ParseSuit(s string) (Suit, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "C", "♣", "♧":
		return Clubs, nil
	case "D", "♦", "♢":
		return Diamonds, nil
	case "H", "♥", "♡":
		return Hearts, nil
	case "S", "♠", "♤":
		return Spades, nil
	}
	return 0, &ParseError{Kind: "suit", Input: s}
}

// MarshalText writes the suit letter.
func (s Suit) MarshalText() ([]byte, error) {
	if s > Spades {
		return nil, fmt.Errorf("card: invalid suit %d", uint8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a suit letter.
func (s *Suit) UnmarshalText(b []byte) error {
	v, err := ParseSuit(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Rank is a card rank from Two (2) to Ace (14). The zero Rank is no rank.
type Rank uint8

// The ranks. Ten is written "T".
const (
	Two Rank = iota + 2
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
)

const rankLetters = "??23456789TJQKA"

// String returns the rank letter: "2".."9", "T", "J", "Q", "K", "A".
func (r Rank) String() string {
	if r < Two || r > Ace {
		return fmt.Sprintf("Rank(%d)", uint8(r))
	}
	return rankLetters[r : r+1]
}

// ParseRank reads a rank letter, "10", or lower case.
func ParseRank(s string) (Rank, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	if u == "10" {
		return Ten, nil
	}
	if len(u) == 1 {
		if i := strings.IndexByte(rankLetters[2:], u[0]); i >= 0 {
			return Rank(i + 2), nil
		}
	}
	return 0, &ParseError{Kind: "rank", Input: s}
}

// Card is one playing card. Its value is suit<<4 | rank, so the zero Card is
// no card and cards of one suit sort by rank.
type Card uint8

// New returns the card of the given suit and rank.
func New(s Suit, r Rank) Card { return Card(uint8(s)<<4 | uint8(r)) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c >> 4) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c & 15) }

// Valid reports whether c is a real card.
func (c Card) Valid() bool { return c.Suit() <= Spades && c.Rank() >= Two && c.Rank() <= Ace }

// String writes the card suit first: "SA", "HT", "D7".
func (c Card) String() string {
	if !c.Valid() {
		if c == 0 {
			return "--"
		}
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return cardNames[c]
}

// cardNames holds each valid card's String, so that naming a card (in
// every state message, for every card shown) allocates nothing.
var cardNames = func() (names [256]string) {
	for s := Clubs; s <= Spades; s++ {
		for r := Two; r <= Ace; r++ {
			names[New(s, r)] = s.String() + r.String()
		}
	}
	return names
}()

// ParseError reports text that is not a valid suit, rank, card, hand or deal.
type ParseError struct {
	Kind  string // "suit", "rank", "card", "hand", "deal"
	Input string
	Msg   string // optional detail
}

// ErrSyntax is wrapped by every ParseError.
var ErrSyntax = errors.New("invalid syntax")

func (e *ParseError) Error() string {
	if e.Msg != "" {
		return fmt.Sprintf("card: invalid %s %q: %s", e.Kind, e.Input, e.Msg)
	}
	return fmt.Sprintf("card: invalid %s %q", e.Kind, e.Input)
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads a card written suit then rank ("SA", "s10") or rank then suit
// ("AS", "10h"), in either case.
func Parse(s string) (Card, error) {
	t := strings.TrimSpace(s)
	if len(t) < 2 || len(t) > 3 {
		return 0, &ParseError{Kind: "card", Input: s}
	}
	// suit first
	if su, err := ParseSuit(t[:1]); err == nil {
		if r, err := ParseRank(t[1:]); err == nil {
			return New(su, r), nil
		}
	}
	// rank first
	if su, err := ParseSuit(t[len(t)-1:]); err == nil {
		if r, err := ParseRank(t[:len(t)-1]); err == nil {
			return New(su, r), nil
		}
	}
	return 0, &ParseError{Kind: "card", Input: s}
}

// MustParse is like Parse but panics on bad input; for tests and constants.
func MustParse(s string) Card {
	c, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}

// MarshalText writes the card suit first.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("card: invalid card %d", uint8(c))
	}
	return cardTexts[c], nil
}

// cardTexts holds each valid card's text, so that encoding a card (in
// every state message, for every card shown) allocates nothing. The
// slices are shared: their capacity is their length, so that an append
// copies, and no caller writes into them (encoding/json copies them).
var cardTexts = func() (texts [256][]byte) {
	for i, n := range cardNames {
		if n != "" {
			texts[i] = []byte(n)[:len(n):len(n)]
		}
	}
	return texts
}()

// UnmarshalText reads a card in any accepted notation.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// ParseList reads cards separated by spaces or commas.
func ParseList(s string) ([]Card, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	out := make([]Card, 0, len(f))
	for _, w := range f {
		c, err := Parse(w)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
