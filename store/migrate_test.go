package store

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"testing/fstest"

	"atout/card"
)

func TestParseMigrationName(t *testing.T) {
	tests := []struct {
		name    string
		version int
		dialect Dialect
		bad     bool
	}{
		{"0001_init.sql", 1, "", false},
		{"0042_add_x.postgres.sql", 42, Postgres, false},
		{"0042_add_x.sqlite.sql", 42, SQLite, false},
		{"0003_a.b.mysql.sql", 0, "", true},
		{"0001_init.txt", 0, "", true},
		{"1_init.sql", 0, "", true},
		{"0000_zero.sql", 0, "", true},
		{"00a1_x.sql", 0, "", true},
		{"0001_.sql", 0, "", true},
		{"0001.sql", 0, "", true},
	}
	for _, tt := range tests {
		v, d, err := parseMigrationName(tt.name)
		if tt.bad {
			if err == nil {
				t.Errorf("parseMigrationName(%q) = %d, %q; want an error", tt.name, v, d)
			}
			continue
		}
		if err != nil || v != tt.version || d != tt.dialect {
			t.Errorf("parseMigrationName(%q) = %d, %q, %v; want %d, %q", tt.name, v, d, err, tt.version, tt.dialect)
		}
	}
}

func TestLoadMigrationsDialect(t *testing.T) {
	fsys := fstest.MapFS{
		"migrations/0001_init.sql":             {Data: []byte("common 1")},
		"migrations/0002_ids.sql":              {Data: []byte("common 2")},
		"migrations/0002_ids.postgres.sql":     {Data: []byte("pg 2")},
		"migrations/0003_only_lite.sqlite.sql": {Data: []byte("lite 3")},
	}
	text := func(ms []migration) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.sql)
		}
		return out
	}
	pg, err := loadMigrations(fsys, Postgres)
	must(t, err)
	if got := text(pg); len(got) != 2 || got[0] != "common 1" || got[1] != "pg 2" {
		t.Errorf("postgres migrations = %q", got)
	}
	lite, err := loadMigrations(fsys, SQLite)
	must(t, err)
	if got := text(lite); len(got) != 3 || got[1] != "common 2" || got[2] != "lite 3" {
		t.Errorf("sqlite migrations = %q", got)
	}
	fsys["migrations/0002_other.sql"] = &fstest.MapFile{Data: []byte("dup")}
	if _, err := loadMigrations(fsys, SQLite); err == nil {
		t.Error("two common migrations with version 2: no error")
	}
}

// The embedded migrations themselves must parse for both dialects.
func TestEmbeddedMigrations(t *testing.T) {
	for _, d := range []Dialect{SQLite, Postgres} {
		ms, err := loadMigrations(migrationFiles, d)
		if err != nil || len(ms) == 0 {
			t.Fatalf("%s: %d migrations, %v", d, len(ms), err)
		}
		for i, m := range ms {
			if m.version != i+1 {
				t.Errorf("%s: migration %s has version %d at position %d: versions must be 1, 2, 3…", d, m.name, m.version, i)
			}
		}
	}
}

func latestVersion(t testing.TB, d Dialect) int {
	ms, err := loadMigrations(migrationFiles, d)
	must(t, err)
	return ms[len(ms)-1].version
}

func migrationRows(t testing.TB, s *Store) int {
	var n int
	must(t, s.db.QueryRow("SELECT COUNT(*) FROM schema_migrations").Scan(&n))
	return n
}

// Opening twice applies nothing the second time and keeps the data.
func TestMigrationsIdempotent(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s, err := Open(ctx, dsn)
		must(t, err)
		want := latestVersion(t, s.Dialect())
		if v, err := s.SchemaVersion(ctx); err != nil || v != want {
			t.Fatalf("SchemaVersion = %d, %v; want %d", v, err, want)
		}
		u, err := s.CreateGuest(ctx, "kept", "fr")
		must(t, err)
		// Running the migrations again on an open store is a no-op too.
		must(t, s.migrate(ctx))
		n := migrationRows(t, s)
		s.Close()

		s = openTest(t, dsn)
		if v, _ := s.SchemaVersion(ctx); v != want {
			t.Errorf("after reopen SchemaVersion = %d, want %d", v, want)
		}
		if got := migrationRows(t, s); got != n {
			t.Errorf("schema_migrations has %d rows after reopen, %d before", got, n)
		}
		if _, err := s.GetUser(ctx, u.ID); err != nil {
			t.Errorf("user lost across reopen: %v", err)
		}
	})
}

// Several processes starting at once on an empty database: every Open
// succeeds and each migration is applied once.
func TestMigrationsConcurrentOpen(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		const n = 4
		stores := make([]*Store, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { stores[i], errs[i] = Open(ctx, dsn) })
		}
		wg.Wait()
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("Open %d: %v", i, errs[i])
			}
			defer stores[i].Close()
		}
		if got, want := migrationRows(t, stores[0]), latestVersion(t, stores[0].Dialect()); got != want {
			t.Errorf("schema_migrations has %d rows, want %d", got, want)
		}
	})
}

func TestSchemaTooNew(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s, err := Open(ctx, dsn)
		must(t, err)
		_, err = s.db.Exec(s.q("INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?, ?, ?)"), 9999, "9999_future.sql", 0)
		must(t, err)
		s.Close()
		_, err = Open(context.Background(), dsn)
		wantErr(t, err, ErrSchemaTooNew)
	})
}

// TestClaimActionsMigration checks migration 3: a claim stored as "claim_9"
// by an older Atout reads back in the engine's notation, "claim 9", and
// nothing else is touched.
func TestClaimActionsMigration(t *testing.T) {
	text, err := migrationFiles.ReadFile("migrations/0003_claim_actions.sql")
	if err != nil {
		t.Fatal(err)
	}
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		g := newTestGame(t, s, "bridge", [4]Seat{})
		must(t, s.AddDeal(ctx, g.ID, 1, json.RawMessage(`{}`)))
		must(t, s.AppendMove(ctx, g.ID, 1, 0, mv(card.North, "1NT")))
		must(t, s.AppendMove(ctx, g.ID, 1, 1, mv(card.East, "claim_x")))
		must(t, s.AppendMove(ctx, g.ID, 1, 2, mv(card.South, "claim 3")))
		// As an older version stored it.
		if _, err := s.db.ExecContext(ctx, s.q("UPDATE moves SET action = 'claim_9' WHERE game_id = ? AND seq = 2"), g.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.db.ExecContext(ctx, string(text)); err != nil {
			t.Fatal(err)
		}
		rec, err := s.LoadGame(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range rec.Deals[0].Moves {
			got = append(got, m.Action)
		}
		if want := []string{"1NT", "claim x", "claim 9"}; !slices.Equal(got, want) {
			t.Errorf("moves %q, want %q", got, want)
		}
	})
}
