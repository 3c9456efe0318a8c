package server

import (
	"encoding/json"
	"strings"
	"testing"

	"atout/bot/bidding/explain"
	"atout/protocol"
	"atout/table"
)

// TestWebSocketMeanings: a player on his turn to call asks the meaning of
// each legal call and gets one per legal call, for the position he sees;
// a forged meanings message gets a clear bad_request and changes nothing;
// a table whose game has no meanings says so.
func TestWebSocketMeanings(t *testing.T) {
	games := testGames()
	games["bridge"] = explain.New().Abilities(games["bridge"])
	env := newEnv(t, table.Config{Games: games})
	c := newClient(t, env.ts.URL)
	id := c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: 8})
	w := c.dial(id)
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
	for i, l := range legal {
		if e := ms.Calls[i]; e.Call != l || e.Text == "" || len(e.Words) != 4 {
			t.Errorf("meaning %d: %+v, legal call %s", i, e, l)
		}
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
