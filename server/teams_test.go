package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atout/bot"
	"atout/bridge"
	"atout/card"
	"atout/competition"
	"atout/game"
	"atout/protocol"
	"atout/server/metrics"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// compEnv is a server on a given SQLite file, to be restarted on it.
type compEnv struct {
	*testEnv
	path   string
	closed bool
}

// openCompEnv starts a server on the SQLite file at path, resuming its
// open tables as atout serve does.
func openCompEnv(t *testing.T, path string, opts ...func(*table.Config)) *compEnv {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	m := metrics.New()
	cfg := table.Config{Store: st, Logger: quiet(), Games: testGames()}
	for _, o := range opts {
		o(&cfg)
	}
	hub := table.NewLocalHub(cfg)
	if _, err := hub.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv := New(Config{Store: st, Hub: hub, Logger: quiet(), Metrics: m, AllowSeed: true, MessageRate: 1000, MessageBurst: 1000})
	ts := httptest.NewServer(srv)
	e := &compEnv{testEnv: &testEnv{st: st, hub: hub, srv: srv, ts: ts}, path: path}
	t.Cleanup(e.close)
	return e
}

// close stops the server as a shutdown would: the tables first, then the
// result writes in flight, then the store.
func (e *compEnv) close() {
	if e.closed {
		return
	}
	e.closed = true
	e.ts.Close()
	e.hub.Shutdown(context.Background())
	e.srv.waitResultWrites()
	e.st.Close()
}

// on returns the client talking to the server at base (a restarted
// server on the same store): cookies do not depend on the port, so the
// session goes along.
func (c *client) on(base string) *client {
	return &client{t: c.t, base: base, hc: c.hc, id: c.id}
}

// drive plays for c at table id, a random legal action whenever c has one
// and "next" between deals, until done() holds. It returns an error
// instead of failing, to be run from several goroutines.
func drive(c *client, id string, seed uint64, limit time.Duration, done func() bool) error {
	rnd := rand.New(rand.NewPCG(seed, 7))
	w := c.dial(id)
	defer func() { w.close() }()
	deadline := time.Now().Add(limit)
	for !done() {
		if time.Now().After(deadline) {
			return fmt.Errorf("table %s: not done after %v", id, limit)
		}
		m, ok := w.read(500 * time.Millisecond)
		if !ok {
			w.close()
			if done() {
				return nil
			}
			w = c.dial(id)
			continue
		}
		if m.Type != "state" {
			continue
		}
		if m.Table.Over {
			if done() {
				return nil
			}
			continue
		}
		if m.Table.DealOver {
			w.sendJSON(map[string]any{"type": "next"})
			continue
		}
		legal, seat := legalOf(m)
		if len(legal) == 0 {
			continue
		}
		w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": legal[rnd.IntN(len(legal))], "n": m.N})
	}
	return nil
}

// teamMatchJSON is the answer of GET /api/teammatches/{id}.
type teamMatchJSON struct {
	Match struct {
		ID     string
		Boards int
		Over   bool
	}
	Rooms []struct {
		Room   string
		Table  string
		Played int
	}
	You *struct {
		Room, Seat, Table string
	}
	Boards []struct {
		Board    int
		Visible  bool
		Open     *protocol.RoomResult
		Closed   *protocol.RoomResult
		Complete bool
		IMPs     int
		Home     int
		Away     int
	}
	Score struct {
		Home, Away, Complete int
	}
	Seed string
}

func (c *client) teamMatch(id string) teamMatchJSON {
	c.t.Helper()
	var out teamMatchJSON
	c.do("GET", "/api/teammatches/"+id, nil, &out, 200)
	return out
}

// roomPlayed reports whether a room has recorded board n.
func roomPlayed(srv *Server, id string, room tournament.Room, n int) bool {
	m := srv.comps.CachedTeamMatch(id)
	if m == nil {
		return false
	}
	b := m.Score().Boards[n-1]
	if room == tournament.OpenRoom {
		return b.Open != nil
	}
	return b.Closed != nil
}

func waitFor(t *testing.T, what string, limit time.Duration, f func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !f() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %v", what, limit)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestTeamsCreateValidation(t *testing.T) {
	env := newEnv(t, table.Config{})
	c := newClient(t, env.ts.URL)
	cam, err := env.st.CreateUser(context.Background(), "Camille", "password1", "")
	if err != nil {
		t.Fatal(err)
	}
	good := func() map[string]any {
		return map[string]any{"name": "M", "boards": 4, "level": "easy",
			"home": map[string]any{"name": "Lions", "players": []string{"me", "", "", ""}},
			"away": map[string]any{"name": "Tigers", "players": []string{"", "", "", ""}}}
	}
	cases := []struct {
		edit func(map[string]any)
		want string
	}{
		{func(b map[string]any) { b["name"] = " " }, "name"},
		{func(b map[string]any) { b["boards"] = 3 }, "boards=3: want 4 to 36"},
		{func(b map[string]any) { b["boards"] = 37 }, "boards=37"},
		{func(b map[string]any) { b["level"] = "godlike" }, "level"},
		{func(b map[string]any) { b["home"].(map[string]any)["name"] = "" }, "home.name"},
		{func(b map[string]any) { b["away"].(map[string]any)["name"] = "lions" }, "different names"},
		{func(b map[string]any) { b["away"].(map[string]any)["players"] = []string{"nobody-here", "", "", ""} }, "away.players[0]=\"nobody-here\": no player with this username"},
		{func(b map[string]any) { b["away"].(map[string]any)["players"] = []string{"", "", "me", ""} }, "already plays"},
		{func(b map[string]any) { b["extra"] = 1 }, "unknown field"},
		// One player named twice: by his username (in any case) and by his ID.
		{func(b map[string]any) { b["away"].(map[string]any)["players"] = []string{"CAMILLE", "", cam.ID, ""} }, `away.players[2]="` + cam.ID + `": Camille already plays as away.players[0]`},
		{func(b map[string]any) { b["away"].(map[string]any)["players"] = []string{"", c.id, "", ""} }, "already plays as home.players[0]"},
	}
	for _, tc := range cases {
		b := good()
		tc.edit(b)
		var out struct {
			Error struct{ Code, Message, Detail string }
		}
		c.do("POST", "/api/teammatches", b, &out, 400)
		code := "bad_request"
		if strings.Contains(tc.want, "no player with this username") {
			// The message names the unknown username.
			code = codeUnknownPlayer
			if !strings.Contains(out.Error.Message, `“nobody-here”`) {
				t.Errorf("message %q does not name the username", out.Error.Message)
			}
		}
		if out.Error.Code != code || !strings.Contains(out.Error.Detail, tc.want) {
			t.Errorf("%v: got %+v, want code %s and a message with %q", b, out.Error, code, tc.want)
		}
	}
	// Players named by username, in any case, or by ID (a guest has only
	// that): the match seats the right users under their names.
	guest := newClient(t, env.ts.URL)
	b := good()
	b["home"].(map[string]any)["players"] = []string{"me", "camille", "", ""}
	b["away"].(map[string]any)["players"] = []string{"", "", guest.id, ""}
	var created struct{ ID string }
	c.do("POST", "/api/teammatches", b, &created, 200)
	home, away, err := env.srv.comps.TeamMatchPlayers(context.Background(), created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if u := home; u[0].User != c.id || u[1].User != cam.ID || u[1].Name != "Camille" {
		t.Errorf("home players %+v: want the organiser and Camille (%s)", u, cam.ID)
	}
	if u := away[2]; u.User != guest.id {
		t.Errorf("away player 2 %+v: want the guest %s", u, guest.id)
	}
	for _, p := range []string{"/api/teammatches/nope", "/api/teammatches/nope/boards/1", "/api/teammatches/Bad:Id"} {
		if code, _ := c.get(p); code != 404 {
			t.Errorf("%s: status %d, want 404", p, code)
		}
	}
	// A belote duplicate is not a team match.
	var bd struct{ ID string }
	c.do("POST", "/api/beloteduplicates", map[string]any{"name": "B", "deals": 1}, &bd, 200)
	if code, _ := c.get("/api/teammatches/" + bd.ID); code != 404 {
		t.Errorf("a belote duplicate read as a team match: %d", code)
	}
}

func TestTeamsPlayVisibilityAndRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "atout.db")
	env := openCompEnv(t, path)
	org := newClient(t, env.ts.URL)
	p := newClient(t, env.ts.URL)
	var created struct{ ID string }
	org.do("POST", "/api/teammatches", map[string]any{"name": "Friday match", "boards": 4, "level": "easy", "seed": 11,
		"home": map[string]any{"name": "Lions", "players": []string{p.id, "bot", "", ""}},
		"away": map[string]any{"name": "Tigers", "players": []string{"", "", "", ""}}}, &created, 200)
	id := created.ID
	p.accept(id) // invited, he accepts: the rooms open

	// The closed room (bots only) plays everything; the open room waits for p.
	for n := 1; n <= 4; n++ {
		waitFor(t, fmt.Sprintf("closed room board %d", n), 60*time.Second, func() bool { return roomPlayed(env.srv, id, tournament.ClosedRoom, n) })
	}
	mp := p.teamMatch(id)
	if mp.You == nil || mp.You.Room != "open" || mp.You.Seat != "N" || mp.You.Table == "" {
		t.Fatalf("p's place: %+v", mp.You)
	}
	if mp.Rooms[1].Table != "" || mp.Rooms[0].Table != mp.You.Table {
		t.Errorf("a player sees the other room's table: %+v", mp.Rooms)
	}
	if mp.Rooms[1].Played != 4 || mp.Rooms[0].Played != 0 {
		t.Errorf("rooms played %+v", mp.Rooms)
	}
	for _, b := range mp.Boards {
		if b.Visible || b.Open != nil || b.Closed != nil || b.Complete {
			t.Errorf("p sees board %d before playing it: %+v", b.Board, b)
		}
	}
	for _, c := range []*client{p, org} {
		if code, body := c.get("/api/teammatches/" + id + "/boards/1"); code != 403 || !strings.Contains(body, "not_played") {
			t.Errorf("board 1 before the open room played it: %d %s", code, body)
		}
	}
	// Neither the table nor the game record shows the boards to come.
	var info table.Info
	p.do("GET", "/api/tables/"+mp.You.Table, nil, &info, 200)
	if len(info.Settings.Deals) != 0 || info.Settings.Boards != 4 {
		t.Errorf("open room settings: %+v", info.Settings)
	}
	for _, path := range []string{"/api/games/" + mp.You.Table, "/api/games"} {
		if code, body := p.get(path); code != 200 || strings.Contains(body, `"deals":[`) && strings.Contains(body, "N:") {
			t.Errorf("%s: %d %s", path, code, body)
		}
	}
	mo := org.teamMatch(id)
	if mo.You != nil || mo.Rooms[0].Table == "" || mo.Rooms[1].Table == "" {
		t.Errorf("the kibitzer's view: %+v %+v", mo.You, mo.Rooms)
	}

	// p plays board 1 in the open room.
	if err := drive(p, mp.You.Table, 1, 60*time.Second, func() bool { return roomPlayed(env.srv, id, tournament.OpenRoom, 1) }); err != nil {
		t.Fatal(err)
	}
	check := func(m teamMatchJSON, complete int) {
		t.Helper()
		home, away := 0, 0
		for i, b := range m.Boards {
			if i >= complete {
				if b.Complete || b.Visible {
					t.Errorf("board %d shown before the open room played it: %+v", b.Board, b)
				}
				continue
			}
			if !b.Complete || !b.Visible || b.Open == nil || b.Closed == nil {
				t.Fatalf("board %d: %+v", b.Board, b)
			}
			want := bridge.IMPs(b.Open.ScoreNS - b.Closed.ScoreNS)
			if b.IMPs != want {
				t.Errorf("board %d: %d IMPs, want %d (open %d, closed %d)", b.Board, b.IMPs, want, b.Open.ScoreNS, b.Closed.ScoreNS)
			}
			if want > 0 {
				home += want
			} else {
				away -= want
			}
			if b.Home != home || b.Away != away {
				t.Errorf("board %d: running score %d-%d, want %d-%d", b.Board, b.Home, b.Away, home, away)
			}
		}
		if m.Score.Home != home || m.Score.Away != away || m.Score.Complete != complete {
			t.Errorf("score %+v, want %d-%d over %d boards", m.Score, home, away, complete)
		}
	}
	check(p.teamMatch(id), 1)
	check(org.teamMatch(id), 1)
	var board struct {
		Deal   string
		Open   *protocol.RoomResult
		Closed *protocol.RoomResult
		IMPs   *int
	}
	p.do("GET", "/api/teammatches/"+id+"/boards/1", nil, &board, 200)
	if board.Deal == "" || board.Open == nil || board.Closed == nil || board.IMPs == nil {
		t.Errorf("board 1: %+v", board)
	}
	if code, _ := p.get("/api/teammatches/" + id + "/boards/2"); code != 403 {
		t.Errorf("board 2 before playing it: %d", code)
	}
	if code, _ := p.get("/api/teammatches/" + id + "/boards/9"); code != 404 {
		t.Errorf("board 9: %d", code)
	}
	if m := p.teamMatch(id); m.Seed != "" || m.Match.Over {
		t.Error("the seed is shown before the end")
	}

	// Restart on the same file: everything is still there and p plays on.
	before, _ := json.Marshal(org.teamMatch(id))
	env.close()
	env2 := openCompEnv(t, path)
	org2, p2 := org.on(env2.ts.URL), p.on(env2.ts.URL)
	after, _ := json.Marshal(org2.teamMatch(id))
	if string(before) != string(after) {
		t.Errorf("after a restart:\n%s\nbefore:\n%s", after, before)
	}
	if err := drive(p2, mp.You.Table, 2, 90*time.Second, func() bool { return roomPlayed(env2.srv, id, tournament.OpenRoom, 4) }); err != nil {
		t.Fatal(err)
	}
	final := p2.teamMatch(id)
	check(final, 4)
	// The seed deals the boards: it is never shown, not even at the end
	// (a seed drawn the same way would deal the next match).
	if !final.Match.Over || final.Seed != "" {
		t.Errorf("after the last board: over %v, seed %q", final.Match.Over, final.Seed)
	}
	env2.srv.waitResultWrites()
	results, err := env2.st.CompetitionResults(context.Background(), id)
	// Two rooms, four boards, and p's answer to his invitation.
	if err != nil || len(results) != 9 {
		t.Fatalf("%d results stored: %v", len(results), err)
	}
	var list struct {
		Matches []protocol.TeamMatchSummary
	}
	org2.do("GET", "/api/teammatches", nil, &list, 200)
	if len(list.Matches) != 1 || list.Matches[0].Home != "Lions" || list.Matches[0].Boards != 4 {
		t.Errorf("list: %+v", list.Matches)
	}
}

// stuckBot never decides (until its context ends).
type stuckBot struct{}

func (stuckBot) Act(ctx context.Context, g game.Game, seat card.Seat) (game.Move, error) {
	<-ctx.Done()
	return game.Move{}, ctx.Err()
}

// TestTeamsRebuildFromGames: the boards of a match played while no server
// listened (its tables resumed and played by a bare hub, as a node does
// between its restart and the server's start) are found in the rooms'
// stored games and recorded when the match is next read.
func TestTeamsRebuildFromGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "atout.db")
	// 1. A server whose bots never play creates an all-bot match.
	env := openCompEnv(t, path, func(c *table.Config) {
		c.Bots = func(string, string, uint64) bot.Bot { return stuckBot{} }
		c.BotTimeout = time.Hour
	})
	org := newClient(t, env.ts.URL)
	var created struct{ ID string }
	org.do("POST", "/api/teammatches", map[string]any{"name": "Ghost match", "boards": 4, "level": "easy",
		"home": map[string]any{"name": "A", "players": []string{"", "", "", ""}},
		"away": map[string]any{"name": "B", "players": []string{"", "", "", ""}}}, &created, 200)
	id := created.ID
	if m := org.teamMatch(id); m.Rooms[0].Played != 0 || m.Rooms[1].Played != 0 {
		t.Fatalf("boards played by stuck bots: %+v", m.Rooms)
	}
	env.close()

	// 2. A bare hub resumes the tables and plays them to the end.
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	hub := table.NewLocalHub(table.Config{Store: st, Logger: quiet()})
	if n, err := hub.Resume(context.Background()); err != nil || n != 2 {
		t.Fatalf("resumed %d tables: %v", n, err)
	}
	waitFor(t, "both rooms over", 60*time.Second, func() bool {
		for _, tb := range hub.Tables() {
			if !tb.Over() {
				return false
			}
		}
		return true
	})
	hub.Shutdown(context.Background())
	st.Close()

	// 3. A server on the same file finds the eight results.
	env3 := openCompEnv(t, path)
	m := org.on(env3.ts.URL).teamMatch(id)
	if !m.Match.Over || m.Score.Complete != 4 || m.Rooms[0].Played != 4 || m.Rooms[1].Played != 4 {
		t.Fatalf("after the rebuild: %+v", m)
	}
	results, err := env3.st.CompetitionResults(context.Background(), id)
	if err != nil || len(results) != 8 {
		t.Fatalf("%d results stored: %v", len(results), err)
	}
}

// failingHub is a local hub whose CreateSeated fails from its fail-th call
// on (1-based; 0: never).
type failingHub struct {
	*table.LocalHub
	mu      sync.Mutex
	calls   int
	fail    int
	created []table.Room
}

func (h *failingHub) Local() *table.LocalHub { return h.LocalHub }

func (h *failingHub) CreateSeated(ctx context.Context, s table.Settings, by string, p [4]table.Player) (table.Room, error) {
	h.mu.Lock()
	h.calls++
	fail := h.fail > 0 && h.calls >= h.fail
	h.mu.Unlock()
	if fail {
		return nil, errors.New("test: no room for another table")
	}
	r, err := h.LocalHub.CreateSeated(ctx, s, by, p)
	if err == nil {
		h.mu.Lock()
		h.created = append(h.created, r)
		h.mu.Unlock()
	}
	return r, err
}

// TestTeamsCreateUndone: when the closed room's table cannot be opened,
// the match is taken back whole: no competition left in the store or the
// list, the open room's table stopped and closed (no node resumes it);
// the next attempt makes a sound match.
func TestTeamsCreateUndone(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	local := table.NewLocalHub(table.Config{Store: st, Logger: quiet()})
	hub := &failingHub{LocalHub: local, fail: 2}
	srv := New(Config{Store: st, Hub: hub, Logger: quiet(), Metrics: metrics.New(), AllowSeed: true, MessageRate: 1000, MessageBurst: 1000})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		ts.Close()
		local.Shutdown(context.Background())
		srv.waitResultWrites()
		st.Close()
	})
	c := newClient(t, ts.URL)
	body := map[string]any{"name": "Doomed", "boards": 4, "level": "easy", "seed": 5,
		"home": map[string]any{"name": "Lions", "players": []string{"", "", "", ""}},
		"away": map[string]any{"name": "Tigers", "players": []string{"", "", "", ""}}}
	var out struct {
		Error struct{ Code, Detail string }
	}
	c.do("POST", "/api/teammatches", body, &out, http.StatusInternalServerError)
	if !strings.Contains(out.Error.Detail, "closed room") || !strings.Contains(out.Error.Detail, "not created") {
		t.Errorf("error %+v: want one saying the closed room failed and the match was not created", out.Error)
	}
	ctx := context.Background()
	if list, err := st.ListCompetitions(ctx, competition.KindTeamMatch, 0); err != nil || len(list) != 0 {
		t.Fatalf("competitions left after the failure: %+v, %v", list, err)
	}
	var ms struct{ Matches []protocol.TeamMatchSummary }
	c.do("GET", "/api/teammatches", nil, &ms, 200)
	if len(ms.Matches) != 0 {
		t.Errorf("the list shows %+v", ms.Matches)
	}
	hub.mu.Lock()
	created := slices.Clone(hub.created)
	hub.mu.Unlock()
	if len(created) != 1 {
		t.Fatalf("%d tables opened, want 1 (the open room's)", len(created))
	}
	open := created[0]
	select {
	case <-open.(*table.Table).Done():
	default:
		t.Error("the open room's table still runs")
	}
	g, err := st.GetGame(ctx, open.ID())
	if err != nil || g.Status != store.StatusFinished {
		t.Errorf("the open room's game: %+v, %v; want it finished", g, err)
	}
	if _, err := st.CompetitionByGame(ctx, open.ID()); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an entry still points at the open room's table: %v", err)
	}
	cached := srv.comps.Cached()
	if cached != 0 {
		t.Errorf("%d matches left in the cache", cached)
	}

	hub.mu.Lock()
	hub.fail = 0
	hub.mu.Unlock()
	var again struct{ ID string }
	c.do("POST", "/api/teammatches", body, &again, 200)
	tables, err := srv.comps.TeamMatchTables(ctx, again.ID)
	if err != nil || tables[0] == "" || tables[1] == "" {
		t.Fatalf("the second attempt: %+v, %v", tables, err)
	}
}
