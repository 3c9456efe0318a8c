package judge

import (
	"context"
	"strings"
	"testing"
	"time"

	"atout/bot/bidding"
	"atout/bridge"
	"atout/card"
)

var sayc = bidding.New(bidding.Options{})

func hand(t testing.TB, s string) card.Hand {
	h, err := card.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func callsOf(t testing.TB, s string) []bridge.Call {
	var out []bridge.Call
	for _, f := range strings.Fields(s) {
		c, err := bridge.ParseCall(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

func choose(t testing.TB, j *Judge, seed uint64, h, calls string, vul bridge.Vul) Result {
	return j.Choose(context.Background(), seed, hand(t, h), vul, card.North, callsOf(t, calls))
}

// A slam decision: 20 HCP opposite a 1H opener's jump raise of 1S (16-18
// with four spades): 36+ HCP, slam is cold and the rule bidder only asks.
func TestSlamChosen(t *testing.T) {
	j := New(sayc, Options{Budget: time.Minute, MaxSamples: 20})
	r := choose(t, j, 1, "AQ54.K2.AK6.KQ54", "1H P 1S P 3S P", bridge.VulNone)
	if !r.Decision || r.Call.Kind != bridge.Bid || r.Call.Level < 6 {
		t.Fatalf("want a slam, got %+v", r)
	}
}

// A clear save: they are vulnerable in 4S, we are not, with a ten-card heart
// fit and no defence; the rule bidder passes, the simulation saves in 5H.
func TestSaveChosen(t *testing.T) {
	j := New(sayc, Options{Budget: time.Minute, MaxSamples: 20})
	r := choose(t, j, 1, "2.Q98765.Q8643.5", "1S 2H 4S", bridge.VulNS)
	if r.Call != bridge.NewBid(5, bridge.StrainHearts) {
		t.Fatalf("want 5H, got %+v", r)
	}
}

func TestDeterministic(t *testing.T) {
	a := choose(t, New(sayc, Options{Budget: time.Minute, MaxSamples: 8}), 7, "AQ2.KQ4.KJ63.Q42", "1NT P", bridge.VulNone)
	b := choose(t, New(sayc, Options{Budget: time.Minute, MaxSamples: 8}), 7, "AQ2.KQ4.KJ63.Q42", "1NT P", bridge.VulNone)
	if a.Call != b.Call || a.Samples != b.Samples || len(a.IMPs) != len(b.IMPs) {
		t.Fatalf("not deterministic: %+v vs %+v", a, b)
	}
	for i := range a.IMPs {
		if a.IMPs[i] != b.IMPs[i] {
			t.Fatalf("not deterministic: %+v vs %+v", a, b)
		}
	}
}

// An expired context stops sampling: no sample is scored and the rule call
// is kept.
func TestBudgetRespected(t *testing.T) {
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	j := New(sayc, Options{Budget: time.Minute, MaxSamples: 1000})
	r := j.Choose(ctx, 1, hand(t, "AQ54.K2.AK6.KQ54"), bridge.VulNone, card.North, callsOf(t, "1H P 1S P 3S P"))
	if !r.Decision || r.Samples != 0 || r.Call != r.Rule {
		t.Fatalf("expired context: %+v", r)
	}
}

// Candidates are always legal, distinct, at most four, the rule call first,
// over random auctions bid by the rule bidder.
func TestCandidatesLegal(t *testing.T) {
	r := card.NewRand(3)
	decisions := 0
	for n := 0; n < 200; n++ {
		deck := card.Deck52()
		r.Shuffle(deck)
		var d bridge.Deal
		for s := range d {
			d[s] = card.HandOf(deck[13*s : 13*s+13]...)
		}
		dealer := card.Seat(n & 3)
		a := bridge.NewAuction(dealer)
		for !a.Done() {
			me := a.ToAct()
			rule, _ := sayc.Choose(d[me], bridge.VulNone, dealer, a.Calls())
			if a.Check(rule) != nil {
				rule = bridge.PassCall
			}
			cs := Candidates(&a, me, rule)
			if len(cs) == 0 || cs[0] != rule || len(cs) > 4 {
				t.Fatalf("%v: candidates %v for rule %v", a.Calls(), cs, rule)
			}
			if len(cs) > 1 {
				decisions++
			}
			seen := map[bridge.Call]bool{}
			for _, c := range cs {
				if err := a.Check(c); err != nil || seen[c] {
					t.Fatalf("%v: candidate %v illegal or repeated (%v)", a.Calls(), c, err)
				}
				seen[c] = true
			}
			a.Add(rule)
		}
	}
	if decisions == 0 {
		t.Fatal("no decision point in 200 auctions")
	}
}

func BenchmarkDecision(b *testing.B) {
	j := New(sayc, Options{})
	h := hand(b, "2.Q98765.Q8643.5")
	calls := callsOf(b, "1S 2H 4S")
	for i := 0; i < b.N; i++ {
		j.Choose(context.Background(), uint64(i), h, bridge.VulNS, card.North, calls)
	}
}
