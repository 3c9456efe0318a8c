package dd

import (
	"testing"

	"atout/bridge"
	"atout/card"
)

// TestCardValuesMatchTricks checks every card's value (solutions=3) in
// mid-play positions of whole deals against a separate solve of the position
// after that card, with fresh solvers.
func TestCardValuesMatchTricks(t *testing.T) {
	cases := 12
	if raceEnabled || testing.Short() {
		cases = 3
	}
	r := card.NewRand(11)
	for i := 0; i < cases; i++ {
		d := bridge.RandomDeal(r)
		p := Position{Hands: d, Strain: bridge.Strains[i%5], Leader: card.Seat(i % 4)}
		// play a few random cards, some tricks and part of one
		for k := 0; k < i%4+4; k++ {
			legal := p.Legal().Cards()
			c := legal[r.IntN(len(legal))]
			s := p.ToMove()
			p.Hands[s] = p.Hands[s].Remove(c)
			p.Trick = append(p.Trick, c)
			if len(p.Trick) == 4 {
				w := card.Seat((int(p.Leader) + slowWinner(p.Trick, p.Strain)) & 3)
				p.Leader, p.Trick = w, nil
			}
		}
		vals, err := NewSolver(8).CardValues(p)
		if err != nil {
			t.Fatal(err)
		}
		me := p.ToMove()
		for _, cv := range vals {
			q := p
			q.Trick = append(append([]card.Card(nil), p.Trick...), cv.Card)
			q.Hands[me] = q.Hands[me].Remove(cv.Card)
			var w int
			if len(q.Trick) == 4 {
				win := card.Seat((int(q.Leader) + slowWinner(q.Trick, q.Strain)) & 3)
				q2 := Position{Hands: q.Hands, Strain: q.Strain, Leader: win}
				v, _ := NewSolver(8).Tricks(q2)
				if win.Side() == me.Side() {
					w = 1 + v
				} else {
					w = q2.TricksLeft() - v
				}
			} else {
				v, _ := NewSolver(8).Tricks(q)
				if q.ToMove().Side() == me.Side() {
					w = v
				} else {
					w = p.TricksLeft() - v
				}
			}
			if w != cv.Tricks {
				t.Fatalf("case %d card %s: value %d, solve after it %d", i, cv.Card, cv.Tricks, w)
			}
		}
	}
}
