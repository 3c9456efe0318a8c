// Package match holds what a table plays deal after deal: a bridge session
// of boards scored by duplicate, rubber or Chicago ([Bridge]) and a belote
// game to its target, or a fixed series of belote deals ([Belote]).
//
// A match is built on the engines' [game.Game], which is always one deal:
// a [*bridge.Game] (one board) or a [*belote.Deal]. The match starts each
// deal from its stored form ([Match.StartDeal]), so that a live table and a
// table rebuilt from the store go through the same code, scores each
// finished deal into its sheet, and says when the whole match is over.
//
// A table asks a match only what every game answers, in terms of no game:
// beside [Match], the optional [Reporter] (a finished deal's result for a
// competition) and [BotClaimer] (a bot declarer's claim of the rest). What
// a game offers beyond its rules (the review of a finished deal, hints,
// claims checked against best play, the meaning of calls) are its
// [Abilities], written beside its engine and given to the tables by game.
//
// A match is not safe for concurrent use: its table owns it.
package match

import (
	"encoding/json"
	"errors"
	"fmt"

	"atout/card"
	"atout/game"
	"atout/protocol"
)

// Match is a series of deals: the game a table plays.
type Match interface {
	// Game is the current deal (nil before the first). Its moves are
	// made through [Match.Play], never directly.
	Game() game.Game
	// Play checks m against the rules and applies it, once, to a copy of
	// the current deal. The step it returns holds the move as the engine
	// writes it, to be stored, and the copy, which becomes the current
	// deal when the step is committed ([Step.Commit]). An illegal move
	// returns the engine's typed error (wrapping [game.ErrIllegal];
	// [ErrNoDeal] too when no deal is in progress) and changes nothing; so
	// does a step never committed.
	Play(m game.Move) (Step, error)
	// Clone returns a copy of the current deal for a bot or an analysis.
	Clone() game.Game
	// DealNo is the number of the current deal (1-based; 0 before the
	// first).
	DealNo() int
	// Moves are the moves of the current deal.
	Moves() []game.Move
	// DealDone reports whether the current deal is over (or none started).
	DealDone() bool
	// Over reports whether the whole match is over.
	Over() bool
	// NewDeal draws the stored form of the next deal.
	NewDeal(rnd *card.Rand) (json.RawMessage, error)
	// StartDeal starts deal no from its stored form.
	StartDeal(no int, raw json.RawMessage) error
	// ScoreDeal scores the finished current deal into the sheet and
	// returns its result, to be stored. It is called once per deal.
	ScoreDeal() (json.RawMessage, error)
	// Result is the result of the finished match, to be stored.
	Result() json.RawMessage
	// Sheet is the score sheet shown with the table.
	Sheet() protocol.Sheet
	// Controller returns the seat that chooses seat's actions now.
	Controller(seat card.Seat) card.Seat
	// View is what seat sees; Spectator what someone not seated sees.
	View(seat card.Seat) protocol.View
	Spectator() protocol.View
	// Played is what seat has seen of the current deal by playing it:
	// View without what only the end of a deal shows (the other hands as
	// dealt), for a deal a competition does not show in full yet.
	Played(seat card.Seat) protocol.View
	// Back returns how many of the current deal's last moves must be taken
	// back to take back the last move that seat us chose (its own, or one
	// it chose for a seat it controls) and everything after it: 0 when us
	// chose none in this deal.
	Back(us card.Seat) int
	// Undo takes back the last n moves of the current deal, all or none.
	Undo(n int) error
	// PlayStart is the number of moves of the current deal before its
	// card play (its auction), once the auction is over; -1 before.
	PlayStart() int
	// Export writes the record of the match: "pbn" or "lin" for bridge,
	// "json" for belote.
	Export(format string) ([]byte, string, error)
}

// ErrFormat is returned for an export format the game does not have.
var ErrFormat = errors.New("match: unknown export format for this game")

// ErrNoDeal is returned for a move or an undo when no deal is in progress.
var ErrNoDeal = errors.New("match: no deal in progress")

// ErrStale is returned by [Step.Commit] when the match has changed since
// the step was played.
var ErrStale = errors.New("match: the match changed since the move was played")

// Step is a move checked and applied to a copy of the current deal by
// [Match.Play], not yet the match's. A table stores Move, then commits the
// step; a step it drops (the store refused the move) leaves the match as
// it was.
type Step struct {
	// Move is the move as the engine writes it ("SA", "1NT", "claim 9").
	Move   game.Move
	commit func() error
}

// Commit makes the step's copy of the deal the match's current deal. It
// returns [ErrStale], changing nothing, when the match has changed since
// the step was played (another step committed, an undo, a new deal): a step
// applies to the position it was played on only.
func (s Step) Commit() error {
	if s.commit == nil {
		return ErrStale
	}
	return s.commit()
}

// Apply plays mv in m and commits it at once: for a move that is stored
// already (a table restored from the store, a replay, an export).
func Apply(m Match, mv game.Move) error {
	s, err := m.Play(mv)
	if err != nil {
		return err
	}
	return s.Commit()
}

// play applies mv to a copy (clone) of the current deal, the last of
// deals, and returns the step that puts the copy in its place.
func play[D interface {
	comparable
	game.Game
}](deals *[]D, mv game.Move, clone func(D) D) (Step, error) {
	n := len(*deals) - 1
	if n < 0 {
		return Step{}, fmt.Errorf("%w: %w", ErrNoDeal, game.ErrIllegal)
	}
	cur := (*deals)[n]
	next := clone(cur)
	if err := next.Apply(mv); err != nil {
		return Step{}, err
	}
	return Step{Move: lastMove(next), commit: func() error {
		if len(*deals) != n+1 || (*deals)[n] != cur {
			return ErrStale
		}
		(*deals)[n] = next
		return nil
	}}, nil
}

// lastMove returns the last move of g.
func lastMove(g game.Game) game.Move {
	ms := g.Moves()
	return ms[len(ms)-1]
}
