package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"atout/game"
)

// maxBatch bounds the moves committed in one transaction.
const maxBatch = 512

// batchTimeout bounds one batch's transaction.
const batchTimeout = 30 * time.Second

// ErrClosed is returned by calls on a closed store.
var ErrClosed = errors.New("store: closed")

// moveReq is one AppendMove, or one write transaction (fn), waiting for
// the group committer.
type moveReq struct {
	ctx    context.Context
	fn     func(tx *sql.Tx) error
	gameID string
	deal   int
	seq    int
	m      game.Move
	err    error
	done   chan struct{}
}

// committer is the group commit of SQLite: a single goroutine that turns
// the moves ([Store.AppendMove]) and the other write transactions waiting
// into one transaction each round, one fsync for the lot.
type committer struct {
	s      *Store
	reqs   chan *moveReq // unbuffered: a move is taken or not, never lost in a buffer
	quit   chan struct{}
	exited chan struct{}
	once   sync.Once

	// touchedAt is when each game's update time was last set for its
	// moves (committer goroutine only).
	touchedAt map[string]int64
	prunedAt  int64

	// stmts are the statements of a move prepared once on the writer
	// connection (parsing them was a third of the writer's time).
	stmts map[string]*sql.Stmt

	// batches and committed count the transactions and the requests
	// committed (tests and benchmarks).
	mu                 sync.Mutex
	batches, committed int
	moves              int // moves tried (committer goroutine only)
}

func newCommitter(s *Store) *committer {
	c := &committer{s: s, reqs: make(chan *moveReq), quit: make(chan struct{}), exited: make(chan struct{})}
	go c.run()
	return c
}

// close stops the committer after the batch in progress; the calls still
// waiting get ErrClosed.
func (c *committer) close() {
	c.once.Do(func() { close(c.quit) })
	<-c.exited
	for _, st := range c.stmts {
		st.Close()
	}
	c.stmts = nil
}

// append hands r to the committer and waits for its answer.
func (c *committer) append(ctx context.Context, r *moveReq) error {
	r.done = make(chan struct{})
	select {
	case c.reqs <- r:
	case <-c.quit:
		return fmt.Errorf("store: append move: %w", ErrClosed)
	case <-ctx.Done():
		return ctx.Err()
	}
	// Taken: the answer comes after the commit (bounded by batchTimeout).
	<-r.done
	return r.err
}

func (c *committer) run() {
	defer close(c.exited)
	batch := make([]*moveReq, 0, maxBatch)
	for {
		select {
		case r := <-c.reqs:
			batch = append(batch[:0], r)
		case <-c.quit:
			return
		}
		// Every caller blocked on the channel while the previous batch
		// was committing joins this one.
	drain:
		for len(batch) < maxBatch {
			select {
			case r := <-c.reqs:
				batch = append(batch, r)
			default:
				break drain
			}
		}
		c.commit(batch)
		for i := range batch {
			close(batch[i].done)
			batch[i] = nil
		}
	}
}

// commit runs the requests of batch in one transaction and sets each
// request's error.
//
// Each move costs one prepared INSERT, which also checks that the game is
// open; the games' update time is set once at the end, and at most once a
// second per game. A move refused
// — a position taken, a deal missing, a finished game — fails alone:
// SQLite undoes a failed statement by itself and the guarded INSERT writes
// nothing when it refuses. A write job runs under a savepoint and fails
// alone too. Any other error rolls the whole batch back and fails every
// request in it, since SQLite may have ended the transaction.
func (c *committer) commit(batch []*moveReq) {
	s := c.s
	live := 0
	for _, r := range batch {
		if err := r.ctx.Err(); err != nil {
			r.err = err
			continue
		}
		live++
	}
	if live == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), batchTimeout)
	defer cancel()
	fail := func(err error) {
		for _, r := range batch {
			if r.err == nil {
				r.err = err
			}
		}
	}
	c.prepare(ctx)
	sqlTx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		fail(fmt.Errorf("store: begin: %w", err))
		return
	}
	tx := &preparedTx{Tx: sqlTx, stmts: c.stmts}
	abort := func(err error) {
		tx.Rollback()
		fail(err)
	}
	now := nowMS()
	done := 0
	var touched []string
	isTouched := map[string]bool{}
	for _, r := range batch {
		if r.err != nil {
			continue
		}
		if r.fn != nil {
			if _, err := tx.ExecContext(ctx, "SAVEPOINT job"); err != nil {
				abort(fmt.Errorf("store: savepoint: %w", err))
				return
			}
			if r.err = r.fn(sqlTx); r.err != nil {
				if _, err := tx.ExecContext(ctx, "ROLLBACK TO job"); err != nil {
					abort(fmt.Errorf("store: rollback to savepoint: %w (after %w)", err, r.err))
					return
				}
			} else {
				done++
			}
			if _, err := tx.ExecContext(ctx, "RELEASE job"); err != nil {
				abort(fmt.Errorf("store: release savepoint: %w", err))
				return
			}
			continue
		}
		r.err = s.insertMoveRow(ctx, tx, r.gameID, r.deal, r.seq, r.m, now)
		switch {
		case r.err == nil:
			done++
			c.moves++
			if !isTouched[r.gameID] && now-c.touchedAt[r.gameID] >= touchPeriod {
				isTouched[r.gameID] = true
				touched = append(touched, r.gameID)
			}
		case errors.Is(r.err, errSeqTaken):
			r.err = s.moveConflict(ctx, tx, r.gameID, r.deal, r.seq)
		case errors.Is(r.err, ErrConflict), errors.Is(r.err, ErrNotFound), errors.Is(r.err, ErrFinished):
		default:
			abort(r.err)
			return
		}
	}
	if done == 0 {
		tx.Rollback()
		return
	}
	if err := s.touchGames(ctx, tx, touched, now); err != nil {
		abort(err)
		return
	}
	if err := tx.Commit(); err != nil {
		fail(fmt.Errorf("store: commit: %w", err))
		return
	}
	c.noteTouched(touched, now)
	c.mu.Lock()
	c.batches++
	c.committed += done
	c.mu.Unlock()
}

// touchPeriod is how often (ms) a game's update time is rewritten for its
// moves: a table playing fast is touched once a second, not once a batch.
const touchPeriod = 1000

// noteTouched records when the games ids were touched and forgets the
// games not touched for a minute.
func (c *committer) noteTouched(ids []string, now int64) {
	if c.touchedAt == nil {
		c.touchedAt = map[string]int64{}
	}
	for _, id := range ids {
		c.touchedAt[id] = now
	}
	if len(c.touchedAt) > 4096 && now-c.prunedAt > 60_000 {
		for id, at := range c.touchedAt {
			if now-at > 60_000 {
				delete(c.touchedAt, id)
			}
		}
		c.prunedAt = now
	}
}

// touchSizes are the numbers of games the prepared touch statements
// update: a list of ids goes by the shortest that holds it (its last id
// repeated to fill it), a longer one by chunks of the longest. A batch
// touches a few games: binding 33 arguments for one game was a tenth of
// what a node allocated at thousands of tables.
var touchSizes = [...]int{1, 2, 4, 8, 16, touchMost}

// touchMost is the most games one touch statement updates.
const touchMost = 32

// touchSQLs are the touch statements, one for each of touchSizes.
var touchSQLs = func() (q [len(touchSizes)]string) {
	for i, n := range touchSizes {
		q[i] = "UPDATE games SET updated_ms = ? WHERE id IN (?" + strings.Repeat(", ?", n-1) + ")"
	}
	return q
}()

// touchGames sets the update time of the games ids.
func (s *Store) touchGames(ctx context.Context, tx txExecer, ids []string, now int64) error {
	var buf [touchMost + 1]any
	buf[0] = now
	for len(ids) > 0 {
		k := 0
		for touchSizes[k] < len(ids) && k < len(touchSizes)-1 {
			k++
		}
		size := touchSizes[k]
		n := min(len(ids), size)
		args := buf[:size+1]
		for i := range size {
			args[1+i] = ids[min(i, n-1)]
		}
		if _, err := tx.ExecContext(ctx, s.q(touchSQLs[k]), args...); err != nil {
			return fmt.Errorf("store: touch games: %w", err)
		}
		ids = ids[n:]
	}
	return nil
}

// The statements of a move in the committer's transactions.
var hotQueries = append([]string{insertMoveSQL, "SAVEPOINT job", "ROLLBACK TO job", "RELEASE job"}, touchSQLs[:]...)

// prepare prepares the hot statements on the writer connection, once. It
// must run outside a transaction: the writer pool has one connection. A
// statement that fails to prepare is simply run unprepared.
func (c *committer) prepare(ctx context.Context) {
	if c.stmts != nil {
		return
	}
	c.stmts = map[string]*sql.Stmt{}
	for _, q := range hotQueries {
		q = c.s.q(q)
		if st, err := c.s.db.PrepareContext(ctx, q); err == nil {
			c.stmts[q] = st
		}
	}
}

// preparedTx runs the statements it has prepared through them and any
// other through the transaction.
type preparedTx struct {
	*sql.Tx
	stmts map[string]*sql.Stmt
}

func (p *preparedTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st, ok := p.stmts[query]; ok {
		return p.Tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return p.Tx.QueryRowContext(ctx, query, args...)
}

func (p *preparedTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st, ok := p.stmts[query]; ok {
		return p.Tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return p.Tx.ExecContext(ctx, query, args...)
}

// GroupCommitStats returns the write transactions the group committer has
// committed and the writes (moves and other write transactions) they held;
// zeros on PostgreSQL, which does not group writes.
func (s *Store) GroupCommitStats() (transactions, writes int) {
	if s.moves == nil {
		return 0, 0
	}
	return s.moves.stats()
}

// stats returns the transactions and the requests committed so far.
func (c *committer) stats() (batches, committed int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.batches, c.committed
}

// checkpointInterval is the period of the WAL checkpoints.
const checkpointInterval = 200 * time.Millisecond

// checkpointer copies the WAL of an SQLite file into the database on a
// connection of its own, so that the writer never does it inside a commit.
// PASSIVE checkpoints neither wait for nor block the writer and the
// readers; SQLite starts the WAL over once a checkpoint has copied all of
// it. Durability does not depend on it: a commit is on disk once in the
// WAL.
type checkpointer struct {
	db     *sql.DB
	quit   chan struct{}
	exited chan struct{}
	once   sync.Once
}

func newCheckpointer(s *Store) *checkpointer {
	c := &checkpointer{db: s.rdb, quit: make(chan struct{}), exited: make(chan struct{})}
	go c.run()
	return c
}

func (c *checkpointer) run() {
	defer close(c.exited)
	tick := time.NewTicker(checkpointInterval)
	defer tick.Stop()
	for {
		select {
		case <-c.quit:
			return
		case <-tick.C:
		}
		c.checkpoint("PASSIVE")
	}
}

// checkpoint runs one checkpoint of the given mode; errors are left to the
// next round (a full WAL only costs disk and read time).
func (c *checkpointer) checkpoint(mode string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var busy, log, done int
	c.db.QueryRowContext(ctx, "PRAGMA wal_checkpoint("+mode+")").Scan(&busy, &log, &done)
}

func (c *checkpointer) close() {
	c.once.Do(func() { close(c.quit) })
	<-c.exited
}
