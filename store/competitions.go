package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Competition is a stored competition — a tournament, a team match, a belote
// duplicate — as its organiser defined it. What it plays is in Spec, a JSON
// object whose shape depends on Kind; the store keeps it byte for byte.
type Competition struct {
	// ID is the competition's key: made by [Store.CreateCompetition] when
	// empty (same alphabet and length as game ids), or chosen by the
	// caller (e.g. "daily-2026-11-29": lower-case letters, digits, '-' and
	// '_', at most 64 bytes), so that several nodes creating the same
	// scheduled competition end with one.
	ID   string
	Kind string // "tournament", "teammatch", "beloteduplicate"...
	Name string
	// Owner is the organiser's user id, "" for the server's scheduled ones.
	Owner string
	// Spec is the kind-specific definition (boards, scoring, teams...), a
	// JSON object; empty means {}.
	Spec json.RawMessage
	// Start and End are the window; End zero means open-ended. A zero
	// Start is set to the creation time.
	Start, End time.Time
	Created    time.Time // set by CreateCompetition
}

// CompetitionEntry is one entrant of a competition: a player, a pair, a
// team.
type CompetitionEntry struct {
	Competition string
	// Entry is the entry's key within its competition: a user id, a team
	// or pair name (1 to 128 bytes of UTF-8 without control characters).
	Entry string
	// Data is kind-specific (members, seats...); may be nil.
	Data json.RawMessage
	// GameID is the table the entry plays at; "" until it has one.
	GameID string
	// Joined is set by JoinCompetition, by the database clock.
	Joined time.Time
}

// CompetitionResult is one entry's result on one board of a competition.
type CompetitionResult struct {
	Competition string
	Entry       string
	Board       int
	// Data is the kind-specific result (contract, tricks, score, room,
	// points...); may be nil.
	Data   json.RawMessage
	GameID string
	// Created is set by AddCompetitionResult, by the database clock.
	Created time.Time
}

// Limits on competition fields.
const (
	maxCompIDLen   = 64
	maxCompKindLen = 32
	maxCompNameLen = 200
	maxEntryLen    = 128
	// DefaultCompetitions and MaxCompetitions bound ListCompetitions.
	DefaultCompetitions = 50
	MaxCompetitions     = 1000
)

// validCompID reports whether id is a competition id: 1 to 64 lower-case
// letters, digits, '-' or '_'.
func validCompID(id string) bool {
	if len(id) == 0 || len(id) > maxCompIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func checkCompID(id string) error {
	if !validCompID(id) {
		return invalid("competition id", id, fmt.Sprintf("want 1 to %d characters among a-z, 0-9, '-' and '_'", maxCompIDLen))
	}
	return nil
}

// checkText refuses text that is empty (unless allowed), too long, not
// UTF-8 or holding control characters.
func checkText(field, s string, max int, empty bool) error {
	switch {
	case s == "" && !empty:
		return invalid(field, s, "empty")
	case len(s) > max:
		return invalid(field, s[:max], fmt.Sprintf("longer than %d bytes", max))
	case !utf8.ValidString(s):
		return invalid(field, "", "not valid UTF-8")
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return invalid(field, s, "holds a control character")
		}
	}
	return nil
}

func checkEntryKey(entry string) error { return checkText("entry", entry, maxEntryLen, false) }

func checkGameRef(gameID string) error {
	if gameID != "" && !validCompID(gameID) {
		return invalid("game id", gameID, "not a game id")
	}
	return nil
}

// checkOptionalJSON accepts nil or a valid JSON document.
func checkOptionalJSON(field string, doc json.RawMessage) error {
	if doc == nil {
		return nil
	}
	return checkJSON(field, doc)
}

// CreateCompetition stores a new competition and returns it as stored (ID,
// Start and Created filled in). A chosen ID already taken gives
// [ErrConflict]; bad input (kind, name, id, spec not a JSON object, End
// before Start) gives [ErrInvalid].
func (s *Store) CreateCompetition(ctx context.Context, c Competition) (Competition, error) {
	if c.Kind == "" || len(c.Kind) > maxCompKindLen {
		return Competition{}, invalid("competition kind", c.Kind, fmt.Sprintf("want 1 to %d lower-case letters", maxCompKindLen))
	}
	for _, r := range c.Kind {
		if r < 'a' || r > 'z' {
			return Competition{}, invalid("competition kind", c.Kind, fmt.Sprintf("want 1 to %d lower-case letters", maxCompKindLen))
		}
	}
	if err := checkText("competition name", c.Name, maxCompNameLen, true); err != nil {
		return Competition{}, err
	}
	if err := checkText("owner", c.Owner, maxCompIDLen, true); err != nil {
		return Competition{}, err
	}
	if len(c.Spec) == 0 {
		c.Spec = json.RawMessage("{}")
	}
	if err := checkJSON("competition spec", c.Spec); err != nil {
		return Competition{}, err
	}
	if t := bytes.TrimLeft(c.Spec, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return Competition{}, invalid("competition spec", "", "not a JSON object")
	}
	chosen := c.ID != ""
	if chosen {
		if err := checkCompID(c.ID); err != nil {
			return Competition{}, err
		}
	}
	now := nowMS()
	c.Spec = append(json.RawMessage(nil), c.Spec...)
	c.Created = fromMS(now)
	if c.Start.IsZero() {
		c.Start = c.Created
	} else {
		c.Start = fromMS(toMS(c.Start))
	}
	if !c.End.IsZero() {
		c.End = fromMS(toMS(c.End))
		if !c.End.After(c.Start) {
			return Competition{}, invalid("competition end", c.End.UTC().Format(time.RFC3339), "not after its start")
		}
	}
	for attempt := 0; ; attempt++ {
		if !chosen {
			c.ID = newID(gameIDLen)
		}
		err := s.writeTx(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, s.q(`INSERT INTO competitions (id, kind, name, owner, spec, start_ms, end_ms, created_ms)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), c.ID, c.Kind, c.Name, c.Owner, string(c.Spec), toMS(c.Start), endMS(c.End), now)
			return err
		})
		switch {
		case err == nil:
			return c, nil
		case isUniqueViolation(err) && !chosen && attempt < 3:
			continue
		case isUniqueViolation(err):
			return Competition{}, fmt.Errorf("store: competition %s already exists: %w", c.ID, ErrConflict)
		default:
			return Competition{}, fmt.Errorf("store: create competition %s: %w", c.ID, err)
		}
	}
}

func endMS(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return toMS(t)
}

const compCols = "id, kind, name, owner, spec, start_ms, end_ms, created_ms"

func scanCompetition(row interface{ Scan(...any) error }) (Competition, error) {
	var c Competition
	var spec string
	var start, end, created int64
	if err := row.Scan(&c.ID, &c.Kind, &c.Name, &c.Owner, &spec, &start, &end, &created); err != nil {
		return Competition{}, err
	}
	c.Spec = json.RawMessage(spec)
	c.Start, c.End, c.Created = fromMS(start), fromMS(end), fromMS(created)
	return c, nil
}

// GetCompetition returns a competition; [ErrNotFound] if there is none with
// that id.
func (s *Store) GetCompetition(ctx context.Context, id string) (Competition, error) {
	if !validCompID(id) {
		return Competition{}, notFound("competition %q", id)
	}
	c, err := scanCompetition(s.rdb.QueryRowContext(ctx, s.q("SELECT "+compCols+" FROM competitions WHERE id = ?"), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Competition{}, notFound("competition %s", id)
	}
	if err != nil {
		return Competition{}, fmt.Errorf("store: get competition %s: %w", id, err)
	}
	return c, nil
}

// ListCompetitions returns the competitions of a kind ("" for every kind),
// newest Start first (then newest created), at most limit of them (0 means
// [DefaultCompetitions]; at most [MaxCompetitions]).
func (s *Store) ListCompetitions(ctx context.Context, kind string, limit int) ([]Competition, error) {
	switch {
	case limit == 0:
		limit = DefaultCompetitions
	case limit < 0 || limit > MaxCompetitions:
		return nil, invalid("limit", strconv.Itoa(limit), fmt.Sprintf("want 1 to %d", MaxCompetitions))
	}
	query := "SELECT " + compCols + " FROM competitions"
	var args []any
	if kind != "" {
		query += " WHERE kind = ?"
		args = append(args, kind)
	}
	query += " ORDER BY start_ms DESC, created_ms DESC, id DESC LIMIT ?"
	args = append(args, limit)
	rows, err := s.rdb.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("store: list competitions: %w", err)
	}
	defer rows.Close()
	var list []Competition
	for rows.Next() {
		c, err := scanCompetition(rows)
		if err != nil {
			return nil, fmt.Errorf("store: list competitions: %w", err)
		}
		list = append(list, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list competitions: %w", err)
	}
	return list, nil
}

// competitionExists returns ErrNotFound unless the competition exists (seen
// from inside tx, before a write that needs it: on PostgreSQL a foreign key
// failure would abort the transaction with a less telling error).
func (s *Store) competitionExists(ctx context.Context, tx *sql.Tx, id string) error {
	var one int
	err := tx.QueryRowContext(ctx, s.q("SELECT 1 FROM competitions WHERE id = ?"), id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound("competition %s", id)
	}
	if err != nil {
		return fmt.Errorf("store: competition %s: %w", id, err)
	}
	return nil
}

// entriesOpen returns ErrNotFound unless the competition exists, and
// [ErrEntriesClosed] once its end has passed (by the database clock). On
// PostgreSQL the competition's row stays locked until tx ends, so that a
// join and [Store.CloseEntries] are ordered: no entry is added after the
// competition has been closed, whichever node does what.
func (s *Store) entriesOpen(ctx context.Context, tx *sql.Tx, id string) error {
	q := "SELECT end_ms, {now} FROM competitions WHERE id = ?"
	if s.dialect == Postgres {
		q += " FOR UPDATE"
	}
	var end, now int64
	err := tx.QueryRowContext(ctx, s.q(q), id).Scan(&end, &now)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound("competition %s", id)
	}
	if err != nil {
		return fmt.Errorf("store: competition %s: %w", id, err)
	}
	if end != 0 && end <= now {
		return fmt.Errorf("store: competition %s: %w", id, ErrEntriesClosed)
	}
	return nil
}

// CloseEntries ends the window of an open-ended competition now (by the
// database clock): from then on [Store.JoinCompetition] refuses new entries
// with [ErrEntriesClosed]. It returns the competition as stored; closing a
// competition whose end is already set changes nothing (its end stays). An
// unknown competition gives [ErrNotFound].
func (s *Store) CloseEntries(ctx context.Context, id string) (Competition, error) {
	if !validCompID(id) {
		return Competition{}, notFound("competition %q", id)
	}
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q("UPDATE competitions SET end_ms = {now} WHERE id = ? AND end_ms = 0"), id); err != nil {
			return fmt.Errorf("store: close competition %s: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return Competition{}, err
	}
	return s.GetCompetition(ctx, id)
}

// JoinCompetition adds an entry to a competition. An entry key already in
// the competition gives [ErrConflict]; an unknown competition
// [ErrNotFound]; a competition whose end has passed [ErrEntriesClosed].
func (s *Store) JoinCompetition(ctx context.Context, e CompetitionEntry) error {
	if !validCompID(e.Competition) {
		return notFound("competition %q", e.Competition)
	}
	if err := checkEntryKey(e.Entry); err != nil {
		return err
	}
	if err := checkOptionalJSON("entry data", e.Data); err != nil {
		return err
	}
	if err := checkGameRef(e.GameID); err != nil {
		return err
	}
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		if err := s.entriesOpen(ctx, tx, e.Competition); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO competition_entries (competition_id, entry, data, game_id, joined_ms, ord)
			SELECT ?, ?, ?, ?, {now}, COALESCE(MAX(ord), 0) + 1 FROM competition_entries WHERE competition_id = ?`),
			e.Competition, e.Entry, nullJSON(e.Data), e.GameID, e.Competition)
		return err
	})
	switch {
	case err == nil:
		return nil
	case isUniqueViolation(err):
		return fmt.Errorf("store: competition %s: entry %q already joined: %w", e.Competition, e.Entry, ErrConflict)
	case isForeignKeyViolation(err):
		return notFound("competition %s", e.Competition)
	case errors.Is(err, ErrNotFound), errors.Is(err, ErrClosed), errors.Is(err, ErrEntriesClosed):
		return err
	default:
		return fmt.Errorf("store: competition %s: join %q: %w", e.Competition, e.Entry, err)
	}
}

// SetCompetitionGame records the table an entry plays at (or "" for none).
// An unknown competition or entry gives [ErrNotFound].
func (s *Store) SetCompetitionGame(ctx context.Context, comp, entry, gameID string) error {
	if !validCompID(comp) {
		return notFound("competition %q", comp)
	}
	if err := checkGameRef(gameID); err != nil {
		return err
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q("UPDATE competition_entries SET game_id = ? WHERE competition_id = ? AND entry = ?"),
			gameID, comp, entry)
		if err != nil {
			return fmt.Errorf("store: competition %s entry %q: set game: %w", comp, entry, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound("competition %s entry %q", comp, entry)
		}
		return nil
	})
}

const entryCols = "competition_id, entry, data, game_id, joined_ms"

func scanEntry(row interface{ Scan(...any) error }) (CompetitionEntry, error) {
	var e CompetitionEntry
	var data sql.NullString
	var joined int64
	if err := row.Scan(&e.Competition, &e.Entry, &data, &e.GameID, &joined); err != nil {
		return CompetitionEntry{}, err
	}
	if data.Valid {
		e.Data = json.RawMessage(data.String)
	}
	e.Joined = fromMS(joined)
	return e, nil
}

// CompetitionEntries returns a competition's entries in join order (none,
// not an error, for an unknown competition).
func (s *Store) CompetitionEntries(ctx context.Context, comp string) ([]CompetitionEntry, error) {
	return s.competitionEntries(ctx, comp, time.Time{})
}

// CompetitionEntriesSince returns the entries that joined at or after since
// (by the database clock, which Joined reports), in join order: a node that
// holds a competition in memory catches up with the entries other nodes
// added without reading them all again. Give a margin of a few seconds
// below the newest Joined already seen, as a transaction may commit a
// little after its time was taken.
func (s *Store) CompetitionEntriesSince(ctx context.Context, comp string, since time.Time) ([]CompetitionEntry, error) {
	return s.competitionEntries(ctx, comp, since)
}

func (s *Store) competitionEntries(ctx context.Context, comp string, since time.Time) ([]CompetitionEntry, error) {
	if !validCompID(comp) {
		return nil, nil
	}
	rows, err := s.rdb.QueryContext(ctx, s.q("SELECT "+entryCols+` FROM competition_entries
		WHERE competition_id = ? AND joined_ms >= ? ORDER BY ord, joined_ms, entry`), comp, sinceMS(since))
	if err != nil {
		return nil, fmt.Errorf("store: competition %s entries: %w", comp, err)
	}
	defer rows.Close()
	var list []CompetitionEntry
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, fmt.Errorf("store: competition %s entries: %w", comp, err)
		}
		list = append(list, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: competition %s entries: %w", comp, err)
	}
	return list, nil
}

func sinceMS(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return toMS(t)
}

// GetCompetitionEntry returns one entry of a competition; [ErrNotFound] if
// it has not joined.
func (s *Store) GetCompetitionEntry(ctx context.Context, comp, entry string) (CompetitionEntry, error) {
	if !validCompID(comp) {
		return CompetitionEntry{}, notFound("competition %q", comp)
	}
	e, err := scanEntry(s.rdb.QueryRowContext(ctx, s.q("SELECT "+entryCols+` FROM competition_entries
		WHERE competition_id = ? AND entry = ?`), comp, entry))
	if errors.Is(err, sql.ErrNoRows) {
		return CompetitionEntry{}, notFound("competition %s entry %q", comp, entry)
	}
	if err != nil {
		return CompetitionEntry{}, fmt.Errorf("store: competition %s entry %q: %w", comp, entry, err)
	}
	return e, nil
}

// CountCompetitionEntries returns the number of entries of each of the
// competitions ids (absent from the map: none).
func (s *Store) CountCompetitionEntries(ctx context.Context, ids []string) (map[string]int, error) {
	counts := make(map[string]int, len(ids))
	const chunk = 500
	for len(ids) > 0 {
		n := min(len(ids), chunk)
		args := make([]any, n)
		for i, id := range ids[:n] {
			args[i] = id
		}
		rows, err := s.rdb.QueryContext(ctx, s.q(`SELECT competition_id, COUNT(*) FROM competition_entries
			WHERE competition_id IN (?`+strings.Repeat(", ?", n-1)+`) GROUP BY competition_id`), args...)
		if err != nil {
			return nil, fmt.Errorf("store: count competition entries: %w", err)
		}
		for rows.Next() {
			var id string
			var c int
			if err := rows.Scan(&id, &c); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: count competition entries: %w", err)
			}
			counts[id] = c
		}
		if err := rows.Close(); err != nil {
			return nil, fmt.Errorf("store: count competition entries: %w", err)
		}
		ids = ids[n:]
	}
	return counts, nil
}

// CompetitionByGame returns the entry playing at a game, so that a table
// resumed after a restart finds its competition again; the first to join
// if several entries share the table. [ErrNotFound] if none does.
func (s *Store) CompetitionByGame(ctx context.Context, gameID string) (CompetitionEntry, error) {
	if gameID == "" || !validCompID(gameID) {
		return CompetitionEntry{}, notFound("competition entry at game %q", gameID)
	}
	e, err := scanEntry(s.rdb.QueryRowContext(ctx, s.q("SELECT "+entryCols+` FROM competition_entries
		WHERE game_id = ? ORDER BY joined_ms, ord, competition_id, entry LIMIT 1`), gameID))
	if errors.Is(err, sql.ErrNoRows) {
		return CompetitionEntry{}, notFound("competition entry at game %s", gameID)
	}
	if err != nil {
		return CompetitionEntry{}, fmt.Errorf("store: competition entry at game %s: %w", gameID, err)
	}
	return e, nil
}

// AddCompetitionResult stores an entry's result on a board. A result for
// the same (competition, entry, board) gives [ErrConflict], so that a board
// reported twice — a retry, two nodes — counts once; an unknown
// competition gives [ErrNotFound]. The entry need not have joined (a team
// match may record a room's result under a team name).
func (s *Store) AddCompetitionResult(ctx context.Context, r CompetitionResult) error {
	if !validCompID(r.Competition) {
		return notFound("competition %q", r.Competition)
	}
	if err := checkEntryKey(r.Entry); err != nil {
		return err
	}
	if r.Board < 0 {
		return invalid("board", strconv.Itoa(r.Board), "negative")
	}
	if err := checkOptionalJSON("result data", r.Data); err != nil {
		return err
	}
	if err := checkGameRef(r.GameID); err != nil {
		return err
	}
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		if err := s.competitionExists(ctx, tx, r.Competition); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO competition_results (competition_id, entry, board, data, game_id, created_ms, ord)
			SELECT ?, ?, ?, ?, ?, {now}, COALESCE(MAX(ord), 0) + 1 FROM competition_results WHERE competition_id = ?`),
			r.Competition, r.Entry, r.Board, nullJSON(r.Data), r.GameID, r.Competition)
		return err
	})
	switch {
	case err == nil:
		return nil
	case isUniqueViolation(err):
		return fmt.Errorf("store: competition %s: entry %q board %d already has a result: %w", r.Competition, r.Entry, r.Board, ErrConflict)
	case isForeignKeyViolation(err):
		return notFound("competition %s", r.Competition)
	case errors.Is(err, ErrNotFound), errors.Is(err, ErrClosed):
		return err
	default:
		return fmt.Errorf("store: competition %s: add result of %q board %d: %w", r.Competition, r.Entry, r.Board, err)
	}
}

// CompetitionResults returns a competition's results in insertion order
// (none, not an error, for an unknown competition).
func (s *Store) CompetitionResults(ctx context.Context, comp string) ([]CompetitionResult, error) {
	return s.competitionResults(ctx, comp, time.Time{})
}

// CompetitionResultsSince returns the results stored at or after since (by
// the database clock, which Created reports), in insertion order; see
// [Store.CompetitionEntriesSince] for the margin to give.
func (s *Store) CompetitionResultsSince(ctx context.Context, comp string, since time.Time) ([]CompetitionResult, error) {
	return s.competitionResults(ctx, comp, since)
}

func (s *Store) competitionResults(ctx context.Context, comp string, since time.Time) ([]CompetitionResult, error) {
	if !validCompID(comp) {
		return nil, nil
	}
	rows, err := s.rdb.QueryContext(ctx, s.q(`SELECT competition_id, entry, board, data, game_id, created_ms
		FROM competition_results WHERE competition_id = ? AND created_ms >= ? ORDER BY ord, created_ms, entry, board`), comp, sinceMS(since))
	if err != nil {
		return nil, fmt.Errorf("store: competition %s results: %w", comp, err)
	}
	defer rows.Close()
	var list []CompetitionResult
	for rows.Next() {
		var r CompetitionResult
		var data sql.NullString
		var created int64
		if err := rows.Scan(&r.Competition, &r.Entry, &r.Board, &data, &r.GameID, &created); err != nil {
			return nil, fmt.Errorf("store: competition %s results: %w", comp, err)
		}
		if data.Valid {
			r.Data = json.RawMessage(data.String)
		}
		r.Created = fromMS(created)
		list = append(list, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: competition %s results: %w", comp, err)
	}
	return list, nil
}

// DeleteCompetition removes a competition with its entries and results
// (an organiser's mistake, or a creation that could not be completed).
// The tables its entries played at are games of their own and stay. An
// unknown competition gives [ErrNotFound].
func (s *Store) DeleteCompetition(ctx context.Context, id string) error {
	if !validCompID(id) {
		return notFound("competition %q", id)
	}
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		// The foreign keys cascade, but the children go first explicitly
		// so that the deletion does not depend on them being enforced.
		for _, q := range []string{
			"DELETE FROM competition_results WHERE competition_id = ?",
			"DELETE FROM competition_entries WHERE competition_id = ?",
		} {
			if _, err := tx.ExecContext(ctx, s.q(q), id); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, s.q("DELETE FROM competitions WHERE id = ?"), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound("competition %s", id)
		}
		return nil
	})
	switch {
	case err == nil, errors.Is(err, ErrNotFound), errors.Is(err, ErrClosed):
		return err
	default:
		return fmt.Errorf("store: delete competition %s: %w", id, err)
	}
}
