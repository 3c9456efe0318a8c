package belotebot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"atout/belote"
	"atout/card"
)

// Player is a belote bot with the typed decision of [Baseline] and
// [Strong]: the action seat takes now in deal d, or [ErrNoAction] when it
// declines an optional action (a Maison coinche out of turn).
type Player interface {
	Name() string
	Choose(ctx context.Context, d *belote.Deal, seat card.Seat) (belote.Action, error)
}

// Random plays a legal action chosen at random (never an optional coinche
// out of turn): the floor of the strength scale, for tests.
type Random struct{ rnd *rand.Rand }

// NewRandom returns a random player seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rand.New(rand.NewPCG(seed, 7))} }

// Name returns "random".
func (b *Random) Name() string { return "random" }

// Choose returns a random legal action of seat.
func (b *Random) Choose(ctx context.Context, d *belote.Deal, seat card.Seat) (belote.Action, error) {
	if err := checkTurn(d, seat); err != nil {
		return belote.Action{}, err
	}
	if seat != d.Turn() {
		return belote.Action{}, ErrNoAction
	}
	legal := d.LegalActions(seat)
	return legal[b.rnd.IntN(len(legal))], nil
}

// NewPlayer returns the player named name ("strong", "fast", "baseline",
// "random") seeded with seed.
func NewPlayer(name string, seed uint64) (Player, error) {
	switch name {
	case "strong":
		return NewStrong(LevelStrong, seed), nil
	case "fast":
		return NewStrong(LevelFast, seed), nil
	case "baseline":
		return NewBaseline(seed), nil
	case "random":
		return NewRandom(seed), nil
	}
	return nil, fmt.Errorf("belotebot: unknown bot %q (want strong, fast, baseline or random)", name)
}

// PlayerNames lists the names [NewPlayer] accepts.
var PlayerNames = []string{"strong", "fast", "baseline", "random"}

// Timing is the time one decision took.
type Timing struct {
	Seat card.Seat
	Card bool // a card (else a call)
	Dur  time.Duration
}

// MatchResult is the outcome of one game played to the target.
type MatchResult struct {
	Winner  card.Side
	Totals  [2]int
	Deals   int
	Timings []Timing
}

// maxDeals bounds a match (a game to 1000 takes about ten deals).
const maxDeals = 400

// PlayMatch plays one game under rules r from the first dealer, with the
// decks drawn from seed, between the four players (indexed by seat): deal
// after deal by belote's rules of a game (the next dealer, the reserve
// carried, the game score) until a side wins. Under Maison coinche the
// defenders are asked before every action whether they coinche out of
// turn. moveTimeout bounds each decision (0: none). An error means a
// player failed or chose an illegal action.
func PlayMatch(ctx context.Context, r belote.Rules, dealer card.Seat, seed uint64, players [4]Player, moveTimeout time.Duration) (MatchResult, error) {
	var (
		res   MatchResult
		score belote.GameScore
	)
	rnd := card.NewRand(seed)
	for no := 1; ; no++ {
		if no > maxDeals {
			return res, fmt.Errorf("belotebot: no winner after %d deals", maxDeals)
		}
		deck := belote.ShuffledDeck(rnd)
		d, err := belote.NextDeal(r, dealer, deck[:], score)
		if err != nil {
			return res, err
		}
		if err := playDeal(ctx, d, players, moveTimeout, &res); err != nil {
			return res, err
		}
		score, _ = score.Add(no, d)
		if w, over := score.Winner(r.GameTarget()); over {
			res.Winner, res.Totals, res.Deals = w, score.Totals, no
			return res, nil
		}
		dealer = belote.NextDealer(dealer)
	}
}

// playDeal plays deal d to its end between the players, adding the time of
// each decision to res.
func playDeal(ctx context.Context, d *belote.Deal, players [4]Player, moveTimeout time.Duration, res *MatchResult) error {
	decide := func(s card.Seat) (belote.Action, time.Duration, error) {
		c, cancel := ctx, context.CancelFunc(func() {})
		if moveTimeout > 0 {
			c, cancel = context.WithTimeout(ctx, moveTimeout)
		}
		defer cancel()
		t0 := time.Now()
		a, err := players[s].Choose(c, d, s)
		return a, time.Since(t0), err
	}
outer:
	for !d.Done() {
		if err := ctx.Err(); err != nil {
			return err
		}
		to := d.ToAct()
		if len(to) == 0 {
			return errors.New("belotebot: nobody to act")
		}
		for _, s := range to[1:] {
			a, dur, err := decide(s)
			res.Timings = append(res.Timings, Timing{Seat: s, Dur: dur})
			if errors.Is(err, ErrNoAction) {
				continue
			}
			if err != nil {
				return fmt.Errorf("%s at %v: %w", players[s].Name(), s, err)
			}
			if err := d.Do(s, a); err != nil {
				return fmt.Errorf("%s at %v: %w", players[s].Name(), s, err)
			}
			continue outer
		}
		s := to[0]
		isCard := d.Phase() == belote.PhasePlay
		a, dur, err := decide(s)
		res.Timings = append(res.Timings, Timing{Seat: s, Card: isCard, Dur: dur})
		if err != nil {
			return fmt.Errorf("%s at %v: %w", players[s].Name(), s, err)
		}
		if err := d.Do(s, a); err != nil {
			return fmt.Errorf("%s at %v: %w", players[s].Name(), s, err)
		}
	}
	return nil
}
