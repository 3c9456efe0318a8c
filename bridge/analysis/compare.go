package analysis

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"atout/bot/bridgebot"
	"atout/bridge"
	"atout/game"
	"atout/protocol"
)

// The second table: what a casual duplicate table compares each board
// with besides par, as a team match compares a board with the other
// room's. Four bots bid (the SAYC rule table of bot/bidding) and play
// (the sampling bot of bot/bridgebot) the same deal. Each decision is
// bounded by its number of samples, not by the clock, and the bots are
// seeded from the deal: the same deal gives the same second table on any
// machine. Only the whole table is bounded in time (the review's ctx): a
// second table cut short by its deadline is dropped, never shown half
// decided.

// secondTableShare is the part of the time the review has left after the
// double-dummy work that the second table may take: the rest is a margin
// for the review to come back before its deadline.
const secondTableShare = 0.9

// decisionBudget is each bot's time per decision: far above what its
// samples take, so that only the samples bound a decision (a decision the
// clock cut would depend on the machine).
const decisionBudget = 30 * time.Second

// ErrSecondTableCut is returned when the bots' table did not finish in
// time.
var ErrSecondTableCut = errors.New("bridge analysis: the second table did not finish in time")

// SecondResult is the deal played at the second table.
type SecondResult struct {
	Auction []bridge.Call
	Result  bridge.Result
}

// botLevel is the level of bridgebot that plays for a table's level, as
// the tables' registry has it (cmd/atout): easy and medium play the fast
// level; strong, and a table whose level is unknown, the strong one.
func botLevel(level string) bridgebot.Level {
	switch level {
	case "easy", "medium":
		return bridgebot.Fast
	}
	return bridgebot.Strong
}

// dealSeed is the bots' seed for a deal: the deal, its dealer and its
// vulnerability, so that the second table of a deal is always the same.
func dealSeed(p DealPlay) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%d", p.Deal.String(), p.Dealer, p.Vul)
	return h.Sum64()
}

// PlaySecondTable bids and plays deal p (its cards, dealer and
// vulnerability) with four bots of the table's level, one decision after
// another on one core. It gives up with [ErrSecondTableCut] (or ctx's
// error) as soon as ctx ends: a decision cut short by ctx is not kept.
func PlaySecondTable(ctx context.Context, p DealPlay, level string) (SecondResult, error) {
	b := bridgebot.New(bridgebot.Options{Level: botLevel(level), Seed: dealSeed(p), Workers: 1, Budget: decisionBudget, LeadBudget: decisionBudget})
	g := bridge.NewGame(p.Board, p.Dealer, p.Vul, p.Deal)
	cut := func() error {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return ErrSecondTableCut
		}
		return ctx.Err()
	}
	for !g.Done() {
		if ctx.Err() != nil {
			return SecondResult{}, cut()
		}
		seat, ok := g.Turn()
		if !ok {
			return SecondResult{}, fmt.Errorf("bridge analysis: second table of board %d: nobody to act", p.Board)
		}
		var m game.Move
		switch g.Phase() {
		case bridge.PhaseAuction:
			m = game.Move{Seat: seat, Action: b.BidContext(ctx, g, seat).String()}
		default:
			a, err := b.Analyse(ctx, g, seat)
			if err == nil && ctx.Err() != nil {
				err = ctx.Err() // decided on the samples the deadline left
			}
			if err == nil && a.Fallback {
				err = context.DeadlineExceeded
			}
			if err != nil {
				if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) {
					return SecondResult{}, cut()
				}
				return SecondResult{}, fmt.Errorf("bridge analysis: second table of board %d: %w", p.Board, err)
			}
			m = game.Move{Seat: seat, Action: a.Best.String()}
		}
		if err := g.Apply(m); err != nil {
			return SecondResult{}, fmt.Errorf("bridge analysis: second table of board %d: %w", p.Board, err)
		}
	}
	auc := g.Auction()
	return SecondResult{Auction: auc.Calls(), Result: g.Result()}, nil
}

// Compare compares p, played at the table with North-South scoring
// scoreNS, with par (parNS, North-South's) and, when second is not nil,
// with the second table; everything from North-South's side.
func Compare(scoreNS, parNS int, second *SecondResult) *protocol.Comparison {
	c := &protocol.Comparison{ScoreNS: scoreNS, ParIMPs: bridge.IMPs(scoreNS - parNS)}
	if second == nil {
		return c
	}
	r := second.Result
	st := &protocol.SecondTable{Auction: make([]string, len(second.Auction)), Contract: r.Contract.String(),
		Tricks: r.Tricks, ScoreNS: r.ScoreNS, IMPs: bridge.IMPs(scoreNS - r.ScoreNS)}
	for i, call := range second.Auction {
		st.Auction[i] = call.String()
	}
	if !r.Contract.IsPass() {
		st.Declarer = r.Declarer.String()
	}
	c.Second = st
	return c
}

// secondTableContext bounds the second table to its share of the time
// ctx leaves (all of it when ctx has no deadline).
func secondTableContext(ctx context.Context) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok {
		return context.WithCancel(ctx)
	}
	left := time.Until(dl)
	return context.WithTimeout(ctx, time.Duration(float64(left)*secondTableShare))
}
