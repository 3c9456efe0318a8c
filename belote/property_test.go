package belote

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"atout/card"
	"atout/game"
)

// engEveryAction lists every call of every mode and the 32 cards.
var engEveryAction = func() []Action {
	out := allCalls()
	for _, c := range card.Deck32() {
		out = append(out, Play(c))
	}
	return out
}()

// TestRandomDeals plays random legal deals of every mode, setting and
// announcement option to the end and checks the invariants: the legal sets
// are non-empty and equal the reference §5.2 procedure, the listed actions
// are exactly the accepted ones, an illegal action changes nothing, the card
// points add up to T, and replaying the record gives the same score.
func TestRandomDeals(t *testing.T) {
	n := 10000
	switch {
	case raceEnabled:
		n = 300
	case testing.Short():
		n = 1000
	}
	for _, r := range engAllRules {
		for _, ann := range []bool{false, true} {
			r.Announcements = ann
			t.Run(fmt.Sprintf("%v-%v-ann=%v", r.Mode, r.Setting, ann), func(t *testing.T) {
				t.Parallel()
				rnd := card.NewRand(uint64(r.Mode)*100 + uint64(r.Setting)*10 + map[bool]uint64{true: 1}[ann])
				stats := map[string]int{}
				for i := range n {
					engRandomDeal(t, rnd, r, i, stats)
					if t.Failed() {
						return
					}
				}
				if r.Mode == Coinche && r.Setting == Maison && stats["outOfTurnCoinche"] == 0 {
					t.Error("no out-of-turn coinche was tried")
				}
				if stats["played"] == 0 || stats["passed"] == 0 {
					t.Errorf("stats %v", stats)
				}
			})
		}
	}
}

func engRandomDeal(t *testing.T, rnd *card.Rand, r Rules, i int, stats map[string]int) {
	deck := ShuffledDeck(rnd)
	dealer := card.Seat(rnd.IntN(4))
	d, err := NewDeal(r, dealer, deck[:])
	if err != nil {
		t.Fatal(err)
	}
	for s := range card.Seat(4) {
		if rnd.IntN(6) == 0 {
			d.SetSilent(s, true)
		}
		if rnd.IntN(6) == 0 {
			d.SetNoBelote(s, true)
		}
	}
	for step := 0; !d.Done(); step++ {
		toAct := d.ToAct()
		if len(toAct) == 0 || toAct[0] != d.Turn() {
			t.Fatalf("deal %d step %d: ToAct %v, turn %v", i, step, toAct, d.Turn())
		}
		for s := range card.Seat(4) {
			legal := d.LegalActions(s)
			if slices.Contains(toAct, s) != (len(legal) > 0) {
				t.Fatalf("deal %d step %d: %v in ToAct %v but legal %v", i, step, s, toAct, legal)
			}
		}
		if d.Phase() == PhasePlay {
			h := d.Hand(d.Turn())
			trick, _ := d.Trick()
			ref := card.HandOf(refLegal(h.Cards(), trick, d.Trump(), r)...)
			got := d.LegalCards()
			if got == 0 || got != ref || got&^h != 0 {
				t.Fatalf("deal %d: hand %v trick %v trump %v: legal %v, reference %v", i, h, trick, d.Trump(), got, ref)
			}
			if pos := len(trick); pos > 0 && TrickWinner(trick, d.Trump()) != refWinner(trick, d.Trump()) {
				t.Fatalf("trick %v: winner %d, reference %d", trick, TrickWinner(trick, d.Trump()), refWinner(trick, d.Trump()))
			}
		}
		// An action outside Legal is refused and changes nothing; one inside
		// is accepted.
		if rnd.IntN(4) == 0 {
			s := card.Seat(rnd.IntN(4))
			a := engEveryAction[rnd.IntN(len(engEveryAction))]
			legal := slices.Contains(d.LegalActions(s), a)
			c := d.Clone()
			err := c.Do(s, a)
			if legal != (err == nil) {
				t.Fatalf("deal %d: %v %v: listed %v, error %v", i, s, a, legal, err)
			}
			if err != nil {
				var ie *IllegalError
				if !errors.As(err, &ie) || !errors.Is(err, game.ErrIllegal) {
					t.Fatalf("error %v is not an IllegalError", err)
				}
				if !reflect.DeepEqual(c, d) {
					t.Fatalf("deal %d: illegal %v %v changed the state", i, s, a)
				}
			}
		}
		seat, a := engRandomAction(rnd, d.LegalActions, toAct)
		if seat != d.Turn() {
			stats["outOfTurnCoinche"]++
		}
		if err := d.Do(seat, a); err != nil {
			t.Fatalf("deal %d: legal %v %v refused: %v", i, seat, a, err)
		}
	}
	if d.Passed() {
		stats["passed"]++
		return
	}
	stats["played"]++
	if c, _ := d.Contract(); r.SaTa {
		stats["strain "+StrainString(c.Trump)]++
	}
	p, tr := d.CardPoints(), d.Tricks()
	if p[0]+p[1] != TotalFor(d.Trump(), r.Setting) || tr[0]+tr[1] != 8 {
		t.Fatalf("deal %d: card points %v tricks %v", i, p, tr)
	}
	for s := range card.Seat(4) {
		if d.Hand(s) != 0 {
			t.Fatalf("deal %d: %v still holds %v", i, s, d.Hand(s))
		}
	}
	// Replay the record: same score.
	if i%4 == 0 {
		rec := Record{Mode: r.Mode, Setting: r.Setting, Announcements: r.Announcements, SaTa: r.SaTa, Dealer: dealer, Deck: deck, Actions: d.Steps()}
		for s := range card.Seat(4) {
			if d.Silent(s) {
				rec.Silent = append(rec.Silent, s)
			}
			if d.NoBelote(s) {
				rec.NoBelote = append(rec.NoBelote, s)
			}
		}
		data, err := MarshalRecords([]Record{rec})
		if err != nil {
			t.Fatal(err)
		}
		recs, err := ParseRecords(data)
		if err != nil {
			t.Fatal(err)
		}
		deals, err := LoadDeals(recs)
		if err != nil {
			t.Fatalf("deal %d: replay: %v\n%s", i, err, data)
		}
		if s, _ := ScoreSheet(deals); len(s) != 1 || s[0].Result != d.Result() || s[0].CardPoints != p {
			t.Fatalf("deal %d: replayed %+v, played %+v", i, s, d.Result())
		}
	}
}

// TestUndoDeal checks that Undo restores the state before the last action.
func TestUndoDeal(t *testing.T) {
	rnd := card.NewRand(77)
	for _, r := range engAllRules {
		r.Announcements = true
		for range 20 {
			deck := ShuffledDeck(rnd)
			d, _ := NewDeal(r, card.Seat(rnd.IntN(4)), deck[:])
			for !d.Done() {
				before := d.Clone()
				seat, a := engRandomAction(rnd, d.LegalActions, d.ToAct())
				if err := d.Do(seat, a); err != nil {
					t.Fatal(err)
				}
				if rnd.IntN(3) == 0 {
					u := d.Clone()
					if !u.Undo() || !reflect.DeepEqual(u, before) {
						t.Fatalf("undo of %v %v:\n%+v\nwant\n%+v", seat, a, u, before)
					}
				}
			}
		}
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"pass", "take", "H", "80H", "160C", "capotS", "capot h", "coinche", "surcoinche", "SA", "as", "10h", "S2", "90", "85H", "80♥", "", "capot"} {
		f.Add(s, uint8(0))
	}
	// A few states to apply the parsed action to.
	var states []*Deal
	for _, r := range engAllRules {
		rnd := card.NewRand(uint64(len(states)))
		deck := ShuffledDeck(rnd)
		d, _ := NewDeal(r, card.South, deck[:])
		states = append(states, d.Clone())
		for k := 0; !d.Done() && k < 12; k++ {
			seat, a := engRandomAction(rnd, d.LegalActions, d.ToAct())
			d.Do(seat, a)
		}
		states = append(states, d)
	}
	f.Fuzz(func(t *testing.T, s string, seat uint8) {
		a, err := ParseAction(s)
		if err == nil {
			b, err := ParseAction(a.String())
			if err != nil || b != a {
				t.Fatalf("%q -> %v -> %v, %v", s, a, b, err)
			}
		}
		for _, st := range states {
			d := st.Clone()
			err := d.Apply(game.Move{Seat: card.Seat(seat % 4), Action: s})
			if err != nil && !reflect.DeepEqual(d, st) {
				t.Fatalf("refused %q changed the state", s)
			}
			if err != nil && !errors.Is(err, game.ErrIllegal) {
				t.Fatalf("error %v does not wrap ErrIllegal", err)
			}
		}
	})
}

func FuzzParseRecord(f *testing.F) {
	for _, name := range engExamples {
		if data, err := readTestdata(name + ".json"); err == nil {
			f.Add(data)
		}
	}
	f.Add(engRecord(nil))
	f.Add([]byte(`[{"game":"belote","mode":"classic","dealer":"N","deck":[]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := ParseRecords(data)
		if err != nil {
			var re *RecordError
			if !errors.As(err, &re) {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		deals, err := LoadDeals(recs)
		if err != nil {
			return
		}
		out, err := MarshalRecords(Records(deals))
		if err != nil {
			t.Fatal(err)
		}
		recs2, err := ParseRecords(out)
		if err != nil {
			t.Fatalf("reparse: %v\n%s", err, out)
		}
		deals2, err := LoadDeals(recs2)
		if err != nil {
			t.Fatalf("reload: %v\n%s", err, out)
		}
		sheet, _ := ScoreSheet(deals)
		sheet2, _ := ScoreSheet(deals2)
		if !reflect.DeepEqual(Records(deals), Records(deals2)) || !reflect.DeepEqual(sheet, sheet2) {
			t.Fatal("round trip changed the game")
		}
	})
}

// BenchmarkRandomPlayout plays a random coinche deal from the bidding to
// the score, as a bot's playout does (clone, then apply).
func BenchmarkRandomPlayout(b *testing.B) {
	for _, r := range []Rules{{Mode: Classic, Announcements: true}, {Mode: Coinche, Setting: Official, Announcements: true}} {
		b.Run(r.Mode.String(), func(b *testing.B) {
			rnd := card.NewRand(1)
			deck := ShuffledDeck(rnd)
			root, _ := NewDeal(r, card.West, deck[:])
			b.ReportAllocs()
			for b.Loop() {
				d := root.Clone()
				for !d.Done() {
					if d.Phase() == PhasePlay {
						d.Do(d.Turn(), Play(engNth(d.LegalCards(), rnd.IntN(d.LegalCards().Len()))))
						continue
					}
					seat, a := engRandomAction(rnd, d.LegalActions, d.ToAct())
					d.Do(seat, a)
				}
			}
		})
	}
}

// BenchmarkLegalPlays measures the §5.2 procedure.
func BenchmarkLegalPlays(b *testing.B) {
	h := card.HandOf(card.MustParse("7S"), card.MustParse("8S"), card.MustParse("KC"), card.MustParse("7D"), card.MustParse("JH"))
	trick := []card.Card{card.MustParse("AH"), card.MustParse("9S")}
	r := Rules{Mode: Classic}
	for b.Loop() {
		_ = LegalPlays(h, trick, card.Spades, r)
	}
}

// engNth returns the k-th card of h in bit order, without allocating.
func engNth(h card.Hand, k int) card.Card {
	for ; k > 0; k-- {
		h &= h - 1
	}
	return h.Lowest()
}
