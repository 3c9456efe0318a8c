package i18n

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"atout/card"
)

// sameAsEnglish lists, per language, the messages that are rightly written
// as in English: card symbols, proper names and the game's own words
// (belote's French terms, "Bridge", "OK"). A message made only of
// placeholders, digits, symbols and punctuation needs no entry.
var sameAsEnglish = map[Lang][]string{
	Fr: {"Belote", "Carré", "Cent", "Cinquante", "Rebelote", "Tierce", "Capot", "Coinche", "Surcoinche",
		"Bridge", "Chicago", "Duplicate", "Butler", "Maison", "Par", "OK", "A", "Total", "Date", "Mode", "Tables",
		"six", "forcing", "{n} point", "{n} points", "Points", "NS"},
	De: {"Belote", "Carré", "Cent", "Cinquante", "Rebelote", "Tierce", "Capot", "Coinche", "Surcoinche",
		"Bridge", "Chicago", "Duplicate", "Butler", "Maison", "Par", "OK", "Par: {score} ({contracts})",
		"Rubber", "Alert", "Dummy", "Team", "Bot", "Bot ({level})", "Chat", "IMPs", "Name",
		"Partner", "West", "A", "K", "NS"},
	Hi: {"NT"},
	Ko: {"NT", "A", "K", "Q", "J", "{min}–{max} HCP", "{n} HCP."},
}

// properName lists the messages that are names, the same in every
// language: the app's and the languages' own.
var properName = map[string]bool{"app.name": true, "lang.de": true, "lang.en": true, "lang.fr": true, "lang.hi": true, "lang.ko": true}

// TestNoEnglishFallback: every key of the English catalog is in every
// language (TestEveryKeyInEveryLanguage), and no message of another
// language is left in English unless the allow-list above says so.
func TestNoEnglishFallback(t *testing.T) {
	en := catalogs[En]
	for _, l := range Supported[1:] {
		allowed := map[string]bool{}
		for _, v := range sameAsEnglish[l] {
			allowed[v] = true
		}
		used := map[string]bool{}
		for _, k := range Keys() {
			v, ok := catalogs[l][k]
			if !ok {
				t.Errorf("%s: no message %q", l, k)
				continue
			}
			if v != en[k] || !hasWords(v) || properName[k] {
				continue
			}
			if !allowed[v] {
				t.Errorf("%s: %q is left in English: %q", l, k, v)
			}
			used[v] = true
		}
		for _, v := range sameAsEnglish[l] {
			if !used[v] {
				t.Errorf("%s: allow-list entry %q is no longer needed", l, v)
			}
		}
	}
}

// hasWords reports whether a message has letters outside its placeholders.
func hasWords(msg string) bool {
	for i := 0; i < len(msg); {
		if msg[i] == '{' {
			if _, n := placeholderAt(msg[i:]); n > 0 {
				i += n
				continue
			}
		}
		r, n := utf8.DecodeRuneInString(msg[i:])
		if unicode.IsLetter(r) {
			return true
		}
		i += n
	}
	return false
}

// One spelling per term: the words the rules pages fix are the only ones
// the catalog uses.
func TestOneSpellingPerTerm(t *testing.T) {
	banned := map[Lang][]string{
		Fr: {"Jeu de la carte"},
		De: {"Board"},
		Hi: {"बेलोट", "Maison", "बोर्ड", "कोइंच", "कोइंश", "तुरुप"},
		Ko: {"블로트", "Maison", "보드", "버널러블"},
	}
	for l, words := range banned {
		for k, v := range catalogs[l] {
			for _, w := range words {
				if strings.Contains(v, w) {
					t.Errorf("%s %q: %q uses %q", l, k, v, w)
				}
			}
		}
		for _, g := range Games {
			b, _ := rulesFS.ReadFile("rules/" + g + "." + string(l) + ".txt")
			for _, w := range words {
				if strings.Contains(string(b), w) {
					t.Errorf("%s rules page of %s uses %q", l, g, w)
				}
			}
		}
	}
}

func TestRankLetter(t *testing.T) {
	want := map[Lang]string{
		En: "A K Q J 10 9 2",
		Fr: "A R D V 10 9 2",
		De: "A K D B 10 9 2",
		Hi: "इ बा बे गु 10 9 2",
		Ko: "A K Q J 10 9 2",
	}
	h, err := card.ParseHand("AKQJT92...")
	if err != nil {
		t.Fatal(err)
	}
	for l, w := range want {
		if got := HandText(l, h, card.Spades); got != w {
			t.Errorf("%s: %q, want %q", l, got, w)
		}
	}
	if got := HandText(Fr, h, card.Hearts); got != "—" {
		t.Errorf("void: %q", got)
	}
}
