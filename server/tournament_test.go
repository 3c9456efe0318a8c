package server

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
	"atout/table"
	"atout/tournament"
)

// fakeDD is a quick stand-in for the double-dummy solver: every declarer
// takes 7 tricks in every strain.
func fakeDD(bridge.Deal) (dd.Table, error) {
	var t dd.Table
	for i := range t {
		for j := range t[i] {
			t[i][j] = 7
		}
	}
	return t, nil
}

// clock is a movable clock for the tournaments of a test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func tourEnv(t *testing.T) (*testEnv, *clock) {
	env := newEnv(t, table.Config{})
	clk := &clock{t: time.Now()}
	env.srv.tours.now = clk.now
	env.srv.tours.dd = fakeDD
	return env, clk
}

func (c *client) createTournament(body map[string]any) string {
	c.t.Helper()
	var out struct{ ID string }
	c.do("POST", "/api/tournaments", body, &out, 200)
	if out.ID == "" {
		c.t.Fatal("no tournament ID")
	}
	return out.ID
}

// status sends a GET and returns the status and body.
func (c *client) get(path string) (int, string) {
	c.t.Helper()
	resp, err := c.hc.Get(c.base + path)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// playTournamentBoard plays, over the table's WebSocket, the caller's next
// board of tournament id (passing in the auction, the first legal card in
// the play) until the tournament has the caller's result on board n.
func playTournamentBoard(t *testing.T, env *testEnv, c *client, id string, n int) string {
	t.Helper()
	var play struct{ Table string }
	c.do("POST", "/api/tournaments/"+id+"/play", nil, &play, 200)
	e, _ := env.srv.tours.get(id)
	w := c.dial(play.Table)
	defer func() { w.close() }()
	deadline := time.Now().Add(60 * time.Second)
	for !e.t.HasPlayed(c.id, n) {
		if time.Now().After(deadline) {
			t.Fatalf("board %d of %s not played after 60 s", n, id)
		}
		m, ok := w.read(time.Second)
		if !ok {
			// A read that times out closes the WebSocket: reconnect, which
			// also brings a fresh state.
			w.close()
			if e.t.HasPlayed(c.id, n) {
				break
			}
			w = c.dial(play.Table)
			continue
		}
		if m.Type != "state" {
			continue
		}
		legal, seat := legalOf(m)
		if len(legal) == 0 {
			continue
		}
		a := legal[0]
		if slices.Contains(legal, "P") {
			a = "P"
		}
		w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": a, "n": m.N})
	}
	return play.Table
}

func TestTournamentCreateValidation(t *testing.T) {
	env, _ := tourEnv(t)
	c := newClient(t, env.ts.URL)
	cases := []map[string]any{
		{"name": "x", "boards": 7},
		{"name": "x", "boards": 37},
		{"name": "", "boards": 8},
		{"name": "x", "boards": 8, "scoring": "rubber"},
		{"name": "x", "boards": 8, "hours": -1},
		{"name": "x", "boards": 8, "end": time.Now().Add(-time.Hour)},
		{"name": "x", "boards": 8, "hours": 1, "end": time.Now().Add(time.Hour)},
		{"name": "x", "boards": 8, "colour": "blue"},
	}
	for _, body := range cases {
		c.do("POST", "/api/tournaments", body, nil, http.StatusBadRequest)
	}
	// No session: 401; no CSRF token: 403.
	resp, err := http.Post(env.ts.URL+"/api/tournaments", "application/json", strings.NewReader(`{"name":"x","boards":8}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden && resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("no session, no CSRF token: status %d", resp.StatusCode)
	}
	for _, sc := range []string{"mp", "imp", "butler"} {
		c.createTournament(map[string]any{"name": "T " + sc, "boards": 8, "scoring": sc})
	}
	var list struct{ Tournaments []tourSummary }
	c.do("GET", "/api/tournaments", nil, &list, 200)
	if len(list.Tournaments) != 3 || list.Tournaments[0].Scoring != "butler" || list.Tournaments[2].Scoring != "mp" {
		t.Fatalf("list: %+v", list.Tournaments)
	}
	for _, s := range list.Tournaments {
		if s.Boards != 8 || !s.Open || s.Over || s.End.Sub(s.Start) != 24*time.Hour {
			t.Errorf("summary %+v", s)
		}
	}
	if code, _ := c.get("/api/tournaments/nope"); code != 404 {
		t.Errorf("unknown tournament: %d", code)
	}
}

// TestTournamentPlayAndVisibility plays board 1 of a tournament for two
// players: each sees the frequency table, analysis and hand record of a
// board only once he has played it, and the other's result after that.
func TestTournamentPlayAndVisibility(t *testing.T) {
	env, clk := tourEnv(t)
	a := newClient(t, env.ts.URL)
	b := newClient(t, env.ts.URL)
	id := a.createTournament(map[string]any{"name": "Club night", "boards": 8, "scoring": "mp", "seed": 12345, "hours": 2})

	// Nobody has played: board 1 is hidden from both, records and export too.
	for _, c := range []*client{a, b} {
		code, body := c.get("/api/tournaments/" + id + "/boards/1")
		if code != http.StatusForbidden || !strings.Contains(body, `"not_played"`) {
			t.Fatalf("board 1 before play: %d %s", code, body)
		}
		if code, _ := c.get("/api/tournaments/" + id + "/records"); code != http.StatusForbidden {
			t.Fatalf("records before play: %d", code)
		}
		if code, _ := c.get("/api/tournaments/" + id + "/export.pbn"); code != http.StatusForbidden {
			t.Fatalf("export before the end: %d", code)
		}
	}
	if code, _ := a.get("/api/tournaments/" + id + "/boards/99"); code != http.StatusNotFound {
		t.Errorf("board 99: %d", code)
	}
	if code, _ := a.get("/api/tournaments/" + id + "/boards/x"); code != http.StatusBadRequest {
		t.Errorf("board x: %d", code)
	}

	tableA := playTournamentBoard(t, env, a, id, 1)
	// Play again returns the same table.
	var again struct{ Table string }
	a.do("POST", "/api/tournaments/"+id+"/play", nil, &again, 200)
	if again.Table != tableA {
		t.Errorf("second play: table %s, want %s", again.Table, tableA)
	}

	type freq struct {
		Board  int
		Played int
		Rows   []freqRowJSON
		Yours  *struct{ Contract string }
		DD     *struct {
			Tricks map[string][5]int
			Par    []string
		}
	}
	var fa freq
	a.do("GET", "/api/tournaments/"+id+"/boards/1", nil, &fa, 200)
	if fa.Played != 1 || len(fa.Rows) != 1 || !fa.Rows[0].Yours || fa.Yours == nil || fa.DD == nil || fa.DD.Tricks["N"][4] != 7 {
		t.Fatalf("A's board 1: %+v", fa)
	}
	// B has not played board 1: still hidden from him.
	if code, _ := b.get("/api/tournaments/" + id + "/boards/1"); code != http.StatusForbidden {
		t.Fatalf("B sees board 1 before playing it: %d", code)
	}
	// A has not played board 2.
	if code, _ := a.get("/api/tournaments/" + id + "/boards/2"); code != http.StatusForbidden {
		t.Fatalf("A sees board 2: %d", code)
	}
	code, html := a.get("/api/tournaments/" + id + "/records")
	if code != 200 || strings.Count(html, `<section class="board">`) != 1 {
		t.Fatalf("A's records: status %d, %d boards", code, strings.Count(html, `<section class="board">`))
	}
	e, _ := env.srv.tours.get(id)
	if b2, _ := e.t.Board(2); strings.Contains(html, b2.Deal.String()) {
		t.Error("the records show board 2, which A has not played")
	}

	playTournamentBoard(t, env, b, id, 1)
	var fb freq
	b.do("GET", "/api/tournaments/"+id+"/boards/1", nil, &fb, 200)
	total := 0
	yours := 0
	for _, r := range fb.Rows {
		total += r.Count
		if r.Yours {
			yours++
		}
	}
	if fb.Played != 2 || total != 2 || yours != 1 {
		t.Fatalf("B's board 1: %+v", fb)
	}

	// Standings: both ranked on one board, percentages adding up to 100.
	var info struct {
		Tournament tourSummary
		Standings  []standingJSON
		YouPlayed  []int
		Table      string
	}
	a.do("GET", "/api/tournaments/"+id, nil, &info, 200)
	if len(info.Standings) != 2 || info.Tournament.Entries != 2 || !slices.Equal(info.YouPlayed, []int{1}) || info.Table != tableA {
		t.Fatalf("info: %+v", info)
	}
	sum := 0.0
	you := 0
	for _, r := range info.Standings {
		sum += r.Percent
		if r.Boards != 1 {
			t.Errorf("standing %+v", r)
		}
		if r.You {
			you++
		}
	}
	if you != 1 || sum < 99.9 || sum > 100.1 {
		t.Errorf("standings %+v", info.Standings)
	}

	// After the window: everything opens, and nobody can play any more.
	clk.add(3 * time.Hour)
	c := newClient(t, env.ts.URL)
	if code, _ := c.get("/api/tournaments/" + id + "/boards/5"); code != 200 {
		t.Errorf("board 5 after the end: %d", code)
	}
	code, pbnText := c.get("/api/tournaments/" + id + "/export.pbn")
	if code != 200 || !strings.Contains(pbnText, "[ScoreTable ") || !strings.Contains(pbnText, "[TotalScoreTable ") {
		t.Fatalf("export: %d %.300s", code, pbnText)
	}
	if code, html := c.get("/api/tournaments/" + id + "/records"); code != 200 || strings.Count(html, `<section class="board">`) != 8 {
		t.Fatalf("records after the end: status %d, %d boards", code, strings.Count(html, `<section class="board">`))
	}
	c.do("POST", "/api/tournaments/"+id+"/play", nil, nil, http.StatusConflict)
}

// TestTournamentResultsFromTables checks the link from tables to the
// tournament: a board reported by a table is recorded under the player
// sitting South and the tournament's own board number.
func TestTournamentResultsFromTables(t *testing.T) {
	env, _ := tourEnv(t)
	a := newClient(t, env.ts.URL)
	id := a.createTournament(map[string]any{"name": "IMP night", "boards": 8, "scoring": "imp"})
	e, _ := env.srv.tours.get(id)
	if err := e.t.Join(tournament.Entry{ID: "u1", Name: "one"}); err != nil {
		t.Fatal(err)
	}
	env.srv.tours.mu.Lock()
	env.srv.tours.tables[tourKey{id, "u1"}] = &tourTable{id: "tb", boards: []int{3, 4}}
	env.srv.tours.mu.Unlock()
	d := table.BoardDone{Table: "tb", Tournament: id, Board: 2, Contract: bridge.Contract{Level: 3, Strain: bridge.NoTrump},
		Declarer: card.South, Tricks: 9}
	d.Seats[card.South].UserID = "u1"
	env.srv.tours.onBoard(d)
	if !e.t.HasPlayed("u1", 4) || e.t.HasPlayed("u1", 2) {
		t.Fatalf("table board 2 should be tournament board 4: %+v", e.t.Results())
	}
	r := e.t.Results()[0]
	if r.ScoreNS != bridge.ScoreNS(d.Contract, card.South, 9, bridge.BoardVul(4)) || r.Side != card.NS {
		t.Errorf("result %+v", r)
	}
	// Unknown tournament or no human South: ignored.
	env.srv.tours.onBoard(table.BoardDone{Tournament: "nope", Board: 1})
	env.srv.tours.onBoard(table.BoardDone{Tournament: id, Board: 1})
	if n := len(e.t.Results()); n != 1 {
		t.Errorf("%d results, want 1", n)
	}
	var info struct{ Standings []standingJSON }
	a.do("GET", "/api/tournaments/"+id, nil, &info, 200)
	if len(info.Standings) != 1 || info.Standings[0].Name != "one" {
		t.Errorf("standings %+v", info.Standings)
	}
}
