package store

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The suite runs against SQLite always and against PostgreSQL when
// ATOUT_TEST_POSTGRES holds a URL (.ci/run starts a local server and sets
// it). Each PostgreSQL test gets a schema of its own, dropped afterwards, so
// tests do not see each other and reruns start clean.
const pgEnv = "ATOUT_TEST_POSTGRES"

func TestMain(m *testing.M) {
	if os.Getenv(crashChildEnv) != "" {
		os.Exit(crashChild())
	}
	os.Exit(m.Run())
}

var pgAdmin = sync.OnceValues(func() (*sql.DB, error) {
	db, err := sql.Open("pgx", os.Getenv(pgEnv))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(2)
	return db, db.Ping()
})

// backend names a database for one test.
type backend struct {
	name string
	dsn  string
}

// newBackends returns a fresh, empty database of each available kind.
func newBackends(t testing.TB) []backend {
	t.Helper()
	list := []backend{{"sqlite", filepath.Join(t.TempDir(), "atout.db")}}
	if os.Getenv(pgEnv) != "" {
		list = append(list, backend{"postgres", freshPostgres(t)})
	}
	return list
}

// freshPostgres creates a schema for this test and returns a URL whose
// search_path puts it first.
func freshPostgres(t testing.TB) string {
	t.Helper()
	admin, err := pgAdmin()
	if err != nil {
		t.Fatalf("%s: %v", pgEnv, err)
	}
	schema := "atout_test_" + newID(12)
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(os.Getenv(pgEnv))
	if err != nil {
		t.Fatalf("%s: %v", pgEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// eachBackend runs f as a subtest on each available database.
func eachBackend(t *testing.T, f func(t *testing.T, dsn string)) {
	t.Helper()
	for _, b := range newBackends(t) {
		t.Run(b.name, func(t *testing.T) { f(t, b.dsn) })
	}
}

// eachStore runs f on an open store of each kind, closed afterwards.
func eachStore(t *testing.T, f func(t *testing.T, s *Store)) {
	t.Helper()
	eachBackend(t, func(t *testing.T, dsn string) { f(t, openTest(t, dsn)) })
}

func openTest(t testing.TB, dsn string) *Store {
	t.Helper()
	s, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func wantErr(t testing.TB, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("error %v, want one wrapping %v", err, target)
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestOpenInMemory(t *testing.T) {
	for _, dsn := range []string{":memory:", "file::memory:"} {
		s, err := Open(context.Background(), dsn)
		if err != nil {
			t.Fatalf("Open(%q): %v", dsn, err)
		}
		if s.Dialect() != SQLite {
			t.Errorf("Open(%q).Dialect() = %s", dsn, s.Dialect())
		}
		if _, err := s.CreateGuest(context.Background(), "x", ""); err != nil {
			t.Errorf("Open(%q): CreateGuest: %v", dsn, err)
		}
		s.Close()
	}
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	_, err := Open(ctx, "")
	wantErr(t, err, ErrInvalid)
	_, err = Open(ctx, filepath.Join(t.TempDir(), "no", "such", "dir", "x.db"))
	if err == nil {
		t.Error("Open in a missing directory succeeded")
	}
	_, err = Open(ctx, "postgres://u:secret@127.0.0.1:1/x?sslmode=bogus")
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("bad PostgreSQL URL: error %v (must fail without quoting the password)", err)
	}
}

func TestRebind(t *testing.T) {
	s := &Store{dialect: Postgres, nowSQL: "NOW"}
	got := s.q("SELECT ? FROM t WHERE a = ? AND b < {now} + ?")
	if want := "SELECT $1 FROM t WHERE a = $2 AND b < NOW + $3"; got != want {
		t.Errorf("q = %q, want %q", got, want)
	}
	s.dialect = SQLite
	if got := s.q("a = ? AND {now}"); got != "a = ? AND NOW" {
		t.Errorf("sqlite q = %q", got)
	}
}
