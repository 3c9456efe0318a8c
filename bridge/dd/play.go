package dd

import (
	"context"
	"fmt"

	"atout/bridge"
	"atout/card"
)

// PlayStep is the double-dummy verdict on one card of a played deal.
type PlayStep struct {
	Seat  card.Seat
	Card  card.Card
	Trick int // 1-based trick number
	// Tricks is declarer's total with best play from here on: tricks
	// already won plus the double-dummy result of the rest.
	Tricks int
	// Cost is the number of tricks the card cost its side (0 for a card as
	// good as the best one).
	Cost int
}

// PlayAnalysis is the double-dummy story of a played deal.
type PlayAnalysis struct {
	Start int        // declarer's double-dummy tricks before the opening lead
	Steps []PlayStep // one per card played
}

// PlayError reports a card of a play record that cannot be played.
type PlayError struct {
	Index int // 0-based index of the card in the play
	Seat  card.Seat
	Card  card.Card
	Msg   string
}

func (e *PlayError) Error() string {
	return fmt.Sprintf("dd: card %d (%s by %s): %s", e.Index+1, e.Card, e.Seat, e.Msg)
}

// playState follows a play from the deal.
type playState struct {
	pos      Position
	declarer card.Seat
	won      int // tricks won by declarer's side
	trick    int // 1-based number of the current trick
}

func newPlayState(d bridge.Deal, strain bridge.Strain, declarer card.Seat) (*playState, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	if strain > bridge.NoTrump || declarer > card.West {
		return nil, &PositionError{"bad strain or declarer"}
	}
	return &playState{pos: Position{Hands: d, Strain: strain, Leader: declarer.Next()}, declarer: declarer, trick: 1}, nil
}

// play plays card c (index i of the record) for the player to move.
func (st *playState) play(i int, c card.Card) error {
	p := &st.pos
	me := p.ToMove()
	if p.Hands[me] == 0 {
		return &PlayError{i, me, c, "the play is over"}
	}
	if !p.Hands[me].Has(c) {
		return &PlayError{i, me, c, "not in " + me.Name() + "'s hand"}
	}
	if !p.Legal().Has(c) {
		return &PlayError{i, me, c, "revoke: " + me.Name() + " must follow " + p.Trick[0].Suit().String()}
	}
	p.Hands[me] = p.Hands[me].Remove(c)
	p.Trick = append(p.Trick, c)
	if len(p.Trick) == 4 {
		w := 0
		for k := 1; k < 4; k++ {
			a, b := p.Trick[k], p.Trick[w]
			if a.Suit() == b.Suit() && a.Rank() > b.Rank() || a.Suit() != b.Suit() && bridge.Strain(a.Suit()) == p.Strain {
				w = k
			}
		}
		winner := card.Seat((int(p.Leader) + w) & 3)
		if winner.Side() == st.declarer.Side() {
			st.won++
		}
		p.Leader = winner
		p.Trick = nil
		st.trick++
	}
	return nil
}

// total returns declarer's total tricks with best play from the current
// point: won so far plus the double-dummy result of the rest.
func (st *playState) total(s *Solver) int {
	p := st.pos
	if p.Hands[p.Leader] == 0 && len(p.Trick) == 0 {
		return st.won
	}
	p.Trick = append([]card.Card(nil), p.Trick...)
	v := s.tricks(p, -1)
	if p.ToMove().Side() != st.declarer.Side() {
		v = p.TricksLeft() - v
	}
	return st.won + v
}

// totalIn is total when declarer's total is known to lie in lo..hi, the
// first probe at guess.
func (st *playState) totalIn(s *Solver, lo, hi, guess int) int {
	p := st.pos
	if p.Hands[p.Leader] == 0 && len(p.Trick) == 0 {
		return st.won
	}
	p.Trick = append([]card.Card(nil), p.Trick...)
	n := p.TricksLeft()
	// declarer's side's tricks of the rest
	lo, hi, guess = max(lo-st.won, 0), min(hi-st.won, n), guess-st.won
	if p.ToMove().Side() == st.declarer.Side() {
		return st.won + s.tricksIn(p, lo, hi, guess)
	}
	return st.won + n - s.tricksIn(p, n-hi, n-lo, n-guess)
}

// AnalysePlay replays cards (possibly an incomplete play) of a deal played
// in strain by declarer and gives the double-dummy result after each card,
// marking the cards that cost a trick. s may be nil (a new solver is used).
func AnalysePlay(s *Solver, d bridge.Deal, strain bridge.Strain, declarer card.Seat, cards []card.Card) (PlayAnalysis, error) {
	if s == nil {
		s = NewSolver(0)
	}
	st, err := newPlayState(d, strain, declarer)
	if err != nil {
		return PlayAnalysis{}, err
	}
	var out PlayAnalysis
	before := st.total(s)
	out.Start = before
	for i, c := range cards {
		me := st.pos.ToMove()
		trick := st.trick
		if err := st.play(i, c); err != nil {
			return out, err
		}
		// A card never raises its own side's total double dummy: the
		// total after it is bounded by the one before, which is also the
		// answer when the card cost nothing (one probe).
		var after int
		if me.Side() == declarer.Side() {
			after = st.totalIn(s, 0, before, before)
		} else {
			after = st.totalIn(s, before, 13, before)
		}
		cost := before - after
		if me.Side() != declarer.Side() {
			cost = after - before
		}
		out.Steps = append(out.Steps, PlayStep{Seat: me, Card: c, Trick: trick, Tricks: after, Cost: cost})
		before = after
	}
	return out, nil
}

// AnalysePlayContext is AnalysePlay that gives up with ctx.Err() when ctx
// ends.
func AnalysePlayContext(ctx context.Context, s *Solver, d bridge.Deal, strain bridge.Strain, declarer card.Seat, cards []card.Card) (PlayAnalysis, error) {
	if s == nil {
		s = NewSolver(0)
	}
	var out PlayAnalysis
	var err error
	if werr := s.withContext(ctx, func() { out, err = AnalysePlay(s, d, strain, declarer, cards) }); werr != nil {
		return PlayAnalysis{}, werr
	}
	return out, err
}

// CheckClaim says whether a claim that declarer takes claimed tricks in all
// (tricks already won included), made after the given cards were played, is
// right double dummy. It also returns declarer's double-dummy total at that
// point.
func CheckClaim(s *Solver, d bridge.Deal, strain bridge.Strain, declarer card.Seat, played []card.Card, claimed int) (bool, int, error) {
	if s == nil {
		s = NewSolver(0)
	}
	st, err := newPlayState(d, strain, declarer)
	if err != nil {
		return false, 0, err
	}
	for i, c := range played {
		if err := st.play(i, c); err != nil {
			return false, 0, err
		}
	}
	t := st.total(s)
	return t == claimed, t, nil
}
