package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// migrationFiles holds the schema history. A file is named
// NNNN_description.sql and applies to both databases, or
// NNNN_description.sqlite.sql / NNNN_description.postgres.sql where the two
// must differ; a dialect's own file wins over the common one of the same
// version. Files are never edited once released: a change is a new version.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one schema version as it applies to one dialect.
type migration struct {
	version int
	name    string // file name, for messages and schema_migrations
	sql     string
}

// pgMigrationLock is the advisory lock key PostgreSQL migrations hold
// ("atout" in ASCII), so that nodes starting together migrate one at a time.
const pgMigrationLock = 0x61746f7574

// parseMigrationName splits "0003_add_x.postgres.sql" into 3, "postgres".
// The dialect is "" for a common file.
func parseMigrationName(name string) (version int, dialect Dialect, err error) {
	base, ok := strings.CutSuffix(name, ".sql")
	if !ok {
		return 0, "", fmt.Errorf("store: migration %q: want NNNN_name.sql", name)
	}
	num, rest, ok := strings.Cut(base, "_")
	if !ok || len(num) != 4 || rest == "" {
		return 0, "", fmt.Errorf("store: migration %q: want a 4-digit version, '_' and a name", name)
	}
	for _, c := range num {
		if c < '0' || c > '9' {
			return 0, "", fmt.Errorf("store: migration %q: version %q is not a number", name, num)
		}
	}
	version, _ = strconv.Atoi(num)
	if version == 0 {
		return 0, "", fmt.Errorf("store: migration %q: versions start at 0001", name)
	}
	if i := strings.LastIndexByte(rest, '.'); i >= 0 {
		switch d := Dialect(rest[i+1:]); d {
		case SQLite, Postgres:
			dialect = d
		default:
			return 0, "", fmt.Errorf("store: migration %q: unknown dialect %q (want sqlite or postgres)", name, d)
		}
	}
	return version, dialect, nil
}

// loadMigrations returns the migrations for dialect d in version order.
func loadMigrations(fsys fs.FS, d Dialect) ([]migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	common := map[int]migration{}
	own := map[int]migration{}
	for _, p := range names {
		name := path.Base(p)
		v, fd, err := parseMigrationName(name)
		if err != nil {
			return nil, err
		}
		if fd != "" && fd != d {
			continue
		}
		text, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		m := migration{version: v, name: name, sql: string(text)}
		target := common
		if fd != "" {
			target = own
		}
		if prev, dup := target[v]; dup {
			return nil, fmt.Errorf("store: migrations %q and %q have the same version", prev.name, name)
		}
		target[v] = m
	}
	for v, m := range own {
		common[v] = m
	}
	list := make([]migration, 0, len(common))
	for _, m := range common {
		list = append(list, m)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].version < list[j].version })
	return list, nil
}

// migrate applies the migrations the database lacks, all in one transaction
// (both databases have transactional DDL), so a crash halfway leaves the
// schema as it was.
func (s *Store) migrate(ctx context.Context) error {
	list, err := loadMigrations(migrationFiles, s.dialect)
	if err != nil {
		return err
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		if s.dialect == Postgres {
			if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1)", int64(pgMigrationLock)); err != nil {
				return fmt.Errorf("store: migration lock: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    INTEGER PRIMARY KEY,
			name       TEXT NOT NULL,
			applied_ms BIGINT NOT NULL)`); err != nil {
			return fmt.Errorf("store: create schema_migrations: %w", err)
		}
		applied := map[int]bool{}
		rows, err := tx.QueryContext(ctx, "SELECT version FROM schema_migrations")
		if err != nil {
			return fmt.Errorf("store: read schema_migrations: %w", err)
		}
		newest := 0
		for rows.Next() {
			var v int
			if err := rows.Scan(&v); err != nil {
				rows.Close()
				return err
			}
			applied[v] = true
			newest = max(newest, v)
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if len(list) > 0 && newest > list[len(list)-1].version {
			return fmt.Errorf("%w: database at version %d, this program knows up to %d",
				ErrSchemaTooNew, newest, list[len(list)-1].version)
		}
		for _, m := range list {
			if applied[m.version] {
				continue
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("store: migration %s: %w", m.name, err)
			}
			if _, err := tx.ExecContext(ctx, s.q("INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?, ?, ?)"),
				m.version, m.name, nowMS()); err != nil {
				return fmt.Errorf("store: record migration %s: %w", m.name, err)
			}
		}
		return nil
	})
}

// SchemaVersion returns the newest migration applied to the database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v sql.NullInt64
	if err := s.rdb.QueryRowContext(ctx, "SELECT MAX(version) FROM schema_migrations").Scan(&v); err != nil {
		return 0, fmt.Errorf("store: schema version: %w", err)
	}
	return int(v.Int64), nil
}
