package match

import (
	"atout/belote"
	"atout/bridge"
	"atout/card"
)

// What a table reports of a finished deal to a competition, in the
// engines' own terms: a table carries these values from its match to the
// competition's listeners without reading them.
type (
	// Contract is a bridge board's final contract (bridge.PassedOut when
	// passed out).
	Contract = bridge.Contract
	// BeloteRecord is a belote deal as played, to be replayed or checked.
	BeloteRecord = belote.Record
)

// Reporter is a match whose finished deals are reported to a competition.
type Reporter interface {
	// Report describes the deal just scored ([Match.ScoreDeal]); false
	// when there is nothing to report.
	Report() (Report, bool)
}

// Report is a finished deal's result for a competition: a bridge board's
// or a fixed belote deal's (one field set).
type Report struct {
	Board  *BoardReport
	Belote *BeloteReport
}

// BoardReport is a finished bridge board's result.
type BoardReport struct {
	Board    int // the board's own number
	Contract Contract
	Declarer card.Seat // 0 when passed out
	Tricks   int       // declarer's tricks (0 when passed out)
	ScoreNS  int
}

// BeloteReport is a finished fixed belote deal's result.
type BeloteReport struct {
	Deal   int // its number in the fixed series
	Record BeloteRecord
	Passed bool
	// Points are what each side scored (index card.NS, card.EW; 0–0 when
	// passed).
	Points [2]int
}
