package match

import (
	"context"
	"errors"

	"atout/card"
	"atout/game"
	"atout/protocol"
)

// Abilities are what a game offers its tables beyond its rules: the
// review of a finished deal, hints, the check of a claim against best
// play, the meaning of calls. Each is optional (nil: the game has none).
// They are written beside the game's engine (package bridge/analysis,
// belote/analysis, the bidding system's bot/bidding/explain) and given to
// the tables by game kind (table.Config.Games), so that a table runs them
// without knowing which game made them.
//
// Every ability gets the engine's deal as a [game.Game]: a copy for those
// that run off the table's goroutine (Analyse, Hint, ClaimHolds), the live
// deal for those that answer at once on it (Explain, Suggest, Meanings,
// which must not change it). The work that runs off the table's goroutine runs on
// [Workers] and gives up when its ctx is done.
type Abilities struct {
	// Analyse reviews finished deal d, as r asks, card by card with all
	// cards open. A zero result means the deal has nothing to review (a
	// belote deal everybody passed).
	Analyse func(ctx context.Context, r Review, d game.Game) (protocol.DealAnalysis, error)
	// Hint values each legal card of the seat that us plays for now in d,
	// with all cards open; [ErrNoHint] when us has no card to play.
	Hint func(ctx context.Context, d game.Game, us card.Seat) (protocol.Hint, error)
	// ClaimHolds reports whether a claim by seat by, of a total of tricks
	// for declarer's side, cannot be beaten by best play in d (the claim
	// itself already checked by the engine).
	ClaimHolds func(ctx context.Context, d game.Game, by card.Seat, tricks int) (bool, error)
	// Explain gives the meaning of every call made so far in d (public
	// information: it depends on the calls only); nil when none. The
	// list may be shared and is never changed: a table that gets the same
	// list (same first element, same length) again reuses its encoding.
	Explain func(d game.Game) []protocol.Explanation
	// Suggest gives the call the bots would make for us in d, and its
	// meaning: the bidding hint; nil when it is not us's turn to call.
	Suggest func(d game.Game, us card.Seat) *protocol.Explanation
	// Meanings gives the meaning of each legal call of the seat to call
	// now in d, before it is made (public, like Explain: it depends on
	// the calls only); nil outside an auction.
	Meanings func(d game.Game) []protocol.Explanation
}

// Review is what a table asks of the review of its finished deal besides
// the deal itself.
type Review struct {
	// Deal is the deal's number in its match (1-based).
	Deal int
	// Compare asks for what a casual table that scores each deal by itself
	// (bridge at duplicate) shows on its sheet: the deal compared with par
	// and with the same deal played by the bots at a second table. A
	// competition's table never asks it (the competition compares).
	Compare bool
	// Second says what a review that compares does with the second
	// table: play it (SecondNow, the zero value), or leave it out.
	Second SecondMode
	// Level is the level of the table's bots ("easy", "medium",
	// "strong"), those of the second table; "" for the game's strongest.
	Level string
}

// SecondMode is what a review that compares does with the second table
// (Review.Second). The second table is nine tenths of a bridge review's
// work: a busy node reviews its deals first and plays their second tables
// after, or not at all.
type SecondMode uint8

const (
	// SecondNow plays the second table in the review.
	SecondNow SecondMode = iota
	// SecondLater leaves it out and says it is pending
	// (protocol.Comparison.SecondPending): a review of its own follows.
	SecondLater
	// SecondSkipped leaves it out: the node has no time for it.
	SecondSkipped
)

// Workers run the abilities' work off the tables' goroutines: a player's
// claim or hint (urgent) before the analyses of finished deals. Package
// bridge/analysis adapts the double-dummy pool (bridge/dd/ddpool) to it.
type Workers interface {
	// Do runs f on a worker and returns its error: [ErrBusy] at once when
	// the queue is full, ctx.Err() as soon as ctx ends.
	Do(ctx context.Context, urgent bool, f func(context.Context) error) error
	// Go queues f without waiting for it; done, if not nil, gets its error
	// on the worker's goroutine ([ErrClosed] if the workers stopped first).
	// It reports false (and does not call done) when the queue is full or
	// the workers stopped.
	Go(ctx context.Context, urgent bool, f func(context.Context) error, done func(error)) bool
	// Size is the number of workers.
	Size() int
}

// ErrBusy is returned by [Workers] whose queue is full.
var ErrBusy = errors.New("the solvers are busy: try again in a moment")

// ErrClosed is returned by [Workers] that have stopped.
var ErrClosed = errors.New("the solvers are stopped")

// ErrNoHint is returned when seat us has no card to play now.
var ErrNoHint = errors.New("match: hints are given when it is your turn to play a card")
