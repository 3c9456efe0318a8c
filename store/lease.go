package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Table leases let several server nodes share one database: each open table
// is served by the node holding its lease. A node claims a table before
// serving it (the lease then lasts at least the ttl), beats well within
// the ttl (say every ttl/3: [Store.RenewLeases] writes the node's one row,
// whatever its number of tables), and releases a table when it stops
// serving it. A table's lease is live while it lasts from the claim or
// while its owner node is alive. A node that dies stops beating; a ttl
// later [Store.ExpiredTables] lists its tables and another node claims
// them and rebuilds them from their moves. Lease times come from the
// database clock, so nodes' own clocks do not matter.
//
// Leases decide who should serve a table; the move constraint decides what
// is stored. A node that lost its lease without noticing (a long pause) and
// still writes a move gets [ErrConflict] if the new owner wrote that
// position first, so the stored record never forks.

func checkLease(node string, ttl time.Duration) error {
	if node == "" || len(node) > 128 {
		return invalid("node", node, "want 1 to 128 bytes")
	}
	if ttl < time.Millisecond {
		return invalid("lease ttl", ttl.String(), "want at least 1ms")
	}
	return nil
}

// ClaimTable makes node the owner of an open game for ttl and returns when
// the lease ends. It succeeds if the game has no owner, if node already owns
// it (a renewal, which may also shorten the lease), or if the owner's lease
// has expired. Otherwise it returns a [*LeaseError] (wrapping
// [ErrLeaseHeld]) naming the owner; a finished game gives [ErrFinished].
func (s *Store) ClaimTable(ctx context.Context, gameID, node string, ttl time.Duration) (time.Time, error) {
	if err := checkLease(node, ttl); err != nil {
		return time.Time{}, err
	}
	var until int64
	err := s.db.QueryRowContext(ctx, s.q(`UPDATE games SET owner_node = ?, lease_until_ms = {now} + ?
		WHERE id = ? AND status = ? AND (owner_node IS NULL OR owner_node = ? OR (lease_until_ms < {now} AND NOT `+ownerAlive+`))
		RETURNING lease_until_ms`), node, ttl.Milliseconds(), gameID, StatusOpen, node).Scan(&until)
	if err == nil {
		return fromMS(until), nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, fmt.Errorf("store: claim game %s for %s: %w", gameID, node, err)
	}
	g, err := s.GetGame(ctx, gameID)
	if err != nil {
		return time.Time{}, err
	}
	if g.Status != StatusOpen {
		return time.Time{}, fmt.Errorf("store: claim game %s: %w", gameID, ErrFinished)
	}
	return time.Time{}, &LeaseError{Game: gameID, Owner: g.Owner, Until: g.LeaseUntil}
}

// ownerAlive is true of a game row whose owner node is alive.
const ownerAlive = `EXISTS (SELECT 1 FROM nodes WHERE nodes.name = games.owner_node AND nodes.alive_until_ms >= {now})`

// RenewLeases is node's heartbeat: it keeps node alive for ttl, and with it
// the lease of every open game node owns, and returns their ids. A table
// the node believes it serves but that is missing from the list was taken
// over by another node: stop serving it.
func (s *Store) RenewLeases(ctx context.Context, node string, ttl time.Duration) ([]string, error) {
	if err := checkLease(node, ttl); err != nil {
		return nil, err
	}
	if _, err := s.db.ExecContext(ctx, s.q(`INSERT INTO nodes (name, alive_until_ms) VALUES (?, {now} + ?)
		ON CONFLICT (name) DO UPDATE SET alive_until_ms = excluded.alive_until_ms`), node, ttl.Milliseconds()); err != nil {
		return nil, fmt.Errorf("store: heartbeat of %s: %w", node, err)
	}
	return s.ids(ctx, s.db, `SELECT id FROM games WHERE owner_node = ? AND status = ? ORDER BY id`, node, StatusOpen)
}

// LiveNodes lists the nodes alive now (their last heartbeat's ttl not run
// out), by name.
func (s *Store) LiveNodes(ctx context.Context) ([]string, error) {
	return s.ids(ctx, s.db, `SELECT name FROM nodes WHERE alive_until_ms >= {now} ORDER BY name`)
}

// LiveTables counts the open games with a live lease: the tables the nodes
// serve now.
func (s *Store) LiveTables(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM games WHERE status = ? AND owner_node IS NOT NULL
		AND (lease_until_ms >= {now} OR `+ownerAlive+`)`), StatusOpen).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	return n, nil
}

// ReleaseTable gives up node's lease on a game, so that another node may
// claim it at once. Releasing a table node does not own does nothing.
func (s *Store) ReleaseTable(ctx context.Context, gameID, node string) error {
	if _, err := s.db.ExecContext(ctx, s.q("UPDATE games SET owner_node = NULL, lease_until_ms = 0 WHERE id = ? AND owner_node = ?"),
		gameID, node); err != nil {
		return fmt.Errorf("store: release game %s by %s: %w", gameID, node, err)
	}
	return nil
}

// ExpiredTables lists the open games that no node holds a live lease on —
// their owner died, released them, or never claimed them — oldest activity
// first. A node adopting tables claims each with [Store.ClaimTable] (which
// only one node can win) and then replays it from [Store.LoadGame].
func (s *Store) ExpiredTables(ctx context.Context) ([]string, error) {
	return s.ids(ctx, s.rdb, `SELECT id FROM games WHERE status = ? AND lease_until_ms < {now}
		AND (owner_node IS NULL OR NOT `+ownerAlive+`) ORDER BY updated_ms, id`, StatusOpen)
}

// ids runs a query returning one text column.
func (s *Store) ids(ctx context.Context, q querier, query string, args ...any) ([]string, error) {
	rows, err := q.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return ids, nil
}

// parkedLeaseMS marks a parked table: no owner, and a lease that never
// lapses, so that [Store.ExpiredTables] does not list it (no node adopts it
// on its own) while [Store.ClaimTable] gives it to the first node asked for
// it.
const parkedLeaseMS = int64(253402300799000) // 9999-12-31

// ParkTable gives up node's lease on an idle open game and marks it
// parked: it is served again (claimed and rebuilt) only when someone asks
// for it. Parking a table node does not own does nothing.
func (s *Store) ParkTable(ctx context.Context, gameID, node string) error {
	if _, err := s.db.ExecContext(ctx, s.q("UPDATE games SET owner_node = NULL, lease_until_ms = ? WHERE id = ? AND owner_node = ? AND status = ?"),
		parkedLeaseMS, gameID, node, StatusOpen); err != nil {
		return fmt.Errorf("store: park game %s by %s: %w", gameID, node, err)
	}
	return nil
}

// Parked reports whether the game was parked by [Store.ParkTable] and not
// claimed since.
func (g Game) Parked() bool {
	return g.Owner == "" && g.LeaseUntil.UnixMilli() >= parkedLeaseMS
}
