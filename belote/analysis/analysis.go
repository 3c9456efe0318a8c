// Package analysis holds belote's abilities at a table ([match.Abilities]):
// the review of a finished deal's card play with all cards open and the
// value of each card as a hint, both on the exact solver of package
// bot/belotebot.
package analysis

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"atout/belote"
	"atout/bot/belotebot"
	"atout/card"
	"atout/game"
	"atout/match"
	"atout/protocol"
)

// Abilities returns belote's abilities on the exact solver: the review of
// finished deals, card hints and the check of a claim.
func Abilities() match.Abilities {
	return match.Abilities{Analyse: Analyse, Hint: Hint, ClaimHolds: ClaimHolds}
}

// Play is a finished belote deal as its analysis needs it: the hands when
// the play began, the contract and the cards played in order. The bidding
// and the announcements are fixed as they happened; only the card play is
// analysed.
type Play struct {
	Deal     int // the match's deal number
	Rules    belote.Rules
	Dealer   card.Seat
	Contract string    // as the sheet writes it: "H", "NT", "100H", "capotS"
	Taker    card.Seat // who took or made the final bid
	Trump    card.Suit // belote.NoSuit in no-trump
	// Hands are the cards each seat held when the play began.
	Hands [4]card.Hand
	// Cards are the cards played, in order, with their players.
	Cards []PlayedCard
	// Belote is the side that declared belote-rebelote (card.NS or
	// card.EW), or -1.
	Belote int
}

// PlayedCard is one card of the play and who played it.
type PlayedCard struct {
	Seat card.Seat
	Card card.Card
}

// PlayOf describes finished deal d, deal no of its match, for its
// analysis (the cards played up to the claim when one ended it); false
// when d is nil, not over or was passed, or claimed before any card.
func PlayOf(d *belote.Deal, no int) (Play, bool) {
	if d == nil || !d.Done() || d.Passed() {
		return Play{}, false
	}
	con, ok := d.Contract()
	if !ok {
		return Play{}, false
	}
	p := Play{Deal: no, Rules: d.Rules(), Dealer: d.Dealer(), Contract: con.String(),
		Taker: con.Taker, Trump: con.Trump, Belote: d.BeloteSide()}
	for s := range card.Seat(4) {
		p.Hands[s] = d.StartHand(s)
	}
	for _, st := range d.Steps() {
		if st.Action.Kind == belote.ActCard {
			p.Cards = append(p.Cards, PlayedCard{Seat: st.Seat, Card: st.Action.Card})
		}
	}
	if _, _, claimed := d.Claimed(); len(p.Cards) != 32 && (!claimed || len(p.Cards) == 0) {
		return Play{}, false // a claim's deal: the cards played up to it
	}
	return p, true
}

// deal returns d as a belote deal.
func deal(d game.Game) (*belote.Deal, error) {
	x, ok := d.(*belote.Deal)
	if !ok || x == nil {
		return nil, fmt.Errorf("belote analysis: a %T is not a belote deal", d)
	}
	return x, nil
}

// solvers keeps the exact solvers (each with its 4 MB table) between
// analyses.
var solvers = sync.Pool{New: func() any { return belotebot.NewSolver(belote.Rules{}, belote.NoSuit) }}

// withSolver runs f on a pooled solver set for r and trump, its searches
// stopped at ctx's deadline.
func withSolver[T any](ctx context.Context, r belote.Rules, trump card.Suit, f func(*belotebot.Solver) (T, error)) (T, error) {
	s := solvers.Get().(*belotebot.Solver)
	defer solvers.Put(s)
	s.Reset(r, trump)
	dl, _ := ctx.Deadline()
	s.SetDeadline(dl)
	defer s.SetDeadline(time.Time{})
	v, err := f(s)
	if err == nil && s.Aborted() {
		var zero T
		return zero, context.DeadlineExceeded
	}
	return v, err
}

// Analyse is the [match.Abilities] review of finished deal d, deal r.Deal
// of its match: each side's value before the first card and after each
// card, each side's costly cards listed. A passed deal has none (a zero
// result).
func Analyse(ctx context.Context, r match.Review, d game.Game) (protocol.DealAnalysis, error) {
	no := r.Deal
	x, err := deal(d)
	if err != nil {
		return protocol.DealAnalysis{}, err
	}
	p, ok := PlayOf(x, no)
	if !ok {
		if x.Done() {
			return protocol.DealAnalysis{}, nil
		}
		return protocol.DealAnalysis{}, fmt.Errorf("belote analysis: deal %d is not over", no)
	}
	a, err := AnalysePlay(ctx, p)
	if err != nil {
		return protocol.DealAnalysis{}, err
	}
	return protocol.DealAnalysis{Belote: a}, nil
}

// AnalysePlay reviews the card play of p on a pooled solver.
func AnalysePlay(ctx context.Context, p Play) (*protocol.BeloteAnalysis, error) {
	return withSolver(ctx, p.Rules, p.Trump, func(s *belotebot.Solver) (*protocol.BeloteAnalysis, error) {
		return analyse(ctx, s, p)
	})
}

// Hint is the [match.Abilities] hint: when it is us's card to play in deal
// d, the card points his side ends the deal with after each legal card,
// all cards open.
func Hint(ctx context.Context, d game.Game, us card.Seat) (protocol.Hint, error) {
	x, err := deal(d)
	if err != nil {
		return protocol.Hint{}, err
	}
	con, ok := x.Contract()
	if !ok || x.Phase() != belote.PhasePlay || x.Turn() != us {
		return protocol.Hint{}, match.ErrNoHint
	}
	cards, err := withSolver(ctx, x.Rules(), con.Trump, func(s *belotebot.Solver) (map[string]int, error) {
		return HintValues(s, x), nil
	})
	if err != nil {
		return protocol.Hint{}, err
	}
	return protocol.Hint{Type: protocol.TypeHint, Cards: cards, Ours: cards}, nil
}

// HintValues solves every legal card of the seat to play in d: the card
// points his side ends the deal with.
func HintValues(s *belotebot.Solver, d *belote.Deal) map[string]int {
	p := belotebot.PositionOf(d)
	side := d.Turn().Side()
	total := belote.Total(d.Rules().Mode, d.Rules().Setting)
	cards, vals := s.SolveMoves(&p, side)
	out := make(map[string]int, len(cards))
	for i, c := range cards {
		out[c.String()] = sidePoints(vals[i], total)
	}
	return out
}

// sidePoints turns a solver value for a side (its card points minus the
// other side's, ±250 for a capot) into the side's card points out of
// total.
func sidePoints(v, total int) int {
	switch {
	case v >= belotebot.CapotValue:
		return belote.CapotPoints
	case v <= -belotebot.CapotValue:
		return 0
	}
	return (v + total) / 2
}

// Step is one card of the play with each side's value (index card.NS,
// card.EW) before it and after it.
type Step struct {
	Trick         int
	Seat          card.Seat
	Card          card.Card
	Before, After [2]int
}

// Steps replays the play of p on s: each side's value with all cards open
// before the first card, after each card, and at the end (what each side
// made).
func Steps(ctx context.Context, s *belotebot.Solver, p Play) (start [2]int, steps []Step, err error) {
	if len(p.Cards) == 0 {
		return start, nil, errors.New("no card played")
	}
	r := p.Rules
	trump := p.Trump
	if r.Mode == belote.NoTrump {
		trump = belote.NoSuit
	}
	var bonus [2]int
	if p.Belote == int(card.NS) || p.Belote == int(card.EW) {
		bonus[p.Belote] = belote.BelotePoints
	}
	pos := belotebot.Position{Hands: p.Hands, Leader: p.Cards[0].Seat}
	return Replay(ctx, s, pos, r, trump, bonus, p.Cards)
}

// Replay plays cards from pos on s (set for r and trump), each side's
// value taken before the first card and after each card; bonus is what
// each side adds to its card points (belote-rebelote).
func Replay(ctx context.Context, s *belotebot.Solver, pos belotebot.Position, r belote.Rules, trump card.Suit, bonus [2]int, cards []PlayedCard) (start [2]int, steps []Step, err error) {
	total := belote.Total(r.Mode, r.Setting)
	left := 0
	for _, h := range pos.Hands {
		left += h.Len()
	}
	played := 8 - (left+len(pos.Trick)+3)/4 // tricks complete
	// Every position: pos, then after each card.
	positions := make([]belotebot.Position, 1, len(cards)+1)
	positions[0] = pos
	for i, pc := range cards {
		if pc.Seat != pos.Turn() || !pos.Hands[pc.Seat].Has(pc.Card) {
			return start, nil, fmt.Errorf("card %d (%v by %v) is not in the deal", i+1, pc.Card, pc.Seat)
		}
		pos.Play(pc.Card, r, trump)
		positions = append(positions, pos)
	}
	// North-South's value of each, solved from the last to the first on
	// one table (the same deal): the last afresh, each earlier one from
	// the bound its card gives. The side that played the card could have
	// played it, so its value before the card is at least its value after
	// (its first probe asks for a point more: when the card cost nothing,
	// that one search fails and settles it).
	// (Backwards, the searches of the later positions, smaller, fill the
	// table for the earlier ones: 29 % fewer positions than forwards.)
	values := make([][2]int, len(positions))
	v := 0
	for i := len(positions) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return start, nil, err
		}
		switch {
		case i == len(positions)-1:
			v = s.Solve(&positions[i], card.NS)
		case cards[i].Seat.Side() == card.NS:
			v = s.SolveNext(&positions[i], card.NS, v, belotebot.CapotValue, v+1)
		default:
			v = s.SolveNext(&positions[i], card.NS, -belotebot.CapotValue, v, v)
		}
		if s.Aborted() {
			return start, nil, context.DeadlineExceeded
		}
		values[i] = [2]int{sidePoints(v, total) + bonus[card.NS], sidePoints(-v, total) + bonus[card.EW]}
	}
	first := 4*played + len(positions[0].Trick) // cards played before pos
	for i, pc := range cards {
		steps = append(steps, Step{Trick: (first+i)/4 + 1, Seat: pc.Seat, Card: pc.Card, Before: values[i], After: values[i+1]})
	}
	return values[0], steps, nil
}

// analyse computes the analysis of p on s.
func analyse(ctx context.Context, s *belotebot.Solver, p Play) (*protocol.BeloteAnalysis, error) {
	start, steps, err := Steps(ctx, s, p)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("belote analysis of deal %d: %w", p.Deal, err)
	}
	a := &protocol.BeloteAnalysis{Type: protocol.TypeBeloteAnalysis, Deal: p.Deal, Contract: p.Contract,
		Takers: p.Taker.Side(), Start: start, Final: start, Costly: []protocol.BeloteCostlyCard{}}
	for _, st := range steps {
		side := st.Seat.Side()
		if cost := st.Before[side] - st.After[side]; cost > 0 {
			a.Costly = append(a.Costly, protocol.BeloteCostlyCard{Trick: st.Trick, Seat: st.Seat, Card: st.Card,
				Cost: cost, Before: st.Before[side], After: st.After[side]})
		}
		a.Final = st.After
	}
	return a, nil
}
