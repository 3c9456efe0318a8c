package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"atout/card"
	"atout/protocol"
	"atout/store"
	"atout/table"
)

// waitMyTurn reads states until the client's seat has a legal action.
func waitMyTurn(t *testing.T, w *ws) serverMsg {
	t.Helper()
	for {
		m := w.mustRead()
		if m.Type != "state" {
			continue
		}
		if legal, _ := legalOf(m); len(legal) > 0 {
			return m
		}
	}
}

// expectError reads until an error message and returns its code; a state
// message with another move count on the way fails the test.
func expectError(t *testing.T, w *ws, n int) string {
	t.Helper()
	for {
		m := w.mustRead()
		switch m.Type {
		case "error":
			return m.Code
		case "state":
			if m.N != n {
				t.Fatalf("state changed to n=%d (was %d) after a refused message", m.N, n)
			}
		}
	}
}

func storedMoves(t *testing.T, env *testEnv, id string) int {
	t.Helper()
	rec, err := env.st.LoadGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range rec.Deals {
		n += len(d.Moves)
	}
	return n
}

func TestForgedMessages(t *testing.T) {
	env := newEnv(t, table.Config{})
	south := newClient(t, env.ts.URL)
	id := south.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: 3, TurnSeconds: -1})
	north := newClient(t, env.ts.URL)
	north.do("POST", "/api/tables/"+id+"/sit", sitBody(id, "N"), nil, 200)
	ws := south.dial(id)
	defer ws.close()
	wn := north.dial(id)
	defer wn.close()
	// Let North's bot-held turns pass: play as North when asked, until South must act.
	var m serverMsg
	for {
		m = ws.mustRead()
		if legal, _ := legalOf(m); len(legal) > 0 {
			break
		}
		// North may be to act: drain North and act for it.
		for {
			mn, ok := wn.read(50 * time.Millisecond)
			if !ok {
				break
			}
			if legal, seat := legalOf(mn); len(legal) > 0 {
				wn.sendJSON(map[string]any{"type": "act", "seat": seat, "action": "P", "n": mn.N})
			}
		}
	}
	n := m.N
	before := storedMoves(t, env, id)
	huge := `{"type":"act","seat":"S","action":"P","n":` + strings.Repeat(" ", 3000) + `1}`
	cases := []struct {
		name, msg, code string
	}{
		{"wrong seat", `{"type":"act","seat":"E","action":"P"}`, table.CodeSeat},
		{"partner's seat", `{"type":"act","seat":"N","action":"P"}`, table.CodeSeat},
		{"illegal call", `{"type":"act","seat":"S","action":"8NT"}`, table.CodeIllegal},
		{"card in the auction", `{"type":"act","seat":"S","action":"SZ"}`, table.CodeIllegal},
		{"stale n", `{"type":"act","seat":"S","action":"P","n":9999}`, table.CodeStale},
		{"junk", `{"type":"act","seat":`, table.CodeBadRequest},
		{"not an object", `[1,2,3]`, table.CodeBadRequest},
		{"unknown type", `{"type":"resign"}`, table.CodeBadRequest},
		{"unknown field", `{"type":"act","seat":"S","action":"P","hand":"all"}`, table.CodeBadRequest},
		{"field of another type", `{"type":"ping","action":"P"}`, table.CodeBadRequest},
		{"bad seat", `{"type":"act","seat":"X","action":"P"}`, table.CodeBadRequest},
		{"two objects", `{"type":"ping"}{"type":"ping"}`, table.CodeBadRequest},
		{"huge", huge, table.CodeBadRequest},
		{"claim in the auction", `{"type":"claim","tricks":13}`, table.CodeIllegal},
		{"hint with another human", `{"type":"hint"}`, table.CodeForbidden},
		{"undo with another human", `{"type":"undo"}`, table.CodeForbidden},
		{"next during the deal", `{"type":"next"}`, table.CodeTurn},
	}
	for _, c := range cases {
		ws.send(c.msg)
		if got := expectError(t, ws, n); got != c.code {
			t.Errorf("%s: code %s, want %s", c.name, got, c.code)
		}
	}
	// North acting out of turn.
	wn.send(`{"type":"act","seat":"N","action":"P"}`)
	if got := expectError(t, wn, n); got != table.CodeTurn {
		t.Errorf("out of turn: code %s, want turn", got)
	}
	if after := storedMoves(t, env, id); after != before {
		t.Fatalf("refused messages changed the record: %d moves, was %d", after, before)
	}
	// A legal action still works after all that.
	ws.send(`{"type":"ping"}`)
	for m := ws.mustRead(); m.Type != "pong"; m = ws.mustRead() {
	}
	ws.sendJSON(map[string]any{"type": "act", "seat": "S", "action": "P", "n": n})
	for m := ws.mustRead(); ; m = ws.mustRead() {
		if m.Type == "error" {
			t.Fatalf("legal pass refused: %s", m.Raw)
		}
		if m.Type == "state" && m.N == n+1 {
			break
		}
	}
}

func TestWebSocketRateLimit(t *testing.T) {
	env := newEnv(t, table.Config{})
	env.srv.cfg.MessageRate, env.srv.cfg.MessageBurst = 1, 5
	c := newClient(t, env.ts.URL)
	id := c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: 3})
	w := c.dial(id)
	defer w.close()
	for range 10 {
		w.send(`{"type":"ping"}`)
	}
	limited := false
	for range 30 {
		m, ok := w.read(2 * time.Second)
		if !ok {
			break
		}
		if m.Type == "error" && m.Code == "rate_limited" {
			limited = true
			break
		}
	}
	if !limited {
		t.Fatal("10 pings at once were not rate limited")
	}
}

func TestReconnectSameSeat(t *testing.T) {
	env := newEnv(t, table.Config{})
	c := newClient(t, env.ts.URL)
	id := c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: 8})
	w := c.dial(id)
	m := waitMyTurn(t, w)
	legal, seat := legalOf(m)
	w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": legal[0], "n": m.N})
	last := waitMyTurn(t, w)
	w.close()
	// The bots wait for South: the state is the same on return.
	w2 := c.dial(id)
	defer w2.close()
	m2 := w2.mustRead()
	if m2.Type != "state" || m2.Seat == nil || *m2.Seat != "S" {
		t.Fatalf("first message after reconnecting: %s", m2.Raw)
	}
	if m2.N != last.N || string(m2.View) != string(last.View) {
		t.Fatalf("state after reconnecting\n%s\nwant view\n%s", m2.Raw, last.View)
	}
	// Undo against bots: back to before South's call.
	w2.send(`{"type":"undo"}`)
	for {
		m3 := w2.mustRead()
		if m3.Type == "error" {
			t.Fatalf("undo refused: %s", m3.Raw)
		}
		if m3.Type == "state" && m3.N == m.N {
			break
		}
	}
}

func TestHintAndClaim(t *testing.T) {
	env := newEnv(t, table.Config{})
	c := newClient(t, env.ts.URL)
	for seed := uint64(21); seed < 60; seed++ {
		if hintAndClaim(t, env, c, seed) {
			return
		}
	}
	t.Fatal("South was dummy on every board")
}

// hintAndClaim plays a board as South; false if South was dummy. Before
// the claim that double dummy allows, South claims a trick more: the bots
// refuse it as beaten, and the store keeps it for his profile.
func hintAndClaim(t *testing.T, env *testEnv, c *client, seed uint64) bool {
	id := c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: seed})
	w := c.dial(id)
	defer w.close()
	// Pass through the auction, play cards until late in the play, then
	// ask for a hint and claim what it says.
	for {
		m := w.mustRead()
		if m.Type != "state" {
			continue
		}
		if m.Table.DealOver {
			return false
		}
		if l, _ := legalOf(m); len(l) == 0 {
			continue
		}
		var v struct {
			Phase string `json:"phase"`
			Trick *struct {
				Cards []string `json:"cards"`
			} `json:"trick"`
			DeclarerTricks int `json:"declarerTricks"`
			Claim          *struct {
				Min, Max, Sure int
				Scores         []int
			} `json:"claim"`
			Hands map[string]string
		}
		if err := jsonUnmarshal(m.View, &v); err != nil {
			t.Fatal(err)
		}
		legal, seat := legalOf(m)
		if v.Phase == "auction" {
			call := "P"
			for _, l := range legal {
				if l[0] >= '1' && l[0] <= '7' {
					call = l
					break
				}
			}
			w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": call, "n": m.N})
			continue
		}
		hand := 0
		for _, h := range v.Hands {
			hand = max(hand, len(strings.ReplaceAll(h, ".", "")))
		}
		if hand > 3 {
			w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": legal[0], "n": m.N})
			continue
		}
		w.send(`{"type":"hint"}`)
		var hint struct {
			Type  string         `json:"type"`
			Cards map[string]int `json:"cards"`
		}
		for {
			hm := w.mustRead()
			if hm.Type == "hint" {
				jsonUnmarshal(hm.Raw, &hint)
				break
			}
			if hm.Type == "error" {
				t.Fatalf("hint refused: %s", hm.Raw)
			}
		}
		if len(hint.Cards) != len(legal) {
			t.Fatalf("hint for %d cards, %d legal", len(hint.Cards), len(legal))
		}
		if v.Claim == nil {
			t.Fatalf("no claim bounds for the player: %s", m.Raw)
		}
		// Claim what double dummy says the best card gives: the bots,
		// who check by double dummy, accept, and the deal ends.
		best := -1
		decl := *m.Seat
		for _, n := range hint.Cards {
			best = max(best, n)
		}
		var dv struct {
			Declarer string `json:"declarer"`
		}
		jsonUnmarshal(m.View, &dv)
		if dv.Declarer != decl && dv.Declarer != partnerOf(decl) {
			best = 13
			for _, n := range hint.Cards {
				best = min(best, n)
			}
		}
		over := best + 1 // one trick more for South's side
		if dv.Declarer != decl && dv.Declarer != partnerOf(decl) {
			over = best - 1
		}
		if over >= v.Claim.Min && over <= v.Claim.Max {
			w.sendJSON(map[string]any{"type": "claim", "tricks": over})
			for {
				cm := w.mustRead()
				if cm.Type == "error" {
					t.Fatalf("claim not answered: %s", cm.Raw)
				}
				if cm.Type == "claim" {
					if !strings.Contains(string(cm.Raw), `"accepted":false`) || !strings.Contains(string(cm.Raw), `"beaten"`) {
						t.Fatalf("a claim of a trick more than double dummy was not refused as beaten: %s", cm.Raw)
					}
					break
				}
			}
			refused, err := env.st.RefusedClaims(context.Background(), store.DealRef{GameID: id, No: 1})
			if err != nil || len(refused) != 1 || refused[0].Seat != card.South || refused[0].Tricks != over || refused[0].Reason != "beaten" {
				t.Fatalf("the refused claim as stored: %+v %v", refused, err)
			}
			t.Logf("South's claim of %d (double dummy: %d) refused as beaten, and stored", over, best)
		}
		w.sendJSON(map[string]any{"type": "claim", "tricks": best})
		for {
			cm := w.mustRead()
			if cm.Type == "error" {
				t.Fatalf("claim refused: %s", cm.Raw)
			}
			if cm.Type == "claim" {
				if !strings.Contains(string(cm.Raw), `"accepted":true`) {
					t.Fatalf("a double-dummy claim was refused: %s", cm.Raw)
				}
				continue
			}
			if cm.Type == "state" && cm.Table.DealOver {
				return true
			}
		}
	}
}

func partnerOf(s string) string { return map[string]string{"N": "S", "S": "N", "E": "W", "W": "E"}[s] }

// TestWebSocketIdleOutlivesWriteDeadline: a write's deadline is the
// connection's and is lifted after it, so an idle connection's pings,
// long after the last state, still go out and it stays open; its next
// message is answered.
func TestWebSocketIdleOutlivesWriteDeadline(t *testing.T) {
	env := newEnvWith(t, table.Config{}, func(c *Config) {
		c.AllowSeed, c.WriteTimeout, c.PingInterval = true, 80*time.Millisecond, 40*time.Millisecond
	})
	c := newClient(t, env.ts.URL)
	w := c.dial(c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: 8}))
	defer w.close()
	msgs := make(chan serverMsg, 64)
	failed := make(chan error, 1)
	go func() {
		for {
			_, data, err := w.c.Read(context.Background()) // answers the server's pings
			if err != nil {
				failed <- err
				return
			}
			var m serverMsg
			json.Unmarshal(data, &m)
			msgs <- m
		}
	}()
	select {
	case <-msgs:
	case err := <-failed:
		t.Fatalf("no first state: %v", err)
	}
	// Twenty pings, ten write deadlines after the last state.
	select {
	case err := <-failed:
		t.Fatalf("the idle connection ended: %v", err)
	case <-time.After(800 * time.Millisecond):
	}
	w.send(`{"type":"ping"}`)
	deadline := time.After(5 * time.Second)
	for {
		select {
		case m := <-msgs:
			if m.Type == protocol.TypePong {
				return
			}
		case err := <-failed:
			t.Fatalf("the connection ended: %v", err)
		case <-deadline:
			t.Fatal("no pong")
		}
	}
}
