package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"unicode/utf8"

	"atout/card"
)

// MaxChatText bounds a line of table chat, in characters.
const MaxChatText = 300

// ChatLine is a line of table chat.
type ChatLine struct {
	UserID string
	Seat   card.Seat
	Name   string
	Text   string
	At     int64 // Unix milliseconds
}

// AddChat stores a line of chat at game gameID and returns its time. The
// text must be 1 to MaxChatText characters of valid UTF-8.
func (s *Store) AddChat(ctx context.Context, gameID string, l ChatLine) (int64, error) {
	if n := utf8.RuneCountInString(l.Text); n == 0 || n > MaxChatText || !utf8.ValidString(l.Text) {
		return 0, invalid("text", strconv.Itoa(n)+" characters", fmt.Sprintf("want 1 to %d characters of UTF-8", MaxChatText))
	}
	if err := checkSeat(l.Seat); err != nil {
		return 0, err
	}
	now := nowMS()
	var user any
	if l.UserID != "" {
		user = l.UserID
	}
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
		var exists int
		if err := tx.QueryRowContext(ctx, s.q("SELECT COUNT(*) FROM games WHERE id = ?"), gameID).Scan(&exists); err != nil {
			return fmt.Errorf("store: game %s: chat: %w", gameID, err)
		}
		if exists == 0 {
			return notFound("game %s", gameID)
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO chat (game_id, seq, user_id, seat, name, text, created_ms)
			SELECT ?, COALESCE(MAX(seq) + 1, 0), ?, ?, ?, ?, ? FROM chat WHERE game_id = ?`),
			gameID, user, int(l.Seat), l.Name, l.Text, now, gameID)
		if err != nil {
			return fmt.Errorf("store: game %s: chat: %w", gameID, err)
		}
		return nil
	})
	return now, err
}

// Chat returns the last (at most limit) lines of chat at game gameID, oldest
// first.
func (s *Store) Chat(ctx context.Context, gameID string, limit int) ([]ChatLine, error) {
	rows, err := s.rdb.QueryContext(ctx, s.q(`SELECT COALESCE(user_id, ''), seat, name, text, created_ms FROM chat
		WHERE game_id = ? ORDER BY seq DESC LIMIT ?`), gameID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: game %s: chat: %w", gameID, err)
	}
	defer rows.Close()
	var out []ChatLine
	for rows.Next() {
		var l ChatLine
		var seat int
		if err := rows.Scan(&l.UserID, &seat, &l.Name, &l.Text, &l.At); err != nil {
			return nil, fmt.Errorf("store: game %s: chat: %w", gameID, err)
		}
		l.Seat = card.Seat(seat)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}
