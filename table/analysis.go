package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"atout/game"
	"atout/match"
	"atout/protocol"
)

// The protocol's analysis messages and their parts (docs/protocol.md).
type (
	Analysis         = protocol.Analysis
	ParInfo          = protocol.ParInfo
	CostlyCard       = protocol.CostlyCard
	BeloteAnalysis   = protocol.BeloteAnalysis
	BeloteCostlyCard = protocol.BeloteCostlyCard
)

// ErrAnalysisBusy is given to a claim, an analysis or a hint refused
// because the workers are saturated.
var ErrAnalysisBusy = &Error{Code: CodeBusy, Msg: "the double-dummy workers are busy, try again"}

// analyst runs the abilities' work of a hub's tables — the analysis of
// finished deals and hints — off the table goroutines, on the hub's
// workers ([Config.Workers]), each piece of work under a deadline: hints
// urgent, analyses in the background. The solvers poll the deadline; a
// piece of work past it is reported as failed at once, and its worker
// stays taken until the solver really returns, so that abandoned searches
// never pile up on the cores.
//
// A review that compares the deal with a second table (match.Review.Compare)
// runs in two: the review without the second table, sent at once and
// saying the second table is pending, then the review again with it, sent
// when done, from a queue of its own (later). A slot of that queue is
// taken when the first review is queued; a deal that finds none goes
// without a second table (match.SecondSkipped), so that every pending one
// is played. The workers take the second tables when no first review
// waits, or when the second tables have had less of the workers' time
// than the first reviews (of late: account): the deals' reviews come
// first, and the second tables still get half the time on a node that
// never runs out of deals.
type analyst struct {
	workers     match.Workers
	timeout     time.Duration
	hintTimeout time.Duration
	jobs        chan analysisJob
	later       chan analysisJob // the second tables, at most cap(laterSlots)
	laterSlots  chan struct{}    // taken when a review that will have a second table is queued
	timeMu      sync.Mutex
	firstTime   time.Duration // the workers' recent time on the first reviews
	laterTime   time.Duration // and on the second tables (account)
	hintSlots   chan struct{}
	stop        chan struct{}
	stopOnce    sync.Once
}

// analysisJob is the analysis of a finished deal: run it, then done with
// the encoded message (or why there is none; nil, nil: nothing to review).
type analysisJob struct {
	review  match.Review
	deal    game.Game // a copy of the finished deal
	analyse func(ctx context.Context, r match.Review, d game.Game) (protocol.DealAnalysis, error)
	done    func(msg []byte, err error)
	// then is the review with the second table, queued on later when
	// this one has been sent (its slot taken); nil if none.
	then *analysisJob
	// second: this is such a review (it gives its slot back when done).
	second bool
}

func newAnalyst(cfg *Config) *analyst {
	a := &analyst{
		workers: cfg.Workers, timeout: cfg.AnalysisTimeout, hintTimeout: cfg.HintTimeout,
		jobs:       make(chan analysisJob, cfg.AnalysisQueue),
		later:      make(chan analysisJob, 2*cfg.AnalysisWorkers),
		laterSlots: make(chan struct{}, 2*cfg.AnalysisWorkers),
		hintSlots:  make(chan struct{}, cfg.HintWorkers),
		stop:       make(chan struct{}),
	}
	for _, ab := range cfg.Games {
		if ab.Analyse != nil {
			for range cfg.AnalysisWorkers {
				go a.worker()
			}
			break
		}
	}
	return a
}

func (a *analyst) close() { a.stopOnce.Do(func() { close(a.stop) }) }

// submit queues an analysis; false when the queue is full or the hub is
// stopping (the deal then goes without one). A review that compares (and
// plays the second table, match.SecondNow) is split in two when a slot
// for its second table is free, or else goes without the second table.
func (a *analyst) submit(j analysisJob) bool {
	select {
	case <-a.stop:
		return false
	default:
	}
	reserved := false
	if j.review.Compare && j.review.Second == match.SecondNow {
		if reserved = a.takeLaterSlot(); reserved {
			second := j
			second.second = true
			j.then = &second
			j.review.Second = match.SecondLater
		} else {
			j.review.Second = match.SecondSkipped
		}
	}
	select {
	case a.jobs <- j:
		return true
	default:
		if reserved {
			<-a.laterSlots
		}
		return false
	}
}

// submitSecond queues j, a review with the second table, on the queue of
// the second tables if a slot is free.
func (a *analyst) submitSecond(j analysisJob) bool {
	select {
	case <-a.stop:
		return false
	default:
	}
	if !a.takeLaterSlot() {
		return false
	}
	j.second = true
	a.later <- j // never waits: its slot is taken
	return true
}

// takeLaterSlot takes a slot of the second tables' queue if one is free.
func (a *analyst) takeLaterSlot() bool {
	select {
	case a.laterSlots <- struct{}{}:
		return true
	default:
		return false
	}
}

// next waits for the next job: a first review before a second table,
// unless the second tables have had less of the workers' time; false when
// the hub stops.
func (a *analyst) next() (analysisJob, bool) {
	a.timeMu.Lock()
	behind := a.laterTime < a.firstTime
	a.timeMu.Unlock()
	if behind {
		select {
		case j := <-a.later:
			return j, true
		default:
		}
	}
	select {
	case <-a.stop:
		return analysisJob{}, false
	case j := <-a.jobs:
		return j, true
	default:
	}
	select {
	case <-a.stop:
		return analysisJob{}, false
	case j := <-a.jobs:
		return j, true
	case j := <-a.later:
		return j, true
	}
}

// shareWindow bounds how far ahead of the other either kind of review's
// time may be counted: time spent long ago on belote reviews (no second
// table) must not hand the workers to the second tables for as long.
const shareWindow = 10 * time.Second

// account adds d to the time of the first reviews or of the second
// tables, keeping the two within shareWindow of each other.
func (a *analyst) account(second bool, d time.Duration) {
	a.timeMu.Lock()
	defer a.timeMu.Unlock()
	if second {
		a.laterTime += d
		a.firstTime = max(a.firstTime, a.laterTime-shareWindow)
	} else {
		a.firstTime += d
		a.laterTime = max(a.laterTime, a.firstTime-shareWindow)
	}
}

func (a *analyst) worker() {
	for {
		j, ok := a.next()
		if !ok {
			return
		}
		start := time.Now()
		msg, err := a.run(j)
		a.account(j.second, time.Since(start))
		if j.second {
			<-a.laterSlots
		}
		j.done(msg, err)
		if j.then != nil {
			if err == nil && msg != nil {
				a.later <- *j.then // never waits: its slot is taken
			} else {
				<-a.laterSlots
			}
		}
	}
}

// run computes an analysis under the analysis deadline, in the background
// on the workers, and encodes it.
func (a *analyst) run(j analysisJob) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), a.timeout)
	defer cancel()
	var x protocol.DealAnalysis
	err := a.workers.Do(ctx, false, func(ctx context.Context) error {
		var err error
		x, err = j.analyse(ctx, j.review, j.deal)
		return err
	})
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return nil, fmt.Errorf("table: analysis of deal %d: %w", j.review.Deal, ctx.Err())
	case err != nil:
		return nil, err
	case x.IsZero():
		return nil, nil
	}
	return json.Marshal(x)
}

// inHintSlot runs a hint's computation in a hint slot, under the hint
// deadline, urgent on the workers, and words its failures.
func (a *analyst) inHintSlot(ctx context.Context, f func(context.Context) (protocol.Hint, error)) (protocol.Hint, error) {
	ctx, cancel := context.WithTimeout(ctx, a.hintTimeout)
	defer cancel()
	select {
	case a.hintSlots <- struct{}{}:
	case <-ctx.Done():
		return protocol.Hint{}, ErrAnalysisBusy
	}
	defer func() { <-a.hintSlots }()
	var h protocol.Hint
	err := a.workers.Do(ctx, true, func(ctx context.Context) error {
		var err error
		h, err = f(ctx)
		return err
	})
	switch {
	case err == nil:
		return h, nil
	case errors.Is(err, match.ErrBusy):
		return h, ErrAnalysisBusy
	case errors.Is(err, match.ErrNoHint):
		return h, errf(CodeTurn, "hints are given when it is your turn to play a card")
	case errors.Is(err, context.DeadlineExceeded):
		return h, &Error{Code: CodeTimeout, Msg: "the hint took too long", Err: err}
	case errors.Is(err, context.Canceled):
		return h, err
	}
	return h, &Error{Code: CodeInternal, Msg: err.Error(), Err: err}
}

// defaultHintWorkers leaves a core to the tables.
func defaultHintWorkers() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// ---- the table's side ----

// abilities are what the table's game offers beyond its rules.
func (t *Table) abilities() match.Abilities { return t.cfg.Games[string(t.settings.Game)] }

// requestAnalysis queues the analysis of the current deal (just finished,
// its result line stored as line) when the game has one and the table has
// a human to show it to. It runs on the table goroutine.
func (t *Table) requestAnalysis(line json.RawMessage) {
	analyse := t.abilities().Analyse
	if analyse == nil || t.humans() == 0 || !t.m.DealDone() || t.m.Game() == nil {
		return
	}
	no := t.m.DealNo()
	if _, done := t.analyses[no]; done || t.analysing[no] {
		return
	}
	t.analysing[no] = true
	r := match.Review{Deal: no, Compare: t.compares(), Level: string(t.settings.Level)}
	if !t.an.submit(analysisJob{review: r, deal: t.m.Clone(), analyse: analyse, done: t.analysed(no, line)}) {
		delete(t.analysing, no)
		t.log.Warn("analysis queue full: the deal goes without one", "deal", no)
	}
}

// resumeSecondTable queues the second table of the current deal when its
// stored analysis (msg, with the deal's result line) says it is pending: the
// node that sent it stopped before playing it. Without a free slot it stays
// pending. It runs on the table goroutine.
func (t *Table) resumeSecondTable(msg []byte, line json.RawMessage) {
	analyse := t.abilities().Analyse
	if analyse == nil || !t.m.DealDone() || t.m.Game() == nil || !secondPending(msg) {
		return
	}
	no := t.m.DealNo()
	r := match.Review{Deal: no, Compare: true, Level: string(t.settings.Level)}
	if !t.an.submitSecond(analysisJob{review: r, deal: t.m.Clone(), analyse: analyse, done: t.analysed(no, line)}) {
		t.log.Warn("no slot for the pending second table", "deal", no)
	}
}

// secondPending reports whether analysis message msg says its second
// table is pending (protocol.Comparison.SecondPending).
func secondPending(msg []byte) bool {
	var a struct {
		Compare *struct {
			SecondPending bool `json:"secondPending"`
		} `json:"compare"`
	}
	return json.Unmarshal(msg, &a) == nil && a.Compare != nil && a.Compare.SecondPending
}

// compares reports whether the table compares each deal with others
// (match.Review.Compare): a casual table scored by duplicate.
func (t *Table) compares() bool {
	return !t.settings.Competition() && t.settings.Scoring == match.Duplicate
}

// analysed returns what an analyst calls with the encoded analysis of deal
// no (whose result line is line), or why there is none: the analysis is
// stored with the result, then kept and sent to everybody at the table.
func (t *Table) analysed(no int, line json.RawMessage) func(msg []byte, err error) {
	return func(msg []byte, err error) {
		if err == nil && msg != nil {
			err = t.saveAnalysis(no, line, msg)
		}
		t.post(func() {
			delete(t.analysing, no)
			if err != nil {
				t.log.Warn("no analysis for the deal", "deal", no, "err", err)
				return
			}
			if msg == nil {
				return
			}
			t.keepAnalysis(no, msg)
			for s := range t.subs {
				t.sendAnalysisOf(s, no, msg)
			}
		})
	}
}

// keepAnalysis keeps msg as the analysis of deal no if no is the current
// deal, the only one a player joining is sent (sendAnalysis); the others'
// are in the store. A table kept them all before, some 3 KB a deal for the
// table's life.
func (t *Table) keepAnalysis(no int, msg []byte) {
	if no != t.m.DealNo() {
		return
	}
	clear(t.analyses)
	t.analyses[no] = msg
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
