package bidding

import (
	"os"
	"strconv"
	"testing"

	"atout/bridge"
	"atout/card"
)

// randomAuction returns a random legal unfinished auction: mostly passes,
// some bids, a few doubles and redoubles.
func randomAuction(r *card.Rand, dealer card.Seat) []bridge.Call {
	a := bridge.NewAuction(dealer)
	n := r.IntN(14)
	var calls []bridge.Call
	for len(calls) < n {
		var c bridge.Call
		switch k := r.IntN(10); {
		case k < 4:
			c = bridge.PassCall
		case k < 5:
			c = bridge.DoubleCall
		case k < 6:
			c = bridge.RedoubleCall
		default:
			lv := 1 + r.IntN(7)
			if len(calls) < 6 {
				lv = 1 + r.IntN(3)
			}
			c = bridge.NewBid(lv, bridge.Strain(r.IntN(5)))
		}
		if a.Check(c) != nil {
			continue
		}
		trial := a
		_ = trial.Add(c)
		if trial.Done() {
			break
		}
		a = trial
		calls = append(calls, c)
	}
	return calls
}

func dealHands(r *card.Rand) [4]card.Hand {
	d := card.Deck52()
	r.Shuffle(d)
	var hs [4]card.Hand
	for i, c := range d {
		hs[i%4] = hs[i%4].Add(c)
	}
	return hs
}

// Choose never panics and never returns an illegal call, whatever the
// hand and the (legal) auction.
func TestChooseAlwaysLegal(t *testing.T) {
	b := New(Options{})
	r := card.NewRand(7)
	n := 3000
	if testing.Short() || raceEnabled {
		n = 400
	}
	if v, err := strconv.Atoi(os.Getenv("BIDDING_PROP_N")); err == nil {
		n = v
	}
	for i := range n {
		dealer := card.Seat(r.IntN(4))
		calls := randomAuction(r, dealer)
		a := bridge.NewAuction(dealer)
		for _, c := range calls {
			if err := a.Add(c); err != nil {
				t.Fatal(err)
			}
		}
		hs := dealHands(r)
		vul := bridge.Vul(r.IntN(4))
		got, m := b.Choose(hs[a.ToAct()], vul, dealer, calls)
		if err := a.Check(got); err != nil {
			t.Fatalf("case %d: %v after %v with %v: %v", i, got, calls, hs[a.ToAct()], err)
		}
		if m.Text == "" {
			t.Fatalf("case %d: %v has no explanation", i, got)
		}
		if m.MinHCP > m.MaxHCP {
			t.Fatalf("case %d: %v meaning %+v has an empty HCP range", i, got, m)
		}
	}
}

// Self-play: four bots bid random deals to the end; every auction is legal
// and ends.
func TestSelfPlayAuctions(t *testing.T) {
	b := New(Options{})
	r := card.NewRand(11)
	n := 300
	if testing.Short() || raceEnabled {
		n = 50
	}
	for i := range n {
		hs := dealHands(r)
		dealer := card.Seat(i % 4)
		vul := bridge.Vul(r.IntN(4))
		calls := bidOut(t, b, bridge.Deal(hs), dealer, vul, nil)
		for j := range calls {
			m := b.Explain(vul, dealer, calls, j)
			if m.Text == "" {
				t.Fatalf("deal %d call %d: no explanation", i, j)
			}
		}
	}
}
