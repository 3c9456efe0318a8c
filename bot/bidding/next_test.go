package bidding

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"atout/bridge"
	"atout/card"
)

// ExplainNext gives for each legal next call exactly what Explain gives
// once the call is made, on auctions the bots bid on random deals.
func TestExplainNextMatchesExplain(t *testing.T) {
	b := New(Options{})
	rng := card.NewRand(36)
	pick := rand.New(rand.NewPCG(36, 2))
	n := 40
	if testing.Short() {
		n = 8
	}
	for range n {
		d := bridge.RandomDeal(rng)
		dealer := card.Seat(pick.IntN(4))
		vul := bridge.Vul(pick.IntN(4))
		a := bridge.NewAuction(dealer)
		for !a.Done() {
			calls := a.Calls()
			legal := a.Legal()
			got := b.ExplainNext(vul, dealer, calls, legal)
			for i, c := range legal {
				if pick.IntN(4) != 0 && c.Kind == bridge.Bid && c.Level > 4 {
					continue // sample the high bids
				}
				want := b.Explain(vul, dealer, append(calls[:len(calls):len(calls)], c), len(calls))
				if !reflect.DeepEqual(got[i], want) {
					t.Fatalf("%v after %v: ExplainNext %+v, Explain %+v", c, calls, got[i], want)
				}
			}
			call, _ := b.Choose(d[a.ToAct()], vul, dealer, calls)
			if err := a.Add(call); err != nil {
				t.Fatal(err)
			}
		}
	}
}
