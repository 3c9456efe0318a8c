package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// NormalizeUsername returns the form an account name is stored and checked
// in: Unicode NFKC, so that a full-width "ａｌｉｃｅ" or a decomposed
// "e\u0301mile" become "alice" and "émile". [Store.CreateUser] and
// [Store.PromoteGuest] apply it before [ValidUsername].
func NormalizeUsername(name string) string {
	if !utf8.ValidString(name) {
		return name
	}
	return norm.NFKC.String(name)
}

// usernameKey is the form account names are made unique in: NFKC, then full
// Unicode case folding, then NFKC again (Unicode's NFKC_Casefold, less the
// removal of ignorables, which usernames cannot hold). "Alice", "ALICE",
// "ａｌｉｃｅ" and "alice" are one account, as are "Straße" and "STRASSE".
func usernameKey(name string) string {
	if !utf8.ValidString(name) {
		return strings.ToLower(name)
	}
	return norm.NFKC.String(cases.Fold().String(norm.NFKC.String(name)))
}

// usernameSkeleton is the form look-alike account names share, and are
// made unique in besides [usernameKey]: Unicode TR39's skeleton (the
// confusables table of github.com/mtibben/confusables, Unicode 13) of the
// name's key, case-folded and skeletonised again until it no longer
// changes, so that a capital letter a prototype maps to ('0' → 'O') meets
// its small letter. "victim", "VICTIM", "victım" (dotless ı), "vıctim" and
// "victİm" (capital İ with its dot) have one skeleton, as have "paypal"
// and "pаypal" (Cyrillic а), "m" and "rn", "0" and "o", "1" and "l"; "anna"
// and "anne" stay two. The library misses one case, mended by
// [dropDotAbove]. A skeleton is in NFD and never holds '#'.
func usernameSkeleton(name string) string {
	s := dropDotAbove(confusables.Skeleton(usernameKey(name)))
	for range 4 { // one pass is almost always enough: no chain is longer
		t := dropDotAbove(confusables.Skeleton(norm.NFKD.String(cases.Fold().String(s))))
		if t == s {
			break
		}
		s = t
	}
	return s
}

// dropDotAbove removes a combining dot above (U+0307) right after an 'i' or
// a 'j', which already have a dot: full case folding turns a capital İ into
// "i\u0307", which the confusables table keeps as it is (it maps a dotless ı
// to i but has no entry for the dot), so "victİm" would read as another name
// than "victim" although it looks the same in small letters.
func dropDotAbove(s string) string {
	if !strings.ContainsRune(s, '\u0307') {
		return s
	}
	var b strings.Builder
	var prev rune
	for _, r := range s {
		if r == '\u0307' && (prev == 'i' || prev == 'j') {
			continue
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// legacyUsernameKey is the key of accounts made before usernames were
// normalised: strings.ToLower of the name as typed. Such accounts are
// re-keyed when the store opens (rekeyUsernames); one whose new key was
// already taken keeps its old key and is still found by it.
func legacyUsernameKey(name string) string { return strings.ToLower(name) }

// Scripts that may share a name, after UTS #39's "highly restrictive"
// level: Japanese (Han, Hiragana, Katakana), Chinese (Han, Bopomofo) and
// Korean (Han, Hangul) writing, each possibly with Latin letters.
var scriptSets = [][]string{
	{"Latin", "Han", "Hiragana", "Katakana"},
	{"Latin", "Han", "Bopomofo"},
	{"Latin", "Han", "Hangul"},
}

// scriptNames are the scripts a letter, digit or mark of a username may
// belong to: every script of package unicode but Common and Inherited,
// which are not scripts of their own.
var scriptNames = func() []string {
	var names []string
	for name := range unicode.Scripts {
		if name != "Common" && name != "Inherited" {
			names = append(names, name)
		}
	}
	return names
}()

// scriptOf returns the script of r ("Latin", "Cyrillic", …), "" for Common
// (ASCII digits, punctuation) and "Inherited" (combining marks).
func scriptOf(r rune) string {
	switch {
	case r < 0x80:
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return "Latin"
		}
		return ""
	case unicode.Is(unicode.Latin, r):
		return "Latin"
	case unicode.Is(unicode.Inherited, r):
		return "Inherited"
	case unicode.Is(unicode.Common, r):
		return ""
	}
	for _, name := range scriptNames {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	return ""
}

// latinLookalikes maps the Cyrillic, Greek and Armenian letters that look
// like a Latin letter (after Unicode's confusables list) to that letter.
// The ones marked true are the same glyph in both cases ("а" and "a", "А"
// and "A"): a name of another script made only of those (and digits, '_',
// '-', '.') reads as a Latin name ("аlісе" in Cyrillic is "alice") and is
// refused. A name made of the others as well ("вера", which reads "bepa"
// in capitals) is refused only if the Latin name it reads as is taken.
var latinLookalikes = map[rune]struct {
	latin rune
	same  bool
}{
	// Cyrillic
	'а': {'a', true}, 'е': {'e', true}, 'о': {'o', true}, 'р': {'p', true}, 'с': {'c', true},
	'у': {'y', true}, 'х': {'x', true}, 'ѕ': {'s', true}, 'і': {'i', true}, 'ј': {'j', true},
	'һ': {'h', true}, 'ԁ': {'d', true}, 'ԛ': {'q', true}, 'ԝ': {'w', true}, 'ӏ': {'l', true},
	'в': {'b', false}, 'к': {'k', false}, 'м': {'m', false}, 'н': {'h', false}, 'т': {'t', false},
	'ь': {'b', false}, 'ѵ': {'v', false}, 'ү': {'y', false}, 'ҽ': {'e', false}, 'г': {'r', false},
	'п': {'n', false}, 'и': {'u', false},
	// Greek
	'ο': {'o', true}, 'ι': {'i', false}, 'ν': {'v', false}, 'ρ': {'p', false}, 'α': {'a', false},
	'β': {'b', false}, 'γ': {'y', false}, 'ε': {'e', false}, 'ζ': {'z', false}, 'η': {'n', false},
	'κ': {'k', false}, 'μ': {'u', false}, 'τ': {'t', false}, 'υ': {'u', false}, 'χ': {'x', false},
	'ω': {'w', false}, 'ϲ': {'c', true}, 'ϳ': {'j', true},
	// Armenian
	'ո': {'n', false}, 'ս': {'u', false}, 'օ': {'o', true}, 'հ': {'h', false},
}

// latinSkeleton returns the Latin name a name of another script reads as
// ("вера" reads "bepa"), and false if it has a letter that looks like no
// Latin letter, or is written in Latin letters itself.
func latinSkeleton(name string) (string, bool) {
	var b strings.Builder
	nonLatin := false
	for _, r := range name {
		sc := scriptOf(r)
		switch {
		case sc == "":
			b.WriteRune(r)
		case sc == "Latin":
			return "", false
		default:
			l, ok := latinLookalikes[unicode.ToLower(r)]
			if !ok {
				return "", false
			}
			nonLatin = true
			b.WriteRune(l.latin)
		}
	}
	return b.String(), nonLatin
}

// checkScripts refuses a name whose letters mix scripts (Latin "a" beside a
// Cyrillic "а") beyond the combinations of [scriptSets], and a name of
// another script whose every letter is the glyph of a Latin letter.
func checkScripts(name string) error {
	seen := map[string]bool{}
	same := true // every letter is a Latin letter's glyph
	for _, r := range name {
		sc := scriptOf(r)
		if sc == "" || sc == "Inherited" {
			continue
		}
		seen[sc] = true
		if sc == "Latin" || !latinLookalikes[unicode.ToLower(r)].same {
			same = false
		}
	}
	if len(seen) > 1 && !allowedMix(seen) {
		list := slices.Sorted(maps.Keys(seen))
		return invalid("username", name, "letters of several scripts ("+strings.Join(list, ", ")+"): write it in one")
	}
	if len(seen) > 0 && same {
		return invalid("username", name, "looks like a name in Latin letters: write it in Latin letters")
	}
	return nil
}

func allowedMix(seen map[string]bool) bool {
	for _, set := range scriptSets {
		n := 0
		for _, sc := range set {
			if seen[sc] {
				n++
			}
		}
		if n == len(seen) {
			return true
		}
	}
	return false
}

// lookupKeys are the username_key values an account typed as name may be
// stored under: its key, and its legacy key if that differs (which finds
// only an account that still holds it: see [staleKey]).
func lookupKeys(name string) []string {
	k := usernameKey(name)
	if lk := legacyUsernameKey(name); lk != k {
		return []string{k, lk}
	}
	return []string{k}
}

// staleKey reports whether key is a legacy key the account named name
// still holds (its new key was taken when it was re-keyed), so that a name
// typed is looked up by its legacy key (the second of [lookupKeys]) only
// among such accounts: strings.ToLower("victİm") is "victim", the current
// key of another account, which "victİm" must not find.
func staleKey(name, key string) bool {
	return key == legacyUsernameKey(name) && key != usernameKey(name)
}

// rekeyUsernames gives the accounts made before usernames were normalised
// their new key. Names in ASCII have the same key as before, so only the
// others are read. An account whose new key is taken keeps its old one
// (and is still found by it). It runs at every open and does nothing once
// every key is current. It then fills in the skeletons ([Store.fillSkeletons]).
func (s *Store) rekeyUsernames(ctx context.Context) error {
	filter := "username GLOB '*[^ -~]*'"
	if s.dialect == Postgres {
		filter = "username ~ '[^ -~]'"
	}
	rows, err := s.db.QueryContext(ctx, s.q("SELECT id, username, username_key FROM users WHERE guest = ? AND "+filter), false)
	if err != nil {
		return fmt.Errorf("store: read usernames: %w", err)
	}
	type row struct{ id, name, key string }
	var stale []row
	for rows.Next() {
		var r row
		var key sql.NullString
		if err := rows.Scan(&r.id, &r.name, &key); err != nil {
			rows.Close()
			return fmt.Errorf("store: read usernames: %w", err)
		}
		if k := usernameKey(r.name); key.Valid && key.String != k {
			r.key = k
			stale = append(stale, r)
		}
	}
	if err := rows.Close(); err != nil {
		return fmt.Errorf("store: read usernames: %w", err)
	}
	for _, r := range stale {
		_, err := s.db.ExecContext(ctx, s.q("UPDATE users SET username_key = ? WHERE id = ?"), r.key, r.id)
		if err != nil && !isUniqueViolation(err) {
			return fmt.Errorf("store: re-key username of %s: %w", r.id, err)
		}
	}
	return s.fillSkeletons(ctx)
}

// UsernameKey is the form an account name is unique in: "Alice", "ALICE"
// and "ａｌｉｃｅ" have one key. The server keys login limits on it.
func UsernameKey(name string) string { return usernameKey(name) }

// fillSkeletons gives the accounts that have none (made before the
// username_skeleton column, or by an older program) their skeleton, oldest
// first, in one transaction. An account whose skeleton an older one holds
// keeps its name and logs in as before, by its key; its skeleton is '#' and
// its id, which no name can have. It runs at every open and reads nothing
// once every account has a skeleton.
func (s *Store) fillSkeletons(ctx context.Context) error {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id, username FROM users
		WHERE guest = ? AND username_skeleton IS NULL ORDER BY created_ms, id`), false)
	if err != nil {
		return fmt.Errorf("store: read usernames: %w", err)
	}
	type row struct{ id, skel string }
	var todo []row
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			rows.Close()
			return fmt.Errorf("store: read usernames: %w", err)
		}
		todo = append(todo, row{id, usernameSkeleton(name)})
	}
	if err := rows.Close(); err != nil {
		return fmt.Errorf("store: read usernames: %w", err)
	}
	if len(todo) == 0 {
		return nil
	}
	return s.writeTx(ctx, func(tx *sql.Tx) error {
		for _, r := range todo {
			var holder string
			err := tx.QueryRowContext(ctx, s.q("SELECT id FROM users WHERE username_skeleton = ?"), r.skel).Scan(&holder)
			switch {
			case err == nil:
				r.skel = "#" + r.id // an older look-alike holds it
			case !errors.Is(err, sql.ErrNoRows):
				return fmt.Errorf("store: skeleton of %s: %w", r.id, err)
			}
			_, err = tx.ExecContext(ctx, s.q("UPDATE users SET username_skeleton = ? WHERE id = ? AND username_skeleton IS NULL"), r.skel, r.id)
			if err != nil {
				return fmt.Errorf("store: skeleton of %s: %w", r.id, err)
			}
		}
		return nil
	})
}
