package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
	"atout/competition"
	"atout/protocol"
	"atout/server/metrics"
	"atout/store"
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
	env.srv.comps.Now = clk.now
	env.srv.comps.DD = fakeDD
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

// get sends a GET and returns the status and body.
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
	w := c.dial(play.Table)
	defer func() { w.close() }()
	deadline := time.Now().Add(60 * time.Second)
	for !hasPlayed(t, env, id, c.id, n) {
		if time.Now().After(deadline) {
			t.Fatalf("board %d of %s not played after 60 s", n, id)
		}
		m, ok := w.read(time.Second)
		if !ok {
			// A read that times out closes the WebSocket: reconnect, which
			// also brings a fresh state.
			w.close()
			if hasPlayed(t, env, id, c.id, n) {
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
			// Maybe the previous board is over (a resumed table waits
			// for "next"); refused harmlessly otherwise.
			w.sendJSON(map[string]any{"type": "next"})
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

// tourOf returns tournament id as the server sees it.
func tourOf(t testing.TB, env *testEnv, id string) *tournament.Tournament {
	t.Helper()
	tr, err := env.srv.comps.Tournament(context.Background(), id)
	if err != nil {
		t.Fatalf("tournament %s: %v", id, err)
	}
	return tr
}

// hasPlayed reports whether the server has user's result on board n.
func hasPlayed(t testing.TB, env *testEnv, id, user string, n int) bool {
	return tourOf(t, env, id).HasPlayed(user, n)
}

func TestTournamentCreateValidation(t *testing.T) {
	env, clk := tourEnv(t)
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
		clk.add(time.Second) // the list is newest first
	}
	var list struct{ Tournaments []protocol.TournamentSummary }
	c.do("GET", "/api/tournaments", nil, &list, 200)
	if len(list.Tournaments) != 3 || list.Tournaments[0].Scoring != "butler" || list.Tournaments[2].Scoring != "mp" {
		t.Fatalf("list: %+v", list.Tournaments)
	}
	for _, s := range list.Tournaments {
		if s.Boards != 8 || !s.Open || s.Over || s.End.Sub(s.Start) != 24*time.Hour || s.Source != "seed" {
			t.Errorf("summary %+v", s)
		}
	}
	if code, _ := c.get("/api/tournaments/nope"); code != 404 {
		t.Errorf("unknown tournament: %d", code)
	}
}

// TestTournamentPlayAndVisibility plays board 1 of a tournament for two
// players: nobody sees the frequency table, analysis and hand record of a
// board before the tournament ends, not even who has played it (anybody may
// still enter, play and pass it on); then everybody does.
func TestTournamentPlayAndVisibility(t *testing.T) {
	env, clk := tourEnv(t)
	a := newClient(t, env.ts.URL)
	b := newClient(t, env.ts.URL)
	id := a.createTournament(map[string]any{"name": "Club night", "boards": 8, "scoring": "mp", "seed": 12345, "hours": 2})

	// Nobody has played: board 1 is hidden from both, records and export too.
	for _, c := range []*client{a, b} {
		code, body := c.get("/api/tournaments/" + id + "/boards/1")
		if code != http.StatusForbidden || !strings.Contains(body, `"tournament_open"`) {
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
		Rows   []protocol.FrequencyRow
		Yours  *struct{ Contract string }
		DD     *struct {
			Tricks map[string][5]int
			Par    []string
		}
	}
	// A has played board 1, B has not: the window is open, so neither
	// sees it, nor the records, nor A in his own game's record.
	for _, c := range []*client{a, b} {
		if code, body := c.get("/api/tournaments/" + id + "/boards/1"); code != http.StatusForbidden || !strings.Contains(body, `"tournament_open"`) {
			t.Fatalf("board 1 during the window: %d %s", code, body)
		}
		if code, _ := c.get("/api/tournaments/" + id + "/records"); code != http.StatusForbidden {
			t.Fatalf("records during the window: %d", code)
		}
	}
	var recA struct{ Deals []json.RawMessage }
	a.do("GET", "/api/games/"+tableA, nil, &recA, 200)
	if len(recA.Deals) != 0 {
		t.Fatalf("A's game record shows %d boards of the tournament before its end", len(recA.Deals))
	}

	playTournamentBoard(t, env, b, id, 1)

	// Standings: both ranked on one board, percentages adding up to 100.
	var info struct {
		Tournament protocol.TournamentSummary
		Standings  []protocol.Standing
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
	var fa freq
	a.do("GET", "/api/tournaments/"+id+"/boards/1", nil, &fa, 200)
	if fa.Played != 2 || fa.Yours == nil || fa.DD == nil || fa.DD.Tricks["N"][4] != 7 {
		t.Fatalf("A's board 1: %+v", fa)
	}
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
	a.do("GET", "/api/games/"+tableA, nil, &recA, 200)
	if len(recA.Deals) != 1 {
		t.Fatalf("A's game record after the end: %d boards, want 1", len(recA.Deals))
	}
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
// tournament: a board reported by a table is recorded, in the store too,
// under the player sitting South and the tournament's own board number.
func TestTournamentResultsFromTables(t *testing.T) {
	env, _ := tourEnv(t)
	a := newClient(t, env.ts.URL)
	ctx := context.Background()
	id := a.createTournament(map[string]any{"name": "IMP night", "boards": 8, "scoring": "imp"})
	if err := env.st.JoinCompetition(ctx, store.CompetitionEntry{Competition: id, Entry: "u1", Data: json.RawMessage(`{"name":"one"}`), GameID: "tb"}); err != nil {
		t.Fatal(err)
	}
	env.srv.comps.Stale(id)
	env.srv.comps.Remember("tb", []int{3, 4})
	d := table.BoardDone{Table: "tb", Tournament: table.ParseCompetition(id), Deal: 2, Board: 4, Contract: bridge.Contract{Level: 3, Strain: bridge.NoTrump},
		Declarer: card.South, Tricks: 9}
	d.Seats[card.South].UserID = "u1"
	env.srv.comps.OnBoard(d)
	tr := tourOf(t, env, id)
	if !tr.HasPlayed("u1", 4) || tr.HasPlayed("u1", 2) {
		t.Fatalf("table board 2 should be tournament board 4: %+v", tr.Results())
	}
	r := tr.Results()[0]
	if r.ScoreNS != bridge.ScoreNS(d.Contract, card.South, 9, bridge.BoardVul(4)) || r.Side != card.NS {
		t.Errorf("result %+v", r)
	}
	rs, err := env.st.CompetitionResults(ctx, id)
	if err != nil || len(rs) != 1 || rs[0].Entry != "u1" || rs[0].Board != 4 || rs[0].GameID != "tb" {
		t.Fatalf("stored results %+v, %v", rs, err)
	}
	// The same board reported again (a retry) counts once; unknown
	// tournament or no human South: ignored.
	env.srv.comps.OnBoard(d)
	env.srv.comps.OnBoard(table.BoardDone{Tournament: table.ParseCompetition("nope"), Board: 1})
	env.srv.comps.OnBoard(table.BoardDone{Tournament: table.ParseCompetition(id), Board: 1})
	env.srv.comps.Forget(id) // read everything from the store again
	if n := len(tourOf(t, env, id).Results()); n != 1 {
		t.Errorf("%d results, want 1", n)
	}
	var info struct{ Standings []protocol.Standing }
	a.do("GET", "/api/tournaments/"+id, nil, &info, 200)
	if len(info.Standings) != 1 || info.Standings[0].Name != "one" {
		t.Errorf("standings %+v", info.Standings)
	}
}

// tourNode is a server node on a database file, stopped with stop (or at
// the end of the test).
type tourNode struct {
	*testEnv
	stop func()
}

// startTourNode opens the database at path and serves it with a hub of its
// own, resuming the open tables once the server listens to them (as atout
// serve does).
func startTourNode(t *testing.T, path, node string) *tourNode {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	m := metrics.New()
	hub := table.NewLocalHub(table.Config{Store: st, Logger: quiet(), OnAction: m.ObserveAction, Node: node})
	srv := New(Config{Store: st, Hub: hub, Logger: quiet(), Metrics: m, AllowSeed: true, MessageRate: 1000, MessageBurst: 1000})
	srv.comps.DD = fakeDD
	if _, err := hub.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	var once sync.Once
	stop := func() {
		once.Do(func() {
			ts.Close()
			hub.Shutdown(context.Background())
			st.Close()
		})
	}
	t.Cleanup(stop)
	return &tourNode{testEnv: &testEnv{st: st, hub: hub, srv: srv, ts: ts}, stop: stop}
}

// moveTo points a client at another server, keeping its cookies (the
// session is in the database).
func (c *client) moveTo(base string) {
	from, _ := url.Parse(c.base)
	to, _ := url.Parse(base)
	c.hc.Jar.SetCookies(to, c.hc.Jar.Cookies(from))
	c.base = base
}

type tourInfo struct {
	Tournament protocol.TournamentSummary
	Standings  []protocol.Standing
	YouPlayed  []int
	Played     []int
	Table      string
}

// TestTournamentSurvivesRestart plays a board, restarts the server on the
// same database file, and checks that the tournament, the entry and the
// result are all there, and that the resumed table goes on reporting its
// boards to the tournament.
func TestTournamentSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "atout.db")
	n1 := startTourNode(t, path, "one")
	a := newClient(t, n1.ts.URL)
	id := a.createTournament(map[string]any{"name": "Persistent", "boards": 8, "seed": 777, "hours": 2})
	tableA := playTournamentBoard(t, n1.testEnv, a, id, 1)
	var before tourInfo
	a.do("GET", "/api/tournaments/"+id, nil, &before, 200)
	n1.stop()

	n2 := startTourNode(t, path, "two")
	a.moveTo(n2.ts.URL)
	var after tourInfo
	a.do("GET", "/api/tournaments/"+id, nil, &after, 200)
	if after.Table != tableA || len(after.Standings) != 1 || !slices.Equal(after.YouPlayed, []int{1}) ||
		after.Tournament.Name != "Persistent" || after.Tournament.Entries != 1 {
		t.Fatalf("after the restart: %+v", after)
	}
	if !slices.Equal(after.Standings, before.Standings) {
		t.Errorf("standings after the restart %+v, before %+v", after.Standings, before.Standings)
	}
	if tr := tourOf(t, n2.testEnv, id); tr.Seed != 777 {
		t.Errorf("seed %d after the restart, want 777", tr.Seed)
	}
	// The resumed table plays on and its next board is recorded.
	if got := playTournamentBoard(t, n2.testEnv, a, id, 2); got != tableA {
		t.Fatalf("played board 2 at table %s, want the resumed %s", got, tableA)
	}
	// The result is added to the tournament in memory (what the play
	// loop waits for), then stored: wait for the store as well.
	var rs []store.CompetitionResult
	var err error
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		rs, err = n2.st.CompetitionResults(context.Background(), id)
		if err != nil || len(rs) >= 2 || time.Now().After(end) {
			break
		}
	}
	if err != nil || len(rs) != 2 || rs[0].Board != 1 || rs[1].Board != 2 || rs[1].GameID != tableA || rs[1].Entry != a.id {
		t.Fatalf("stored results %+v, %v", rs, err)
	}
	a.do("GET", "/api/tournaments/"+id, nil, &after, 200)
	if !slices.Equal(after.YouPlayed, []int{1, 2}) || after.Standings[0].Boards != 2 {
		t.Errorf("after board 2: %+v", after)
	}
}

// TestTournamentSharedStore runs two nodes on one database: a tournament
// created on one is listed and ranked on the other, and a result written by
// one reaches the other's ranking within the cache's time to live.
func TestTournamentSharedStore(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { sharedStoreTest(t, filepath.Join(t.TempDir(), "atout.db")) })
	if dsn := os.Getenv("ATOUT_TEST_POSTGRES"); dsn != "" {
		t.Run("postgres", func(t *testing.T) { sharedStoreTest(t, pgSchema(t, dsn)) })
	}
}

// pgSchema makes a PostgreSQL schema for this test, dropped at its end,
// and returns a URL that uses it.
func pgSchema(t *testing.T, dsn string) string {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	schema := fmt.Sprintf("atout_tour_%d", time.Now().UnixNano())
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Exec("DROP SCHEMA " + schema + " CASCADE") })
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func sharedStoreTest(t *testing.T, path string) {
	n1 := startTourNode(t, path, "one")
	n2 := startTourNode(t, path, "two")
	a := newClient(t, n1.ts.URL)
	b := newClient(t, n2.ts.URL)
	id := a.createTournament(map[string]any{"name": "Two nodes", "boards": 8, "hours": 2})
	var list struct{ Tournaments []protocol.TournamentSummary }
	b.do("GET", "/api/tournaments", nil, &list, 200)
	if len(list.Tournaments) != 1 || list.Tournaments[0].ID != id {
		t.Fatalf("node two's list: %+v", list.Tournaments)
	}
	var info tourInfo
	b.do("GET", "/api/tournaments/"+id, nil, &info, 200) // node two caches it
	if len(info.Standings) != 0 {
		t.Fatalf("standings %+v", info.Standings)
	}
	ctx := context.Background()
	for i, u := range []string{"u1", "u2"} {
		if err := n1.st.JoinCompetition(ctx, store.CompetitionEntry{Competition: id, Entry: u, Data: json.RawMessage(`{"name":"` + u + `"}`), GameID: "tb" + u}); err != nil {
			t.Fatal(err)
		}
		n1.srv.comps.Stale(id)
		n1.srv.comps.Remember("tb"+u, []int{1, 2, 3, 4, 5, 6, 7, 8})
		d := table.BoardDone{Table: "tb" + u, Tournament: table.ParseCompetition(id), Board: 1, Contract: bridge.Contract{Level: 3 + uint8(i), Strain: bridge.NoTrump},
			Declarer: card.South, Tricks: 9}
		d.Seats[card.South].UserID = u
		n1.srv.comps.OnBoard(d)
	}
	start := time.Now()
	for {
		b.do("GET", "/api/tournaments/"+id, nil, &info, 200)
		if len(info.Standings) == 2 {
			break
		}
		if time.Since(start) > competition.RefreshEvery+3*time.Second {
			t.Fatalf("node two still ranks %+v after %v", info.Standings, time.Since(start))
		}
		time.Sleep(50 * time.Millisecond)
	}
	var fromA tourInfo
	a.do("GET", "/api/tournaments/"+id, nil, &fromA, 200)
	if !slices.Equal(fromA.Standings, info.Standings) || info.Standings[0].Name != "u1" || info.Standings[0].Percent != 100 {
		t.Errorf("node one ranks %+v, node two %+v", fromA.Standings, info.Standings)
	}
	// The rule holds on every node: board 1 is hidden from b, who has not
	// played it.
	if code, _ := b.get("/api/tournaments/" + id + "/boards/1"); code != http.StatusForbidden {
		t.Errorf("board 1 shown on node two to a player who has not played it: %d", code)
	}
}

// pbnOf writes boards as a PBN text; bad, when set, spoils a board's deal.
func pbnOf(boards []tournament.Board, bad int) string {
	var b strings.Builder
	b.WriteString("% PBN 2.1\n\n")
	for _, bd := range boards {
		d := bd.Deal.String()
		if bd.Number == bad {
			d = strings.Replace(d, "N:", "N:A", 1)
		}
		fmt.Fprintf(&b, "[Event \"Club\"]\n[Board \"%d\"]\n[Dealer \"%s\"]\n[Vulnerable \"%s\"]\n[Deal \"%s\"]\n\n", bd.Number, bd.Dealer, bd.Vul, d)
	}
	return b.String()
}

// importBoards are ten boards numbered 11 to 20, dealt by nonstandard
// dealers.
func importBoards() []tournament.Board {
	src, _ := tournament.NewFromSeed("x", 10, 99, tournament.Matchpoints, tournament.Window{})
	boards := slices.Clone(src.Boards)
	for i := range boards {
		boards[i].Number += 10
		boards[i].Dealer = card.Seat(i % 4)
		boards[i].Vul = bridge.Vul(i % 4)
	}
	return boards
}

func TestTournamentPBNImport(t *testing.T) {
	env, _ := tourEnv(t)
	c := newClient(t, env.ts.URL)
	boards := importBoards()
	var out struct {
		ID     string
		Boards int
	}
	c.do("POST", "/api/tournaments", map[string]any{"name": "Imported", "scoring": "imp", "pbn": pbnOf(boards, 0)}, &out, 200)
	if out.Boards != 10 {
		t.Fatalf("created %+v", out)
	}
	env.srv.comps.Forget(out.ID) // read it from the store
	tr := tourOf(t, env, out.ID)
	if !slices.Equal(tr.Boards, boards) || tr.Seed != 0 || tr.Scoring != tournament.CrossIMPs {
		t.Fatalf("imported boards %+v, want %+v", tr.Boards, boards)
	}
	var info tourInfo
	c.do("GET", "/api/tournaments/"+out.ID, nil, &info, 200)
	if info.Tournament.Source != "pbn" || info.Tournament.Boards != 10 {
		t.Errorf("summary %+v", info.Tournament)
	}

	// The table plays the file's boards with their own dealer and
	// vulnerability (board 12 is dealt by East, vulnerable NS, as in the
	// file, not by West, both vulnerable, as a board 2 would be).
	if err := env.st.JoinCompetition(context.Background(), store.CompetitionEntry{Competition: out.ID, Entry: c.id, GameID: "x"}); err != nil {
		t.Fatal(err)
	}
	env.srv.comps.Stale(out.ID)
	env.srv.comps.Remember("x", []int{11})
	env.srv.comps.OnBoard(table.BoardDone{Table: "x", Tournament: table.ParseCompetition(out.ID), Board: 1, Contract: bridge.PassedOut,
		Seats: [4]store.Seat{card.South: {UserID: c.id}}})
	if !hasPlayed(t, env, out.ID, c.id, 11) {
		t.Fatal("board 11 not recorded")
	}
	var play struct{ Table string }
	c.do("POST", "/api/tournaments/"+out.ID+"/play", nil, &play, 200)
	deadline := time.Now().Add(10 * time.Second)
	for {
		rec, err := env.st.LoadGame(context.Background(), play.Table)
		if err != nil {
			t.Fatal(err)
		}
		var set table.Settings
		json.Unmarshal(rec.Settings, &set)
		if len(set.DealInfo) != 9 || set.DealInfo[0] != (table.DealInfo{Dealer: boards[1].Dealer, Vul: boards[1].Vul}) {
			t.Fatalf("table settings %+v", set.DealInfo)
		}
		if len(rec.Deals) > 0 {
			var d struct {
				Dealer card.Seat
				Vul    bridge.Vul
			}
			if err := json.Unmarshal(rec.Deals[0].Deal, &d); err != nil || d.Dealer != card.East || d.Vul != bridge.VulNS {
				t.Fatalf("the table's first deal %s (%v), want board 12's dealer E and vulnerability NS", rec.Deals[0].Deal, err)
			}
			if want := []int{12, 13, 14, 15, 16, 17, 18, 19, 20}; !slices.Equal(set.BoardNumbers, want) {
				t.Fatalf("table board numbers %v, want %v", set.BoardNumbers, want)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the table dealt no board")
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The player sees the tournament's board number (12, not the table's
	// first deal "1"), with its dealer and vulnerability; the board he
	// plays there is recorded as board 12.
	w := c.dial(play.Table)
	for {
		m := w.mustRead()
		if m.Type != "state" || len(m.View) == 0 || string(m.View) == "null" {
			continue
		}
		var v struct {
			Board  int
			Dealer string
			Vul    string
		}
		if err := json.Unmarshal(m.View, &v); err != nil {
			t.Fatal(err)
		}
		if v.Board != 12 || v.Dealer != "E" || v.Vul != "NS" || m.Table.Deal != 1 || !slices.Equal(m.Table.Settings.BoardNumbers, []int{12, 13, 14, 15, 16, 17, 18, 19, 20}) {
			t.Fatalf("the player's view: board %d dealer %s vul %s at deal %d, settings %+v; want board 12, E, NS at deal 1",
				v.Board, v.Dealer, v.Vul, m.Table.Deal, m.Table.Settings)
		}
		break
	}
	w.close()
	playTournamentBoard(t, env, c, out.ID, 12)
	if tr := tourOf(t, env, out.ID); !tr.HasPlayed(c.id, 12) || tr.HasPlayed(c.id, 13) {
		t.Fatalf("after the table's first deal: results %+v, want boards 11 and 12", tr.Results())
	}

	type apiErr struct {
		Error struct{ Code, Detail string }
	}
	for _, tc := range []struct {
		body map[string]any
		code string
		want []string
	}{
		{map[string]any{"name": "x", "pbn": pbnOf(boards[:7], 0)}, "bad_pbn", []string{"7 boards", "want 8 to 36"}},
		{map[string]any{"name": "x", "pbn": pbnOf(boards, 13)}, "bad_pbn", []string{"board 13", "North has 14 cards"}},
		{map[string]any{"name": "x", "pbn": pbnOf(append(slices.Clone(boards), boards[0]), 0)}, "bad_pbn", []string{"board 11", "used twice"}},
		{map[string]any{"name": "x", "pbn": "[Board \"4\"]\n[Deal \"N:AKQ\"]\n"}, "bad_pbn", []string{"board 4", "line 2", "invalid hand"}},
		{map[string]any{"name": "x", "pbn": "[ \"x\"]\n"}, "bad_pbn", []string{"game 1", "line 1"}},
		{map[string]any{"name": "x", "pbn": pbnOf(boards, 0), "boards": 12}, "bad_pbn", []string{"boards=12", "has 10 boards"}},
		{map[string]any{"name": "x", "pbn": pbnOf(boards, 0), "seed": 4}, "bad_request", []string{"seed or a PBN"}},
		{map[string]any{"name": "x", "pbn": strings.Repeat("%", maxTourBody)}, "bad_request", []string{"longer than"}},
	} {
		var e apiErr
		c.do("POST", "/api/tournaments", tc.body, &e, http.StatusBadRequest)
		for _, w := range tc.want {
			if e.Error.Code != tc.code || !strings.Contains(e.Error.Detail, w) {
				t.Errorf("error %+v, want one containing %q", e.Error, w)
			}
		}
	}
}

// TestDailyTournament checks the scheduled daily tournament with an
// injected clock: made once a day whoever asks and however many at once,
// and a new one just after midnight UTC.
func TestDailyTournament(t *testing.T) {
	env, clk := tourEnv(t)
	clk.mu.Lock()
	clk.t = time.Date(2026, 11, 29, 23, 59, 0, 0, time.UTC)
	clk.mu.Unlock()
	ctx := context.Background()
	// Several nodes at once, each with its own salt: one tournament.
	var wg sync.WaitGroup
	ids := make([]string, 6)
	for i := range ids {
		wg.Go(func() {
			id, err := env.srv.EnsureDaily(ctx, DailyConfig{Now: clk.now, Salt: uint64(i + 1)})
			if err != nil {
				t.Error(err)
			}
			ids[i] = id
		})
	}
	wg.Wait()
	for _, id := range ids {
		if id != "daily-2026-11-29" {
			t.Fatalf("EnsureDaily = %v", ids)
		}
	}
	list, err := env.st.ListCompetitions(ctx, competition.KindTournament, 0)
	if err != nil || len(list) != 1 {
		t.Fatalf("%d tournaments (%v), want 1", len(list), err)
	}
	d := list[0]
	if d.Owner != "" || !d.Start.Equal(time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)) || d.End.Sub(d.Start) != 24*time.Hour {
		t.Errorf("daily %+v", d)
	}
	tr := tourOf(t, env, d.ID)
	if len(tr.Boards) != tournament.DailyBoards || tr.Scoring != tournament.Matchpoints || tr.Seed == 0 {
		t.Errorf("daily tournament: %d boards, %v", len(tr.Boards), tr.Scoring)
	}

	// The scheduler: a new tournament shortly after midnight.
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		env.srv.RunDaily(rctx, DailyConfig{Now: clk.now, Every: 5 * time.Millisecond, Boards: 16, Scoring: tournament.Butler})
		close(done)
	}()
	defer func() { cancel(); <-done }()
	clk.add(2 * time.Minute)
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := env.st.GetCompetition(ctx, "daily-2026-11-30"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no daily tournament for 2026-11-30")
		}
		time.Sleep(5 * time.Millisecond)
	}
	tr = tourOf(t, env, "daily-2026-11-30")
	if len(tr.Boards) != 16 || tr.Scoring != tournament.Butler || !tr.Window.Contains(clk.now()) {
		t.Errorf("second daily: %d boards, %v, window %+v", len(tr.Boards), tr.Scoring, tr.Window)
	}
	c := newClient(t, env.ts.URL)
	var l struct{ Tournaments []protocol.TournamentSummary }
	c.do("GET", "/api/tournaments", nil, &l, 200)
	if len(l.Tournaments) != 2 || l.Tournaments[0].ID != "daily-2026-11-30" || l.Tournaments[0].Source != "daily" || !l.Tournaments[0].Open || !l.Tournaments[1].Over {
		t.Errorf("list %+v", l.Tournaments)
	}
}

// TestTournamentReconcile: a board that ended at a player's table but whose
// result never reached the tournament (the server stopped in between) is
// recovered from the table's stored deals when the player next looks.
func TestTournamentReconcile(t *testing.T) {
	env, _ := tourEnv(t)
	a := newClient(t, env.ts.URL)
	ctx := context.Background()
	id := a.createTournament(map[string]any{"name": "Lost board", "boards": 8, "hours": 2})
	tr := tourOf(t, env, id)
	var deals []string
	for _, b := range tr.Boards {
		deals = append(deals, b.Deal.String())
	}
	set, _ := json.Marshal(table.Settings{Game: "bridge", Scoring: "duplicate", Tournament: table.ParseCompetition(id), Deals: deals})
	g, err := env.st.CreateGame(ctx, store.NewGame{Kind: "bridge", Settings: set, CreatedBy: a.id,
		Seats: [4]store.Seat{{Bot: "easy"}, {Bot: "easy"}, {UserID: a.id}, {Bot: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	line, _ := json.Marshal(table.BoardLine{Board: 1, Contract: bridge.Contract{Level: 4, Strain: bridge.StrainSpades}, Declarer: "S", Tricks: 10})
	for _, err := range []error{
		env.st.JoinCompetition(ctx, store.CompetitionEntry{Competition: id, Entry: a.id, Data: json.RawMessage(`{"name":"A"}`)}),
		env.st.SetCompetitionGame(ctx, id, a.id, g.ID),
		env.st.AddDeal(ctx, g.ID, 1, json.RawMessage(`{}`)),
		env.st.FinishDeal(ctx, g.ID, 1, line),
		env.st.AddDeal(ctx, g.ID, 2, json.RawMessage(`{}`)), // under way: nothing to recover
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	var info tourInfo
	a.do("GET", "/api/tournaments/"+id, nil, &info, 200)
	if !slices.Equal(info.YouPlayed, []int{1}) || len(info.Standings) != 1 || info.Table != g.ID {
		t.Fatalf("after the lost board: %+v", info)
	}
	rs, err := env.st.CompetitionResults(ctx, id)
	if err != nil || len(rs) != 1 || rs[0].GameID != g.ID || rs[0].Board != 1 {
		t.Fatalf("stored results %+v, %v", rs, err)
	}
	r := tourOf(t, env, id).Results()[0]
	if r.ScoreNS != bridge.ScoreNS(bridge.Contract{Level: 4, Strain: bridge.StrainSpades}, card.South, 10, bridge.BoardVul(1)) {
		t.Errorf("recovered result %+v", r)
	}
}

// TestTournamentAnalysisPending: a board's page does not wait for a slow
// double-dummy solver; it says the analysis is coming, and has it later.
func TestTournamentAnalysisPending(t *testing.T) {
	env, clk := tourEnv(t)
	release := make(chan struct{})
	env.srv.comps.DD = func(d bridge.Deal) (dd.Table, error) { <-release; return fakeDD(d) }
	c := newClient(t, env.ts.URL)
	id := c.createTournament(map[string]any{"name": "Slow solver", "boards": 8})
	if err := env.st.JoinCompetition(context.Background(), store.CompetitionEntry{Competition: id, Entry: c.id, GameID: "x"}); err != nil {
		t.Fatal(err)
	}
	env.srv.comps.Stale(id)
	env.srv.comps.Remember("x", []int{1})
	env.srv.comps.OnBoard(table.BoardDone{Table: "x", Tournament: table.ParseCompetition(id), Board: 1, Contract: bridge.PassedOut,
		Seats: [4]store.Seat{card.South: {UserID: c.id}}})
	clk.add(25 * time.Hour) // the boards are shown once the tournament is over
	type board struct {
		DDPending bool
		DD        *struct{ Par []string }
		Rows      []protocol.FrequencyRow
	}
	var b board
	start := time.Now()
	c.do("GET", "/api/tournaments/"+id+"/boards/1", nil, &b, 200)
	if !b.DDPending || b.DD != nil || len(b.Rows) != 1 || time.Since(start) > ddWaitTime+5*time.Second {
		t.Fatalf("board 1 with the solver busy: %+v after %v", b, time.Since(start))
	}
	// The printable hand records do not wait either: the board is shown
	// with its analysis marked pending, and the page reloads itself.
	start = time.Now()
	code, html := c.get("/api/tournaments/" + id + "/records")
	if code != 200 || strings.Count(html, `<section class="board">`) != 8 || !strings.Contains(html, `data-pending="1"`) ||
		strings.Contains(html, `<table class="dd">`) || !strings.Contains(html, `http-equiv="refresh"`) || time.Since(start) > ddWaitTime+5*time.Second {
		t.Fatalf("records with the solver busy, after %v: status %d\n%s", time.Since(start), code, html)
	}
	close(release)
	deadline := time.Now().Add(10 * time.Second)
	for {
		b = board{}
		c.do("GET", "/api/tournaments/"+id+"/boards/1", nil, &b, 200)
		if b.DD != nil && !b.DDPending {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no analysis after the solver finished: %+v", b)
		}
		time.Sleep(20 * time.Millisecond)
	}
	code, html = c.get("/api/tournaments/" + id + "/records")
	if code != 200 || strings.Contains(html, `data-pending`) || !strings.Contains(html, `<table class="dd">`) || strings.Contains(html, `http-equiv="refresh"`) {
		t.Fatalf("records once solved: status %d\n%s", code, html)
	}
}

// TestTournamentRecordsPartial: printable hand records of several boards
// are sent at once with the analyses that are ready; the others are
// marked pending and come on a later load, each deal solved once.
func TestTournamentRecordsPartial(t *testing.T) {
	env, clk := tourEnv(t)
	var mu sync.Mutex
	solved := map[bridge.Deal]int{}
	gate := make(chan struct{}, 8)
	env.srv.comps.DD = func(d bridge.Deal) (dd.Table, error) {
		<-gate
		mu.Lock()
		solved[d]++
		mu.Unlock()
		return fakeDD(d)
	}
	c := newClient(t, env.ts.URL)
	id := c.createTournament(map[string]any{"name": "Records", "boards": 8, "hours": 1})
	clk.add(2 * time.Hour) // over: every board is shown
	gate <- struct{}{}     // one deal may be solved now
	start := time.Now()
	code, html := c.get("/api/tournaments/" + id + "/records")
	took := time.Since(start)
	if code != 200 || strings.Count(html, `<section class="board">`) != 8 || took > ddWaitTime+5*time.Second {
		t.Fatalf("records: status %d, %d boards, after %v", code, strings.Count(html, `<section class="board">`), took)
	}
	if n := strings.Count(html, `data-pending="1"`); n != 7 || strings.Count(html, `<table class="dd">`) != 1 {
		t.Fatalf("%d boards pending and %d analysed, want 7 and 1", n, strings.Count(html, `<table class="dd">`))
	}
	for range 7 {
		gate <- struct{}{}
	}
	deadline := time.Now().Add(10 * time.Second)
	for strings.Contains(html, "data-pending") {
		if time.Now().After(deadline) {
			t.Fatalf("boards still pending after the solver finished:\n%s", html)
		}
		time.Sleep(20 * time.Millisecond)
		_, html = c.get("/api/tournaments/" + id + "/records")
	}
	if strings.Count(html, `<table class="dd">`) != 8 {
		t.Errorf("%d analyses once solved, want 8", strings.Count(html, `<table class="dd">`))
	}
	mu.Lock()
	defer mu.Unlock()
	for d, n := range solved {
		if n != 1 {
			t.Errorf("deal %v solved %d times", d, n)
		}
	}
	if len(solved) != 8 {
		t.Errorf("%d deals solved, want 8", len(solved))
	}
}
