package store

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestValidUsername(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"Alice", true},
		{"bob_42", true},
		{"Émile.D", true},
		{"ëlo", true},
		{"张伟伟", true},
		{"abc", true},
		{"ab", false},
		{strings.Repeat("x", 32), true},
		{strings.Repeat("x", 33), false},
		{"_alice", false},
		{"ali ce", false},
		{"alice!", false},
		{"al\x00ce", false},
		{"al\xffce", false},
		{"e\u0301mile", false}, // a combining accent is not a letter: write É
	}
	for _, tt := range tests {
		err := ValidUsername(tt.name)
		if (err == nil) != tt.ok {
			t.Errorf("ValidUsername(%q) = %v, want ok=%v", tt.name, err, tt.ok)
		}
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Errorf("ValidUsername(%q) = %v, does not wrap ErrInvalid", tt.name, err)
		}
	}
}

func FuzzValidUsername(f *testing.F) {
	for _, s := range []string{"Alice", "Émile", "a b", "", "İstanbul", "ß-ß"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if ValidUsername(s) != nil {
			return
		}
		if n := utf8.RuneCountInString(s); n < MinUsernameLen || n > MaxUsernameLen || !utf8.ValidString(s) {
			t.Fatalf("ValidUsername accepted %q", s)
		}
		k := usernameKey(s)
		if usernameKey(strings.ToUpper(s)) != usernameKey(strings.ToUpper(k)) {
			t.Fatalf("usernameKey(%q) = %q differs from its upper-cased form's", s, k)
		}
	})
}

func TestAccounts(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		u, err := s.CreateUser(ctx, "Émile", "correct horse", "fr")
		must(t, err)
		if u.Guest || u.Username != "Émile" || u.Lang != "fr" || len(u.ID) != userIDLen {
			t.Errorf("CreateUser = %+v", u)
		}
		for _, dup := range []string{"Émile", "émile", "ÉMILE"} {
			_, err = s.CreateUser(ctx, dup, "another password", "")
			wantErr(t, err, ErrUsernameTaken)
		}
		_, err = s.CreateUser(ctx, "x", "correct horse", "")
		wantErr(t, err, ErrInvalid)
		_, err = s.CreateUser(ctx, "shortpw", "1234567", "")
		wantErr(t, err, ErrInvalid)
		_, err = s.CreateUser(ctx, "badlang", "correct horse", "fr_FR!")
		wantErr(t, err, ErrInvalid)

		got, err := s.Authenticate(ctx, "éMILE", "correct horse")
		must(t, err)
		if got != u {
			t.Errorf("Authenticate = %+v, want %+v", got, u)
		}
		// Wrong password and unknown user are the same error.
		for _, c := range [][2]string{{"Émile", "correct horsE"}, {"nobody", "correct horse"}, {"Émile", ""},
			{"Émile", strings.Repeat("x", MaxPasswordLen+1)}} {
			_, err := s.Authenticate(ctx, c[0], c[1])
			if err != ErrBadCredentials {
				t.Errorf("Authenticate(%q, %q) = %v, want exactly ErrBadCredentials", c[0], c[1], err)
			}
		}

		must(t, s.SetPassword(ctx, u.ID, "new password"))
		_, err = s.Authenticate(ctx, "Émile", "correct horse")
		wantErr(t, err, ErrBadCredentials)
		_, err = s.Authenticate(ctx, "Émile", "new password")
		must(t, err)
		must(t, s.SetLanguage(ctx, u.ID, "en-GB"))
		if got, _ := s.GetUser(ctx, u.ID); got.Lang != "en-GB" {
			t.Errorf("language = %q", got.Lang)
		}
		wantErr(t, s.SetLanguage(ctx, "nobody", "en"), ErrNotFound)
		_, err = s.GetUser(ctx, "nobody")
		wantErr(t, err, ErrNotFound)

		// The stored hash is Argon2id, never the password.
		var hash string
		must(t, s.db.QueryRow(s.q("SELECT password_hash FROM users WHERE id = ?"), u.ID).Scan(&hash))
		if !strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(hash, "new password") {
			t.Errorf("stored hash %q", hash)
		}
	})
}

func TestGuests(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		g1, err := s.CreateGuest(ctx, "Guest 1", "")
		must(t, err)
		g2, err := s.CreateGuest(ctx, "Guest 1", "en") // nicknames may repeat
		must(t, err)
		if !g1.Guest || g1.ID == g2.ID {
			t.Errorf("guests %+v %+v", g1, g2)
		}
		_, err = s.CreateGuest(ctx, " padded", "")
		wantErr(t, err, ErrInvalid)
		_, err = s.CreateGuest(ctx, "bell\a", "")
		wantErr(t, err, ErrInvalid)
		_, err = s.Authenticate(ctx, "Guest 1", "")
		wantErr(t, err, ErrBadCredentials)

		// A guest who registers keeps the same id.
		acc, err := s.CreateUser(ctx, "taken", "password1", "")
		must(t, err)
		_, err = s.PromoteGuest(ctx, g1.ID, "TAKEN", "password1")
		wantErr(t, err, ErrUsernameTaken)
		p, err := s.PromoteGuest(ctx, g1.ID, "Colette", "password1")
		must(t, err)
		if p.ID != g1.ID || p.Guest || p.Username != "Colette" {
			t.Errorf("PromoteGuest = %+v", p)
		}
		_, err = s.PromoteGuest(ctx, acc.ID, "Other", "password1")
		wantErr(t, err, ErrNotFound) // not a guest
		if a, err := s.Authenticate(ctx, "colette", "password1"); err != nil || a.ID != g1.ID {
			t.Errorf("Authenticate promoted guest = %+v, %v", a, err)
		}
		wantErr(t, s.SetPassword(ctx, g2.ID, "password1"), ErrNotFound)
	})
}

// TestUserByName: an account is found by its username in any case, as at
// login; a guest's nickname finds nobody until the guest registers.
func TestUserByName(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		u, err := s.CreateUser(ctx, "Émile", "correct horse", "fr")
		must(t, err)
		for _, name := range []string{"Émile", "émile", "ÉMILE"} {
			got, err := s.UserByName(ctx, name)
			must(t, err)
			if got != u {
				t.Errorf("UserByName(%q) = %+v, want %+v", name, got, u)
			}
		}
		g, err := s.CreateGuest(ctx, "Zoé", "")
		must(t, err)
		for _, name := range []string{"Zoé", "nobody", "", "Emile", strings.Repeat("x", MaxUsernameLen+1), u.ID} {
			_, err := s.UserByName(ctx, name)
			wantErr(t, err, ErrNotFound)
			if err != nil && name != "" && len(name) <= MaxUsernameLen && !strings.Contains(err.Error(), name) {
				t.Errorf("UserByName(%q): %v does not name the username", name, err)
			}
		}
		_, err = s.PromoteGuest(ctx, g.ID, "Zoe", "password1")
		must(t, err)
		if got, err := s.UserByName(ctx, "ZOE"); err != nil || got.ID != g.ID || got.Guest {
			t.Errorf("UserByName of a promoted guest = %+v, %v", got, err)
		}
	})
}

func TestSessions(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		u, err := s.CreateGuest(ctx, "", "")
		must(t, err)
		tok, exp, err := s.CreateSession(ctx, u.ID, time.Hour)
		must(t, err)
		if len(tok) != 43 || time.Until(exp) < 59*time.Minute {
			t.Errorf("CreateSession = %q, %v", tok, exp)
		}
		got, err := s.SessionUser(ctx, tok)
		must(t, err)
		if got.ID != u.ID {
			t.Errorf("SessionUser = %+v, want %+v", got, u)
		}
		// Only the token's hash is stored.
		var stored string
		must(t, s.db.QueryRow(s.q("SELECT token_hash FROM sessions WHERE user_id = ?"), u.ID).Scan(&stored))
		if stored == tok || strings.Contains(stored, tok) || stored != tokenHash(tok) {
			t.Errorf("stored %q for token %q", stored, tok)
		}
		for _, bad := range []string{"", "nope", tok[:42], strings.Repeat("a", 500)} {
			_, err := s.SessionUser(ctx, bad)
			wantErr(t, err, ErrNoSession)
		}
		_, _, err = s.CreateSession(ctx, "nobody", time.Hour)
		wantErr(t, err, ErrNotFound)
		_, _, err = s.CreateSession(ctx, u.ID, time.Millisecond)
		wantErr(t, err, ErrInvalid)

		// Expiry: age the session in place rather than sleep.
		tok2, _, err := s.CreateSession(ctx, u.ID, time.Hour)
		must(t, err)
		_, err = s.db.Exec(s.q("UPDATE sessions SET expires_ms = ? WHERE token_hash = ?"), nowMS()-1, tokenHash(tok2))
		must(t, err)
		_, err = s.SessionUser(ctx, tok2)
		wantErr(t, err, ErrNoSession)
		if n, err := s.DeleteExpiredSessions(ctx); err != nil || n != 1 {
			t.Errorf("DeleteExpiredSessions = %d, %v; want 1", n, err)
		}

		must(t, s.DeleteSession(ctx, tok))
		must(t, s.DeleteSession(ctx, tok)) // again: no error
		_, err = s.SessionUser(ctx, tok)
		wantErr(t, err, ErrNoSession)

		for range 3 {
			_, _, err := s.CreateSession(ctx, u.ID, time.Hour)
			must(t, err)
		}
		if n, err := s.DeleteUserSessions(ctx, u.ID); err != nil || n != 3 {
			t.Errorf("DeleteUserSessions = %d, %v; want 3", n, err)
		}
	})
}

func TestPasswordHash(t *testing.T) {
	h1, err := HashPassword("correct horse")
	must(t, err)
	h2, err := HashPassword("correct horse")
	must(t, err)
	if h1 == h2 {
		t.Error("two hashes of one password are equal: salt missing")
	}
	for _, c := range []struct {
		hash, pw string
		want     bool
	}{{h1, "correct horse", true}, {h2, "correct horse", true}, {h1, "correct horsf", false}, {h1, "", false}} {
		if ok, err := VerifyPassword(c.hash, c.pw); err != nil || ok != c.want {
			t.Errorf("VerifyPassword(%q, %q) = %v, %v; want %v", c.hash, c.pw, ok, err, c.want)
		}
	}
	if needsRehash(h1) {
		t.Errorf("needsRehash(%q) with current parameters", h1)
	}
	salt, key := b64.EncodeToString(make([]byte, 16)), b64.EncodeToString(make([]byte, 32))
	for _, bad := range []string{
		"", "plain", "$argon2i$v=19$m=19456,t=2,p=1$" + salt + "$" + key,
		"$argon2id$v=18$m=19456,t=2,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=19456,t=2$" + salt + "$" + key,
		"$argon2id$v=19$m=99999999,t=2,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=19456,t=0,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=019456,t=2,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=19456,t=2,p=1$" + salt + "$!!",
		"$argon2id$v=19$m=19456,t=2,p=1$$" + key,
		"x$argon2id$v=19$m=19456,t=2,p=1$" + salt + "$" + key,
	} {
		if ok, err := VerifyPassword(bad, "x"); err == nil || ok {
			t.Errorf("VerifyPassword(%q) = %v, %v; want an error", bad, ok, err)
		}
	}
}

// A hash made with weaker parameters still verifies and is replaced with a
// current one at the next login.
func TestRehashOnLogin(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		u, err := s.CreateUser(ctx, "oldtimer", "password1", "")
		must(t, err)
		weak := encodeHash(argonParams{memory: 64, time: 1, threads: 1}, []byte("0123456789abcdef"), "password1")
		_, err = s.db.Exec(s.q("UPDATE users SET password_hash = ? WHERE id = ?"), weak, u.ID)
		must(t, err)
		_, err = s.Authenticate(ctx, "oldtimer", "password1")
		must(t, err)
		var hash string
		must(t, s.db.QueryRow(s.q("SELECT password_hash FROM users WHERE id = ?"), u.ID).Scan(&hash))
		if hash == weak || needsRehash(hash) {
			t.Errorf("hash after login %q, want current parameters", hash)
		}
		_, err = s.Authenticate(ctx, "oldtimer", "password1")
		must(t, err)
	})
}

func FuzzParseHash(f *testing.F) {
	h, _ := HashPassword("fuzzing!")
	f.Add(h)
	f.Add("$argon2id$v=19$m=64,t=1,p=1$AAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA")
	f.Add("$$$$$")
	f.Fuzz(func(t *testing.T, s string) {
		p, salt, key, err := parseHash(s)
		if err != nil {
			return
		}
		// What parses is canonical: printed again it is the same string.
		again := "$argon2id$v=19$m=" + itoa(p.memory) + ",t=" + itoa(p.time) + ",p=" + itoa(uint32(p.threads)) +
			"$" + b64.EncodeToString(salt) + "$" + b64.EncodeToString(key)
		if again != s {
			t.Fatalf("parseHash(%q) prints back as %q", s, again)
		}
	})
}

func itoa(n uint32) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
