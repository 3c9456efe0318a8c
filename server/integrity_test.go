package server

// The attacks of the competition integrity review, replayed through the
// public API against a server configured as in production (no seeds from
// clients): each test failed before competitions dealt from secrets, bound
// their tables in the store and seated players by right.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atout/bridge"
	"atout/card"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// prodEnv is a server that, as in production, takes no seed from a client.
func prodEnv(t *testing.T) *testEnv {
	t.Helper()
	env := newEnvWith(t, table.Config{}, func(*Config) {})
	env.srv.comps.DD = fakeDD
	return env
}

// raw returns the body of a GET that must answer want.
func (c *client) raw(path string, want int) string {
	c.t.Helper()
	code, body := c.get(path)
	if code != want {
		c.t.Fatalf("GET %s: status %d, want %d: %.300s", path, code, want, body)
	}
	return body
}

var seedField = regexp.MustCompile(`"(seed|secret)"\s*:`)

// noSecrets fails if what a client received names a seed or a secret.
func noSecrets(t *testing.T, what, body string, secrets ...string) {
	t.Helper()
	if seedField.MatchString(body) {
		t.Errorf("%s shows a seed or a secret: %.400s", what, body)
	}
	for _, s := range secrets {
		if s != "" && strings.Contains(body, s) {
			t.Errorf("%s holds the competition's secret", what)
		}
	}
}

// storedSecret returns a competition's stored secret, checking that it is
// 32 random bytes and that no seed dealt the boards.
func storedSecret(t *testing.T, st *store.Store, id string) string {
	t.Helper()
	c, err := st.GetCompetition(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var sp struct {
		Seed   string `json:"seed"`
		Secret string `json:"secret"`
	}
	if err := json.Unmarshal(c.Spec, &sp); err != nil {
		t.Fatal(err)
	}
	if _, err := card.ParseSecret(sp.Secret); err != nil || sp.Seed != "0" {
		t.Fatalf("competition %s: secret %q, seed %q: want a secret and no seed", id, sp.Secret, sp.Seed)
	}
	return sp.Secret
}

// Finding 1: a competition's deals could be computed from the seed shown to
// its players (table settings, game list, state message, event page).
func TestIntegrityDealsFromSecret(t *testing.T) {
	env := prodEnv(t)
	org, p, q := newClient(t, env.ts.URL), newClient(t, env.ts.URL), newClient(t, env.ts.URL)

	// No client chooses a seed.
	players := func() map[string]any {
		return map[string]any{"name": "Lions", "players": []string{p.id, "", "", ""}}
	}
	away := map[string]any{"name": "Tigers", "players": []string{"", "", "", ""}}
	for path, body := range map[string]map[string]any{
		"/api/teammatches":      {"name": "M", "boards": 4, "level": "easy", "seed": 11, "home": players(), "away": away},
		"/api/beloteduplicates": {"name": "D", "deals": 2, "seed": 5, "level": "easy"},
		"/api/tournaments":      {"name": "T", "boards": 8, "seed": 5},
		"/api/tables":           {"game": "bridge", "seed": 3},
	} {
		org.do("POST", path, body, nil, 400)
	}

	// A team match: p plays North in the open room.
	var tm struct{ ID string }
	org.do("POST", "/api/teammatches", map[string]any{"name": "M", "boards": 4, "level": "easy",
		"home": players(), "away": away}, &tm, 200)
	tmSecret := storedSecret(t, env.st, tm.ID)
	p.accept(tm.ID)
	room := p.teamMatch(tm.ID).You.Table
	// A belote duplicate: q's team.
	var bd struct{ ID string }
	org.do("POST", "/api/beloteduplicates", map[string]any{"name": "D", "deals": 2, "level": "easy"}, &bd, 200)
	bdSecret := storedSecret(t, env.st, bd.ID)
	var join struct{ Table string }
	q.do("POST", "/api/beloteduplicates/"+bd.ID+"/join", map[string]any{"team": "Aces"}, nil, 200)
	join.Table = org.startBeld(bd.ID, q)[0]

	for _, c := range []struct {
		who   *client
		table string
	}{{p, room}, {q, join.Table}} {
		noSecrets(t, "GET /api/tables/ID", c.who.raw("/api/tables/"+c.table, 200), tmSecret, bdSecret)
		noSecrets(t, "GET /api/games", c.who.raw("/api/games", 200), tmSecret, bdSecret)
		w := c.who.dial(c.table)
		noSecrets(t, "the state message", string(w.mustRead().Raw), tmSecret, bdSecret)
		w.close()
	}
	noSecrets(t, "the team match", org.raw("/api/teammatches/"+tm.ID, 200), tmSecret)
	noSecrets(t, "the belote duplicate", org.raw("/api/beloteduplicates/"+bd.ID, 200), bdSecret)
	noSecrets(t, "the lists", org.raw("/api/teammatches", 200)+org.raw("/api/beloteduplicates", 200))

	// The boards are those of the secret, not of anything a client saw:
	// the room table's settings number would have dealt them before.
	sec, _ := card.ParseSecret(tmSecret)
	want := tournament.DealBoards(4, sec.Rand())
	got := env.srv.comps.CachedTeamMatch(tm.ID).Boards
	for i := range want {
		if got[i].Deal != want[i].Deal {
			t.Fatalf("board %d is not dealt from the match's secret", i+1)
		}
	}

	// A tournament dealt by the server: two of them never share a board,
	// and none is shown a seed even once it is over.
	clk := &clock{t: time.Now()}
	env.srv.comps.Now = clk.now
	t1 := org.createTournament(map[string]any{"name": "A", "boards": 8, "hours": 1})
	t2 := org.createTournament(map[string]any{"name": "B", "boards": 8, "hours": 1})
	clk.add(2 * time.Hour)
	noSecrets(t, "the tournament once over", org.raw("/api/tournaments/"+t1, 200))
	if tourOf(t, env, t1).Boards[0].Deal == tourOf(t, env, t2).Boards[0].Deal {
		t.Error("two tournaments dealt the same boards")
	}
}

// Finding 2: a player opened a table tagged with a competition, with a deal
// of his own, and its result was recorded (and showed him the real board).
func TestIntegrityForgedCompetitionTables(t *testing.T) {
	env := prodEnv(t)
	ctx := context.Background()
	org, cheat := newClient(t, env.ts.URL), newClient(t, env.ts.URL)
	id := org.createTournament(map[string]any{"name": "Club night", "boards": 8, "hours": 2})
	var play struct{ Table string }
	cheat.do("POST", "/api/tournaments/"+id+"/play", nil, &play, 200)
	mine := bridge.RandomDeal(card.NewRand(1)).String()

	// Through the API: every competition field of a table is refused.
	// (The match has a human in each room: its tables wait for them.)
	var tm struct{ ID string }
	org.do("POST", "/api/teammatches", map[string]any{"name": "M", "boards": 4, "level": "easy",
		"home": map[string]any{"name": "Lions", "players": []string{"me", "", newClient(t, env.ts.URL).id, ""}},
		"away": map[string]any{"name": "Tigers", "players": []string{"", "", "", ""}}}, &tm, 200)
	for _, body := range []map[string]any{
		{"game": "bridge", "tournament": id, "deals": []string{mine}, "boardNumbers": []int{5}},
		{"game": "bridge", "tournament": id},
		{"game": "bridge", "deals": []string{mine}},
		{"game": "bridge", "tournament": tm.ID + ":closed", "deals": []string{mine, mine, mine, mine}},
		{"game": "bridge", "deals": []string{mine}, "dealInfo": []map[string]any{{"dealer": 0, "vul": 3}}},
		{"game": "belote", "tournament": "x:team", "beloteDeals": []map[string]any{}},
		{"game": "bridge", "owner": cheat.id, "invite": "x"},
	} {
		cheat.do("POST", "/api/tables", body, nil, 400)
	}

	// A table tagged by other means (opened on the server, or stored before
	// tags were checked) is not the one the store records for the player:
	// what it reports is refused, and the real board stays hidden.
	fake, err := env.hub.Create(ctx, table.Settings{Game: "bridge", Tournament: table.ParseCompetition(id), Deals: []string{mine}, BoardNumbers: []int{5}},
		table.Player{ID: cheat.id, Name: "cheat"})
	if err != nil {
		t.Fatal(err)
	}
	finished := func() bool {
		rec, err := env.st.LoadGame(ctx, fake.ID())
		return err == nil && len(rec.Deals) > 0 && rec.Deals[0].Result != nil
	}
	if err := drive(cheat, fake.ID(), 3, 60*time.Second, finished); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // the listener runs on the table's goroutine, after the store
	if tourOf(t, env, id).HasPlayed(cheat.id, 5) {
		t.Fatal("a result from a table the store does not bind to the player was recorded")
	}
	cheat.raw("/api/tournaments/"+id+"/boards/5", 403)

	// The same through the listeners of team matches and belote
	// duplicates: a table that is not the room's (or team's) reports
	// nothing.
	d := table.BoardDone{Table: fake.ID(), Tournament: table.ParseCompetition(tm.ID + ":closed"), Board: 1,
		Contract: bridge.Contract{Level: 7, Strain: bridge.NoTrump}, Declarer: card.North, Tricks: 13}
	env.srv.comps.OnBoard(d)
	env.srv.waitResultWrites()
	if roomPlayed(env.srv, tm.ID, tournament.ClosedRoom, 1) {
		t.Error("a forged closed-room result was recorded")
	}
	if rs, _ := env.st.CompetitionResults(ctx, tm.ID); len(rs) != 0 {
		t.Errorf("forged team results stored: %+v", rs)
	}
	var bd struct{ ID string }
	org.do("POST", "/api/beloteduplicates", map[string]any{"name": "D", "deals": 2, "level": "easy"}, &bd, 200)
	cheat.do("POST", "/api/beloteduplicates/"+bd.ID+"/join", map[string]any{"team": "Aces"}, nil, 200)
	env.srv.comps.OnBeloteDeal(table.BeloteDealDone{Table: fake.ID(), Tournament: table.ParseCompetition(bd.ID + ":Aces"), Deal: 1})
	env.srv.waitResultWrites()
	if n := teamPlayed(env.srv, bd.ID, "Aces"); n != 0 {
		t.Errorf("a forged belote duplicate result was recorded (%d deals)", n)
	}
}

// Finding 3: anybody could sit in any bot's seat, a competition's too, and
// competition tables offered hints and undo.
func TestIntegritySeatsByRight(t *testing.T) {
	env := prodEnv(t)
	owner, friend, intruder := newClient(t, env.ts.URL), newClient(t, env.ts.URL), newClient(t, env.ts.URL)

	// A casual table: the table ID is not enough, the invitation is.
	id := owner.createTable(table.Settings{Game: "bridge", Boards: 1})
	inv, _ := invites.Load(id)
	intruder.do("POST", "/api/tables/"+id+"/sit", map[string]string{"seat": "N"}, nil, 403)
	intruder.do("POST", "/api/tables/"+id+"/sit", map[string]string{"seat": "N", "invite": "guess"}, nil, 403)
	friend.do("POST", "/api/tables/"+id+"/sit", map[string]string{"seat": "N", "invite": inv.(string)}, nil, 200)
	var in table.Info
	owner.do("GET", "/api/tables/"+id, nil, &in, 200)
	if in.Invite != inv.(string) {
		t.Errorf("the owner is not shown the invitation: %q", in.Invite)
	}
	in = table.Info{}
	friend.do("GET", "/api/tables/"+id, nil, &in, 200)
	if in.Invite != "" || in.Settings.Invite != "" || in.Settings.Owner != "" {
		t.Errorf("a guest of the table is shown the invitation: %+v", in)
	}

	// A tournament table: nobody else sits, watches or reads it; its
	// player has no hint and no undo.
	org, p, rival := newClient(t, env.ts.URL), newClient(t, env.ts.URL), newClient(t, env.ts.URL)
	tid := org.createTournament(map[string]any{"name": "Club night", "boards": 8, "hours": 2})
	var play struct{ Table string }
	p.do("POST", "/api/tournaments/"+tid+"/play", nil, &play, 200)
	rival.do("POST", "/api/tournaments/"+tid+"/play", nil, nil, 200)
	for _, seat := range []string{"N", "E", "W"} {
		rival.do("POST", "/api/tables/"+play.Table+"/sit", map[string]string{"seat": seat}, nil, 403)
	}
	rival.raw("/api/tables/"+play.Table, 403)
	if _, err := dialErr(rival, play.Table); err == nil {
		t.Error("a rival watches a tournament table")
	}
	w := p.dial(play.Table)
	st := w.mustRead()
	if st.Table.CanHint || st.Table.CanUndo {
		t.Errorf("a tournament table offers hint %v, undo %v", st.Table.CanHint, st.Table.CanUndo)
	}
	legal, seat := legalOf(st)
	if len(legal) > 0 {
		w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": legal[0], "n": st.N})
	}
	for _, msg := range []string{`{"type":"hint"}`, `{"type":"undo"}`} {
		w.send(msg)
		if code := waitError(t, w); code != table.CodeForbidden {
			t.Errorf("%s at a tournament table: error %q, want %q", msg, code, table.CodeForbidden)
		}
	}
	w.close()

	// A team match: an outsider takes no seat; a player does not watch the
	// other room.
	var tm struct{ ID string }
	org.do("POST", "/api/teammatches", map[string]any{"name": "M", "boards": 4, "level": "easy",
		"home": map[string]any{"name": "Lions", "players": []string{p.id, "", "", ""}},
		"away": map[string]any{"name": "Tigers", "players": []string{"", "", "", ""}}}, &tm, 200)
	p.accept(tm.ID)
	rooms := intruder.teamMatch(tm.ID).Rooms
	for _, r := range rooms {
		intruder.do("POST", "/api/tables/"+r.Table+"/sit", map[string]string{"seat": "E"}, nil, 403)
	}
	p.raw("/api/tables/"+rooms[1].Table, 403)
	if _, err := dialErr(p, rooms[1].Table); err == nil {
		t.Error("a player watches the other room")
	}
	intruder.raw("/api/tables/"+rooms[1].Table, 200) // a kibitzer may
}

// dialErr opens a WebSocket, returning the error instead of failing.
func dialErr(c *client, id string) (*ws, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(c.base, "http") + "/ws/" + id
	conn, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: c.hc})
	if err != nil {
		return nil, err
	}
	return &ws{t: c.t, c: conn}, nil
}

// waitError reads until an error message and returns its code.
func waitError(t *testing.T, w *ws) string {
	t.Helper()
	for i := 0; i < 50; i++ {
		m, ok := w.read(5 * time.Second)
		if !ok {
			break
		}
		if m.Type == "error" {
			return m.Code
		}
	}
	t.Fatal("no error message")
	return ""
}

// A player who finished his tournament table early does not show it to
// those who have not played its boards: the record of a finished
// competition table is read by others only once they may see every board.
func TestIntegrityFinishedTableStaysHidden(t *testing.T) {
	env := prodEnv(t)
	clk := &clock{t: time.Now()}
	env.srv.comps.Now = clk.now
	ctx := context.Background()
	org, early, late := newClient(t, env.ts.URL), newClient(t, env.ts.URL), newClient(t, env.ts.URL)
	id := org.createTournament(map[string]any{"name": "Club night", "boards": 8, "hours": 2})
	var deals []string
	for _, b := range tourOf(t, env, id).Boards {
		deals = append(deals, b.Deal.String())
	}
	set, _ := json.Marshal(table.Settings{Game: "bridge", Scoring: "duplicate", Tournament: table.ParseCompetition(id), Deals: deals})
	g, err := env.st.CreateGame(ctx, store.NewGame{Kind: "bridge", Settings: set, CreatedBy: early.id,
		Seats: [4]store.Seat{{Bot: "easy"}, {Bot: "easy"}, {UserID: early.id}, {Bot: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	line, _ := json.Marshal(table.BoardLine{Board: 1, Contract: bridge.Contract{Level: 4, Strain: bridge.StrainSpades}, Declarer: "S", Tricks: 10})
	for _, err := range []error{
		env.st.JoinCompetition(ctx, store.CompetitionEntry{Competition: id, Entry: early.id, Data: json.RawMessage(`{"name":"E"}`), GameID: g.ID}),
		env.st.AddDeal(ctx, g.ID, 1, json.RawMessage(`{}`)),
		env.st.FinishDeal(ctx, g.ID, 1, line),
		env.st.FinishGame(ctx, g.ID, json.RawMessage(`{}`)),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	early.raw("/api/games/"+g.ID, 200)
	late.raw("/api/games/"+g.ID, 403)
	late.raw("/api/games/"+g.ID+"/export", 403)
	clk.add(3 * time.Hour)
	late.raw("/api/games/"+g.ID, 200)
}

// A guest cannot flood the server with competitions, nor get around the
// open-table limit through them: each competition's table counts.
func TestIntegrityCompetitionLimits(t *testing.T) {
	env := prodEnv(t)
	g := newClient(t, env.ts.URL)
	for i := range 6 {
		g.do("POST", "/api/beloteduplicates", map[string]any{"name": fmt.Sprint("D", i), "deals": 1, "level": "easy"}, nil, 200)
	}
	var e struct{ Error struct{ Code string } }
	g.do("POST", "/api/beloteduplicates", map[string]any{"name": "D7", "deals": 1, "level": "easy"}, &e, http.StatusTooManyRequests)
	if e.Error.Code != "limit" {
		t.Errorf("7th competition of a guest: %+v", e)
	}
	// A player at his open-table limit opens no tournament table.
	org, p := newClient(t, env.ts.URL), newClient(t, env.ts.URL)
	id := org.createTournament(map[string]any{"name": "Club night", "boards": 8, "hours": 2})
	for range 10 {
		p.createTable(table.Settings{Game: "bridge", Boards: 1})
	}
	p.do("POST", "/api/tournaments/"+id+"/play", nil, &e, http.StatusTooManyRequests)
	var tm struct{ ID string }
	p.do("POST", "/api/teammatches", map[string]any{"name": "M", "boards": 4, "level": "easy",
		"home": map[string]any{"name": "Lions", "players": []string{"me", "", "", ""}},
		"away": map[string]any{"name": "Tigers", "players": []string{"", "", "", ""}}}, &tm, http.StatusTooManyRequests)
}
