package server

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"atout/bot/bidding"
	"atout/table"
)

// GET /api/conventions answers the bots' convention card in the language
// asked for: every section titled, in the order of the SAYC booklet, the
// 1NT opening in each language's words, one line per call per auction, and
// the same lines in every language.
func TestConventionsCard(t *testing.T) {
	env := newEnv(t, table.Config{})
	c := newClient(t, env.ts.URL)
	want := map[string]struct{ call, text, group string }{
		"en": {"1NT", "15–17 HCP", "Opening bids"},
		"fr": {"1SA", "15 à 17 points H", "Ouvertures"},
		"de": {"1SA", "15–17 H-Punkte", "Eröffnungen"},
		"hi": {"1NT", "15–17 हाई-कार्ड अंक", "ओपनिंग"},
		"ko": {"1NT", "15–17 HCP", "오프닝"},
	}
	var english []string
	for _, lang := range []string{"en", "fr", "de", "hi", "ko"} {
		w := want[lang]
		var card ConventionCard
		c.do("GET", "/api/conventions?lang="+lang, nil, &card, 200)
		if card.Lang != lang || len(card.Groups) != len(bidding.ConventionGroups) {
			t.Fatalf("%s: lang %q, %d groups", lang, card.Lang, len(card.Groups))
		}
		var lines []string
		seen := map[string]bool{}
		for _, g := range card.Groups {
			for _, l := range g.Lines {
				k := strings.Join(l.Auction, " ") + "|" + l.Call
				if seen[k] {
					t.Errorf("%s: %s listed twice", lang, k)
				}
				seen[k] = true
				lines = append(lines, g.ID+" "+strings.Join(l.Rules, ",")+" "+fmt.Sprint(len(l.Hands)))
			}
		}
		if lang == "en" {
			english = lines
		} else if !slices.Equal(lines, english) {
			t.Errorf("%s: the card's lines are not the English card's", lang)
		}
		if card.Groups[0].Title != w.group {
			t.Errorf("%s: first group %q, want %q", lang, card.Groups[0].Title, w.group)
		}
		found := false
		for _, g := range card.Groups {
			if len(g.Lines) == 0 || g.Title == "" {
				t.Errorf("%s: group %s is empty or untitled", lang, g.ID)
			}
			for _, l := range g.Lines {
				if l.Rule == "open.1nt" && len(l.Auction) == 0 {
					found = true
					if l.Call != w.call || !strings.Contains(l.Text, w.text) {
						t.Errorf("%s: 1NT opening reads %q %q", lang, l.Call, l.Text)
					}
				}
			}
		}
		if !found {
			t.Errorf("%s: no 1NT opening", lang)
		}
	}
}
