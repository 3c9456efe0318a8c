package server

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"atout/bot/bidding/explain"
	"atout/protocol"
	"atout/table"
)

// TestWebSocketMeanings: a player on his turn to call asks the meaning of
// each legal call and gets one per legal call, for the position he sees,
// worded in his language only (the state's explanations too); a forged
// meanings message gets a clear bad_request and changes nothing; a table
// whose game has no meanings says so.
func TestWebSocketMeanings(t *testing.T) {
	games := testGames()
	games["bridge"] = explain.New().Abilities(games["bridge"])
	env := newEnvWith(t, table.Config{Games: games}, func(c *Config) { c.AllowSeed, c.Lang = true, I18n{} })
	var (
		w     *ws
		id    string
		words int
	)
	// The language chosen on the page (the cookie), or named by the
	// WebSocket's URL, which wins; "": no choice made, English.
	for _, k := range []struct{ lang, cookie, query string }{
		{"", "", ""}, {"ko", "ko", ""}, {"fr", "", "fr"}, {"de", "ko", "de"}, {"ko", "ko", "xx"},
	} {
		lang := k.lang
		c := newClient(t, env.ts.URL)
		if k.cookie != "" {
			u, _ := url.Parse(env.ts.URL)
			c.hc.Jar.SetCookies(u, []*http.Cookie{{Name: LangCookie, Value: k.cookie}})
		}
		id = c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: 8})
		if k.query != "" {
			w = c.dial(id + "?lang=" + k.query)
		} else {
			w = c.dial(id)
		}
		defer w.close()
		m := waitMyTurn(t, w)
		legal, seat := legalOf(m)
		w.send(`{"type":"meanings"}`)
		var ms protocol.Meanings
		for r := w.mustRead(); ; r = w.mustRead() {
			if r.Type == "error" {
				t.Fatalf("meanings refused: %s", r.Raw)
			}
			if r.Type == protocol.TypeMeanings {
				if err := json.Unmarshal(r.Raw, &ms); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		if ms.N != m.N || ms.Seat.String() != seat || len(ms.Calls) != len(legal) {
			t.Fatalf("meanings n %d seat %v, %d calls; the state: n %d, %s to call, %d legal", ms.N, ms.Seat, len(ms.Calls), m.N, seat, len(legal))
		}
		// inLang says what is wrong with e for a reader of lang: the
		// words of that language only, none in English.
		inLang := func(e protocol.Explanation) string {
			switch {
			case e.Text == "":
				return "no text"
			case lang == "" && e.Words != nil:
				return "words for an English reader"
			case lang != "" && (len(e.Words) != 1 || e.Words[lang] == ""):
				return "not worded in " + lang + " only"
			}
			words += len(e.Words)
			return ""
		}
		for i, l := range legal {
			if e := ms.Calls[i]; e.Call != l || inLang(e) != "" {
				t.Errorf("%s: meaning %d: %+v, legal call %s: %s", lang, i, e, l, inLang(e))
			}
		}
		var st struct{ Explanations []protocol.Explanation }
		if err := json.Unmarshal(m.Raw, &st); err != nil || len(st.Explanations) == 0 {
			t.Fatalf("%s: the state's explanations: %v, %s", lang, err, m.Raw)
		}
		for i, e := range st.Explanations {
			if bad := inLang(e); bad != "" {
				t.Errorf("%s: the state's explanation %d: %+v: %s", lang, i, e, bad)
			}
		}
	}
	if words == 0 {
		t.Fatal("no words in any language")
	}
	before := storedMoves(t, env, id)
	for _, msg := range []string{`{"type":"meanings","action":"1NT"}`, `{"type":"meanings","n":3}`, `{"type":"meanings","seat":"S"}`} {
		w.send(msg)
		for r := w.mustRead(); ; r = w.mustRead() {
			if r.Type == protocol.TypeMeanings {
				t.Fatalf("%s answered: %s", msg, r.Raw)
			}
			if r.Type != "error" {
				continue
			}
			var e protocol.Error
			json.Unmarshal(r.Raw, &e)
			if e.Code != table.CodeBadRequest || !strings.Contains(e.Detail, "does not belong to a meanings message") || e.Message == "" {
				t.Errorf("%s: %+v", msg, e)
			}
			break
		}
	}
	if after := storedMoves(t, env, id); after != before {
		t.Fatalf("forged messages changed the record: %d moves, was %d", after, before)
	}
	// Without the ability (the bidding system not given to the tables).
	env2 := newEnv(t, table.Config{})
	c2 := newClient(t, env2.ts.URL)
	w2 := c2.dial(c2.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: 8}))
	defer w2.close()
	waitMyTurn(t, w2)
	w2.send(`{"type":"meanings"}`)
	if got := expectError(t, w2, -1); got != table.CodeBadRequest {
		t.Errorf("a game without meanings: %s, want %s", got, table.CodeBadRequest)
	}
}
