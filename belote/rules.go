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

// NoSuit marks the absence of a trump suit (no-trump mode).
const NoSuit card.Suit = 255

// CardPoints returns the points of card c at the end of a deal with trump
// suit trump (NoSuit in no-trump) under setting s (the ace in no-trump is
// worth 19 under Official).
func CardPoints(c card.Card, trump card.Suit, s Setting) int {
	r := c.Rank()
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
	// strength: higher wins. Plain: A T K Q J 9 8 7; trump: J 9 A T K Q 8 7.
	plainStrength = [15]int{card.Seven: 1, card.Eight: 2, card.Nine: 3, card.Jack: 4, card.Queen: 5, card.King: 6, card.Ten: 7, card.Ace: 8}
	trumpStrength = [15]int{card.Seven: 1, card.Eight: 2, card.Queen: 3, card.King: 4, card.Ten: 5, card.Ace: 6, card.Nine: 7, card.Jack: 8}
)

// Strength returns the trick-taking strength of c within its suit: trump
// order (J 9 A 10 K Q 8 7) if its suit is trump, else plain order
// (A 10 K Q J 9 8 7). Higher is stronger. Only cards of the same suit are
// comparable.
func Strength(c card.Card, trump card.Suit) int {
	if c.Suit() == trump {
		return trumpStrength[c.Rank()]
	}
	return plainStrength[c.Rank()]
}

// Total returns T(mode): the card points of a whole deal, last trick
// included: 162, or 130 in no-trump under Maison.
func Total(m Mode, s Setting) int {
	if m == NoTrump && s == Maison {
		return 130
	}
	return 162
}

// CapotPoints is what a side winning all eight tricks counts instead of its
// card points.
const CapotPoints = 250

// TrickWinner returns the index (0-based, in play order) of the card that
// wins a trick, with trump suit trump (NoSuit in no-trump).
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
