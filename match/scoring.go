package match

import (
	"fmt"

	"atout/protocol"
)

// Scoring is how a bridge match scores its boards.
type Scoring = protocol.Scoring

// The scorings of a bridge match.
const (
	Duplicate = protocol.Duplicate
	Rubber    = protocol.Rubber
	Chicago   = protocol.Chicago
)

// ParseScoring checks a scoring's name.
func ParseScoring(name string) (Scoring, error) {
	switch s := Scoring(name); s {
	case Duplicate, Rubber, Chicago:
		return s, nil
	}
	return "", fmt.Errorf("match: scoring %q: want duplicate, rubber or chicago", name)
}

// recordTag is the PBN Scoring tag of a match's boards.
func recordTag(s Scoring) string {
	return map[Scoring]string{Duplicate: "MP", Rubber: "Rubber", Chicago: "Chicago"}[s]
}

// The score sheets and fixed deals are the protocol's (docs/protocol.md).
type (
	// DealInfo is the dealer and vulnerability of a fixed bridge deal.
	DealInfo = protocol.DealInfo
	// BeloteDeal is a fixed belote deal: the dealer and the shuffled deck.
	BeloteDeal = protocol.BeloteDeal
	// BoardLine is one line of a bridge score sheet.
	BoardLine = protocol.BoardLine
	// BridgeSheet is the score sheet of a bridge match.
	BridgeSheet = protocol.BridgeSheet
	// BeloteSheet is the score sheet of a belote match.
	BeloteSheet = protocol.BeloteSheet
)
