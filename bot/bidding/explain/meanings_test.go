package explain

import (
	"reflect"
	"testing"

	"atout/bot/bidding"
	"atout/bridge"
	"atout/card"
	"atout/game"
)

// position is a board in its auction, and the call the bots made there.
type position struct {
	g    *bridge.Game
	call bridge.Call
}

// positions returns every position of n auctions bid by the bots' system
// (a copy of the board before each call).
func positions(t testing.TB, n int) []position {
	var out []position
	bidOut(t, 36, n, func(g *bridge.Game, call bridge.Call) { out = append(out, position{g.Clone(), call}) })
	return out
}

// At the opening, the bidding box says what each call would mean: 1NT
// 15-17 balanced, 2C strong and artificial, 1S five spades.
func TestMeaningsOpening(t *testing.T) {
	s := New()
	g := bridge.NewBoard(1, bridge.RandomDeal(card.NewRand(1)))
	ms := s.Meanings(g)
	auc := g.Auction()
	legal := auc.Legal()
	if len(ms) != len(legal) || len(ms) != 36 { // pass and the 35 bids
		t.Fatalf("%d meanings for %d legal calls", len(ms), len(legal))
	}
	by := map[string]int{}
	for i, m := range ms {
		if m.Call != legal[i].String() {
			t.Fatalf("meaning %d is of %s, want %s", i, m.Call, legal[i])
		}
		by[m.Call] = i
	}
	nt := ms[by["1NT"]]
	if nt.MinHCP != 15 || nt.MaxHCP != 17 || !nt.Balanced || nt.Artificial || nt.Text == "" || nt.Words["fr"] == "" {
		t.Errorf("1NT at the opening: %+v", nt)
	}
	if c := ms[by["2C"]]; c.MinHCP < 20 || !c.Artificial || c.Force < 2 {
		t.Errorf("2C at the opening: %+v", c)
	}
	if sp := ms[by["1S"]]; sp.MinLen[card.Spades] != 5 || sp.MinHCP < 10 || sp.MinHCP > 13 {
		t.Errorf("1S at the opening: %+v", sp)
	}
}

// The meaning the bidding box shows for a call is the explanation the
// table gives once the call is made, at every position of real auctions.
func TestMeaningsAreTheExplanations(t *testing.T) {
	s := New()
	fresh := System{b: s.b}
	n := 30
	if testing.Short() {
		n = 6
	}
	for _, p := range positions(t, n) {
		ms := s.Meanings(p.g)
		auc := p.g.Auction()
		legal := auc.Legal()
		if len(ms) != len(legal) {
			t.Fatalf("after %v: %d meanings for %d legal calls", auc.Calls(), len(ms), len(legal))
		}
		for i, c := range legal {
			// Every call whose meaning the auction makes (not only the
			// bots' own): the bids up to 3NT, the doubles, the bots' call.
			if c != p.call && c.Kind == bridge.Bid && c.Level > 3 {
				continue
			}
			after := p.g.Clone()
			seat, _ := after.Turn()
			if err := after.Apply(game.Move{Seat: seat, Action: c.String()}); err != nil {
				t.Fatal(err)
			}
			ex := fresh.Explain(after)
			if want := ex[len(ex)-1]; !reflect.DeepEqual(ms[i], want) {
				t.Fatalf("after %v, %s: the box says %+v, the table %+v", auc.Calls(), c, ms[i], want)
			}
		}
		if !reflect.DeepEqual(s.Meanings(p.g), ms) {
			t.Fatalf("after %v: the memo answers otherwise", auc.Calls())
		}
	}
	done := bridge.NewBoard(1, bridge.RandomDeal(card.NewRand(2)))
	for done.Phase() == bridge.PhaseAuction {
		seat, _ := done.Turn()
		if err := done.Apply(game.Move{Seat: seat, Action: "P"}); err != nil {
			t.Fatal(err)
		}
	}
	if m := s.Meanings(done); m != nil {
		t.Errorf("meanings after the auction: %v", m)
	}
}

// BenchmarkMeanings is a player's request for the bidding box's meanings
// (some 38 calls), at positions of real auctions: fresh (the first request
// of a position) and from the memo.
func BenchmarkMeanings(b *testing.B) {
	ps := positions(b, 16)
	for _, bc := range []struct {
		name string
		s    System
	}{{"memo", New()}, {"fresh", System{b: bidding.New(bidding.Options{})}}} {
		b.Run(bc.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				if bc.s.Meanings(ps[i%len(ps)].g) == nil {
					b.Fatal("no meanings")
				}
				i++
			}
		})
	}
}
