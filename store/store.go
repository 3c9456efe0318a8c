package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Dialect names the database behind a [Store].
type Dialect string

// The two supported databases.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Store is a handle on Atout's database. It is safe for concurrent use by
// many goroutines; one Store per process is enough.
type Store struct {
	dialect Dialect
	// db takes every write. For an SQLite file it is a single connection
	// whose transactions begin IMMEDIATE: SQLite has one writer at a time,
	// and queueing writers in Go is fairer and faster than letting them
	// spin on SQLITE_BUSY.
	db *sql.DB
	// rdb serves reads. For an SQLite file it is a separate pool of
	// read-only connections, which WAL lets run beside the writer; for
	// PostgreSQL and in-memory SQLite it is db itself.
	rdb *sql.DB
	// nowSQL is an expression for the database clock in milliseconds since
	// the Unix epoch. Leases are timed by the database, not by each node,
	// so that nodes with skewed clocks still agree on who owns a table.
	nowSQL string
	// moves is the group committer of the writes (SQLite only, once
	// migrated; nil on PostgreSQL, where each write is its own
	// transaction).
	moves *committer
	// ckpt checkpoints an SQLite file's WAL beside the writer.
	ckpt *checkpointer
}

// Open connects to the database named by dsn and brings its schema up to
// date.
//
// A dsn starting with postgres:// or postgresql:// is a PostgreSQL connection
// URL (anything pgx accepts, e.g. postgres://user:pw@127.0.0.1:5432/atout or
// with ?search_path=schema). Sessions are opened with synchronous_commit=on
// unless the URL says otherwise, since [Store.AppendMove] promises that an
// accepted move is on disk.
//
// Anything else is an SQLite database: a file path, created if missing
// ("atout.db"), an SQLite URI ("file:atout.db"), or ":memory:" /
// "file::memory:" for a private in-memory database (tests). A file is opened
// in WAL mode with synchronous=FULL, foreign keys on and a 10 s busy timeout,
// so that several processes may share it.
//
// Migrations run inside one transaction under a lock (an advisory lock on
// PostgreSQL, the write lock on SQLite): two processes opening the same
// database at once apply each migration exactly once.
func Open(ctx context.Context, dsn string) (*Store, error) {
	var s *Store
	var err error
	switch {
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		s, err = openPostgres(dsn)
	case dsn == "":
		return nil, invalid("dsn", "", "empty: want a file path, :memory: or a postgres:// URL")
	default:
		s, err = openSQLite(dsn)
	}
	if err != nil {
		return nil, err
	}
	if err := s.ping(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: %w", s.dialect, err)
	}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.rekeyUsernames(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if s.dialect == SQLite {
		s.moves = newCommitter(s)
		if s.rdb != s.db {
			s.ckpt = newCheckpointer(s)
		}
	}
	return s, nil
}

// ping opens the first connection. On SQLite, switching a new database to
// WAL mode takes an exclusive lock that does not wait on the busy handler, so
// several processes opening one new file at once may see SQLITE_BUSY: retry
// for a while.
func (s *Store) ping(ctx context.Context) error {
	deadline := time.Now().Add(15 * time.Second)
	wait := 5 * time.Millisecond
	for {
		err := s.db.PingContext(ctx)
		if err == nil || s.dialect != SQLite || !isBusy(err) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait = min(2*wait, 200*time.Millisecond)
	}
}

// isBusy reports whether err is SQLite's "database is locked".
func isBusy(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "SQLITE_BUSY") || strings.Contains(msg, "database is locked")
}

func openPostgres(dsn string) (*Store, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		// pgx's message may quote the URL, password included.
		return nil, invalid("dsn", "", "not a valid PostgreSQL URL")
	}
	if _, ok := cfg.RuntimeParams["synchronous_commit"]; !ok {
		cfg.RuntimeParams["synchronous_commit"] = "on"
	}
	if _, ok := cfg.RuntimeParams["application_name"]; !ok {
		cfg.RuntimeParams["application_name"] = "atout"
	}
	db := stdlib.OpenDB(*cfg)
	// A server process has one table goroutine per live table, each
	// writing a move at a time, plus HTTP reads: a modest pool is plenty
	// and leaves connections for the other nodes sharing the server.
	db.SetMaxOpenConns(max(8, 4*runtime.GOMAXPROCS(0)))
	db.SetMaxIdleConns(4)
	db.SetConnMaxIdleTime(5 * time.Minute)
	db.SetConnMaxLifetime(time.Hour)
	return &Store{
		dialect: Postgres,
		db:      db,
		rdb:     db,
		nowSQL:  "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)",
	}, nil
}

func openSQLite(dsn string) (*Store, error) {
	name, query, _ := strings.Cut(dsn, "?")
	memory := name == ":memory:" || strings.HasPrefix(name, "file::memory:") ||
		strings.Contains(query, "mode=memory")
	params := "_busy_timeout=10000&_foreign_keys=1"
	if query != "" {
		params = query + "&" + params
	}
	s := &Store{dialect: SQLite, nowSQL: "CAST(unixepoch('subsec') * 1000 AS INTEGER)"}
	if memory {
		// Every connection to :memory: is a different database: keep
		// exactly one, forever.
		db, err := sql.Open("sqlite", name+"?"+params+"&_txlock=immediate")
		if err != nil {
			return nil, fmt.Errorf("store: open sqlite: %w", err)
		}
		db.SetMaxOpenConns(1)
		db.SetMaxIdleConns(1)
		db.SetConnMaxLifetime(0)
		db.SetConnMaxIdleTime(0)
		s.db, s.rdb = db, db
		return s, nil
	}
	params += "&_journal_mode=WAL&_synchronous=FULL"
	// The writer never checkpoints the WAL on commit (which stalled every
	// writer behind a copy of the WAL into the database now and then): a
	// checkpointer does it beside it (see checkpointer).
	w, err := sql.Open("sqlite", name+"?"+params+"&_txlock=immediate&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite: %w", err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	r, err := sql.Open("sqlite", name+"?"+params+"&_query_only=1")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("store: open sqlite: %w", err)
	}
	n := max(2, runtime.GOMAXPROCS(0))
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	r.SetConnMaxIdleTime(5 * time.Minute)
	s.db, s.rdb = w, r
	return s, nil
}

// Close closes the database. Pending calls fail; it is safe to call twice.
func (s *Store) Close() error {
	if s.moves != nil {
		s.moves.close()
	}
	if s.ckpt != nil {
		s.ckpt.close()
	}
	err := s.db.Close()
	if s.rdb != s.db {
		err = errors.Join(err, s.rdb.Close())
	}
	return err
}

// Dialect reports which database the store uses.
func (s *Store) Dialect() Dialect { return s.dialect }

// q rewrites a query written for SQLite — '?' placeholders and {now} for the
// database clock — into the store's dialect. Queries never hold a literal '?'.
func (s *Store) q(query string) string {
	query = strings.ReplaceAll(query, "{now}", s.nowSQL)
	if s.dialect != Postgres {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

// readTx starts a transaction that sees one consistent snapshot.
func (s *Store) readTx(ctx context.Context) (*sql.Tx, error) {
	var opts *sql.TxOptions
	if s.dialect == Postgres {
		opts = &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}
	}
	return s.rdb.BeginTx(ctx, opts)
}

// writeTx runs f in a write transaction and commits it; any error rolls back.
// On SQLite, f runs in the group committer's next transaction under a
// savepoint (an error rolls back f's writes alone); it must use only tx.
func (s *Store) writeTx(ctx context.Context, f func(tx *sql.Tx) error) error {
	if s.moves != nil {
		return s.moves.append(ctx, &moveReq{ctx: ctx, fn: f})
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// Times are stored as milliseconds since the Unix epoch, an integer both
// databases compare and index the same way.
func toMS(t time.Time) int64 { return t.UnixMilli() }

func fromMS(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

func nowMS() int64 { return time.Now().UnixMilli() }
