package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"atout/card"
	"atout/game"
)

// Game statuses.
const (
	StatusOpen     = "open"
	StatusFinished = "finished"
)

// Seat says who plays one of the four seats.
type Seat struct {
	// UserID is the human sitting here, "" for a bot or an empty seat.
	UserID string `json:"user_id,omitempty"`
	// Name is the user's display name, filled in when reading.
	Name string `json:"name,omitempty"`
	// Bot names the bot playing here, "" for a human or an empty seat.
	Bot string `json:"bot,omitempty"`
}

// Game is a table's stored header: what it plays, who sits where, and its
// state. Seats are indexed by card.Seat (North, East, South, West).
type Game struct {
	ID       string
	Kind     string          // "bridge" or "belote"
	Settings json.RawMessage // as given to CreateGame, byte for byte
	Status   string          // StatusOpen or StatusFinished
	Result   json.RawMessage // nil until finished
	// CreatedBy is the user who opened the table, "" if unknown.
	CreatedBy string
	Created   time.Time
	// Updated is the time of the last move or change (on SQLite, moves
	// move it on at most once a second).
	Updated time.Time
	Seats   [4]Seat
	// Owner is the node serving the table and LeaseUntil when its lease
	// runs out (database clock); "" and zero when no node holds it.
	Owner      string
	LeaseUntil time.Time
}

// Deal is one deal of a game and the moves played in it.
type Deal struct {
	No       int
	Deal     json.RawMessage // as given to AddDeal
	Result   json.RawMessage // nil until FinishDeal
	Created  time.Time
	Finished time.Time // zero until FinishDeal
	// Moves are the moves in order; Moves[i] was stored with seq i.
	Moves []game.Move
	// MoveTimes[i] is when Moves[i] was accepted.
	MoveTimes []time.Time
}

// Record is everything stored about a game: replaying each deal's moves
// through the engine rebuilds the table.
type Record struct {
	Game
	Deals []Deal // by deal number
}

// NewGame describes a table to create.
type NewGame struct {
	Kind      string          // "bridge" or "belote"
	Settings  json.RawMessage // any JSON document; empty means {}
	CreatedBy string          // user id, or ""
	Seats     [4]Seat         // Name is ignored
	// Owner, when set, is the node the game is stored claimed by, for
	// Lease (as [Store.ClaimTable] would): no other node's scan can take
	// the new table before its creator serves it.
	Owner string
	Lease time.Duration
}

// maxActionLen bounds a move's text; real actions are a few characters.
const maxActionLen = 64

// validAction reports whether a is a move's text as the engines write it:
// words separated by single spaces ("SA", "1NT", "claim 9"), no other
// white space.
func validAction(a string) bool {
	return a != "" && len(a) <= maxActionLen && !strings.ContainsAny(a, "\t\r\n") &&
		!strings.HasPrefix(a, " ") && !strings.HasSuffix(a, " ") && !strings.Contains(a, "  ")
}

func checkKind(kind string) error {
	if kind != "bridge" && kind != "belote" {
		return invalid("kind", kind, "want bridge or belote")
	}
	return nil
}

func checkJSON(field string, doc json.RawMessage) error {
	if !json.Valid(doc) {
		return invalid(field, "", "not valid JSON")
	}
	return nil
}

func checkSeat(seat card.Seat) error {
	if seat > card.West {
		return invalid("seat", seat.String(), "want N, E, S or W")
	}
	return nil
}

func checkSeatInfo(st Seat) error {
	if st.UserID != "" && st.Bot != "" {
		return invalid("seat", st.UserID, "a seat holds a user or a bot, not both")
	}
	if len(st.Bot) > 64 {
		return invalid("bot", st.Bot, "longer than 64 bytes")
	}
	return nil
}

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// nullJSON stores a nil document as NULL.
func nullJSON(doc json.RawMessage) any {
	if doc == nil {
		return nil
	}
	return string(doc)
}

// CreateGame stores a new open table with a fresh random id, usable in an
// invite link, and its four seats.
func (s *Store) CreateGame(ctx context.Context, ng NewGame) (Game, error) {
	if err := checkKind(ng.Kind); err != nil {
		return Game{}, err
	}
	if len(ng.Settings) == 0 {
		ng.Settings = json.RawMessage("{}")
	}
	if err := checkJSON("settings", ng.Settings); err != nil {
		return Game{}, err
	}
	for _, st := range ng.Seats {
		if err := checkSeatInfo(st); err != nil {
			return Game{}, err
		}
	}
	if ng.Owner != "" {
		if err := checkLease(ng.Owner, ng.Lease); err != nil {
			return Game{}, err
		}
	}
	now := nowMS()
	g := Game{
		Kind:      ng.Kind,
		Settings:  append(json.RawMessage(nil), ng.Settings...),
		Status:    StatusOpen,
		CreatedBy: ng.CreatedBy,
		Created:   fromMS(now),
		Updated:   fromMS(now),
	}
	for i, st := range ng.Seats {
		g.Seats[i] = Seat{UserID: st.UserID, Bot: st.Bot}
	}
	// A 60-bit id collides with a live one about never; retry all the same
	// rather than fail a user.
	for attempt := 0; ; attempt++ {
		g.ID = newID(gameIDLen)
		var until int64
		err := s.writeTx(ctx, func(tx *sql.Tx) error {
			// no owner: lease_until_ms 0, free for any node to claim
			if err := tx.QueryRowContext(ctx, s.q(`INSERT INTO games (id, kind, settings, status, created_by, created_ms, updated_ms,
					owner_node, lease_until_ms)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? = '' THEN 0 ELSE {now} + ? END)
				RETURNING lease_until_ms`), g.ID, g.Kind, string(g.Settings), StatusOpen, nullString(g.CreatedBy), now, now,
				nullString(ng.Owner), ng.Owner, ng.Lease.Milliseconds()).Scan(&until); err != nil {
				return err
			}
			for i, st := range g.Seats {
				if _, err := tx.ExecContext(ctx, s.q("INSERT INTO seats (game_id, seat, user_id, bot) VALUES (?, ?, ?, ?)"),
					g.ID, i, nullString(st.UserID), st.Bot); err != nil {
					return err
				}
			}
			return nil
		})
		switch {
		case err == nil:
			if ng.Owner != "" {
				g.Owner, g.LeaseUntil = ng.Owner, fromMS(until)
			}
			return s.fillNames(ctx, g)
		case isUniqueViolation(err) && attempt < 3:
			continue
		case isForeignKeyViolation(err):
			return Game{}, notFound("a user seated at or creating the new %s table", ng.Kind)
		default:
			return Game{}, fmt.Errorf("store: create game: %w", err)
		}
	}
}

// fillNames reads the seated users' names into g.
func (s *Store) fillNames(ctx context.Context, g Game) (Game, error) {
	for i := range g.Seats {
		if g.Seats[i].UserID == "" {
			continue
		}
		u, err := s.GetUser(ctx, g.Seats[i].UserID)
		if err != nil {
			return Game{}, err
		}
		g.Seats[i].Name = u.Username
	}
	return g, nil
}

// SetSeat puts a user or a bot in a seat (or empties it with Seat{}).
func (s *Store) SetSeat(ctx context.Context, gameID string, seat card.Seat, st Seat) error {
	if err := checkSeat(seat); err != nil {
		return err
	}
	if err := checkSeatInfo(st); err != nil {
		return err
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q("UPDATE seats SET user_id = ?, bot = ? WHERE game_id = ? AND seat = ?"),
			nullString(st.UserID), st.Bot, gameID, int(seat))
		if isForeignKeyViolation(err) {
			return notFound("user %s", st.UserID)
		}
		if err != nil {
			return fmt.Errorf("store: game %s: set seat %s: %w", gameID, seat, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound("game %s", gameID)
		}
		_, err = tx.ExecContext(ctx, s.q("UPDATE games SET updated_ms = ? WHERE id = ?"), nowMS(), gameID)
		return err
	})
}

// AddDeal stores deal number no of a game — the cards, dealer and whatever
// else the engine needs to start it, as JSON. A deal number can be used once
// ([ErrConflict]).
func (s *Store) AddDeal(ctx context.Context, gameID string, no int, deal json.RawMessage) error {
	if err := checkJSON("deal", deal); err != nil {
		return err
	}
	if no < 0 {
		return invalid("deal number", strconv.Itoa(no), "negative")
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		now := nowMS()
		if err := s.touchOpenGame(ctx, tx, gameID, now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q("INSERT INTO deals (game_id, deal_no, deal, created_ms) VALUES (?, ?, ?, ?)"),
			gameID, no, string(deal), now)
		if isUniqueViolation(err) {
			return fmt.Errorf("store: game %s: deal %d already stored: %w", gameID, no, ErrConflict)
		}
		if err != nil {
			return fmt.Errorf("store: game %s: add deal %d: %w", gameID, no, err)
		}
		return nil
	})
}

// touchOpenGame marks an open game updated. On PostgreSQL the row lock it
// takes also queues writers of one game behind each other until commit.
func (s *Store) touchOpenGame(ctx context.Context, tx txExecer, gameID string, now int64) error {
	res, err := tx.ExecContext(ctx, s.q(touchGameSQL), now, gameID, StatusOpen)
	if err != nil {
		return fmt.Errorf("store: game %s: %w", gameID, err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	var status string
	err = tx.QueryRowContext(ctx, s.q("SELECT status FROM games WHERE id = ?"), gameID).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound("game %s", gameID)
	}
	if err != nil {
		return fmt.Errorf("store: game %s: %w", gameID, err)
	}
	return fmt.Errorf("store: game %s: %w", gameID, ErrFinished)
}

// AppendMove stores move number seq (from 0) of a deal. seq must be the
// deal's next free position: if that position is already taken, or the
// deal holds fewer than seq moves, nothing is written and the error is a
// [*MoveConflictError] (wrapping [ErrConflict]) giving the number of moves
// stored, so a writer that lost a race — a stale node, a retried request —
// learns it must reload instead of overwriting. A finished game gives
// [ErrFinished]; an unknown game or deal [ErrNotFound].
//
// AppendMove returns only once the move is committed and on disk (SQLite
// synchronous=FULL; PostgreSQL synchronous_commit=on), so a caller that
// broadcasts a move after AppendMove returns never shows a move that a crash
// could lose.
//
// On SQLite, concurrent calls are committed together (group commit): one
// writer goroutine takes every move waiting, stores each under its own
// savepoint — a move refused rolls back alone and fails only its caller —
// and commits them in one transaction, one fsync for the lot. A caller
// whose ctx ends before its move is taken gets ctx's error and nothing is
// written; once taken, the call waits for the commit, so that its answer
// always says whether the move is stored. On PostgreSQL, which has many
// writers, each call is its own transaction.
func (s *Store) AppendMove(ctx context.Context, gameID string, deal, seq int, m game.Move) error {
	if err := checkSeat(m.Seat); err != nil {
		return err
	}
	if !validAction(m.Action) {
		return invalid("action", m.Action, fmt.Sprintf("want 1 to %d characters, single spaces between words", maxActionLen))
	}
	if seq < 0 {
		return invalid("seq", strconv.Itoa(seq), "negative")
	}
	if s.moves != nil {
		return s.moves.append(ctx, &moveReq{ctx: ctx, gameID: gameID, deal: deal, seq: seq, m: m})
	}
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		return s.insertMove(ctx, tx, gameID, deal, seq, m, nowMS())
	})
	if errors.Is(err, errSeqTaken) {
		return s.moveConflict(ctx, s.rdb, gameID, deal, seq)
	}
	return err
}

// insertMove stores a move inside tx; see AppendMove. A position taken by a
// concurrent transaction on PostgreSQL gives errSeqTaken (the transaction is
// aborted then).
func (s *Store) insertMove(ctx context.Context, tx txExecer, gameID string, deal, seq int, m game.Move, now int64) error {
	if err := s.touchOpenGame(ctx, tx, gameID, now); err != nil {
		return err
	}
	return s.insertMoveRow(ctx, tx, gameID, deal, seq, m, now)
}

// insertMoveRow inserts the move's row if its game is open; see
// AppendMove. A refused move gives errSeqTaken, a [*MoveConflictError],
// ErrFinished or ErrNotFound and writes nothing (SQLite undoes a failed statement alone, and
// PostgreSQL aborts the transaction); any other error may have spoilt the
// transaction.
func (s *Store) insertMoveRow(ctx context.Context, tx txExecer, gameID string, deal, seq int, m game.Move, now int64) error {
	// The count guard keeps each deal's moves dense (seq = position);
	// the primary key makes each position acceptable once even if two
	// transactions pass the guard together.
	res, err := tx.ExecContext(ctx, s.q(insertMoveSQL),
		gameID, deal, seq, int(m.Seat), m.Action, now, gameID, deal, seq, gameID, StatusOpen)
	switch {
	case isUniqueViolation(err):
		// PostgreSQL has aborted the transaction: count after it.
		return errSeqTaken
	case isForeignKeyViolation(err):
		return notFound("game %s deal %d", gameID, deal)
	case err != nil:
		return fmt.Errorf("store: game %s deal %d: append move %d: %w", gameID, deal, seq, err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	// Nothing inserted: the game is not open, the deal is missing or seq is
	// not next.
	var status string
	err = tx.QueryRowContext(ctx, s.q("SELECT status FROM games WHERE id = ?"), gameID).Scan(&status)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return notFound("game %s", gameID)
	case err != nil:
		return fmt.Errorf("store: game %s: %w", gameID, err)
	case status != StatusOpen:
		return fmt.Errorf("store: game %s: %w", gameID, ErrFinished)
	}
	var exists int
	err = tx.QueryRowContext(ctx, s.q("SELECT COUNT(*) FROM deals WHERE game_id = ? AND deal_no = ?"), gameID, deal).Scan(&exists)
	if err != nil {
		return fmt.Errorf("store: game %s deal %d: %w", gameID, deal, err)
	}
	if exists == 0 {
		return notFound("game %s deal %d", gameID, deal)
	}
	return s.moveConflict(ctx, tx, gameID, deal, seq)
}

// The statements of a move (prepared by the group committer).
const (
	touchGameSQL  = "UPDATE games SET updated_ms = ? WHERE id = ? AND status = ?"
	insertMoveSQL = `INSERT INTO moves (game_id, deal_no, seq, seat, action, created_ms)
		SELECT ?, ?, ?, ?, ?, ?
		WHERE (SELECT COUNT(*) FROM moves WHERE game_id = ? AND deal_no = ?) = ?
		AND EXISTS (SELECT 1 FROM games WHERE id = ? AND status = ?)`
)

// errSeqTaken carries a primary-key failure out of AppendMove's transaction.
var errSeqTaken = errors.New("store: move position taken")

// moveConflict builds the error for a refused move with the number of moves
// the deal holds as q sees it.
func (s *Store) moveConflict(ctx context.Context, q querier, gameID string, deal, seq int) error {
	e := &MoveConflictError{Game: gameID, Deal: deal, Seq: seq, Stored: -1}
	q.QueryRowContext(ctx, s.q("SELECT COUNT(*) FROM moves WHERE game_id = ? AND deal_no = ?"), gameID, deal).Scan(&e.Stored)
	return e
}

// Undo deletes move seq of a deal, which must be the deal's last move, and
// returns it. The row is really deleted, not marked: the stored record is the
// moves that stand, seq stays equal to the position in the deal, and the next
// AppendMove reuses the freed seq. Naming the move to undo makes a repeated
// or stale undo harmless: if seq is not the last move the error wraps
// [ErrConflict] (a [*MoveConflictError]), if it does not exist [ErrNotFound].
func (s *Store) Undo(ctx context.Context, gameID string, deal, seq int) (game.Move, error) {
	var m game.Move
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		if err := s.touchOpenGame(ctx, tx, gameID, nowMS()); err != nil {
			return err
		}
		var count int
		if err := tx.QueryRowContext(ctx, s.q("SELECT COUNT(*) FROM moves WHERE game_id = ? AND deal_no = ?"),
			gameID, deal).Scan(&count); err != nil {
			return fmt.Errorf("store: game %s deal %d: undo: %w", gameID, deal, err)
		}
		switch {
		case seq < 0 || seq >= count:
			return notFound("game %s deal %d move %d", gameID, deal, seq)
		case seq != count-1:
			return &MoveConflictError{Game: gameID, Deal: deal, Seq: seq, Stored: count}
		}
		var seat int
		if err := tx.QueryRowContext(ctx, s.q("SELECT seat, action FROM moves WHERE game_id = ? AND deal_no = ? AND seq = ?"),
			gameID, deal, seq).Scan(&seat, &m.Action); err != nil {
			return fmt.Errorf("store: game %s deal %d: undo move %d: %w", gameID, deal, seq, err)
		}
		m.Seat = card.Seat(seat)
		if _, err := tx.ExecContext(ctx, s.q("DELETE FROM moves WHERE game_id = ? AND deal_no = ? AND seq = ?"),
			gameID, deal, seq); err != nil {
			return fmt.Errorf("store: game %s deal %d: undo move %d: %w", gameID, deal, seq, err)
		}
		return nil
	})
	if err != nil {
		return game.Move{}, err
	}
	return m, nil
}

// FinishDeal records the result of a deal (score, contract, … as JSON).
// The deal is due for counting into its players' profiles after
// [ProfileGrace] (sooner once analysed: [Store.AnnotateDeal]).
func (s *Store) FinishDeal(ctx context.Context, gameID string, deal int, result json.RawMessage) error {
	if err := checkJSON("deal result", result); err != nil {
		return err
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		now := nowMS()
		if err := s.touchOpenGame(ctx, tx, gameID, now); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, s.q("UPDATE deals SET result = ?, finished_ms = ?, profile_due_ms = ? WHERE game_id = ? AND deal_no = ?"),
			string(result), now, now+ProfileGrace.Milliseconds(), gameID, deal)
		if err != nil {
			return fmt.Errorf("store: game %s: finish deal %d: %w", gameID, deal, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound("game %s deal %d", gameID, deal)
		}
		return nil
	})
}

// AnnotateDeal replaces the result of a finished deal by result — the same
// result with more in it, such as a double-dummy analysis computed after
// the deal ended; the deal is then due for counting into its players'
// profiles at once. Unlike [Store.FinishDeal] it also works once the game is
// finished (the analysis of a match's last deal comes after the match
// ended). A deal not finished yet, or unknown, gives [ErrNotFound].
func (s *Store) AnnotateDeal(ctx context.Context, gameID string, deal int, result json.RawMessage) error {
	if err := checkJSON("deal result", result); err != nil {
		return err
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q("UPDATE deals SET result = ?, profile_due_ms = ? WHERE game_id = ? AND deal_no = ? AND result IS NOT NULL"),
			string(result), nowMS(), gameID, deal)
		if err != nil {
			return fmt.Errorf("store: game %s: annotate deal %d: %w", gameID, deal, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound("finished deal %d of game %s", deal, gameID)
		}
		return nil
	})
}

// FinishGame marks a game finished with its result and releases its lease.
// A finished game accepts no more deals or moves.
func (s *Store) FinishGame(ctx context.Context, gameID string, result json.RawMessage) error {
	if err := checkJSON("game result", result); err != nil {
		return err
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		if err := s.touchOpenGame(ctx, tx, gameID, nowMS()); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`UPDATE games SET status = ?, result = ?, owner_node = NULL, lease_until_ms = 0
			WHERE id = ?`), StatusFinished, string(result), gameID)
		if err != nil {
			return fmt.Errorf("store: finish game %s: %w", gameID, err)
		}
		return nil
	})
}

// AbandonedResult is the result stored for a game its owner abandoned.
var AbandonedResult = json.RawMessage(`{"abandoned":true}`)

// AbandonGame ends an unfinished casual game at its owner's request: the
// game is marked finished with [AbandonedResult] and its lease released, so
// no node serves it any more. Only the user who created the game may
// abandon it, and never a competition's table ([ErrForbidden]); an unknown
// game is [ErrNotFound], a finished one [ErrFinished].
func (s *Store) AbandonGame(ctx context.Context, gameID, userID string) error {
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		var status, settings string
		var createdBy sql.NullString
		err := tx.QueryRowContext(ctx, s.q("SELECT status, settings, created_by FROM games WHERE id = ?"), gameID).Scan(&status, &settings, &createdBy)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("game %s", gameID)
		}
		if err != nil {
			return fmt.Errorf("store: abandon game %s: %w", gameID, err)
		}
		var set struct {
			Tournament string `json:"tournament"`
		}
		if err := json.Unmarshal([]byte(settings), &set); err != nil {
			return fmt.Errorf("store: abandon game %s: settings: %w", gameID, err)
		}
		switch {
		case userID == "" || !createdBy.Valid || createdBy.String != userID:
			return fmt.Errorf("store: abandon game %s: %w: not the user's table", gameID, ErrForbidden)
		case set.Tournament != "":
			return fmt.Errorf("store: abandon game %s: %w: a competition's table", gameID, ErrForbidden)
		case status != StatusOpen:
			return fmt.Errorf("store: abandon game %s: %w", gameID, ErrFinished)
		}
		res, err := tx.ExecContext(ctx, s.q(`UPDATE games SET status = ?, result = ?, owner_node = NULL, lease_until_ms = 0, updated_ms = ?
			WHERE id = ? AND status = ?`), StatusFinished, string(AbandonedResult), nowMS(), gameID, StatusOpen)
		if err != nil {
			return fmt.Errorf("store: abandon game %s: %w", gameID, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return fmt.Errorf("store: abandon game %s: %w", gameID, ErrFinished)
		}
		return nil
	})
}

const gameCols = "g.id, g.kind, g.settings, g.status, g.result, g.created_by, g.created_ms, g.updated_ms, g.owner_node, g.lease_until_ms"

func scanGame(row interface{ Scan(...any) error }) (Game, error) {
	var g Game
	var settings string
	var result, createdBy, owner sql.NullString
	var created, updated, lease int64
	if err := row.Scan(&g.ID, &g.Kind, &settings, &g.Status, &result, &createdBy, &created, &updated, &owner, &lease); err != nil {
		return Game{}, err
	}
	g.Settings = json.RawMessage(settings)
	if result.Valid {
		g.Result = json.RawMessage(result.String)
	}
	g.CreatedBy = createdBy.String
	g.Created, g.Updated = fromMS(created), fromMS(updated)
	g.Owner = owner.String
	if owner.Valid || lease >= parkedLeaseMS {
		g.LeaseUntil = fromMS(lease)
	}
	return g, nil
}

// querier is what reads need: a pool or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// txExecer is what the writes of a move need of a transaction: *sql.Tx, or
// the group committer's transaction with its prepared statements.
type txExecer interface {
	querier
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// loadSeats fills in the seats of the games in gs.
func (s *Store) loadSeats(ctx context.Context, q querier, gs []Game) error {
	// Both databases cap the number of parameters of one statement.
	const chunk = 500
	for len(gs) > chunk {
		if err := s.loadSeats(ctx, q, gs[:chunk]); err != nil {
			return err
		}
		gs = gs[chunk:]
	}
	if len(gs) == 0 {
		return nil
	}
	at := make(map[string]int, len(gs))
	args := make([]any, len(gs))
	for i := range gs {
		at[gs[i].ID] = i
		args[i] = gs[i].ID
	}
	rows, err := q.QueryContext(ctx, s.q(`SELECT s.game_id, s.seat, s.user_id, s.bot, u.username
		FROM seats s LEFT JOIN users u ON u.id = s.user_id
		WHERE s.game_id IN (?`+strings.Repeat(", ?", len(gs)-1)+`)`), args...)
	if err != nil {
		return fmt.Errorf("store: read seats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, bot string
		var seat int
		var user, name sql.NullString
		if err := rows.Scan(&id, &seat, &user, &bot, &name); err != nil {
			return fmt.Errorf("store: read seats: %w", err)
		}
		if i, ok := at[id]; ok && seat >= 0 && seat < 4 {
			gs[i].Seats[seat] = Seat{UserID: user.String, Name: name.String, Bot: bot}
		}
	}
	return rows.Err()
}

// GetGame returns a game's header without its deals.
func (s *Store) GetGame(ctx context.Context, gameID string) (Game, error) {
	tx, err := s.readTx(ctx)
	if err != nil {
		return Game{}, fmt.Errorf("store: get game %s: %w", gameID, err)
	}
	defer tx.Rollback()
	return s.getGame(ctx, tx, gameID)
}

func (s *Store) getGame(ctx context.Context, q querier, gameID string) (Game, error) {
	g, err := scanGame(q.QueryRowContext(ctx, s.q("SELECT "+gameCols+" FROM games g WHERE g.id = ?"), gameID))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, notFound("game %s", gameID)
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: get game %s: %w", gameID, err)
	}
	gs := []Game{g}
	if err := s.loadSeats(ctx, q, gs); err != nil {
		return Game{}, err
	}
	return gs[0], nil
}

// LoadGame returns a game's full record — header, deals in order and each
// deal's moves in order — read from one consistent snapshot, ready to be
// replayed to rebuild the table after a restart or to step through a deal.
func (s *Store) LoadGame(ctx context.Context, gameID string) (*Record, error) {
	tx, err := s.readTx(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: load game %s: %w", gameID, err)
	}
	defer tx.Rollback()
	g, err := s.getGame(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	rec := &Record{Game: g}
	rows, err := tx.QueryContext(ctx, s.q(`SELECT deal_no, deal, result, created_ms, finished_ms
		FROM deals WHERE game_id = ? ORDER BY deal_no`), gameID)
	if err != nil {
		return nil, fmt.Errorf("store: load game %s: %w", gameID, err)
	}
	at := map[int]int{}
	for rows.Next() {
		var d Deal
		var deal string
		var result sql.NullString
		var created, finished int64
		if err := rows.Scan(&d.No, &deal, &result, &created, &finished); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: load game %s: %w", gameID, err)
		}
		d.Deal = json.RawMessage(deal)
		if result.Valid {
			d.Result = json.RawMessage(result.String)
		}
		d.Created, d.Finished = fromMS(created), fromMS(finished)
		at[d.No] = len(rec.Deals)
		rec.Deals = append(rec.Deals, d)
	}
	if err := rows.Close(); err != nil {
		return nil, fmt.Errorf("store: load game %s: %w", gameID, err)
	}
	rows, err = tx.QueryContext(ctx, s.q(`SELECT deal_no, seq, seat, action, created_ms
		FROM moves WHERE game_id = ? ORDER BY deal_no, seq`), gameID)
	if err != nil {
		return nil, fmt.Errorf("store: load game %s moves: %w", gameID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var deal, seq, seat int
		var action string
		var created int64
		if err := rows.Scan(&deal, &seq, &seat, &action, &created); err != nil {
			return nil, fmt.Errorf("store: load game %s moves: %w", gameID, err)
		}
		i, ok := at[deal]
		if !ok || seq != len(rec.Deals[i].Moves) {
			return nil, fmt.Errorf("store: game %s deal %d: move %d out of sequence", gameID, deal, seq)
		}
		d := &rec.Deals[i]
		d.Moves = append(d.Moves, game.Move{Seat: card.Seat(seat), Action: action})
		d.MoveTimes = append(d.MoveTimes, fromMS(created))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: load game %s moves: %w", gameID, err)
	}
	return rec, nil
}

// Paging limits for ListGames.
const (
	DefaultPage = 20
	MaxPage     = 100
)

// cursor marks a position in a user's game list, newest first: games created
// strictly before (created, id).
type cursor struct {
	created int64
	id      string
}

func (c cursor) String() string { return strconv.FormatInt(c.created, 10) + "-" + c.id }

// parseCursor reads "MILLIS-ID" as written by cursor.String.
func parseCursor(s string) (cursor, error) {
	ms, id, ok := strings.Cut(s, "-")
	if !ok {
		return cursor{}, invalid("cursor", s, "want MILLIS-ID")
	}
	n, err := strconv.ParseInt(ms, 10, 64)
	if err != nil || n < 0 || ms != strconv.FormatInt(n, 10) {
		return cursor{}, invalid("cursor", s, "time is not a number")
	}
	if !validID(id) {
		return cursor{}, invalid("cursor", s, "bad game id")
	}
	return cursor{n, id}, nil
}

// ListGames returns a page of the games a user sits at or created, newest
// first, for the history page. limit is the page size (0 means
// [DefaultPage], at most [MaxPage]); before is "" for the first page or the
// next value returned with the previous page. next is "" on the last page.
// Paging is by creation time, so games started while someone pages through
// do not shift the pages.
func (s *Store) ListGames(ctx context.Context, userID string, limit int, before string) (games []Game, next string, err error) {
	switch {
	case limit == 0:
		limit = DefaultPage
	case limit < 0 || limit > MaxPage:
		return nil, "", invalid("limit", strconv.Itoa(limit), fmt.Sprintf("want 1 to %d", MaxPage))
	}
	query := "SELECT " + gameCols + ` FROM games g
		WHERE (g.created_by = ? OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?))`
	args := []any{userID, userID}
	if before != "" {
		c, err := parseCursor(before)
		if err != nil {
			return nil, "", err
		}
		query += " AND (g.created_ms < ? OR (g.created_ms = ? AND g.id < ?))"
		args = append(args, c.created, c.created, c.id)
	}
	query += " ORDER BY g.created_ms DESC, g.id DESC LIMIT ?"
	args = append(args, limit+1)

	tx, err := s.readTx(ctx)
	if err != nil {
		return nil, "", fmt.Errorf("store: list games of %s: %w", userID, err)
	}
	defer tx.Rollback()
	games, err = s.queryGames(ctx, tx, query, args...)
	if err != nil {
		return nil, "", fmt.Errorf("store: list games of %s: %w", userID, err)
	}
	if len(games) > limit {
		games = games[:limit]
		last := games[limit-1]
		next = cursor{toMS(last.Created), last.ID}.String()
	}
	return games, next, nil
}

func (s *Store) queryGames(ctx context.Context, q querier, query string, args ...any) ([]Game, error) {
	rows, err := q.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, err
	}
	var games []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		games = append(games, g)
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	if err := s.loadSeats(ctx, q, games); err != nil {
		return nil, err
	}
	return games, nil
}

// OpenGames returns every game not yet finished, oldest first: at startup a
// server claims and resumes them (see [Store.ClaimTable]).
func (s *Store) OpenGames(ctx context.Context) ([]Game, error) {
	tx, err := s.readTx(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: open games: %w", err)
	}
	defer tx.Rollback()
	games, err := s.queryGames(ctx, tx, "SELECT "+gameCols+" FROM games g WHERE g.status = ? ORDER BY g.created_ms, g.id", StatusOpen)
	if err != nil {
		return nil, fmt.Errorf("store: open games: %w", err)
	}
	return games, nil
}

// CountOpenGames returns the number of open games userID created (the
// server's limit on the tables one user may hold).
func (s *Store) CountOpenGames(ctx context.Context, userID string) (int, error) {
	var n int
	err := s.rdb.QueryRowContext(ctx, s.q("SELECT COUNT(*) FROM games WHERE created_by = ? AND status = ?"), userID, StatusOpen).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: count open games of %s: %w", userID, err)
	}
	return n, nil
}
