package server

import (
	"strings"
	"testing"

	"atout/table"
)

// GET /api/conventions answers the bots' convention card in the language
// asked for: every group titled, the 1NT opening in each language's words.
func TestConventionsCard(t *testing.T) {
	env := newEnv(t, table.Config{})
	c := newClient(t, env.ts.URL)
	want := map[string]struct{ call, text, group string }{
		"en": {"1NT", "15-17 HCP", "Openings"},
		"fr": {"1SA", "15 à 17 points H", "Ouvertures"},
		"de": {"1SA", "15–17 H-Punkte", "Eröffnungen"},
		"hi": {"1NT", "15–17 H अंक", "ओपनिंग"},
		"ko": {"1NT", "15–17 HCP", "오프닝"},
	}
	for lang, w := range want {
		var card ConventionCard
		c.do("GET", "/api/conventions?lang="+lang, nil, &card, 200)
		if card.Lang != lang || len(card.Groups) != 7 {
			t.Fatalf("%s: lang %q, %d groups", lang, card.Lang, len(card.Groups))
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
