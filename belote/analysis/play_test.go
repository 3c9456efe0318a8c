package analysis

import (
	"context"
	"errors"
	"testing"

	"atout/belote"
	"atout/card"
	"atout/game"
	"atout/match"
)

// A belote deal played out describes itself for its analysis: the hands
// when the play began, the 32 cards in order (each from its player's hand,
// in turn), the contract; a hint is given only to the seat whose card it
// is, and a passed deal has nothing to review.
func TestPlayOfAndHintTurn(t *testing.T) {
	rnd := card.NewRand(3)
	passed, played := 0, 0
	for i := 0; played < 2 || passed < 1; i++ {
		if i > 200 {
			t.Fatalf("%d deals: %d played, %d passed", i, played, passed)
		}
		deck := belote.ShuffledDeck(rnd)
		d, err := belote.NewDeal(belote.Rules{Mode: belote.Classic}, card.Seat(i%4), deck[:])
		if err != nil {
			t.Fatal(err)
		}
		take := i%3 != 0 // some deals everybody passes
		for !d.Done() {
			seat := d.ToAct()[0]
			legal := d.Legal(seat)
			a := legal[0]
			for _, x := range legal {
				if x == "take" && take {
					a = x
				}
				if x == "pass" && !take {
					a = x
				}
			}
			if d.Phase() == belote.PhasePlay && played == 0 && len(d.Moves())%5 == 0 {
				if _, err := Hint(context.Background(), d.Clone(), belote.Next(seat)); !errors.Is(err, match.ErrNoHint) {
					t.Fatalf("a hint for %v out of turn: %v", belote.Next(seat), err)
				}
				h, err := Hint(context.Background(), d.Clone(), seat)
				if err != nil || len(h.Cards) != len(legal) {
					t.Fatalf("hint for %v to play: %v %v (legal %v)", seat, h.Cards, err, legal)
				}
			} else if d.Phase() != belote.PhasePlay {
				if _, err := Hint(context.Background(), d.Clone(), seat); !errors.Is(err, match.ErrNoHint) {
					t.Fatalf("a hint in the bidding: %v", err)
				}
			}
			if err := d.Apply(game.Move{Seat: seat, Action: a}); err != nil {
				t.Fatal(err)
			}
		}
		p, ok := PlayOf(d, 7)
		if d.Passed() {
			passed++
			if ok {
				t.Fatal("a play for a passed deal")
			}
			if a, err := Analyse(context.Background(), match.Review{Deal: 7}, d); err != nil || !a.IsZero() {
				t.Fatalf("analysis of a passed deal: %+v %v", a, err)
			}
			continue
		}
		played++
		if !ok || p.Deal != 7 || len(p.Cards) != 32 {
			t.Fatalf("play %+v %v", p, ok)
		}
		con, _ := d.Contract()
		if p.Contract != con.String() || p.Taker != con.Taker || p.Trump != con.Trump || p.Belote != d.BeloteSide() || p.Dealer != d.Dealer() {
			t.Errorf("play header %+v for the contract %v", p, con)
		}
		hands := p.Hands
		var all card.Hand
		for s, h := range hands {
			if h.Len() != 8 || h != d.StartHand(card.Seat(s)) {
				t.Fatalf("hand %v: %v", card.Seat(s), h)
			}
			all |= h
		}
		if all.Len() != 32 {
			t.Fatalf("the hands hold %d cards", all.Len())
		}
		for i, pc := range p.Cards {
			if !hands[pc.Seat].Has(pc.Card) {
				t.Fatalf("card %d: %v does not hold %v", i+1, pc.Seat, pc.Card)
			}
			hands[pc.Seat] = hands[pc.Seat].Remove(pc.Card)
		}
		if played == 1 {
			a, err := Analyse(context.Background(), match.Review{Deal: 7}, d)
			if err != nil || a.Belote == nil || a.Belote.Deal != 7 || a.Belote.Contract != p.Contract {
				t.Fatalf("analysis %+v %v", a.Belote, err)
			}
		}
	}
}
