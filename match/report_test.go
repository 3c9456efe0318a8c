package match

import (
	"testing"

	"atout/card"
)

// A bridge match reports each finished board as its engine scored it: the
// board's number, the contract, and for a passed-out board no declarer
// and no tricks; nothing while the board is in play.
func TestBridgeReport(t *testing.T) {
	m := NewBridge(BridgeOptions{Scoring: Duplicate, Boards: 6})
	rnd := card.NewRand(11)
	for no := 1; no <= 6; no++ {
		start(t, m, rnd)
		if _, ok := m.Report(); ok {
			t.Fatalf("board %d: a report before the end", no)
		}
		playRandom(t, m, rnd)
		rp, ok := m.Report()
		if !ok || rp.Board == nil || rp.Belote != nil {
			t.Fatalf("board %d: report %v %+v", no, ok, rp)
		}
		r, b := m.Board().Result(), rp.Board
		if b.Board != m.Board().Board() || b.Contract != r.Contract || b.ScoreNS != r.ScoreNS {
			t.Errorf("board %d: report %+v, result %+v", no, b, r)
		}
		if r.Contract.IsPass() && (b.Declarer != 0 || b.Tricks != 0) {
			t.Errorf("board %d passed out: report %+v", no, b)
		}
		if !r.Contract.IsPass() && (b.Declarer != r.Declarer || b.Tricks != r.Tricks) {
			t.Errorf("board %d: report %+v, result %+v", no, b, r)
		}
		if _, err := m.ScoreDeal(); err != nil {
			t.Fatal(err)
		}
	}
}
