package analysis

import (
	"context"
	"fmt"
	"testing"

	"atout/belote"
	"atout/bot/belotebot"
	"atout/card"
	"atout/game"
)

// randomPlay returns a deal of rules r in the play with cards cards played
// at random, or nil when everybody passed.
func randomPlay(t *testing.T, rnd *card.Rand, r belote.Rules, cards int) *belote.Deal {
	t.Helper()
	deck := belote.ShuffledDeck(rnd)
	d, err := belote.NewDeal(r, card.Seat(rnd.IntN(4)), deck[:])
	if err != nil {
		t.Fatal(err)
	}
	for d.Phase() == belote.PhaseBidding {
		acts := d.LegalActions(d.Turn())
		a := acts[rnd.IntN(len(acts))]
		if len(acts) > 1 && a == belote.CallPass && rnd.IntN(3) > 0 {
			a = acts[1+rnd.IntN(len(acts)-1)] // take or bid more often than not
		}
		if err := d.Do(d.Turn(), a); err != nil {
			t.Fatal(err)
		}
	}
	if d.Done() {
		return nil
	}
	for range cards {
		acts := d.LegalActions(d.Turn())
		if err := d.Do(d.Turn(), acts[rnd.IntN(len(acts))]); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// playBest plays d out with best play, all cards open: each seat plays
// the card the exact solver values most for its side.
func playBest(t *testing.T, s *belotebot.Solver, d *belote.Deal) {
	t.Helper()
	for !d.Done() {
		p := belotebot.PositionOf(d)
		cards, vals := s.SolveMoves(&p, d.Turn().Side())
		best := 0
		for i := range vals {
			if vals[i] > vals[best] {
				best = i
			}
		}
		if err := d.Do(d.Turn(), belote.Play(cards[best])); err != nil {
			t.Fatal(err)
		}
	}
}

// TestClaimScoresAsBestPlay: on random deals and positions, when the
// claim check says a side takes every trick left, the claim of the rest
// scores the deal exactly as best play to the end does (the same card
// points and score); and a rest the claimer's own hand makes sure (the
// bots' claim, SureRest) always holds.
func TestClaimScoresAsBestPlay(t *testing.T) {
	n := 250
	if testing.Short() {
		n = 60
	}
	rules := []belote.Rules{
		{Mode: belote.Classic, Announcements: true},
		{Mode: belote.Coinche, Setting: belote.Official, Announcements: true},
		{Mode: belote.Coinche, SaTa: true},
		{Mode: belote.NoTrump, Setting: belote.Official},
	}
	ctx := context.Background()
	held, refused, sure := 0, 0, 0
	for ri, r := range rules {
		t.Run(fmt.Sprintf("%v-%v-sata=%v", r.Mode, r.Setting, r.SaTa), func(t *testing.T) {
			rnd := card.NewRand(uint64(40 + ri))
			s := belotebot.NewSolver(r, belote.NoSuit)
			for i := 0; i < n; i++ {
				d := randomPlay(t, rnd, r, 4+rnd.IntN(27))
				if d == nil {
					continue
				}
				con, _ := d.Contract()
				s.Reset(r, d.Trump())
				lo, hi, _ := d.ClaimRange()
				if d.SureRest(d.Turn()) {
					sure++
					side := d.Turn().Side()
					tricks := hi
					if side != con.Takers() {
						tricks = lo
					}
					if ok, _ := ClaimHolds(ctx, d.Clone(), d.Turn(), tricks); !ok {
						t.Fatalf("deal %d: %v's rest is sure from his hand, but the claim does not hold: %v", i, d.Turn(), d.Moves())
					}
				}
				for _, side := range []card.Side{card.NS, card.EW} {
					tricks := hi
					if side != con.Takers() {
						tricks = lo
					}
					by := card.North
					if side == card.EW {
						by = card.East
					}
					ok, err := ClaimHolds(ctx, d.Clone(), by, tricks)
					if err != nil {
						t.Fatal(err)
					}
					if !ok {
						refused++
						continue
					}
					held++
					claimed := d.Clone()
					if err := claimed.Apply(game.Move{Seat: by, Action: fmt.Sprintf("claim %d", tricks)}); err != nil {
						t.Fatal(err)
					}
					played := d.Clone()
					playBest(t, s, played)
					if claimed.Result() != played.Result() || claimed.CardPoints() != played.CardPoints() {
						t.Fatalf("deal %d, %v claims the rest for %v: claim %+v %v, best play %+v %v\nmoves %v", i, by, side,
							claimed.Result(), claimed.CardPoints(), played.Result(), played.CardPoints(), d.Moves())
					}
					if played.Tricks()[side.Other()] != d.Tricks()[side.Other()] {
						// Best play may give away a trick worth no point, but
						// never when it makes a capot.
						if played.Tricks()[side] == 0 || claimed.Tricks()[side] == 8 {
							t.Fatalf("deal %d: best play gave a trick away: %v", i, played.Tricks())
						}
					}
				}
			}
		})
	}
	t.Logf("claims held %d, refused %d; sure from the claimer's hand %d", held, refused, sure)
	if held == 0 || refused == 0 || sure == 0 {
		t.Errorf("claims held %d, refused %d: the test tried too little", held, refused)
	}
}

// TestClaimConcessionHolds: a concession of the rest (the claimer's side
// gives every trick left to the opponents, who answer) is always accepted.
func TestClaimConcessionHolds(t *testing.T) {
	rnd := card.NewRand(9)
	r := belote.Rules{Mode: belote.Coinche}
	for i := 0; i < 50; i++ {
		d := randomPlay(t, rnd, r, rnd.IntN(20))
		if d == nil {
			continue
		}
		con, _ := d.Contract()
		lo, _, _ := d.ClaimRange()
		// A taker gives the rest to the defenders: always accepted.
		ok, err := ClaimHolds(context.Background(), d, con.Taker, lo)
		if err != nil || !ok {
			t.Fatalf("deal %d: a concession was not accepted: %v %v", i, ok, err)
		}
	}
}

func TestTakesAllEndPosition(t *testing.T) {
	// Hearts trump, South on lead with the last two trumps' masters and a
	// plain ace: North-South take all three tricks; with the ace swapped for
	// the seven they do not (West's king of spades).
	pos := func(south ...string) belotebot.Position {
		return belotebot.Position{
			Hands: [4]card.Hand{
				card.North: mkHand("D7", "D8", "C7"),
				card.East:  mkHand("H7", "C8", "C9"),
				card.South: mkHand(south...),
				card.West:  mkHand("SK", "D9", "CT"),
			},
			Leader: card.South,
		}
	}
	r := belote.Rules{Mode: belote.Classic}
	for _, tc := range []struct {
		south []string
		want  bool
	}{
		{[]string{"HJ", "H9", "SA"}, true},
		{[]string{"HJ", "H9", "S7"}, false},
	} {
		p := pos(tc.south...)
		got, err := TakesAll(context.Background(), &p, r, card.Hearts, card.NS)
		if err != nil || got != tc.want {
			t.Errorf("%v: TakesAll = %v %v, want %v", tc.south, got, err, tc.want)
		}
	}
	// A search stops when its context ends.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := pos("HJ", "H9", "SA")
	for s := range card.Seat(4) {
		p.Hands[s] = 0
	}
	for i, c := range card.Deck32() {
		p.Hands[i%4] = p.Hands[i%4].Add(c)
	}
	if _, err := TakesAll(ctx, &p, r, card.Hearts, card.NS); err == nil {
		t.Error("TakesAll with an ended context: no error")
	}
}

// TestAnalyseClaimedDeal: a deal a claim ended is reviewed on the cards
// played up to the claim.
func TestAnalyseClaimedDeal(t *testing.T) {
	rnd := card.NewRand(3)
	for i := 0; i < 20; i++ {
		d := randomPlay(t, rnd, belote.Rules{Mode: belote.Coinche}, 9)
		if d == nil {
			continue
		}
		lo, _, _ := d.ClaimRange()
		con, _ := d.Contract()
		if err := d.Apply(game.Move{Seat: con.Taker, Action: fmt.Sprintf("claim %d", lo)}); err != nil {
			t.Fatal(err)
		}
		p, ok := PlayOf(d, 1)
		if !ok || len(p.Cards) != 9 {
			t.Fatalf("PlayOf a claimed deal: %v, %d cards", ok, len(p.Cards))
		}
		a, err := AnalysePlay(context.Background(), p)
		if err != nil || a == nil || len(a.Costly) > 9 {
			t.Fatalf("analysis of a claimed deal: %+v %v", a, err)
		}
		return
	}
	t.Fatal("no deal played")
}
