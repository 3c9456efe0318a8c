package table

import (
	"testing"

	"atout/bridge"
	"atout/card"
)

// A table asks the review of its deals for the comparison with par and the
// bots' table (match.Review.Compare) at a casual table scored by duplicate
// only: not at rubber or Chicago, not at belote, and not at a
// competition's table, which compares its boards itself (and shows them
// when its judge says so: table/seal.go). The browser test
// web/compare_browser_test.go sees a casual duplicate table ask it, with
// its level.
func TestTableCompares(t *testing.T) {
	deals := []string{bridge.RandomDeal(card.NewRand(36)).String()}
	for _, c := range []struct {
		name     string
		settings Settings
		want     bool
	}{
		{"casual duplicate", Settings{Game: "bridge", Boards: 4}, true},
		{"casual duplicate, fixed deals", Settings{Game: "bridge", Deals: deals}, true},
		{"casual rubber", Settings{Game: "bridge", Scoring: "rubber"}, false},
		{"casual chicago", Settings{Game: "bridge", Scoring: "chicago"}, false},
		{"tournament", Settings{Game: "bridge", Tournament: ParseCompetition("T1:e1"), Deals: deals}, false},
		{"belote", Settings{Game: "belote"}, false},
	} {
		s := c.settings
		if err := s.Normalize(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := (&Table{settings: s}).compares(); got != c.want {
			t.Errorf("%s: compares %v, want %v", c.name, got, c.want)
		}
	}
}
