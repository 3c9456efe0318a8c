package dd

import (
	"math/rand/v2"
	"testing"

	"atout/bridge"
	"atout/card"
)

// playedBoard is a deal played out: its strain, declarer and cards.
type playedBoard struct {
	deal     bridge.Deal
	strain   bridge.Strain
	declarer card.Seat
	cards    []card.Card
}

// playedBoards plays the first k dev deals out (the strain turns with the
// deal, North declares): each card is the best double dummy with
// probability best, else a legal card drawn at random.
func playedBoards(tb testing.TB, k int, best float64) []playedBoard {
	tb.Helper()
	rows := loadDev100(tb)
	rnd := rand.New(rand.NewPCG(uint64(k), 77))
	s := NewSolver(0)
	var out []playedBoard
	for i := range k {
		b := playedBoard{deal: rows[i].deal, strain: bridge.Strain(i % 5), declarer: card.North}
		st, err := newPlayState(b.deal, b.strain, b.declarer)
		if err != nil {
			tb.Fatal(err)
		}
		for range 52 {
			var c card.Card
			if rnd.Float64() < best {
				vals, err := s.CardValues(st.pos)
				if err != nil {
					tb.Fatal(err)
				}
				c = vals[0].Card
			} else {
				legal := st.pos.Legal().Cards()
				c = legal[rnd.IntN(len(legal))]
			}
			if err := st.play(len(b.cards), c); err != nil {
				tb.Fatal(err)
			}
			b.cards = append(b.cards, c)
		}
		out = append(out, b)
	}
	return out
}

// TestAnalysePlayMatchesFreshSolves checks declarer's total after each
// card of a play analysis (solved one after the other on one solver, each
// from the bound its card gives) against a solve of the same position on
// a new solver: the bounds make the totals obey the sides' rule by
// construction, so only a fresh solve can tell a wrong one.
func TestAnalysePlayMatchesFreshSolves(t *testing.T) {
	k := 5
	if testing.Short() || raceEnabled {
		k = 2
	}
	for i, b := range playedBoards(t, k, 0.6) {
		a, err := AnalysePlay(NewSolver(0), b.deal, b.strain, b.declarer, b.cards)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := newPlayState(b.deal, b.strain, b.declarer)
		if want := st.total(NewSolver(0)); a.Start != want {
			t.Errorf("deal %d: start %d, a fresh solve %d", i, a.Start, want)
		}
		for j, c := range b.cards {
			if err := st.play(j, c); err != nil {
				t.Fatal(err)
			}
			if want := st.total(NewSolver(0)); a.Steps[j].Tricks != want {
				t.Fatalf("deal %d, card %d (%v): %d, a fresh solve %d", i, j+1, c, a.Steps[j].Tricks, want)
			}
		}
	}
}

// BenchmarkAnalysePlay times the review of a whole play (52 cards, six in
// ten of them the best double dummy) from an empty table.
func BenchmarkAnalysePlay(b *testing.B) {
	boards := playedBoards(b, 6, 0.6)
	s := NewSolver(0)
	i := 0
	for b.Loop() {
		s.Reset()
		x := boards[i%len(boards)]
		if _, err := AnalysePlay(s, x.deal, x.strain, x.declarer, x.cards); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
