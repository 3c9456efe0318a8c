package belotebot

import (
	"context"
	"math/rand/v2"
	"testing"

	"atout/belote"
	"atout/card"
)

// TestKnowledgeSound plays random games and checks at every card that
// what a seat infers holds in the real deal, and that sampled deals
// respect every inference and the cards played.
func TestKnowledgeSound(t *testing.T) {
	games := 40
	if testing.Short() || raceEnabled {
		games = 10
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for gi := range games {
		r := allRules[gi%len(allRules)]
		d, err := belote.NewDeal(r, card.Seat(gi%4), deckOf(uint64(gi)+50))
		if err != nil {
			t.Fatal(err)
		}
		rb := NewRandom(uint64(gi))
		for !d.Done() {
			s := d.Turn()
			if d.Phase() == belote.PhasePlay {
				for _, me := range card.Seats {
					k := Observe(d, me)
					for o := range card.Seat(4) {
						real := d.Hand(o)
						if real&^k.Can[o] != 0 {
							t.Fatalf("game %d %+v: %v thinks %v cannot hold %v", gi, r, me, o, real&^k.Can[o])
						}
						if k.Must[o]&^real != 0 {
							t.Fatalf("game %d: %v thinks %v holds %v", gi, me, o, k.Must[o]&^real)
						}
						if k.Count[o] != real.Len() {
							t.Fatalf("count of %v: %d, want %d", o, k.Count[o], real.Len())
						}
					}
					for range 3 {
						hs, ok := k.SamplePlay(rnd)
						if !ok {
							t.Fatalf("game %d: no sample for %v", gi, me)
						}
						var all card.Hand
						for o := range card.Seat(4) {
							if hs[o]&^k.Can[o] != 0 || k.Must[o]&^hs[o] != 0 || hs[o].Len() != k.Count[o] {
								t.Fatalf("sample breaks the knowledge of %v about %v", me, o)
							}
							if all&hs[o] != 0 {
								t.Fatal("a card dealt twice")
							}
							all |= hs[o]
						}
						if hs[me] != d.Hand(me) {
							t.Fatal("own hand changed in a sample")
						}
						for _, p := range k.Played {
							if all&p != 0 {
								t.Fatal("a played card was dealt")
							}
						}
					}
				}
			}
			a, err := rb.Choose(context.Background(), d, s)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Do(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestVoidInference checks the §5.2 inferences on a fixed trick.
func TestVoidInference(t *testing.T) {
	k := &Knowledge{Rules: belote.Rules{Mode: belote.Classic}, Trump: card.Hearts}
	for s := range 4 {
		k.Can[s] = card.Full32
	}
	c := card.MustParse
	// spade led by N, E discards a club while W's (his partner's) card
	// is not winning: E has no spade and no trump
	k.inferFollow(card.East, []card.Card{c("SA")}, c("C7"))
	if k.Can[card.East].Suit(card.Spades) != 0 || k.Can[card.East].Suit(card.Hearts) != 0 {
		t.Errorf("East: %v", k.Can[card.East])
	}
	// trump led, W plays a lower trump than the best: no higher trump
	k.inferFollow(card.West, []card.Card{c("H9")}, c("H7"))
	if k.Can[card.West].Has(c("HJ")) || !k.Can[card.West].Has(c("HA")) {
		t.Errorf("West: %v", k.Can[card.West])
	}
	// partner master: no inference
	k.inferFollow(card.South, []card.Card{c("SA"), c("S7")}, c("D7"))
	if k.Can[card.South] != card.Full32.Remove(0)&^card.Full32.Suit(card.Spades) {
		t.Errorf("South: %v", k.Can[card.South])
	}
	// coinche Official: a discard over a trump only proves no higher trump
	k2 := &Knowledge{Rules: belote.Rules{Mode: belote.Coinche, Setting: belote.Official}, Trump: card.Hearts}
	k2.Can[card.North] = card.Full32
	k2.inferFollow(card.North, []card.Card{c("SK"), c("H9")}, c("D8"))
	if k2.Can[card.North].Has(c("HJ")) || !k2.Can[card.North].Has(c("HA")) {
		t.Errorf("North: %v", k2.Can[card.North])
	}
}

// TestOnlyOwnView: the strong bot decides the same whatever the hidden
// hands are, as long as its own hand and the public actions are the same.
func TestOnlyOwnView(t *testing.T) {
	r := belote.Rules{Mode: belote.Coinche, Announcements: true}
	for seed := uint64(1); seed <= 4; seed++ {
		deck := deckOf(seed)
		d, _ := belote.NewDeal(r, card.North, deck)
		me := d.Turn()
		// swap two hidden hands: deal positions of the other seats
		other := d.Hand(belote.Next(me)) | d.Hand(me.Partner())
		_ = other
		a1, err := NewStrong(tiny, 9).Choose(context.Background(), d, me)
		if err != nil {
			t.Fatal(err)
		}
		// a deck where the other seats' cards are exchanged
		deck2 := swapHidden(t, deck, d, me)
		d2, _ := belote.NewDeal(r, card.North, deck2)
		if d2.Hand(me) != d.Hand(me) || d2.Hand(belote.Next(me)) == d.Hand(belote.Next(me)) {
			t.Fatal("bad swap")
		}
		a2, err := NewStrong(tiny, 9).Choose(context.Background(), d2, me)
		if err != nil {
			t.Fatal(err)
		}
		if a1 != a2 {
			t.Errorf("seed %d: decision depends on hidden hands: %v vs %v", seed, a1, a2)
		}
	}
}

// swapHidden exchanges the hands of the two seats after me in the deck.
func swapHidden(t *testing.T, deck []card.Card, d *belote.Deal, me card.Seat) []card.Card {
	a, b := belote.Next(me), me.Partner()
	ha, hb := d.Hand(a).Cards(), d.Hand(b).Cards()
	out := append([]card.Card(nil), deck...)
	ia, ib := 0, 0
	for i, c := range out {
		switch {
		case d.Hand(a).Has(c):
			out[i] = hb[ia]
			ia++
		case d.Hand(b).Has(c):
			out[i] = ha[ib]
			ib++
		}
	}
	return out
}
