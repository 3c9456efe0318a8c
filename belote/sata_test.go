package belote

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"atout/card"
)

// Tests of the coinche sans-atout and tout-atout bids
// (docs/belote-coinche-sa-ta.md); the expected figures are worked out by
// hand from that page.

// TestSaTaRandomDeals replays random coinche deals with the SA/TA bids on to
// a legal end with the same invariants as TestRandomDeals (legal sets equal
// the reference, the card points add up to the strain's total, the record
// replays to the same score), and checks that both new contracts were
// played.
func TestSaTaRandomDeals(t *testing.T) {
	n := 6000
	switch {
	case raceEnabled:
		n = 300
	case testing.Short():
		n = 1000
	}
	for _, s := range []Setting{Maison, Official} {
		for _, ann := range []bool{false, true} {
			r := Rules{Mode: Coinche, Setting: s, Announcements: ann, SaTa: true}
			t.Run(fmt.Sprintf("%v-ann=%v", s, ann), func(t *testing.T) {
				t.Parallel()
				rnd := card.NewRand(9000 + uint64(s)*10 + map[bool]uint64{true: 1}[ann])
				stats := map[string]int{}
				for i := range n {
					engRandomDeal(t, rnd, r, i, stats)
					if t.Failed() {
						return
					}
				}
				if stats["strain NT"] == 0 || stats["strain AT"] == 0 || stats["strain H"] == 0 {
					t.Errorf("stats %v: a strain was never played", stats)
				}
			})
		}
	}
}

func TestSaTaRulesCheck(t *testing.T) {
	deck := card.Deck32()
	if _, err := NewDeal(Rules{Mode: Classic, SaTa: true}, card.South, deck); err == nil {
		t.Error("classic with SaTa accepted")
	}
	if _, err := NextDeal(Rules{Mode: NoTrump, SaTa: true}, card.South, deck, GameScore{}); err == nil {
		t.Error("no-trump with SaTa accepted")
	}
	// Off (the default): the new bids are neither listed nor accepted.
	d, err := NewDeal(Rules{Mode: Coinche}, card.West, deck)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range d.LegalActions(d.Turn()) {
		if a.Kind == ActBid && !IsSuit(a.Suit) {
			t.Fatalf("SaTa off lists %v", a)
		}
	}
	err = d.Do(d.Turn(), Bid(100, NoSuit))
	var ie *IllegalError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "off at this table") {
		t.Fatalf("100NT with SaTa off: %v", err)
	}
	// On: listed after the suits, in the order S H D C NT AT.
	d, _ = NewDeal(Rules{Mode: Coinche, SaTa: true}, card.West, deck)
	var got []string
	for _, a := range d.LegalActions(d.Turn()) {
		if a.Kind == ActBid && a.Value == 80 {
			got = append(got, a.String())
		}
	}
	if strings.Join(got, " ") != "80S 80H 80D 80C 80NT 80AT" {
		t.Errorf("80 bids %v", got)
	}
}

func TestSaTaParseAction(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"100NT", "100NT"}, {"100sa", "100NT"}, {"90 AT", "90AT"}, {"160ta", "160AT"},
		{"capotNT", "capotNT"}, {"capot TA", "capotAT"}, {"capotsans-atout", "capotNT"},
		{"SA", "SA"}, // still the ace of spades
		{"80H", "80H"},
	} {
		a, err := ParseAction(tc.in)
		if err != nil || a.String() != tc.want {
			t.Errorf("ParseAction(%q) = %v, %v; want %s", tc.in, a, err, tc.want)
		}
	}
	if _, err := ParseAction("170NT"); err == nil {
		t.Error("170NT accepted")
	}
}

func TestSaTaCardTotals(t *testing.T) {
	for _, tc := range []struct {
		trump card.Suit
		s     Setting
		want  int // card points of the 32 cards; +10 for the last trick
	}{
		{AllTrump, Maison, 152}, {AllTrump, Official, 152},
		{NoSuit, Maison, 120}, {NoSuit, Official, 152},
		{card.Hearts, Maison, 152},
	} {
		sum := 0
		for _, c := range card.Deck32() {
			sum += CardPoints(c, tc.trump, tc.s)
		}
		if sum != tc.want || TotalFor(tc.trump, tc.s) != tc.want+10 {
			t.Errorf("%s %v: cards %d, total %d; want %d, %d", StrainString(tc.trump), tc.s, sum, TotalFor(tc.trump, tc.s), tc.want, tc.want+10)
		}
	}
	// Tout-atout: J 14, 9 9, A 6, 10 5, K 3, Q 1 in every suit.
	for _, tc := range []struct {
		c    string
		want int
	}{{"SJ", 14}, {"D9", 9}, {"CA", 6}, {"HT", 5}, {"SK", 3}, {"DQ", 1}, {"H8", 0}, {"C7", 0}} {
		if got := CardPoints(card.MustParse(tc.c), AllTrump, Official); got != tc.want {
			t.Errorf("TA %s = %d, want %d", tc.c, got, tc.want)
		}
	}
}

func cards(s string) []card.Card {
	var out []card.Card
	for _, f := range strings.Fields(s) {
		out = append(out, card.MustParse(f))
	}
	return out
}

// TestSaTaLegalPlays is doc §4's table.
func TestSaTaLegalPlays(t *testing.T) {
	co := Rules{Mode: Coinche, Setting: Official, SaTa: true}
	for _, tc := range []struct {
		name        string
		trump       card.Suit
		hand, trick string
		want        string
	}{
		{"TA must beat the ten", AllTrump, "HA H7 SJ", "HT", "HA"},
		{"TA cannot beat: follow", AllTrump, "H7 H8 SJ", "HA", "H7 H8"},
		{"TA void: anything, no ruff", AllTrump, "SJ D7", "HA", "SJ D7"},
		{"TA other suits do not count", AllTrump, "H8 HQ", "H7 SJ", "H8 HQ"},
		{"TA beat partner too", AllTrump, "HJ H7", "H9 HA", "HJ"},
		{"TA partner's jack unbeatable", AllTrump, "H9 HA C7", "HJ H7", "H9 HA"},
		{"SA follow, no duty to beat", NoSuit, "H7 HA SA", "HT", "H7 HA"},
		{"SA void: anything", NoSuit, "SA D7", "HT", "SA D7"},
	} {
		got := LegalPlays(card.HandOf(cards(tc.hand)...), cards(tc.trick), tc.trump, co)
		if want := card.HandOf(cards(tc.want)...); got != want {
			t.Errorf("%s: legal %v, want %v", tc.name, got, want)
		}
	}
	// The winner of a tout-atout trick is the best card of the led suit in
	// the trump order.
	if w := TrickWinner(cards("HA H9 SJ HT"), AllTrump); w != 1 {
		t.Errorf("TA winner %d, want 1 (H9)", w)
	}
	if w := TrickWinner(cards("HT HA SJ H9"), NoSuit); w != 1 {
		t.Errorf("SA winner %d, want 1 (HA)", w)
	}
}

// TestSaTaScores is doc §6's worked examples.
func TestSaTaScores(t *testing.T) {
	for _, tc := range []struct {
		name    string
		s       Setting
		trump   card.Suit
		bid, m  int
		cp      [2]int // NS takers, EW defenders
		tricks  [2]int
		made    bool
		score   [2]int
		wantErr bool
	}{
		{"TA 90 made, Maison exact", Maison, AllTrump, 90, 1, [2]int{100, 62}, [2]int{5, 3}, true, [2]int{190, 62}, false},
		{"TA 90 made, Official rounded", Official, AllTrump, 90, 1, [2]int{100, 62}, [2]int{5, 3}, true, [2]int{190, 60}, false},
		{"TA 80 made, Official 84/78", Official, AllTrump, 80, 1, [2]int{84, 78}, [2]int{4, 4}, true, [2]int{160, 80}, false},
		{"SA 80 failed, Maison total 130", Maison, NoSuit, 80, 1, [2]int{75, 55}, [2]int{5, 3}, false, [2]int{0, 240}, false},
		{"SA 80 made, Maison 81/49", Maison, NoSuit, 80, 1, [2]int{81, 49}, [2]int{5, 3}, true, [2]int{161, 49}, false},
		{"SA 100 coinched made, Official", Official, NoSuit, 100, 2, [2]int{105, 57}, [2]int{5, 3}, true, [2]int{520, 0}, false},
		{"TA 120 surcoinched failed", Maison, AllTrump, 120, 4, [2]int{90, 72}, [2]int{5, 3}, false, [2]int{0, 1120}, false},
		{"TA capot bid made, Official", Official, AllTrump, CapotBid, 1, [2]int{162, 0}, [2]int{8, 0}, true, [2]int{500, 0}, false},
		{"SA capot made coinched, Official base 250", Official, NoSuit, 110, 2, [2]int{162, 0}, [2]int{8, 0}, true, [2]int{720, 0}, false},
		{"SA Maison 162 is too many", Maison, NoSuit, 80, 1, [2]int{100, 62}, [2]int{5, 3}, false, [2]int{}, true},
	} {
		in := DealInput{Rules: Rules{Mode: Coinche, Setting: tc.s, SaTa: true}, Trump: tc.trump, Takers: card.NS,
			Bid: tc.bid, Coinche: tc.m, CardPoints: tc.cp, Tricks: tc.tricks, Belote: -1}
		res, err := ScoreDeal(in)
		if tc.wantErr {
			if err == nil {
				t.Errorf("%s: no error", tc.name)
			}
			continue
		}
		if err != nil || res.Made != tc.made || res.Score != tc.score {
			t.Errorf("%s: made %v score %v err %v; want %v %v", tc.name, res.Made, res.Score, err, tc.made, tc.score)
		}
	}
	// No belote without a trump suit; no SA/TA when the setting is off.
	in := DealInput{Rules: Rules{Mode: Coinche, SaTa: true}, Trump: AllTrump, Bid: 80, CardPoints: [2]int{100, 62}, Tricks: [2]int{5, 3}, Belote: 0}
	if _, err := ScoreDeal(in); err == nil {
		t.Error("belote in tout-atout accepted")
	}
	in.Belote, in.Rules.SaTa = -1, false
	if _, err := ScoreDeal(in); err == nil {
		t.Error("tout-atout with the setting off accepted")
	}
}

// TestSaTaCarres: a carré of aces is worth 200 in sans-atout under Official
// (the no-trump table), 100 in tout-atout (the trump table); jacks 200 in
// tout-atout.
func TestSaTaCarres(t *testing.T) {
	off := Rules{Mode: Coinche, Setting: Official, Announcements: true, SaTa: true}
	mai := off
	mai.Setting = Maison
	for _, tc := range []struct {
		r     Rules
		trump card.Suit
		rank  card.Rank
		want  int
	}{
		{off, NoSuit, card.Ace, 200}, {off, NoSuit, card.Jack, 100}, {mai, NoSuit, card.Ace, 100}, {mai, NoSuit, card.Jack, 200},
		{off, AllTrump, card.Ace, 100}, {off, AllTrump, card.Jack, 200}, {off, AllTrump, card.Nine, 150},
	} {
		if got := CarrePoints(tc.rank, tc.r, tc.trump); got != tc.want {
			t.Errorf("%v %s carré %v = %d, want %d", tc.r.Setting, StrainString(tc.trump), tc.rank, got, tc.want)
		}
	}
}

// TestSaTaDealAndRecord bids 100AT and plays it out with the lowest legal
// card; the record is written as version 2 and reads back the same.
func TestSaTaDealAndRecord(t *testing.T) {
	r := Rules{Mode: Coinche, Setting: Maison, SaTa: true}
	deck := ShuffledDeck(card.NewRand(7))
	d, err := NextDeal(r, card.West, deck[:], GameScore{})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []Action{Bid(100, AllTrump), CallPass, CallPass, CallPass} {
		if err := d.Do(d.Turn(), a); err != nil {
			t.Fatal(err)
		}
	}
	c, ok := d.Contract()
	if !ok || c.Trump != AllTrump || c.String() != "100AT" || d.Trump() != AllTrump {
		t.Fatalf("contract %v %v", c, ok)
	}
	if v := d.SeatView(card.South); v.Contract == nil || v.Contract.Trump != "AT" || v.Contract.Text != "100AT" {
		t.Fatalf("view contract %+v", v.Contract)
	}
	for !d.Done() {
		if err := d.Do(d.Turn(), Play(d.LegalCards().Lowest())); err != nil {
			t.Fatal(err)
		}
	}
	if p := d.CardPoints(); p[0]+p[1] != 162 {
		t.Fatalf("card points %v", p)
	}
	data, err := MarshalRecords([]Record{d.Record()})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"version":2`)) || !bytes.Contains(data, []byte(`"sata":true`)) || !bytes.Contains(data, []byte(`"S 100AT"`)) &&
		!bytes.Contains(data, []byte(`100AT"`)) {
		t.Fatalf("record %s", data)
	}
	recs, err := ParseRecords(data)
	if err != nil {
		t.Fatal(err)
	}
	deals, err := LoadDeals(recs)
	if err != nil {
		t.Fatal(err)
	}
	if sheet, _ := ScoreSheet(deals); sheet[0].Result != d.Result() {
		t.Fatalf("replayed %+v, played %+v", sheet[0].Result, d.Result())
	}
	// Without the setting, the same record does not replay.
	old := bytes.Replace(data, []byte(`"sata":true,`), nil, 1)
	recs, err = ParseRecords(old)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LoadDeals(recs); err == nil || !strings.Contains(err.Error(), "off at this table") {
		t.Fatalf("replay without sata: %v", err)
	}
}

func TestRecordVersion(t *testing.T) {
	deck := card.Deck32()
	d, err := NextDeal(Rules{Mode: Coinche}, card.West, deck, GameScore{})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := MarshalRecords([]Record{d.Record()})
	if bytes.Contains(data, []byte("version")) || bytes.Contains(data, []byte("sata")) {
		t.Fatalf("a record without SA/TA is written as version 1: %s", data)
	}
	base := string(bytes.TrimSpace(data))
	for _, tc := range []struct{ add, wantErr string }{
		{``, ""},
		{`"version":1,`, ""},
		{`"version":2,`, ""},
		{`"version":2,"sata":true,`, ""},
		{`"version":3,`, ""},
		{`"version":4,`, ""},
		{`"version":5,`, "unknown record version 5"},
		{`"sata":true,`, "needs record version 2"},
		{`"version":1,"sata":true,`, "needs record version 2"},
	} {
		in := strings.Replace(base, `{"game":"belote",`, `{"game":"belote",`+tc.add, 1)
		recs, err := ParseRecords([]byte(in))
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tc.add, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s: error %v, want %q", tc.add, err, tc.wantErr)
		case err == nil && recs[0].SaTa != strings.Contains(tc.add, "sata"):
			t.Errorf("%s: SaTa %v", tc.add, recs[0].SaTa)
		}
	}
	in := strings.Replace(base, `"mode":"coinche"`, `"mode":"classic"`, 1)
	in = strings.Replace(in, `{"game":"belote",`, `{"game":"belote","version":2,"sata":true,`, 1)
	if _, err := ParseRecords([]byte(in)); err == nil {
		t.Error("sata in classic accepted")
	}
}
