package belote

import (
	"slices"
	"testing"

	"atout/card"
)

// The views carry every complete trick of the deal (the trick review),
// the same for each seat, agreeing with the last trick, the tricks won
// and the card points at every step of a whole deal.
func TestViewPlayedTricks(t *testing.T) {
	for _, r := range []Rules{{Mode: Classic}, {Mode: Coinche, Announcements: true}} {
		d := engNewDeal(t, r, card.West, card.Deck32())
		if r.Mode == Coinche {
			engDo(t, d, "S 80H", "E pass", "N pass", "W pass")
		} else {
			engDo(t, d, "S take")
		}
		if v := d.SeatView(card.North); len(v.PlayedTricks) != 0 {
			t.Fatalf("%v: tricks before the play: %+v", r.Mode, v.PlayedTricks)
		}
		for k := 1; k <= 8; k++ {
			for range 4 {
				c := d.LegalCards().Cards()[0]
				engDo(t, d, d.Turn().String()+" "+c.String())
			}
			var first DealView
			for s := range card.Seat(4) {
				v := d.SeatView(s)
				if s == 0 {
					first = v
				} else if !slices.EqualFunc(v.PlayedTricks, first.PlayedTricks, sameTrick) {
					t.Fatalf("%v trick %d: %v sees %+v, North %+v", r.Mode, k, s, v.PlayedTricks, first.PlayedTricks)
				}
			}
			pt := first.PlayedTricks
			if len(pt) != k || !sameTrick(TrickView{Leader: pt[k-1].Leader, Winner: pt[k-1].Winner, Cards: pt[k-1].Cards}, *first.LastTrick) {
				t.Fatalf("%v trick %d: played tricks %+v, last %+v", r.Mode, k, pt, first.LastTrick)
			}
			var won, pts SidePoints
			for i, tv := range pt {
				won[tv.Winner.Side()]++
				pts[tv.Winner.Side()] += tv.Points
				if i > 0 && tv.Leader != pt[i-1].Winner {
					t.Errorf("%v trick %d led by %v, won by %v before", r.Mode, i+1, tv.Leader, pt[i-1].Winner)
				}
			}
			if won != first.Tricks || pts != d.points {
				t.Errorf("%v trick %d: tricks %v points %v, the deal says %v and %v", r.Mode, k, won, pts, first.Tricks, d.points)
			}
		}
		if d.Phase() != PhaseDone || d.points[0]+d.points[1] != 162 {
			t.Errorf("%v: phase %v, points %v", r.Mode, d.Phase(), d.points)
		}
	}
}

func sameTrick(a, b TrickView) bool {
	return a.Leader == b.Leader && a.Winner == b.Winner && a.Points == b.Points && slices.Equal(a.Cards, b.Cards)
}
