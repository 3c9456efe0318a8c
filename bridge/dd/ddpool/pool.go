// Package ddpool runs double-dummy work for a server: one bounded pool of
// workers shared by claims, hints, the analysis of finished deals and the
// tournaments' analyses, so that no burst of requests can start more
// searches (or hold more solver memory) than the pool has workers.
//
// Each worker borrows a solver from package dd's pools ([dd.AcquireSolver])
// when work comes and keeps it while work keeps coming, giving it back once
// idle for [Config.Linger]: the memory of the solvers is reused from job to
// job, bounded by the number of workers, and returned to the garbage
// collector when the pool is idle.
//
// Work waits in two bounded queues: [Player] work (somebody waits on it: a
// claim, a hint) is always taken before [Background] work (analyses). A full
// queue refuses the work at once with [ErrBusy] (back-pressure): the player
// is told to try again, a background analysis is dropped or retried later.
// Work whose context ends while it waits is skipped; work already running
// is given the context, which the dd solvers poll, and the caller is
// answered at once.
package ddpool

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"atout/bridge/dd"
)

// Priority orders the work of the pool.
type Priority int

const (
	// Player work has somebody waiting on it (a claim, a hint).
	Player Priority = iota
	// Background work nobody waits on in real time (analyses).
	Background
)

// ErrBusy refuses work when its queue is full.
var ErrBusy = errors.New("the double-dummy solvers are busy: try again in a moment")

// ErrClosed refuses work after Close.
var ErrClosed = errors.New("ddpool: closed")

// Config sizes a pool. Zero values take the defaults given.
type Config struct {
	// Workers is the number of searches run at once (default GOMAXPROCS).
	Workers int
	// PlayerQueue and BackgroundQueue bound the work waiting for a
	// worker (defaults 64 and 256).
	PlayerQueue     int
	BackgroundQueue int
	// TableMB is the size of each worker's transposition table (default:
	// MemoryMB shared by the workers, at most 16 and at least 2).
	TableMB int
	// MemoryMB bounds the transposition tables of all the workers
	// together when TableMB is not given (default 64): the pool's memory
	// does not grow with the machine's cores. A flood of claims at 50
	// tables on a 16-core server (16 workers of 16 MB) took the process
	// to 382 MB; with 16 workers of 4 MB, see docs/security.md.
	MemoryMB int
	// Linger is how long an idle worker keeps its solver before giving it
	// back to dd's pools (default 2s): a burst reuses the same tables.
	Linger time.Duration
	// BackgroundNice, from 1 to 19, runs each piece of background work on
	// an operating-system thread of its own whose scheduling priority is
	// lowered by that much (nice), and which ends with the work: when the
	// CPU is short, the kernel then gives it to the process's other
	// threads (the tables, the players' claims and hints) first. 0 (the
	// default) runs background work like the rest. Only Linux lowers a
	// thread's priority; elsewhere the work runs as with 0.
	//
	// Such work holds one of the Go scheduler's Ps while the kernel keeps
	// it waiting: a process that sets this should run with GOMAXPROCS
	// raised by Workers, so that the rest always finds a P (as atout
	// serve does).
	BackgroundNice int
}

// Func is a piece of work: it runs on a worker with a solver of the pool,
// which it must not keep.
type Func func(ctx context.Context, s *dd.Solver) error

// Pool is a bounded pool of double-dummy workers. Its methods are safe for
// concurrent use.
type Pool struct {
	cfg        Config
	player     chan *job
	background chan *job
	stop       chan struct{}
	stopOnce   sync.Once

	running  atomic.Int64
	peak     atomic.Int64
	held     atomic.Int64 // solvers the workers hold now
	peakHeld atomic.Int64
	done     atomic.Int64
	refused  atomic.Int64
	canceled atomic.Int64
	// niceFailed counts the background work run at the process's
	// priority because the thread's could not be lowered.
	niceFailed atomic.Int64
}

type job struct {
	ctx   context.Context
	pri   Priority
	f     Func
	res   chan error
	done  func(error) // Go's callback
	taken atomic.Bool // a worker started it, or the caller gave up
}

func (j *job) finish(err error) {
	j.res <- err
	if j.done != nil {
		j.done(err)
	}
}

// New starts a pool.
func New(cfg Config) *Pool {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.PlayerQueue <= 0 {
		cfg.PlayerQueue = 64
	}
	if cfg.BackgroundQueue <= 0 {
		cfg.BackgroundQueue = 256
	}
	if cfg.MemoryMB <= 0 {
		cfg.MemoryMB = 64
	}
	if cfg.TableMB <= 0 {
		cfg.TableMB = min(16, max(2, cfg.MemoryMB/cfg.Workers))
	}
	if cfg.Linger <= 0 {
		cfg.Linger = 2 * time.Second
	}
	p := &Pool{cfg: cfg, player: make(chan *job, cfg.PlayerQueue),
		background: make(chan *job, cfg.BackgroundQueue), stop: make(chan struct{})}
	for range cfg.Workers {
		go p.worker()
	}
	return p
}

var (
	defaultOnce sync.Once
	defaultPool *Pool
)

// Default returns the process's shared pool (made on first use with the
// default configuration): packages given no pool use it, so that a process
// has one bound on its double-dummy work.
func Default() *Pool {
	defaultOnce.Do(func() { defaultPool = New(Config{}) })
	return defaultPool
}

// Workers returns the number of workers.
func (p *Pool) Workers() int { return p.cfg.Workers }

// Close stops the workers once they finish their current work (it does not
// wait for them: running work ends with its context); queued work is
// refused with ErrClosed.
func (p *Pool) Close() {
	p.stopOnce.Do(func() { close(p.stop) })
	for _, q := range []chan *job{p.player, p.background} {
		for {
			select {
			case j := <-q:
				if j.taken.CompareAndSwap(false, true) {
					j.finish(ErrClosed)
				}
				continue
			default:
			}
			break
		}
	}
}

// Do runs f on a worker at priority pri and returns its error. It returns
// ErrBusy at once when the queue of pri is full, and ctx.Err() as soon as
// ctx ends (work still queued is then skipped; work running is told through
// its ctx and keeps its worker until it returns).
func (p *Pool) Do(ctx context.Context, pri Priority, f Func) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case <-p.stop:
		return ErrClosed
	default:
	}
	j := &job{ctx: ctx, pri: pri, f: f, res: make(chan error, 1)}
	q := p.player
	if pri != Player {
		q = p.background
	}
	select {
	case q <- j:
	default:
		p.refused.Add(1)
		return ErrBusy
	}
	select {
	case err := <-j.res:
		return err
	case <-ctx.Done():
		if j.taken.CompareAndSwap(false, true) {
			p.canceled.Add(1)
		}
		return ctx.Err()
	}
}

// Go queues f at priority pri without waiting for it; done, if not nil,
// gets its error (ctx.Err() if ctx ended before it ran, ErrClosed if the
// pool closed first) on a worker's goroutine. It reports false (and does
// not call done) when the queue is full or the pool closed.
func (p *Pool) Go(ctx context.Context, pri Priority, f Func, done func(error)) bool {
	select {
	case <-p.stop:
		return false
	default:
	}
	j := &job{ctx: ctx, pri: pri, f: f, res: make(chan error, 1), done: done}
	q := p.player
	if pri != Player {
		q = p.background
	}
	select {
	case q <- j:
		return true
	default:
		p.refused.Add(1)
		return false
	}
}

func (p *Pool) worker() {
	var s *dd.Solver // kept from job to job while work keeps coming
	defer func() { p.release(s) }()
	for {
		var j *job
		select {
		case j = <-p.player:
		default:
			var idle <-chan time.Time
			var t *time.Timer
			if s != nil {
				t = time.NewTimer(p.cfg.Linger)
				idle = t.C
			}
			select {
			case j = <-p.player:
			case j = <-p.background:
			case <-idle:
				p.release(s) // back to dd's pools: the GC may have it
				s = nil
				continue
			case <-p.stop:
				return
			}
			if t != nil {
				t.Stop()
			}
		}
		s = p.run(j, s)
	}
}

// run runs j on solver s (nil: one is taken from dd's pools) and returns
// the solver to keep for the next job (nil if the work panicked).
func (p *Pool) run(j *job, s *dd.Solver) *dd.Solver {
	if !j.taken.CompareAndSwap(false, true) {
		return s // the caller gave up while it waited
	}
	if err := j.ctx.Err(); err != nil {
		p.canceled.Add(1)
		j.finish(err)
		return s
	}
	maxTo(&p.peak, p.running.Add(1))
	if s == nil {
		s = dd.AcquireSolver(p.cfg.TableMB)
		maxTo(&p.peakHeld, p.held.Add(1))
	}
	var err error
	call := func() {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("ddpool: work panicked: %v", r)
				s = nil // its state is unknown: let it go
				p.held.Add(-1)
			}
		}()
		err = j.f(context.WithValue(j.ctx, solverKey{}, s), s)
	}
	if j.pri == Background && p.cfg.BackgroundNice > 0 {
		lowered(p.cfg.BackgroundNice, call, &p.niceFailed)
	} else {
		call()
	}
	p.running.Add(-1)
	p.done.Add(1)
	j.finish(err)
	return s
}

// release gives a worker's solver back to dd's pools.
func (p *Pool) release(s *dd.Solver) {
	if s != nil {
		p.held.Add(-1)
		dd.ReleaseSolver(s)
	}
}

// maxTo raises m to n if n is more.
func maxTo(m *atomic.Int64, n int64) {
	for {
		pk := m.Load()
		if n <= pk || m.CompareAndSwap(pk, n) {
			return
		}
	}
}

type solverKey struct{}

// SolverOf returns the solver of the pool's worker running the work whose
// context is ctx (nil outside the pool): code that takes only a context
// (an analysis function) uses it rather than a solver of its own.
func SolverOf(ctx context.Context) *dd.Solver {
	s, _ := ctx.Value(solverKey{}).(*dd.Solver)
	return s
}

// Stats is a snapshot of a pool's counters.
type Stats struct {
	Workers          int   `json:"workers"`
	Running          int64 `json:"running"`
	Peak             int64 `json:"peak"` // most work run at once so far
	QueuedPlayer     int   `json:"queuedPlayer"`
	QueuedBackground int   `json:"queuedBackground"`
	Done             int64 `json:"done"`
	Refused          int64 `json:"refused"`  // ErrBusy
	Canceled         int64 `json:"canceled"` // given up before it ran
	// NiceFailed counts the background work run at the process's
	// priority because Config.BackgroundNice could not lower its
	// thread's.
	NiceFailed int64 `json:"niceFailed,omitempty"`
	// TableMB is the size of each worker's transposition table; SolverMB
	// the tables the workers hold now, PeakSolverMB the most they held
	// at once (at most Workers × TableMB).
	TableMB      int   `json:"tableMB"`
	SolverMB     int64 `json:"solverMB"`
	PeakSolverMB int64 `json:"peakSolverMB"`
}

// Stats returns the pool's counters.
func (p *Pool) Stats() Stats {
	return Stats{Workers: p.cfg.Workers, Running: p.running.Load(), Peak: p.peak.Load(),
		QueuedPlayer: len(p.player), QueuedBackground: len(p.background),
		Done: p.done.Load(), Refused: p.refused.Load(), Canceled: p.canceled.Load(),
		NiceFailed: p.niceFailed.Load(),
		TableMB:    p.cfg.TableMB, SolverMB: p.held.Load() * int64(p.cfg.TableMB), PeakSolverMB: p.peakHeld.Load() * int64(p.cfg.TableMB)}
}
