package competition

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/card"
	"atout/protocol"
	"atout/store"
	"atout/table"
	"atout/tournament"
)

// createTour creates a tournament for u and returns its ID.
func (e *env) createTour(u store.User, body TournamentRequest) string {
	e.t.Helper()
	out, err := e.s.CreateTournament(context.Background(), e.caller(u), body)
	if err != nil {
		e.t.Fatalf("create tournament %+v: %v", body, err)
	}
	if out.ID == "" {
		e.t.Fatal("no tournament ID")
	}
	return out.ID
}

// play opens u's table of tournament id and returns the fake room.
func (e *env) play(u store.User, id string) *fakeRoom {
	e.t.Helper()
	ref, err := e.s.PlayTournament(context.Background(), e.caller(u), id)
	if err != nil {
		e.t.Fatalf("play tournament %s for %s: %v", id, u.Username, err)
	}
	r := e.hub.room(ref.Table)
	if r == nil || ref.Invite != "/t/"+ref.Table {
		e.t.Fatalf("play: table %+v not opened by the hub", ref)
	}
	return r
}

func (e *env) tour(id string) *tournament.Tournament {
	e.t.Helper()
	tr, err := e.s.Tournament(context.Background(), id)
	if err != nil {
		e.t.Fatalf("tournament %s: %v", id, err)
	}
	return tr
}

func (e *env) tourView(id string, u store.User) protocol.Tournament {
	e.t.Helper()
	v, err := e.s.TournamentView(context.Background(), id, u.ID)
	if err != nil {
		e.t.Fatalf("tournament view %s: %v", id, err)
	}
	return v
}

func TestTournamentCreateValidation(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org := e.user("org")
	past, future := e.clk.now().Add(-time.Hour), e.clk.now().Add(time.Hour)
	later := e.clk.now().Add(2 * time.Hour)
	for _, tc := range []struct {
		body TournamentRequest
		code string
		want string
	}{
		{TournamentRequest{Name: "x", Boards: 7}, protocol.CodeBadRequest, "boards=7"},
		{TournamentRequest{Name: "x", Boards: 37}, protocol.CodeBadRequest, "boards=37"},
		{TournamentRequest{Name: " ", Boards: 8}, protocol.CodeBadRequest, "name"},
		{TournamentRequest{Name: strings.Repeat("n", 81), Boards: 8}, protocol.CodeBadRequest, "name"},
		{TournamentRequest{Name: "x", Boards: 8, Scoring: "rubber"}, protocol.CodeBadRequest, "scoring"},
		{TournamentRequest{Name: "x", Boards: 8, Hours: -1}, protocol.CodeBadRequest, "hours"},
		{TournamentRequest{Name: "x", Boards: 8, Hours: 24*366 + 1}, protocol.CodeBadRequest, "hours"},
		{TournamentRequest{Name: "x", Boards: 8, End: &past}, protocol.CodeBadRequest, "the end must be after"},
		{TournamentRequest{Name: "x", Boards: 8, Start: &later, End: &future}, protocol.CodeBadRequest, "the end must be after"},
		{TournamentRequest{Name: "x", Boards: 8, Hours: 1, End: &future}, protocol.CodeBadRequest, "end or hours"},
		{TournamentRequest{Name: "x", PBN: "[Board \"1\"]", Seed: 3}, protocol.CodeBadRequest, "seed or a PBN"},
		{TournamentRequest{Name: "x", PBN: "[Board \"1\"]\n[Deal \"N:AKQ\"]\n"}, protocol.CodeBadPBN, "PBN"},
	} {
		_, err := e.s.CreateTournament(ctx, e.caller(org), tc.body)
		wantCode(t, fmt.Sprintf("%+v", tc.body), err, tc.code)
		if err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %q does not say %q", tc.body, err, tc.want)
		}
	}
	// A server that deals from its secrets refuses a seed.
	prod := New(Config{Store: e.st, Hub: e.hub, Logger: quietLog()})
	_, err := prod.CreateTournament(ctx, e.caller(org), TournamentRequest{Name: "x", Boards: 8, Seed: 4})
	wantCode(t, "a seed in production", err, protocol.CodeBadRequest)
	// The caller's creations are limited.
	limited := e.caller(org)
	limited.Allow = func() error { return protocol.Refuse(protocol.CodeLimited, "slow down") }
	_, err = e.s.CreateTournament(ctx, limited, TournamentRequest{Name: "x", Boards: 8})
	wantCode(t, "a creation past the limit", err, protocol.CodeLimited)
	if list, _ := e.st.ListCompetitions(ctx, KindTournament, 0); len(list) != 0 {
		t.Fatalf("refused requests stored %d tournaments", len(list))
	}

	for _, sc := range []string{"mp", "imp", "butler"} {
		e.createTour(org, TournamentRequest{Name: "T " + sc, Boards: 8, Scoring: sc})
		e.clk.add(time.Second) // the list is newest first
	}
	list, err := e.s.ListTournaments(ctx)
	mustOK(t, "list", err)
	if len(list.Tournaments) != 3 || list.Tournaments[0].Scoring != "butler" || list.Tournaments[2].Scoring != "mp" {
		t.Fatalf("list: %+v", list.Tournaments)
	}
	for _, s := range list.Tournaments {
		if s.Boards != 8 || !s.Open || s.Over || s.End.Sub(s.Start) != 24*time.Hour || s.Source != "seed" || s.Creator != "org" {
			t.Errorf("summary %+v", s)
		}
	}
	// A window of its own: hours, or a start and an end.
	start := e.clk.now().Add(time.Hour)
	end := start.Add(3 * time.Hour)
	id := e.createTour(org, TournamentRequest{Name: "Later", Boards: 10, Start: &start, End: &end})
	v := e.tourView(id, org)
	if v.Tournament.Open || v.Tournament.Over || len(v.Numbers) != 10 || !v.Tournament.End.Equal(end.Truncate(time.Millisecond)) {
		t.Errorf("a tournament to come: %+v", v.Tournament)
	}
	_, err = e.s.PlayTournament(ctx, e.caller(org), id)
	wantCode(t, "play before the window", err, protocol.CodeOver)
	id = e.createTour(org, TournamentRequest{Name: "Short", Boards: 8, Hours: 1.5})
	if v := e.tourView(id, org); v.Tournament.End.Sub(v.Tournament.Start) != 90*time.Minute {
		t.Errorf("1.5 hours: window %v to %v", v.Tournament.Start, v.Tournament.End)
	}
	for what, err := range map[string]error{
		"view":  func() error { _, err := e.s.TournamentView(ctx, "nope", ""); return err }(),
		"bad":   func() error { _, err := e.s.TournamentView(ctx, "Bad:Id", ""); return err }(),
		"board": func() error { _, err := e.s.TournamentBoard(ctx, "nope", 1, "", 0); return err }(),
		"play":  func() error { _, err := e.s.PlayTournament(ctx, e.caller(org), "nope"); return err }(),
	} {
		wantCode(t, "unknown tournament: "+what, err, protocol.CodeNotFound)
	}
}

// TestTournamentPlayAndVisibility plays board 1 for two players: nobody
// sees a board, the hand records or the export before the window ends,
// not even who has played; then everybody does.
func TestTournamentPlayAndVisibility(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, a, b, c := e.user("org"), e.user("ann"), e.user("bob"), e.user("cat")
	id := e.createTour(org, TournamentRequest{Name: "Club night", Boards: 8, Scoring: "mp", Seed: 12345, Hours: 2})
	tr := e.tour(id)
	if tr.Seed != 12345 {
		t.Errorf("seed %d", tr.Seed)
	}
	hidden := func(when string) {
		t.Helper()
		for _, u := range []store.User{a, b, {}} {
			_, err := e.s.TournamentBoard(ctx, id, 1, u.ID, 0)
			wantCode(t, when+": board 1 for "+u.Username, err, protocol.CodeTournamentOpen)
			_, _, _, err = e.s.Records(ctx, id, u.ID, 0)
			wantCode(t, when+": records", err, protocol.CodeTournamentOpen)
		}
		wantCode(t, when+": export", e.s.Export(ctx, id, &bytes.Buffer{}), protocol.CodeTournamentOpen)
	}
	hidden("before play")
	_, err := e.s.TournamentBoard(ctx, id, 99, a.ID, 0)
	wantCode(t, "board 99", err, protocol.CodeNotFound)

	ra := e.play(a, id)
	// The table plays every board in order, a South, bots elsewhere.
	set := ra.settings
	if set.Game != "bridge" || set.Scoring != "duplicate" || set.Tournament.String() != id || !slices.Equal(set.Deals, tourDeals(tr)) ||
		!slices.Equal(set.BoardNumbers, []int{1, 2, 3, 4, 5, 6, 7, 8}) || len(set.DealInfo) != 8 {
		t.Fatalf("table settings %+v", set)
	}
	if ra.players[card.South].ID != a.ID || ra.players[card.North].ID != "" || ra.createdBy != a.ID {
		t.Errorf("table players %+v", ra.players)
	}
	ra.finishBoard(t, 1, contract(3, bridge.NoTrump), card.South, 9, false)
	// Play again: the same table, still in play.
	if again := e.play(a, id); again.id != ra.id {
		t.Errorf("second play: table %s, want %s", again.id, ra.id)
	}
	hidden("during the window")
	rb := e.play(b, id)
	rb.finishBoard(t, 1, contract(4, bridge.StrainHearts), card.North, 9, false)

	v := e.tourView(id, a)
	if len(v.Standings) != 2 || v.Tournament.Entries != 2 || !slices.Equal(v.YouPlayed, []int{1}) || v.Table != ra.id ||
		!slices.Equal(v.Played, []int{2, 0, 0, 0, 0, 0, 0, 0}) {
		t.Fatalf("view: %+v", v)
	}
	sum, you := 0.0, 0
	for _, r := range v.Standings {
		sum += r.Percent
		if r.Boards != 1 {
			t.Errorf("standing %+v", r)
		}
		if r.You {
			you++
			if r.Name != "ann" || r.Rank != 1 || r.Percent != 100 {
				t.Errorf("ann made 3NT against 4H down 1: %+v", r)
			}
		}
	}
	if you != 1 || sum < 99.9 || sum > 100.1 {
		t.Errorf("standings %+v", v.Standings)
	}
	if v := e.tourView(id, store.User{}); len(v.YouPlayed) != 0 || v.Table != "" {
		t.Errorf("the view of nobody: %+v", v)
	}

	// After the window: everything opens, and nobody plays any more.
	e.clk.add(3 * time.Hour)
	fa, err := e.s.TournamentBoard(ctx, id, 1, a.ID, 5*time.Second)
	mustOK(t, "a's board 1", err)
	if fa.Played != 2 || fa.Yours == nil || fa.Yours.Contract != "3NT" || fa.Yours.Result != "=" || fa.DD == nil ||
		fa.DD.Tricks["N"][4] != 7 || fa.Deal != tr.Boards[0].Deal.String() || fa.Scoring != "mp" {
		t.Fatalf("a's board 1: %+v", fa)
	}
	fb, err := e.s.TournamentBoard(ctx, id, 1, b.ID, 5*time.Second)
	mustOK(t, "b's board 1", err)
	total, yours := 0, 0
	for _, r := range fb.Rows {
		total += r.Count
		if r.Yours {
			yours++
			if r.Contract != "4H" || r.Result != "-1" {
				t.Errorf("b's row %+v", r)
			}
		}
	}
	if fb.Played != 2 || total != 2 || yours != 1 || fb.Yours == nil || fb.Yours.Result != "-1" {
		t.Fatalf("b's board 1: %+v", fb)
	}
	// An unplayed board is shown too (its deal), with nobody's result.
	f5, err := e.s.TournamentBoard(ctx, id, 5, c.ID, time.Second)
	if err != nil || f5.Played != 0 || f5.Yours != nil || f5.Deal != tr.Boards[4].Deal.String() {
		t.Errorf("board 5 after the end: %+v, %v", f5, err)
	}
	var pbnOut bytes.Buffer
	mustOK(t, "export", e.s.Export(ctx, id, &pbnOut))
	if !strings.Contains(pbnOut.String(), "[ScoreTable ") || !strings.Contains(pbnOut.String(), "[TotalScoreTable ") {
		t.Fatalf("export: %.300s", pbnOut.String())
	}
	rt, boards, ready, err := e.s.Records(ctx, id, c.ID, 5*time.Second)
	mustOK(t, "records", err)
	if rt.ID != id || len(boards) != 8 || !ready(1) || !ready(8) {
		t.Fatalf("records: %v boards", boards)
	}
	_, err = e.s.PlayTournament(ctx, e.caller(c), id)
	wantCode(t, "play after the end", err, protocol.CodeOver)
	if list, _ := e.s.ListTournaments(ctx); len(list.Tournaments) != 1 || !list.Tournaments[0].Over || list.Tournaments[0].Entries != 2 {
		t.Errorf("list after the end: %+v", list.Tournaments)
	}
}

// TestTournamentTableReplaced: a player whose table is over (or lost) gets
// a new one with the boards he has not played, under their own numbers;
// the old table no longer reports for him, and a player who has played
// everything gets none.
func TestTournamentTableReplaced(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a := e.user("ann")
	id := e.createTour(a, TournamentRequest{Name: "Eight", Boards: 8, Seed: 3, Hours: 5})
	r1 := e.play(a, id)
	for n := 1; n <= 3; n++ {
		r1.finishBoard(t, n, bridge.PassedOut, 0, 0, false)
	}
	r1.setOver()
	r2 := e.play(a, id)
	if r2.id == r1.id || !slices.Equal(r2.settings.BoardNumbers, []int{4, 5, 6, 7, 8}) ||
		r2.settings.Deals[0] != e.tour(id).Boards[3].Deal.String() {
		t.Fatalf("the new table %s: %+v", r2.id, r2.settings)
	}
	if en, err := e.st.GetCompetitionEntry(ctx, id, a.ID); err != nil || en.GameID != r2.id {
		t.Fatalf("entry %+v, %v: want bound to the new table", en, err)
	}
	// The new table's first deal is board 4; the old one's deal 4 counts
	// no more (the store binds the new table).
	r2.finishBoard(t, 1, contract(1, bridge.StrainClubs), card.East, 7, false)
	r1.finishBoard(t, 5, contract(7, bridge.NoTrump), card.South, 13, false)
	tr := e.tour(id)
	if !tr.HasPlayed(a.ID, 4) || tr.HasPlayed(a.ID, 5) {
		t.Fatalf("results %+v: want boards 1 to 4", tr.Results())
	}
	// A table lost by the hub (not there any more): a new one.
	e.hub.Drop(r2.id)
	r3 := e.play(a, id)
	if r3.id == r2.id || !slices.Equal(r3.settings.BoardNumbers, []int{5, 6, 7, 8}) {
		t.Fatalf("the table after a lost one: %+v", r3.settings)
	}
	for n := 1; n <= 4; n++ {
		r3.finishBoard(t, n, contract(2, bridge.StrainSpades), card.West, 8, false)
	}
	r3.setOver()
	_, err := e.s.PlayTournament(ctx, e.caller(a), id)
	wantCode(t, "play with every board played", err, protocol.CodeOver)
	if v := e.tourView(id, a); len(v.YouPlayed) != 8 || v.Standings[0].Boards != 8 {
		t.Errorf("after eight boards: %+v", v)
	}
	// A hub that does not report boards plays no tournament.
	bare := e.service(bareHub{e.hub})
	_, err = bare.PlayTournament(ctx, e.caller(e.user("bob")), id)
	wantCode(t, "a hub without reports", err, protocol.CodeUnavailable)
	// The caller's open tables are limited.
	c := e.caller(e.user("cat"))
	c.Reserve = func() (func(), error) { return nil, protocol.Refuse(protocol.CodeLimited, "too many tables") }
	_, err = e.s.PlayTournament(ctx, c, id)
	wantCode(t, "play past the table limit", err, protocol.CodeLimited)
	released := false
	c.Reserve = func() (func(), error) { return func() { released = true }, nil }
	if _, err := e.s.PlayTournament(ctx, c, id); err != nil || !released {
		t.Errorf("play within the limit: %v, released %v", err, released)
	}
}

// TestTournamentResultsFromTables: a board is recorded, in the store too,
// under the player sitting South and the tournament's board number, only
// when the store binds the reporting table to him.
func TestTournamentResultsFromTables(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a, cheat := e.user("ann"), e.user("cheat")
	id := e.createTour(a, TournamentRequest{Name: "IMP night", Boards: 8, Scoring: "imp", Seed: 8})
	ra := e.play(a, id)
	d := ra.finishBoard(t, 2, contract(3, bridge.NoTrump), card.South, 9, false)
	tr := e.tour(id)
	if !tr.HasPlayed(a.ID, 2) || tr.HasPlayed(a.ID, 1) || len(tr.Results()) != 1 {
		t.Fatalf("results %+v", tr.Results())
	}
	r := tr.Results()[0]
	if r.ScoreNS != bridge.ScoreNS(d.Contract, card.South, 9, bridge.BoardVul(2)) || r.Side != card.NS {
		t.Errorf("result %+v", r)
	}
	rs, err := e.st.CompetitionResults(ctx, id)
	if err != nil || len(rs) != 1 || rs[0].Entry != a.ID || rs[0].Board != 2 || rs[0].GameID != ra.id {
		t.Fatalf("stored results %+v, %v", rs, err)
	}
	// The same board again (a retry) counts once; reports from no
	// table, with no tag, of another competition, with nobody South: none.
	e.hub.report(d)
	e.s.OnBoard(table.BoardDone{Tournament: table.ParseCompetition("nope"), Board: 1})
	e.s.OnBoard(table.BoardDone{Table: ra.id, Board: 1})
	e.s.OnBoard(table.BoardDone{Table: ra.id, Tournament: table.ParseCompetition(id), Deal: 3, Board: 3})
	e.s.OnBoard(table.BoardDone{Table: ra.id, Tournament: table.ParseCompetition(id), Deal: 9, Board: 9, Seats: ra.seats})
	// A table tagged with the tournament that the store does not bind to
	// anybody (opened by other means) reports nothing.
	forged, err := e.hub.Create(ctx, table.Settings{Game: "bridge", Tournament: table.ParseCompetition(id), Deals: tourDeals(tr)[:1], BoardNumbers: []int{5}},
		table.Player{ID: cheat.ID})
	mustOK(t, "forged table", err)
	e.hub.room(forged.ID()).finishBoard(t, 1, contract(7, bridge.NoTrump), card.South, 13, false)
	// Another player's table, reporting a board under a's seat.
	rc := e.play(cheat, id)
	bad := table.BoardDone{Table: rc.id, Tournament: table.ParseCompetition(id), Deal: 4, Board: 4, Contract: bridge.PassedOut}
	bad.Seats[card.South].UserID = a.ID
	e.s.OnBoard(bad)
	e.s.Forget(id) // read everything from the store again
	if tr := e.tour(id); len(tr.Results()) != 1 || tr.HasPlayed(cheat.ID, 5) || tr.HasPlayed(a.ID, 4) {
		t.Errorf("results %+v, want a's board 2 only", tr.Results())
	}
	if v := e.tourView(id, a); len(v.Standings) != 1 || v.Standings[0].Name != "ann" || v.Standings[0].Boards != 1 || v.Tournament.Entries != 2 {
		t.Errorf("standings %+v", v.Standings)
	}
}

// TestTournamentRestartMidRound: a node restarts while a player is at his
// table; the new node has the tournament, the entry and the results from
// the store, records the next board of the same table, and recovers the
// board that ended while nobody listened from the table's stored game.
func TestTournamentRestartMidRound(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a := e.user("ann")
	id := e.createTour(a, TournamentRequest{Name: "Persistent", Boards: 8, Seed: 777, Hours: 2})
	ra := e.play(a, id)
	ra.finishBoard(t, 1, contract(4, bridge.StrainSpades), card.South, 10, true)
	before := e.tourView(id, a)
	// Board 2 ends at the table (stored) while the node stops: its report
	// is lost.
	storeBridgeDeal(t, e.st, ra.id, 2, 2, contract(2, bridge.StrainDiamonds), card.East, 8)
	e.restart()
	if n := e.s.Cached(); n != 0 {
		t.Fatalf("a new node holds %d competitions", n)
	}
	after := e.tourView(id, a)
	if after.Table != ra.id || !slices.Equal(after.YouPlayed, []int{1, 2}) || after.Tournament.Name != "Persistent" ||
		after.Tournament.Entries != 1 {
		t.Fatalf("after the restart: %+v (before %+v)", after, before)
	}
	if tr := e.tour(id); tr.Seed != 777 {
		t.Errorf("seed %d after the restart", tr.Seed)
	}
	rs, err := e.st.CompetitionResults(ctx, id)
	if err != nil || len(rs) != 2 || rs[1].Board != 2 || rs[1].GameID != ra.id {
		t.Fatalf("stored results %+v, %v", rs, err)
	}
	// The resumed table (the hub gives it back after the restart) goes on
	// reporting: the new node finds its boards in its stored settings.
	e.hub.mu.Lock()
	ra.hub = e.hub
	e.hub.rooms[ra.id] = ra
	e.hub.mu.Unlock()
	ra.finishBoard(t, 3, contract(1, bridge.NoTrump), card.North, 6, true)
	if !e.tour(id).HasPlayed(a.ID, 3) {
		t.Fatal("the resumed table's board 3 was not recorded")
	}
	if got := e.play(a, id); got.id != ra.id {
		t.Errorf("play after the restart: table %s, want the resumed %s", got.id, ra.id)
	}
}

// TestTournamentReconcileOldTable: a table stored before the board
// numbers were recorded in its settings has its boards found by their
// deals; deals under way or not the tournament's are left alone.
func TestTournamentReconcileOldTable(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a := e.user("ann")
	id := e.createTour(a, TournamentRequest{Name: "Lost board", Boards: 8, Hours: 2})
	deals := tourDeals(e.tour(id))
	set, _ := json.Marshal(table.Settings{Game: "bridge", Scoring: "duplicate", Tournament: table.ParseCompetition(id), Deals: deals[4:]})
	g, err := e.st.CreateGame(ctx, store.NewGame{Kind: "bridge", Settings: set, CreatedBy: a.ID,
		Seats: [4]store.Seat{{Bot: "easy"}, {Bot: "easy"}, {UserID: a.ID}, {Bot: "easy"}}})
	mustOK(t, "game", err)
	mustOK(t, "join", e.st.JoinCompetition(ctx, store.CompetitionEntry{Competition: id, Entry: a.ID, Data: json.RawMessage(`{"name":"A"}`)}))
	mustOK(t, "bind", e.st.SetCompetitionGame(ctx, id, a.ID, g.ID))
	storeBridgeDeal(t, e.st, g.ID, 1, 1, contract(4, bridge.StrainSpades), card.South, 10)
	mustOK(t, "deal 2", e.st.AddDeal(ctx, g.ID, 2, json.RawMessage(`{}`))) // under way: nothing to recover
	v := e.tourView(id, a)
	if !slices.Equal(v.YouPlayed, []int{5}) || len(v.Standings) != 1 || v.Table != g.ID || v.Standings[0].Name != "A" {
		t.Fatalf("after the lost board: %+v", v)
	}
	r := e.tour(id).Results()[0]
	if r.ScoreNS != bridge.ScoreNS(contract(4, bridge.StrainSpades), card.South, 10, e.tour(id).Boards[4].Vul) {
		t.Errorf("recovered result %+v", r)
	}
	// Shown: the table's deal 1 is board 5 (not shown during the window,
	// even to its player: the rule of tournaments), nothing past its deals.
	shown := e.s.Shown(ctx, g.ID, table.Competition{ID: id}, a.ID, true)
	if shown(1) || shown(0) || shown(9) {
		t.Error("a tournament table's deal shown during the window")
	}
	e.clk.add(3 * time.Hour)
	if !shown(1) || !shown(4) || shown(5) {
		t.Error("after the window: want the table's four deals shown, and no other")
	}
}

// TestTournamentPBNImport: the imported boards keep their numbers, dealers
// and vulnerabilities at the tables and in the results; the uploader
// plays out of competition; a faulty file is refused with where and why.
func TestTournamentPBNImport(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	up, other, third := e.user("up"), e.user("other"), e.user("third")
	boards := importBoards()
	out, err := e.s.CreateTournament(ctx, e.caller(up), TournamentRequest{Name: "Imported", Scoring: "imp", PBN: pbnOf(boards, 0)})
	mustOK(t, "import", err)
	if out.Boards != 10 {
		t.Fatalf("created %+v", out)
	}
	e.s.Forget(out.ID) // read it from the store
	tr := e.tour(out.ID)
	if !slices.Equal(tr.Boards, boards) || tr.Seed != 0 || tr.Scoring != tournament.CrossIMPs {
		t.Fatalf("imported boards %+v, want %+v", tr.Boards, boards)
	}
	if v := e.tourView(out.ID, up); v.Tournament.Source != "pbn" || v.Tournament.Boards != 10 || v.Numbers[0] != 11 {
		t.Errorf("summary %+v", v)
	}
	r := e.play(other, out.ID)
	if !slices.Equal(r.settings.BoardNumbers, []int{11, 12, 13, 14, 15, 16, 17, 18, 19, 20}) ||
		r.settings.DealInfo[1] != (table.DealInfo{Dealer: boards[1].Dealer, Vul: boards[1].Vul}) {
		t.Fatalf("table settings %+v", r.settings)
	}
	r.finishBoard(t, 2, contract(3, bridge.NoTrump), card.South, 10, false)
	if tr := e.tour(out.ID); !tr.HasPlayed(other.ID, 12) || tr.HasPlayed(other.ID, 2) || tr.Results()[0].ScoreNS != bridge.ScoreNS(contract(3, bridge.NoTrump), card.South, 10, boards[1].Vul) {
		t.Fatalf("the table's deal 2 is board 12 (vulnerability %v): %+v", boards[1].Vul, tr.Results())
	}
	for _, u := range []store.User{up, third} {
		e.play(u, out.ID).finishBoard(t, 2, contract(3, bridge.NoTrump), card.South, 9, false)
	}
	v := e.tourView(out.ID, other)
	if len(v.Standings) != 3 {
		t.Fatalf("standings %+v", v.Standings)
	}
	for _, row := range v.Standings {
		switch row.Name {
		case "up":
			if !row.OutOfCompetition || row.Rank != 0 || row.Tied {
				t.Errorf("the uploader's row %+v: want out of competition", row)
			}
		case "other":
			if row.Rank != 1 || row.Tied || !row.You {
				t.Errorf("the best row %+v: want rank 1", row)
			}
		case "third":
			if row.Rank != 2 {
				t.Errorf("the third row %+v: want rank 2 (the uploader not counted)", row)
			}
		}
	}

	for _, tc := range []struct {
		body TournamentRequest
		code string
		want []string
	}{
		{TournamentRequest{Name: "x", PBN: pbnOf(boards[:7], 0)}, protocol.CodeBadPBN, []string{"7 boards", "want 8 to 36"}},
		{TournamentRequest{Name: "x", PBN: pbnOf(boards, 13)}, protocol.CodeBadPBN, []string{"board 13", "North has 14 cards"}},
		{TournamentRequest{Name: "x", PBN: pbnOf(append(slices.Clone(boards), boards[0]), 0)}, protocol.CodeBadPBN, []string{"board 11", "used twice"}},
		{TournamentRequest{Name: "x", PBN: "[Board \"4\"]\n[Deal \"N:AKQ\"]\n"}, protocol.CodeBadPBN, []string{"board 4", "line 2", "invalid hand"}},
		{TournamentRequest{Name: "x", PBN: "[ \"x\"]\n"}, protocol.CodeBadPBN, []string{"game 1", "line 1"}},
		{TournamentRequest{Name: "x", PBN: pbnOf(boards, 0), Boards: 12}, protocol.CodeBadPBN, []string{"boards=12", "has 10 boards"}},
		{TournamentRequest{Name: "x", PBN: pbnOf(boards, 0), Seed: 4}, protocol.CodeBadRequest, []string{"seed or a PBN"}},
	} {
		_, err := e.s.CreateTournament(ctx, e.caller(up), tc.body)
		wantCode(t, strings.Join(tc.want, ", "), err, tc.code)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("error %v, want one containing %q", err, w)
			}
		}
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

// TestDailyTournament: made once a day whoever asks and however many at
// once, and a new one just after midnight UTC by the scheduler.
func TestDailyTournament(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.clk.set(time.Date(2026, 11, 29, 23, 59, 0, 0, time.UTC))
	var wg sync.WaitGroup
	ids := make([]string, 6)
	for i := range ids {
		wg.Go(func() {
			id, err := e.s.EnsureDaily(ctx, DailyConfig{Salt: uint64(i + 1)})
			if err != nil {
				t.Error(err)
			}
			ids[i] = id
		})
	}
	wg.Wait()
	for _, id := range ids {
		if id != "daily-2026-11-29" || id != DailyID(e.clk.now()) {
			t.Fatalf("EnsureDaily = %v", ids)
		}
	}
	list, err := e.st.ListCompetitions(ctx, KindTournament, 0)
	if err != nil || len(list) != 1 {
		t.Fatalf("%d tournaments (%v), want 1", len(list), err)
	}
	d := list[0]
	if d.Owner != "" || !d.Start.Equal(time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)) || d.End.Sub(d.Start) != 24*time.Hour {
		t.Errorf("daily %+v", d)
	}
	tr := e.tour(d.ID)
	if len(tr.Boards) != tournament.DailyBoards || tr.Scoring != tournament.Matchpoints || tr.Seed == 0 {
		t.Errorf("daily tournament: %d boards, %v, seed %d", len(tr.Boards), tr.Scoring, tr.Seed)
	}

	// The scheduler: a new tournament shortly after midnight.
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		e.s.RunDaily(rctx, DailyConfig{Now: e.clk.now, Every: 5 * time.Millisecond, Boards: 16, Scoring: tournament.Butler, Salt: 9})
		close(done)
	}()
	e.clk.add(2 * time.Minute)
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := e.st.GetCompetition(ctx, "daily-2026-11-30"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no daily tournament for 2026-11-30")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
	tr = e.tour("daily-2026-11-30")
	if len(tr.Boards) != 16 || tr.Scoring != tournament.Butler || !tr.Window.Contains(e.clk.now()) {
		t.Errorf("second daily: %d boards, %v, window %+v", len(tr.Boards), tr.Scoring, tr.Window)
	}
	l, err := e.s.ListTournaments(ctx)
	mustOK(t, "list", err)
	if len(l.Tournaments) != 2 || l.Tournaments[0].ID != "daily-2026-11-30" || l.Tournaments[0].Source != "daily" ||
		!l.Tournaments[0].Open || !l.Tournaments[1].Over {
		t.Errorf("list %+v", l.Tournaments)
	}
	// Without a salt, the day's boards come from a secret: no seed.
	e.clk.add(24 * time.Hour)
	id, err := e.s.EnsureDaily(ctx, DailyConfig{})
	mustOK(t, "daily from a secret", err)
	if tr := e.tour(id); id != "daily-2026-12-01" || tr.Seed != 0 || len(tr.Boards) != tournament.DailyBoards {
		t.Errorf("daily %s: seed %d, %d boards", id, tr.Seed, len(tr.Boards))
	}
	// A scheduler with a bad board count does nothing and returns.
	stop := make(chan struct{})
	go func() { e.s.RunDaily(ctx, DailyConfig{Boards: 3}); close(stop) }()
	select {
	case <-stop:
	case <-time.After(5 * time.Second):
		t.Fatal("RunDaily with 3 boards still runs")
	}
	// A failing store: an error, no ID.
	cctx, ccancel := context.WithCancel(ctx)
	ccancel()
	e.clk.add(24 * time.Hour)
	if id, err := e.s.EnsureDaily(cctx, DailyConfig{}); err == nil {
		t.Errorf("EnsureDaily on a cancelled context: %q", id)
	}
}

// TestTournamentSharedStore: two nodes on one store. A tournament created
// on one is listed and ranked on the other; what one records reaches the
// other once it catches up (Stale, or RefreshEvery later), and a result
// reported for a player who joined on the other node a moment ago is not
// lost.
func TestTournamentSharedStore(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	hub2 := newFakeHub(e.st)
	s2 := e.service(hub2)
	org, a, b := e.user("org"), e.user("ann"), e.user("bob")
	id := e.createTour(org, TournamentRequest{Name: "Two nodes", Boards: 8, Hours: 2})
	l, err := s2.ListTournaments(ctx)
	if err != nil || len(l.Tournaments) != 1 || l.Tournaments[0].ID != id {
		t.Fatalf("node two's list: %+v, %v", l, err)
	}
	v, err := s2.TournamentView(ctx, id, "")
	if err != nil || len(v.Standings) != 0 {
		t.Fatalf("node two's view %+v, %v", v, err)
	}
	e.play(a, id).finishBoard(t, 1, contract(3, bridge.NoTrump), card.South, 9, false)
	// Node one holds the tournament without b; b plays on node two.
	e.tour(id)
	ref, err := s2.PlayTournament(ctx, e.caller(b), id)
	mustOK(t, "play on node two", err)
	rb := hub2.room(ref.Table)
	d := table.BoardDone{Table: rb.id, Tournament: table.ParseCompetition(id), Deal: 1, Board: 1, Seats: rb.seats, Contract: contract(4, bridge.NoTrump),
		Declarer: card.South, Tricks: 9}
	e.s.OnBoard(d) // e.g. the table moved to node one
	if !e.tour(id).HasPlayed(b.ID, 1) {
		t.Fatal("node one lost the result of a player who joined on node two")
	}
	s2.Stale(id)
	v, err = s2.TournamentView(ctx, id, b.ID)
	if err != nil || len(v.Standings) != 2 || v.Standings[0].Name != "ann" || v.Standings[0].Percent != 100 || !slices.Equal(v.YouPlayed, []int{1}) {
		t.Fatalf("node two's view after Stale: %+v, %v", v, err)
	}
	// The rule holds on every node: board 1 is hidden during the window.
	_, err = s2.TournamentBoard(ctx, id, 1, a.ID, 0)
	wantCode(t, "board 1 on node two", err, protocol.CodeTournamentOpen)
	if e.s.Cached() != 1 || s2.Cached() != 1 {
		t.Errorf("cached: %d and %d, want 1", e.s.Cached(), s2.Cached())
	}
	e.s.Forget(id)
	if e.s.Cached() != 0 {
		t.Errorf("cached after Forget: %d", e.s.Cached())
	}
	// Without Stale, node two catches up once its copy is RefreshEvery old.
	e.play(org, id).finishBoard(t, 2, bridge.PassedOut, 0, 0, false)
	deadline := time.Now().Add(RefreshEvery + 5*time.Second)
	for {
		v, err := s2.TournamentView(ctx, id, "")
		mustOK(t, "view", err)
		if len(v.Standings) == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("node two still ranks %+v", v.Standings)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestTournamentAnalysisPending: a board's page does not wait for a slow
// solver: it says the analysis is coming, and has it later; the hand
// records are sent with the analyses that are ready, each deal solved
// once.
func TestTournamentAnalysisPending(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	var mu sync.Mutex
	solved := map[bridge.Deal]int{}
	gate := make(chan struct{}, 8)
	e.s.DD = func(d bridge.Deal) (dd.Table, error) {
		<-gate
		mu.Lock()
		solved[d]++
		mu.Unlock()
		return fakeDD(d)
	}
	a := e.user("ann")
	id := e.createTour(a, TournamentRequest{Name: "Slow solver", Boards: 8, Hours: 1})
	e.play(a, id).finishBoard(t, 1, bridge.PassedOut, 0, 0, false)
	e.clk.add(2 * time.Hour)
	b, err := e.s.TournamentBoard(ctx, id, 1, a.ID, 20*time.Millisecond)
	mustOK(t, "board 1", err)
	if !b.DDPending || b.DD != nil || len(b.Rows) != 1 || b.Rows[0].Result != "" || b.Yours == nil || b.Yours.Contract != "Pass" {
		t.Fatalf("board 1 with the solver busy: %+v", b)
	}
	_, boards, ready, err := e.s.Records(ctx, id, "", 20*time.Millisecond)
	mustOK(t, "records", err)
	if len(boards) != 8 || ready(1) {
		t.Fatalf("records with the solver busy: %v, ready(1) %v", boards, ready(1))
	}
	for range 8 {
		gate <- struct{}{}
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, _, ready, err := e.s.Records(ctx, id, "", time.Second)
		mustOK(t, "records", err)
		n := 0
		for _, k := range boards {
			if ready(k) {
				n++
			}
		}
		if n == 8 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d analyses ready after the solver finished", n)
		}
	}
	b, err = e.s.TournamentBoard(ctx, id, 1, a.ID, time.Second)
	if err != nil || b.DD == nil || b.DDPending || len(b.DD.Par) == 0 {
		t.Fatalf("board 1 once solved: %+v, %v", b, err)
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

// TestTournamentSolverError: an analysis that fails leaves the board
// without one, and the page is still served.
func TestTournamentSolverError(t *testing.T) {
	e := newEnv(t)
	e.s.DD = func(bridge.Deal) (dd.Table, error) { return dd.Table{}, errors.New("solver down") }
	a := e.user("ann")
	id := e.createTour(a, TournamentRequest{Name: "Broken solver", Boards: 8, Hours: 1})
	e.play(a, id).finishBoard(t, 3, contract(2, bridge.StrainHearts), card.West, 8, false)
	e.clk.add(2 * time.Hour)
	b, err := e.s.TournamentBoard(context.Background(), id, 3, a.ID, 100*time.Millisecond)
	mustOK(t, "board 3", err)
	if b.DD != nil || !b.DDPending || b.Played != 1 || b.Yours == nil || b.Yours.Declarer != "W" || b.Yours.Result != "=" {
		t.Errorf("board 3 with a failing solver: %+v", b)
	}
	// A board nobody played has an empty frequency table.
	b, err = e.s.TournamentBoard(context.Background(), id, 4, a.ID, 0)
	if err != nil || b.Played != 0 || len(b.Rows) != 0 || b.Yours != nil {
		t.Errorf("board 4, played by nobody: %+v, %v", b, err)
	}
}
