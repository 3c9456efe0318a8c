package match

import (
	"context"
	"errors"
	"fmt"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
	"atout/game"
)

// ---- what only bridge has ----

// Auction returns the calls of the current board's auction with its
// vulnerability and dealer, for their explanations.
func (b *Bridge) Auction() (vul bridge.Vul, dealer card.Seat, calls []bridge.Call, ok bool) {
	g := b.Board()
	if g == nil {
		return 0, 0, nil, false
	}
	auc := g.Auction()
	return g.Vul(), g.Dealer(), auc.Calls(), true
}

// CheckClaim checks a claim by seat by of declarer's total of tricks in the
// current board (the phase, dummy, the range) and returns the check of
// whether best play cannot beat it, to run off the table's goroutine.
func (b *Bridge) CheckClaim(by card.Seat, tricks int) (func(context.Context, *dd.Solver) (bool, error), error) {
	g := b.Board()
	if g == nil {
		return nil, fmt.Errorf("%w: %w", ErrNoDeal, game.ErrIllegal)
	}
	if err := g.Clone().Claim(by, tricks); err != nil {
		return nil, err
	}
	c := g.Clone()
	return func(ctx context.Context, s *dd.Solver) (bool, error) { return claimHolds(ctx, s, c, by, tricks) }, nil
}

// claimHolds reports whether, double dummy, declarer's side takes at least
// tricks (claim by declarer's side) or at most tricks (by the defenders).
func claimHolds(ctx context.Context, s *dd.Solver, g *bridge.Game, by card.Seat, tricks int) (bool, error) {
	best, err := DeclarerMax(ctx, s, g)
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

// ErrNoHint is returned when seat us has no card to play now.
var ErrNoHint = errors.New("match: hints are given when it is your turn to play a card")

// HintGame returns a copy of the current board when it is us's turn to
// choose a card (its own or dummy's).
func (b *Bridge) HintGame(us card.Seat) (*bridge.Game, error) {
	g := b.Board()
	if g == nil {
		return nil, ErrNoHint
	}
	turn, ok := g.Turn()
	if !ok || g.Phase() != bridge.PhasePlay || g.Controller(turn) != us {
		return nil, ErrNoHint
	}
	return g.Clone(), nil
}

// BidTurn returns the auction so far and us's hand when it is us's turn to
// call.
func (b *Bridge) BidTurn(us card.Seat) (vul bridge.Vul, dealer card.Seat, calls []bridge.Call, hand card.Hand, ok bool) {
	g := b.Board()
	if g == nil || g.Phase() != bridge.PhaseAuction {
		return 0, 0, nil, 0, false
	}
	if turn, ok := g.Turn(); !ok || turn != us {
		return 0, 0, nil, 0, false
	}
	auc := g.Auction()
	return g.Vul(), g.Dealer(), auc.Calls(), g.Hand(us), true
}

// BotClaim returns declarer and his total of tricks when declarer's side,
// on lead, takes every trick left whatever it plays ([bridge.Game.AllMasters]):
// the claim of the rest a bot declarer makes.
func (b *Bridge) BotClaim() (declarer card.Seat, tricks int, ok bool) {
	g := b.Board()
	if g == nil || g.Phase() != bridge.PhasePlay {
		return 0, 0, false
	}
	decl, _ := g.Declarer()
	if !g.AllMasters(decl) {
		return 0, 0, false
	}
	_, hi, _ := g.ClaimRange()
	return decl, hi, true
}

// DealPlay describes the finished current board for its analysis.
func (b *Bridge) DealPlay() (DealPlay, bool) {
	g := b.Board()
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

// BoardResult returns the finished current board's number and result.
func (b *Bridge) BoardResult() (board int, r bridge.Result, ok bool) {
	g := b.Board()
	if g == nil || !g.Done() {
		return 0, bridge.Result{}, false
	}
	return g.Board(), g.Result(), true
}

// DealPlay is a finished bridge deal as the analysis needs it.
type DealPlay struct {
	Deal     bridge.Deal
	Board    int
	Dealer   card.Seat
	Vul      bridge.Vul
	Contract bridge.Contract // bridge.PassedOut for a passed-out deal
	Declarer card.Seat       // meaningless when passed out
	Cards    []card.Card     // the cards played, in order (up to a claim)
}

// Auctioned is a match whose deals have calls to explain.
type Auctioned interface {
	Auction() (vul bridge.Vul, dealer card.Seat, calls []bridge.Call, ok bool)
}

// Claimable is a match where a player may claim tricks, checked double
// dummy.
type Claimable interface {
	CheckClaim(by card.Seat, tricks int) (func(context.Context, *dd.Solver) (bool, error), error)
}

// Hintable is a match that gives double-dummy hints on the cards.
type Hintable interface {
	HintGame(us card.Seat) (*bridge.Game, error)
}

// BidHintable is a match that gives the bots' call as a hint during the
// auction.
type BidHintable interface {
	BidTurn(us card.Seat) (vul bridge.Vul, dealer card.Seat, calls []bridge.Call, hand card.Hand, ok bool)
}

// BotClaimer is a match where a bot declarer claims the rest when every
// card of his side is a master.
type BotClaimer interface {
	BotClaim() (declarer card.Seat, tricks int, ok bool)
}

// Analysable is a match whose finished deals get a double-dummy review.
type Analysable interface {
	DealPlay() (DealPlay, bool)
}

// BoardReporter is a match whose finished boards are reported to a
// tournament.
type BoardReporter interface {
	BoardResult() (board int, r bridge.Result, ok bool)
}

var (
	_ Match         = (*Bridge)(nil)
	_ Auctioned     = (*Bridge)(nil)
	_ Claimable     = (*Bridge)(nil)
	_ Hintable      = (*Bridge)(nil)
	_ Analysable    = (*Bridge)(nil)
	_ BoardReporter = (*Bridge)(nil)
	_ BidHintable   = (*Bridge)(nil)
	_ BotClaimer    = (*Bridge)(nil)
)
