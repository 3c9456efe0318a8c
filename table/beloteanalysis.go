package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"atout/belote"
	"atout/bot/belotebot"
	"atout/bridge/dd"
	"atout/bridge/dd/ddpool"
	"atout/card"
	"atout/match"
	"atout/protocol"
)

// The protocol's belote analysis message and its parts (docs/protocol.md).
type (
	BeloteAnalysis   = protocol.BeloteAnalysis
	BeloteCostlyCard = protocol.BeloteCostlyCard
)

// BeloteAnalyseFunc computes the review of a finished belote deal's card
// play with all cards open. Like an [AnalyseFunc] it runs on the hub's
// analysis workers, never on a table goroutine, and should give up when
// ctx is done.
type BeloteAnalyseFunc func(ctx context.Context, p match.BelotePlay) (*BeloteAnalysis, error)

// BeloteHintFunc computes the value for the side to play of each legal
// card of a belote deal in play, with all cards open (see [protocol.Hint]).
type BeloteHintFunc func(ctx context.Context, d *belote.Deal) (map[string]int, error)

// beloteSolvers keeps the exact solvers (each with its 4 MB table) between
// analyses.
var beloteSolvers = sync.Pool{New: func() any { return belotebot.NewSolver(belote.Rules{}, belote.NoSuit) }}

// withBeloteSolver runs f on a pooled solver set for r and trump, its
// searches stopped at ctx's deadline.
func withBeloteSolver[T any](ctx context.Context, r belote.Rules, trump card.Suit, f func(*belotebot.Solver) (T, error)) (T, error) {
	s := beloteSolvers.Get().(*belotebot.Solver)
	defer beloteSolvers.Put(s)
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

// NewBeloteAnalyser returns a [BeloteAnalyseFunc] over the exact solver of
// package bot/belotebot: the value of the position before the first card
// and after each card, each side's costly cards listed.
func NewBeloteAnalyser() BeloteAnalyseFunc {
	return func(ctx context.Context, p match.BelotePlay) (*BeloteAnalysis, error) {
		return withBeloteSolver(ctx, p.Rules, p.Trump, func(s *belotebot.Solver) (*BeloteAnalysis, error) {
			return analyseBelote(ctx, s, p)
		})
	}
}

// NewBeloteHinter returns a [BeloteHintFunc] over the exact solver of
// package bot/belotebot.
func NewBeloteHinter() BeloteHintFunc {
	return func(ctx context.Context, d *belote.Deal) (map[string]int, error) {
		con, ok := d.Contract()
		if !ok || d.Phase() != belote.PhasePlay {
			return nil, errors.New("table: no card to play")
		}
		return withBeloteSolver(ctx, d.Rules(), con.Trump, func(s *belotebot.Solver) (map[string]int, error) {
			return beloteHintValues(s, d), nil
		})
	}
}

// beloteHintValues solves every legal card of the seat to play in d: the
// card points his side ends the deal with.
func beloteHintValues(s *belotebot.Solver, d *belote.Deal) map[string]int {
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

// beloteStep is one card of the play with each side's value (index
// card.NS, card.EW) before it and after it.
type beloteStep struct {
	Trick         int
	Seat          card.Seat
	Card          card.Card
	Before, After [2]int
}

// beloteSteps replays the play of p on s: each side's value with all cards
// open before the first card, after each card, and at the end (what each
// side made).
func beloteSteps(ctx context.Context, s *belotebot.Solver, p match.BelotePlay) (start [2]int, steps []beloteStep, err error) {
	if len(p.Cards) == 0 {
		return start, nil, errors.New("table: no card played")
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
	return replayBelote(ctx, s, pos, r, trump, bonus, p.Cards)
}

// replayBelote plays cards from pos on s (set for r and trump), each
// side's value taken before the first card and after each card; bonus is
// what each side adds to its card points (belote-rebelote).
func replayBelote(ctx context.Context, s *belotebot.Solver, pos belotebot.Position, r belote.Rules, trump card.Suit, bonus [2]int, cards []match.PlayedCard) (start [2]int, steps []beloteStep, err error) {
	total := belote.Total(r.Mode, r.Setting)
	left := 0
	for _, h := range pos.Hands {
		left += h.Len()
	}
	played := 8 - (left+len(pos.Trick)+3)/4 // tricks complete
	value := func() ([2]int, error) {
		if err := ctx.Err(); err != nil {
			return [2]int{}, err
		}
		v := s.Solve(&pos, card.NS)
		if s.Aborted() {
			return [2]int{}, context.DeadlineExceeded
		}
		return [2]int{sidePoints(v, total) + bonus[card.NS], sidePoints(-v, total) + bonus[card.EW]}, nil
	}
	if start, err = value(); err != nil {
		return start, nil, err
	}
	before := start
	first := 4*played + len(pos.Trick) // cards played before pos
	for i, pc := range cards {
		if pc.Seat != pos.Turn() || !pos.Hands[pc.Seat].Has(pc.Card) {
			return start, nil, fmt.Errorf("table: card %d (%v by %v) is not in the deal", i+1, pc.Card, pc.Seat)
		}
		pos.Play(pc.Card, r, trump)
		after, err := value()
		if err != nil {
			return start, nil, err
		}
		steps = append(steps, beloteStep{Trick: (first+i)/4 + 1, Seat: pc.Seat, Card: pc.Card, Before: before, After: after})
		before = after
	}
	return start, steps, nil
}

// analyseBelote computes the analysis of p on s.
func analyseBelote(ctx context.Context, s *belotebot.Solver, p match.BelotePlay) (*BeloteAnalysis, error) {
	start, steps, err := beloteSteps(ctx, s, p)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("table: analysis of deal %d: %w", p.Deal, err)
	}
	a := &BeloteAnalysis{Type: protocol.TypeBeloteAnalysis, Deal: p.Deal, Contract: p.Contract,
		Takers: p.Taker.Side(), Start: start, Final: start, Costly: []BeloteCostlyCard{}}
	for _, st := range steps {
		side := st.Seat.Side()
		if cost := st.Before[side] - st.After[side]; cost > 0 {
			a.Costly = append(a.Costly, BeloteCostlyCard{Trick: st.Trick, Seat: st.Seat, Card: st.Card,
				Cost: cost, Before: st.Before[side], After: st.After[side]})
		}
		a.Final = st.After
	}
	return a, nil
}

// ---- the analyst's side ----

// beloteEnabled reports whether belote deals are analysed.
func (a *analyst) beloteEnabled() bool { return a != nil && a.belote != nil }

// runBelote computes a belote analysis under the analysis deadline, on the
// double-dummy pool in the background like a bridge analysis (the belote
// solver does not use the pool's solver: the pool bounds the work).
func (a *analyst) runBelote(j analysisJob) {
	ctx, cancel := context.WithTimeout(context.Background(), a.timeout)
	defer cancel()
	var x *BeloteAnalysis
	err := a.pool.Do(ctx, ddpool.Background, func(ctx context.Context, _ *dd.Solver) error {
		var err error
		x, err = a.belote(ctx, *j.belote)
		if err == nil && x == nil {
			err = errors.New("table: no analysis")
		}
		return err
	})
	var msg []byte
	if err == nil {
		msg, err = json.Marshal(x)
	} else if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("table: analysis of deal %d: %w", j.belote.Deal, ctx.Err())
	}
	j.beloteDone(msg, err)
}

// beloteHint computes the value of each legal card of d for the side to
// play, in a hint slot, under the hint deadline, on the pool at player
// priority.
func (a *analyst) beloteHint(ctx context.Context, d *belote.Deal) (map[string]int, error) {
	return a.inHintSlot(ctx, func(ctx context.Context, _ *dd.Solver) (map[string]int, error) {
		return a.beloteHints(ctx, d)
	})
}

// ---- the table's side ----

// requestBeloteAnalysis queues the analysis of the current belote deal
// (just finished, its result line stored as line) when the table has a
// human to show it to. It runs on the table goroutine.
func (t *Table) requestBeloteAnalysis(bm match.BeloteAnalysable, line json.RawMessage) {
	if !t.an.beloteEnabled() || t.humans() == 0 {
		return
	}
	no := t.m.DealNo()
	if _, done := t.analyses[no]; done || t.analysing[no] {
		return
	}
	p, ok := bm.BeloteDealPlay()
	if !ok {
		return
	}
	p.Deal = no
	t.queueAnalysis(no, analysisJob{belote: &p, beloteDone: t.analysed(no, line)})
}

// beloteHintable reports whether the table gives belote hints (the
// casual-table conditions are the caller's).
func (t *Table) beloteHintable() bool {
	_, ok := t.m.(match.BeloteHintable)
	return ok && t.an != nil && t.an.beloteHints != nil
}

// beloteHint is [Table.Hint] at a belote table: the card points the
// player's side ends the deal with after each legal card, all cards open.
func (t *Table) beloteHint(ctx context.Context, userID string, hm match.BeloteHintable) (map[string]int, error) {
	var d *belote.Deal
	var cached map[string]int
	var v uint64
	var err error
	if e := t.exec(ctx, func() {
		us, herr := t.mayHint(userID, t.an != nil && t.an.beloteHints != nil, "no belote hints on this server")
		if herr != nil {
			err = herr
			return
		}
		hd, herr := hm.BeloteHintDeal(us)
		if herr != nil {
			err = errf(CodeTurn, "hints are given when it is your turn to play a card")
			return
		}
		v = t.version
		if t.hintCards != nil && t.hintV == v {
			cached = t.hintCards
			return
		}
		d = hd
	}); e != nil {
		return nil, e
	}
	if err != nil {
		return nil, err
	}
	if cached != nil {
		return cloneHint(cached), nil
	}
	cards, err := t.an.beloteHint(ctx, d)
	if err != nil {
		return nil, err
	}
	keep := cloneHint(cards)
	t.tryPost(func() {
		if t.version == v {
			t.hintCards, t.hintV = keep, v
		}
	})
	return cards, nil
}

func cloneHint(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
