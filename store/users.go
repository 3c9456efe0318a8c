package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// User is an account or a guest.
type User struct {
	ID string
	// Username is the name shown at the table: the account's name as it
	// was typed, or a guest's nickname (possibly empty).
	Username string
	// Guest is true for a player who has not registered: no password, no
	// login, only a session cookie.
	Guest bool
	// Lang is the preferred interface language ("en", "fr", …), "" for the
	// browser's choice.
	Lang    string
	Created time.Time
}

// Username and nickname limits, in characters.
const (
	MinUsernameLen = 3
	MaxUsernameLen = 32
)

// ValidUsername checks an account name: 3 to 32 characters in Unicode
// NFKC (see [NormalizeUsername]): letters (with their combining marks, as
// Devanagari writes vowels) and digits of one script, or of the scripts
// written together in Japanese, Chinese or Korean, possibly with Latin;
// '_', '-' or '.'; starting with a letter or digit. A name of another
// script that spells a Latin name with the same glyphs (Cyrillic "аlісе")
// is refused. It returns an [InputError] saying what is wrong.
func ValidUsername(name string) error {
	if !utf8.ValidString(name) {
		return invalid("username", name, "not valid UTF-8")
	}
	n := utf8.RuneCountInString(name)
	if n < MinUsernameLen || n > MaxUsernameLen {
		return invalid("username", name, fmt.Sprintf("want %d to %d characters", MinUsernameLen, MaxUsernameLen))
	}
	if !norm.NFKC.IsNormalString(name) {
		return invalid("username", name, "not in Unicode NFKC form (write É, not E and a combining accent)")
	}
	marks := -1 // marks after the last letter; -1 after anything else
	for i, r := range name {
		switch {
		case unicode.IsLetter(r):
			marks = 0
		case unicode.IsDigit(r):
			marks = -1
		case unicode.Is(unicode.M, r) && marks >= 0 && marks < 3:
			marks++
		case i > 0 && (r == '_' || r == '-' || r == '.'):
			marks = -1
		default:
			return invalid("username", name, fmt.Sprintf("character %q not allowed (letters, digits, _ - . only, starting with a letter or digit)", r))
		}
	}
	return checkScripts(name)
}

// validNickname checks a guest's display name: optional, at most 32
// printable characters, no leading or trailing space.
func validNickname(name string) error {
	if !utf8.ValidString(name) {
		return invalid("nickname", name, "not valid UTF-8")
	}
	if utf8.RuneCountInString(name) > MaxUsernameLen {
		return invalid("nickname", name, fmt.Sprintf("longer than %d characters", MaxUsernameLen))
	}
	if strings.TrimSpace(name) != name {
		return invalid("nickname", name, "leading or trailing space")
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return invalid("nickname", name, fmt.Sprintf("character %q not printable", r))
		}
	}
	return nil
}

// validLang checks a language tag loosely ("fr", "en-GB"): the server
// chooses among the languages it has, the store only keeps the preference.
func validLang(lang string) error {
	if len(lang) > 16 {
		return invalid("language", lang, "longer than 16 characters")
	}
	for i := 0; i < len(lang); i++ {
		c := lang[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return invalid("language", lang, "want a tag like fr or en-GB")
		}
	}
	return nil
}

const userCols = "id, username, guest, lang, created_ms"

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	var created int64
	if err := row.Scan(&u.ID, &u.Username, &u.Guest, &u.Lang, &created); err != nil {
		return User{}, err
	}
	u.Created = fromMS(created)
	return u, nil
}

// CreateUser registers an account. The username, once normalised
// ([NormalizeUsername]), must pass [ValidUsername] and not be taken by
// another account in any case ([ErrUsernameTaken]), nor look like a taken
// name (the same confusable skeleton: "victım" beside "victim", also
// [ErrUsernameTaken]); the password must be 8 to 1024 bytes and is stored
// only as an Argon2id hash.
func (s *Store) CreateUser(ctx context.Context, username, password, lang string) (User, error) {
	username = NormalizeUsername(username)
	if err := s.checkNewUsername(ctx, username); err != nil {
		return User{}, err
	}
	if err := validLang(lang); err != nil {
		return User{}, err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return User{}, err
	}
	u := User{ID: newID(userIDLen), Username: username, Lang: lang, Created: fromMS(nowMS())}
	_, err = s.db.ExecContext(ctx, s.q(`INSERT INTO users (id, username, username_key, username_skeleton, password_hash, guest, lang, created_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), u.ID, username, usernameKey(username), usernameSkeleton(username), hash, false, lang, toMS(u.Created))
	if isUniqueViolation(err) {
		return User{}, fmt.Errorf("store: username %q: %w", username, ErrUsernameTaken)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: create user %q: %w", username, err)
	}
	return u, nil
}

// CreateGuest makes a guest player, who can sit down at once. The nickname
// is optional and need not be unique.
func (s *Store) CreateGuest(ctx context.Context, nickname, lang string) (User, error) {
	if err := validNickname(nickname); err != nil {
		return User{}, err
	}
	if err := validLang(lang); err != nil {
		return User{}, err
	}
	u := User{ID: newID(userIDLen), Username: nickname, Guest: true, Lang: lang, Created: fromMS(nowMS())}
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO users (id, username, username_key, password_hash, guest, lang, created_ms)
		VALUES (?, ?, NULL, '', ?, ?, ?)`), u.ID, nickname, true, lang, toMS(u.Created))
	if err != nil {
		return User{}, fmt.Errorf("store: create guest: %w", err)
	}
	return u, nil
}

// PromoteGuest turns a guest into an account with a username and password,
// keeping its id and so its games and sessions. It fails with [ErrNotFound]
// if userID is not a guest.
func (s *Store) PromoteGuest(ctx context.Context, userID, username, password string) (User, error) {
	username = NormalizeUsername(username)
	if err := s.checkNewUsername(ctx, username); err != nil {
		return User{}, err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return User{}, err
	}
	var u User
	err = s.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE users SET username = ?, username_key = ?, username_skeleton = ?, password_hash = ?, guest = ?
			WHERE id = ? AND guest = ?`), username, usernameKey(username), usernameSkeleton(username), hash, false, userID, true)
		if isUniqueViolation(err) {
			return fmt.Errorf("store: username %q: %w", username, ErrUsernameTaken)
		}
		if err != nil {
			return fmt.Errorf("store: promote guest %s: %w", userID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound("guest %s", userID)
		}
		u, err = scanUser(tx.QueryRowContext(ctx, s.q("SELECT "+userCols+" FROM users WHERE id = ?"), userID))
		return err
	})
	return u, err
}

// Authenticate checks a username (in any case) and password and returns the
// account. The account is found by the name's key only, never by its
// skeleton: a look-alike name ("victım") logs into no other account. A
// wrong password and an unknown username both give
// [ErrBadCredentials] and take the same time. A hash made with older
// parameters is replaced on success.
func (s *Store) Authenticate(ctx context.Context, username, password string) (User, error) {
	if len(password) > MaxPasswordLen || utf8.RuneCountInString(username) > MaxUsernameLen {
		return User{}, ErrBadCredentials
	}
	// An account is found by its key; one made before usernames were
	// normalised whose new key was taken when it was re-keyed still has its
	// old key, and is tried next.
	found := false
	for i, key := range lookupKeys(username) {
		var u User
		var created int64
		var hash string
		row := s.rdb.QueryRowContext(ctx, s.q("SELECT "+userCols+", password_hash FROM users WHERE username_key = ?"), key)
		err := row.Scan(&u.ID, &u.Username, &u.Guest, &u.Lang, &created, &hash)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return User{}, fmt.Errorf("store: authenticate: %w", err)
		}
		if i > 0 && !staleKey(u.Username, key) {
			continue
		}
		found = true
		u.Created = fromMS(created)
		ok, err := VerifyPassword(hash, password)
		if err != nil {
			return User{}, fmt.Errorf("store: authenticate %s: %w", u.ID, err)
		}
		if ok {
			s.upgradeHash(ctx, u.ID, hash, password)
			return u, nil
		}
	}
	if !found {
		VerifyPassword(dummyHash(), password)
	}
	return User{}, ErrBadCredentials
}

// upgradeHash replaces a hash made with older parameters after a successful
// login.
func (s *Store) upgradeHash(ctx context.Context, userID, hash, password string) {
	if needsRehash(hash) {
		if fresh, err := HashPassword(password); err == nil {
			// Best effort: the login succeeds even if the upgrade does not.
			s.db.ExecContext(ctx, s.q("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?"), fresh, userID, hash)
		}
	}
}

// checkNewUsername checks a normalised name for a new account: valid, and
// not a look-alike of a taken name: one with the same skeleton
// ([usernameSkeleton]: "victım" beside "victim"), or a name of another
// script that reads as a taken Latin name ("вера" beside "bepa"). The
// unique skeleton column settles a race between two look-alikes.
func (s *Store) checkNewUsername(ctx context.Context, username string) error {
	if err := ValidUsername(username); err != nil {
		return err
	}
	var taken string
	err := s.rdb.QueryRowContext(ctx, s.q("SELECT username FROM users WHERE username_skeleton = ?"), usernameSkeleton(username)).Scan(&taken)
	if err == nil {
		return fmt.Errorf("store: username %q looks like %q: %w", username, taken, ErrUsernameTaken)
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: check username %q: %w", username, err)
	}
	if sk, ok := latinSkeleton(username); ok {
		var id string
		err := s.rdb.QueryRowContext(ctx, s.q("SELECT id FROM users WHERE username_key = ?"), usernameKey(sk)).Scan(&id)
		if err == nil {
			return fmt.Errorf("store: username %q looks like %q: %w", username, sk, ErrUsernameTaken)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: check username %q: %w", username, err)
		}
	}
	return nil
}

// SetPassword replaces an account's password.
func (s *Store) SetPassword(ctx context.Context, userID, password string) error {
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, s.q("UPDATE users SET password_hash = ? WHERE id = ? AND guest = ?"), hash, userID, false)
	if err != nil {
		return fmt.Errorf("store: set password %s: %w", userID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("account %s", userID)
	}
	return nil
}

// SetLanguage records a user's preferred language.
func (s *Store) SetLanguage(ctx context.Context, userID, lang string) error {
	if err := validLang(lang); err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, s.q("UPDATE users SET lang = ? WHERE id = ?"), lang, userID)
	if err != nil {
		return fmt.Errorf("store: set language %s: %w", userID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("user %s", userID)
	}
	return nil
}

// GetUser returns the user with this id.
func (s *Store) GetUser(ctx context.Context, userID string) (User, error) {
	u, err := scanUser(s.rdb.QueryRowContext(ctx, s.q("SELECT "+userCols+" FROM users WHERE id = ?"), userID))
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, notFound("user %s", userID)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: get user %s: %w", userID, err)
	}
	return u, nil
}

// UserByName returns the account with this username, in any case
// ("Alice", "ALICE" and "alice" are one account, as at login). Guests have
// no username to be found by. [ErrNotFound] if no account has the name.
func (s *Store) UserByName(ctx context.Context, username string) (User, error) {
	if username == "" || utf8.RuneCountInString(username) > MaxUsernameLen {
		return User{}, notFound("account named %q", username)
	}
	var u User
	var err error
	for i, key := range lookupKeys(username) {
		u, err = scanUser(s.rdb.QueryRowContext(ctx, s.q("SELECT "+userCols+" FROM users WHERE username_key = ?"), key))
		if err == nil && i > 0 && !staleKey(u.Username, key) {
			err = sql.ErrNoRows
		}
		if !errors.Is(err, sql.ErrNoRows) {
			break
		}
	}
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, notFound("account named %q", username)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: user named %q: %w", username, err)
	}
	return u, nil
}

// sessionTokenBytes of randomness make a token: 256 bits, so a plain SHA-256
// of it is a safe thing to store (no salt or slow hash needed).
const sessionTokenBytes = 32

func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// CreateSession starts a session for a user and returns its token (for a
// cookie: URL-safe base64, 43 characters) and expiry. Only a hash of the
// token is stored.
func (s *Store) CreateSession(ctx context.Context, userID string, ttl time.Duration) (token string, expires time.Time, err error) {
	if ttl < time.Second {
		return "", time.Time{}, invalid("session ttl", ttl.String(), "want at least 1s")
	}
	raw := make([]byte, sessionTokenBytes)
	rand.Read(raw)
	token = base64.RawURLEncoding.EncodeToString(raw)
	now := nowMS()
	exp := now + ttl.Milliseconds()
	_, err = s.db.ExecContext(ctx, s.q("INSERT INTO sessions (token_hash, user_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)"),
		tokenHash(token), userID, now, exp)
	if isForeignKeyViolation(err) {
		return "", time.Time{}, notFound("user %s", userID)
	}
	if err != nil {
		return "", time.Time{}, fmt.Errorf("store: create session for %s: %w", userID, err)
	}
	return token, fromMS(exp), nil
}

// SessionUser returns the user a live session belongs to, or
// [ErrNoSession] for an unknown, deleted or expired token.
func (s *Store) SessionUser(ctx context.Context, token string) (User, error) {
	if len(token) == 0 || len(token) > 128 {
		return User{}, ErrNoSession
	}
	row := s.rdb.QueryRowContext(ctx, s.q(`SELECT u.id, u.username, u.guest, u.lang, u.created_ms
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_ms > ?`), tokenHash(token), nowMS())
	u, err := scanUser(row)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, ErrNoSession
	}
	if err != nil {
		return User{}, fmt.Errorf("store: session: %w", err)
	}
	return u, nil
}

// DeleteSession ends a session (logout). Deleting an unknown token is not an
// error.
func (s *Store) DeleteSession(ctx context.Context, token string) error {
	if _, err := s.db.ExecContext(ctx, s.q("DELETE FROM sessions WHERE token_hash = ?"), tokenHash(token)); err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// DeleteUserSessions ends every session of a user (logout everywhere, or
// after a password change) and returns how many there were.
func (s *Store) DeleteUserSessions(ctx context.Context, userID string) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.q("DELETE FROM sessions WHERE user_id = ?"), userID)
	if err != nil {
		return 0, fmt.Errorf("store: delete sessions of %s: %w", userID, err)
	}
	return res.RowsAffected()
}

// DeleteExpiredSessions removes expired sessions and returns how many; the
// server calls it now and then.
func (s *Store) DeleteExpiredSessions(ctx context.Context) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.q("DELETE FROM sessions WHERE expires_ms <= ?"), nowMS())
	if err != nil {
		return 0, fmt.Errorf("store: delete expired sessions: %w", err)
	}
	return res.RowsAffected()
}
