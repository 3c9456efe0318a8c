// Package scoring turns bridge results into the scores of the different
// forms of the game, beyond the single duplicate score of [bridge.Score]:
//
//   - rubber bridge: a [Rubber] score sheet with points below and above the
//     line, games, vulnerability from games won, the rubber bonus, honours and
//     the rules for an unfinished rubber;
//   - Chicago (four-deal bridge): a [Chicago] cycle of four deals with its
//     dealer and vulnerability schedule, carried partscores and the
//     fourth-deal partscore bonus;
//   - pairs events scored by matchpoints: [Matchpoints] on the international
//     (2/1/0) and North-American (1/½/0) scales, adjusted scores, and the
//     Neuberg formula for boards played fewer times than expected
//     ([ScoreBoard], [Neuberg], [NeubergPercent]);
//   - IMP scoring: the Butler datum ([ButlerDatum], [Butler]), cross-IMPs
//     ([CrossIMPs]), team IMPs per board ([TeamIMPs]) and the WBF 2013
//     continuous 20-point victory-point scale ([VictoryPoints]);
//   - standings of a pairs event with ties ([RankByPercent], [RankByTotal]).
//
// Everything here is a pure function or a small value type and does no I/O.
// The functions are safe for concurrent use (the only shared state is a
// cache of victory-point scales); a Rubber or Chicago sheet belongs to one
// goroutine at a time. Scores are from the point of view
// stated on each function (usually North-South); the per-deal duplicate score
// itself stays in package bridge. The rules followed are those of
// docs/bridge-reference.md §2, §3, §6 and §7 (ACBL rubber laws 72–81, the
// ACBL Chicago page, the EBU/WBF Neuberg formula and the ACBLscore IMP
// methods).
package scoring

import (
	"errors"
	"fmt"
)

// InputError reports an argument a scoring function cannot use. It names the
// function or method, the field and the value that is wrong, and why.
type InputError struct {
	Func   string // e.g. "Rubber.Apply", "ButlerDatum"
	Field  string // e.g. "tricks", "discard"
	Value  any    // the offending value
	Reason string // what was expected
}

func (e *InputError) Error() string {
	return fmt.Sprintf("scoring: %s: %s %v: %s", e.Func, e.Field, e.Value, e.Reason)
}

func inputErr(fn, field string, v any, format string, args ...any) error {
	return &InputError{Func: fn, Field: field, Value: v, Reason: fmt.Sprintf(format, args...)}
}

// ErrFinished is returned (wrapped) when a deal is added to a rubber or a
// Chicago cycle that is already over.
var ErrFinished = errors.New("already finished")
