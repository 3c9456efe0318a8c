package card

import (
	"math/bits"
	"strings"
)

// Hand is a set of cards as a bit set: bit suit*16+rank. Each suit occupies
// 16 bits, of which bits 2 (two) to 14 (ace) are used, so SuitMask gives a
// 13-rank mask directly. The zero Hand is empty.
type Hand uint64

// Bit returns the one-card hand holding c.
func Bit(c Card) Hand { return Hand(1) << (uint(c.Suit())*16 + uint(c.Rank())) }

// HandOf returns the hand holding the given cards.
func HandOf(cs ...Card) Hand {
	var h Hand
	for _, c := range cs {
		h |= Bit(c)
	}
	return h
}

// Has reports whether c is in h.
func (h Hand) Has(c Card) bool { return h&Bit(c) != 0 }

// Add returns h with c added.
func (h Hand) Add(c Card) Hand { return h | Bit(c) }

// Remove returns h without c.
func (h Hand) Remove(c Card) Hand { return h &^ Bit(c) }

// Len returns the number of cards in h.
func (h Hand) Len() int { return bits.OnesCount64(uint64(h)) }

// SuitMask returns the ranks h holds in suit s as a mask (bit r for rank r).
func (h Hand) SuitMask(s Suit) uint16 { return uint16(h >> (uint(s) * 16)) }

// Suit returns the cards of h in suit s.
func (h Hand) Suit(s Suit) Hand { return h & (Hand(0xFFFF) << (uint(s) * 16)) }

// SuitLen returns how many cards of suit s h holds.
func (h Hand) SuitLen(s Suit) int { return bits.OnesCount16(h.SuitMask(s)) }

// FromSuitMask returns the hand holding the ranks of mask in suit s.
func FromSuitMask(s Suit, mask uint16) Hand { return Hand(mask&0x7FFC) << (uint(s) * 16) }

// Cards returns the cards of h, spades first, each suit from the ace down.
func (h Hand) Cards() []Card {
	out := make([]Card, 0, h.Len())
	for _, s := range Suits {
		m := h.SuitMask(s)
		for r := Ace; r >= Two; r-- {
			if m&(1<<r) != 0 {
				out = append(out, New(s, r))
			}
		}
	}
	return out
}

// Lowest returns the lowest card of h in bit order (clubs first), or 0.
func (h Hand) Lowest() Card {
	if h == 0 {
		return 0
	}
	i := bits.TrailingZeros64(uint64(h))
	return New(Suit(i/16), Rank(i%16))
}

// String writes h as a PBN hand: "AK5.Q9832.J2.AQJ" (spades, hearts,
// diamonds, clubs; voids empty).
func (h Hand) String() string {
	var b strings.Builder
	for i, s := range Suits {
		if i > 0 {
			b.WriteByte('.')
		}
		m := h.SuitMask(s)
		for r := Ace; r >= Two; r-- {
			if m&(1<<r) != 0 {
				b.WriteString(r.String())
			}
		}
	}
	return b.String()
}

// ParseHand reads a PBN hand "S.H.D.C" (ranks AKQJT98765432, "10" accepted,
// either case; a redundant suit letter at the start of a suit is tolerated).
func ParseHand(s string) (Hand, error) {
	parts := strings.Split(strings.TrimSpace(s), ".")
	if len(parts) != 4 {
		return 0, &ParseError{Kind: "hand", Input: s, Msg: "want four suits separated by dots"}
	}
	var h Hand
	for i, p := range parts {
		su := Suits[i]
		p = strings.ToUpper(strings.TrimSpace(p))
		if len(p) > 0 && p[0] == suitLetters[su] {
			p = p[1:]
		}
		for j := 0; j < len(p); j++ {
			var r Rank
			var err error
			if p[j] == '1' && j+1 < len(p) && p[j+1] == '0' {
				r, j = Ten, j+1
			} else if r, err = ParseRank(p[j : j+1]); err != nil {
				return 0, &ParseError{Kind: "hand", Input: s, Msg: "bad rank " + string(p[j]) + " in " + su.String()}
			}
			c := New(su, r)
			if h.Has(c) {
				return 0, &ParseError{Kind: "hand", Input: s, Msg: "card " + c.String() + " twice"}
			}
			h = h.Add(c)
		}
	}
	return h, nil
}

// MarshalText writes the PBN hand.
func (h Hand) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText reads a PBN hand.
func (h *Hand) UnmarshalText(b []byte) error {
	v, err := ParseHand(string(b))
	if err != nil {
		return err
	}
	*h = v
	return nil
}
