package match

import (
	"errors"
	"testing"

	"atout/belote"
	"atout/card"
	"atout/game"
)

// A belote deal played out describes itself for its analysis: the hands
// when the play began, the 32 cards in order (each from its player's hand,
// in turn), the contract; and gives a hint deal only to the seat whose
// card it is.
func TestBeloteDealPlay(t *testing.T) {
	m := NewBelote(belote.Rules{Mode: belote.Classic}, nil)
	if _, ok := m.BeloteDealPlay(); ok {
		t.Fatal("a play before any deal")
	}
	for range 10 {
		start(t, m, card.NewRand(uint64(m.DealNo()+3)))
		// Take whenever possible; else the first legal action.
		for !m.DealDone() {
			d := m.Game().(*belote.Deal)
			seat := d.ToAct()[0]
			legal := d.Legal(seat)
			a := legal[0]
			for _, x := range legal {
				if x == "take" {
					a = x
				}
			}
			if d.Phase() == belote.PhasePlay {
				if _, err := m.BeloteHintDeal(seat); err != nil {
					t.Fatalf("no hint deal for %v to play: %v", seat, err)
				}
				if _, err := m.BeloteHintDeal(belote.Next(seat)); !errors.Is(err, ErrNoHint) {
					t.Fatalf("a hint deal for %v out of turn: %v", belote.Next(seat), err)
				}
			} else if _, err := m.BeloteHintDeal(seat); !errors.Is(err, ErrNoHint) {
				t.Fatalf("a hint deal in the bidding: %v", err)
			}
			if err := m.Apply(game.Move{Seat: seat, Action: a}); err != nil {
				t.Fatal(err)
			}
		}
		d := m.Game().(*belote.Deal)
		p, ok := m.BeloteDealPlay()
		if d.Passed() {
			if ok {
				t.Fatal("a play for a passed deal")
			}
			continue
		}
		if !ok || p.Deal != m.DealNo() || len(p.Cards) != 32 {
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
		return
	}
	t.Fatal("ten deals passed")
}
