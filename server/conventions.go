package server

import (
	"encoding/json"
	"net/http"
	"sync"

	"atout/bot/bidding"
	"atout/i18n"
)

// The convention card: GET /api/conventions?lang=xx answers the system the
// bidding bot plays (SAYC), made from its own rule table
// (bidding.Bot.Conventions, the same lines as docs/bidding-system.md) and
// worded in the language asked for, or the request's language. It has one
// line per call per auction, and every language words the same meaning
// from the catalog (bidding.Meaning.Line).

// ConventionCard is the answer of GET /api/conventions.
type ConventionCard struct {
	Lang   string            `json:"lang"`
	Groups []ConventionGroup `json:"groups"`
}

// ConventionGroup is one part of the card: openings, responses...
type ConventionGroup struct {
	ID    string           `json:"id"`
	Title string           `json:"title"`
	Lines []ConventionLine `json:"lines"`
}

// ConventionLine is one call on an example auction: the calls before (the
// first by the dealer; empty for an opening bid), the call, and what it
// shows, all written in the card's language. Rule is the rule the call is
// explained by, Rules all the rules that make it there; Name is the
// agreement's name in the system's English ("Stayman"), on the English
// card only; Hands, when the rules make the call with different hands,
// words each hand type.
type ConventionLine struct {
	Rule    string   `json:"rule"`
	Rules   []string `json:"rules"`
	Name    string   `json:"name,omitempty"`
	Auction []string `json:"auction"`
	Call    string   `json:"call"`
	Text    string   `json:"text"`
	Hands   []string `json:"hands,omitempty"`
}

var conventionCards = sync.OnceValue(func() map[i18n.Lang][]byte {
	cs := bidding.New(bidding.Options{}).Conventions()
	out := make(map[i18n.Lang][]byte, len(i18n.Supported))
	for _, l := range i18n.Supported {
		card := ConventionCard{Lang: string(l)}
		index := map[string]int{}
		for _, s := range bidding.Sections {
			index[s.ID] = len(card.Groups)
			card.Groups = append(card.Groups, ConventionGroup{ID: s.ID, Title: s.TitleIn(l), Lines: []ConventionLine{}})
		}
		for _, c := range cs {
			line := ConventionLine{Rule: c.Rule, Rules: c.Rules, Auction: make([]string, len(c.Auction)),
				Call: i18n.CallNameOf(l, c.Call), Text: c.Meaning.Line(l, c.Call)}
			if l == i18n.En {
				line.Name = c.Name
			}
			for _, h := range c.Hands {
				line.Hands = append(line.Hands, h.Details(l, c.Call))
			}
			for i, a := range c.Auction {
				line.Auction[i] = i18n.CallNameOf(l, a)
			}
			g := &card.Groups[index[c.Group]]
			g.Lines = append(g.Lines, line)
		}
		b, err := json.Marshal(card)
		if err != nil {
			panic(err) // plain strings always marshal
		}
		out[l] = b
	}
	return out
})

func (s *Server) handleConventions(w http.ResponseWriter, r *http.Request) {
	lang, ok := i18n.Parse(r.URL.Query().Get("lang"))
	if !ok {
		lang, _ = i18n.Parse(s.requestLang(r, nil))
	}
	b, ok := conventionCards()[lang]
	if !ok {
		b = conventionCards()[i18n.Default]
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(b)
}
