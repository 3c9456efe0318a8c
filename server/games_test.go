package server

import (
	bridgeanalysis "atout/bridge/analysis"
	"atout/match"
)

// testGames are the abilities the tests give the tables: bridge's claims
// and hints on the double-dummy solver, without the review of finished
// deals (seconds a deal under the race detector) or the explanations,
// which the tests that look at them add.
func testGames() map[string]match.Abilities {
	return map[string]match.Abilities{"bridge": {Hint: bridgeanalysis.Hint, ClaimHolds: bridgeanalysis.ClaimHolds}}
}
