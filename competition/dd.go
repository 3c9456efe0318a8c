package competition

// The tournaments' double-dummy analyses are cached by the tournaments
// themselves (tournament.Tournament.Analysis); the service only queues
// the solves in the background, so that a page never waits for the solver
// longer than it chooses, and runs them on the pool.

import (
	"context"
	"sync"
	"time"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/bridge/dd/ddpool"
	"atout/tournament"
)

// ddQueue runs the analyses in the background, each board once at a time.
type ddQueue struct {
	pool *ddpool.Pool
	sem  chan struct{} // background solves at once (the pool's workers)
	mu   sync.Mutex
	busy map[*tournament.Tournament]map[int]chan struct{} // being solved: closed when done
}

func (q *ddQueue) init(pool *ddpool.Pool) {
	q.pool, q.sem = pool, make(chan struct{}, max(pool.Workers(), 1))
	q.busy = map[*tournament.Tournament]map[int]chan struct{}{}
}

// solve is the double-dummy solver of the tournaments: s.DD, or else the
// shared pool, in the background behind the players' claims and hints.
func (s *Service) solve(d bridge.Deal) (dd.Table, error) {
	if f := s.DD; f != nil {
		return f(d)
	}
	ctx, cancel := context.WithTimeout(context.Background(), solveTimeout)
	defer cancel()
	var tb dd.Table
	err := s.dd.pool.Do(ctx, ddpool.Background, func(ctx context.Context, sv *dd.Solver) error {
		var err error
		tb, err = sv.TableContext(ctx, d)
		return err
	})
	return tb, err
}

// solveTimeout bounds a tournament's background solve of one deal.
const solveTimeout = 2 * time.Minute

// wait reports whether the analysis of board n of t is known, waiting up
// to wait for it. An analysis not known yet is computed in the background,
// so that a request never waits for the solver longer than wait.
func (q *ddQueue) wait(t *tournament.Tournament, n int, wait time.Duration) bool {
	if t.AnalysisReady(n) {
		return true
	}
	q.mu.Lock()
	m := q.busy[t]
	if m == nil {
		m = map[int]chan struct{}{}
		q.busy[t] = m
	}
	done, busy := m[n]
	if !busy {
		done = make(chan struct{})
		m[n] = done
		go func() {
			q.sem <- struct{}{}
			defer func() { <-q.sem }()
			t.Analysis(n) // an error leaves the analysis not ready
			q.mu.Lock()
			delete(m, n)
			if len(m) == 0 && q.busy[t] != nil && len(q.busy[t]) == 0 {
				delete(q.busy, t)
			}
			q.mu.Unlock()
			close(done)
		}()
	}
	q.mu.Unlock()
	if wait <= 0 {
		return t.AnalysisReady(n)
	}
	select {
	case <-done:
	case <-time.After(wait):
	}
	return t.AnalysisReady(n)
}

// ready returns which of the boards of t have their analysis known,
// waiting at most wait in all: the solves of the others are queued in the
// background (see wait), so that a page showing many boards is sent at
// once with the analyses that are ready.
func (q *ddQueue) ready(t *tournament.Tournament, boards []int, wait time.Duration) map[int]bool {
	ready := make(map[int]bool, len(boards))
	// Queue every missing board first, in the page's order, then wait for
	// them in that order while time remains.
	for _, n := range boards {
		if _, ok := t.Board(n); ok {
			ready[n] = q.wait(t, n, 0)
		}
	}
	deadline := time.Now().Add(wait)
	for _, n := range boards {
		if _, ok := t.Board(n); !ok || ready[n] {
			continue
		}
		// Past the deadline, a board solved meanwhile still counts.
		ready[n] = q.wait(t, n, max(time.Until(deadline), 0))
	}
	return ready
}
