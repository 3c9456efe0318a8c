package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"atout/card"
	"atout/game"
	"atout/profile"
)

// ProfileGrace is how long after its end a deal waits for its analysis
// before it is counted into its players' profiles without one
// ([Store.FinishDeal] makes it due then; [Store.AnnotateDeal] at once).
const ProfileGrace = 5 * time.Minute

// DealRef names a deal of a game.
type DealRef struct {
	GameID string
	No     int
}

// ProfileDue returns up to limit finished deals due for counting into
// their players' profiles, the longest due first.
func (s *Store) ProfileDue(ctx context.Context, limit int) ([]DealRef, error) {
	rows, err := s.rdb.QueryContext(ctx, s.q(`SELECT game_id, deal_no FROM deals
		WHERE NOT profiled AND finished_ms > 0 AND profile_due_ms <= {now}
		ORDER BY profile_due_ms LIMIT ?`), limit)
	if err != nil {
		return nil, fmt.Errorf("store: deals due for profiles: %w", err)
	}
	defer rows.Close()
	var out []DealRef
	for rows.Next() {
		var r DealRef
		if err := rows.Scan(&r.GameID, &r.No); err != nil {
			return nil, fmt.Errorf("store: deals due for profiles: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// PostponeProfile makes a deal due for counting again after d (a
// competition's deal the competition does not show yet).
func (s *Store) PostponeProfile(ctx context.Context, r DealRef, d time.Duration) error {
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q("UPDATE deals SET profile_due_ms = {now} + ? WHERE game_id = ? AND deal_no = ?"),
			d.Milliseconds(), r.GameID, r.No)
		if err != nil {
			return fmt.Errorf("store: game %s deal %d: postpone profile: %w", r.GameID, r.No, err)
		}
		return nil
	})
}

// LoadDeal returns a game's header and one of its deals with its moves.
func (s *Store) LoadDeal(ctx context.Context, r DealRef) (Game, Deal, error) {
	tx, err := s.readTx(ctx)
	if err != nil {
		return Game{}, Deal{}, fmt.Errorf("store: load game %s deal %d: %w", r.GameID, r.No, err)
	}
	defer tx.Rollback()
	g, err := s.getGame(ctx, tx, r.GameID)
	if err != nil {
		return Game{}, Deal{}, err
	}
	d := Deal{No: r.No}
	var deal string
	var result sql.NullString
	var created, finished int64
	err = tx.QueryRowContext(ctx, s.q(`SELECT deal, result, created_ms, finished_ms FROM deals
		WHERE game_id = ? AND deal_no = ?`), r.GameID, r.No).Scan(&deal, &result, &created, &finished)
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, Deal{}, notFound("game %s deal %d", r.GameID, r.No)
	}
	if err != nil {
		return Game{}, Deal{}, fmt.Errorf("store: load game %s deal %d: %w", r.GameID, r.No, err)
	}
	d.Deal = json.RawMessage(deal)
	if result.Valid {
		d.Result = json.RawMessage(result.String)
	}
	d.Created, d.Finished = fromMS(created), fromMS(finished)
	rows, err := tx.QueryContext(ctx, s.q(`SELECT seq, seat, action, created_ms FROM moves
		WHERE game_id = ? AND deal_no = ? ORDER BY seq`), r.GameID, r.No)
	if err != nil {
		return Game{}, Deal{}, fmt.Errorf("store: load game %s deal %d moves: %w", r.GameID, r.No, err)
	}
	defer rows.Close()
	for rows.Next() {
		var seq, seat int
		var action string
		var at int64
		if err := rows.Scan(&seq, &seat, &action, &at); err != nil {
			return Game{}, Deal{}, fmt.Errorf("store: load game %s deal %d moves: %w", r.GameID, r.No, err)
		}
		if seq != len(d.Moves) {
			return Game{}, Deal{}, fmt.Errorf("store: game %s deal %d: move %d out of sequence", r.GameID, r.No, seq)
		}
		d.Moves = append(d.Moves, game.Move{Seat: card.Seat(seat), Action: action})
		d.MoveTimes = append(d.MoveTimes, fromMS(at))
	}
	return g, d, rows.Err()
}

// CountProfile counts deal r into the profiles of its players, adds[user]
// being what it adds to each (the game is counted for a user at his first
// deal of it), and marks the deal counted, all in one transaction. It
// reports false, and changes nothing, when the deal was counted already
// (by another node). With no adds it only marks the deal.
func (s *Store) CountProfile(ctx context.Context, r DealRef, adds map[string]profile.Add) (bool, error) {
	counted := false
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q("UPDATE deals SET profiled = TRUE WHERE game_id = ? AND deal_no = ? AND NOT profiled"),
			r.GameID, r.No)
		if err != nil {
			return fmt.Errorf("store: game %s deal %d: count profile: %w", r.GameID, r.No, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		counted = true
		for user, a := range adds {
			if err := s.countProfile(ctx, tx, user, r.GameID, a); err != nil {
				return fmt.Errorf("store: game %s deal %d: profile of %s: %w", r.GameID, r.No, user, err)
			}
		}
		return nil
	})
	return counted, err
}

// countProfile adds a to user's totals and day. The rows are created
// first and then read locked (PostgreSQL), so that two nodes counting two
// deals of the same player add both.
func (s *Store) countProfile(ctx context.Context, tx *sql.Tx, user, gameID string, a profile.Add) error {
	res, err := tx.ExecContext(ctx, s.q("INSERT INTO profile_games (user_id, game_id) VALUES (?, ?) ON CONFLICT DO NOTHING"), user, gameID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		a.NewGame = true
	}
	lock := ""
	if s.dialect == Postgres {
		lock = " FOR UPDATE"
	}
	now := nowMS()
	if _, err := tx.ExecContext(ctx, s.q("INSERT INTO profiles (user_id, tally, updated_ms) VALUES (?, '{}', ?) ON CONFLICT DO NOTHING"), user, now); err != nil {
		return err
	}
	var raw string
	if err := tx.QueryRowContext(ctx, s.q("SELECT tally FROM profiles WHERE user_id = ?"+lock), user).Scan(&raw); err != nil {
		return err
	}
	var t profile.Tally
	if err := json.Unmarshal([]byte(raw), &t); err != nil {
		return fmt.Errorf("stored tally: %w", err)
	}
	t.Apply(a)
	b, err := json.Marshal(&t)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, s.q("UPDATE profiles SET tally = ?, updated_ms = ? WHERE user_id = ?"), string(b), now, user); err != nil {
		return err
	}
	if len(a.You) == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, s.q("INSERT INTO profile_days (user_id, day, figures) VALUES (?, ?, '{}') ON CONFLICT DO NOTHING"), user, a.Day); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, s.q("SELECT figures FROM profile_days WHERE user_id = ? AND day = ?"+lock), user, a.Day).Scan(&raw); err != nil {
		return err
	}
	day := profile.Day{}
	if err := json.Unmarshal([]byte(raw), &day); err != nil {
		return fmt.Errorf("stored day: %w", err)
	}
	profile.ApplyDay(day, a)
	if b, err = json.Marshal(day); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, s.q("UPDATE profile_days SET figures = ? WHERE user_id = ? AND day = ?"), string(b), user, a.Day)
	return err
}

// RefusedClaim is a claim that was not accepted: by seat Seat, of a total
// of Tricks (the engine's claim), after Seq moves of its deal.
type RefusedClaim struct {
	Seq    int
	Seat   card.Seat
	Tricks int
	Reason string // "refused" (by a human) or "beaten" (by the bots)
}

// RecordRefusedClaim keeps a claim that was not accepted in deal r: the
// record of moves has no trace of it.
func (s *Store) RecordRefusedClaim(ctx context.Context, r DealRef, c RefusedClaim) error {
	if err := checkSeat(c.Seat); err != nil {
		return err
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO refused_claims (id, game_id, deal_no, seq, seat, tricks, reason, created_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), newID(16), r.GameID, r.No, c.Seq, int(c.Seat), c.Tricks, c.Reason, nowMS())
		if err != nil {
			return fmt.Errorf("store: game %s deal %d: refused claim: %w", r.GameID, r.No, err)
		}
		return nil
	})
}

// RefusedClaims returns the claims of deal r that were not accepted, in
// the order they were made.
func (s *Store) RefusedClaims(ctx context.Context, r DealRef) ([]RefusedClaim, error) {
	rows, err := s.rdb.QueryContext(ctx, s.q(`SELECT seq, seat, tricks, reason FROM refused_claims
		WHERE game_id = ? AND deal_no = ? ORDER BY created_ms, id`), r.GameID, r.No)
	if err != nil {
		return nil, fmt.Errorf("store: game %s deal %d: refused claims: %w", r.GameID, r.No, err)
	}
	defer rows.Close()
	var out []RefusedClaim
	for rows.Next() {
		var c RefusedClaim
		var seat int
		if err := rows.Scan(&c.Seq, &seat, &c.Tricks, &c.Reason); err != nil {
			return nil, fmt.Errorf("store: game %s deal %d: refused claims: %w", r.GameID, r.No, err)
		}
		c.Seat = card.Seat(seat)
		out = append(out, c)
	}
	return out, rows.Err()
}

// Profile is what the store keeps of a player's profile.
type Profile struct {
	Public bool
	Tally  profile.Tally
	Days   []profile.DaySamples
}

// GetProfile returns user's profile (empty figures when nothing has been
// counted yet); [ErrNotFound] for an unknown user.
func (s *Store) GetProfile(ctx context.Context, userID string) (Profile, error) {
	tx, err := s.readTx(ctx)
	if err != nil {
		return Profile{}, fmt.Errorf("store: profile of %s: %w", userID, err)
	}
	defer tx.Rollback()
	var p Profile
	err = tx.QueryRowContext(ctx, s.q("SELECT profile_public FROM users WHERE id = ?"), userID).Scan(&p.Public)
	if errors.Is(err, sql.ErrNoRows) {
		return Profile{}, notFound("user %s", userID)
	}
	if err != nil {
		return Profile{}, fmt.Errorf("store: profile of %s: %w", userID, err)
	}
	var raw string
	err = tx.QueryRowContext(ctx, s.q("SELECT tally FROM profiles WHERE user_id = ?"), userID).Scan(&raw)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return p, nil
	case err != nil:
		return Profile{}, fmt.Errorf("store: profile of %s: %w", userID, err)
	}
	if err := json.Unmarshal([]byte(raw), &p.Tally); err != nil {
		return Profile{}, fmt.Errorf("store: profile of %s: stored tally: %w", userID, err)
	}
	rows, err := tx.QueryContext(ctx, s.q("SELECT day, figures FROM profile_days WHERE user_id = ? ORDER BY day"), userID)
	if err != nil {
		return Profile{}, fmt.Errorf("store: profile of %s: %w", userID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var d profile.DaySamples
		if err := rows.Scan(&d.Day, &raw); err != nil {
			return Profile{}, fmt.Errorf("store: profile of %s: %w", userID, err)
		}
		if err := json.Unmarshal([]byte(raw), &d.Figures); err != nil {
			return Profile{}, fmt.Errorf("store: profile of %s: stored day %d: %w", userID, d.Day, err)
		}
		p.Days = append(p.Days, d)
	}
	return p, rows.Err()
}

// SetProfilePublic makes user's profile public or private.
func (s *Store) SetProfilePublic(ctx context.Context, userID string, public bool) error {
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q("UPDATE users SET profile_public = ? WHERE id = ?"), public, userID)
		if err != nil {
			return fmt.Errorf("store: profile of %s: %w", userID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound("user %s", userID)
		}
		return nil
	})
}
