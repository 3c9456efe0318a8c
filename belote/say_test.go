package belote

import (
	"errors"
	"strings"
	"testing"

	"atout/card"
	"atout/game"
)

func TestSaidNotation(t *testing.T) {
	for in, want := range map[string]string{
		"HK belote d13": "HK belote d13", "hk Rebelote": "HK belote", "SA quiet": "SA quiet",
		"SA d0": "SA d0", "SA  d21": "SA d12", "KH belote": "HK belote", "SA": "SA",
	} {
		a, err := ParseAction(in)
		if err != nil || a.String() != want {
			t.Errorf("%q: %v %v, want %q", in, a, err, want)
		}
		if b, err := ParseAction(a.String()); err != nil || b != a {
			t.Errorf("%q does not read back: %v %v", a, b, err)
		}
	}
	for _, in := range []string{"SA d9", "SA d11", "SA foo", "SA belote belote", "SA belote quiet", "SA d", "pass belote", "SA d1 d2"} {
		if a, err := ParseAction(in); err == nil {
			t.Errorf("%q read as %v", in, a)
		}
	}
	if Play(card.New(card.Spades, card.Ace)).WithDeclared(5).Plain() != Play(card.New(card.Spades, card.Ace)) {
		t.Error("Plain")
	}
}

func holder(d *Deal) card.Seat {
	if d.beloteSeat < 0 {
		return 0
	}
	return card.Seat(d.beloteSeat)
}

// playTo plays the lowest legal card of every seat until seat is to play
// and may play c; it reports false if the deal got past that.
func playTo(t *testing.T, d *Deal, seat card.Seat, c card.Card) bool {
	t.Helper()
	for !d.Done() {
		if d.Turn() == seat && d.LegalCards().Has(c) {
			return true
		}
		l := d.LegalCards()
		x := l.Lowest()
		if d.Turn() == seat && l.Len() > 1 && (x == c || x.Suit() == card.Hearts && (x.Rank() == card.King || x.Rank() == card.Queen)) {
			for _, y := range l.Cards() {
				if !(y.Suit() == card.Hearts && (y.Rank() == card.King || y.Rank() == card.Queen)) {
					x = y
					break
				}
			}
		}
		if err := d.Do(d.Turn(), Play(x)); err != nil {
			t.Fatal(err)
		}
	}
	return false
}

// TestBeloteSaidByThePlayer: belote counts when the holder says it (or
// by default, as in old records), not when he plays the first card
// quietly, and only the holder may say it with the right card.
func TestBeloteSaidByThePlayer(t *testing.T) {
	hk, hq := card.New(card.Hearts, card.King), card.New(card.Hearts, card.Queen)
	for _, tc := range []struct {
		name        string
		first, next Say
		want        bool
	}{
		{"said", SayBelote, SayBelote, true},
		{"said, rebelote by default", SayBelote, SayDefault, true},
		{"by default (old records)", SayDefault, SayDefault, true},
		{"kept quiet", SayQuiet, SayDefault, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d *Deal
			for seed := uint64(1); seed < 3000 && d == nil; seed++ {
				x := claimDeal(t, seed, card.Hearts)
				if x.beloteSeat < 0 {
					continue
				}
				s := holder(x)
				if !playTo(t, x, s, hk) {
					continue
				}
				d = x
			}
			if d == nil {
				t.Fatal("no deal")
			}
			s := holder(d)
			first, second := d.BeloteCard(s, hk)
			if !first || second {
				t.Fatalf("BeloteCard = %v %v", first, second)
			}
			if v := d.SeatView(s); len(v.BeloteCards) != 2 {
				t.Errorf("view beloteCards %v", v.BeloteCards)
			}
			// Not on another card, not by another seat.
			for _, c := range d.LegalCards().Cards() {
				if c == hk || c == hq {
					continue
				}
				e := d.Clone()
				if err := e.Do(s, Action{Kind: ActCard, Card: c, Say: SayBelote}); !errors.Is(err, game.ErrIllegal) {
					t.Errorf("belote said with %v: %v", c, err)
				}
			}
			a := Play(hk)
			a.Say = tc.first
			if err := d.Do(s, a); err != nil {
				t.Fatal(err)
			}
			if !playTo(t, d, s, hq) {
				t.Skip("the queen fell in a trick the search could not steer")
			}
			_, second = d.BeloteCard(s, hq)
			if second != (tc.first != SayQuiet) {
				t.Errorf("rebelote possible %v after %v", second, tc.first)
			}
			e := d.Clone()
			if err := e.Do(s, Action{Kind: ActCard, Card: hq, Say: SayQuiet}); !errors.Is(err, game.ErrIllegal) {
				t.Errorf("quiet with the second card: %v", err)
			}
			b := Play(hq)
			b.Say = tc.next
			if err := d.Do(s, b); err != nil {
				t.Fatal(err)
			}
			playTo(t, d, card.Seat(9), hk) // no such seat: to the end
			if got := d.BeloteSide() >= 0; got != tc.want {
				t.Errorf("belote scored %v, want %v", got, tc.want)
			}
			// The record says it, as version 4, and replays to the same deal.
			data, err := MarshalRecords([]Record{d.Record()})
			if err != nil {
				t.Fatal(err)
			}
			if (tc.first != SayDefault) != strings.Contains(string(data), `"version":4`) {
				t.Errorf("record %s", data)
			}
			recs, err := ParseRecords(data)
			if err != nil {
				t.Fatal(err)
			}
			deals, err := LoadDeals(recs)
			if err != nil || deals[0].Result() != d.Result() || deals[0].BeloteSide() != d.BeloteSide() {
				t.Fatalf("replayed %+v %v", deals, err)
			}
			if tc.first != SayDefault {
				old := strings.Replace(string(data), `"version":4,`, ``, 1)
				if _, err := ParseRecords([]byte(old)); err == nil || !strings.Contains(err.Error(), "version 4") {
					t.Errorf("a said card in a version 1 record: %v", err)
				}
			}
		})
	}
}

// TestDeclareChosen: the first card says which announcements its player
// declares; the others are kept quiet; a mask past his list, or a
// declaration with another card, is refused.
func TestDeclareChosen(t *testing.T) {
	n := 0
	for seed := uint64(1); seed < 2000 && n < 10; seed++ {
		d := claimDeal(t, seed, card.Hearts)
		s := d.Turn()
		anns := d.Announcements(s)
		if len(anns) == 0 {
			continue
		}
		n++
		if v := d.SeatView(s); len(v.Declarable) != len(anns) {
			t.Errorf("view declarable %v", v.Declarable)
		}
		c := d.LegalCards().Lowest()
		e := d.Clone()
		if err := e.Do(s, Play(c).WithDeclared(1<<len(anns))); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("mask past the list: %v", err)
		}
		mask := uint8(0)
		if n%2 == 0 {
			mask = 1 // the best only
		}
		if err := d.Do(s, Play(c).WithDeclared(mask)); err != nil {
			t.Fatal(err)
		}
		got := d.Declared(s)
		if mask == 0 && len(got) != 0 || mask == 1 && (len(got) != 1 || got[0].Points != anns[0].Points || got[0].Cards != anns[0].Cards) {
			t.Errorf("declared %v with mask %d of %v", got, mask, anns)
		}
		if d.Announcements(s) != nil {
			t.Error("announcements still declarable after the first card")
		}
		// The next seat may not declare with a second card.
		playFirst(t, d, 4)
		x := d.LegalCards().Lowest()
		e = d.Clone()
		if err := e.Do(d.Turn(), Play(x).WithDeclared(0)); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("a declaration with a second card: %v", err)
		}
	}
	if n < 10 {
		t.Fatalf("only %d deals with announcements", n)
	}
}
