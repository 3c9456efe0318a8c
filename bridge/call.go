// Package bridge is the contract bridge engine: the deal as a deterministic
// state machine (auction, play, claims), contracts and calls, the board cycle
// and duplicate scoring. It does no I/O.
package bridge

import (
	"fmt"
	"strings"

	"atout/card"
)

// Strain is a bridge denomination: the four suits then no-trump.
type Strain uint8

// The strains, lowest first. The suit strains equal the card suits.
const (
	StrainClubs    = Strain(card.Clubs)
	StrainDiamonds = Strain(card.Diamonds)
	StrainHearts   = Strain(card.Hearts)
	StrainSpades   = Strain(card.Spades)
	NoTrump        = Strain(4)
)

// Strains lists the strains in the order C, D, H, S, NT.
var Strains = [5]Strain{StrainClubs, StrainDiamonds, StrainHearts, StrainSpades, NoTrump}

// String returns "C", "D", "H", "S" or "NT".
func (s Strain) String() string {
	if s > NoTrump {
		return fmt.Sprintf("Strain(%d)", uint8(s))
	}
	return [...]string{"C", "D", "H", "S", "NT"}[s]
}

// Suit returns the trump suit; ok is false for no-trump.
func (s Strain) Suit() (card.Suit, bool) {
	if s >= NoTrump {
		return 0, false
	}
	return card.Suit(s), true
}

// ParseStrain reads "C", "D", "H", "S", "NT" or "N" (either case).
func ParseStrain(s string) (Strain, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "C", "♣":
		return StrainClubs, nil
	case "D", "♦":
		return StrainDiamonds, nil
	case "H", "♥":
		return StrainHearts, nil
	case "S", "♠":
		return StrainSpades, nil
	case "NT", "N", "SA":
		return NoTrump, nil
	}
	return 0, &ParseError{Kind: "strain", Input: s}
}

// MarshalText writes the strain.
func (s Strain) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a strain.
func (s *Strain) UnmarshalText(b []byte) error {
	v, err := ParseStrain(string(b))
	*s = v
	return err
}

// CallKind tells what sort of call a Call is.
type CallKind uint8

// The kinds of call. The zero Call is a pass.
const (
	Pass CallKind = iota
	Double
	Redouble
	Bid
)

// Call is one call of the auction: pass, double, redouble or a bid. The zero
// Call is a pass.
type Call struct {
	Kind   CallKind
	Level  uint8 // 1..7 for a bid
	Strain Strain
}

// PassCall, DoubleCall and RedoubleCall are the non-bid calls.
var (
	PassCall     = Call{Kind: Pass}
	DoubleCall   = Call{Kind: Double}
	RedoubleCall = Call{Kind: Redouble}
)

// NewBid returns the bid of level and strain.
func NewBid(level int, s Strain) Call { return Call{Kind: Bid, Level: uint8(level), Strain: s} }

// Rank orders bids: 1C=0 ... 7NT=34.
func (c Call) Rank() int { return int(c.Level-1)*5 + int(c.Strain) }

// String writes "P", "X", "XX" or "1C".."7NT".
func (c Call) String() string {
	switch c.Kind {
	case Pass:
		return "P"
	case Double:
		return "X"
	case Redouble:
		return "XX"
	}
	return fmt.Sprintf("%d%s", c.Level, c.Strain)
}

// ParseError reports text that is not a valid call, strain or contract.
type ParseError struct {
	Kind  string
	Input string
}

func (e *ParseError) Error() string { return fmt.Sprintf("bridge: invalid %s %q", e.Kind, e.Input) }

// Unwrap returns card.ErrSyntax, shared by all parse errors.
func (e *ParseError) Unwrap() error { return card.ErrSyntax }

// ParseCall reads "P"/"Pass", "X"/"Dbl", "XX"/"Rdbl" or a bid "1C".."7NT"
// ("N" accepted for "NT"); also the LIN forms "p", "d", "r". A trailing "!"
// (alert) is ignored.
func ParseCall(s string) (Call, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimRight(t, "!")
	switch t {
	case "P", "PASS", "AP":
		if t != "AP" {
			return PassCall, nil
		}
	case "X", "D", "DBL", "DOUBLE":
		return DoubleCall, nil
	case "XX", "R", "RDBL", "REDOUBLE":
		return RedoubleCall, nil
	}
	if len(t) >= 2 && t[0] >= '1' && t[0] <= '7' {
		st, err := ParseStrain(t[1:])
		if err == nil {
			return NewBid(int(t[0]-'0'), st), nil
		}
	}
	return Call{}, &ParseError{Kind: "call", Input: s}
}

// MarshalText writes the call.
func (c Call) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a call.
func (c *Call) UnmarshalText(b []byte) error {
	v, err := ParseCall(string(b))
	*c = v
	return err
}

// Contract is the final contract: level 1..7, strain, doubled state
// (0 undoubled, 1 doubled, 2 redoubled). Level 0 means passed out.
type Contract struct {
	Level   uint8
	Strain  Strain
	Doubled uint8
}

// PassedOut is the contract of a deal where all four players passed.
var PassedOut = Contract{}

// IsPass reports whether the deal was passed out.
func (c Contract) IsPass() bool { return c.Level == 0 }

// String writes "4SX", "3NT", "7NTXX" or "Pass".
func (c Contract) String() string {
	if c.IsPass() {
		return "Pass"
	}
	return fmt.Sprintf("%d%s%s", c.Level, c.Strain, [...]string{"", "X", "XX"}[c.Doubled%3])
}

// ParseContract reads "4SX", "3NT", "3N", "Pass" (either case). A declarer
// letter after the strain, as in "4SXN" or "3NTS", is not accepted: use
// ParseContractDeclarer for that.
func ParseContract(s string) (Contract, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "PASS" || t == "P" || t == "AP" {
		return PassedOut, nil
	}
	if len(t) < 2 || t[0] < '1' || t[0] > '7' {
		return Contract{}, &ParseError{Kind: "contract", Input: s}
	}
	c := Contract{Level: t[0] - '0'}
	rest := t[1:]
	dbl := uint8(0)
	switch {
	case strings.HasSuffix(rest, "XX"):
		dbl, rest = 2, rest[:len(rest)-2]
	case strings.HasSuffix(rest, "X"):
		dbl, rest = 1, rest[:len(rest)-1]
	}
	st, err := ParseStrain(rest)
	if err != nil {
		return Contract{}, &ParseError{Kind: "contract", Input: s}
	}
	c.Strain, c.Doubled = st, dbl
	return c, nil
}

// MarshalText writes the contract.
func (c Contract) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a contract.
func (c *Contract) UnmarshalText(b []byte) error {
	v, err := ParseContract(string(b))
	*c = v
	return err
}
