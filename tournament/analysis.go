package tournament

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"atout/bridge/dd"
)

// Analysis is the double-dummy analysis of a board: the table of tricks
// (Table[declarer][strain]) and the par.
type Analysis struct {
	Board int
	Table dd.Table
	Par   dd.ParResult
}

// analysisSlot caches one board's analysis; once makes concurrent callers
// wait for a single computation.
type analysisSlot struct {
	once sync.Once
	a    Analysis
	err  error
	done atomic.Bool // computed without error
}

func (t *Tournament) slot(bi int) *analysisSlot {
	t.ddMu.Lock()
	defer t.ddMu.Unlock()
	if t.ddRes[bi] == nil {
		t.ddRes[bi] = &analysisSlot{}
	}
	return t.ddRes[bi]
}

// Analysis returns board n's double-dummy table and par, computed on first
// use with t.DD (nil: [DefaultDD]) and cached for the tournament's life. It
// does no visibility check: see [Tournament.AnalysisFor].
func (t *Tournament) Analysis(n int) (Analysis, error) {
	bi, err := t.boardIndex("Analysis", n)
	if err != nil {
		return Analysis{}, err
	}
	s := t.slot(bi)
	s.once.Do(func() {
		b := t.Boards[bi]
		solve := t.DD
		if solve == nil {
			solve = DefaultDD
		}
		tbl, err := solve(b.Deal)
		if err != nil {
			s.err = &Error{Op: "Analysis", Board: n, Err: fmt.Errorf("double-dummy: %w", err)}
			return
		}
		s.a = Analysis{Board: n, Table: tbl, Par: dd.Par(&tbl, b.Dealer, b.Vul)}
		s.done.Store(true)
	})
	return s.a, s.err
}

// AnalysisReady reports whether board n's analysis has been computed (so
// that [Tournament.Analysis] returns it at once).
func (t *Tournament) AnalysisReady(n int) bool {
	bi, ok := t.byNum[n]
	if !ok {
		return false
	}
	t.ddMu.Lock()
	s := t.ddRes[bi]
	t.ddMu.Unlock()
	return s != nil && s.done.Load()
}

// KeepAnalyses takes the analyses old has computed of the boards t has
// too (same number and deal): a tournament read again keeps them.
func (t *Tournament) KeepAnalyses(old *Tournament) {
	if old == nil || old == t {
		return
	}
	old.ddMu.Lock()
	slots := make([]*analysisSlot, len(old.ddRes))
	copy(slots, old.ddRes)
	old.ddMu.Unlock()
	t.ddMu.Lock()
	defer t.ddMu.Unlock()
	for oi, s := range slots {
		if s == nil || !s.done.Load() {
			continue
		}
		ob := old.Boards[oi]
		if bi, ok := t.byNum[ob.Number]; ok && t.Boards[bi] == ob && t.ddRes[bi] == nil {
			t.ddRes[bi] = s
		}
	}
}

// AnalysisFor returns board n's analysis as viewer may see it at time now:
// only once the viewer has played the board or the tournament is over
// (otherwise the error wraps ErrNotPlayedYet).
func (t *Tournament) AnalysisFor(n int, viewer string, now time.Time) (Analysis, error) {
	if err := t.CanSee("AnalysisFor", n, viewer, now); err != nil {
		return Analysis{}, err
	}
	return t.Analysis(n)
}

// AnalyseAll computes (or takes from the cache) the analysis of every
// board, in board order, solving up to workers boards at a time (0: one).
func (t *Tournament) AnalyseAll(workers int) ([]Analysis, error) {
	workers = max(workers, 1)
	out := make([]Analysis, len(t.Boards))
	errs := make([]error, len(t.Boards))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(workers, len(t.Boards)) {
		wg.Go(func() {
			for i := range next {
				out[i], errs[i] = t.Analysis(t.Boards[i].Number)
			}
		})
	}
	for i := range t.Boards {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
