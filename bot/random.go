package bot

import (
	"context"
	"sync"

	"atout/card"
	"atout/game"
)

// Random plays a legal action chosen at random: the filler for empty seats
// until stronger bots are registered, and the opponent of property tests.
// It sees nothing but the legal actions of the seat. Cards are equally
// likely. In an auction (when passing is legal: "P" in bridge, "pass" in
// belote) it passes half of the time and otherwise picks one of the five
// cheapest other calls: uniform calls would drive every bridge auction to
// 7NT redoubled, and a rubber would never end. It is safe for concurrent
// use; the sequence of choices depends only on the seed and the order of
// the calls.
type Random struct {
	mu  sync.Mutex
	rnd *card.Rand
}

// NewRandom returns a Random bot seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rnd: card.NewRand(seed)} }

// Name returns "random".
func (r *Random) Name() string { return "random" }

// Act returns one of g.Legal(seat), or [ErrNoAction] if there is none.
func (r *Random) Act(ctx context.Context, g game.Game, seat card.Seat) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	legal := g.Legal(seat)
	if len(legal) == 0 {
		return game.Move{}, ErrNoAction
	}
	pass := -1
	for i, a := range legal {
		if a == "P" || a == "pass" {
			pass = i
			break
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if pass < 0 {
		return game.Move{Seat: seat, Action: legal[r.rnd.IntN(len(legal))]}, nil
	}
	if len(legal) == 1 || r.rnd.IntN(2) == 0 {
		return game.Move{Seat: seat, Action: legal[pass]}, nil
	}
	others := make([]string, 0, 5)
	for i, a := range legal {
		if i != pass && len(others) < 5 {
			others = append(others, a)
		}
	}
	return game.Move{Seat: seat, Action: others[r.rnd.IntN(len(others))]}, nil
}
