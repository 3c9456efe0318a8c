package store

import (
	"errors"
	"strings"
	"testing"
	"unicode"
)

// TestUsernameScripts: names of one script (or of the scripts written
// together in Japanese, Chinese and Korean) pass, mixed-script and
// same-glyph look-alikes of Latin names do not.
func TestUsernameScripts(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"alice", true},
		{"김철수", true},                       // Korean
		{"김철수99", true},                     // Korean and digits
		{"हिन्दी", true},                    // Devanagari, with vowel signs and a virama
		{"राहुल_12", true},                  // Devanagari and digits
		{"田中さん", true},                      // Han and Hiragana
		{"Kim김철수", true},                    // Latin beside Hangul, as Korean writes
		{"Вера", true},                      // Cyrillic, not all same-glyph
		{"Ελένη", true},                     // Greek
		{"\u0430lice", false},               // Cyrillic а, Latin lice
		{"p\u0430ypal", false},              // one Cyrillic letter inside a Latin name
		{"\u0430\u0435\u043e", false},       // all-Cyrillic "aeo": same glyphs as Latin
		{"\u0441\u043e\u0441\u043e", false}, // Cyrillic "coco"
		{"ΑΒΓabc", false},                   // Greek and Latin
		{"हिन्दीabc", false},                // Devanagari and Latin
		{"김철수Вера", false},                  // Hangul and Cyrillic
		{"\u093fabc", false},                // a vowel sign with no letter before it
		{"ab\u200dcd", false},               // zero-width joiner
		{"ａｌｉｃｅ", false},                    // full-width: not NFKC (CreateUser normalises it)
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

// TestUsernameNormalised: account names are stored in NFKC and unique in
// NFKC with full case folding, and a look-alike of a taken Latin name is
// refused.
func TestUsernameNormalised(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		u, err := s.CreateUser(ctx, "ａｌｉｃｅ", "correct horse", "")
		must(t, err)
		if u.Username != "alice" {
			t.Errorf("full-width name stored as %q, want alice", u.Username)
		}
		for _, dup := range []string{"alice", "ALICE", "Ａｌｉｃｅ", "\u0430lice"} {
			if _, err := s.CreateUser(ctx, dup, "another password", ""); err == nil {
				t.Errorf("CreateUser(%q) beside alice succeeded", dup)
			}
		}
		_, err = s.CreateUser(ctx, "Straße", "correct horse", "")
		must(t, err)
		_, err = s.CreateUser(ctx, "STRASSE", "correct horse", "")
		wantErr(t, err, ErrUsernameTaken)
		a, err := s.Authenticate(ctx, "strasse", "correct horse")
		if err != nil || a.Username != "Straße" {
			t.Errorf("Authenticate(strasse) = %+v, %v", a, err)
		}
		e, err := s.CreateUser(ctx, "e\u0301mile", "correct horse", "")
		must(t, err)
		if e.Username != "émile" {
			t.Errorf("decomposed name stored as %q", e.Username)
		}
		if got, err := s.Authenticate(ctx, "ÉMILE", "correct horse"); err != nil || got.ID != e.ID {
			t.Errorf("Authenticate(ÉMILE) = %+v, %v", got, err)
		}
		// "вера" reads "bepa": refused while bepa is taken.
		_, err = s.CreateUser(ctx, "bepa", "correct horse", "")
		must(t, err)
		_, err = s.CreateUser(ctx, "Вера", "correct horse", "")
		wantErr(t, err, ErrUsernameTaken)
		g, err := s.CreateGuest(ctx, "", "")
		must(t, err)
		_, err = s.PromoteGuest(ctx, g.ID, "\u0430lice", "correct horse")
		wantErr(t, err, ErrInvalid)
		_, err = s.PromoteGuest(ctx, g.ID, "ＢＯＢ", "correct horse")
		must(t, err)
		if got, err := s.UserByName(ctx, "bob"); err != nil || got.ID != g.ID || got.Username != "BOB" {
			t.Errorf("UserByName(bob) = %+v, %v", got, err)
		}
	})
}

// TestLegacyUsernames: accounts stored before normalisation (key
// strings.ToLower of the name as typed) are re-keyed when the store opens
// and still log in, even one whose new key another account holds.
func TestLegacyUsernames(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		legacy := []struct{ id, name string }{
			{"legacy1", "ＡＬＩＣＥ"},   // old key "ａｌｉｃｅ", new "alice"
			{"legacy2", "STRASSE"}, // old and new key "strasse"
			{"legacy3", "Straße"},  // old key "straße", new "strasse": taken
			{"legacy4", "\u0430lice"},
		}
		for _, l := range legacy {
			hash, err := HashPassword("password of " + l.id)
			must(t, err)
			_, err = s.db.ExecContext(ctx, s.q(`INSERT INTO users (id, username, username_key, password_hash, guest, lang, created_ms)
				VALUES (?, ?, ?, ?, ?, '', 0)`), l.id, l.name, legacyUsernameKey(l.name), hash, false)
			must(t, err)
		}
		must(t, s.rekeyUsernames(ctx))
		must(t, s.rekeyUsernames(ctx)) // idempotent
		var key string
		must(t, s.db.QueryRowContext(ctx, s.q("SELECT username_key FROM users WHERE id = ?"), "legacy1").Scan(&key))
		if key != "alice" {
			t.Errorf("legacy full-width account re-keyed to %q, want alice", key)
		}
		for _, l := range legacy {
			u, err := s.Authenticate(ctx, l.name, "password of "+l.id)
			if err != nil || u.ID != l.id {
				t.Errorf("Authenticate(%q) = %+v, %v; want %s", l.name, u, err, l.id)
			}
			if u, err := s.UserByName(ctx, l.name); err != nil || (u.ID != l.id && l.id != "legacy3") {
				t.Errorf("UserByName(%q) = %+v, %v", l.name, u, err)
			}
		}
		if u, err := s.Authenticate(ctx, "alice", "password of legacy1"); err != nil || u.ID != "legacy1" {
			t.Errorf("Authenticate(alice) = %+v, %v", u, err)
		}
		_, err := s.CreateUser(ctx, "Alice", "correct horse", "")
		wantErr(t, err, ErrUsernameTaken)
	})
}

// TestUsernameSkeleton: look-alike names (issue 33: "victım" and "victİm"
// beside "victim") have one skeleton, names that only differ by a letter
// that looks different keep two.
func TestUsernameSkeleton(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"victim", "victim", true},
		{"victim", "victım", true},      // dotless ı (U+0131)
		{"victim", "victİm", true},      // capital İ with its dot (U+0130)
		{"victim", "vıctim", true},      // dotless ı first
		{"victim", "VICTIM", true},      // case
		{"victim", "ｖｉｃｔｉｍ", true},      // full width
		{"victim", "victirn", true},     // TR39: m and rn
		{"paypal", "p\u0430ypal", true}, // Cyrillic а
		{"paypal", "p\u0430yp\u0430l", true},
		{"rn", "m", true},
		{"bob0", "bobo", true}, // digit 0 and letter o
		{"bob0", "BOBO", true},
		{"bill", "bi11", true},  // digit 1 and letter l
		{"bill", "biII", false}, // capital I folds to i before the skeleton
		{"Straße", "strasse", true},
		{"anna", "anne", false},
		{"alice", "alicia", false},
		{"victim", "victor", false},
		{"émile", "emile", false}, // an accent is no look-alike of its absence
		{"김철수", "김철호", false},
		{"Вера", "bepa", false}, // "ʙ" is not "b": checkNewUsername's own table catches it
	}
	for _, tt := range tests {
		sa, sb := usernameSkeleton(tt.a), usernameSkeleton(tt.b)
		if (sa == sb) != tt.same {
			t.Errorf("skeletons of %q (%+q) and %q (%+q): same=%v, want %v", tt.a, sa, tt.b, sb, sa == sb, tt.same)
		}
	}
}

// TestUsernameSkeletonNoHash: no letter, digit or mark has a skeleton with
// '#', which marks the skeleton of an old account that collides with an
// older one (fillSkeletons).
func TestUsernameSkeletonNoHash(t *testing.T) {
	for _, tab := range []*unicode.RangeTable{unicode.L, unicode.N, unicode.M} {
		for _, rg := range tab.R16 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				if strings.Contains(usernameSkeleton("a"+string(r)), "#") {
					t.Fatalf("skeleton of %U has '#'", r)
				}
			}
		}
		for _, rg := range tab.R32 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				if strings.Contains(usernameSkeleton("a"+string(r)), "#") {
					t.Fatalf("skeleton of %U has '#'", r)
				}
			}
		}
	}
}

// TestUsernameConfusables: issue 33's look-alike accounts. Beside "victim",
// "victım", "victİm", "vıctim", "victirn"… are refused with
// ErrUsernameTaken, by CreateUser and by PromoteGuest; none of them logs
// into victim's account; "anne" beside "anna" is still possible.
func TestUsernameConfusables(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		v, err := s.CreateUser(ctx, "victim", "correct horse", "")
		must(t, err)
		for _, name := range []string{"victım", "victİm", "vıctim", "VICTİM", "victirn"} {
			if _, err := s.CreateUser(ctx, name, "correct horse", ""); !errors.Is(err, ErrUsernameTaken) {
				t.Errorf("CreateUser(%q) beside victim: %v, want ErrUsernameTaken", name, err)
			}
			g, err := s.CreateGuest(ctx, "", "")
			must(t, err)
			if _, err := s.PromoteGuest(ctx, g.ID, name, "correct horse"); !errors.Is(err, ErrUsernameTaken) {
				t.Errorf("PromoteGuest(%q) beside victim: %v, want ErrUsernameTaken", name, err)
			}
			if u, err := s.Authenticate(ctx, name, "correct horse"); err == nil {
				t.Errorf("Authenticate(%q) logged into %+v", name, u)
			}
			if u, err := s.UserByName(ctx, name); err == nil {
				t.Errorf("UserByName(%q) = %+v", name, u)
			}
		}
		if u, err := s.Authenticate(ctx, "Victim", "correct horse"); err != nil || u.ID != v.ID {
			t.Errorf("Authenticate(Victim) = %+v, %v", u, err)
		}
		_, err = s.CreateUser(ctx, "pаypal", "correct horse", "") // mixed scripts: refused as such
		wantErr(t, err, ErrInvalid)
		_, err = s.CreateUser(ctx, "anna", "correct horse", "")
		must(t, err)
		_, err = s.CreateUser(ctx, "anne", "correct horse", "")
		must(t, err)
		_, err = s.CreateUser(ctx, "arnie", "correct horse", "")
		must(t, err)
		_, err = s.CreateUser(ctx, "amie", "correct horse", "")
		wantErr(t, err, ErrUsernameTaken)
	})
}

// TestLegacySkeletons: accounts made before skeletons that already look
// alike keep working: the oldest holds the skeleton, each logs in by its
// own name, and a new look-alike of either is refused.
func TestLegacySkeletons(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		legacy := []struct {
			id, name string
			created  int64
		}{
			{"old1", "victim", 1},
			{"old2", "victım", 2},
			{"old3", "vıctim", 3},
			{"old4", "loner", 4},
		}
		for _, l := range legacy {
			hash, err := HashPassword("password of " + l.id)
			must(t, err)
			_, err = s.db.ExecContext(ctx, s.q(`INSERT INTO users (id, username, username_key, password_hash, guest, lang, created_ms)
				VALUES (?, ?, ?, ?, ?, '', ?)`), l.id, l.name, usernameKey(l.name), hash, false, l.created)
			must(t, err)
		}
		must(t, s.rekeyUsernames(ctx))
		must(t, s.rekeyUsernames(ctx)) // idempotent
		want := map[string]string{"old1": usernameSkeleton("victim"), "old2": "#old2", "old3": "#old3", "old4": usernameSkeleton("loner")}
		for id, w := range want {
			var got string
			must(t, s.db.QueryRowContext(ctx, s.q("SELECT username_skeleton FROM users WHERE id = ?"), id).Scan(&got))
			if got != w {
				t.Errorf("skeleton of %s = %q, want %q", id, got, w)
			}
		}
		for _, l := range legacy {
			u, err := s.Authenticate(ctx, l.name, "password of "+l.id)
			if err != nil || u.ID != l.id {
				t.Errorf("Authenticate(%q) = %+v, %v; want %s", l.name, u, err, l.id)
			}
			if _, err := s.Authenticate(ctx, l.name, "password of old1"); l.id != "old1" && err == nil {
				t.Errorf("Authenticate(%q) with victim's password succeeded", l.name)
			}
		}
		for _, name := range []string{"victİm", "LONER", "l0ner"} {
			if _, err := s.CreateUser(ctx, name, "correct horse", ""); !errors.Is(err, ErrUsernameTaken) {
				t.Errorf("CreateUser(%q): %v, want ErrUsernameTaken", name, err)
			}
		}
	})
}
