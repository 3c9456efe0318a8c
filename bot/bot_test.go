package bot

import (
	"context"
	"errors"
	"testing"

	"atout/belote"
	"atout/bridge"
	"atout/card"
	"atout/game"
)

// playOut lets b play every seat of g to the end and returns the moves.
func playOut(t *testing.T, g game.Game, b Bot) []game.Move {
	t.Helper()
	for steps := 0; !g.Done(); steps++ {
		if steps > 5000 {
			t.Fatal("game does not end")
		}
		to := g.ToAct()
		if len(to) == 0 {
			t.Fatal("nobody to act in an unfinished game")
		}
		m, err := b.Act(context.Background(), g, to[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatalf("bot chose an illegal move %v: %v", m, err)
		}
	}
	return g.Moves()
}

func TestRandomBridgeDeterministic(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		deal := bridge.RandomDeal(card.NewRand(seed))
		a := playOut(t, bridge.NewBoard(int(seed), deal), NewRandom(seed))
		b := playOut(t, bridge.NewBoard(int(seed), deal), NewRandom(seed))
		if len(a) != len(b) {
			t.Fatalf("seed %d: %d moves then %d", seed, len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("seed %d: move %d %v then %v", seed, i, a[i], b[i])
			}
		}
	}
}

func TestRandomBelote(t *testing.T) {
	for _, mode := range []belote.Mode{belote.Classic, belote.NoTrump, belote.Coinche} {
		rules := belote.Rules{Mode: mode, Announcements: true}
		rnd := card.NewRand(7)
		// The game is played deal by deal, each deal a game.Game, by
		// belote's rules of a game to its target.
		r := NewRandom(3)
		var score belote.GameScore
		dealer, steps, over := card.West, 0, false
		for no := 1; !over; no++ {
			deck := belote.ShuffledDeck(rnd)
			d, err := belote.NextDeal(rules, dealer, deck[:], score)
			if err != nil {
				t.Fatal(err)
			}
			for ; !d.Done(); steps++ {
				if steps > 5000 {
					t.Fatal("game does not end")
				}
				m, err := r.Act(context.Background(), d, d.ToAct()[0])
				if err != nil {
					t.Fatal(err)
				}
				if err := d.Apply(m); err != nil {
					t.Fatalf("bot chose an illegal move %v: %v", m, err)
				}
			}
			score, _ = score.Add(no, d)
			_, over = score.Winner(rules.GameTarget())
			dealer = belote.NextDealer(dealer)
		}
	}
}

func TestRandomNoAction(t *testing.T) {
	g := bridge.NewBoard(1, bridge.RandomDeal(card.NewRand(1)))
	if _, err := NewRandom(1).Act(context.Background(), g, card.East); !errors.Is(err, ErrNoAction) {
		t.Fatalf("err = %v, want ErrNoAction", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewRandom(1).Act(ctx, g, card.North); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

type fixed struct{ name string }

func (f fixed) Act(context.Context, game.Game, card.Seat) (game.Move, error) { return game.Move{}, nil }
func (f fixed) Name() string                                                 { return f.name }

func TestForLevelFallback(t *testing.T) {
	if _, ok := ForLevel("nosuchgame", Strong, 1).(*Random); !ok {
		t.Fatal("unregistered kind should give Random")
	}
	Register("testgame", Easy, func(uint64) Bot { return fixed{"easy"} })
	Register("testgame", Strong, func(uint64) Bot { return fixed{"strong"} })
	cases := map[string]string{Easy: "easy", Medium: "easy", Strong: "strong", "odd": "strong"}
	for level, want := range cases {
		if got := Name(ForLevel("testgame", level, 1)); got != want {
			t.Errorf("level %s: got %s, want %s", level, got, want)
		}
	}
	if l := Levels("testgame"); len(l) != 2 || l[0] != Easy || l[1] != Strong {
		t.Errorf("Levels = %v", l)
	}
}
