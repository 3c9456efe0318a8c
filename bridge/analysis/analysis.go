// Package analysis holds bridge's abilities at a table ([match.Abilities]):
// the double-dummy review of a finished board, the value of each card as a
// hint, and the check of a claim against best play, all on the solver of
// package bridge/dd; and the adapter that lets the tables run them on the
// double-dummy pool ([Workers]).
package analysis

import (
	"context"
	"errors"
	"fmt"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/bridge/dd/ddpool"
	"atout/card"
	"atout/game"
	"atout/match"
	"atout/protocol"
)

// Abilities returns bridge's abilities on the double-dummy solver: the
// review of finished boards, card hints and claims. The meaning of calls
// and the bidding hint are the bidding system's (package
// bot/bidding/explain).
func Abilities() match.Abilities {
	return match.Abilities{Analyse: Analyse, Hint: Hint, ClaimHolds: ClaimHolds}
}

// DealPlay is a finished bridge board as its analysis needs it.
type DealPlay struct {
	Deal     bridge.Deal
	Board    int
	Dealer   card.Seat
	Vul      bridge.Vul
	Contract bridge.Contract // bridge.PassedOut for a passed-out board
	Declarer card.Seat       // meaningless when passed out
	Cards    []card.Card     // the cards played, in order (up to a claim)
}

// PlayOf describes finished board g for its analysis; false when g is not
// over.
func PlayOf(g *bridge.Game) (DealPlay, bool) {
	if g == nil || !g.Done() {
		return DealPlay{}, false
	}
	r := g.Result()
	p := DealPlay{Deal: g.Deal(), Board: g.Board(), Dealer: g.Dealer(), Vul: g.Vul(), Contract: r.Contract, Declarer: r.Declarer}
	auc := g.Auction()
	if !r.Contract.IsPass() {
		for _, m := range g.Moves()[auc.Len():] {
			if c, err := card.Parse(m.Action); err == nil {
				p.Cards = append(p.Cards, c)
			}
		}
	}
	return p, true
}

// board returns d as a bridge board.
func board(d game.Game) (*bridge.Game, error) {
	g, ok := d.(*bridge.Game)
	if !ok || g == nil {
		return nil, fmt.Errorf("bridge analysis: a %T is not a bridge board", d)
	}
	return g, nil
}

// withSolver runs f on the solver of the pool's worker that ctx runs on
// ([ddpool.SolverOf]), or else on one taken from dd's pools.
func withSolver[T any](ctx context.Context, f func(*dd.Solver) (T, error)) (T, error) {
	s := ddpool.SolverOf(ctx)
	if s == nil {
		s = dd.AcquireSolver(0)
		defer dd.ReleaseSolver(s)
	}
	return f(s)
}

// Analyse is the [match.Abilities] review of finished board d, deal r.Deal
// of its match: the double-dummy table and par, then the play replayed card
// by card, each step giving up when ctx ends. When r asks for the
// comparison, the board is compared with par and with a second table
// where bots of r.Level bid and play it ([PlaySecondTable]), in the time
// the review has left; a second table that could not finish in it (or
// failed) is left out, the rest of the review kept. r.Second may leave the
// second table out (the comparison then says whether it is pending).
func Analyse(ctx context.Context, r match.Review, d game.Game) (protocol.DealAnalysis, error) {
	g, err := board(d)
	if err != nil {
		return protocol.DealAnalysis{}, err
	}
	p, ok := PlayOf(g)
	if !ok {
		return protocol.DealAnalysis{}, fmt.Errorf("bridge analysis: board %d is not over", g.Board())
	}
	a, err := withSolver(ctx, func(s *dd.Solver) (*protocol.Analysis, error) { return AnalysePlay(ctx, s, p) })
	if err != nil {
		return protocol.DealAnalysis{}, err
	}
	a.Deal = r.Deal
	switch {
	case r.Compare && r.Second != match.SecondNow:
		a.Compare = Compare(g.Result().ScoreNS, a.Par.Score, nil)
		a.Compare.SecondPending = r.Second == match.SecondLater
	case r.Compare:
		var second *SecondResult
		sctx, cancel := secondTableContext(ctx)
		st, err := PlaySecondTable(sctx, p, r.Level)
		cancel()
		switch {
		case err == nil:
			second = &st
		case ctx.Err() != nil:
			return protocol.DealAnalysis{}, ctx.Err()
		}
		a.Compare = Compare(g.Result().ScoreNS, a.Par.Score, second)
	}
	return protocol.DealAnalysis{Bridge: a}, nil
}

// AnalysePlay computes the analysis of p on solver s (its Deal left 0).
func AnalysePlay(ctx context.Context, s *dd.Solver, p DealPlay) (*protocol.Analysis, error) {
	// failed words a search's failure: the deadline, or what was wrong.
	failed := func(err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("analysis of board %d: %w", p.Board, err)
	}
	tab, err := s.TableContext(ctx, p.Deal)
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, failed(err)
	}
	par := dd.Par(&tab, p.Dealer, p.Vul)
	a := &protocol.Analysis{Type: protocol.TypeAnalysis, Board: p.Board, DD: map[card.Seat]map[string]int{},
		Par:      protocol.ParInfo{Score: par.Score, Contracts: par.Strings()},
		Contract: p.Contract.String(), Costly: []protocol.CostlyCard{}}
	for _, seat := range card.Seats {
		row := make(map[string]int, 5)
		for _, st := range bridge.Strains {
			row[st.String()] = tab.Tricks(seat, st)
		}
		a.DD[seat] = row
	}
	if p.Contract.IsPass() {
		return a, nil
	}
	a.Declarer = p.Declarer.String()
	a.Start = tab.Tricks(p.Declarer, p.Contract.Strain)
	if len(p.Cards) == 0 {
		return a, nil
	}
	pa, err := dd.AnalysePlayContext(ctx, s, p.Deal, p.Contract.Strain, p.Declarer, p.Cards)
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, failed(err)
	}
	a.Start = pa.Start
	a.Costly = costlyCards(pa)
	return a, nil
}

// costlyCards lists the cards of a play analysis that cost a trick, with
// declarer's double-dummy total before and after each.
func costlyCards(pa dd.PlayAnalysis) []protocol.CostlyCard {
	out := []protocol.CostlyCard{}
	before := pa.Start
	for _, st := range pa.Steps {
		if st.Cost > 0 {
			out = append(out, protocol.CostlyCard{Trick: st.Trick, Seat: st.Seat, Card: st.Card, Cost: st.Cost, Before: before, After: st.Tricks})
		}
		before = st.Tricks
	}
	return out
}

// Hint is the [match.Abilities] hint: when us is to choose a card in board
// d (his own or, as declarer, dummy's), declarer's double-dummy total after
// each legal card (Cards) and us's side's (Ours).
func Hint(ctx context.Context, d game.Game, us card.Seat) (protocol.Hint, error) {
	g, err := board(d)
	if err != nil {
		return protocol.Hint{}, err
	}
	turn, ok := g.Turn()
	if !ok || g.Phase() != bridge.PhasePlay || g.Controller(turn) != us {
		return protocol.Hint{}, match.ErrNoHint
	}
	cards, err := withSolver(ctx, func(s *dd.Solver) (map[string]int, error) { return dd.CardTotals(ctx, s, g) })
	if err != nil {
		return protocol.Hint{}, err
	}
	h := protocol.Hint{Type: protocol.TypeHint, Cards: cards, Ours: cards}
	if decl, _ := g.Declarer(); decl.Side() != us.Side() {
		h.Ours = make(map[string]int, len(cards))
		for c, n := range cards {
			h.Ours[c] = 13 - n
		}
	}
	return h, nil
}

// ClaimHolds is the [match.Abilities] check of a claim: whether, double
// dummy, declarer's side takes at least tricks (a claim by declarer's
// side) or at most tricks (by the defenders) in board d.
func ClaimHolds(ctx context.Context, d game.Game, by card.Seat, tricks int) (bool, error) {
	g, err := board(d)
	if err != nil {
		return false, err
	}
	best, err := withSolver(ctx, func(s *dd.Solver) (int, error) { return DeclarerMax(ctx, s, g) })
	if err != nil {
		return false, err
	}
	decl, _ := g.Declarer()
	if by.Side() == decl.Side() {
		return best >= tricks, nil
	}
	return best <= tricks, nil
}

// DeclarerMax is declarer's total of tricks in g with best play from now
// on.
func DeclarerMax(ctx context.Context, s *dd.Solver, g *bridge.Game) (int, error) {
	p := dd.PositionOf(g)
	n, err := s.TricksContext(ctx, p)
	if err != nil {
		return 0, err
	}
	decl, _ := g.Declarer()
	if p.ToMove().Side() != decl.Side() {
		n = p.TricksLeft() - n
	}
	cp := g.CardPlay()
	return cp.DeclarerTricks() + n, nil
}

// Workers adapts the double-dummy pool to the tables' [match.Workers]: an
// urgent piece of work runs at the pool's player priority, the rest in the
// background, each on a worker's solver ([ddpool.SolverOf]).
func Workers(p *ddpool.Pool) match.Workers { return pool{p} }

type pool struct{ p *ddpool.Pool }

func priority(urgent bool) ddpool.Priority {
	if urgent {
		return ddpool.Player
	}
	return ddpool.Background
}

// neutral words the pool's own errors as the tables know them.
func neutral(err error) error {
	switch {
	case errors.Is(err, ddpool.ErrBusy):
		return fmt.Errorf("%w (%w)", match.ErrBusy, err)
	case errors.Is(err, ddpool.ErrClosed):
		return match.ErrClosed
	}
	return err
}

func (w pool) Do(ctx context.Context, urgent bool, f func(context.Context) error) error {
	return neutral(w.p.Do(ctx, priority(urgent), func(ctx context.Context, _ *dd.Solver) error { return f(ctx) }))
}

func (w pool) Go(ctx context.Context, urgent bool, f func(context.Context) error, done func(error)) bool {
	var d func(error)
	if done != nil {
		d = func(err error) { done(neutral(err)) }
	}
	return w.p.Go(ctx, priority(urgent), func(ctx context.Context, _ *dd.Solver) error { return f(ctx) }, d)
}

func (w pool) Size() int { return w.p.Workers() }
