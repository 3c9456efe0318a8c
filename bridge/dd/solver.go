package dd

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sort"

	"atout/bridge"
	"atout/card"
)

// Position is a point of the play: the cards each seat still holds, the
// strain, the player who led the current trick and the cards already played
// to it (0 to 3, in order from Leader). The player to move is the one after
// the last card of Trick.
type Position struct {
	Hands  bridge.Deal   // cards still held by each seat (not those in Trick)
	Strain bridge.Strain // trump suit or NoTrump
	Leader card.Seat     // who led (or is to lead) the current trick
	Trick  []card.Card   // cards played to the current trick, from Leader
}

// ToMove returns the seat to play next.
func (p Position) ToMove() card.Seat { return card.Seat((int(p.Leader) + len(p.Trick)) & 3) }

// TricksLeft returns the number of tricks still to be completed, the current
// one included.
func (p Position) TricksLeft() int {
	n := p.Hands[p.Leader].Len()
	if len(p.Trick) > 0 {
		n++
	}
	return n
}

// PositionOf returns the position of a deal in play: the cards each seat
// still holds, the contract's strain and the trick in progress. Before the
// play (during the auction, or for a passed-out deal) it is not a position
// of play and holds no cards.
func PositionOf(g *bridge.Game) Position {
	cp := g.CardPlay()
	cur := cp.Current()
	var hands bridge.Deal
	for _, s := range card.Seats {
		hands[s] = cp.Hand(s)
	}
	return Position{Hands: hands, Strain: cp.Strain(), Leader: cur.Leader, Trick: cur.Cards}
}

// PositionError reports a position that cannot arise in play.
type PositionError struct {
	Msg string
}

func (e *PositionError) Error() string { return "dd: invalid position: " + e.Msg }

// Validate checks that the position can arise in play: no card twice, hands
// of the right sizes (the players who already played to the trick hold one
// card fewer), at most 3 cards in the trick, and no player who failed to
// follow suit holding a card of the suit led.
func (p Position) Validate() error {
	if p.Strain > bridge.NoTrump {
		return &PositionError{fmt.Sprintf("strain %d", p.Strain)}
	}
	if p.Leader > card.West {
		return &PositionError{fmt.Sprintf("leader %d", p.Leader)}
	}
	if len(p.Trick) > 3 {
		return &PositionError{fmt.Sprintf("%d cards in the current trick, want at most 3", len(p.Trick))}
	}
	var seen card.Hand
	for _, s := range card.Seats {
		h := p.Hands[s]
		if h&^card.Full52 != 0 {
			return &PositionError{s.Name() + " holds a card that is not in the deck"}
		}
		if dup := seen & h; dup != 0 {
			return &PositionError{"card " + dup.Cards()[0].String() + " held twice"}
		}
		seen |= h
	}
	for i, c := range p.Trick {
		if !c.Valid() {
			return &PositionError{fmt.Sprintf("card %d of the trick is not a card", i+1)}
		}
		if seen.Has(c) {
			return &PositionError{"card " + c.String() + " played to the trick is still held"}
		}
		seen = seen.Add(c)
	}
	n := p.Hands[p.Leader].Len()
	if len(p.Trick) > 0 {
		n++
	}
	if n == 0 {
		return &PositionError{"no cards left"}
	}
	if n > 13 {
		return &PositionError{fmt.Sprintf("%s holds %d cards", p.Leader.Name(), p.Hands[p.Leader].Len())}
	}
	for i := 0; i < 4; i++ {
		s := card.Seat((int(p.Leader) + i) & 3)
		want := n
		if i < len(p.Trick) {
			want = n - 1
		}
		if got := p.Hands[s].Len(); got != want {
			return &PositionError{fmt.Sprintf("%s holds %d cards, want %d", s.Name(), got, want)}
		}
	}
	if len(p.Trick) > 0 {
		led := p.Trick[0].Suit()
		for i := 1; i < len(p.Trick); i++ {
			s := card.Seat((int(p.Leader) + i) & 3)
			if p.Trick[i].Suit() != led && p.Hands[s].SuitLen(led) > 0 {
				return &PositionError{fmt.Sprintf("%s played %s on a %s lead but still holds %s", s.Name(), p.Trick[i], led, led)}
			}
		}
	}
	return nil
}

// Legal returns the cards the player to move may play.
func (p Position) Legal() card.Hand {
	h := p.Hands[p.ToMove()]
	if len(p.Trick) > 0 {
		if f := h.Suit(p.Trick[0].Suit()); f != 0 {
			return f
		}
	}
	return h
}

// CardValue is the double-dummy value of one legal card: the tricks the side
// of the player to move takes from the position (current trick included)
// after playing Card, with best play afterwards.
type CardValue struct {
	Card   card.Card
	Tricks int
}

// DefaultTableMB is the transposition table size of a solver made with
// NewSolver(0), in megabytes.
const DefaultTableMB = 48

// Solver is a reusable double-dummy solver with its own transposition table.
// Keeping one solver across many positions (the positions of one deal, or
// sampled deals) re-uses what the table learnt. A Solver is not safe for
// concurrent use: use one per goroutine.
type Solver struct {
	e       engine
	tableMB int // the size it was made with
}

// NewSolver returns a solver whose transposition table uses about tableMB
// megabytes (DefaultTableMB when tableMB <= 0).
func NewSolver(tableMB int) *Solver {
	if tableMB <= 0 {
		tableMB = DefaultTableMB
	}
	s := &Solver{tableMB: tableMB}
	s.e.tt = newTable(tableMB)
	return s
}

// Reset empties the transposition table.
func (s *Solver) Reset() { s.e.tt.reset() }

// Nodes returns the number of trick-boundary nodes searched so far.
func (s *Solver) Nodes() uint64 { return s.e.nodes }

// setup loads a validated position into the engine and returns the number
// of cards already in the trick and the tricks left.
func (s *Solver) setup(p Position) (pos, n int) {
	e := &s.e
	for i := range e.hands {
		e.hands[i] = uint64(p.Hands[i])
	}
	e.countLens()
	e.trump = int(p.Strain)
	tr := &e.stack[0]
	tr.leader = int(p.Leader)
	tr.win = 0
	tr.all = e.hands[0] | e.hands[1] | e.hands[2] | e.hands[3]
	for i, c := range p.Trick {
		tr.card[i] = int(c.Suit())<<4 | int(c.Rank())
		tr.low[i] = tr.card[i]
		tr.all |= 1 << uint(tr.card[i])
		if i > 0 && beats(tr.card[i], tr.card[tr.win], e.trump) {
			tr.win = i
		}
	}
	return len(p.Trick), p.TricksLeft()
}

// exact returns the tricks the leader's side of trick d takes (of n, the
// current trick included) with pos cards of trick d played, by null-window
// probes starting at guess.
func (e *engine) exact(d, pos, n, guess int) int {
	return e.exactIn(d, pos, 0, n, guess)
}

// exactIn is exact when the answer is known to lie in lo..hi.
func (e *engine) exactIn(d, pos, lo, hi, guess int) int {
	for lo < hi {
		t := min(max(guess, lo+1), hi)
		e.codesOK = [16]bool{} // the owner codes of an earlier search are stale
		e.killer = [16]int{}
		if ok, _ := e.search(d, pos, t); ok {
			lo = t
			guess = t + 1
		} else {
			hi = t - 1
			guess = t - 1
		}
	}
	return lo
}

// Tricks returns the number of tricks the side of the player to move takes
// from the position with best play by both sides, counting the current trick
// and all later ones.
func (s *Solver) Tricks(p Position) (int, error) {
	if err := p.Validate(); err != nil {
		return 0, err
	}
	return s.tricks(p, -1), nil
}

// tricks solves a valid position; guess < 0 means no guess.
func (s *Solver) tricks(p Position, guess int) int {
	pos, n := s.setup(p)
	e := &s.e
	sameSide := len(p.Trick)&1 == 0
	if guess < 0 {
		guess = (n + 1) / 2
		if pos == 0 {
			L := e.stack[0].leader
			guess = e.guess(L, n)
		}
	} else if !sameSide {
		guess = n - guess
	}
	f := e.exact(0, pos, n, guess)
	if sameSide {
		return f
	}
	return n - f
}

// tricksIn is tricks when the side to move is known to take lo..hi of the
// tricks left, the first probe at guess.
func (s *Solver) tricksIn(p Position, lo, hi, guess int) int {
	pos, n := s.setup(p)
	if len(p.Trick)&1 == 0 {
		return s.e.exactIn(0, pos, lo, hi, guess)
	}
	// the leader's side takes what the side to move does not
	return n - s.e.exactIn(0, pos, n-hi, n-lo, n-guess)
}

// errAborted unwinds a search whose context ended.
var errAborted = errors.New("dd: search aborted")

// withContext runs f with the search polling ctx; if ctx ends first it
// returns ctx.Err(). The transposition table keeps only results of searches
// that completed, so the solver stays sound after an abort; the next call
// loads its own position.
func (s *Solver) withContext(ctx context.Context, f func()) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	if ctx.Done() == nil {
		f()
		return nil
	}
	s.e.stop = ctx.Done()
	defer func() {
		s.e.stop = nil
		if r := recover(); r != nil {
			if r != errAborted {
				panic(r)
			}
			err = ctx.Err()
		}
	}()
	f()
	return nil
}

// TricksContext is Tricks that gives up with ctx.Err() when ctx ends.
func (s *Solver) TricksContext(ctx context.Context, p Position) (int, error) {
	if err := p.Validate(); err != nil {
		return 0, err
	}
	var n int
	if err := s.withContext(ctx, func() { n = s.tricks(p, -1) }); err != nil {
		return 0, err
	}
	return n, nil
}

// CardValuesContext is CardValues that gives up with ctx.Err() when ctx
// ends: bots use it to keep to their time per card.
func (s *Solver) CardValuesContext(ctx context.Context, p Position) ([]CardValue, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	var v []CardValue
	if err := s.withContext(ctx, func() { v = s.cardValues(p) }); err != nil {
		return nil, err
	}
	return v, nil
}

// CardValues returns the value of every legal card of the player to move
// (DDS "solutions=3"): for each card, the tricks the side to move takes
// from the position after playing it. The result is sorted best card first,
// then by suit (spades first) and rank (highest first).
func (s *Solver) CardValues(p Position) ([]CardValue, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return s.cardValues(p), nil
}

func (s *Solver) cardValues(p Position) []CardValue {
	pos, n := s.setup(p)
	e := &s.e
	tr := &e.stack[0]
	leader := tr.leader
	me := (leader + pos) & 3
	legal := uint64(p.Legal())
	out := make([]CardValue, 0, bits.OnesCount64(legal))
	// the value of the position bounds every card's; most cards reach it.
	// At a trick boundary the solve also records what each lead it tried
	// showed at the root (bounds on its value), so many cards need no
	// search of their own.
	if pos == 0 {
		e.rootRec = true
		for i := range e.rootLo {
			e.rootLo[i], e.rootHi[i] = 0, int8(n)
		}
	}
	upper := s.tricks(p, -1)
	e.rootRec = false
	s.setup(p)
	type cardRun struct {
		su, c, low int
		run        uint32
		lo, hi     int
	}
	var todo []cardRun
	for su := 3; su >= 0; su-- {
		m := suitOf(legal, su)
		alive := suitOf(tr.all, su) // (setup counts the trick's cards in)
		var runs moveList
		for _, mv := range runs[:sequences(&runs, 0, su, m, alive)] {
			// one run of equivalent cards, from mv.card down to mv.low
			run := m & (2<<uint(mv.card&15) - 1<<uint(mv.low&15))
			lo, hi := 0, upper
			if pos == 0 {
				lo, hi = int(e.rootLo[mv.card]), min(upper, int(e.rootHi[mv.card]))
			}
			todo = append(todo, cardRun{su, mv.card, mv.low, run, lo, hi})
		}
	}
	// Each card still open is asked "t tricks or more?" one target at a
	// time, from the top down, every card at one target before any at the
	// next: the table then holds bounds at the same target for the probes
	// that follow (0.3-0.5 % fewer positions than each card's probes in a
	// row). The cards go in suit order, spades first, highest first
	// (ordered as the search orders the moves they cost 0.2 % more).
	for t := upper; t > 0; t-- {
		for i := range todo {
			r := &todo[i]
			if r.lo >= r.hi || r.hi < t {
				continue
			}
			if s.valueOf(pos, n, me, r.c, r.low, t-1, t, t) == t {
				r.lo = t
			} else {
				r.hi = t - 1
			}
		}
	}
	for _, r := range todo {
		for b := r.run; b != 0; b &= b - 1 {
			rk := bits.TrailingZeros32(b)
			out = append(out, CardValue{card.New(card.Suit(r.su), card.Rank(rk)), r.lo})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Tricks != out[j].Tricks {
			return out[i].Tricks > out[j].Tricks
		}
		a, b := out[i].Card, out[j].Card
		if a.Suit() != b.Suit() {
			return a.Suit() > b.Suit()
		}
		return a.Rank() > b.Rank()
	})
	return out
}

// valueOf plays card c (standing for the run of equivalent cards down to
// low) for seat me at position pos of trick 0 and returns the
// tricks me's side takes from the position (of n), known to lie in
// lower..upper; guess is where the probes start.
func (s *Solver) valueOf(pos, n, me, c, low, lower, upper, guess int) int {
	e := &s.e
	tr := &e.stack[0]
	e.take(me, c)
	tr.card[pos] = c
	tr.low[pos] = low
	oldWin := tr.win
	if pos == 0 {
		tr.win = 0
	} else if beats(c, tr.card[oldWin], e.trump) {
		tr.win = pos
	}
	// v = a + sign*f, where f is what the side on lead of the searched
	// point takes of nf tricks
	var d, p, a, sign, nf int
	if pos < 3 {
		d, p, nf = 0, pos+1, n
		if (me^tr.leader)&1 == 0 {
			a, sign = 0, 1
		} else {
			a, sign = n, -1
		}
	} else {
		w := (tr.leader + tr.win) & 3
		e.stack[1].leader = w
		d, p, nf = 1, 0, n-1
		if (w^me)&1 == 0 {
			a, sign = 1, 1
		} else {
			a, sign = n-1, -1
		}
	}
	vhi := min(upper, n)
	var flo, fhi, fg int
	if sign > 0 {
		flo, fhi, fg = max(0, lower-a), min(nf, vhi-a), guess-a
	} else {
		flo, fhi, fg = max(0, a-vhi), min(nf, a-lower), a-guess
	}
	f := e.exactIn(d, p, flo, max(flo, fhi), fg)
	v := a + sign*f
	tr.win = oldWin
	e.give(me, c)
	return v
}

// guess is where the probes for the tricks of the side of leader L (of n)
// start. For a whole deal it is a linear model (a guess right to the
// trick saves about a tenth of a solve): in notrump see ntGuess; in a suit
// contract, fitted on the 100 dev deals of dd-dev100.tsv, high-card points,
// the difference in trumps and the ruffing values (short side suits times
// trumps); for other positions, estimate of both sides.
func (e *engine) guess(L, n int) int {
	if n != 13 {
		return (e.estimate(L, n) + n - e.estimate((L+1)&3, n) + 1) / 2
	}
	P := (L + 2) & 3
	hc := float64(hcp(e.hands[L]) + hcp(e.hands[P]))
	if e.trump == noTrump {
		return e.ntGuess(L, n, hc)
	}
	t := e.trump
	ours := e.hands[L] | e.hands[P]
	theirs := e.hands[(L+1)&3] | e.hands[(L+3)&3]
	tl := float64(bits.OnesCount32(suitOf(ours, t)))
	to := float64(bits.OnesCount32(suitOf(theirs, t)))
	var shortL, shortO float64
	for s := 0; s < 4; s++ {
		if s == t {
			continue
		}
		a := min(bits.OnesCount32(suitOf(e.hands[L], s)), bits.OnesCount32(suitOf(e.hands[P], s)))
		b := min(bits.OnesCount32(suitOf(e.hands[(L+1)&3], s)), bits.OnesCount32(suitOf(e.hands[(L+3)&3], s)))
		shortL += float64(max(0, 3-a))
		shortO += float64(max(0, 3-b))
	}
	g := -0.933 + 0.383*hc + 0.415*(tl-to) + 0.285*(shortL*tl-shortO*to)/8
	return min(max(int(math.Round(g)), 0), n)
}

// ntGuess is guess for a whole deal in notrump, hc the high-card points of
// L's side: a least-squares fit of the tricks on the points, estimate of
// each side, the difference between the sides' longest suits and the cards
// of each side above all of the other side's in a suit, on 600 deals of
// `atout deal -n 600 --seed 777` (West on lead). It misses by 0.96-0.97
// tricks on average on two other sets of 300 deals (the points alone:
// 1.05-1.07), which saves 1 % of the positions of one solve (issue 38).
func (e *engine) ntGuess(L, n int, hc float64) int {
	P := (L + 2) & 3
	estL := float64(e.estimate(L, n))
	estO := float64(e.estimate((L+1)&3, n))
	var lenL, lenO, topsL, topsO int
	for s := 0; s < 4; s++ {
		a := bits.OnesCount32(suitOf(e.hands[L], s)) + bits.OnesCount32(suitOf(e.hands[P], s))
		lenL = max(lenL, a)
		lenO = max(lenO, 13-a)
		ours := suitOf(e.hands[L]|e.hands[P], s)
		theirs := suitOf(e.hands[(L+1)&3]|e.hands[(L+3)&3], s)
		topsL += bits.OnesCount32(ours >> uint(bits.Len32(theirs)))
		topsO += bits.OnesCount32(theirs >> uint(bits.Len32(ours)))
	}
	g := -5.631 + 0.455*hc + 0.137*estL + 0.139*estO + 0.248*float64(lenL-lenO) +
		0.151*float64(topsL) + 0.045*float64(topsO)
	return min(max(int(math.Round(g)), 0), n)
}

// hcp counts the high-card points of a hand (A 4, K 3, Q 2, J 1).
func hcp(h uint64) int {
	n := 0
	for s := 0; s < 4; s++ {
		m := suitOf(h, s)
		n += 4*int(m>>14&1) + 3*int(m>>13&1) + 2*int(m>>12&1) + int(m>>11&1)
	}
	return n
}

// estimate guesses the tricks the side of leader L takes (of n) from a
// trick boundary, playing each suit out on its own: a starting point for
// exact, not a bound.
func (e *engine) estimate(L, n int) int {
	P := (L + 2) & 3
	est := 0
	for s := 0; s < 4; s++ {
		ours := suitOf(e.hands[L]|e.hands[P], s)
		theirs := suitOf(e.hands[(L+1)&3]|e.hands[(L+3)&3], s)
		rounds := 0
		for i := 0; i < 4; i++ {
			rounds = max(rounds, bits.OnesCount32(suitOf(e.hands[i], s)))
		}
		for r := 0; r < rounds; r++ {
			switch {
			case ours == 0 && theirs == 0:
			case theirs == 0:
				est++
				ours &= ours - 1
			case ours == 0:
				theirs &^= 1 << uint(bits.Len32(theirs)-1)
			case bits.Len32(ours) > bits.Len32(theirs):
				est++
				ours &^= 1 << uint(bits.Len32(ours)-1)
				theirs &= theirs - 1
			default:
				theirs &^= 1 << uint(bits.Len32(theirs)-1)
				ours &= ours - 1
			}
		}
	}
	return min(max(est, 0), n)
}
