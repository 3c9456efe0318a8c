package belote

import (
	"errors"
	"strings"
	"testing"

	"atout/card"
	"atout/game"
)

// engCards parses a space-separated card list.
func engCards(t testing.TB, s string) []card.Card {
	t.Helper()
	cs, err := card.ParseList(s)
	if err != nil {
		t.Fatalf("cards %q: %v", s, err)
	}
	return cs
}

func engHand(t testing.TB, s string) card.Hand { return card.HandOf(engCards(t, s)...) }

// engDeck builds the deck that deals hands (8 cards each, by seat) under r
// with the given dealer: the inverse of belote-rules §3. In classic the
// taker's 6th card is the turned card, and the deck is laid out for that
// taker.
func engDeck(t testing.TB, r Rules, dealer, taker card.Seat, hands [4]string) []card.Card {
	t.Helper()
	var hs [4][]card.Card
	for s := range 4 {
		hs[s] = engCards(t, hands[s])
		if len(hs[s]) != 8 {
			t.Fatalf("hand %v %q: %d cards", card.Seat(s), hands[s], len(hs[s]))
		}
	}
	var deck []card.Card
	next := [4]int{}
	take := func(s card.Seat, n int) {
		deck = append(deck, hs[s][next[s]:next[s]+n]...)
		next[s] += n
	}
	rot := func(f func(s card.Seat)) {
		s := Next(dealer)
		for range 4 {
			f(s)
			s = Next(s)
		}
	}
	if r.Mode != Classic {
		for _, n := range []int{3, 2, 3} {
			rot(func(s card.Seat) { take(s, n) })
		}
	} else {
		rot(func(s card.Seat) { take(s, 3) })
		rot(func(s card.Seat) { take(s, 2) })
		deck = append(deck, hs[taker][5])
		rot(func(s card.Seat) {
			if s == taker {
				deck = append(deck, hs[s][6:8]...)
			} else {
				take(s, 3)
			}
		})
	}
	if err := CheckDeck(deck); err != nil {
		t.Fatalf("engDeck: %v", err)
	}
	return deck
}

func engNewDeal(t testing.TB, r Rules, dealer card.Seat, deck []card.Card) *Deal {
	t.Helper()
	d, err := NewDeal(r, dealer, deck)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// engDo applies "SEAT ACTION" moves, failing on the first error.
func engDo(t testing.TB, d *Deal, moves ...string) {
	t.Helper()
	for _, m := range moves {
		mv, err := game.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Apply(mv); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

func TestDealPackets(t *testing.T) {
	deck := card.Deck32() // SA SK SQ SJ ST S9 S8 S7 HA ... C7
	at := func(is ...int) card.Hand {
		var h card.Hand
		for _, i := range is {
			h = h.Add(deck[i])
		}
		return h
	}
	for _, mode := range []Mode{NoTrump, Coinche} {
		d := engNewDeal(t, Rules{Mode: mode}, card.West, deck)
		want := map[card.Seat]card.Hand{
			card.South: at(0, 1, 2, 12, 13, 20, 21, 22),
			card.East:  at(3, 4, 5, 14, 15, 23, 24, 25),
			card.North: at(6, 7, 8, 16, 17, 26, 27, 28),
			card.West:  at(9, 10, 11, 18, 19, 29, 30, 31),
		}
		for s, h := range want {
			if got := d.Hand(s); got != h {
				t.Errorf("%v %v: hand %v, want %v", mode, s, got, h)
			}
		}
		if d.Turned() != 0 || d.Turn() != card.South {
			t.Errorf("%v: turned %v, first to speak %v", mode, d.Turned(), d.Turn())
		}
	}
	// Classic, dealer W: 3 then 2 from S, turned card 21st; N takes.
	d := engNewDeal(t, Rules{Mode: Classic}, card.West, deck)
	if d.Turned() != deck[20] {
		t.Fatalf("turned %v, want %v", d.Turned(), deck[20])
	}
	before := map[card.Seat]card.Hand{
		card.South: at(0, 1, 2, 12, 13), card.East: at(3, 4, 5, 14, 15),
		card.North: at(6, 7, 8, 16, 17), card.West: at(9, 10, 11, 18, 19),
	}
	for s, h := range before {
		if d.Hand(s) != h {
			t.Errorf("classic before take %v: %v, want %v", s, d.Hand(s), h)
		}
	}
	engDo(t, d, "S pass", "E pass", "N take")
	after := map[card.Seat]card.Hand{
		card.South: before[card.South] | at(21, 22, 23),
		card.East:  before[card.East] | at(24, 25, 26),
		card.North: before[card.North] | at(20, 27, 28),
		card.West:  before[card.West] | at(29, 30, 31),
	}
	for s, h := range after {
		if d.Hand(s) != h || d.StartHand(s) != h {
			t.Errorf("classic after take %v: %v, want %v", s, d.Hand(s), h)
		}
	}
	c, ok := d.Contract()
	if !ok || c.Taker != card.North || c.Trump != deck[20].Suit() || c.String() != "D" {
		t.Errorf("contract %+v %v", c, ok)
	}
	if d.Turn() != card.South || d.Phase() != PhasePlay {
		t.Errorf("leader %v phase %v, want S play", d.Turn(), d.Phase())
	}
}

func TestDealClassicRoundTwoTaker(t *testing.T) {
	// The taker in round two also receives the turned card.
	deck := card.Deck32()
	d := engNewDeal(t, Rules{Mode: Classic}, card.South, deck)
	// next(S) = E speaks first.
	engDo(t, d, "E pass", "N pass", "W pass", "S pass", "E pass", "N H")
	if !d.Hand(card.North).Has(deck[20]) || d.Hand(card.North).Len() != 8 {
		t.Errorf("N %v lacks the turned card %v", d.Hand(card.North), deck[20])
	}
	for s := range card.Seat(4) {
		if d.Hand(s).Len() != 8 {
			t.Errorf("%v holds %d cards", s, d.Hand(s).Len())
		}
	}
	if c, _ := d.Contract(); c.Trump != card.Hearts || c.Taker != card.North {
		t.Errorf("contract %+v", c)
	}
	if d.Turn() != card.East {
		t.Errorf("leader %v, want E", d.Turn())
	}
}

func TestEngDeckInverse(t *testing.T) {
	hands := [4]string{
		"SA SK SQ SJ ST S9 S8 S7", // N
		"HA HK HQ HJ HT H9 H8 H7", // E
		"DA DK DQ DJ DT D9 D8 D7", // S
		"CA CK CQ CJ CT C9 C8 C7", // W
	}
	for _, mode := range []Mode{Classic, NoTrump, Coinche} {
		for dealer := range card.Seat(4) {
			for taker := range card.Seat(4) {
				r := Rules{Mode: mode}
				d := engNewDeal(t, r, dealer, engDeck(t, r, dealer, taker, hands))
				if mode == Classic {
					for d.Turn() != taker {
						engDo(t, d, d.Turn().String()+" pass")
					}
					engDo(t, d, taker.String()+" take")
				}
				for s := range card.Seat(4) {
					if d.Hand(s) != engHand(t, hands[s]) {
						t.Fatalf("%v dealer %v taker %v: %v holds %v", mode, dealer, taker, s, d.Hand(s))
					}
				}
			}
		}
	}
}

func TestCheckDeck(t *testing.T) {
	good := card.Deck32()
	if err := CheckDeck(good); err != nil {
		t.Fatal(err)
	}
	short := good[:31]
	dup := append([]card.Card(nil), good...)
	dup[5] = dup[4]
	low := append([]card.Card(nil), good...)
	low[7] = card.MustParse("S6")
	for _, tc := range []struct {
		deck []card.Card
		want string
	}{
		{short, "31 cards, want 32"},
		{dup, "deck card 6: ST appears twice"},
		{low, "deck card 8: S6 is not a card of the 32-card deck"},
	} {
		err := CheckDeck(tc.deck)
		var de *DeckError
		if !errors.As(err, &de) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CheckDeck: %v, want %q", err, tc.want)
		}
		if _, err := NewDeal(Rules{}, card.North, tc.deck); err == nil {
			t.Errorf("NewDeal accepted a bad deck")
		}
	}
}

func TestDealInterface(t *testing.T) {
	var _ game.Game = (*Deal)(nil)
	d := engNewDeal(t, Rules{Mode: Coinche}, card.North, card.Deck32())
	if d.Kind() != "belote" {
		t.Error(d.Kind())
	}
}
