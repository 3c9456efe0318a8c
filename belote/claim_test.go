package belote

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"atout/card"
	"atout/game"
)

// claimDeal returns a coinche deal (dealer West) in which South bid 80 in
// trump and everybody passed: South leads the first trick, North-South
// take.
func claimDeal(t *testing.T, seed uint64, trump card.Suit) *Deal {
	t.Helper()
	deck := ShuffledDeck(card.NewRand(seed))
	d, err := NewDeal(Rules{Mode: Coinche, Announcements: true}, card.West, deck[:])
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []game.Move{{Seat: card.South, Action: "80" + trump.String()}, {Seat: card.East, Action: "pass"}, {Seat: card.North, Action: "pass"}, {Seat: card.West, Action: "pass"}} {
		if err := d.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// playFirst plays the first legal card n times.
func playFirst(t *testing.T, d *Deal, n int) {
	t.Helper()
	for range n {
		c := d.LegalCards().Lowest()
		if err := d.Do(d.Turn(), Play(c)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestClaimRangeAndLegality(t *testing.T) {
	d := claimDeal(t, 1, card.Hearts)
	lo, hi, ok := d.ClaimRange()
	if !ok || lo != 0 || hi != 8 {
		t.Fatalf("ClaimRange at the start = %d %d %v, want 0 8 true", lo, hi, ok)
	}
	for _, bad := range []string{"claim 5", "claim 9", "claim", "claim x", "claim  "} {
		c := d.Clone()
		err := c.Apply(game.Move{Seat: card.South, Action: bad})
		if !errors.Is(err, game.ErrIllegal) {
			t.Errorf("%q: err %v, want an illegal move", bad, err)
		}
		if len(c.Steps()) != len(d.Steps()) || c.Done() {
			t.Errorf("%q changed the deal", bad)
		}
	}
	// During the bidding: no claim.
	deck := ShuffledDeck(card.NewRand(1))
	b, _ := NewDeal(Rules{Mode: Coinche}, card.West, deck[:])
	if err := b.Apply(game.Move{Seat: card.South, Action: "claim 8"}); !errors.Is(err, game.ErrIllegal) {
		t.Errorf("claim in the bidding: %v", err)
	}
	// After two tricks and a card, the range is the takers' tricks and
	// those plus the six tricks left.
	playFirst(t, d, 9)
	lo, hi, _ = d.ClaimRange()
	tk := d.Tricks()[card.NS]
	if lo != tk || hi != tk+6 {
		t.Fatalf("ClaimRange after 9 cards = %d %d, want %d %d", lo, hi, tk, tk+6)
	}
	v := d.SeatView(card.East)
	if v.Claim == nil || v.Claim.Min != lo || v.Claim.Max != hi {
		t.Errorf("view claim %+v", v.Claim)
	}
}

// TestClaimScores: a claim gives the side it names every trick left, every
// card point left (the trick in progress included) and the dix de der; the
// deal is scored as played.
func TestClaimScores(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cards int       // cards played before the claim
		by    card.Seat // who claims
		rest  card.Side // who takes the rest
	}{
		{"takers claim everything at the start", 0, card.South, card.NS},
		{"a defender claims the rest mid-trick", 6, card.East, card.EW},
		{"the takers concede the rest", 12, card.North, card.EW},
		{"a defender concedes the rest", 20, card.West, card.NS},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := claimDeal(t, 7, card.Spades)
			playFirst(t, d, tc.cards)
			before, tricks := d.CardPoints(), d.Tricks()
			left := 10
			for s := range card.Seat(4) {
				for _, c := range d.Hand(s).Cards() {
					left += CardPoints(c, card.Spades, Maison)
				}
			}
			cur, _ := d.Trick()
			for _, c := range cur {
				left += CardPoints(c, card.Spades, Maison)
			}
			lo, hi, _ := d.ClaimRange()
			n := hi
			if tc.rest != card.NS {
				n = lo
			}
			if err := d.Apply(game.Move{Seat: tc.by, Action: "claim " + itoa(n)}); err != nil {
				t.Fatal(err)
			}
			if !d.Done() {
				t.Fatal("the deal is not over after a claim")
			}
			by, rest, ok := d.Claimed()
			if !ok || by != tc.by || rest != tc.rest {
				t.Errorf("Claimed = %v %v %v", by, rest, ok)
			}
			want := before
			want[tc.rest] += left
			if got := d.CardPoints(); got != want {
				t.Errorf("card points %v, want %v", got, want)
			}
			wt := tricks
			wt[tc.rest] += 8 - tc.cards/4
			if got := d.Tricks(); got != wt {
				t.Errorf("tricks %v, want %v", got, wt)
			}
			if p := d.CardPoints(); p[0]+p[1] != 162 {
				t.Errorf("card points add up to %d", p[0]+p[1])
			}
			// The score is ScoreDeal's on those points and tricks.
			res, err := ScoreDeal(DealInput{Rules: d.Rules(), Trump: card.Spades, Takers: card.NS, Bid: 80, Coinche: 1,
				Hands:      [4]card.Hand{d.StartHand(0), d.StartHand(1), d.StartHand(2), d.StartHand(3)},
				CardPoints: d.CardPoints(), Tricks: d.Tricks(), Belote: d.BeloteSide()})
			if err != nil {
				t.Fatal(err)
			}
			if res != d.Result() {
				t.Errorf("result %+v, want %+v", d.Result(), res)
			}
			v := d.SeatView(card.North)
			if v.Claimed == nil || v.Claimed.By != tc.by || v.Claimed.Rest != tc.rest || v.Claim != nil || v.Result == nil {
				t.Errorf("view after the claim: claimed %+v claim %+v", v.Claimed, v.Claim)
			}
			// The claim is the last move; undo takes it back alone.
			c := d.Clone()
			if !c.Undo() || c.Done() || len(c.Steps()) != len(d.Steps())-1 {
				t.Errorf("undo of the claim")
			}
			if err := d.Apply(game.Move{Seat: card.South, Action: "claim 8"}); !errors.Is(err, game.ErrOver) {
				t.Errorf("a claim after the end: %v", err)
			}
		})
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

// TestClaimKeepsBelote: a claim, even the opponents', leaves belote-rebelote
// to its holder unless he chose to keep quiet; announcements not yet
// declared (a claim in trick 1) are declared as with a first card.
func TestClaimKeepsBelote(t *testing.T) {
	found := 0
	for seed := uint64(1); seed < 400 && found < 6; seed++ {
		d := claimDeal(t, seed, card.Hearts)
		holder := -1
		for s := range card.Seat(4) {
			h := d.Hand(s)
			if h.Has(card.New(card.Hearts, card.King)) && h.Has(card.New(card.Hearts, card.Queen)) {
				holder = int(s)
			}
		}
		if holder < 0 {
			continue
		}
		found++
		side := card.Seat(holder).Side()
		quiet := found%2 == 0
		if quiet {
			if err := d.SetNoBelote(card.Seat(holder), true); err != nil {
				t.Fatal(err)
			}
		}
		// The other side claims everything at once.
		claimer := card.Seat(holder).Next()
		lo, hi, _ := d.ClaimRange()
		n := hi
		if claimer.Side() != card.NS {
			n = lo
		}
		if err := d.Apply(game.Move{Seat: claimer, Action: "claim " + itoa(n)}); err != nil {
			t.Fatal(err)
		}
		want := int(side)
		if quiet {
			want = -1
		}
		if got := d.BeloteSide(); got != want {
			t.Errorf("seed %d: belote side %d, want %d", seed, got, want)
		}
		r := Resolve([4]card.Hand{d.StartHand(0), d.StartHand(1), d.StartHand(2), d.StartHand(3)}, [4]bool{}, card.NS, card.Hearts, d.Rules())
		if d.Result().Announcements != r.Points {
			t.Errorf("seed %d: announcements %v, want %v", seed, d.Result().Announcements, r.Points)
		}
	}
	if found < 6 {
		t.Fatalf("only %d deals with a belote", found)
	}
}

// TestClaimRecord: a claim is written in a version 3 record, which reads
// back to the same deal; a version 1 or 2 record with a claim is refused.
func TestClaimRecord(t *testing.T) {
	d := claimDeal(t, 3, card.Clubs)
	playFirst(t, d, 5)
	_, hi, _ := d.ClaimRange()
	if err := d.Do(card.North, Claim(hi)); err != nil {
		t.Fatal(err)
	}
	b, err := MarshalRecords([]Record{d.Record()})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"version":3`) || !strings.Contains(string(b), `"N claim `+itoa(hi)+`"`) {
		t.Fatalf("record %s", b)
	}
	recs, err := ParseRecords(b)
	if err != nil {
		t.Fatal(err)
	}
	deals, err := LoadDeals(recs)
	if err != nil {
		t.Fatal(err)
	}
	if got := deals[0]; !got.Done() || got.Result() != d.Result() || got.CardPoints() != d.CardPoints() {
		t.Errorf("replayed: %+v, want %+v", got.Result(), d.Result())
	}
	b2, _ := MarshalRecords(Records(deals))
	if string(b2) != string(b) {
		t.Errorf("round trip:\n%s\n%s", b, b2)
	}
	for _, v := range []string{`"version":3`, `"version":2`} {
		old := strings.Replace(string(b), `"version":3`, v, 1)
		if v == `"version":2` {
			old = strings.Replace(old, `"version":2,`, ``, 1) // and version 1
		}
		_, err := ParseRecords([]byte(old))
		var re *RecordError
		if v == `"version":3` {
			if err != nil {
				t.Errorf("%s: %v", v, err)
			}
			continue
		}
		if !errors.As(err, &re) || re.Action == 0 || !strings.Contains(err.Error(), "version 3") {
			t.Errorf("a claim in a version 1 record: %v", err)
		}
	}
	// A record without a claim is written as before (no version).
	e := claimDeal(t, 3, card.Clubs)
	b3, _ := json.Marshal(e.Record())
	if strings.Contains(string(b3), "version") {
		t.Errorf("a record without a claim: %s", b3)
	}
}
