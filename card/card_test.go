package card

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
)

func TestParseCard(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for an error
	}{
		{"SA", "SA"}, {"AS", "SA"}, {"sa", "SA"}, {"as", "SA"},
		{"HT", "HT"}, {"TH", "HT"}, {"10h", "HT"}, {"h10", "HT"}, {"s10", "ST"}, {"10S", "ST"},
		{"D7", "D7"}, {"7d", "D7"}, {"C2", "C2"}, {"2C", "C2"},
		{" DK ", "DK"}, {"QH", "HQ"}, {"jc", "CJ"},
		{"", ""}, {"S", ""}, {"S1", ""}, {"1S", ""}, {"SS", ""}, {"AA", ""}, {"S11", ""},
		{"X7", ""}, {"SA2", ""}, {"10", ""}, {"S0", ""},
	}
	for _, tt := range tests {
		c, err := Parse(tt.in)
		if tt.want == "" {
			var pe *ParseError
			if err == nil || !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) || pe.Kind != "card" || pe.Input != tt.in {
				t.Errorf("Parse(%q) = %v, %v; want a card ParseError", tt.in, c, err)
			}
			continue
		}
		if err != nil || c.String() != tt.want || !c.Valid() {
			t.Errorf("Parse(%q) = %v, %v; want %s", tt.in, c, err, tt.want)
		}
	}
	if got := (&ParseError{Kind: "card", Input: "S1"}).Error(); got != `card: invalid card "S1"` {
		t.Errorf("error text %q", got)
	}
}

func TestCardParts(t *testing.T) {
	c := New(Hearts, Queen)
	if c.Suit() != Hearts || c.Rank() != Queen || c.String() != "HQ" || uint8(c) != 2<<4|12 {
		t.Errorf("New(Hearts, Queen) = %v (%d)", c, uint8(c))
	}
	if Card(0).Valid() || Card(0).String() != "--" || New(Spades, 1).Valid() || New(Spades, 15).Valid() {
		t.Error("invalid cards reported valid")
	}
	if _, err := Card(0).MarshalText(); err == nil {
		t.Error("MarshalText of the zero card")
	}
	for _, s := range []Suit{Clubs, Diamonds, Hearts, Spades} {
		got, err := ParseSuit(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSuit(%s) = %v %v", s, got, err)
		}
		if got, err := ParseSuit(s.Symbol()); err != nil || got != s {
			t.Errorf("ParseSuit(%s) = %v %v", s.Symbol(), got, err)
		}
	}
	for r := Two; r <= Ace; r++ {
		got, err := ParseRank(r.String())
		if err != nil || got != r {
			t.Errorf("ParseRank(%s) = %v %v", r, got, err)
		}
	}
	if _, err := ParseRank("1"); err == nil {
		t.Error("ParseRank(1)")
	}
}

func TestCardJSON(t *testing.T) {
	cs := []Card{MustParse("SA"), MustParse("10h"), MustParse("c2")}
	b, err := json.Marshal(cs)
	if err != nil || string(b) != `["SA","HT","C2"]` {
		t.Fatalf("%s %v", b, err)
	}
	var back []Card
	if err := json.Unmarshal([]byte(`["SA","th","2c"]`), &back); err != nil || !slices.Equal(back, cs) {
		t.Errorf("%v %v", back, err)
	}
	if err := json.Unmarshal([]byte(`["S1"]`), &back); err == nil {
		t.Error("bad card accepted")
	}
}

func TestParseList(t *testing.T) {
	cs, err := ParseList("SA, HT  d7,10c")
	if err != nil || len(cs) != 4 || cs[3] != New(Clubs, Ten) {
		t.Errorf("%v %v", cs, err)
	}
	if _, err := ParseList("SA ZZ"); err == nil {
		t.Error("bad list accepted")
	}
}

func TestHand(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for an error
	}{
		{"AK5.Q9832.J2.AQJ", "AK5.Q9832.J2.AQJ"},
		{"ak5.q9832.j2.aqj", "AK5.Q9832.J2.AQJ"},
		{"A876...", "A876..."},
		{"...", "..."},
		{"AKQJT98765432...", "AKQJT98765432..."},
		{"A1098.K.Q.J", "AT98.K.Q.J"},
		{"SAK.HQ.DJ.C10", "AK.Q.J.T"},
		{"5KA.2.3.4", "AK5.2.3.4"},
		{"AK.Q.J", ""},
		{"AK.Q.J.T.9", ""},
		{"AA.Q.J.T", ""},
		{"AX.Q.J.T", ""},
		{"A1.Q.J.T", ""},
	}
	for _, tt := range tests {
		h, err := ParseHand(tt.in)
		if tt.want == "" {
			if err == nil || !errors.Is(err, ErrSyntax) {
				t.Errorf("ParseHand(%q) = %v, %v; want error", tt.in, h, err)
			}
			continue
		}
		if err != nil || h.String() != tt.want {
			t.Errorf("ParseHand(%q) = %v, %v; want %s", tt.in, h, err, tt.want)
		}
	}
	h, _ := ParseHand("AK5.Q9832.J2.AQJ")
	if h.Len() != 13 || h.SuitLen(Hearts) != 5 || h.SuitLen(Clubs) != 3 || !h.Has(MustParse("H9")) || h.Has(MustParse("H7")) {
		t.Errorf("hand %s: len %d", h, h.Len())
	}
	if h.SuitMask(Spades) != 1<<Ace|1<<King|1<<Five {
		t.Errorf("SuitMask = %b", h.SuitMask(Spades))
	}
	if FromSuitMask(Spades, h.SuitMask(Spades)) != h.Suit(Spades) {
		t.Error("FromSuitMask(SuitMask) != Suit")
	}
	cs := h.Cards()
	if len(cs) != 13 || cs[0] != MustParse("SA") || cs[12] != MustParse("CJ") || HandOf(cs...) != h {
		t.Errorf("Cards = %v", cs)
	}
	if h.Lowest() != MustParse("CJ") || Hand(0).Lowest() != 0 {
		t.Errorf("Lowest = %v", h.Lowest())
	}
	h2 := h.Remove(MustParse("SA")).Add(MustParse("S2"))
	if h2.Has(MustParse("SA")) || !h2.Has(MustParse("S2")) || h2.Len() != 13 {
		t.Errorf("Add/Remove: %s", h2)
	}
	b, _ := json.Marshal(h)
	var back Hand
	if err := json.Unmarshal(b, &back); err != nil || back != h || string(b) != `"AK5.Q9832.J2.AQJ"` {
		t.Errorf("JSON %s -> %v %v", b, back, err)
	}
}

func TestDecks(t *testing.T) {
	d52, d32 := Deck52(), Deck32()
	if len(d52) != 52 || len(d32) != 32 {
		t.Fatalf("deck sizes %d %d", len(d52), len(d32))
	}
	if HandOf(d52...) != Full52 || HandOf(d32...) != Full32 || Full52.Len() != 52 || Full32.Len() != 32 {
		t.Error("decks do not match Full52/Full32")
	}
	if d52[0] != MustParse("SA") || d52[51] != MustParse("C2") || d32[0] != MustParse("SA") || d32[31] != MustParse("C7") {
		t.Errorf("deck order: %v %v %v %v", d52[0], d52[51], d32[0], d32[31])
	}
	for _, c := range d32 {
		if c.Rank() < Seven {
			t.Errorf("%s in the belote deck", c)
		}
	}
}

func TestRandReproducible(t *testing.T) {
	deal := func(seed uint64) []Card {
		d := Deck52()
		NewRand(seed).Shuffle(d)
		return d
	}
	a, b, c := deal(42), deal(42), deal(43)
	if !slices.Equal(a, b) {
		t.Error("same seed, different shuffles")
	}
	if slices.Equal(a, c) {
		t.Error("different seeds, same shuffle")
	}
	if HandOf(a...) != Full52 {
		t.Error("shuffle lost cards")
	}
	r1, r2 := NewRand(7), NewRand(7)
	for i := 0; i < 100; i++ {
		if r1.IntN(1000) != r2.IntN(1000) || r1.Uint64() != r2.Uint64() {
			t.Fatal("same seed, different numbers")
		}
	}
	x := NewCryptoRand()
	d := Deck32()
	x.Shuffle(d)
	if HandOf(d...) != Full32 {
		t.Error("crypto shuffle lost cards")
	}
	if x.Rand() == nil {
		t.Error("Rand() nil")
	}
}

func TestSeedFromString(t *testing.T) {
	if SeedFromString("7") != 7 || SeedFromString("0") != 0 || SeedFromString("18446744073709551615") == 0 {
		t.Error("decimal seeds")
	}
	if SeedFromString("abc") != SeedFromString("abc") || SeedFromString("abc") == SeedFromString("abd") {
		t.Error("hashed seeds")
	}
	if SeedFromString("12a") == 12 {
		t.Error("a seed with letters is not its digits")
	}
	// FNV-1a of the empty string is the offset basis; "" is a decimal 0.
	if SeedFromString("") != 0 {
		t.Errorf("SeedFromString(\"\") = %d", SeedFromString(""))
	}
}

func TestSeats(t *testing.T) {
	if North.Next() != East || West.Next() != North || North.Prev() != West || South.Partner() != North || East.Partner() != West {
		t.Error("seat rotation")
	}
	if North.Side() != NS || South.Side() != NS || East.Side() != EW || West.Side() != EW || NS.Other() != EW || !EW.Has(West) || NS.Has(East) {
		t.Error("sides")
	}
	for _, s := range Seats {
		for _, in := range []string{s.String(), s.Name(), " " + s.Name() + " "} {
			got, err := ParseSeat(in)
			if err != nil || got != s {
				t.Errorf("ParseSeat(%q) = %v %v", in, got, err)
			}
		}
	}
	if _, err := ParseSeat("X"); err == nil {
		t.Error("ParseSeat(X)")
	}
	for _, in := range []string{"NS", "n-s", "EW", "E-W"} {
		if _, err := ParseSide(in); err != nil {
			t.Errorf("ParseSide(%q): %v", in, err)
		}
	}
	b, _ := json.Marshal(map[Seat]Side{North: NS, West: EW})
	if string(b) != `{"N":"NS","W":"EW"}` {
		t.Errorf("JSON %s", b)
	}
	var m map[Seat]Side
	if err := json.Unmarshal(b, &m); err != nil || m[West] != EW {
		t.Errorf("%v %v", m, err)
	}
}

// TestSharedTexts: a card's and a seat's text is its String, shared but
// full (cap = len), so that an append copies and the next caller still
// gets the right text; encoding/json writes them as before.
func TestSharedTexts(t *testing.T) {
	for s := Clubs; s <= Spades; s++ {
		for r := Two; r <= Ace; r++ {
			c := New(s, r)
			b, err := c.MarshalText()
			if err != nil || string(b) != c.String() || cap(b) != len(b) {
				t.Fatalf("%v: %q (cap %d), %v", c, b, cap(b), err)
			}
			_ = append(b, 'x')
			if again, _ := c.MarshalText(); string(again) != c.String() {
				t.Fatalf("%v after an append: %q", c, again)
			}
		}
	}
	for st := North; st <= West; st++ {
		b, err := st.MarshalText()
		if err != nil || string(b) != st.String() || cap(b) != len(b) {
			t.Fatalf("%v: %q (cap %d), %v", st, b, cap(b), err)
		}
	}
	if _, err := Seat(4).MarshalText(); err == nil {
		t.Error("MarshalText of seat 4")
	}
	out, err := json.Marshal(map[Seat][]Card{South: {New(Spades, Ace), New(Hearts, Ten)}})
	if err != nil || string(out) != `{"S":["SA","HT"]}` {
		t.Errorf("json: %s, %v", out, err)
	}
}
