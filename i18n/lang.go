package i18n

import (
	"strconv"
	"strings"
)

// Lang is a supported language, written as its ISO 639-1 code ("en", "fr").
type Lang string

// The supported languages.
const (
	En Lang = "en" // English, the default
	Fr Lang = "fr" // French
	De Lang = "de" // German
	Hi Lang = "hi" // Hindi
	Ko Lang = "ko" // Korean
)

// Default is the language used when nothing better matches.
const Default = En

// Supported lists the languages in the order of the language menu.
var Supported = []Lang{En, Fr, De, Hi, Ko}

// Valid reports whether l is one of the supported languages.
func (l Lang) Valid() bool {
	for _, s := range Supported {
		if l == s {
			return true
		}
	}
	return false
}

// String returns the language code.
func (l Lang) String() string { return string(l) }

// Name returns the language's name in that language itself ("Deutsch",
// "हिन्दी"), as shown in the language menu.
func (l Lang) Name() string { return T(l, "lang."+string(l.orDefault())) }

func (l Lang) orDefault() Lang {
	if l.Valid() {
		return l
	}
	return Default
}

// Parse reads a single language tag such as "fr", "FR", "fr-FR" or "de_CH"
// and reports whether its primary language is supported.
func Parse(tag string) (Lang, bool) {
	t := strings.ToLower(strings.TrimSpace(tag))
	if len(t) > maxTagLen {
		return "", false
	}
	if i := strings.IndexAny(t, "-_"); i >= 0 {
		t = t[:i]
	}
	l := Lang(t)
	return l, l.Valid()
}

// maxRanges and maxTagLen bound the work done on a hostile header; no
// real language tag is longer than 35 characters (RFC 5646 §4.4.1).
const (
	maxRanges = 32
	maxTagLen = 35
)

// Match picks the supported language that best fits an HTTP Accept-Language
// header (RFC 9110 §12.5.4): the range with the highest quality wins, ranges
// of equal quality keep the header's order, "q=0" excludes a language, a
// region ("de-CH") matches its language ("de") and "*" stands for any
// language not excluded. A plain tag such as "fr-FR" is a header with one
// range. Anything unusable gives [Default].
func Match(acceptLanguage string) Lang {
	best, bestQ := Default, -1.0
	excluded := map[Lang]bool{}
	star := -1.0
	parts := strings.SplitN(acceptLanguage, ",", maxRanges+1)
	if len(parts) > maxRanges {
		parts = parts[:maxRanges]
	}
	type cand struct {
		l Lang
		q float64
	}
	var cands []cand
	for _, p := range parts {
		fields := strings.Split(p, ";")
		tag := strings.TrimSpace(fields[0])
		if tag == "" || len(tag) > maxTagLen {
			continue
		}
		q, ok := 1.0, true
		for _, f := range fields[1:] {
			k, v, found := strings.Cut(strings.TrimSpace(f), "=")
			if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			q, ok = parseQ(strings.TrimSpace(v))
		}
		if !ok {
			continue
		}
		if tag == "*" {
			if q > star {
				star = q
			}
			continue
		}
		l, supported := Parse(tag)
		if !supported {
			continue
		}
		if q == 0 {
			// "de;q=0" refuses German; "de-CH;q=0" only refuses one
			// regional variant, which says nothing about "de".
			if !strings.ContainsAny(tag, "-_") {
				excluded[l] = true
			}
			continue
		}
		cands = append(cands, cand{l, q})
	}
	for _, c := range cands {
		if !excluded[c.l] && c.q > bestQ {
			best, bestQ = c.l, c.q
		}
	}
	if star > bestQ && star > 0 {
		for _, l := range Supported {
			if !excluded[l] {
				return l
			}
		}
	}
	if bestQ < 0 {
		return Default
	}
	return best
}

// parseQ reads a quality value: 0 to 1 with at most three decimals.
func parseQ(s string) (float64, bool) {
	if s == "" || len(s) > 5 || (s[0] != '0' && s[0] != '1') {
		return 0, false
	}
	q, err := strconv.ParseFloat(s, 64)
	if err != nil || q < 0 || q > 1 {
		return 0, false
	}
	return q, true
}
