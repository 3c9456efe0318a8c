package server

// Issue 33's findings, replayed through the public API: each test fails on
// the code before the fix (the routes, the sealing and the invitations did
// not exist, or the deal leaked).

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"atout/bot/bidding/explain"
	"atout/protocol"
	"atout/table"
	"atout/tournament"
)

// sheetLines returns the number of results on a table's score sheet (as
// decoded from JSON).
func sheetLines(sheet protocol.Sheet) int {
	switch {
	case sheet.Bridge != nil:
		return len(sheet.Bridge.Lines)
	case sheet.Belote != nil:
		return len(sheet.Belote.Lines)
	}
	return 0
}

// noCardsIn fails if a state message shows a hand or a deal.
func noCardsIn(t *testing.T, what string, m serverMsg) {
	t.Helper()
	if len(m.View) == 0 || string(m.View) == "null" {
		return
	}
	var v struct {
		Hands map[string]json.RawMessage `json:"hands"`
		Deal  json.RawMessage            `json:"deal"`
	}
	json.Unmarshal(m.View, &v)
	if len(v.Deal) > 0 || len(v.Hands) > 0 {
		t.Fatalf("%s: a sealed board's cards were sent: %s", what, m.View)
	}
}

// Finding 1: once every registered team had played a belote deal, anybody
// could read it, and joining was never closed: read deal 1, join as a new
// team, play deal 1 knowing all 32 cards.
func TestSealedBeloteDuplicateEntriesClose(t *testing.T) {
	env := openCompEnv(t, filepath.Join(t.TempDir(), "atout.db"))
	org, a, b, late := newClient(t, env.ts.URL), newClient(t, env.ts.URL), newClient(t, env.ts.URL), newClient(t, env.ts.URL)
	var ev struct{ ID string }
	org.do("POST", "/api/beloteduplicates", map[string]any{"name": "Sealed", "deals": 2, "level": "easy"}, &ev, 200)
	id := ev.ID
	// Nothing to start before a team has registered.
	org.do("POST", "/api/beloteduplicates/"+id+"/start", map[string]any{}, nil, 400)
	var ref struct{ Table string }
	a.do("POST", "/api/beloteduplicates/"+id+"/join", map[string]any{"team": "Aces"}, &ref, 200)
	if ref.Table != "" {
		t.Fatal("a table dealt before the event started")
	}
	b.do("POST", "/api/beloteduplicates/"+id+"/join", map[string]any{"team": "Kings"}, nil, 200)
	// Only the organiser starts it.
	a.do("POST", "/api/beloteduplicates/"+id+"/start", map[string]any{}, nil, 400)
	if !org.beld(id).Event.Open {
		t.Fatal("the event closed before its start")
	}
	tables := org.startBeld(id, a, b)
	if v := org.beld(id); v.Event.Open {
		t.Fatal("the event still takes teams after its start")
	}
	for i, c := range []*client{a, b} {
		team := []string{"Aces", "Kings"}[i]
		if err := drive(c, tables[i], uint64(i+1), 60*time.Second, func() bool { return teamPlayed(env.srv, id, team) >= 1 }); err != nil {
			t.Fatal(err)
		}
	}
	// Every team has played deal 1: the outsider reads it...
	if code, _ := late.get("/api/beloteduplicates/" + id + "/deals/1"); code != 200 {
		t.Fatalf("deal 1 played by every team of a closed event: %d", code)
	}
	// ...and cannot enter to play it.
	var e struct{ Error struct{ Code string } }
	late.do("POST", "/api/beloteduplicates/"+id+"/join", map[string]any{"team": "Cheats"}, &e, http.StatusConflict)
	if e.Error.Code != "over" {
		t.Errorf("a late join: code %q, want over", e.Error.Code)
	}
	if n := len(org.beld(id).Teams); n != 2 {
		t.Errorf("%d teams after the late join, want 2", n)
	}
}

// Finding 2: an onlooker of the closed room's table saw all 52 cards at
// the end of a board the open room had not played yet.
func TestSealedTeamMatchOnlooker(t *testing.T) {
	env := openCompEnv(t, filepath.Join(t.TempDir(), "atout.db"), func(c *table.Config) { c.Games["bridge"] = explain.New().Abilities(c.Games["bridge"]) })
	org, p, onlooker := newClient(t, env.ts.URL), newClient(t, env.ts.URL), newClient(t, env.ts.URL)
	var created struct{ ID string }
	org.do("POST", "/api/teammatches", map[string]any{"name": "Sealed", "boards": 4, "level": "easy",
		"home": map[string]any{"name": "Lions", "players": []string{p.id, "", "", ""}},
		"away": map[string]any{"name": "Tigers", "players": []string{"", "", "", ""}}}, &created, 200)
	id := created.ID
	p.accept(id)
	rooms := onlooker.teamMatch(id).Rooms
	closed := rooms[1].Table
	if closed == "" {
		t.Fatal("no closed room table")
	}
	// The closed room's bots may play all four boards before the
	// onlooker dials (passed-out boards take no time): a finished table
	// is refused to whoever may not see every board on it, which the
	// REST read below checks. Any other refusal fails.
	w, err := dialErr(onlooker, closed)
	if err != nil {
		if !roomPlayed(env.srv, id, tournament.ClosedRoom, 4) {
			t.Fatalf("the onlooker's WebSocket before the closed room finished: %v", err)
		}
		t.Logf("the closed room finished before the onlooker dialled: %v", err)
	}
	defer func() {
		if w != nil {
			w.close()
		}
	}()
	frames := 0
	deadline := time.Now().Add(60 * time.Second)
	// At least one frame is read even when the bots have already played
	// two boards (two passed-out boards take no time): the table's state
	// on joining is checked like any other.
	for w != nil && (frames == 0 || !roomPlayed(env.srv, id, tournament.ClosedRoom, 2)) {
		if time.Now().After(deadline) {
			if frames == 0 {
				t.Fatal("the onlooker got no state")
			}
			t.Fatal("the closed room did not play two boards")
		}
		m, ok := w.read(2 * time.Second)
		if !ok {
			w.close()
			if w, err = dialErr(onlooker, closed); err != nil {
				if !roomPlayed(env.srv, id, tournament.ClosedRoom, 4) {
					t.Fatalf("the onlooker's WebSocket before the closed room finished: %v", err)
				}
				w = nil
			}
			continue
		}
		if m.Type != "state" && m.Type != "analysis" {
			continue
		}
		frames++
		if m.Type == "analysis" {
			t.Fatalf("the onlooker got the analysis of a board the open room has not played: %s", m.Raw)
		}
		noCardsIn(t, "the closed room's onlooker", m)
		var ex struct {
			Explanations json.RawMessage `json:"explanations"`
		}
		json.Unmarshal(m.Raw, &ex)
		if len(ex.Explanations) > 0 && string(ex.Explanations) != "null" {
			t.Fatalf("the onlooker got the meanings of the auction of a sealed board: %s", ex.Explanations)
		}
		if !m.Table.Sealed || sheetLines(m.Table.Sheet) > 0 {
			t.Fatalf("the onlooker's table info: sealed %v, sheet %v", m.Table.Sealed, m.Table.Sheet)
		}
	}
	// The REST reads agree.
	if code, _ := onlooker.get("/api/teammatches/" + id + "/boards/1"); code != 403 {
		t.Errorf("board 1 read by an onlooker before the open room played it: %d", code)
	}
	// The table's info: sealed while the closed room plays, and refused
	// whole once it has played its four boards (a finished table is read
	// only by those who may see every board on it), which its bots may do
	// before this read.
	code, body := onlooker.get("/api/tables/" + closed)
	switch {
	case code == 200:
		var info protocol.TableInfo
		if err := json.Unmarshal([]byte(body), &info); err != nil {
			t.Fatal(err)
		}
		if sheetLines(info.Sheet) > 0 || !info.Sealed {
			t.Errorf("the closed room's info for an onlooker: sealed %v, sheet %v", info.Sealed, info.Sheet)
		}
	case code == 403 && roomPlayed(env.srv, id, tournament.ClosedRoom, 4):
	default:
		t.Errorf("GET /api/tables/%s by an onlooker: %d %s", closed, code, body)
	}
}

// Finding 3: a guest played board 1 of a tournament in seconds, then read
// the whole deal and handed it to a real account before it played.
func TestSealedTournamentGuest(t *testing.T) {
	env, clk := tourEnv(t)
	org, guest := newClient(t, env.ts.URL), newClient(t, env.ts.URL)
	id := org.createTournament(map[string]any{"name": "Daily-like", "boards": 8, "hours": 24})
	tbl := playTournamentBoard(t, env, guest, id, 1)
	b1, _ := tourOf(t, env, id).Board(1)
	hands := strings.Split(strings.TrimPrefix(b1.Deal.String(), "N:"), " ")
	for _, path := range []string{
		"/api/tournaments/" + id + "/boards/1",
		"/api/tournaments/" + id + "/records",
		"/api/games/" + tbl,
		"/api/games/" + tbl + "/export",
		"/api/games/" + tbl + "/export?format=lin",
	} {
		code, body := guest.get(path)
		for _, hd := range hands {
			if code == 200 && strings.Contains(body, hd) {
				t.Errorf("%s: %d, shows a hand of board 1 (%s) during the tournament", path, code, hd)
			}
		}
		if strings.Contains(path, "/tournaments/") && code != http.StatusForbidden {
			t.Errorf("%s: %d during the tournament, want 403", path, code)
		}
	}
	// The table itself: at the end of board 1 nothing beyond what play
	// showed (the states replayed on a new connection).
	w := guest.dial(tbl)
	m := w.mustRead()
	w.close()
	var v struct {
		Board int             `json:"board"`
		Deal  json.RawMessage `json:"deal"`
	}
	json.Unmarshal(m.View, &v)
	if v.Board == 1 && len(v.Deal) > 0 {
		t.Errorf("the table shows the deal of board 1 during the tournament: %s", m.View)
	}
	// After the end, everybody (the guest too) sees it.
	clk.add(25 * time.Hour)
	if code, body := guest.get("/api/tournaments/" + id + "/boards/1"); code != 200 || !strings.Contains(body, b1.Deal.String()) {
		t.Errorf("board 1 after the end: %d", code)
	}
}

// Finding 5: a team match or a belote duplicate could name any user as a
// player or partner; he found himself in it.
func TestSealedConsent(t *testing.T) {
	env := openCompEnv(t, filepath.Join(t.TempDir(), "atout.db"))
	org, victim := newClient(t, env.ts.URL), newClient(t, env.ts.URL)
	var created struct{ ID string }
	org.do("POST", "/api/teammatches", map[string]any{"name": "Conscript", "boards": 4, "level": "easy",
		"home": map[string]any{"name": "Lions", "players": []string{"me", "", victim.id, ""}},
		"away": map[string]any{"name": "Tigers", "players": []string{"", "", "", ""}}}, &created, 200)
	id := created.ID
	// Nothing plays in his name: no room is open, nothing is played.
	if tables, err := env.srv.comps.TeamMatchTables(t.Context(), id); err != nil || tables[0] != "" || tables[1] != "" {
		t.Fatalf("rooms opened before the invited player accepted: %v %v", tables, err)
	}
	var mv struct {
		Match struct {
			Waiting  []string
			Invited  bool
			Declined string
		}
		You *struct{ Table string }
	}
	victim.do("GET", "/api/teammatches/"+id, nil, &mv, 200)
	if !mv.Match.Invited || len(mv.Match.Waiting) != 1 {
		t.Fatalf("the invited player's view: %+v", mv.Match)
	}
	var inv protocol.Invitations
	victim.do("GET", "/api/invitations", nil, &inv, 200)
	if len(inv.Invitations) != 1 || inv.Invitations[0].ID != id || inv.Invitations[0].Kind != "teammatch" {
		t.Fatalf("the victim's invitations: %+v", inv)
	}
	org.do("POST", "/api/teammatches/"+id+"/answer", map[string]any{"accept": true}, nil, 400) // not his to answer
	victim.do("POST", "/api/teammatches/"+id+"/answer", map[string]any{"accept": false}, nil, 200)
	victim.do("POST", "/api/teammatches/"+id+"/answer", map[string]any{"accept": true}, nil, 409) // the first answer stands
	org.do("GET", "/api/teammatches/"+id, nil, &mv, 200)
	if mv.Match.Declined == "" {
		t.Errorf("the match is not called off: %+v", mv.Match)
	}
	if tables, _ := env.srv.comps.TeamMatchTables(t.Context(), id); tables[0] != "" || tables[1] != "" {
		t.Fatal("rooms opened after a refusal")
	}
	victim.do("GET", "/api/invitations", nil, &inv, 200)
	if len(inv.Invitations) != 0 {
		t.Errorf("an answered invitation is still listed: %+v", inv)
	}

	// A belote partner: not in the team until he accepts; at the start a
	// bot takes the seat he never accepted.
	var ev struct{ ID string }
	org.do("POST", "/api/beloteduplicates", map[string]any{"name": "Partner", "deals": 1, "level": "easy"}, &ev, 200)
	org.do("POST", "/api/beloteduplicates/"+ev.ID+"/join", map[string]any{"team": "Pair", "partner": victim.id}, nil, 200)
	vb := victim.beld(ev.ID)
	if vb.You == nil || !vb.You.Invited || vb.You.Table != "" {
		t.Fatalf("the named partner's view: %+v", vb.You)
	}
	tables := org.startBeld(ev.ID, org)
	var info protocol.TableInfo
	org.do("GET", "/api/tables/"+tables[0], nil, &info, 200)
	if info.Seats[0].Human || !info.Seats[2].Human {
		t.Errorf("the team's table seats %+v: the partner who never accepted sits North", info.Seats)
	}
	victim.do("POST", "/api/beloteduplicates/"+ev.ID+"/answer", map[string]any{"accept": true}, nil, http.StatusConflict)
}

// Finding 9: the uploader of a PBN tournament could play it and rank.
func TestSealedPBNUploaderOutOfCompetition(t *testing.T) {
	env, _ := tourEnv(t)
	up, other := newClient(t, env.ts.URL), newClient(t, env.ts.URL)
	var out struct{ ID string }
	up.do("POST", "/api/tournaments", map[string]any{"name": "Imported", "pbn": pbnOf(importBoards(), 0)}, &out, 200)
	first := importBoards()[0].Number
	playTournamentBoard(t, env, up, out.ID, first)
	playTournamentBoard(t, env, other, out.ID, first)
	var info struct{ Standings []protocol.Standing }
	other.do("GET", "/api/tournaments/"+out.ID, nil, &info, 200)
	if len(info.Standings) != 2 {
		t.Fatalf("standings %+v", info.Standings)
	}
	for _, r := range info.Standings {
		if r.Name == "" {
			continue
		}
		if r.You && (r.OutOfCompetition || r.Rank != 1) {
			t.Errorf("the other player's row %+v: want rank 1", r)
		}
		if !r.You && (!r.OutOfCompetition || r.Rank != 0) {
			t.Errorf("the uploader's row %+v: want out of competition", r)
		}
	}
}
