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

// Slams and constructive auctions are left to the rule bidder: 20 HCP
// opposite a 1H opener's jump raise of 1S is a slam decision, 1H P 1S P a
// constructive one; neither is simulated.
func TestNoSlamOrConstructiveDecision(t *testing.T) {
	j := New(sayc, Options{Budget: time.Minute, MaxSamples: 20})
	for _, c := range []struct{ h, calls string }{
		{"AQ54.K2.AK6.KQ54", "1H P 1S P 3S P"},
		{"AQ54.K2.AK6.KQ54", "1H P 1S P"},
		{"AQ2.KQ4.KJ63.Q42", "1NT P"},
	} {
		if r := choose(t, j, 1, c.h, c.calls, bridge.VulNone); r.Decision || r.Call != r.Rule {
			t.Errorf("%s after %s: judged %+v", c.h, c.calls, r)
		}
	}
}

// A competitive auction is a decision point: pass, double and a bid in our
// suit are simulated, never a slam.
func TestCompetitiveCandidates(t *testing.T) {
	a := bridge.NewAuction(card.North)
	for _, c := range callsOf(t, "1S 2H 4S") {
		if err := a.Add(c); err != nil {
			t.Fatal(err)
		}
	}
	got := Candidates(&a, card.West, bridge.PassCall)
	want := []bridge.Call{bridge.PassCall, bridge.DoubleCall, bridge.NewBid(5, bridge.StrainHearts)}
	if len(got) != len(want) {
		t.Fatalf("candidates %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("candidates %v, want %v", got, want)
		}
	}
	if cs := Candidates(&a, card.West, bridge.NewBid(6, bridge.StrainHearts)); len(cs) != 1 {
		t.Fatalf("a slam call is judged: %v", cs)
	}
}

// A clear save: they are vulnerable in 4S, we are not, with a long heart
// fit, a club void and no defence; the rule bidder passes, the simulation
// saves in 5H (the gain clears the margin and two standard errors).
func TestSaveChosen(t *testing.T) {
	j := New(sayc, Options{Budget: time.Minute, MaxSamples: 40})
	r := choose(t, j, 1, "2.Q98765.QJ8643.", "1S 2H 4S", bridge.VulNS)
	if r.Call != bridge.NewBid(5, bridge.StrainHearts) {
		t.Fatalf("want 5H, got %+v", r)
	}
}

func TestDeterministic(t *testing.T) {
	a := choose(t, New(sayc, Options{Budget: time.Minute, MaxSamples: 8}), 7, "2.Q98765.K8643.5", "1S 2H 4S", bridge.VulNS)
	b := choose(t, New(sayc, Options{Budget: time.Minute, MaxSamples: 8}), 7, "2.Q98765.K8643.5", "1S 2H 4S", bridge.VulNS)
	if !a.Decision || a.Samples != 8 || a.Call != b.Call || a.Samples != b.Samples || len(a.IMPs) != len(b.IMPs) {
		t.Fatalf("not deterministic: %+v vs %+v", a, b)
	}
	for i := range a.IMPs {
		if a.IMPs[i] != b.IMPs[i] {
			t.Fatalf("not deterministic: %+v vs %+v", a, b)
		}
	}
}

// A departure must be read as the hand is: with 4 HCP the save in 5H
// (read as competing, 5+ HCP) and the double (read as penalty, values)
// would both mislead partner, so there is nothing to judge; with 5 HCP
// the save is a candidate.
func TestDeparturesReadTrue(t *testing.T) {
	j := New(sayc, Options{Budget: time.Minute, MaxSamples: 8})
	if r := choose(t, j, 7, "2.Q98765.Q8643.5", "1S 2H 4S", bridge.VulNS); r.Decision || r.Call != r.Rule {
		t.Fatalf("4 HCP: %+v, want the rule call and no decision", r)
	}
	r := choose(t, j, 7, "2.Q98765.K8643.5", "1S 2H 4S", bridge.VulNS)
	if !r.Decision || len(r.Candidates) != 2 || r.Candidates[1] != bridge.NewBid(5, bridge.StrainHearts) {
		t.Fatalf("5 HCP: %+v, want the pass and the save in 5H", r)
	}
}

// An expired context stops sampling: no sample is scored and the rule call
// is kept.
func TestBudgetRespected(t *testing.T) {
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	j := New(sayc, Options{Budget: time.Minute, MaxSamples: 1000})
	r := j.Choose(ctx, 1, hand(t, "2.Q98765.K8643.5"), bridge.VulNS, card.North, callsOf(t, "1S 2H 4S"))
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
	h := hand(b, "2.Q98765.K8643.5")
	calls := callsOf(b, "1S 2H 4S")
	for i := 0; i < b.N; i++ {
		j.Choose(context.Background(), uint64(i), h, bridge.VulNS, card.North, calls)
	}
}

// Every sampled deal gives each hidden seat a hand that holds what its
// calls showed (the rule bidder's reading of them), whatever the
// tolerance of calls not replayed: after 1S 2H 4S a sample never gives
// the 4S bidder a hand the raise denies, nor the 2H overcaller a short
// heart suit. Without the test of the readings the tolerance lets such
// deals in once replays fail.
func TestSamplesHoldReadings(t *testing.T) {
	calls := callsOf(t, "1S 2H 4S")
	me := card.West
	h := hand(t, "K5.J72.Q9843.T62")
	s := newSampler(sayc, h, me, bridge.VulNone, card.North, calls)
	shown := sayc.Inferences(bridge.VulNone, card.North, calls)
	r := card.NewRand(7)
	s.tol = 3 // any deal that holds the readings: the replays are not the test
	for range 200 {
		d, ok := s.sample(context.Background(), r)
		if !ok {
			t.Fatal("no sample")
		}
		if d[me] != h {
			t.Fatalf("my hand changed: %v", d[me])
		}
		for _, seat := range []card.Seat{card.North, card.East, card.South} {
			if !shown[seat].Holds(d[seat]) {
				t.Fatalf("%v holds %v, not what its calls showed (%s)", seat, d[seat], shown[seat].Text)
			}
		}
		e := bidding.Evaluate(d[card.East])
		if e.Len[card.Hearts] < 5 {
			t.Fatalf("the 2H overcaller holds %v", d[card.East])
		}
	}
}
