package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
	"atout/protocol"
)

// The real analyser on a deal the solver settles at once: each seat holds
// a whole suit.
func TestAnalysePlay(t *testing.T) {
	d, err := bridge.ParseDeal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	if err != nil {
		t.Fatal(err)
	}
	s := dd.AcquireSolver(4)
	defer dd.ReleaseSolver(s)
	f := func(ctx context.Context, p DealPlay) (*protocol.Analysis, error) { return AnalysePlay(ctx, s, p) }
	// East leads a heart, South and West discard, North ruffs and runs
	// the spades: 13 tricks.
	cards := []card.Card{card.New(card.Hearts, card.Ace), card.New(card.Diamonds, card.Two), card.New(card.Clubs, card.Two), card.New(card.Spades, card.Two)}
	a, err := f(context.Background(), DealPlay{Deal: d, Board: 3, Dealer: card.South, Vul: bridge.VulNone,
		Contract: bridge.Contract{Level: 7, Strain: bridge.StrainSpades}, Declarer: card.North, Cards: cards})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(a)
	var got map[string]any
	json.Unmarshal(raw, &got)
	ddt := got["dd"].(map[string]any)
	for _, c := range []struct {
		seat, strain string
		want         float64
	}{{"N", "S", 13}, {"N", "NT", 0}, {"S", "D", 13}, {"E", "H", 13}, {"W", "S", 0}} {
		if v := ddt[c.seat].(map[string]any)[c.strain]; v != c.want {
			t.Errorf("dd %s %s = %v, want %v", c.seat, c.strain, v, c.want)
		}
	}
	if a.Par.Score != 1510 || len(a.Par.Contracts) != 1 || a.Par.Contracts[0] != "NS 7S" {
		t.Errorf("par %+v", a.Par)
	}
	if a.Type != "analysis" || a.Board != 3 || a.Contract != "7S" || a.Declarer != "N" || a.Start != 13 || len(a.Costly) != 0 {
		t.Errorf("analysis %s", raw)
	}
	// A passed-out deal has a table and a par, no play.
	a, err = f(context.Background(), DealPlay{Deal: d, Board: 1, Dealer: card.North, Contract: bridge.PassedOut})
	if err != nil || a.Contract != "Pass" || a.Declarer != "" || len(a.Costly) != 0 {
		t.Errorf("passed out: %+v %v", a, err)
	}
	// A play that is not legal is an error naming the card.
	_, err = f(context.Background(), DealPlay{Deal: d, Board: 1, Contract: bridge.Contract{Level: 1, Strain: bridge.NoTrump}, Declarer: card.North,
		Cards: []card.Card{card.New(card.Spades, card.Ace)}})
	var pe *dd.PlayError
	if !errors.As(err, &pe) {
		t.Errorf("bad play: %v", err)
	}
}

func TestCostlyCards(t *testing.T) {
	pa := dd.PlayAnalysis{Start: 9, Steps: []dd.PlayStep{
		{Seat: card.East, Card: card.New(card.Hearts, card.King), Trick: 1, Tricks: 10, Cost: 1},
		{Seat: card.South, Card: card.New(card.Hearts, card.Two), Trick: 1, Tricks: 10},
		{Seat: card.West, Card: card.New(card.Hearts, card.Three), Trick: 1, Tricks: 10},
		{Seat: card.North, Card: card.New(card.Hearts, card.Four), Trick: 1, Tricks: 8, Cost: 2},
	}}
	got, _ := json.Marshal(costlyCards(pa))
	want := `[{"trick":1,"seat":"E","card":"HK","cost":1,"before":9,"after":10},{"trick":1,"seat":"N","card":"H4","cost":2,"before":10,"after":8}]`
	if string(got) != want {
		t.Errorf("costly\n%s\nwant\n%s", got, want)
	}
	if got, _ := json.Marshal(costlyCards(dd.PlayAnalysis{Start: 7})); string(got) != "[]" {
		t.Errorf("no play: %s", got)
	}
}
