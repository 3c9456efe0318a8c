package belote

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"

	"atout/card"
	"atout/game"
)

func TestGameWinner(t *testing.T) {
	for _, tc := range []struct {
		totals [2]int
		winner card.Side
		over   bool
	}{
		{[2]int{999, 500}, 0, false},
		{[2]int{1000, 500}, card.NS, true},
		{[2]int{400, 1200}, card.EW, true},
		{[2]int{1100, 1050}, card.NS, true},
		{[2]int{1050, 1100}, card.EW, true},
		{[2]int{1100, 1100}, 0, false}, // equal: play on
		{[2]int{0, 0}, 0, false},
	} {
		w, over := GameWinner(tc.totals, 1000)
		if over != tc.over || (over && w != tc.winner) {
			t.Errorf("%v: %v %v, want %v %v", tc.totals, w, over, tc.winner, tc.over)
		}
	}
}

func TestGamePassedDealsRotateDealer(t *testing.T) {
	g, err := NewGame(Rules{Mode: Coinche, Setting: Official}, card.North, card.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	want := card.North
	for i := range 6 {
		d := g.Deal()
		if d.Dealer() != want || g.DealNumber() != i+1 {
			t.Fatalf("deal %d dealer %v, want %v", i+1, d.Dealer(), want)
		}
		for range 4 {
			if err := g.Apply(game.Move{Seat: g.ToAct()[0], Action: "pass"}); err != nil {
				t.Fatal(err)
			}
		}
		want = Next(want)
	}
	if n := len(g.Sheet()); n != 6 || !g.Sheet()[5].Passed || g.Totals() != [2]int{} {
		t.Fatalf("sheet %+v", g.Sheet())
	}
	// Undo goes back into the previous deal.
	if !g.Undo() || g.DealNumber() != 6 || len(g.Deal().Steps()) != 3 || len(g.Sheet()) != 5 {
		t.Fatalf("undo: deal %d steps %d sheet %d", g.DealNumber(), len(g.Deal().Steps()), len(g.Sheet()))
	}
}

func TestGameWaitsForDeck(t *testing.T) {
	g, err := NewGame(Rules{Mode: NoTrump}, card.East, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Waiting() || len(g.ToAct()) != 0 {
		t.Fatal("a game without decks does not wait")
	}
	if err := g.Apply(game.Move{Seat: card.North, Action: "pass"}); !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("move while waiting: %v", err)
	}
	if err := g.AddDeck(card.Deck32()[:30]); err == nil {
		t.Fatal("short deck accepted")
	}
	if err := g.AddDeck(card.Deck32()); err != nil {
		t.Fatal(err)
	}
	if g.Waiting() || !slices.Equal(g.ToAct(), []card.Seat{card.North}) {
		t.Fatalf("ToAct %v", g.ToAct())
	}
	for _, s := range []card.Seat{card.North, card.West, card.South, card.East} {
		if err := g.Apply(game.Move{Seat: s, Action: "pass"}); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Waiting() || g.Deal().Dealer() != card.East {
		t.Fatal("not waiting after the deal")
	}
	g.SetRand(card.NewRand(3))
	if g.Waiting() || g.Deal().Dealer() != card.North {
		t.Fatalf("after SetRand: waiting %v dealer %v", g.Waiting(), g.Deal().Dealer())
	}
}

// engRandomAction picks a random legal action of a random acting seat.
func engRandomAction(rnd *card.Rand, acts func(card.Seat) []Action, toAct []card.Seat) (card.Seat, Action) {
	seat := toAct[0]
	if len(toAct) > 1 && rnd.IntN(8) == 0 {
		seat = toAct[1+rnd.IntN(len(toAct)-1)]
	}
	legal := acts(seat)
	if legal[0].Kind == ActPass && len(legal) > 1 && rnd.IntN(3) != 0 {
		return seat, CallPass
	}
	return seat, legal[rnd.IntN(len(legal))]
}

// TestGameRandom plays whole games and checks the score sheet, the reserve,
// the dealer rotation, the end of the game, the records' round trip and
// Undo.
func TestGameRandom(t *testing.T) {
	games := 60
	if testing.Short() || raceEnabled {
		games = 10
	}
	litiges := 0
	for _, r := range engAllRules {
		for _, ann := range []bool{false, true} {
			r.Announcements = ann
			r.Target = 700
			for i := range games {
				rnd := card.NewRand(uint64(i*131 + int(r.Mode)*7 + int(r.Setting)))
				g, err := NewGame(r, card.Seat(i%4), rnd)
				if err != nil {
					t.Fatal(err)
				}
				undoAt := rnd.IntN(100)
				for n := 0; !g.Done(); n++ {
					if n == undoAt {
						before := g.Records()
						seat, a := engRandomAction(rnd, g.LegalActions, g.ToAct())
						if err := g.Do(seat, a); err != nil {
							t.Fatal(err)
						}
						if !g.Undo() || !reflect.DeepEqual(before, g.Records()) {
							t.Fatalf("undo did not restore the game")
						}
					}
					seat, a := engRandomAction(rnd, g.LegalActions, g.ToAct())
					if err := g.Do(seat, a); err != nil {
						t.Fatalf("%v %v: %v", seat, a, err)
					}
				}
				// sheet consistency
				var tot [2]int
				reserve := 0
				for k, s := range g.Sheet() {
					d := g.Deals()[k]
					if d.Dealer() != g.dealerOf(k) || s.Dealer != d.Dealer() || s.Deal != k+1 {
						t.Fatalf("deal %d dealer %v", k+1, d.Dealer())
					}
					if d.Reserve() != reserve {
						t.Fatalf("deal %d carried reserve %d, want %d", k+1, d.Reserve(), reserve)
					}
					if !s.Passed {
						tot[0] += s.Result.Score[0]
						tot[1] += s.Result.Score[1]
						reserve = s.Result.Reserve
						if s.Result.Litige {
							litiges++
						}
					}
					if s.Total != tot {
						t.Fatalf("deal %d total %v, want %v", k+1, s.Total, tot)
					}
					w, over := GameWinner(tot, r.GameTarget())
					if over != (k == len(g.Sheet())-1) {
						t.Fatalf("deal %d: game over %v at totals %v", k+1, over, tot)
					}
					if gw, _ := g.Winner(); over && gw != w {
						t.Fatalf("winner %v, want %v", gw, w)
					}
				}
				// records round trip
				data, err := MarshalRecords(g.Records())
				if err != nil {
					t.Fatal(err)
				}
				recs, err := ParseRecords(data)
				if err != nil {
					t.Fatal(err)
				}
				g2, err := LoadGame(recs)
				if err != nil {
					t.Fatalf("%v\n%s", err, data)
				}
				if !reflect.DeepEqual(g2.Sheet(), g.Sheet()) || !g2.Done() {
					t.Fatalf("replayed sheet differs")
				}
				// the view encodes
				if _, err := json.Marshal(g.SeatView(card.South)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if litiges == 0 && !raceEnabled && !testing.Short() {
		t.Error("no litige in the random games")
	}
}

func TestGameClone(t *testing.T) {
	g, _ := NewGame(Rules{Mode: Classic, Announcements: true}, card.West, card.NewRand(9))
	rnd := card.NewRand(10)
	for range 40 {
		seat, a := engRandomAction(rnd, g.LegalActions, g.ToAct())
		g.Do(seat, a)
	}
	before, _ := MarshalRecords(g.Records())
	c := g.Clone()
	for !c.Done() && !c.Waiting() {
		seat, a := engRandomAction(rnd, c.LegalActions, c.ToAct())
		if err := c.Do(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	after, _ := MarshalRecords(g.Records())
	if string(before) != string(after) {
		t.Fatal("playing the clone changed the original")
	}
	if !c.Waiting() && !c.Done() {
		t.Fatal("the clone drew a deck")
	}
}
