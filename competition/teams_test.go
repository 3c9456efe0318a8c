package competition

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"atout/bridge"
	"atout/card"
	"atout/protocol"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// teamReq is a team match request: home and away players as named in the
// form ("" for a bot, "me" for the organiser, a nickname or an ID).
func teamReq(name string, boards int, seed uint64, home, away [4]string) TeamMatchRequest {
	return TeamMatchRequest{Name: name, Boards: boards, Seed: seed, Level: "easy",
		Home: TeamSide{Name: "Lions", Players: home}, Away: TeamSide{Name: "Tigers", Players: away}}
}

// createMatch creates a team match for org.
func (e *env) createMatch(org store.User, body TeamMatchRequest) string {
	e.t.Helper()
	out, err := e.s.CreateTeamMatch(context.Background(), e.caller(org), body)
	if err != nil {
		e.t.Fatalf("create team match: %v", err)
	}
	return out.ID
}

// rooms returns the fake rooms of match id, open and closed.
func (e *env) rooms(id string) [2]*fakeRoom {
	e.t.Helper()
	tables, err := e.s.TeamMatchTables(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	var out [2]*fakeRoom
	for i, tb := range tables {
		if out[i] = e.hub.room(tb); out[i] == nil {
			e.t.Fatalf("room %d of %s: table %q not opened by the hub", i, id, tb)
		}
	}
	return out
}

func (e *env) matchView(id string, u store.User) protocol.TeamMatch {
	e.t.Helper()
	v, err := e.s.TeamMatchView(context.Background(), id, u.ID)
	if err != nil {
		e.t.Fatalf("team match %s: %v", id, err)
	}
	return v
}

func (e *env) answer(u store.User, id string, accept bool) error {
	_, err := e.s.AnswerTeamMatch(context.Background(), e.caller(u), id, protocol.Answer{Accept: accept})
	return err
}

func TestTeamsCreateValidation(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, cam := e.user("org"), e.user("Camille")
	good := func() TeamMatchRequest { return teamReq("M", 4, 0, [4]string{"me"}, [4]string{}) }
	for _, tc := range []struct {
		edit   func(*TeamMatchRequest)
		want   string
		player string
	}{
		{func(b *TeamMatchRequest) { b.Name = " " }, "name", ""},
		{func(b *TeamMatchRequest) { b.Boards = 3 }, "boards=3: want 4 to 36", ""},
		{func(b *TeamMatchRequest) { b.Boards = 37 }, "boards=37", ""},
		{func(b *TeamMatchRequest) { b.Level = "godlike" }, "level", ""},
		{func(b *TeamMatchRequest) { b.Home.Name = "" }, "home.name", ""},
		{func(b *TeamMatchRequest) { b.Away.Name = "lions" }, "different names", ""},
		{func(b *TeamMatchRequest) { b.Away.Players = [4]string{"nobody-here"} }, `away.players[0]="nobody-here": no player`, "nobody-here"},
		{func(b *TeamMatchRequest) { b.Away.Players = [4]string{"", "", "me"} }, "already plays", ""},
		{func(b *TeamMatchRequest) { b.Away.Players = [4]string{"Camille", "", cam.ID} }, `away.players[2]="` + cam.ID + `": Camille already plays as away.players[0]`, ""},
		{func(b *TeamMatchRequest) { b.Away.Players = [4]string{"", org.ID} }, "already plays as home.players[0]", ""},
	} {
		b := good()
		tc.edit(&b)
		_, err := e.s.CreateTeamMatch(ctx, e.caller(org), b)
		var ie *InputError
		if !errors.As(err, &ie) || !strings.Contains(ie.Msg, tc.want) || ie.Player != tc.player {
			t.Errorf("%+v: error %v, want an input error with %q (player %q)", b, err, tc.want, tc.player)
		}
	}
	// A store failure while looking a player up is no input error.
	broken := e.caller(org)
	broken.Lookup = func(string) (store.User, error) { return store.User{}, errors.New("disk on fire") }
	if _, err := e.s.CreateTeamMatch(ctx, broken, good()); err == nil || errors.As(err, new(*InputError)) {
		t.Errorf("a failing lookup: %v", err)
	}
	prod := New(Config{Store: e.st, Hub: e.hub, Logger: quietLog()})
	_, err := prod.CreateTeamMatch(ctx, e.caller(org), teamReq("M", 4, 11, [4]string{}, [4]string{}))
	wantCode(t, "a seed in production", err, protocol.CodeBadRequest)
	limited := e.caller(org)
	limited.Allow = func() error { return protocol.Refuse(protocol.CodeLimited, "slow down") }
	_, err = e.s.CreateTeamMatch(ctx, limited, good())
	wantCode(t, "past the creation limit", err, protocol.CodeLimited)
	limited = e.caller(org)
	limited.Reserve = func() (func(), error) { return nil, protocol.Refuse(protocol.CodeLimited, "too many tables") }
	_, err = e.s.CreateTeamMatch(ctx, limited, good())
	wantCode(t, "past the table limit", err, protocol.CodeLimited)
	if list, _ := e.st.ListCompetitions(ctx, KindTeamMatch, 0); len(list) != 0 || e.hub.Len() != 0 {
		t.Fatalf("refused requests stored %d matches and opened %d tables", len(list), e.hub.Len())
	}

	// Players named by nickname or by ID; the organiser as "me".
	guest := e.user("guest")
	id := e.createMatch(org, teamReq("M", 4, 0, [4]string{"me", "Camille"}, [4]string{"", "bot", guest.ID}))
	home, away, err := e.s.TeamMatchPlayers(ctx, id)
	mustOK(t, "players", err)
	if home[0].User != org.ID || home[1].User != cam.ID || home[1].Name != "Camille" || home[2].User != "" || home[2].Name != botName {
		t.Errorf("home players %+v", home)
	}
	if away[2].User != guest.ID || away[1].User != "" {
		t.Errorf("away players %+v", away)
	}
	// Dealt from a secret kept in the store.
	comp, err := e.st.GetCompetition(ctx, id)
	mustOK(t, "stored match", err)
	var sp teamMatchSpec
	mustOK(t, "spec", json.Unmarshal(comp.Spec, &sp))
	sec, err := card.ParseSecret(sp.Secret)
	if err != nil || sp.Seed != 0 {
		t.Fatalf("spec %+v: want a secret, no seed", sp)
	}
	want := tournament.DealBoards(4, sec.Rand())
	if got := e.s.CachedTeamMatch(id).Boards; got[0].Deal != want[0].Deal || got[3].Deal != want[3].Deal {
		t.Error("the boards are not those of the match's secret")
	}
	for what, err := range map[string]error{
		"view":   func() error { _, err := e.s.TeamMatchView(ctx, "nope", ""); return err }(),
		"board":  func() error { _, err := e.s.TeamBoard(ctx, "nope", 1, ""); return err }(),
		"bad":    func() error { _, err := e.s.TeamMatchView(ctx, "Bad:Id", ""); return err }(),
		"answer": e.answer(org, "nope", true),
	} {
		wantCode(t, "unknown match: "+what, err, protocol.CodeNotFound)
	}
	// A belote duplicate is not a team match, nor a tournament one.
	bd, err := e.s.CreateBeloteDuplicate(ctx, e.caller(org), BeloteDuplicateRequest{Name: "B", Deals: 1})
	mustOK(t, "belote duplicate", err)
	_, err = e.s.TeamMatchView(ctx, bd.ID, "")
	wantCode(t, "a belote duplicate read as a team match", err, protocol.CodeNotFound)
	_, err = e.s.TournamentView(ctx, id, "")
	wantCode(t, "a team match read as a tournament", err, protocol.CodeNotFound)
	list, err := e.s.ListTeamMatches(ctx)
	if err != nil || len(list.Matches) != 1 || list.Matches[0].Home != "Lions" || list.Matches[0].Away != "Tigers" || list.Matches[0].Boards != 4 {
		t.Errorf("list %+v, %v", list, err)
	}
}

// TestTeamsBotsOnly: a match of bots (and its organiser) opens its two
// rooms at once, each with the boards in order and the teams seated as
// the rooms want.
func TestTeamsBotsOnly(t *testing.T) {
	e := newEnv(t)
	org := e.user("org")
	id := e.createMatch(org, teamReq("Friday", 4, 11, [4]string{"", "me"}, [4]string{}))
	rooms := e.rooms(id)
	m := e.s.CachedTeamMatch(id)
	for i, r := range rooms {
		set := r.settings
		if set.Tournament.String() != id+":"+teamRooms[i] || len(set.Deals) != 4 || set.Deals[2] != m.Boards[2].Deal.String() ||
			set.Level != "easy" || set.Scoring != "duplicate" || r.createdBy != org.ID {
			t.Errorf("room %s: %+v", teamRooms[i], set)
		}
	}
	// The organiser plays South in the open room (home player 1), no one
	// else is human.
	if rooms[0].players[card.South].ID != org.ID || rooms[0].players[card.North].ID != "" || rooms[1].players != [4]table.Player{} {
		t.Errorf("seats: open %+v, closed %+v", rooms[0].players, rooms[1].players)
	}
	v := e.matchView(id, org)
	if v.You == nil || v.You.Room != "open" || v.You.Seat != "S" || v.You.Table != rooms[0].id || len(v.Match.Waiting) != 0 {
		t.Errorf("the organiser's place %+v, head %+v", v.You, v.Match)
	}
	if v.Rooms[0].Table == nil || v.Rooms[1].Table != nil {
		t.Errorf("a player sees the rooms %+v", v.Rooms)
	}
	if v.Rooms[0].NS != "Lions" || v.Rooms[1].NS != "Tigers" || v.Rooms[0].Seats[2] != "org" {
		t.Errorf("rooms %+v", v.Rooms)
	}
	if k := e.matchView(id, store.User{}); k.You != nil || k.Rooms[0].Table == nil || k.Rooms[1].Table == nil {
		t.Errorf("a kibitzer's view: %+v %+v", k.You, k.Rooms)
	}
}

// TestTeamsInvitations: named players are invited; nothing opens before
// every one accepts; a refusal calls the match off.
func TestTeamsInvitations(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, p, q, r := e.user("org"), e.user("pat"), e.user("quinn"), e.user("rob")
	id := e.createMatch(org, teamReq("Consent", 4, 5, [4]string{"me", "", p.ID}, [4]string{"quinn"}))
	if tables, _ := e.s.TeamMatchTables(ctx, id); tables != [2]string{} || e.hub.Len() != 0 {
		t.Fatalf("rooms opened before the invited players accepted: %v", tables)
	}
	v := e.matchView(id, p)
	if !v.Match.Invited || len(v.Match.Waiting) != 2 || v.Match.Waiting[0] != "pat" || v.Match.Declined != "" {
		t.Fatalf("the invited player's view: %+v", v.Match)
	}
	if v := e.matchView(id, org); v.Match.Invited {
		t.Errorf("the organiser is invited: %+v", v.Match)
	}
	inv, err := e.s.Invitations(ctx, p.ID)
	if err != nil || len(inv.Invitations) != 1 || inv.Invitations[0] != (protocol.Invitation{Kind: KindTeamMatch, ID: id, Name: "Consent", By: "org"}) {
		t.Fatalf("p's invitations: %+v, %v", inv, err)
	}
	for _, u := range []store.User{org, r, {}} {
		if inv, err := e.s.Invitations(ctx, u.ID); err != nil || len(inv.Invitations) != 0 {
			t.Errorf("%q's invitations: %+v, %v", u.Username, inv, err)
		}
	}
	wantCode(t, "the organiser answers", e.answer(org, id, true), protocol.CodeBadRequest)
	wantCode(t, "a stranger answers", e.answer(r, id, true), protocol.CodeBadRequest)
	mustOK(t, "p accepts", e.answer(p, id, true))
	wantCode(t, "p answers again", e.answer(p, id, false), protocol.CodeConflict)
	if e.hub.Len() != 0 {
		t.Fatal("rooms opened with quinn still to answer")
	}
	// Another node reads the answers from the store.
	s2 := e.service(newFakeHub(e.st))
	v2, err := s2.TeamMatchView(ctx, id, q.ID)
	if err != nil || !v2.Match.Invited || len(v2.Match.Waiting) != 1 || v2.Match.Waiting[0] != "quinn" {
		t.Fatalf("node two's view for quinn: %+v, %v", v2.Match, err)
	}
	mustOK(t, "quinn accepts", e.answer(q, id, true))
	rooms := e.rooms(id)
	// Open room: the home team's first pair North-South; closed room:
	// its second pair East-West.
	if rooms[0].players != [4]table.Player{card.North: {ID: org.ID}, card.East: {ID: q.ID}} ||
		rooms[1].players != [4]table.Player{card.East: {ID: p.ID}} {
		t.Errorf("room seats: open %+v, closed %+v", rooms[0].players, rooms[1].players)
	}
	if inv, _ := e.s.Invitations(ctx, q.ID); len(inv.Invitations) != 0 {
		t.Errorf("an accepted invitation is listed: %+v", inv)
	}
	// Node two, with a copy from before the rooms opened, would open them
	// too (both took the last answer): the store's entries settle it, its
	// tables are dropped.
	mt, err := s2.teamMatch(ctx, id)
	mustOK(t, "node two's match", err)
	hub2 := s2.hub.(*fakeHub)
	mustOK(t, "node two opens the rooms late", s2.openRooms(ctx, mt, org.ID))
	if len(hub2.dropped) != 1 || hub2.dropped[0] != hub2.opened()[0].id {
		t.Errorf("node two dropped %v of %d tables opened", hub2.dropped, len(hub2.opened()))
	}
	if g, err := e.st.GetGame(ctx, hub2.opened()[0].id); err != nil || g.Status != store.StatusFinished {
		t.Errorf("node two's extra table: %+v, %v; want it finished", g, err)
	}
	if tables, _ := e.s.TeamMatchTables(ctx, id); tables[0] != rooms[0].id {
		t.Errorf("the rooms changed: %v", tables)
	}

	// A refusal calls the match off.
	id2 := e.createMatch(org, teamReq("Conscript", 4, 6, [4]string{"me", "", p.ID}, [4]string{}))
	mustOK(t, "p declines", e.answer(p, id2, false))
	wantCode(t, "p answers again", e.answer(p, id2, true), protocol.CodeConflict)
	if v := e.matchView(id2, org); v.Match.Declined != "pat" || len(v.Match.Waiting) != 0 {
		t.Errorf("the match is not called off: %+v", v.Match)
	}
	if tables, _ := e.s.TeamMatchTables(ctx, id2); tables != [2]string{} {
		t.Fatal("rooms opened after a refusal")
	}
	if inv, _ := e.s.Invitations(ctx, p.ID); len(inv.Invitations) != 0 {
		t.Errorf("an answered invitation is still listed: %+v", inv)
	}
	// Two invited, one accepts and the other declines: still called off,
	// and the acceptance opens nothing.
	id3 := e.createMatch(org, teamReq("Split", 4, 7, [4]string{p.ID}, [4]string{q.ID}))
	mustOK(t, "q declines", e.answer(q, id3, false))
	mustOK(t, "p accepts", e.answer(p, id3, true))
	if tables, _ := e.s.TeamMatchTables(ctx, id3); tables != [2]string{} {
		t.Fatal("rooms opened after a refusal and an acceptance")
	}
}

// finishRoom reports boards from..to of a room, the contract of board n
// given by res(n).
func finishRoom(t *testing.T, r *fakeRoom, from, to int, stored bool, res func(n int) (bridge.Contract, card.Seat, int)) {
	t.Helper()
	for n := from; n <= to; n++ {
		c, decl, tricks := res(n)
		r.finishBoard(t, n, c, decl, tricks, stored)
	}
}

// openRes and closedRes are the rooms' results in the tests: the open
// room makes 4S by South with an overtrick on odd boards; the closed room
// makes 3NT by East, or passes board 2.
func openRes(n int) (bridge.Contract, card.Seat, int) {
	return contract(4, bridge.StrainSpades), card.South, 10 + n%2
}

func closedRes(n int) (bridge.Contract, card.Seat, int) {
	if n == 2 {
		return bridge.PassedOut, 0, 0
	}
	return contract(3, bridge.NoTrump), card.East, 9
}

// TestTeamsResultsAndVisibility: each room's boards are recorded, scored in
// IMPs once both rooms have played them, and shown to a player once his
// room has played them, to anybody else once both have.
func TestTeamsResultsAndVisibility(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, p := e.user("org"), e.user("pat")
	id := e.createMatch(org, teamReq("Friday match", 4, 11, [4]string{p.ID, "bot"}, [4]string{}))
	mustOK(t, "accept", e.answer(p, id, true))
	rooms := e.rooms(id)
	finishRoom(t, rooms[1], 1, 4, false, closedRes)
	vp := e.matchView(id, p)
	if vp.You == nil || vp.You.Room != "open" || vp.You.Seat != "N" || vp.You.Table != rooms[0].id {
		t.Fatalf("p's place: %+v", vp.You)
	}
	if vp.Rooms[1].Table != nil || vp.Rooms[1].Played != 4 || vp.Rooms[0].Played != 0 {
		t.Errorf("p's rooms %+v", vp.Rooms)
	}
	for _, u := range []store.User{p, org, {}} {
		for _, b := range e.matchView(id, u).Boards {
			if b.Visible || b.Open != nil || b.Closed != nil || b.Complete || b.IMPs != 0 {
				t.Errorf("%q sees board %d before the open room played it: %+v", u.Username, b.Board, b)
			}
		}
		_, err := e.s.TeamBoard(ctx, id, 1, u.ID)
		wantCode(t, "board 1 before the open room played it", err, protocol.CodeNotPlayed)
	}
	// A forged report for the open room (a table that is not the room's)
	// is refused.
	forged, err := e.hub.Create(ctx, table.Settings{Game: "bridge", Tournament: table.ParseCompetition(id + ":open"), Deals: rooms[0].settings.Deals}, table.Player{ID: p.ID})
	mustOK(t, "forged table", err)
	e.hub.room(forged.ID()).finishBoard(t, 1, contract(7, bridge.NoTrump), card.North, 13, false)

	rooms[0].finishBoard(t, 1, contract(4, bridge.StrainSpades), card.South, 11, false)
	e.s.Wait()
	check := func(v protocol.TeamMatch, complete int) {
		t.Helper()
		home, away := 0, 0
		for i, b := range v.Boards {
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
			if b.IMPs != want || want == 0 {
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
		if v.Score.Home != home || v.Score.Away != away || v.Score.Complete != complete {
			t.Errorf("score %+v, want %d-%d over %d boards", v.Score, home, away, complete)
		}
	}
	check(e.matchView(id, p), 1)
	check(e.matchView(id, org), 1)
	b1, err := e.s.TeamBoard(ctx, id, 1, p.ID)
	mustOK(t, "board 1", err)
	if b1.Deal != rooms[0].settings.Deals[0] || b1.Open == nil || b1.Open.Result != "+1" || b1.Closed == nil || b1.Closed.Declarer != "E" ||
		b1.IMPs == nil || *b1.IMPs != bridge.IMPs(450-(-400)) {
		t.Errorf("board 1: %+v", b1)
	}
	_, err = e.s.TeamBoard(ctx, id, 2, p.ID)
	wantCode(t, "board 2 before playing it", err, protocol.CodeNotPlayed)
	_, err = e.s.TeamBoard(ctx, id, 9, p.ID)
	wantCode(t, "board 9", err, protocol.CodeNotFound)
	// Stored: one result per room and board, and p's answer.
	rs, err := e.st.CompetitionResults(ctx, id)
	if err != nil || len(rs) != 6 {
		t.Fatalf("%d results stored (%v), want 6", len(rs), err)
	}

	// The rest of the open room: board 2 passed out in the closed room.
	finishRoom(t, rooms[0], 2, 4, false, openRes)
	e.s.Wait()
	v := e.matchView(id, store.User{})
	check(v, 4)
	if !v.Match.Over || v.Boards[1].Closed == nil || v.Boards[1].Closed.Contract != "Pass" || v.Boards[1].Closed.Result != "" {
		t.Errorf("the match over: %+v", v)
	}
	b2, err := e.s.TeamBoard(ctx, id, 2, "")
	if err != nil || b2.Closed.Contract != "Pass" || *b2.IMPs != bridge.IMPs(b2.Open.ScoreNS) {
		t.Errorf("board 2: %+v, %v", b2, err)
	}
}

// TestTeamsCreateUndone: when a room's table cannot be opened, the match is
// taken back whole: no competition left, the open room's table dropped and
// closed in the store, nothing cached; the next attempt makes a sound
// match.
func TestTeamsCreateUndone(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org := e.user("org")
	e.hub.failAt = 2
	body := teamReq("Doomed", 4, 5, [4]string{}, [4]string{})
	_, err := e.s.CreateTeamMatch(ctx, e.caller(org), body)
	if err == nil || protocol.CodeOf(err) != protocol.CodeInternal || !strings.Contains(err.Error(), "closed room") || !strings.Contains(err.Error(), "not created") {
		t.Fatalf("error %v: want one saying the closed room failed and the match was not created", err)
	}
	if list, err := e.st.ListCompetitions(ctx, KindTeamMatch, 0); err != nil || len(list) != 0 {
		t.Fatalf("competitions left after the failure: %+v, %v", list, err)
	}
	if ms, _ := e.s.ListTeamMatches(ctx); len(ms.Matches) != 0 {
		t.Errorf("the list shows %+v", ms.Matches)
	}
	opened := e.hub.opened()
	if len(opened) != 1 || len(e.hub.dropped) != 1 || e.hub.dropped[0] != opened[0].id {
		t.Fatalf("%d tables opened, %v dropped: want the open room's opened and dropped", len(opened), e.hub.dropped)
	}
	if g, err := e.st.GetGame(ctx, opened[0].id); err != nil || g.Status != store.StatusFinished {
		t.Errorf("the open room's game: %+v, %v; want it finished", g, err)
	}
	if _, err := e.st.CompetitionByGame(ctx, opened[0].id); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an entry still points at the open room's table: %v", err)
	}
	if n := e.s.Cached(); n != 0 {
		t.Errorf("%d matches left in the cache", n)
	}
	// A refusal of the hub (a table error with a code of its own) is
	// returned as it is.
	e.hub.failAt, e.hub.calls = 1, 0
	e.hub.failWith = &table.Error{Code: table.CodeBusy, Msg: "the hub is full"}
	_, err = e.s.CreateTeamMatch(ctx, e.caller(org), body)
	wantCode(t, "a busy hub", err, protocol.CodeBusy)
	// A hub that seats nobody at a new table opens no room.
	bare := e.service(bareHub{e.hub})
	_, err = bare.CreateTeamMatch(ctx, e.caller(org), body)
	if err == nil || !strings.Contains(err.Error(), "not created") {
		t.Errorf("a hub that cannot seat players: %v", err)
	}

	e.hub.failAt, e.hub.failWith = 0, nil
	id := e.createMatch(org, body)
	if tables, err := e.s.TeamMatchTables(ctx, id); err != nil || tables[0] == "" || tables[1] == "" {
		t.Fatalf("the second attempt: %+v, %v", tables, err)
	}
}

// TestTeamsRestartMidMatch: a node restarts in the middle of a match; the
// new node has every result, those reported and those that ended at the
// tables while nobody listened (in the rooms' stored games), and the
// rooms go on reporting.
func TestTeamsRestartMidMatch(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org := e.user("org")
	id := e.createMatch(org, teamReq("Ghost match", 4, 9, [4]string{}, [4]string{}))
	rooms := e.rooms(id)
	finishRoom(t, rooms[1], 1, 2, true, closedRes)
	finishRoom(t, rooms[0], 1, 1, true, openRes)
	e.s.Wait()
	before := e.matchView(id, org)
	// Boards that end while the node is down are only in the games.
	for n := 2; n <= 4; n++ {
		c, d, tr := openRes(n)
		storeBridgeDeal(t, e.st, rooms[0].id, n, n, c, d, tr)
	}
	c, d, tr := closedRes(3)
	storeBridgeDeal(t, e.st, rooms[1].id, 3, 3, c, d, tr)
	e.restart()
	after := e.matchView(id, org)
	if after.Score.Complete != 3 || after.Rooms[0].Played != 4 || after.Rooms[1].Played != 3 || after.Match.Over {
		t.Fatalf("after the restart: score %+v, rooms %+v", after.Score, after.Rooms)
	}
	b, _ := json.Marshal(before.Boards[0])
	a, _ := json.Marshal(after.Boards[0])
	if string(a) != string(b) || !after.Boards[0].Complete {
		t.Errorf("board 1 after the restart: %s, before: %s", a, b)
	}
	rs, err := e.st.CompetitionResults(ctx, id)
	if err != nil || len(rs) != 7 {
		t.Fatalf("%d results stored (%v), want the 7 boards played", len(rs), err)
	}
	// The closed room's table, resumed, reports its last board to the new
	// node, which finds the room in the store.
	rooms[1].hub = e.hub
	rooms[1].finishBoard(t, 4, contract(3, bridge.NoTrump), card.East, 8, true)
	e.s.Wait()
	if v := e.matchView(id, org); !v.Match.Over || v.Score.Complete != 4 {
		t.Errorf("after the last board: %+v", v.Score)
	}
	// Another node reads the whole match the same.
	s2 := e.service(newFakeHub(e.st))
	v2, err := s2.TeamMatchView(ctx, id, org.ID)
	mustOK(t, "node two", err)
	if v2.Score != e.matchView(id, org).Score {
		t.Errorf("node two's score %+v", v2.Score)
	}
}

// TestTeamsWatchAndRead: a kibitzer may watch a room, a player of the match
// only his own table (not through the service); a finished room's table
// is read by others once every board on it is shown to them.
func TestTeamsWatchAndRead(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, p, k := e.user("org"), e.user("pat"), e.user("kib")
	id := e.createMatch(org, teamReq("Watched", 4, 3, [4]string{"me"}, [4]string{p.ID}))
	mustOK(t, "accept", e.answer(p, id, true))
	rooms := e.rooms(id)
	for _, r := range rooms {
		if err := e.s.MayWatch(ctx, r.id, r.settings.Tournament, k.ID); err != nil {
			t.Errorf("a kibitzer may not watch room %s: %v", r.id, err)
		}
		for _, u := range []store.User{org, p} {
			if err := e.s.MayWatch(ctx, r.id, r.settings.Tournament, u.ID); table.CodeOf(err) != table.CodeForbidden {
				t.Errorf("a player watches room %s: %v", r.id, err)
			}
		}
	}
	finishRoom(t, rooms[1], 1, 4, false, closedRes)
	finishRoom(t, rooms[0], 1, 3, false, openRes)
	// The closed room is finished; board 4 is not shown to a kibitzer yet.
	if err := e.s.MayRead(ctx, rooms[1].id, rooms[1].settings.Tournament, k.ID); table.CodeOf(err) != table.CodeForbidden {
		t.Errorf("a kibitzer reads the closed room before board 4 is complete: %v", err)
	}
	if err := e.s.MayRead(ctx, rooms[1].id, rooms[1].settings.Tournament, p.ID); table.CodeOf(err) != table.CodeForbidden {
		t.Errorf("a player of the open room reads the closed room before his room played board 4: %v", err)
	}
	rooms[0].finishBoard(t, 4, contract(4, bridge.StrainSpades), card.South, 10, false)
	for _, u := range []store.User{k, p, {}} {
		if err := e.s.MayRead(ctx, rooms[1].id, rooms[1].settings.Tournament, u.ID); err != nil {
			t.Errorf("%q may not read a finished match: %v", u.Username, err)
		}
	}
	// A table of no competition (any more): nothing to hide.
	if err := e.s.MayRead(ctx, "zzzz", table.Competition{ID: "gone"}, k.ID); err != nil {
		t.Errorf("a table of no competition: %v", err)
	}
	if err := e.s.MayWatch(ctx, "zzzz", table.Competition{ID: "gone"}, k.ID); table.CodeOf(err) != table.CodeForbidden {
		t.Errorf("watching a table of no competition: %v", err)
	}
}
