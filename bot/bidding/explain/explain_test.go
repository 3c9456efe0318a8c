package explain

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	"atout/bot/bidding"
	"atout/bridge"
	"atout/card"
	"atout/game"
	"atout/protocol"
)

// biddings returns n boards bid to their end by the bots' system.
func biddings(t testing.TB, n int) []*bridge.Game {
	return bidOut(t, 20261204, n, nil)
}

// bidOut deals n boards from seed and bids each to its end by the bots'
// system, handing each position and the call made there to each (if not
// nil) before the call is made.
func bidOut(t testing.TB, seed uint64, n int, each func(g *bridge.Game, call bridge.Call)) []*bridge.Game {
	r := card.NewRand(seed)
	b := bidding.New(bidding.Options{})
	var out []*bridge.Game
	for i := range n {
		g := bridge.NewBoard(i+1, bridge.RandomDeal(r))
		for g.Phase() == bridge.PhaseAuction {
			seat, _ := g.Turn()
			auc := g.Auction()
			call, _ := b.Choose(g.Hand(seat), g.Vul(), g.Dealer(), auc.Calls())
			if each != nil {
				each(g, call)
			}
			if err := g.Apply(game.Move{Seat: seat, Action: call.String()}); err != nil {
				t.Fatalf("board %d: %s by %v: %v", i+1, call, seat, err)
			}
		}
		out = append(out, g)
	}
	return out
}

// TestMemoSameAsFresh checks that the memo answers what the system
// answers without it, for every prefix of real auctions, from several
// goroutines at once (run with -race).
func TestMemoSameAsFresh(t *testing.T) {
	s := New()
	fresh := System{b: s.b} // no memo
	games := biddings(t, 40)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i, g := range games {
				if (i+w)%2 == 0 {
					continue
				}
				auc := g.Auction()
				calls := auc.Calls()
				for k := 1; k <= len(calls); k++ {
					got := s.Calls(g.Vul(), g.Dealer(), calls[:k])
					want := fresh.Calls(g.Vul(), g.Dealer(), calls[:k])
					if len(got) != k || !reflect.DeepEqual(got, want) {
						t.Errorf("board %d, %d calls: memo %v, fresh %v", i+1, k, got, want)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	if n := len(s.memo.cur); n == 0 || n > memoSize || len(s.memo.old) > memoSize {
		t.Errorf("memo holds %d + %d auctions", n, len(s.memo.old))
	}
}

// TestMemoSameAsFreshRandomCalls is TestMemoSameAsFresh on auctions of
// random legal calls, which the bots would not make (doubles of doubles,
// jumps, late bids), each explained call by call as a table does, with
// the memo, against the system without it.
func TestMemoSameAsFreshRandomCalls(t *testing.T) {
	s := New()
	fresh := System{b: s.b}
	r := card.NewRand(5)
	for board := range 300 {
		vul, dealer := bridge.Vul(board%4), card.Seat(board/4%4)
		auc := bridge.NewAuction(dealer)
		for !auc.Done() {
			legal := auc.Legal()
			// Pass half the time, so that auctions last some rounds.
			c := bridge.PassCall
			if r.IntN(2) == 0 {
				c = legal[r.IntN(len(legal))]
			}
			if err := auc.Add(c); err != nil {
				t.Fatal(err)
			}
			calls := auc.Calls()
			got := s.Calls(vul, dealer, calls)
			want := fresh.Calls(vul, dealer, calls)
			if len(got) != len(calls) || !reflect.DeepEqual(got, want) {
				t.Fatalf("board %d, %v: memo %v, fresh %v", board, calls, got, want)
			}
		}
		// A finished auction is kept for the play without the bidder's
		// meanings, which only a next call would use.
		calls := auc.Calls()
		if e, ok := s.memo.get(auctionKey(vul, dealer, calls)); !ok || e.ms != nil {
			t.Fatalf("board %d: the finished auction is in the memo %v, with its meanings %v", board, ok, e.ms != nil)
		}
	}
}

// An auction asked for again and again stays in the memo while many
// others pass through it; one asked for once goes after two generations.
func TestMemoKeepsWhatIsAsked(t *testing.T) {
	var c memo
	hot := []protocol.Explanation{{Call: "1NT"}}
	cold := []protocol.Explanation{{Call: "2C"}}
	c.put("hot", memoEntry{out: hot})
	c.put("cold", memoEntry{out: cold})
	for i := range 5 * memoSize {
		c.put(fmt.Sprint(i), memoEntry{})
		if i%(memoSize/2) == 0 {
			if e, ok := c.get("hot"); !ok || &e.out[0] != &hot[0] {
				t.Fatalf("after %d other auctions the hot one is gone", i+1)
			}
		}
	}
	if _, ok := c.get("cold"); ok {
		t.Error("an auction never asked for again is still there")
	}
	if len(c.cur) > memoSize || len(c.old) > memoSize {
		t.Errorf("memo holds %d + %d auctions", len(c.cur), len(c.old))
	}
}

// TestMemoKeys checks that auctions differing only by vulnerability or
// dealer are not confused.
func TestMemoKeys(t *testing.T) {
	calls := []bridge.Call{bridge.PassCall, bridge.PassCall}
	seen := map[string]bool{}
	for v := bridge.Vul(0); v < 4; v++ {
		for d := card.North; d <= card.West; d++ {
			k := auctionKey(v, d, calls)
			if seen[k] {
				t.Fatalf("key %q twice", k)
			}
			seen[k] = true
		}
	}
}

// BenchmarkExplain is a table's state message during the play: the
// explanations of a finished auction, asked again at every card.
func BenchmarkExplain(b *testing.B) {
	games := biddings(b, 16)
	for _, bc := range []struct {
		name string
		s    System
	}{{"memo", New()}, {"fresh", System{b: bidding.New(bidding.Options{})}}} {
		b.Run(bc.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				if bc.s.Explain(games[i%len(games)]) == nil {
					b.Fatal("no explanations")
				}
				i++
			}
		})
	}
}

// BenchmarkExplainAuction is a table's explanations during an auction:
// after each call, every call so far, for 16 real auctions; "memo" reads
// only the new call (the auction one call shorter is in the memo),
// "fresh" reads them all every time.
func BenchmarkExplainAuction(b *testing.B) {
	games := biddings(b, 16)
	base := New()
	for _, name := range []string{"memo", "fresh"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s := System{b: base.b}
				if name == "memo" {
					s.memo = &memo{}
				}
				for _, g := range games {
					auc := g.Auction()
					calls := auc.Calls()
					for k := 1; k <= len(calls); k++ {
						s.Calls(g.Vul(), g.Dealer(), calls[:k])
					}
				}
			}
		})
	}
}
