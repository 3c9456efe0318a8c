package bridge

import (
	"fmt"
	"strings"

	"atout/card"
)

// Vul is the vulnerability of a board.
type Vul uint8

// The four vulnerabilities.
const (
	VulNone Vul = iota
	VulNS
	VulEW
	VulAll
)

// String returns "None", "NS", "EW" or "All" (the PBN values).
func (v Vul) String() string {
	if v > VulAll {
		return fmt.Sprintf("Vul(%d)", uint8(v))
	}
	return [...]string{"None", "NS", "EW", "All"}[v]
}

// Has reports whether side is vulnerable.
func (v Vul) Has(side card.Side) bool {
	return v == VulAll || (v == VulNS && side == card.NS) || (v == VulEW && side == card.EW)
}

// ParseVul reads a vulnerability as found in real files: None, Love, -, NS,
// N-S, EW, E-W, All, Both, and the LIN letters o, 0, n, e, b.
func ParseVul(s string) (Vul, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "NONE", "LOVE", "-", "O", "0", "NEITHER":
		return VulNone, nil
	case "NS", "N-S", "N", "N/S":
		return VulNS, nil
	case "EW", "E-W", "E", "E/W":
		return VulEW, nil
	case "ALL", "BOTH", "B":
		return VulAll, nil
	}
	return 0, &ParseError{Kind: "vulnerability", Input: s}
}

// MarshalText writes the vulnerability.
func (v Vul) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a vulnerability.
func (v *Vul) UnmarshalText(b []byte) error {
	x, err := ParseVul(string(b))
	*v = x
	return err
}

// BoardDealer returns the dealer of board number b (1-based, 16-board cycle).
func BoardDealer(b int) card.Seat {
	return card.Seat(mod(b-1, 4))
}

// BoardVul returns the vulnerability of board number b (1-based).
func BoardVul(b int) Vul {
	i := mod(b-1, 16)
	return Vul((i + i/4) % 4)
}

func mod(a, m int) int { return ((a % m) + m) % m }
