package server

import (
	"context"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"atout/card"
	"atout/protocol"
	"atout/store"
	"atout/table"
)

// beldJSON is the answer of GET /api/beloteduplicates/{id}.
type beldJSON struct {
	Event struct {
		ID    string
		Deals int
		Mode  string
		Open  bool
	}
	Teams []struct {
		Name    string
		Members []struct {
			Name string
			Bot  bool
		}
		Deals int
		You   bool
	}
	You *struct {
		Team, Table string
		Invited     bool
	}
	Standings []struct {
		Rank     int
		Team     string
		Deals    int
		Relative float64
		PerDeal  float64
	}
	Deals []struct {
		Deal    int
		Played  int
		Visible bool
		Yours   *struct {
			Points, Against, Net int
			Relative             float64
		}
	}
	Seed string
}

func (c *client) beld(id string) beldJSON {
	c.t.Helper()
	var out beldJSON
	c.do("GET", "/api/beloteduplicates/"+id, nil, &out, 200)
	return out
}

// teamPlayed returns the number of deals a team has played.
func teamPlayed(srv *Server, id, team string) int {
	return srv.comps.CachedTeamDeals(id, team)
}

func TestBeloteDuplicateValidation(t *testing.T) {
	env := newEnv(t, table.Config{})
	c := newClient(t, env.ts.URL)
	if _, err := env.st.CreateUser(context.Background(), "Camille", "password1", ""); err != nil {
		t.Fatal(err)
	}
	// c registers: his own username is no partner either.
	c.do("POST", "/api/signup", map[string]any{"username": "me-account", "password": "password1"}, nil, 200)
	for _, tc := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"name": "", "deals": 2}, "name"},
		{map[string]any{"name": "x", "deals": 0}, "deals=0: want 1 to 36"},
		{map[string]any{"name": "x", "deals": 37}, "deals=37"},
		{map[string]any{"name": "x", "deals": 2, "mode": "poker"}, `mode="poker"`},
		{map[string]any{"name": "x", "deals": 2, "rules": "casino"}, `rules="casino"`},
		{map[string]any{"name": "x", "deals": 2, "level": "expert"}, `level="expert"`},
		{map[string]any{"name": "x", "deals": 2, "target": 1000}, "unknown field"},
	} {
		var out struct {
			Error struct{ Code, Detail string }
		}
		c.do("POST", "/api/beloteduplicates", tc.body, &out, 400)
		if out.Error.Code != "bad_request" || !strings.Contains(out.Error.Detail, tc.want) {
			t.Errorf("%v: got %+v, want a message with %q", tc.body, out.Error, tc.want)
		}
	}
	var ev struct{ ID string }
	c.do("POST", "/api/beloteduplicates", map[string]any{"name": "Tuesday", "deals": 2, "level": "easy"}, &ev, 200)
	for _, tc := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"team": ""}, "team"},
		{map[string]any{"team": "a\nb"}, "team"},
		{map[string]any{"team": "Aces", "partner": "ghost"}, `partner="ghost": no player with this username`},
		{map[string]any{"team": "Aces", "partner": c.id}, "yourself"},
		{map[string]any{"team": "Aces", "partner": "ME-ACCOUNT"}, `partner="ME-ACCOUNT": you cannot partner yourself`},
	} {
		var out struct {
			Error struct{ Code, Detail string }
		}
		c.do("POST", "/api/beloteduplicates/"+ev.ID+"/join", tc.body, &out, 400)
		if !strings.Contains(out.Error.Detail, tc.want) {
			t.Errorf("%v: got %+v, want a message with %q", tc.body, out.Error, tc.want)
		}
	}
	c.do("POST", "/api/beloteduplicates/"+ev.ID+"/join", map[string]any{"team": "Aces"}, nil, 200)
	d := newClient(t, env.ts.URL)
	// A partner named by his username, in any case.
	e := newClient(t, env.ts.URL)
	e.do("POST", "/api/beloteduplicates/"+ev.ID+"/join", map[string]any{"team": "Queens", "partner": "camille"}, nil, 200)
	info := e.beld(ev.ID)
	found := false
	for _, tm := range info.Teams {
		if tm.Name == "Queens" {
			found = len(tm.Members) == 2 && tm.Members[1].Name == "Camille" && !tm.Members[1].Bot
		}
	}
	if !found {
		t.Errorf("team Queens with Camille as partner not in %+v", info.Teams)
	}
	c.do("POST", "/api/beloteduplicates/"+ev.ID+"/join", map[string]any{"team": "Aces"}, nil, 200) // already in: his table again
	d.do("POST", "/api/beloteduplicates/"+ev.ID+"/join", map[string]any{"team": "Aces"}, nil, 409)
	d.do("POST", "/api/beloteduplicates/"+ev.ID+"/join", map[string]any{"team": "Kings", "partner": c.id}, nil, 409)
	for p, want := range map[string]int{
		"/api/beloteduplicates/nope": 404, "/api/beloteduplicates/" + ev.ID + "/deals/3": 404,
		"/api/beloteduplicates/" + ev.ID + "/deals/x": 400, "/api/beloteduplicates/" + ev.ID + "/deals/1": 403,
	} {
		if code, _ := c.get(p); code != want {
			t.Errorf("%s: status %d, want %d", p, code, want)
		}
	}
	d.do("POST", "/api/beloteduplicates/nope/join", map[string]any{"team": "Kings"}, nil, 404)
}

func TestBeloteDuplicatePlayRankingAndRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "atout.db")
	env := openCompEnv(t, path)
	org := newClient(t, env.ts.URL)
	a := newClient(t, env.ts.URL)                               // alone, with a bot partner
	b, bp := newClient(t, env.ts.URL), newClient(t, env.ts.URL) // two humans
	outsider := newClient(t, env.ts.URL)
	var ev struct{ ID string }
	org.do("POST", "/api/beloteduplicates", map[string]any{"name": "Duplicate", "deals": 2, "seed": 5,
		"mode": "coinche", "level": "easy"}, &ev, 200)
	id := ev.ID
	var ja, jb struct{ Team, Table string }
	a.do("POST", "/api/beloteduplicates/"+id+"/join", map[string]any{"team": "Aces"}, &ja, 200)
	b.do("POST", "/api/beloteduplicates/"+id+"/join", map[string]any{"team": "Kings", "partner": bp.id}, &jb, 200)
	// Registered, invited, not started: no table deals yet.
	if ja.Table != "" || jb.Table != "" {
		t.Fatalf("tables %q and %q before the start", ja.Table, jb.Table)
	}
	bp.do("POST", "/api/beloteduplicates/"+id+"/answer", map[string]any{"accept": true}, nil, 200)
	org.do("POST", "/api/beloteduplicates/"+id+"/start", map[string]any{}, nil, 200)
	a.do("POST", "/api/beloteduplicates/"+id+"/join", map[string]any{"team": "Aces"}, &ja, 200)
	b.do("POST", "/api/beloteduplicates/"+id+"/join", map[string]any{"team": "Kings"}, &jb, 200)
	if ja.Table == "" || jb.Table == "" || ja.Table == jb.Table {
		t.Fatalf("tables %q and %q", ja.Table, jb.Table)
	}
	var info table.Info
	b.do("GET", "/api/tables/"+jb.Table, nil, &info, 200)
	if !info.Seats[2].Human || !info.Seats[0].Human || info.Seats[1].Human || info.Seats[3].Human {
		t.Fatalf("Kings' table seats: %+v", info.Seats)
	}
	// The players never get the deals to come with the table.
	if len(info.Settings.BeloteDeals) != 0 || info.Settings.Mode != "coinche" || info.Settings.Tournament.IsZero() {
		t.Fatalf("Kings' table settings: %+v", info.Settings)
	}
	for _, p := range []string{"/api/games/" + jb.Table, "/api/games"} {
		if code, body := b.get(p); code != 200 || strings.Contains(body, "beloteDeals") || !strings.Contains(body, "coinche") {
			t.Errorf("%s: %d %s", p, code, body)
		}
	}

	// Aces play deal 1: they see it, Kings and the outsider do not.
	if err := drive(a, ja.Table, 3, 60*time.Second, func() bool { return teamPlayed(env.srv, id, "Aces") >= 1 }); err != nil {
		t.Fatal(err)
	}
	if code, _ := a.get("/api/beloteduplicates/" + id + "/deals/1"); code != 200 {
		t.Errorf("Aces do not see the deal they played: %d", code)
	}
	for _, c := range []*client{b, bp, outsider} {
		if code, body := c.get("/api/beloteduplicates/" + id + "/deals/1"); code != 403 || !strings.Contains(body, "not_played") {
			t.Errorf("deal 1 shown before the viewer's team played it: %d %s", code, body)
		}
		for _, d := range c.beld(id).Deals {
			if d.Visible || d.Yours != nil {
				t.Errorf("deal %d visible: %+v", d.Deal, d)
			}
		}
	}
	va := a.beld(id)
	if va.You == nil || va.You.Team != "Aces" || len(va.Standings) != 1 || va.Standings[0].Team != "Aces" ||
		!va.Deals[0].Visible || va.Deals[0].Yours == nil || va.Deals[1].Visible {
		t.Errorf("Aces' view after deal 1: %+v", va)
	}

	// Restart in the middle; then everybody finishes.
	before, _ := json.Marshal(org.beld(id))
	env.close()
	env2 := openCompEnv(t, path)
	a2, b2, bp2, org2 := a.on(env2.ts.URL), b.on(env2.ts.URL), bp.on(env2.ts.URL), org.on(env2.ts.URL)
	outsider2 := outsider.on(env2.ts.URL)
	after, _ := json.Marshal(org2.beld(id))
	if string(before) != string(after) {
		t.Errorf("after a restart:\n%s\nbefore:\n%s", after, before)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 3)
	for i, p := range []struct {
		c     *client
		table string
		team  string
	}{{a2, ja.Table, "Aces"}, {b2, jb.Table, "Kings"}, {bp2, jb.Table, "Kings"}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- drive(p.c, p.table, uint64(10+i), 90*time.Second, func() bool { return teamPlayed(env2.srv, id, p.team) >= 2 })
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	final := outsider2.beld(id)
	// The seed deals the decks: never shown, not even at the end.
	if len(final.Standings) != 2 || final.Seed != "" {
		t.Fatalf("final: %+v", final)
	}
	if len(final.Teams) != 2 || final.Teams[0].Name != "Aces" || !final.Teams[0].Members[1].Bot ||
		final.Teams[1].Members[0].Bot || final.Teams[1].Members[1].Bot || final.Teams[1].Deals != 2 {
		t.Errorf("teams: %+v", final.Teams)
	}
	// Two teams in the same direction: relative scores are opposite.
	if s := final.Standings[0].Relative + final.Standings[1].Relative; math.Abs(s) > 1e-9 {
		t.Errorf("relative scores do not cancel: %+v", final.Standings)
	}
	for _, d := range final.Deals {
		if !d.Visible || d.Played != 2 {
			t.Errorf("deal %d after everybody played: %+v", d.Deal, d)
		}
	}
	var deal struct {
		Deck    []string
		Results []struct {
			Team     string
			Net      int
			Relative float64
		}
	}
	outsider2.do("GET", "/api/beloteduplicates/"+id+"/deals/2", nil, &deal, 200)
	if len(deal.Deck) != 32 || len(deal.Results) != 2 ||
		deal.Results[0].Relative != float64(deal.Results[0].Net-deal.Results[1].Net) {
		t.Errorf("deal 2: %+v", deal)
	}
	env2.srv.waitResultWrites()
	results, err := env2.st.CompetitionResults(context.Background(), id)
	// Two teams, two deals, and the partner's answer to his invitation.
	if err != nil || len(results) != 5 {
		t.Fatalf("%d results stored: %v", len(results), err)
	}
	var list struct {
		Events []protocol.BeloteDuplicateSummary
	}
	org2.do("GET", "/api/beloteduplicates", nil, &list, 200)
	if len(list.Events) != 1 || list.Events[0].Deals != 2 || list.Events[0].Mode != "coinche" {
		t.Errorf("list: %+v", list.Events)
	}
}

// playRoom plays for user at a live table through the table API (no
// server): a random legal action whenever the user has one, "next" between
// deals, until the match is over.
func playRoom(t *testing.T, room table.Room, user string, seed uint64) {
	t.Helper()
	rnd := newRand(seed)
	sub, err := room.Subscribe(context.Background(), user, "")
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	deadline := time.After(60 * time.Second)
	for {
		var raw []byte
		select {
		case raw = <-sub.C():
		case <-deadline:
			t.Fatal("the table is not over after 60 s")
		}
		if raw == nil {
			t.Fatal("dropped by the table")
		}
		var m serverMsg
		if err := json.Unmarshal(raw, &m); err != nil || m.Type != "state" {
			continue
		}
		switch {
		case m.Table.Over:
			return
		case m.Table.DealOver:
			room.Next(context.Background(), user)
			continue
		}
		legal, seat := legalOf(m)
		if len(legal) == 0 {
			continue
		}
		s, _ := card.ParseSeat(seat)
		room.Act(context.Background(), user, s, legal[rnd.IntN(len(legal))], -1)
	}
}

// TestBeloteDuplicateRebuildFromGames: deals played while no server
// listened are found in the team's stored game when the event is next
// read.
func TestBeloteDuplicateRebuildFromGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "atout.db")
	env := openCompEnv(t, path)
	a := newClient(t, env.ts.URL)
	var ev struct{ ID string }
	a.do("POST", "/api/beloteduplicates", map[string]any{"name": "Offline", "deals": 2, "seed": 9, "level": "easy"}, &ev, 200)
	var ja struct{ Table string }
	a.do("POST", "/api/beloteduplicates/"+ev.ID+"/join", map[string]any{"team": "Solo"}, nil, 200)
	a.do("POST", "/api/beloteduplicates/"+ev.ID+"/start", map[string]any{}, nil, 200)
	a.do("POST", "/api/beloteduplicates/"+ev.ID+"/join", map[string]any{"team": "Solo"}, &ja, 200)
	env.close()

	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	hub := table.NewLocalHub(table.Config{Store: st, Logger: quiet()})
	room, err := hub.Get(context.Background(), ja.Table)
	if err != nil {
		t.Fatal(err)
	}
	playRoom(t, room, a.id, 4)
	hub.Shutdown(context.Background())
	st.Close()

	env3 := openCompEnv(t, path)
	got := a.on(env3.ts.URL).beld(ev.ID)
	if len(got.Standings) != 1 || got.Standings[0].Deals != 2 || got.Deals[0].Yours == nil || got.Deals[1].Yours == nil {
		t.Fatalf("after the rebuild: %+v", got)
	}
	rec, err := env3.st.LoadGame(context.Background(), ja.Table)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range rec.Deals {
		var line struct {
			Score *struct{ NS, EW int } `json:"score"`
		}
		json.Unmarshal(d.Result, &line)
		y := got.Deals[i].Yours
		if line.Score != nil && (y.Points != line.Score.NS || y.Against != line.Score.EW) {
			t.Errorf("deal %d: %+v, the table scored %+v", i+1, y, line.Score)
		}
	}
	results, err := env3.st.CompetitionResults(context.Background(), ev.ID)
	if err != nil || len(results) != 2 {
		t.Fatalf("%d results stored: %v", len(results), err)
	}
}
