package bridge

import (
	"encoding/json"
	"errors"
	"testing"

	"atout/card"
	"atout/game"
)

func TestTrickWinner(t *testing.T) {
	tests := []struct {
		leader card.Seat
		cards  string
		strain Strain
		want   card.Seat
	}{
		{card.West, "S9 ST S7 S2", NoTrump, card.North},
		{card.West, "S9 ST S7 S2", StrainClubs, card.North},
		{card.North, "D2 SA HA CA", NoTrump, card.North},        // off-suit aces do not win at NT
		{card.North, "D2 SA HA CA", StrainDiamonds, card.North}, // nor in a suit contract
		{card.North, "D2 SA HA C2", StrainClubs, card.West},     // a ruff wins
		{card.North, "H5 C2 HA C3", StrainClubs, card.West},     // overruff
		{card.East, "H5 C2 HA C3", StrainClubs, card.North},     // overruff, other leader
		{card.South, "CK CA C2 C3", StrainClubs, card.West},     // trump led: highest trump
		{card.South, "HK HA HQ HJ", StrainSpades, card.West},
		{card.South, "HT HJ HQ HK", NoTrump, card.East},
		{card.East, "S2 S3 S4 H5", StrainHearts, card.North},
		{card.East, "S2 H3 H4 S5", StrainHearts, card.West},
		{card.East, "HT H2 S4 SA", StrainHearts, card.East},
	}
	for _, tt := range tests {
		cs, err := card.ParseList(tt.cards)
		if err != nil {
			t.Fatal(err)
		}
		got := TrickWinner(tt.leader, [4]card.Card(cs), tt.strain)
		if got != tt.want {
			t.Errorf("%s leads %s in %s: winner %s, want %s", tt.leader, tt.cards, tt.strain, got, tt.want)
		}
		if ref := slowWinner(tt.leader, cs, tt.strain); ref != got {
			t.Errorf("%s in %s: reference says %s", tt.cards, tt.strain, ref)
		}
	}
}

// slowWinner finds a trick's winner the long way: the highest trump if any
// was played, otherwise the highest card of the suit led.
func slowWinner(leader card.Seat, cs []card.Card, strain Strain) card.Seat {
	suit := cs[0].Suit()
	if tr, ok := strain.Suit(); ok {
		for _, c := range cs {
			if c.Suit() == tr {
				suit = tr
				break
			}
		}
	}
	best := -1
	for i, c := range cs {
		if c.Suit() == suit && (best < 0 || c.Rank() > cs[best].Rank()) {
			best = i
		}
	}
	return card.Seat((int(leader) + best) % 4)
}

// board1 is board 1 of testdata/bridge-event.pbn: 4C by South, dummy North,
// West on lead.
const board1 = "N:KT.J8.K98762.T65 QJ75.KT6542.3.J2 86432.7.QJ4.A843 A9.AQ93.AT5.KQ97"

func TestFollowSuitAndDummy(t *testing.T) {
	deal, err := ParseDeal(board1)
	if err != nil {
		t.Fatal(err)
	}
	p := NewCardPlay(deal, card.South, StrainClubs)
	if p.ToAct() != card.West || p.Dummy() != card.North || p.Controller(card.North) != card.South || p.Controller(card.East) != card.East {
		t.Fatalf("ToAct %s Dummy %s", p.ToAct(), p.Dummy())
	}
	if p.DummyExposed() {
		t.Error("dummy exposed before the opening lead")
	}
	steps := []struct {
		seat    card.Seat
		card    string
		wantErr string
	}{
		{card.North, "ST", "bridge: trick 1: N cannot play ST: it is W's turn to play"},
		{card.South, "S2", "bridge: trick 1: S cannot play S2: it is W's turn to play"},
		{card.West, "SK", "bridge: trick 1: W cannot play SK: W does not hold SK"},
		{card.West, "S9", ""},
		{card.South, "ST", "bridge: trick 1: S cannot play ST: it is dummy's turn: play dummy's card for N"},
		{card.North, "DK", "bridge: trick 1: N cannot play DK: must follow suit in spades"},
		{card.North, "SA", "bridge: trick 1: N cannot play SA: N does not hold SA"},
		{card.North, "ST", ""},
		{card.East, "H2", "bridge: trick 1: E cannot play H2: must follow suit in spades"},
		{card.East, "S7", ""},
		{card.South, "S2", ""},
		// North won with the ten and leads.
		{card.West, "SA", "bridge: trick 2: W cannot play SA: it is N's turn to play"},
		{card.North, "CT", ""},
		{card.East, "CJ", ""},
		{card.South, "H7", "bridge: trick 2: S cannot play H7: must follow suit in clubs"},
		{card.South, "C3", ""},
		{card.West, "CQ", ""},
		// West leads a diamond: East has one, then discards.
		{card.West, "D5", ""},
		{card.North, "D2", ""},
		{card.East, "D3", ""},
		{card.South, "DQ", ""},
		{card.South, "C4", ""},
		{card.West, "DA", "bridge: trick 4: W cannot play DA: must follow suit in clubs"},
		{card.West, "C7", ""},
		{card.North, "C5", ""},
		{card.East, "C2", ""},
		{card.West, "DA", ""},
		{card.North, "DK", ""},
		{card.East, "H2", ""}, // void in diamonds: any card
		{card.South, "DJ", ""},
	}
	for i, st := range steps {
		c := card.MustParse(st.card)
		before := p
		err := p.Add(st.seat, c)
		if st.wantErr == "" {
			if err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
			continue
		}
		if err == nil || err.Error() != st.wantErr {
			t.Fatalf("step %d: err = %v, want %s", i, err, st.wantErr)
		}
		if !errors.Is(err, game.ErrIllegal) {
			t.Errorf("step %d: error does not wrap ErrIllegal", i)
		}
		if p != before {
			t.Errorf("step %d: illegal card changed the play", i)
		}
	}
	if !p.DummyExposed() {
		t.Error("dummy not exposed after the opening lead")
	}
	if p.Completed() != 5 || p.Tricks(card.NS) != 2 || p.Tricks(card.EW) != 3 || p.DeclarerTricks() != 2 {
		t.Errorf("completed %d, NS %d, EW %d", p.Completed(), p.Tricks(card.NS), p.Tricks(card.EW))
	}
	wantWinners := []card.Seat{card.North, card.West, card.South, card.West, card.West}
	for k, tr := range p.CompletedTricks() {
		if !tr.Complete() || tr.Winner != wantWinners[k] {
			t.Errorf("trick %d: %+v, want winner %s", k+1, tr, wantWinners[k])
		}
	}
	last, ok := p.LastCompleted()
	if !ok || last.Leader != card.West || last.Cards[0] != card.MustParse("DA") || last.Seat(2) != card.East {
		t.Errorf("last trick %+v", last)
	}
	if cur := p.Current(); cur.Leader != card.West || len(cur.Cards) != 0 {
		t.Errorf("current trick %+v", cur)
	}
	if p.Hand(card.South).Len() != 8 || p.Hand(card.South).Has(card.MustParse("DJ")) {
		t.Errorf("South's hand %s", p.Hand(card.South))
	}
	if p.LegalCards() != p.Hand(card.West) {
		t.Errorf("a lead may be any card: %s", p.LegalCards())
	}
}

func TestTrickJSON(t *testing.T) {
	tr := Trick{Leader: card.West, Cards: []card.Card{card.MustParse("S9"), card.MustParse("ST")}}
	b, err := tr.MarshalJSON()
	if err != nil || string(b) != `{"leader":"W","cards":["S9","ST"]}` {
		t.Errorf("%s %v", b, err)
	}
	tr.Cards = append(tr.Cards, card.MustParse("S7"), card.MustParse("S2"))
	tr.Winner = card.North
	b, _ = tr.MarshalJSON()
	if string(b) != `{"leader":"W","cards":["S9","ST","S7","S2"],"winner":"N"}` {
		t.Errorf("%s", b)
	}
	b, _ = Trick{Leader: card.East}.MarshalJSON()
	if string(b) != `{"leader":"E","cards":[]}` {
		t.Errorf("%s", b)
	}
}

// TestTrickJSONAsReflection checks the hand-written encoding of a trick
// against encoding/json's of the same struct, for every length of trick,
// every leader and winner, and random cards; and that a trick with an
// invalid seat or card is refused, as the reflection refuses it.
func TestTrickJSONAsReflection(t *testing.T) {
	type trickJSON struct {
		Leader card.Seat   `json:"leader"`
		Cards  []card.Card `json:"cards"`
		Winner *card.Seat  `json:"winner,omitempty"`
	}
	reflected := func(tr Trick) ([]byte, error) {
		j := trickJSON{Leader: tr.Leader, Cards: tr.Cards}
		if j.Cards == nil {
			j.Cards = []card.Card{}
		}
		if tr.Complete() {
			w := tr.Winner
			j.Winner = &w
		}
		return json.Marshal(j)
	}
	r := card.NewRand(11)
	for i := 0; i < 2000; i++ {
		d := card.Deck52()
		r.Shuffle(d)
		tr := Trick{Leader: card.Seat(i % 4), Winner: card.Seat(i / 4 % 4)}
		for k := 0; k < i%5; k++ {
			tr.Cards = append(tr.Cards, d[k])
		}
		if i%50 == 7 {
			tr.Cards = []card.Card{}
		}
		got, err := tr.MarshalJSON()
		want, werr := reflected(tr)
		if err != nil || werr != nil || string(got) != string(want) {
			t.Fatalf("%+v: got %s (%v), want %s (%v)", tr, got, err, want, werr)
		}
	}
	for _, tr := range []Trick{
		{Leader: 4},
		{Leader: card.North, Cards: []card.Card{card.MustParse("S2"), 0}},
		{Leader: card.North, Cards: []card.Card{card.MustParse("S2"), card.MustParse("S3"), card.MustParse("S4"), card.MustParse("S5")}, Winner: 9},
	} {
		if _, err := tr.MarshalJSON(); err == nil {
			t.Errorf("%+v: encoded", tr)
		}
		if _, err := reflected(tr); err == nil {
			t.Errorf("%+v: the reflection encodes it", tr)
		}
	}
}
