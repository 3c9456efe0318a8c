package competition

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"atout/bridge"
	"atout/card"
	"atout/protocol"
	"atout/store"
	"atout/table"
)

// judgeCase is a question to the judge and its answer.
type judgeCase struct {
	what   string
	q      table.SealQuery
	answer bool
}

// judge asks each case through the hub (the judge the service registered)
// and through a node that holds nothing in memory (it reads the store).
func judge(t *testing.T, e *env, when string, cases []judgeCase) {
	t.Helper()
	e.s.Wait() // the results reported, stored
	cold := e.service(newFakeHub(e.st))
	for _, tc := range cases {
		if got := e.hub.ask(tc.q); got != tc.answer {
			t.Errorf("%s, %s: the judge says %v, want %v (%+v)", when, tc.what, got, tc.answer, tc.q)
		}
		if got := cold.Judge(tc.q); got != tc.answer {
			t.Errorf("%s, %s: a node reading the store says %v, want %v", when, tc.what, got, tc.answer)
		}
	}
}

// TestSealTournament: a tournament's boards are shown to nobody during its
// window, not even at the player's own table; to everybody after it.
func TestSealTournament(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a, b := e.user("ann"), e.user("bob")
	id := e.createTour(a, TournamentRequest{Name: "Sealed", Boards: 8, Seed: 2, Hours: 1})
	ra := e.play(a, id)
	ra.finishBoard(t, 1, contract(3, bridge.NoTrump), card.South, 9, false)
	ra.finishBoard(t, 2, contract(3, bridge.NoTrump), card.South, 9, false)
	ra.setOver()
	ra2 := e.play(a, id) // a's second table, of boards 3 to 8
	q := func(r *fakeRoom, deal int, viewer store.User, seated bool) table.SealQuery {
		return table.SealQuery{Table: r.id, Tournament: r.settings.Tournament, Deal: deal, Board: r.board(deal), Viewer: viewer.ID, Seated: seated}
	}
	cases := func(after bool) []judgeCase {
		return []judgeCase{
			{"the player at his table, a board he played", q(ra, 1, a, true), after},
			{"the player, a board he has not played", q(ra, 3, a, true), after},
			{"another player, a's board", q(ra, 1, b, false), after},
			{"nobody signed in", q(ra, 1, store.User{}, false), after},
			{"the player's second table, its first deal (board 3)", q(ra2, 1, a, true), after},
			{"a table of no competition", table.SealQuery{Table: "zzzz", Tournament: table.ParseCompetition("gone"), Deal: 1, Board: 1, Viewer: a.ID}, false},
		}
	}
	judge(t, e, "during the window", cases(false))
	if ra2.board(1) != 3 {
		t.Fatalf("the second table's first board is %d, want 3", ra2.board(1))
	}
	for _, u := range []store.User{a, b, {}} {
		if err := e.s.MayRead(ctx, ra.id, table.Competition{ID: id}, u.ID); table.CodeOf(err) != table.CodeForbidden {
			t.Errorf("%q reads a's finished table during the window: %v", u.Username, err)
		}
		if err := e.s.MayWatch(ctx, ra2.id, table.Competition{ID: id}, u.ID); table.CodeOf(err) != table.CodeForbidden {
			t.Errorf("%q watches a tournament table: %v", u.Username, err)
		}
	}
	shown := e.s.Shown(ctx, ra.id, table.Competition{ID: id}, a.ID, true)
	if shown(1) || shown(2) {
		t.Error("the table shows its player his boards during the window")
	}
	e.clk.add(2 * time.Hour)
	judge(t, e, "after the window", cases(true))
	for _, u := range []store.User{a, b, {}} {
		if err := e.s.MayRead(ctx, ra.id, table.Competition{ID: id}, u.ID); err != nil {
			t.Errorf("%q may not read a's table after the window: %v", u.Username, err)
		}
	}
	if !shown(1) || !shown(8) || shown(9) {
		t.Error("after the window: want the table's boards shown")
	}
	if s := e.s.Shown(ctx, "zzzz", table.Competition{ID: "gone"}, a.ID, true); s(1) {
		t.Error("a table of no competition shows its deals")
	}
}

// TestSealTeamMatch: at a room's table, a board is shown to whoever sits
// there once the room has played it, to a player of the match once his
// room has, to anybody else once both rooms have.
func TestSealTeamMatch(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, p, k := e.user("org"), e.user("pat"), e.user("kib")
	id := e.createMatch(org, teamReq("Sealed", 4, 2, [4]string{"me", "", p.ID}, [4]string{}))
	mustOK(t, "accept", e.answer(p, id, true))
	rooms := e.rooms(id) // org North in the open room, p East in the closed room
	finishRoom(t, rooms[1], 1, 2, false, closedRes)
	q := func(r *fakeRoom, deal int, viewer store.User, seated bool) table.SealQuery {
		return table.SealQuery{Table: r.id, Tournament: r.settings.Tournament, Deal: deal, Board: deal, Viewer: viewer.ID, Seated: seated}
	}
	judge(t, e, "the closed room has played boards 1 and 2", []judgeCase{
		{"p at the closed room, board 1 (over there)", q(rooms[1], 1, p, true), true},
		{"p, not seated, board 3", q(rooms[1], 3, p, false), false},
		{"a kibitzer of the closed room, board 1", q(rooms[1], 1, k, false), false},
		{"nobody signed in, board 1", q(rooms[1], 1, store.User{}, false), false},
		{"org (open room) at the closed room's table, board 1", q(rooms[1], 1, org, false), false},
		{"org at his own table, board 1 (still in play there)", q(rooms[0], 1, org, false), false},
		{"p, board 1, asked at the open room", q(rooms[0], 1, p, false), true},
		{"no table, the tag's match: p's room has played board 1", table.SealQuery{Tournament: table.ParseCompetition(id + ":closed"), Deal: 1, Viewer: p.ID}, true},
		{"no table, the tag's match: board 2 for a kibitzer", table.SealQuery{Tournament: table.ParseCompetition(id + ":open"), Deal: 2, Viewer: k.ID}, false},
		{"board 9", q(rooms[1], 9, p, false), false},
	})
	// The tag is not what binds the room: a room asked about under
	// another tag still answers for its match.
	if !e.s.Judge(table.SealQuery{Table: rooms[1].id, Tournament: table.ParseCompetition("other"), Deal: 1, Viewer: p.ID, Seated: true}) {
		t.Error("a bound room's judge follows the tag")
	}
	shownP := e.s.Shown(ctx, rooms[1].id, rooms[1].settings.Tournament, p.ID, true)
	shownK := e.s.Shown(ctx, rooms[1].id, rooms[1].settings.Tournament, k.ID, false)
	shownO := e.s.Shown(ctx, rooms[1].id, rooms[1].settings.Tournament, org.ID, false)
	if !shownP(1) || !shownP(2) || shownK(1) || shownO(1) {
		t.Errorf("shown at the closed room: p %v %v, kibitzer %v, org %v", shownP(1), shownP(2), shownK(1), shownO(1))
	}
	rooms[0].finishBoard(t, 1, contract(4, bridge.StrainSpades), card.South, 10, false)
	judge(t, e, "both rooms have played board 1", []judgeCase{
		{"a kibitzer, board 1", q(rooms[1], 1, k, false), true},
		{"nobody signed in, board 1", q(rooms[0], 1, store.User{}, false), true},
		{"a kibitzer, board 2", q(rooms[1], 2, k, false), false},
		{"org, board 2 (his room has not played it)", q(rooms[1], 2, org, false), false},
	})
	if !shownK(1) || shownK(2) {
		t.Error("a kibitzer's view of the closed room after board 1")
	}
}

// TestSealBeloteDuplicate: nothing is shown before the start; then a deal
// to a team once it has played it (at its table too), to anybody else once
// every team has.
func TestSealBeloteDuplicate(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, a, b, out := e.user("org"), e.user("ann"), e.user("bob"), e.user("out")
	id := e.createBeld(org, BeloteDuplicateRequest{Name: "Sealed", Deals: 2, Level: "easy"})
	for _, u := range []store.User{a, b} {
		_, err := e.join(u, id, u.Username, "")
		mustOK(t, "join", err)
	}
	tag := func(team string) table.Competition { return table.Competition{ID: id, Entry: team} }
	judge(t, e, "before the start", []judgeCase{
		{"a, deal 1", table.SealQuery{Tournament: tag("ann"), Deal: 1, Viewer: a.ID, Seated: true}, false},
		{"an outsider, deal 1", table.SealQuery{Tournament: tag("ann"), Deal: 1, Viewer: out.ID}, false},
	})
	mustOK(t, "start", e.start(org, id))
	ra, rb := e.teamRoom(a, id, "ann"), e.teamRoom(b, id, "bob")
	ra.finishBeloteDeal(t, 1, firstLegal, false)
	q := func(r *fakeRoom, deal int, viewer store.User, seated bool) table.SealQuery {
		return table.SealQuery{Table: r.id, Tournament: r.settings.Tournament, Deal: deal, Board: deal, Viewer: viewer.ID, Seated: seated}
	}
	e.s.Wait()
	judge(t, e, "ann has played deal 1", []judgeCase{
		{"a at her table, deal 1", q(ra, 1, a, true), true},
		{"a, not seated, deal 2", q(ra, 2, a, false), false},
		{"a, deal 1, at bob's table", q(rb, 1, a, false), true},
		{"b at his table, deal 1 (in play there)", q(rb, 1, b, false), false},
		{"an outsider at ann's table, deal 1", q(ra, 1, out, false), false},
		{"the organiser (no team), deal 1", q(ra, 1, org, false), false},
	})
	if s := e.s.Shown(ctx, ra.id, ra.settings.Tournament, a.ID, false); !s(1) || s(2) {
		t.Error("ann's table: want deal 1 shown to her, and not deal 2")
	}
	rb.finishBeloteDeal(t, 1, lastLegal, false)
	e.s.Wait()
	judge(t, e, "every team has played deal 1", []judgeCase{
		{"an outsider, deal 1", q(ra, 1, out, false), true},
		{"nobody signed in, deal 1", q(rb, 1, store.User{}, false), true},
		{"an outsider, deal 2", q(ra, 2, out, false), false},
	})
}

// TestCacheEvictsAndCatchesUp: the cache holds at most maxCached
// competitions; a tournament held long is read whole again (keeping its
// analyses); a damaged result in the store is left out, the rest read.
func TestCacheEvictsAndCatchesUp(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a := e.user("ann")
	id := e.createTour(a, TournamentRequest{Name: "Held", Boards: 8, Seed: 1, Hours: 1})
	e.play(a, id).finishBoard(t, 1, contract(1, bridge.NoTrump), card.South, 7, false)
	// Damaged rows, written by some other program.
	for i, data := range []string{`{"contract":"9Z"}`, `{"contract":"1S","declarer":"Q"}`, `{`} {
		err := e.st.AddCompetitionResult(ctx, store.CompetitionResult{Competition: id, Entry: a.ID, Board: 2 + i, Data: json.RawMessage(data)})
		if err != nil && i < 2 {
			t.Fatal(err)
		}
	}
	mustOK(t, "join", e.st.JoinCompetition(ctx, store.CompetitionEntry{Competition: id, Entry: "zed"}))
	e.s.Forget(id)
	tr := e.tour(id)
	if len(tr.Results()) != 1 || !tr.HasPlayed(a.ID, 1) || len(tr.Entries()) != 2 {
		t.Fatalf("with damaged rows: results %+v, entries %+v", tr.Results(), tr.Entries())
	}
	e.clk.add(2 * time.Hour)
	if _, err := e.s.TournamentBoard(ctx, id, 1, a.ID, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	// Held for longer than tourFullEvery: read whole again, with its
	// analysis kept.
	ev := e.s.cache.cached(id).(*tourEvent)
	ev.fullAt = time.Now().Add(-2 * tourFullEvery)
	e.s.Stale(id)
	if tr2 := e.tour(id); tr2 == tr || !tr2.AnalysisReady(1) || len(tr2.Results()) != 1 {
		t.Errorf("the full read: same %v, analysis kept %v", tr2 == tr, tr2.AnalysisReady(1))
	}
	// More competitions than the cache holds.
	var ids []string
	for i := range maxCached + 5 {
		c, err := e.st.CreateCompetition(ctx, store.Competition{Kind: KindBeloteDuplicate, Name: fmt.Sprint("B", i),
			Spec: mustJSON(beldSpec{Deals: 1, Seed: uint64(i + 1), Mode: "classic", Rules: "maison", Level: "easy"})})
		mustOK(t, "create", err)
		ids = append(ids, c.ID)
	}
	for _, id := range ids {
		if _, err := e.s.BeloteDuplicateView(ctx, id, ""); err != nil {
			t.Fatal(err)
		}
	}
	if n := e.s.Cached(); n > maxCached {
		t.Errorf("%d competitions cached, want at most %d", n, maxCached)
	}
	if e.s.cache.cached(ids[len(ids)-1]) == nil || e.s.cache.cached(ids[0]) != nil {
		t.Error("want the least recently used dropped, the latest kept")
	}
	// A competition of an unknown kind, or with a damaged spec, is no
	// competition to read.
	for _, c := range []store.Competition{
		{Kind: "poker", Name: "x"},
		{Kind: KindTournament, Name: "x", Spec: json.RawMessage(`{"scoring":"rubber"}`)},
		{Kind: KindTeamMatch, Name: "x", Spec: json.RawMessage(`{"boards":"four"}`)},
		{Kind: KindTeamMatch, Name: "x", Spec: json.RawMessage(`{"boards":4,"secret":"zz"}`)},
		{Kind: KindBeloteDuplicate, Name: "x", Spec: json.RawMessage(`{"deals":0}`)},
	} {
		c, err := e.st.CreateCompetition(ctx, c)
		mustOK(t, "create", err)
		if e.s.Judge(table.SealQuery{Tournament: table.ParseCompetition(c.ID), Deal: 1, Board: 1, Viewer: a.ID}) {
			t.Errorf("a competition of kind %q (%s) shows its deals", c.Kind, c.Spec)
		}
		if _, err := e.s.TeamMatchView(ctx, c.ID, ""); err == nil {
			t.Errorf("a competition of kind %q (%s) read as a team match", c.Kind, c.Spec)
		}
	}
	if (&InputError{Msg: "boards: bad"}).Error() != "boards: bad" {
		t.Error("InputError text")
	}
	_ = protocol.CodeOf
}
