// Package bot defines the players the tables seat when no human sits down,
// and a registry of them by game and level.
//
// A [Bot] is handed the live game (a copy it may explore) and the seat whose
// action is due. By convention a bot decides only from what that seat may
// see: g.View(seat) for an ordinary seat, or the view of the seat's
// controller when it plays for somebody else (declarer choosing dummy's
// cards in bridge sees declarer's view, which includes dummy). Reading the
// other hands through the engine's own accessors would be cheating; the
// tables cannot stop it, so every bot must respect it and its tests should
// check it (run it on a game whose hidden hands are shuffled and see that
// it decides the same).
//
// Bots are deterministic given their seed, so that a game replayed with the
// same seeds is the same game. Real bots live in sub-packages (bot/bridgebot,
// bot/belotebot) and add themselves to the registry with [Register];
// [Random] is the baseline filler.
package bot

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"

	"atout/card"
	"atout/game"
)

// Bot chooses actions for a seat.
type Bot interface {
	// Act returns the action seat takes now in g. seat is the seat whose
	// action is due — dummy's seat for dummy's cards in bridge, which the
	// bot plays for declarer. g is the bot's own copy: it may apply moves to
	// it to look ahead. Act must return before ctx is done (it then returns
	// ctx's error, and the table picks a legal action itself).
	Act(ctx context.Context, g game.Game, seat card.Seat) (game.Move, error)
}

// ErrNoAction is returned when the seat has nothing to do.
var ErrNoAction = errors.New("bot: no legal action for the seat")

// Factory makes a bot from a seed.
type Factory func(seed uint64) Bot

// Levels named by the tables and the protocol.
const (
	Easy   = "easy"
	Medium = "medium"
	Strong = "strong"
)

var (
	mu       sync.RWMutex
	registry = map[string]Factory{}
)

func key(kind, level string) string { return kind + "/" + level }

// Register makes f the factory for bots of a game kind ("bridge",
// "belote") at a level ("easy", "medium", "strong", or any other name).
// A later registration for the same kind and level replaces the earlier
// one, so that a stronger package can take over a level.
func Register(kind, level string, f Factory) {
	mu.Lock()
	defer mu.Unlock()
	registry[key(kind, level)] = f
}

// ForLevel returns a bot for the game kind at the level, seeded with seed.
// When nothing is registered for the level it falls back on the next lower
// registered level, and finally on [Random].
func ForLevel(kind, level string, seed uint64) Bot {
	mu.RLock()
	defer mu.RUnlock()
	order := []string{level}
	switch level {
	case Strong:
		order = append(order, Medium, Easy)
	case Medium:
		order = append(order, Easy)
	case Easy:
	default:
		order = append(order, Strong, Medium, Easy)
	}
	for _, l := range order {
		if f, ok := registry[key(kind, l)]; ok {
			return f(seed)
		}
	}
	return NewRandom(seed)
}

// Levels returns the levels registered for a game kind, sorted.
func Levels(kind string) []string {
	mu.RLock()
	defer mu.RUnlock()
	var out []string
	for k := range registry {
		if len(k) > len(kind) && k[:len(kind)+1] == kind+"/" {
			out = append(out, k[len(kind)+1:])
		}
	}
	sort.Strings(out)
	return out
}

// Name returns a short description of a bot for the seat list and logs.
func Name(b Bot) string {
	if n, ok := b.(interface{ Name() string }); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", b)
}
