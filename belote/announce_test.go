package belote

import (
	"testing"

	"atout/card"
)

// annHand reads cards written in either order, separated by spaces: "7H 8H 9H".
func annHand(t testing.TB, s string) card.Hand {
	t.Helper()
	cs, err := card.ParseList(s)
	if err != nil {
		t.Fatalf("hand %q: %v", s, err)
	}
	return card.HandOf(cs...)
}

func annSeat(t testing.TB, s string) card.Seat {
	t.Helper()
	seat, err := card.ParseSeat(s)
	if err != nil {
		t.Fatal(err)
	}
	return seat
}

var annSettings = map[string]Setting{"maison": Maison, "official": Official}

// TestScenarioAnnouncements runs scenarios S01 to S09 of
// belote-scenarios.md (section A and the detection cases) against Detect
// and Compare, under each setting a scenario names.
func TestScenarioAnnouncements(t *testing.T) {
	type want struct{ ns, ew int }
	tests := []struct {
		id     string
		mode   Mode
		trump  card.Suit
		takers card.Side
		hands  map[string]string
		want   map[string]want // by setting
	}{
		{"S01", Classic, card.Clubs, card.NS,
			map[string]string{"S": "7H 8H 9H", "W": "TS JS QS KS"},
			map[string]want{"maison": {0, 50}, "official": {0, 50}}},
		{"S02/S03", Classic, card.Spades, card.NS,
			map[string]string{"S": "9H TH JH", "E": "9S TS JS"},
			map[string]want{"maison": {20, 0}, "official": {0, 20}}},
		{"S04", Classic, card.Clubs, card.NS,
			map[string]string{"S": "9H TH JH", "N": "7D 8D 9D", "E": "9S TS JS"},
			map[string]want{"maison": {40, 0}, "official": {0, 0}}},
		{"S05a", Classic, card.Diamonds, card.NS,
			map[string]string{"S": "QH KH AH", "E": "9S TS JS", "W": "7C 8C 9C"},
			map[string]want{"maison": {20, 0}, "official": {20, 0}}},
		{"S05b", Classic, card.Diamonds, card.NS,
			map[string]string{"E": "AC AD AH AS", "S": "9S TS JS QS KS", "N": "7H 8H 9H"},
			map[string]want{"maison": {0, 100}, "official": {0, 100}}},
		{"S06", NoTrump, NoSuit, card.NS,
			map[string]string{"S": "AS AH AD AC", "E": "7S 8S 9S"},
			map[string]want{"maison": {100, 0}, "official": {200, 0}}},
		{"S07", NoTrump, NoSuit, card.NS,
			map[string]string{"S": "JS JH JD JC", "E": "TS TH TD TC"},
			map[string]want{"maison": {200, 0}, "official": {0, 150}}},
		{"S08", Classic, card.Hearts, card.NS,
			map[string]string{"S": "JS QS KS AS JH JD JC 7D"},
			map[string]want{"maison": {250, 0}, "official": {220, 0}}},
		{"S09", Classic, card.Spades, card.NS,
			map[string]string{"S": "QC QD QH QS 9C TC JC KC"},
			map[string]want{"maison": {200, 0}, "official": {120, 0}}},
		{"S10", Classic, card.Hearts, card.NS,
			map[string]string{"N": "7C 8C 9C TC"},
			map[string]want{"maison": {50, 0}, "official": {50, 0}}},
		{"S11", Classic, card.Spades, card.NS,
			map[string]string{"W": "9S 9H 9D 9C", "S": "TD JD QD"},
			map[string]want{"maison": {0, 150}, "official": {0, 150}}},
		{"S17", Coinche, card.Spades, card.NS,
			map[string]string{"S": "7D 8D 9D", "N": "KS QS"},
			map[string]want{"maison": {20, 0}, "official": {20, 0}}},
	}
	for _, tc := range tests {
		for name, w := range tc.want {
			t.Run(tc.id+"/"+name, func(t *testing.T) {
				r := Rules{Mode: tc.mode, Setting: annSettings[name], Announcements: true}
				var hands [4]card.Hand
				for s, h := range tc.hands {
					hands[annSeat(t, s)] = annHand(t, h)
				}
				res := Resolve(hands, [4]bool{}, tc.takers, tc.trump, r)
				if got := (want{res.Points[card.NS], res.Points[card.EW]}); got != w {
					t.Errorf("announcements NS/EW = %d/%d, want %d/%d (declared %v)", got.ns, got.ew, w.ns, w.ew, res.Declared)
				}
			})
		}
	}
}

// TestDetectScenarios checks what Detect finds in the hands of S08 and S09
// and the examples of the rules page.
func TestDetectScenarios(t *testing.T) {
	tests := []struct {
		name    string
		hand    string
		mode    Mode
		trump   card.Suit
		setting Setting
		want    []string // Announcement.String, best first
	}{
		{"S08 maison", "JS QS KS AS JH JD JC 7D", Classic, card.Hearts, Maison,
			[]string{"carré J (200)", "cinquante SJ-SQ-SK-SA (50)"}},
		{"S08 official", "JS QS KS AS JH JD JC 7D", Classic, card.Hearts, Official,
			[]string{"carré J (200)", "tierce SQ-SK-SA (20)"}},
		{"S09 maison", "QC QD QH QS 9C TC JC KC", Classic, card.Spades, Maison,
			[]string{"carré Q (100)", "cent C9-CT-CJ-CQ-CK (100)"}},
		{"S09 official", "QC QD QH QS 9C TC JC KC", Classic, card.Spades, Official,
			[]string{"carré Q (100)", "tierce C9-CT-CJ (20)"}},
		{"rules page south", "7H 8H 9H AS TC KD 7C 8D", Classic, card.Spades, Maison,
			[]string{"tierce H7-H8-H9 (20)"}},
		{"rules page west", "TS JS QS KS 9C JD 7S AD", Classic, card.Hearts, Maison,
			[]string{"cinquante ST-SJ-SQ-SK (50)"}},
		{"rules page north", "JS JH JD JC 7H 8C AD QS", Classic, card.Hearts, Maison,
			[]string{"carré J (200)"}},
		{"sevens and eights are no carré", "7S 7H 7D 7C 8S 8H 8D 8C", Classic, card.Hearts, Official,
			nil},
		{"run of eight is one cent", "7S 8S 9S TS JS QS KS AS", Coinche, card.Hearts, Official,
			[]string{"cent S7-S8-S9-ST-SJ-SQ-SK-SA (100)"}},
		{"no wrap around", "KH AH 7H 8H", Classic, card.Hearts, Maison, nil},
		{"two carrés official keep both", "JS JH JD JC 9S 9H 9D 9C", Classic, card.Clubs, Official,
			[]string{"carré J (200)", "carré 9 (150)"}},
		{"no-trump official table", "AS AH AD AC TS TH TD TC", NoTrump, NoSuit, Official,
			[]string{"carré A (200)", "carré T (150)"}},
		{"no-trump maison keeps trump table", "AS AH AD AC TS TH TD TC", NoTrump, NoSuit, Maison,
			[]string{"carré A (100)", "carré T (100)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Rules{Mode: tc.mode, Setting: tc.setting, Announcements: true}
			got := Detect(card.South, annHand(t, tc.hand), r, tc.trump)
			var gs []string
			for _, a := range got {
				gs = append(gs, a.String())
				if a.Seat != card.South {
					t.Errorf("%v: seat %v", a, a.Seat)
				}
			}
			if len(gs) != len(tc.want) {
				t.Fatalf("Detect = %q, want %q", gs, tc.want)
			}
			for i := range gs {
				if gs[i] != tc.want[i] {
					t.Errorf("Detect = %q, want %q", gs, tc.want)
					break
				}
			}
		})
	}
}

func TestDetectAnnouncementsOff(t *testing.T) {
	h := annHand(t, "JS JH JD JC 7H 8H 9H TH")
	if got := Detect(card.North, h, Rules{Mode: Classic}, card.Spades); got != nil {
		t.Errorf("announcements off: Detect = %v, want nil", got)
	}
	if _, ok := Compare([4][]Announcement{{{Kind: Tierce, Points: 20, Len: 3}}}, card.NS, card.Spades, Rules{}); ok {
		t.Error("announcements off: Compare scored")
	}
}

func TestCarrePointsTables(t *testing.T) {
	trump := map[card.Rank]int{card.Jack: 200, card.Nine: 150, card.Ace: 100, card.Ten: 100, card.King: 100, card.Queen: 100, card.Eight: 0, card.Seven: 0}
	nt := map[card.Rank]int{card.Jack: 100, card.Nine: 100, card.Ace: 200, card.Ten: 150, card.King: 100, card.Queen: 100, card.Eight: 0, card.Seven: 0}
	for _, mode := range []Mode{Classic, Coinche} {
		for _, s := range []Setting{Maison, Official} {
			for rk, p := range trump {
				if got := CarrePoints(rk, Rules{Mode: mode, Setting: s}, card.Hearts); got != p {
					t.Errorf("%v %v carré %v = %d, want %d", mode, s, rk, got, p)
				}
			}
		}
	}
	for rk, p := range trump {
		if got := CarrePoints(rk, Rules{Mode: NoTrump, Setting: Maison}, NoSuit); got != p {
			t.Errorf("no-trump maison carré %v = %d, want %d", rk, got, p)
		}
	}
	for rk, p := range nt {
		if got := CarrePoints(rk, Rules{Mode: NoTrump, Setting: Official}, NoSuit); got != p {
			t.Errorf("no-trump official carré %v = %d, want %d", rk, got, p)
		}
	}
	for n, p := range map[int]int{0: 0, 2: 0, 3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100} {
		if got := SequencePoints(n); got != p {
			t.Errorf("SequencePoints(%d) = %d, want %d", n, got, p)
		}
	}
}

func annSeq(seat card.Seat, s card.Suit, top card.Rank, n int) Announcement {
	var h card.Hand
	for r := top - card.Rank(n) + 1; r <= top; r++ {
		h = h.Add(card.New(s, r))
	}
	k := Tierce
	if n == 4 {
		k = Cinquante
	} else if n >= 5 {
		k = Cent
	}
	return Announcement{Kind: k, Seat: seat, Suit: s, Rank: top, Len: n, Points: SequencePoints(n), Cards: h}
}

func annCarre(seat card.Seat, rk card.Rank, points int) Announcement {
	var h card.Hand
	for _, s := range card.Suits {
		h = h.Add(card.New(s, rk))
	}
	return Announcement{Kind: Carre, Seat: seat, Suit: NoSuit, Rank: rk, Len: 4, Points: points, Cards: h}
}

// TestCompareOrder walks the comparison of §7.4 step by step.
func TestCompareOrder(t *testing.T) {
	const N, E, S, W = card.North, card.East, card.South, card.West
	type out struct {
		side card.Side
		ok   bool
	}
	tests := []struct {
		name     string
		declared [4][]Announcement
		takers   card.Side
		trump    card.Suit
		maison   out
		official out
	}{
		{"nothing declared", [4][]Announcement{}, card.NS, card.Hearts, out{0, false}, out{0, false}},
		{"only EW declared", [4][]Announcement{E: {annSeq(E, card.Clubs, card.Nine, 3)}}, card.NS, card.Hearts,
			out{card.EW, true}, out{card.EW, true}},
		{"points first", [4][]Announcement{N: {annSeq(N, card.Clubs, card.Ace, 3)}, W: {annSeq(W, card.Clubs, card.Ten, 4)}}, card.NS, card.Hearts,
			out{card.EW, true}, out{card.EW, true}},
		{"carré 100 beats cent", [4][]Announcement{S: {annSeq(S, card.Spades, card.Ace, 8)}, E: {annCarre(E, card.Queen, 100)}}, card.NS, card.Spades,
			out{card.EW, true}, out{card.EW, true}},
		{"longer cent wins", [4][]Announcement{S: {annSeq(S, card.Spades, card.King, 5)}, W: {annSeq(W, card.Hearts, card.Queen, 6)}}, card.NS, card.Spades,
			out{card.EW, true}, out{card.EW, true}},
		{"higher top card", [4][]Announcement{S: {annSeq(S, card.Spades, card.Ten, 3)}, W: {annSeq(W, card.Hearts, card.Jack, 3)}}, card.NS, card.Spades,
			out{card.EW, true}, out{card.EW, true}},
		{"higher carré rank at equal points", [4][]Announcement{S: {annCarre(S, card.King, 100)}, W: {annCarre(W, card.Ace, 100)}}, card.NS, card.Spades,
			out{card.EW, true}, out{card.EW, true}},
		{"carré of queens beats tens", [4][]Announcement{S: {annCarre(S, card.Queen, 100)}, W: {annCarre(W, card.Ten, 100)}}, card.EW, card.Spades,
			out{card.NS, true}, out{card.NS, true}},
		{"tie: trump sequence of defenders", [4][]Announcement{S: {annSeq(S, card.Hearts, card.Jack, 3)}, E: {annSeq(E, card.Spades, card.Jack, 3)}}, card.NS, card.Spades,
			out{card.NS, true}, out{card.EW, true}},
		{"tie without trump: nobody, not even lower", [4][]Announcement{S: {annSeq(S, card.Hearts, card.Jack, 3)}, N: {annSeq(N, card.Diamonds, card.Nine, 3)}, E: {annSeq(E, card.Spades, card.Jack, 3)}}, card.NS, card.Clubs,
			out{card.NS, true}, out{0, false}},
		{"tie in no-trump", [4][]Announcement{S: {annSeq(S, card.Hearts, card.Jack, 3)}, E: {annSeq(E, card.Spades, card.Jack, 3)}}, card.EW, NoSuit,
			out{card.EW, true}, out{0, false}},
		{"team best prefers its trump sequence", [4][]Announcement{S: {annSeq(S, card.Hearts, card.Jack, 3)}, N: {annSeq(N, card.Spades, card.Jack, 3)}, E: {annSeq(E, card.Diamonds, card.Jack, 3)}}, card.EW, card.Spades,
			out{card.EW, true}, out{card.NS, true}},
		{"zero-point entries ignored", [4][]Announcement{S: {{Kind: Carre, Seat: S, Rank: card.Seven, Len: 4}}}, card.NS, card.Clubs,
			out{0, false}, out{0, false}},
	}
	for _, tc := range tests {
		for _, st := range []Setting{Maison, Official} {
			w := tc.maison
			if st == Official {
				w = tc.official
			}
			t.Run(tc.name+"/"+st.String(), func(t *testing.T) {
				side, ok := Compare(tc.declared, tc.takers, tc.trump, Rules{Setting: st, Announcements: true})
				if ok != w.ok || (ok && side != w.side) {
					t.Errorf("Compare = %v, %v; want %v, %v", side, ok, w.side, w.ok)
				}
			})
		}
	}
}

func TestAnnouncementCompareAntisymmetric(t *testing.T) {
	var all []Announcement
	for _, s := range card.Suits {
		for n := 3; n <= 8; n++ {
			for top := card.Seven + card.Rank(n) - 1; top <= card.Ace; top++ {
				all = append(all, annSeq(card.North, s, top, n))
			}
		}
	}
	for rk := card.Nine; rk <= card.Ace; rk++ {
		all = append(all, annCarre(card.East, rk, CarrePoints(rk, Rules{}, card.Hearts)))
		all = append(all, annCarre(card.East, rk, CarrePoints(rk, Rules{Mode: NoTrump, Setting: Official}, NoSuit)))
	}
	for _, a := range all {
		for _, b := range all {
			if a.Compare(b) != -b.Compare(a) {
				t.Fatalf("Compare(%v, %v) = %d but reverse %d", a, b, a.Compare(b), b.Compare(a))
			}
			for _, c := range all {
				if a.Compare(b) > 0 && b.Compare(c) > 0 && a.Compare(c) <= 0 {
					t.Fatalf("not transitive: %v > %v > %v", a, b, c)
				}
			}
		}
	}
}

// TestDetectProperties checks random hands: Official never uses a card
// twice and only uses cards Maison uses, every announcement is worth a
// multiple of 10 and is really in the hand, and Official never beats Maison.
func TestDetectProperties(t *testing.T) {
	rng := card.NewRand(20240611)
	deck := card.Deck32()
	n := 20000
	if testing.Short() {
		n = 3000
	}
	for i := 0; i < n; i++ {
		rng.Shuffle(deck)
		h := card.HandOf(deck[:8]...)
		trump := card.Suit(rng.IntN(5))
		mode := Classic
		if trump == 4 {
			trump, mode = NoSuit, NoTrump
		}
		mai := Detect(card.West, h, Rules{Mode: mode, Setting: Maison, Announcements: true}, trump)
		off := Detect(card.West, h, Rules{Mode: mode, Setting: Official, Announcements: true}, trump)
		var maiCards, offCards card.Hand
		for _, a := range mai {
			maiCards |= a.Cards
			checkAnnouncement(t, h, a)
		}
		for _, a := range off {
			if offCards&a.Cards != 0 {
				t.Fatalf("hand %v: Official uses a card twice: %v", h, off)
			}
			offCards |= a.Cards
			checkAnnouncement(t, h, a)
		}
		if offCards&^maiCards != 0 {
			t.Fatalf("hand %v: Official %v uses cards Maison %v does not", h, off, mai)
		}
		if totalPoints(off) > totalPoints(mai) && mode != NoTrump {
			t.Fatalf("hand %v: Official %v scores more than Maison %v", h, off, mai)
		}
		if len(mai) > 0 && len(off) > 0 && stronger(off[0], mai[0], trump) > 0 && mode != NoTrump {
			t.Fatalf("hand %v: Official best %v beats Maison best %v", h, off[0], mai[0])
		}
		for j := 1; j < len(mai); j++ {
			if stronger(mai[j-1], mai[j], trump) < 0 {
				t.Fatalf("not sorted best first: %v", mai)
			}
		}
	}
}

func checkAnnouncement(t *testing.T, h card.Hand, a Announcement) {
	t.Helper()
	if a.Points <= 0 || a.Points%10 != 0 {
		t.Fatalf("%v: points %d", a, a.Points)
	}
	if a.Cards&^h != 0 {
		t.Fatalf("%v: cards not in hand %v", a, h)
	}
	if a.Cards.Len() != a.Len {
		t.Fatalf("%v: %d cards, Len %d", a, a.Cards.Len(), a.Len)
	}
	if a.IsSequence() && a.Points != SequencePoints(a.Len) {
		t.Fatalf("%v: points %d for length %d", a, a.Points, a.Len)
	}
}

func BenchmarkDetectOfficial(b *testing.B) {
	rng := card.NewRand(1)
	deck := card.Deck32()
	hands := make([]card.Hand, 256)
	for i := range hands {
		rng.Shuffle(deck)
		hands[i] = card.HandOf(deck[:8]...)
	}
	hands[0] = annHand(b, "QC QD QH QS 9C TC JC KC")
	r := Rules{Mode: Classic, Setting: Official, Announcements: true}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Detect(card.South, hands[i%len(hands)], r, card.Spades)
	}
}
