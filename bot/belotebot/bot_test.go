package belotebot

import (
	"context"
	"errors"
	"testing"
	"time"

	"atout/belote"
	"atout/card"
	"atout/game"
)

var allRules = func() []belote.Rules {
	var out []belote.Rules
	for _, m := range []belote.Mode{belote.Classic, belote.NoTrump, belote.Coinche} {
		for _, s := range []belote.Setting{belote.Maison, belote.Official} {
			for _, ann := range []bool{true, false} {
				out = append(out, belote.Rules{Mode: m, Setting: s, Announcements: ann})
			}
		}
	}
	return out
}()

// tiny is a strong level cheap enough for many test games.
var tiny = Level{Name: "tiny", SolveCards: 4, Samples: 4, Tolerance: 10, RolloutSamples: 3, BidSamples: 4, Budget: 5 * time.Second}

// TestLegalEverywhere plays games in every mode and setting with every
// bot and checks that each action is legal (PlayMatch fails otherwise),
// including Maison coinches out of turn.
func TestLegalEverywhere(t *testing.T) {
	games := 3
	if testing.Short() || raceEnabled {
		games = 1
	}
	for _, r := range allRules {
		r.Target = 300
		for i := range games {
			seed := uint64(i + 1)
			ps := [4]Player{NewStrong(tiny, seed), NewBaseline(0), NewStrong(tiny, seed+9), NewRandom(seed)}
			if i%2 == 1 {
				ps = [4]Player{NewRandom(seed), NewStrong(tiny, seed), NewBaseline(0), NewStrong(tiny, seed+5)}
			}
			if _, err := PlayMatch(context.Background(), r, card.Seat(i%4), seed, ps, 0); err != nil {
				t.Fatalf("%+v game %d: %v", r, i, err)
			}
		}
	}
}

// TestActInterface drives the generic Act on the deals of a game, played
// by belote's rules of a game to its target.
func TestActInterface(t *testing.T) {
	r := belote.Rules{Mode: belote.Coinche, Announcements: true, Target: 200}
	bots := map[card.Seat]interface {
		Act(context.Context, game.Game, card.Seat) (game.Move, error)
	}{card.North: NewStrong(tiny, 1), card.South: NewStrong(tiny, 2), card.East: NewBaseline(0), card.West: NewBaseline(0)}
	ctx := context.Background()
	rnd := card.NewRand(3)
	var (
		d     *belote.Deal
		score belote.GameScore
	)
	dealer, steps := card.South, 0
	for no := 1; ; no++ {
		deck := belote.ShuffledDeck(rnd)
		var err error
		if d, err = belote.NextDeal(r, dealer, deck[:], score); err != nil {
			t.Fatal(err)
		}
		for ; !d.Done(); steps++ {
			if steps >= 5000 {
				t.Fatal("game did not end")
			}
			s := d.ToAct()[0]
			var gg game.Game = d
			if steps%3 == 0 {
				gg = d.Clone() // a copy works too
			}
			m, err := bots[s].Act(ctx, gg, s)
			if err != nil {
				t.Fatalf("step %d: %v", steps, err)
			}
			if err := d.Apply(m); err != nil {
				t.Fatalf("step %d: %v", steps, err)
			}
		}
		score, _ = score.Add(no, d)
		if _, over := score.Winner(r.GameTarget()); over {
			break
		}
		dealer = belote.NextDealer(dealer)
	}
	// a seat with nothing to do
	if _, err := NewBaseline(0).Act(ctx, d, card.North); !errors.Is(err, ErrNoAction) {
		t.Errorf("over game: err %v, want ErrNoAction", err)
	}
	if _, err := NewStrong(tiny, 1).Act(ctx, fakeGame{}, card.North); err == nil {
		t.Error("non-belote game accepted")
	}
}

type fakeGame struct{ game.Game }

// TestDeterministic: the same seed gives the same game.
func TestDeterministic(t *testing.T) {
	r := belote.Rules{Mode: belote.Classic, Announcements: true, Target: 400}
	play := func() MatchResult {
		ps := [4]Player{NewStrong(LevelFast, 5), NewBaseline(0), NewStrong(LevelFast, 6), NewBaseline(0)}
		for i := range ps {
			if s, ok := ps[i].(*Strong); ok {
				s.level.Budget = time.Minute // no time cut-off
			}
		}
		res, err := PlayMatch(context.Background(), r, card.North, 11, ps, 0)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b := play(), play()
	if a.Totals != b.Totals || a.Deals != b.Deals || len(a.Timings) != len(b.Timings) {
		t.Fatalf("two runs differ: %v/%d vs %v/%d", a.Totals, a.Deals, b.Totals, b.Deals)
	}
}

// TestDeadline: a decision returns by the context deadline even at a level
// with huge sample counts.
func TestDeadline(t *testing.T) {
	huge := Level{Name: "huge", SolveCards: 8, Samples: 100000, Samples7: 100000, RolloutSamples: 100000, BidSamples: 100000, Budget: time.Hour}
	for _, mode := range []belote.Mode{belote.Classic, belote.Coinche} {
		d := dealInPlay(t, belote.Rules{Mode: mode}, 4, 2)
		b := NewStrong(huge, 1)
		ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
		t0 := time.Now()
		a, err := b.Choose(ctx, d, d.Turn())
		cancel()
		if el := time.Since(t0); el > 2*time.Second {
			t.Errorf("%v: decision took %v past a 150 ms deadline", mode, el)
		}
		if err == nil && !d.LegalCards().Has(a.Card) {
			t.Errorf("illegal card %v", a)
		}
		// bidding too
		d2, _ := belote.NewDeal(belote.Rules{Mode: mode}, card.North, deckOf(3))
		ctx, cancel = context.WithTimeout(context.Background(), 150*time.Millisecond)
		t0 = time.Now()
		_, _ = b.Choose(ctx, d2, d2.Turn())
		cancel()
		if el := time.Since(t0); el > 2*time.Second {
			t.Errorf("%v bidding: took %v past a 150 ms deadline", mode, el)
		}
	}
}

func deckOf(seed uint64) []card.Card {
	d := belote.ShuffledDeck(card.NewRand(seed))
	return d[:]
}

// dealInPlay returns a deal in play after `cards` cards, bid and played by
// the baseline.
func dealInPlay(t *testing.T, r belote.Rules, seed uint64, cards int) *belote.Deal {
	t.Helper()
	for ; ; seed++ {
		d, err := belote.NewDeal(r, card.North, deckOf(seed))
		if err != nil {
			t.Fatal(err)
		}
		b := NewBaseline(0)
		for d.Phase() == belote.PhaseBidding {
			a, err := b.Choose(context.Background(), d, d.Turn())
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Do(d.Turn(), a); err != nil {
				t.Fatal(err)
			}
		}
		if d.Passed() {
			continue
		}
		for range cards {
			a, _ := b.Choose(context.Background(), d, d.Turn())
			if err := d.Do(d.Turn(), a); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
}

// TestStrongBeatsBaseline is the small version of the benchmark of
// docs/bots.md: the fast level against the baseline over a few short
// matches with sides swapped; it must not lose by a wide margin.
func TestStrongBeatsBaseline(t *testing.T) {
	pairs := 10
	if testing.Short() || raceEnabled {
		pairs = 3
	}
	r := belote.Rules{Mode: belote.Classic, Announcements: true, Target: 500}
	wins, n := 0, 0
	for i := range pairs {
		for swap := range 2 {
			side := card.Side(swap)
			var ps [4]Player
			for s := range card.Seat(4) {
				if s.Side() == side {
					ps[s] = NewStrong(LevelFast, uint64(i*8)+uint64(s))
				} else {
					ps[s] = NewBaseline(0)
				}
			}
			res, err := PlayMatch(context.Background(), r, card.Seat(i%4), uint64(100+i), ps, 0)
			if err != nil {
				t.Fatal(err)
			}
			n++
			if res.Winner == side {
				wins++
			}
		}
	}
	t.Logf("fast level won %d of %d matches against the baseline", wins, n)
	if float64(wins) < 0.3*float64(n) {
		t.Errorf("fast level won only %d of %d matches against the baseline", wins, n)
	}
}
