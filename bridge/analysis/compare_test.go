package analysis

import (
	"context"
	"reflect"
	"testing"
	"time"

	"atout/bridge"
	"atout/card"
	"atout/game"
	"atout/match"
)

// playRandom plays board g out with random legal moves from r: an auction
// of random calls (mostly passes, so that it ends) and random cards.
func playRandom(t testing.TB, g *bridge.Game, r *card.Rand) {
	t.Helper()
	for !g.Done() {
		seat, _ := g.Turn()
		legal := g.Legal(seat)
		act := legal[r.IntN(len(legal))]
		if g.Phase() == bridge.PhaseAuction && r.IntN(3) > 0 {
			act = bridge.PassCall.String()
		}
		if err := g.Apply(game.Move{Seat: seat, Action: act}); err != nil {
			t.Fatal(err)
		}
	}
}

// The comparison against fixed results: the IMPs of the WBF scale.
func TestCompareKnownValues(t *testing.T) {
	// 4♠ by North making 10 tricks, non vulnerable: +420 for NS.
	second := &SecondResult{
		Auction: []bridge.Call{bridge.NewBid(1, bridge.StrainSpades), bridge.PassCall, bridge.NewBid(4, bridge.StrainSpades), bridge.PassCall, bridge.PassCall, bridge.PassCall},
		Result:  bridge.Result{Contract: bridge.Contract{Level: 4, Strain: bridge.StrainSpades}, Declarer: card.North, Tricks: 10, ScoreNS: 420, Done: true},
	}
	for _, c := range []struct {
		score, par  int
		second      *SecondResult
		parIMPs     int
		secondIMPs  int
		hasSecond   bool
		wantAuction []string
	}{
		{score: 420, par: 420, second: second, parIMPs: 0, secondIMPs: 0, hasSecond: true, wantAuction: []string{"1S", "P", "4S", "P", "P", "P"}},
		// 3♠ +1 (170) against a game made at the other table: −6.
		{score: 170, par: 420, second: second, parIMPs: -6, secondIMPs: -6, hasSecond: true},
		// 4♠ −1 (−50) against +420: 470, −10.
		{score: -50, par: 420, second: second, parIMPs: -10, secondIMPs: -10, hasSecond: true},
		// EW's 4♥ doubled −3 non vulnerable (+500 for NS) against par +420: +2.
		{score: 500, par: 420, second: nil, parIMPs: 2},
		// A slam made (+980) against the game: +11.
		{score: 980, par: 420, second: second, parIMPs: 11, secondIMPs: 11, hasSecond: true},
	} {
		got := Compare(c.score, c.par, c.second)
		if got.ScoreNS != c.score || got.ParIMPs != c.parIMPs || (got.Second != nil) != c.hasSecond {
			t.Errorf("Compare(%d, %d) = %+v, want par IMPs %d", c.score, c.par, got, c.parIMPs)
			continue
		}
		if !c.hasSecond {
			continue
		}
		s := got.Second
		if s.IMPs != c.secondIMPs || s.Contract != "4S" || s.Declarer != "N" || s.Tricks != 10 || s.ScoreNS != 420 {
			t.Errorf("second table %+v, want IMPs %d", s, c.secondIMPs)
		}
		if c.wantAuction != nil && !reflect.DeepEqual(s.Auction, c.wantAuction) {
			t.Errorf("auction %v, want %v", s.Auction, c.wantAuction)
		}
	}
	// A passed-out second table has no declarer.
	got := Compare(-100, 0, &SecondResult{Auction: []bridge.Call{bridge.PassCall, bridge.PassCall, bridge.PassCall, bridge.PassCall},
		Result: bridge.Result{Contract: bridge.PassedOut, Done: true}})
	if got.Second.Contract != "Pass" || got.Second.Declarer != "" || got.Second.IMPs != -3 || got.ParIMPs != -3 {
		t.Errorf("passed out: %+v", got.Second)
	}
}

// Property: whatever the boards played at both tables, the comparison's
// IMPs are those of the score differences (bridge.IMPs), its scores those
// of the duplicate scoring, and the sides are consistent: swapping the
// tables turns the IMPs over.
func TestCompareIMPsProperty(t *testing.T) {
	r := card.NewRand(36)
	for i := range 400 {
		d := bridge.RandomDeal(r)
		dealer, vul := card.Seats[r.IntN(4)], bridge.Vul(r.IntN(4))
		here := bridge.NewGame(i+1, dealer, vul, d)
		there := bridge.NewGame(i+1, dealer, vul, d)
		playRandom(t, here, r)
		playRandom(t, there, r)
		hr, tr := here.Result(), there.Result()
		par := r.IntN(3001) - 1500
		auc := there.Auction()
		c := Compare(hr.ScoreNS, par, &SecondResult{Auction: auc.Calls(), Result: tr})
		if c.ScoreNS != hr.ScoreNS || c.ParIMPs != bridge.IMPs(hr.ScoreNS-par) {
			t.Fatalf("board %d: %+v against par %d", i, c, par)
		}
		s := c.Second
		if s.ScoreNS != bridge.ScoreNS(tr.Contract, tr.Declarer, tr.Tricks, vul) || s.IMPs != bridge.IMPs(hr.ScoreNS-tr.ScoreNS) {
			t.Fatalf("board %d: second %+v, table %+v", i, s, hr)
		}
		if back := Compare(tr.ScoreNS, par, &SecondResult{Result: hr}); back.Second.IMPs != -s.IMPs {
			t.Fatalf("board %d: %d one way, %d the other", i, s.IMPs, back.Second.IMPs)
		}
		if (s.IMPs > 0) != (hr.ScoreNS-tr.ScoreNS >= 20) || len(s.Auction) != auc.Len() {
			t.Fatalf("board %d: %+v for a difference of %d", i, s, hr.ScoreNS-tr.ScoreNS)
		}
	}
}

// knownDeal is a deal whose par is known: with all cards open North-South
// make twelve tricks in spades (the ♠Q drops doubleton, the losing heart
// goes on the clubs), 6♠ for 980 with nobody vulnerable; East-West have
// no sacrifice cheaper than that.
const knownDeal = "N:AKJ52.K73.A84.96 Q3.QJ1094.K52.J87 T964.A2.Q73.AK42 87.865.J1096.QT53"

// The whole review at a casual duplicate table: par, the table's result
// against it, the second table the same twice (seeded from the deal).
func TestAnalyseCompares(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("the bots play a whole deal twice: seconds, minutes under the race detector")
	}
	d, err := bridge.ParseDeal(knownDeal)
	if err != nil {
		t.Fatal(err)
	}
	// The table: North opens 1♠ and ends in 4♠, then the cards are
	// played at random to the end.
	g := bridge.NewGame(1, card.North, bridge.VulNone, d)
	for _, a := range []string{"1S", "P", "2S", "P", "4S", "P", "P", "P"} {
		seat, _ := g.Turn()
		if err := g.Apply(game.Move{Seat: seat, Action: a}); err != nil {
			t.Fatal(err)
		}
	}
	playRandom(t, g, card.NewRand(7))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	start := time.Now()
	x, err := Analyse(ctx, match.Review{Deal: 1, Compare: true, Level: "medium"}, g)
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	a := x.Bridge
	if a.Par.Score != 980 || len(a.Par.Contracts) != 1 || a.Par.Contracts[0] != "NS 6S" {
		t.Fatalf("par %+v", a.Par)
	}
	res := g.Result()
	c := a.Compare
	if c == nil || c.ScoreNS != res.ScoreNS || c.ParIMPs != bridge.IMPs(res.ScoreNS-980) || c.Second == nil {
		t.Fatalf("comparison %+v for %+v", c, res)
	}
	t.Logf("review with the second table: %v: %+v", took, *c.Second)
	if c.Second.IMPs != bridge.IMPs(res.ScoreNS-c.Second.ScoreNS) {
		t.Errorf("second table %+v", c.Second)
	}
	// The bots at the second table find the par game of this easy deal
	// (North-South bid it; 10 or 11 tricks with the cards played by the
	// bots).
	if c.Second.ScoreNS < 420 {
		t.Errorf("second table %+v: the bots missed the game", c.Second)
	}
	again, err := Analyse(ctx, match.Review{Deal: 1, Compare: true, Level: "medium"}, g)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.Bridge.Compare, c) {
		t.Errorf("second table not deterministic:\n%+v\n%+v", *again.Bridge.Compare.Second, *c.Second)
	}
	// The second table left for later, or skipped: the comparison with
	// par alone, saying whether the second table is pending.
	for _, m := range []match.SecondMode{match.SecondLater, match.SecondSkipped} {
		first, err := Analyse(ctx, match.Review{Deal: 1, Compare: true, Level: "medium", Second: m}, g)
		if err != nil {
			t.Fatal(err)
		}
		fc := first.Bridge.Compare
		if fc == nil || fc.Second != nil || fc.SecondPending != (m == match.SecondLater) || fc.ParIMPs != c.ParIMPs || fc.ScoreNS != c.ScoreNS {
			t.Errorf("review with the second table %d: %+v", m, fc)
		}
	}
	// Without Compare (a competition's table, rubber, Chicago), nothing.
	plain, err := Analyse(ctx, match.Review{Deal: 1}, g)
	if err != nil || plain.Bridge.Compare != nil {
		t.Errorf("plain review: %+v %v", plain.Bridge.Compare, err)
	}
}

// A second table out of time is left out, the review kept.
func TestAnalyseSecondTableCut(t *testing.T) {
	d, err := bridge.ParseDeal(knownDeal)
	if err != nil {
		t.Fatal(err)
	}
	p := DealPlay{Deal: d, Board: 1, Dealer: card.North}
	// Out of time before the bots could finish (a deadline of a few
	// milliseconds was met by a fast deal on a quiet machine).
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Millisecond))
	defer cancel()
	if _, err := PlaySecondTable(ctx, p, "strong"); err != ErrSecondTableCut {
		t.Fatalf("cut: %v", err)
	}
}

// BenchmarkSecondTable is the time the bots take to bid and play a deal
// at the second table, per level: the wall clock (ns/op) and the CPU time
// (cpu-ms/op), which does not depend on how loaded the machine is (the
// bots' table runs on one core).
func BenchmarkSecondTable(b *testing.B) {
	r := card.NewRand(11)
	deals := make([]bridge.Deal, 8)
	for i := range deals {
		deals[i] = bridge.RandomDeal(r)
	}
	for _, level := range []string{"medium", "strong"} {
		b.Run(level, func(b *testing.B) {
			i := 0
			cpu := cpuTime()
			for b.Loop() {
				p := DealPlay{Deal: deals[i%len(deals)], Board: i + 1, Dealer: card.Seats[i%4], Vul: bridge.Vul(i % 4)}
				if _, err := PlaySecondTable(context.Background(), p, level); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(i), "cpu-ms/op")
		})
	}
}
