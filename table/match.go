package table

import (
	"atout/match"
	"atout/protocol"
)

// The match types a table's settings and messages use.
type (
	// DealInfo is the dealer and vulnerability of a fixed bridge deal.
	DealInfo = match.DealInfo
	// BeloteDeal is a fixed belote deal.
	BeloteDeal = match.BeloteDeal
	// BoardLine is one line of a bridge score sheet.
	BoardLine = match.BoardLine
	// BridgeSheet is the score sheet of a bridge table.
	BridgeSheet = match.BridgeSheet
	// BeloteSheet is the score sheet of a belote table.
	BeloteSheet = match.BeloteSheet
)

// ErrFormat is returned for an export format the game does not have.
var ErrFormat = match.ErrFormat

// newMatch returns the match the (normalized) settings describe.
func newMatch(s Settings) match.Match {
	if s.Game == protocol.Belote {
		return match.NewBeloteMatch(s.Belote(), s.BeloteDeals)
	}
	return match.NewBridge(s.Bridge())
}
