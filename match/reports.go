package match

import (
	"atout/belote"
	"atout/bridge"
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
