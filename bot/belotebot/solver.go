package belotebot

import (
	"math/bits"
	"time"

	"atout/belote"
	"atout/card"
)

// CapotValue is the value of a capot in a [Solver] result: the side that
// wins every trick counts 250 card points and the other side 0.
const CapotValue = belote.CapotPoints

// Position is a perfect-information belote play position: every remaining
// hand, the trick in progress and what has been won so far.
type Position struct {
	Hands  [4]card.Hand // cards each seat still holds
	Trick  []card.Card  // cards of the current trick, in play order
	Leader card.Seat    // who led the current trick
	Points [2]int       // card points won so far by each side (index card.NS, card.EW)
	Won    [2]bool      // whether each side has won a trick so far
}

// PositionOf returns the position of a deal in play, with every hand (the
// caller must be entitled to them: a solver of sampled deals builds the
// hands itself).
func PositionOf(d *belote.Deal) Position {
	var p Position
	for s := range card.Seat(4) {
		p.Hands[s] = d.Hand(s)
	}
	tr, leader := d.Trick()
	p.Trick = append([]card.Card(nil), tr...)
	p.Leader = leader
	p.Points = d.CardPoints()
	t := d.Tricks()
	p.Won = [2]bool{t[0] > 0, t[1] > 0}
	return p
}

// Turn returns the seat to play in p.
func (p *Position) Turn() card.Seat {
	s := p.Leader
	for range len(p.Trick) {
		s = belote.Next(s)
	}
	return s
}

// Play plays card c for the seat to play (who must hold it) under rules r
// and trump (belote.NoSuit in no-trump): a fourth card completes the trick,
// whose points go to its winner's side, with the ten of dix de der on the
// last trick; the winner leads the next.
func (p *Position) Play(c card.Card, r belote.Rules, trump card.Suit) {
	turn := p.Turn()
	p.Hands[turn] = p.Hands[turn].Remove(c)
	p.Trick = append(append([]card.Card(nil), p.Trick...), c)
	if len(p.Trick) < 4 {
		return
	}
	winner := p.Leader
	for range belote.TrickWinner(p.Trick, trump) {
		winner = belote.Next(winner)
	}
	pts := 0
	for _, x := range p.Trick {
		pts += belote.CardPoints(x, trump, r.Setting)
	}
	if p.Hands[winner].Len() == 0 {
		pts += 10 // dix de der
	}
	p.Points[winner.Side()] += pts
	p.Won[winner.Side()] = true
	p.Leader = winner
	p.Trick = nil
}

// ttEntry holds bounds on the future value (final value minus the points
// difference already won) of a position at a trick boundary.
type ttEntry struct {
	key    uint64
	gen    uint32
	lo, hi int16
	best   uint8 // bit index of the best lead found, +1 (0: none)
}

const ttBits = 18

// Solver solves belote play positions exactly (double dummy): the value of
// a position for a side is its final card points minus the other side's,
// a capot counting 250 to 0, with both sides playing perfectly and legally
// (belote-rules §5). It uses alpha-beta search with a transposition table
// keyed by the remaining cards at trick boundaries and heuristic move
// ordering. A Solver is not safe for concurrent use; make one per goroutine.
type Solver struct {
	rules belote.Rules
	trump card.Suit
	pts   [64]int8 // card points by bit index
	str   [64]int8 // strength within the suit by bit index

	tt  []ttEntry
	gen uint32

	// search state
	hands  [4]card.Hand
	trick  [4]card.Card
	n      int
	leader card.Seat
	max    card.Side
	diff   int // max side's points minus the other's, so far
	won    uint8
	done   int // tricks completed

	hist [4][64]int32 // history heuristic: cutoffs by seat and card

	stop    time.Time // zero: no limit
	aborted bool

	// Nodes counts the cards played in the search since the solver was made.
	Nodes int64
}

// NewSolver returns a solver for contracts with trump suit trump
// ([belote.NoSuit] in no-trump) under rules r.
func NewSolver(r belote.Rules, trump card.Suit) *Solver {
	s := &Solver{tt: make([]ttEntry, 1<<ttBits)}
	s.Reset(r, trump)
	return s
}

// Reset makes s solve for another trump suit or rules, keeping its table.
func (s *Solver) Reset(r belote.Rules, trump card.Suit) {
	if r.Mode == belote.NoTrump {
		trump = belote.NoSuit
	}
	s.rules, s.trump = r, trump
	for _, c := range card.Deck32() {
		i := bitIndex(c)
		s.pts[i] = int8(belote.CardPoints(c, trump, r.Setting))
		s.str[i] = int8(belote.Strength(c, trump))
	}
	s.gen++
}

func bitIndex(c card.Card) int { return int(c.Suit())*16 + int(c.Rank()) }

func bitCard(i int) card.Card { return card.New(card.Suit(i/16), card.Rank(i%16)) }

// compress packs the 32 belote cards of h into 32 bits.
func compress(h card.Hand) uint64 {
	x := uint64(h) >> 7
	return (x & 0xFF) | (x>>16&0xFF)<<8 | (x>>32&0xFF)<<16 | (x>>48&0xFF)<<24
}

// Solve returns the value of position p for side (its final card points
// minus the other side's, a capot counting ±250).
func (s *Solver) Solve(p *Position, side card.Side) int {
	s.load(p, side)
	return s.mtdf(0, s.search)
}

// mtdf finds the exact value of a search by null-window searches around a
// first guess (MTD(f)); the table keeps the bounds between the searches.
func (s *Solver) mtdf(guess int, f func(alpha, beta int) int) int {
	return s.bounded(guess, 0, f)
}

// bounded is mtdf stopped once the value is known within tol points; it
// returns the middle of the final interval.
func (s *Solver) bounded(guess, tol int, f func(alpha, beta int) int) int {
	return s.within(-CapotValue, CapotValue, guess, tol, f)
}

// within is bounded for a value known beforehand to lie in [lo, hi].
func (s *Solver) within(lo, hi, guess, tol int, f func(alpha, beta int) int) int {
	g := guess
	for hi-lo > tol && !s.aborted {
		// test at the guess first, then by bisection of what is left
		b := g
		if b <= lo || b > hi {
			b = lo + (hi-lo+1)/2
		}
		r := f(b-1, b)
		if r < b {
			hi = r
		} else {
			lo = r
		}
		g = lo + (hi-lo+1)/2
	}
	return lo + (hi-lo)/2
}

// SolveNext is [Solver.Solve] for a position p of the same deal as the
// position s solved last (reached from it by playing cards, or leading to
// it), for the same side: the cards in the same hands, so that what the
// table holds from the earlier searches still holds and is kept. The value
// is known to lie in [lo, hi] (a card of side's never raises side's value,
// a card of the other side's never lowers it), and is tested first at
// guess. Solving a position of another deal with SolveNext gives wrong
// values: use Solve for the first position of each deal.
func (s *Solver) SolveNext(p *Position, side card.Side, lo, hi, guess int) int {
	s.loadKeep(p, side)
	return s.within(max(lo, -CapotValue), min(hi, CapotValue), guess, 0, s.search)
}

// SolveMoves returns the exact value for side of each legal card of the
// seat to play in p, in the order of the cards of the legal hand
// ([card.Hand.Cards]), with those cards.
func (s *Solver) SolveMoves(p *Position, side card.Side) ([]card.Card, []int) {
	return s.SolveMovesWithin(p, side, 0)
}

// SolveMovesWithin is [Solver.SolveMoves] with values known only within
// tol points (each is the middle of an interval of width at most tol),
// which is faster; tol 0 gives exact values.
func (s *Solver) SolveMovesWithin(p *Position, side card.Side, tol int) ([]card.Card, []int) {
	s.load(p, side)
	turn := p.Turn()
	legal := belote.LegalPlays(s.hands[turn], s.trick[:s.n], s.trump, s.rules)
	cards := legal.Cards()
	vals := make([]int, len(cards))
	guess := 0
	for i, c := range cards {
		s.play(turn, c)
		vals[i] = s.bounded(guess, tol, s.afterPlay)
		guess = vals[i]
		s.unplayLast(turn, c)
	}
	return cards, vals
}

// load copies p into the search state; side is the maximising side.
func (s *Solver) load(p *Position, side card.Side) {
	s.hist = [4][64]int32{}
	s.loadKeep(p, side)
	s.gen++
}

// loadKeep is load keeping the table and the history of the searches
// before (same deal, same side).
func (s *Solver) loadKeep(p *Position, side card.Side) {
	s.hands = p.Hands
	s.n = copy(s.trick[:], p.Trick)
	s.leader = p.Leader
	s.max = side
	s.diff = p.Points[side] - p.Points[side^1]
	s.won = 0
	for i, w := range p.Won {
		if w {
			s.won |= 1 << i
		}
	}
	total := 0
	for _, h := range p.Hands {
		total += h.Len()
	}
	total += s.n
	s.done = 8 - (total+3)/4
}

// undo information for one trick completion
type trickUndo struct {
	leader card.Seat
	diff   int
	won    uint8
	trick  [4]card.Card
}

// play puts card c of seat in the trick (without resolving it).
func (s *Solver) play(seat card.Seat, c card.Card) {
	s.hands[seat] = s.hands[seat].Remove(c)
	s.trick[s.n] = c
	s.n++
	s.Nodes++
	if s.Nodes&4095 == 0 && !s.stop.IsZero() && time.Now().After(s.stop) {
		s.aborted = true
	}
}

// SetDeadline makes the searches stop at t (the zero time: never); a
// search cut short reports it through [Solver.Aborted] and its values are
// meaningless.
func (s *Solver) SetDeadline(t time.Time) { s.stop, s.aborted = t, false }

// Aborted reports whether a search was cut short by the deadline since it
// was set.
func (s *Solver) Aborted() bool { return s.aborted }

// unplayLast takes back the last card of an incomplete trick.
func (s *Solver) unplayLast(seat card.Seat, c card.Card) {
	s.n--
	s.hands[seat] = s.hands[seat].Add(c)
}

// afterPlay continues the search after a card was put in the trick:
// resolves a complete trick, searches, and restores the trick.
func (s *Solver) afterPlay(alpha, beta int) int {
	if s.n < 4 {
		return s.search(alpha, beta)
	}
	// resolve the trick
	w := belote.TrickWinner(s.trick[:4], s.trump)
	winner := s.leader
	for range w {
		winner = belote.Next(winner)
	}
	pts := 0
	for _, c := range s.trick {
		pts += int(s.pts[bitIndex(c)])
	}
	s.done++
	if s.done == 8 {
		pts += 10
	}
	u := trickUndo{leader: s.leader, diff: s.diff, won: s.won, trick: s.trick}
	if winner.Side() == s.max {
		s.diff += pts
	} else {
		s.diff -= pts
	}
	s.won |= 1 << winner.Side()
	s.leader = winner
	s.n = 0
	v := s.search(alpha, beta)
	s.done--
	s.leader, s.diff, s.won, s.trick = u.leader, u.diff, u.won, u.trick
	s.n = 4
	return v
}

// lastTrick plays out the last trick, where nobody has a choice.
func (s *Solver) lastTrick() int {
	var tr [4]card.Card
	seat := s.leader
	for i := range 4 {
		tr[i] = s.hands[seat].Lowest()
		seat = belote.Next(seat)
	}
	w := belote.TrickWinner(tr[:], s.trump)
	winner := s.leader
	for range w {
		winner = belote.Next(winner)
	}
	pts := 10
	for _, c := range tr {
		pts += int(s.pts[bitIndex(c)])
	}
	s.Nodes += 4
	diff, won := s.diff, s.won|1<<winner.Side()
	if winner.Side() == s.max {
		diff += pts
	} else {
		diff -= pts
	}
	switch won {
	case 1 << s.max:
		return CapotValue
	case 1 << (s.max ^ 1):
		return -CapotValue
	}
	return diff
}

// terminal returns the final value once every trick is played.
func (s *Solver) terminal() int {
	switch s.won {
	case 1 << s.max:
		return CapotValue
	case 1 << (s.max ^ 1):
		return -CapotValue
	}
	return s.diff
}

// search returns the value of the current state for the maximising side
// (fail-soft alpha-beta).
func (s *Solver) search(alpha, beta int) int {
	if s.aborted {
		return alpha
	}
	if s.n == 0 && s.done >= 7 {
		if s.done == 8 {
			return s.terminal()
		}
		return s.lastTrick()
	}
	turn := s.leader
	for range s.n {
		turn = belote.Next(turn)
	}
	var e *ttEntry
	var key uint64
	a0, b0 := alpha, beta
	if s.n == 0 {
		rem := s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
		key = compress(rem) | uint64(s.leader)<<32 | uint64(s.won)<<34 | uint64(s.max)<<36
		e = &s.tt[(key*0x9E3779B97F4A7C15)>>(64-ttBits)]
		if e.key == key && e.gen == s.gen {
			lo, hi := int(e.lo)+s.diff, int(e.hi)+s.diff
			if lo >= beta {
				return lo
			}
			if hi <= alpha {
				return hi
			}
			if lo == hi {
				return lo
			}
			alpha, beta = max(alpha, lo), min(beta, hi)
		} else {
			e.key, e.gen, e.lo, e.hi, e.best = key, s.gen, -2000, 2000, 0
		}
		// bound by the points left (or a capot while one is possible)
		left := 10
		for h := rem; h != 0; h &= h - 1 {
			left += int(s.pts[bits.TrailingZeros64(uint64(h))])
		}
		up, down := s.diff+left, s.diff-left
		if s.won&(1<<(s.max^1)) == 0 {
			up = CapotValue
		}
		if s.won&(1<<s.max) == 0 {
			down = -CapotValue
		}
		if up <= alpha {
			return up
		}
		if down >= beta {
			return down
		}
		a0, b0 = alpha, beta
	}
	legal := belote.LegalPlays(s.hands[turn], s.trick[:s.n], s.trump, s.rules)
	var moves [8]card.Card
	nm := s.order(turn, legal, &moves)
	if e != nil && e.best != 0 {
		bc := bitCard(int(e.best) - 1)
		for i := 0; i < nm; i++ {
			if moves[i] == bc {
				copy(moves[1:i+1], moves[:i])
				moves[0] = bc
				break
			}
		}
	}
	maxi := turn.Side() == s.max
	best := -2000
	if !maxi {
		best = 2000
	}
	var bestCard card.Card
	for i := 0; i < nm; i++ {
		c := moves[i]
		s.play(turn, c)
		v := s.afterPlay(alpha, beta)
		s.unplayLast(turn, c)
		if maxi {
			if v > best {
				best, bestCard = v, c
			}
			if best > alpha {
				alpha = best
			}
		} else {
			if v < best {
				best, bestCard = v, c
			}
			if best < beta {
				beta = best
			}
		}
		if alpha >= beta {
			s.hist[turn][bitIndex(c)] += int32(1) << (8 - s.done)
			break
		}
	}
	if e != nil && e.key == key && e.gen == s.gen && !s.aborted {
		f := best - s.diff
		switch {
		case best <= a0:
			e.hi = int16(min(int(e.hi), f))
		case best >= b0:
			e.lo = int16(max(int(e.lo), f))
		default:
			e.lo, e.hi = int16(f), int16(f)
		}
		e.best = uint8(bitIndex(bestCard) + 1)
	}
	return best
}

// dominatedTwin reports whether the legal card at bit i has a twin: a
// legal card of the same suit and points just above it in strength, with
// no card of another hand or of the trick between them. The two are
// interchangeable, so only the stronger one is searched.
func (s *Solver) dominatedTwin(i int, legal, seps card.Hand) bool {
	su := i / 16
	st, p := s.str[i], s.pts[i]
	// the next stronger card of the suit among legal and separators
	next, nextSt := -1, int8(100)
	for h := (legal | seps) & card.Hand(0xFFFF) << (uint(su) * 16); h != 0; h &= h - 1 {
		j := bits.TrailingZeros64(uint64(h))
		if sj := s.str[j]; sj > st && sj < nextSt {
			next, nextSt = j, sj
		}
	}
	return next >= 0 && legal&(1<<uint(next)) != 0 && s.pts[next] == p
}

// order writes the legal cards into moves, most promising first, and
// returns how many there are.
func (s *Solver) order(turn card.Seat, legal card.Hand, moves *[8]card.Card) int {
	var scores [8]int
	n := 0
	others := (s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]) &^ s.hands[turn]
	var bestIdx int
	if s.n > 0 {
		bestIdx = belote.TrickWinner(s.trick[:s.n], s.trump)
	}
	partnerWins := s.n >= 2 && bestIdx == s.n-2
	var inTrick card.Hand
	for _, c := range s.trick[:s.n] {
		inTrick = inTrick.Add(c)
	}
	seps := others | inTrick
	for h := legal; h != 0; h &= h - 1 {
		i := bits.TrailingZeros64(uint64(h))
		c := bitCard(i)
		p, st := int(s.pts[i]), int(s.str[i])
		if s.dominatedTwin(i, legal, seps) {
			continue
		}
		var sc int
		if s.n == 0 {
			master := true
			for o := others.Suit(c.Suit()); o != 0; o &= o - 1 {
				if int(s.str[bits.TrailingZeros64(uint64(o))]) > st {
					master = false
					break
				}
			}
			if master {
				sc = 100 + p
			} else {
				sc = -2*p - st
			}
		} else {
			b := s.trick[bestIdx]
			beats := (c.Suit() == b.Suit() && st > int(s.str[bitIndex(b)])) || (c.Suit() == s.trump && b.Suit() != s.trump)
			switch {
			case partnerWins:
				sc = 50 + p
			case beats && s.n == 3:
				sc = 80 + p
			case beats:
				sc = 60 - st
			default:
				sc = -2*p - st
			}
		}
		sc = sc*1000 + int(s.hist[turn][i])
		// insertion by score, descending
		j := n
		for j > 0 && scores[j-1] < sc {
			scores[j], moves[j] = scores[j-1], moves[j-1]
			j--
		}
		scores[j], moves[j] = sc, c
		n++
	}
	return n
}
