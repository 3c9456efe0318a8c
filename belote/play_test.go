package belote

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"

	"atout/card"
	"atout/game"
)

var engAllRules = func() []Rules {
	var out []Rules
	for _, m := range []Mode{Classic, NoTrump, Coinche} {
		for _, s := range []Setting{Maison, Official} {
			out = append(out, Rules{Mode: m, Setting: s})
		}
	}
	return out
}()

type legalCase struct {
	name  string
	trump card.Suit // for trump modes
	trick string    // in play order
	hand  string
	want  string // every trump mode and setting
	// wantCO overrides want for coinche under Official ("" = same).
	wantCO string
	// wantNT is the answer in no-trump ("" = not tested in no-trump).
	wantNT string
}

// §5.2 line by line, and scenarios S23 and S24.
var legalCases = []legalCase{
	{name: "lead anything", trump: card.Hearts, trick: "", hand: "JH 7S AD", want: "JH 7S AD", wantNT: "JH 7S AD"},
	{name: "no-trump: follow, no duty to beat", trump: card.Hearts, trick: "AS", hand: "7S 8S KH", want: "7S 8S", wantNT: "7S 8S"},
	{name: "no-trump: void, anything", trump: card.Hearts, trick: "AS", hand: "7H 8D KH", want: "7H KH", wantNT: "7H 8D KH"},
	{name: "trump led: must overtrump", trump: card.Hearts, trick: "AH", hand: "JH 7H QH 8S", want: "JH", wantNT: "JH 7H QH"},
	{name: "trump led: several higher", trump: card.Hearts, trick: "TH", hand: "JH 9H AH KH 7S", want: "JH 9H AH"},
	{name: "trump led: cannot overtrump, follow", trump: card.Hearts, trick: "JH", hand: "9H 7H KD", want: "9H 7H"},
	{name: "trump led: no trump, anything", trump: card.Hearts, trick: "JH", hand: "9S 7D KD", want: "9S 7D KD"},
	{name: "plain led: follow, no duty to beat", trump: card.Hearts, trick: "AS", hand: "7S 8S JH", want: "7S 8S"},
	{name: "plain led: follow even when a trump is in", trump: card.Hearts, trick: "TS 7H", hand: "KS JH", want: "KS", wantNT: "KS"},
	{name: "void, no trumps: discard", trump: card.Hearts, trick: "AS KS", hand: "7D 8C", want: "7D 8C"},
	{name: "void, no trump in trick: must ruff", trump: card.Hearts, trick: "AS", hand: "7H QH 8D", want: "7H QH", wantNT: "7H QH 8D"},
	{name: "void: must overtrump", trump: card.Hearts, trick: "7S 9H", hand: "JH 8H AD", want: "JH"},
	{name: "void: only lower trumps", trump: card.Hearts, trick: "7S 9H", hand: "8H 7H AD", want: "8H 7H", wantCO: "8H 7H AD"},
	{name: "partner master: free", trump: card.Hearts, trick: "AS 7S", hand: "JH 8D", want: "JH 8D", wantNT: "JH 8D"},
	{name: "partner ruffed and master: may underruff or discard", trump: card.Hearts, trick: "KS AH 7S", hand: "7H AD", want: "7H AD"},
	{name: "partner overruffed", trump: card.Hearts, trick: "8S 9H", hand: "8H 7C", want: "8H", wantCO: "8H 7C"},
	// S23: trump spades, N leads AH, W ruffs 9S, S holds 7S 8S KC 7D.
	{name: "S23", trump: card.Spades, trick: "AH 9S", hand: "7S 8S KC 7D", want: "7S 8S", wantCO: "7S 8S KC 7D"},
	{name: "S23 variant", trump: card.Spades, trick: "AH 9S", hand: "7S 8S KC 7D JS", want: "JS"},
	// S24 (a): N leads AC, W 7C, S (no clubs) holds JH 7H 9D QS.
	{name: "S24a", trump: card.Hearts, trick: "AC 7C", hand: "JH 7H 9D QS", want: "JH 7H 9D QS"},
	// S24 (b): E leads 8H, N (partner) AH, W 7H; S holds JH QH KD.
	{name: "S24b", trump: card.Hearts, trick: "8H AH 7H", hand: "JH QH KD", want: "JH"},
	{name: "S24b variant", trump: card.Hearts, trick: "8H AH 7H", hand: "QH KD", want: "QH"},
	// S24 (c): W leads AD; S second, holds 7H KS.
	{name: "S24c", trump: card.Hearts, trick: "AD", hand: "7H KS", want: "7H"},
	{name: "third hand, partner not master", trump: card.Hearts, trick: "7C AC", hand: "8H 9D", want: "8H"},
}

func TestLegalPlays(t *testing.T) {
	for _, tc := range legalCases {
		for _, r := range engAllRules {
			want := tc.want
			trump := tc.trump
			if r.Mode == NoTrump {
				if tc.wantNT == "" {
					continue
				}
				want, trump = tc.wantNT, NoSuit
			} else if r.Mode == Coinche && r.Setting == Official && tc.wantCO != "" {
				want = tc.wantCO
			}
			var trick []card.Card
			if tc.trick != "" {
				trick = engCards(t, tc.trick)
			}
			got := LegalPlays(engHand(t, tc.hand), trick, trump, r)
			if got != engHand(t, want) {
				t.Errorf("%s, %v %v: legal %v, want %v", tc.name, r.Mode, r.Setting, got, engHand(t, want))
			}
			if ref := refLegal(engCards(t, tc.hand), trick, trump, r); card.HandOf(ref...) != got {
				t.Errorf("%s, %v %v: reference %v disagrees with %v", tc.name, r.Mode, r.Setting, ref, got)
			}
		}
	}
}

// TestScenarioS23Deal plays S23 in a full deal under every trump setting.
func TestScenarioS23Deal(t *testing.T) {
	hands := [4]string{
		"AH KH QH JH TH 9H 8H 7H", // N
		"AS TS QS JD TD 9D 8D AC", // E
		"7S 8S KC 7D AD KD QD QC", // S
		"JC TC 9C 8C 7C 9S JS KS", // W (9S is the turned card in classic)
	}
	for _, r := range engAllRules {
		if r.Mode == NoTrump {
			continue
		}
		// Dealer E: next(E) = N leads; W takes spades (the turned 9S in classic).
		var d *Deal
		if r.Mode == Classic {
			d = engNewDeal(t, r, card.East, engDeck(t, r, card.East, card.West, hands))
			engDo(t, d, "N pass", "W take")
		} else {
			d = engNewDeal(t, r, card.East, engDeck(t, r, card.East, card.West, hands))
			engDo(t, d, "N pass", "W 80S", "S pass", "E pass", "N pass")
		}
		engDo(t, d, "N AH", "W 9S")
		want := "7S 8S"
		if r.Mode == Coinche && r.Setting == Official {
			want = "7S 8S KC 7D AD KD QD QC"
		}
		if got := d.LegalCards(); got != engHand(t, want) {
			t.Errorf("%v %v: legal %v, want %v", r.Mode, r.Setting, got, engHand(t, want))
		}
		// An illegal card is refused with a reason, and changes nothing.
		if r.Mode != Coinche || r.Setting != Official {
			before := d.Clone()
			err := d.Apply(game.Move{Seat: card.South, Action: "KC"})
			var ie *IllegalError
			if !errors.As(err, &ie) || ie.Trick != 1 || ie.Reason == "" || !reflect.DeepEqual(before, d) {
				t.Errorf("%v %v: KC gave %v", r.Mode, r.Setting, err)
			}
		}
	}
}

func TestPlayErrors(t *testing.T) {
	r := Rules{Mode: Coinche}
	d := engNewDeal(t, r, card.West, card.Deck32())
	engRun(t, d, []string{"S SA!", "S 80S", "E pass", "N pass", "W pass"})
	h := d.Hand(card.South)
	c := h.Cards()[0]
	other := d.Hand(card.East).Cards()[0]
	engRun(t, d, []string{"S pass!", "S 90S!", "E " + other.String() + "!", "S " + other.String() + "!", "S xyz!", "S " + c.String()})
	err := d.Apply(game.Move{Seat: card.East, Action: c.String()})
	var ie *IllegalError
	if !errors.As(err, &ie) || ie.Trick != 1 || ie.Error() != "belote: trick 1: E cannot play "+c.String()+": E does not hold "+c.String() {
		t.Errorf("got %v", err)
	}
}

func TestDealDoneErrors(t *testing.T) {
	d := engNewDeal(t, Rules{Mode: NoTrump}, card.West, card.Deck32())
	engRun(t, d, []string{"S pass", "E pass", "N pass", "W pass"})
	err := d.Apply(game.Move{Seat: card.South, Action: "take"})
	if !errors.Is(err, game.ErrOver) || !errors.Is(err, game.ErrIllegal) {
		t.Errorf("after the end: %v", err)
	}
	if len(d.ToAct()) != 0 || len(d.Legal(card.South)) != 0 {
		t.Errorf("ToAct %v after the end", d.ToAct())
	}
}

// engPlayOut plays the lowest legal card until the deal is over.
func engPlayOut(t testing.TB, d *Deal) {
	t.Helper()
	for d.Phase() == PhasePlay {
		c := d.LegalCards().Cards()[0]
		if err := d.Do(d.Turn(), Play(c)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBeloteAndAnnouncements(t *testing.T) {
	hands := [4]string{
		"KH QH 7H 7S 8S 9S AC 7D", // N: belote in hearts, tierce 7-8-9 S
		"AH TH 8H TS JS QS KS 8C", // E: cinquante TS-KS
		"JH 9H AS 8D 9D TD JD KD", // S: tierce 8-9-T-J D = cinquante? 8D 9D TD JD = cinquante
		"KC QC JC TC 9C AD QD DA", // placeholder, fixed below
	}
	hands[3] = "KC QC JC TC 9C AD QD 7C"
	for _, set := range []Setting{Maison, Official} {
		r := Rules{Mode: Coinche, Setting: set, Announcements: true}
		deck := engDeck(t, r, card.East, card.North, hands)
		d := engNewDeal(t, r, card.East, deck)
		engDo(t, d, "N 80H", "W pass", "S pass", "E pass")
		// N leads (next(E)=N). N plays KH: belote.
		engDo(t, d, "N KH")
		v := d.SeatView(card.East)
		if v.Belote == nil || v.Belote.Seat != card.North || v.Belote.Rebelote {
			t.Errorf("belote view %+v", v.Belote)
		}
		if len(v.Declared) != 1 || v.Declared[0].Kind != "tierce" || v.Declared[0].Cards != nil {
			t.Errorf("declared after N's card: %+v", v.Declared)
		}
		if len(v.Hand) != 8 || v.HandSizes[card.North] != 7 {
			t.Errorf("view hand %v sizes %v", v.Hand, v.HandSizes)
		}
		engDo(t, d, "W 9C") // W: cent KC..9C (5 cards: 9 T J Q K) = cent 100
		engDo(t, d, "S JH", "E AH")
		v = d.SeatView(card.South)
		if len(v.Declared) != 4 || v.AnnouncementWinner != nil {
			t.Errorf("trick 1 declared %+v", v.Declared)
		}
		// S's JH wins trick 1; S leads trick 2: resolution.
		engDo(t, d, "S 9H")
		v = d.SeatView(card.North)
		if v.AnnouncementWinner == nil || *v.AnnouncementWinner != card.EW || len(v.Winning) != 2 || v.Declared != nil {
			t.Fatalf("resolution: winner %v winning %+v", v.AnnouncementWinner, v.Winning)
		}
		for _, a := range v.Winning {
			if len(a.Cards) == 0 {
				t.Errorf("winning announcement without cards: %+v", a)
			}
		}
		engDo(t, d, "E 8H", "N QH")
		if s, re, ok := d.Belote(); !ok || !re || s != card.North {
			t.Errorf("rebelote: %v %v %v", s, re, ok)
		}
		engPlayOut(t, d)
		res := d.Result()
		// EW win the announcements: W's cent 100 + E's cinquante 50.
		if res.Announcements != [2]int{0, 150} {
			t.Errorf("%v: announcements %v", set, res.Announcements)
		}
		if d.BeloteSide() != int(card.NS) {
			t.Errorf("belote side %d", d.BeloteSide())
		}
		fv := d.SeatView(card.West)
		if fv.Result == nil || fv.Hands == nil || fv.Result.Belote == nil || *fv.Result.Belote != card.NS {
			t.Errorf("final view %+v", fv.Result)
		}
	}
}

func TestSilentAndNoBelote(t *testing.T) {
	hands := [4]string{
		"KH QH 7H 7S 8S 9S AC 7D",
		"AH TH 8H TS JS QS KS 8C",
		"JH 9H AS 8D 9D TD JD KD",
		"KC QC JC TC 9C AD QD 7C",
	}
	r := Rules{Mode: Coinche, Announcements: true}
	d := engNewDeal(t, r, card.East, engDeck(t, r, card.East, card.North, hands))
	if err := d.SetSilent(card.West, true); err != nil {
		t.Fatal(err)
	}
	if err := d.SetSilent(card.East, true); err != nil {
		t.Fatal(err)
	}
	engDo(t, d, "N 80H", "W pass", "S pass", "E pass")
	if err := d.SetNoBelote(card.North, true); err != nil {
		t.Fatal(err)
	}
	engDo(t, d, "N KH")
	if err := d.SetSilent(card.North, true); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("silent after first card: %v", err)
	}
	if err := d.SetNoBelote(card.North, false); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("nobelote after the king: %v", err)
	}
	if err := d.SetSilent(card.West, false); err != nil {
		t.Errorf("W has not played: %v", err)
	}
	d.SetSilent(card.West, true)
	if v := d.SeatView(card.South); v.Belote != nil {
		t.Errorf("silent belote shown: %+v", v.Belote)
	}
	engPlayOut(t, d)
	res := d.Result()
	// EW silent: NS win with N's tierce and S's cinquante.
	if res.Announcements != [2]int{70, 0} || d.BeloteSide() != -1 {
		t.Errorf("announcements %v belote %d", res.Announcements, d.BeloteSide())
	}
}

func TestNoBeloteInNoTrump(t *testing.T) {
	hands := [4]string{
		"KH QH 7H 7S 8S 9S AC 7D",
		"AH TH 8H TS JS QS KS 8C",
		"JH 9H AS 8D 9D TD JD KD",
		"KC QC JC TC 9C AD QD 7C",
	}
	r := Rules{Mode: NoTrump}
	d := engNewDeal(t, r, card.East, engDeck(t, r, card.East, card.North, hands))
	engDo(t, d, "N take")
	engPlayOut(t, d)
	if d.BeloteSide() != -1 {
		t.Error("belote in no-trump")
	}
	if p := d.CardPoints(); p[0]+p[1] != 130 {
		t.Errorf("card points %v", p)
	}
}

func TestLastTrickAndView(t *testing.T) {
	d := engNewDeal(t, Rules{Mode: Classic}, card.West, card.Deck32())
	engDo(t, d, "S take")
	v := d.SeatView(card.East)
	if v.Turned == nil || *v.Turned != card.Deck32()[20] || v.Contract == nil || v.Contract.Text != v.Contract.Trump {
		t.Errorf("view %+v", v)
	}
	if !slices.Equal(v.Calls, []game.Move{{Seat: card.South, Action: "take"}}) {
		t.Errorf("calls %v", v.Calls)
	}
	for range 4 {
		c := d.LegalCards().Cards()[0]
		engDo(t, d, d.Turn().String()+" "+c.String())
	}
	cards, leader, winner, ok := d.LastTrick()
	if !ok || leader != card.South || winner != seatAt(leader, TrickWinner(cards[:], d.Trump())) || d.Turn() != winner {
		t.Errorf("last trick %v %v %v %v", cards, leader, winner, ok)
	}
	v = d.SeatView(card.North)
	if v.LastTrick == nil || len(v.LastTrick.Cards) != 4 || len(v.Trick) != 0 || v.TrickNumber != 2 {
		t.Errorf("view last trick %+v trick %v n %d", v.LastTrick, v.Trick, v.TrickNumber)
	}
}

func TestViewHidesHands(t *testing.T) {
	d := engNewDeal(t, Rules{Mode: Coinche, Announcements: true}, card.West, card.Deck32())
	engDo(t, d, "S 80S", "E pass", "N pass", "W pass")
	for s := range card.Seat(4) {
		v := d.SeatView(s)
		if card.HandOf(v.Hand...) != d.Hand(s) || v.Hands != nil || v.Result != nil {
			t.Fatalf("%v sees %v, hands %v", s, v.Hand, v.Hands)
		}
		b, err := json.Marshal(d.View(s))
		if err != nil {
			t.Fatal(err)
		}
		for o := range card.Seat(4) {
			if o == s {
				continue
			}
			for _, c := range d.Hand(o).Cards() {
				if bytes.Contains(b, []byte(`"`+c.String()+`"`)) {
					t.Fatalf("%v's view shows %v's card %v: %s", s, o, c, b)
				}
			}
		}
	}
}
