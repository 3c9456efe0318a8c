package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/bridge/dd/ddpool"
	"atout/card"
	"atout/match"
	"atout/protocol"
)

// The protocol's analysis message and its parts (docs/protocol.md).
type (
	Analysis   = protocol.Analysis
	ParInfo    = protocol.ParInfo
	CostlyCard = protocol.CostlyCard
)

// AnalyseFunc computes the analysis of a finished deal. It runs on the
// hub's analysis workers, never on a table goroutine; it should give up
// when ctx is done (its result is then discarded).
type AnalyseFunc func(ctx context.Context, p DealPlay) (*Analysis, error)

// NewDDAnalyser returns an [AnalyseFunc] over package bridge/dd: the
// double-dummy table and par, then the play replayed card by card, each
// step giving up when ctx ends. Run by a hub, it uses the solver of the
// double-dummy pool's worker it runs on ([ddpool.SolverOf]); called
// elsewhere, a solver of tableMB megabytes (0: the solver's default) taken
// from dd's pools.
func NewDDAnalyser(tableMB int) AnalyseFunc {
	return func(ctx context.Context, p DealPlay) (*Analysis, error) {
		s := ddpool.SolverOf(ctx)
		if s == nil {
			s = dd.AcquireSolver(tableMB)
			defer dd.ReleaseSolver(s)
		}
		return analyse(ctx, s, p)
	}
}

// analyse computes the analysis of p on solver s.
func analyse(ctx context.Context, s *dd.Solver, p DealPlay) (*Analysis, error) {
	tab, err := s.TableContext(ctx, p.Deal)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("table: analysis of board %d: %w", p.Board, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	par := dd.Par(&tab, p.Dealer, p.Vul)
	a := &Analysis{Type: "analysis", Board: p.Board, DD: map[card.Seat]map[string]int{},
		Par:      ParInfo{Score: par.Score, Contracts: par.Strings()},
		Contract: p.Contract.String(), Costly: []CostlyCard{}}
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
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("table: analysis of board %d: %w", p.Board, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a.Start = pa.Start
	a.Costly = costlyCards(pa)
	return a, nil
}

// costlyCards lists the cards of a play analysis that cost a trick, with
// declarer's double-dummy total before and after each.
func costlyCards(pa dd.PlayAnalysis) []CostlyCard {
	out := []CostlyCard{}
	before := pa.Start
	for _, st := range pa.Steps {
		if st.Cost > 0 {
			out = append(out, CostlyCard{Trick: st.Trick, Seat: st.Seat, Card: st.Card, Cost: st.Cost, Before: before, After: st.Tricks})
		}
		before = st.Tricks
	}
	return out
}

// ErrAnalysisBusy is given to a claim, an analysis or a hint refused
// because the double-dummy workers are saturated.
var ErrAnalysisBusy = &Error{Code: CodeBusy, Msg: "the double-dummy workers are busy, try again"}

// analyst runs the double-dummy work of a hub's tables — the analysis of
// finished deals and hints — off the table goroutines, on the hub's
// double-dummy pool ([Config.Solvers]), each piece of work under a
// deadline: hints at the pool's player priority, analyses in the
// background. The solvers poll the deadline; a piece of work past it is
// reported as failed at once, and its pool worker stays taken until the
// solver really returns, so that abandoned searches never pile up on the
// cores.
type analyst struct {
	fn          AnalyseFunc
	belote      BeloteAnalyseFunc
	beloteHints BeloteHintFunc
	pool        *ddpool.Pool
	timeout     time.Duration
	hintTimeout time.Duration
	jobs        chan analysisJob
	hintSlots   chan struct{}
	stop        chan struct{}
	stopOnce    sync.Once
}

type analysisJob struct {
	play DealPlay
	// done receives the result (or the error) on the worker's goroutine.
	done func(*Analysis, error)
	// belote, when set, is a belote deal to analyse instead, whose
	// message (or error) beloteDone receives.
	belote     *match.BelotePlay
	beloteDone func([]byte, error)
}

func newAnalyst(cfg *Config) *analyst {
	a := &analyst{
		fn: cfg.Analyse, belote: cfg.BeloteAnalyse, beloteHints: cfg.BeloteHint, pool: cfg.Solvers, timeout: cfg.AnalysisTimeout, hintTimeout: cfg.HintTimeout,
		jobs:      make(chan analysisJob, cfg.AnalysisQueue),
		hintSlots: make(chan struct{}, cfg.HintWorkers),
		stop:      make(chan struct{}),
	}
	if a.fn != nil || a.belote != nil {
		for range cfg.AnalysisWorkers {
			go a.worker()
		}
	}
	return a
}

func (a *analyst) close() { a.stopOnce.Do(func() { close(a.stop) }) }

func (a *analyst) enabled() bool { return a != nil && a.fn != nil }

// submit queues an analysis; false when the queue is full or the hub is
// stopping (the deal then goes without one).
func (a *analyst) submit(j analysisJob) bool {
	select {
	case <-a.stop:
		return false
	default:
	}
	select {
	case a.jobs <- j:
		return true
	default:
		return false
	}
}

func (a *analyst) worker() {
	for {
		select {
		case <-a.stop:
			return
		case j := <-a.jobs:
			a.run(j)
		}
	}
}

func (a *analyst) run(j analysisJob) {
	if j.belote != nil {
		a.runBelote(j)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), a.timeout)
	defer cancel()
	var x *Analysis
	err := a.pool.Do(ctx, ddpool.Background, func(ctx context.Context, _ *dd.Solver) error {
		var err error
		x, err = a.fn(ctx, j.play)
		if err == nil && x == nil {
			err = errors.New("table: no analysis")
		}
		return err
	})
	switch {
	case err == nil:
		j.done(x, nil)
	case errors.Is(err, context.DeadlineExceeded):
		j.done(nil, fmt.Errorf("table: analysis of board %d: %w", j.play.Board, ctx.Err()))
	default:
		j.done(nil, err)
	}
}

// hint computes the double-dummy value (declarer's total tricks) of each
// legal card of g, in a hint slot, under the hint deadline, on the pool at
// player priority.
func (a *analyst) hint(ctx context.Context, g *bridge.Game) (map[string]int, error) {
	return a.inHintSlot(ctx, func(ctx context.Context, s *dd.Solver) (map[string]int, error) {
		return dd.CardTotals(ctx, s, g)
	})
}

// inHintSlot runs a hint's computation in a hint slot, under the hint
// deadline, on the pool at player priority, and words its failures.
func (a *analyst) inHintSlot(ctx context.Context, f func(context.Context, *dd.Solver) (map[string]int, error)) (map[string]int, error) {
	ctx, cancel := context.WithTimeout(ctx, a.hintTimeout)
	defer cancel()
	select {
	case a.hintSlots <- struct{}{}:
	case <-ctx.Done():
		return nil, ErrAnalysisBusy
	}
	defer func() { <-a.hintSlots }()
	var cards map[string]int
	err := a.pool.Do(ctx, ddpool.Player, func(ctx context.Context, s *dd.Solver) error {
		var err error
		cards, err = f(ctx, s)
		return err
	})
	switch {
	case err == nil:
		return cards, nil
	case errors.Is(err, ddpool.ErrBusy):
		return nil, ErrAnalysisBusy
	case errors.Is(err, context.DeadlineExceeded):
		return nil, &Error{Code: CodeTimeout, Msg: "the hint took too long", Err: err}
	case errors.Is(err, context.Canceled):
		return nil, err
	}
	return nil, &Error{Code: CodeInternal, Msg: err.Error(), Err: err}
}

// defaultHintWorkers leaves a core to the tables.
func defaultHintWorkers() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// ---- the table's side ----

// requestAnalysis queues the analysis of the current deal (just finished,
// its result line stored as line) when the table has a human to show it
// to. It runs on the table goroutine.
func (t *Table) requestAnalysis(line json.RawMessage) {
	if bm, ok := t.m.(match.BeloteAnalysable); ok {
		t.requestBeloteAnalysis(bm, line)
		return
	}
	am, ok := t.m.(match.Analysable)
	if !ok || !t.an.enabled() || t.humans() == 0 {
		return
	}
	no := t.m.DealNo()
	if _, done := t.analyses[no]; done || t.analysing[no] {
		return
	}
	p, ok := am.DealPlay()
	if !ok {
		return
	}
	analysed := t.analysed(no, line)
	t.queueAnalysis(no, analysisJob{play: p, done: func(a *Analysis, err error) {
		var msg []byte
		if err == nil {
			a.Deal = no
			msg, err = json.Marshal(a)
		}
		analysed(msg, err)
	}})
}

// queueAnalysis queues the analysis of deal no on the analysts (on the
// table goroutine); a full queue leaves the deal without one.
func (t *Table) queueAnalysis(no int, job analysisJob) {
	t.analysing[no] = true
	if !t.an.submit(job) {
		delete(t.analysing, no)
		t.log.Warn("analysis queue full: the deal goes without one", "deal", no)
	}
}

// analysed returns what an analyst calls with the encoded analysis of deal
// no (whose result line is line), or why there is none: the analysis is
// stored with the result, then kept and sent to everybody at the table.
func (t *Table) analysed(no int, line json.RawMessage) func(msg []byte, err error) {
	return func(msg []byte, err error) {
		if err == nil {
			err = t.saveAnalysis(no, line, msg)
		}
		t.post(func() {
			delete(t.analysing, no)
			if err != nil {
				t.log.Warn("no analysis for the deal", "deal", no, "err", err)
				return
			}
			t.analyses[no] = msg
			for s := range t.subs {
				t.sendAnalysisOf(s, no, msg)
			}
		})
	}
}

// saveAnalysis stores the analysis with the deal's result, so that a
// reconnection after a restart and the game's history get it.
func (t *Table) saveAnalysis(no int, line, msg json.RawMessage) error {
	var res map[string]json.RawMessage
	if err := json.Unmarshal(line, &res); err != nil {
		return fmt.Errorf("deal %d result: %w", no, err)
	}
	res["analysis"] = msg
	raw, err := json.Marshal(res)
	if err != nil {
		return err
	}
	ctx, cancel := t.storeCtx()
	defer cancel()
	return t.cfg.Store.AnnotateDeal(ctx, t.id, no, raw)
}

// storedAnalysis returns the analysis kept in a stored deal result, if any.
func storedAnalysis(result json.RawMessage) json.RawMessage {
	if len(result) == 0 {
		return nil
	}
	var r struct {
		Analysis json.RawMessage `json:"analysis"`
	}
	if json.Unmarshal(result, &r) != nil || len(r.Analysis) == 0 || string(r.Analysis) == "null" {
		return nil
	}
	return r.Analysis
}

// sendAnalysis sends s the analysis of the current deal when it is over and
// analysed (a player joining or coming back).
func (t *Table) sendAnalysis(s *Sub) {
	if !t.m.DealDone() {
		return
	}
	if msg, ok := t.analyses[t.m.DealNo()]; ok {
		t.sendAnalysisOf(s, t.m.DealNo(), msg)
	}
}

// sendAnalysisOf sends s the analysis msg of deal no if the deal is shown
// to it in full (the analysis tells of every hand).
func (t *Table) sendAnalysisOf(s *Sub, no int, msg []byte) {
	_, seated := t.seatOf(s.userID)
	if t.reveals(s.userID, seated, no) {
		t.send(s, msg)
	}
}
