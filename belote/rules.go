// Package belote is the belote engine: the three modes (classic with trump,
// no-trump, coinche) under the Maison (house, default) and Official
// (federation) rule sets, as specified in docs/belote-rules.md. It holds the
// deal as a deterministic state machine (dealing from a deck, bidding, play,
// announcements, belote-rebelote), the scoring of a deal and the running game
// score. It does no I/O.
package belote

import (
	"fmt"
	"strings"

	"atout/card"
)

// Mode is the kind of game.
type Mode uint8

// The three modes.
const (
	Classic Mode = iota // with trump: turned card, two bidding rounds
	NoTrump             // one round, no trump, no belote
	Coinche             // auction 80..160 and capot, coinche, surcoinche
)

// String returns "classic", "notrump" or "coinche".
func (m Mode) String() string {
	switch m {
	case Classic:
		return "classic"
	case NoTrump:
		return "notrump"
	case Coinche:
		return "coinche"
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// ParseMode reads "classic", "notrump" (also "no-trump", "sans-atout") or "coinche".
func ParseMode(s string) (Mode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "classic", "classique", "trump":
		return Classic, nil
	case "notrump", "no-trump", "nt", "sans-atout", "sansatout":
		return NoTrump, nil
	case "coinche", "contree", "contrée":
		return Coinche, nil
	}
	return 0, fmt.Errorf("belote: unknown mode %q (want classic, notrump or coinche)", s)
}

// MarshalText writes the mode.
func (m Mode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads a mode.
func (m *Mode) UnmarshalText(b []byte) error {
	v, err := ParseMode(string(b))
	*m = v
	return err
}

// Setting is the rule set: Maison (the house rules, default) or Official.
type Setting uint8

// The two rule sets.
const (
	Maison Setting = iota
	Official
)

// String returns "maison" or "official".
func (s Setting) String() string {
	if s == Official {
		return "official"
	}
	return "maison"
}

// ParseSetting reads "maison" or "official".
func ParseSetting(s string) (Setting, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "maison", "house", "":
		return Maison, nil
	case "official", "officiel", "ffb":
		return Official, nil
	}
	return 0, fmt.Errorf("belote: unknown rules %q (want maison or official)", s)
}

// MarshalText writes the setting.
func (s Setting) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a setting.
func (s *Setting) UnmarshalText(b []byte) error {
	v, err := ParseSetting(string(b))
	*s = v
	return err
}

// Rules are the settings chosen when a game is created, fixed until it ends.
type Rules struct {
	Mode          Mode
	Setting       Setting
	Announcements bool
	Target        int // game target; 0 means the mode's default
	// SaTa allows the sans-atout and tout-atout bids in coinche
	// (docs/belote-coinche-sa-ta.md); off by default, coinche only.
	SaTa bool
}

// Check reports rules the engine cannot play: an unknown mode or setting,
// or SaTa outside coinche.
func (r Rules) Check() error {
	if r.Mode > Coinche || r.Setting > Official {
		return fmt.Errorf("belote: invalid rules %+v", r)
	}
	if r.SaTa && r.Mode != Coinche {
		return fmt.Errorf("belote: sans-atout and tout-atout bids belong to coinche, not %v", r.Mode)
	}
	return nil
}

// DefaultTarget returns the default game target of a mode: 1000 for classic
// and no-trump, 2000 for coinche (belote-rules §11.7).
func DefaultTarget(m Mode) int {
	if m == Coinche {
		return 2000
	}
	return 1000
}

// GameTarget returns the target in force.
func (r Rules) GameTarget() int {
	if r.Target > 0 {
		return r.Target
	}
	return DefaultTarget(r.Mode)
}

// Next returns the player after s in belote's counter-clockwise rotation:
// next(S)=E, next(E)=N, next(N)=W, next(W)=S.
func Next(s card.Seat) card.Seat { return s.Prev() }

// NoSuit marks the absence of a trump suit: the no-trump mode and a
// coinche sans-atout contract.
const NoSuit card.Suit = 255

// AllTrump is the "suit" of a coinche tout-atout contract: every suit is
// trump, with the tout-atout card values (J 14, 9 9, A 6, 10 5, K 3, Q 1)
// and the trump order in each suit, and no suit ruffs another.
const AllTrump card.Suit = 254

// IsSuit reports whether trump is one of the four suits (not [NoSuit] or
// [AllTrump]).
func IsSuit(trump card.Suit) bool { return trump <= card.Spades }

// StrainString writes a contract's strain: the suit letter, "NT" for
// [NoSuit] (sans-atout), "AT" for [AllTrump] (tout-atout).
func StrainString(trump card.Suit) string {
	switch trump {
	case NoSuit:
		return "NT"
	case AllTrump:
		return "AT"
	}
	return trump.String()
}

// ParseStrain reads a suit letter or symbol, "NT" (also "SA", "sans-atout")
// or "AT" (also "TA", "tout-atout").
func ParseStrain(s string) (card.Suit, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "nt", "sa", "sans-atout", "sansatout":
		return NoSuit, nil
	case "at", "ta", "tout-atout", "toutatout":
		return AllTrump, nil
	}
	return card.ParseSuit(s)
}

// CardPoints returns the points of card c at the end of a deal with trump
// suit trump (NoSuit in no-trump) under setting s (the ace in no-trump is
// worth 19 under Official).
func CardPoints(c card.Card, trump card.Suit, s Setting) int {
	r := c.Rank()
	if trump == AllTrump {
		return allTrumpPoints[r]
	}
	if trump == NoSuit {
		if r == card.Ace && s == Official {
			return 19
		}
		return plainPoints[r]
	}
	if c.Suit() == trump {
		return trumpPoints[r]
	}
	return plainPoints[r]
}

var (
	plainPoints = [15]int{card.Jack: 2, card.Ace: 11, card.Ten: 10, card.King: 4, card.Queen: 3}
	trumpPoints = [15]int{card.Jack: 20, card.Nine: 14, card.Ace: 11, card.Ten: 10, card.King: 4, card.Queen: 3}
	// tout-atout: 38 a suit, 152 in all (docs/belote-coinche-sa-ta.md §3)
	allTrumpPoints = [15]int{card.Jack: 14, card.Nine: 9, card.Ace: 6, card.Ten: 5, card.King: 3, card.Queen: 1}
	// strength: higher wins. Plain: A T K Q J 9 8 7; trump: J 9 A T K Q 8 7.
	plainStrength = [15]int{card.Seven: 1, card.Eight: 2, card.Nine: 3, card.Jack: 4, card.Queen: 5, card.King: 6, card.Ten: 7, card.Ace: 8}
	trumpStrength = [15]int{card.Seven: 1, card.Eight: 2, card.Queen: 3, card.King: 4, card.Ten: 5, card.Ace: 6, card.Nine: 7, card.Jack: 8}
)

// Strength returns the trick-taking strength of c within its suit: trump
// order (J 9 A 10 K Q 8 7) if its suit is trump, else plain order
// (A 10 K Q J 9 8 7). Higher is stronger. Only cards of the same suit are
// comparable.
func Strength(c card.Card, trump card.Suit) int {
	if c.Suit() == trump || trump == AllTrump {
		return trumpStrength[c.Rank()]
	}
	return plainStrength[c.Rank()]
}

// Total returns T(mode): the card points of a whole deal, last trick
// included: 162, or 130 in no-trump under Maison. A coinche sans-atout or
// tout-atout contract is counted by [TotalFor].
func Total(m Mode, s Setting) int {
	if m == NoTrump && s == Maison {
		return 130
	}
	return 162
}

// TotalFor returns the card points of a whole deal played with trump suit
// trump under setting s: 130 without trump under Maison (the no-trump mode
// and a coinche sans-atout, ace 11), otherwise 162 (a trump suit, tout-atout,
// or no trump under Official, ace 19).
func TotalFor(trump card.Suit, s Setting) int {
	if trump == NoSuit && s == Maison {
		return 130
	}
	return 162
}

// CapotPoints is what a side winning all eight tricks counts instead of its
// card points.
const CapotPoints = 250

// TrickWinner returns the index (0-based, in play order) of the card that
// wins a trick, with trump suit trump (NoSuit in no-trump and sans-atout,
// AllTrump in tout-atout, where the best card of the led suit wins).
func TrickWinner(trick []card.Card, trump card.Suit) int {
	best := 0
	for i := 1; i < len(trick); i++ {
		c, b := trick[i], trick[best]
		switch {
		case c.Suit() == b.Suit():
			if Strength(c, trump) > Strength(b, trump) {
				best = i
			}
		case c.Suit() == trump:
			best = i
		}
	}
	return best
}
