package competition

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"atout/belote"
	"atout/card"
	"atout/protocol"
	"atout/store"
	"atout/table"
)

func (e *env) createBeld(org store.User, body BeloteDuplicateRequest) string {
	e.t.Helper()
	out, err := e.s.CreateBeloteDuplicate(context.Background(), e.caller(org), body)
	if err != nil {
		e.t.Fatalf("create belote duplicate: %v", err)
	}
	return out.ID
}

func (e *env) join(u store.User, id, team, partner string) (protocol.BeloteTeamRef, error) {
	return e.s.JoinBeloteDuplicate(context.Background(), e.caller(u), id, JoinRequest{Team: team, Partner: partner})
}

func (e *env) beldView(id string, u store.User) protocol.BeloteDuplicate {
	e.t.Helper()
	v, err := e.s.BeloteDuplicateView(context.Background(), id, u.ID)
	if err != nil {
		e.t.Fatalf("belote duplicate %s: %v", id, err)
	}
	return v
}

func (e *env) start(org store.User, id string) error {
	_, err := e.s.StartBeloteDuplicate(context.Background(), e.caller(org), id)
	return err
}

func (e *env) answerBeld(u store.User, id string, accept bool) error {
	_, err := e.s.AnswerBeloteDuplicate(context.Background(), e.caller(u), id, protocol.Answer{Accept: accept})
	return err
}

// teamRoom returns the fake room of team's table, from the join answer of
// one of its members.
func (e *env) teamRoom(u store.User, id, team string) *fakeRoom {
	e.t.Helper()
	ref, err := e.join(u, id, team, "")
	if err != nil || ref.Team != team || ref.Table == "" || ref.Invite != "/t/"+ref.Table {
		e.t.Fatalf("%s's table of team %s: %+v, %v", u.Username, team, ref, err)
	}
	r := e.hub.room(ref.Table)
	if r == nil {
		e.t.Fatalf("table %s not opened by the hub", ref.Table)
	}
	return r
}

func TestBeloteDuplicateValidation(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	c, d, cam := e.user("cee"), e.user("dee"), e.user("Camille")
	for _, tc := range []struct {
		body BeloteDuplicateRequest
		want string
	}{
		{BeloteDuplicateRequest{Name: "", Deals: 2}, "name"},
		{BeloteDuplicateRequest{Name: "x", Deals: 0}, "deals=0: want 1 to 36"},
		{BeloteDuplicateRequest{Name: "x", Deals: 37}, "deals=37"},
		{BeloteDuplicateRequest{Name: "x", Deals: 2, Mode: "poker"}, `mode="poker"`},
		{BeloteDuplicateRequest{Name: "x", Deals: 2, Rules: "casino"}, `rules="casino"`},
		{BeloteDuplicateRequest{Name: "x", Deals: 2, Level: "expert"}, `level="expert"`},
	} {
		_, err := e.s.CreateBeloteDuplicate(ctx, e.caller(c), tc.body)
		var ie *InputError
		if !errors.As(err, &ie) || !strings.Contains(ie.Msg, tc.want) {
			t.Errorf("%+v: %v, want an input error with %q", tc.body, err, tc.want)
		}
	}
	prod := New(Config{Store: e.st, Hub: e.hub, Logger: quietLog()})
	_, err := prod.CreateBeloteDuplicate(ctx, e.caller(c), BeloteDuplicateRequest{Name: "x", Deals: 2, Seed: 5})
	wantCode(t, "a seed in production", err, protocol.CodeBadRequest)
	limited := e.caller(c)
	limited.Allow = func() error { return protocol.Refuse(protocol.CodeLimited, "slow down") }
	_, err = e.s.CreateBeloteDuplicate(ctx, limited, BeloteDuplicateRequest{Name: "x", Deals: 2})
	wantCode(t, "past the creation limit", err, protocol.CodeLimited)

	id := e.createBeld(c, BeloteDuplicateRequest{Name: "Tuesday", Deals: 2, Level: "easy"})
	for _, tc := range []struct {
		team, partner string
		want          string
		code          string // "" for an input error
	}{
		{"", "", "team", ""},
		{"a\nb", "", "team", ""},
		{"Aces", "ghost", `partner="ghost": no player`, ""},
		{"Aces", c.ID, "yourself", protocol.CodeBadRequest},
		{"Aces", "cee", "yourself", protocol.CodeBadRequest},
	} {
		_, err := e.join(c, id, tc.team, tc.partner)
		if tc.code != "" {
			wantCode(t, tc.want, err, tc.code)
			continue
		}
		var ie *InputError
		if !errors.As(err, &ie) || !strings.Contains(ie.Msg, tc.want) {
			t.Errorf("join %q with %q: %v, want an input error with %q", tc.team, tc.partner, err, tc.want)
		}
	}
	broken := e.caller(d)
	broken.Lookup = func(string) (store.User, error) { return store.User{}, errors.New("disk on fire") }
	if _, err := e.s.JoinBeloteDuplicate(ctx, broken, id, JoinRequest{Team: "Kings", Partner: "x"}); err == nil || errors.As(err, new(*InputError)) {
		t.Errorf("a failing lookup: %v", err)
	}
	if ref, err := e.join(c, id, "Aces", "bot"); err != nil || ref.Team != "Aces" || ref.Table != "" {
		t.Fatalf("join: %+v, %v", ref, err)
	}
	// A partner named by his nickname.
	if _, err := e.join(e.user("eve"), id, "Queens", "Camille"); err != nil {
		t.Fatal(err)
	}
	v := e.beldView(id, cam)
	if len(v.Teams) != 2 || v.Teams[1].Members[1].Name != "Camille" || v.Teams[1].Members[1].Bot || !v.Teams[1].Invited ||
		v.You == nil || !v.You.Invited || v.You.Team != "Queens" || !v.Event.Open || v.Event.Organiser {
		t.Errorf("the view of the named partner: %+v", v)
	}
	if ref, err := e.join(c, id, "Other", ""); err != nil || ref.Team != "Aces" {
		t.Errorf("a member joins again: %+v, %v; want his team", ref, err)
	}
	_, err = e.join(d, id, "Aces", "")
	wantCode(t, "a team name taken", err, protocol.CodeConflict)
	_, err = e.join(d, id, "Kings", c.ID)
	wantCode(t, "a partner in another team", err, protocol.CodeConflict)
	_, err = e.s.BeloteDeal(ctx, id, 3, c.ID)
	wantCode(t, "deal 3", err, protocol.CodeNotFound)
	_, err = e.s.BeloteDeal(ctx, id, 1, c.ID)
	wantCode(t, "deal 1 before the start", err, protocol.CodeNotPlayed)
	for what, err := range map[string]error{
		"view":   func() error { _, err := e.s.BeloteDuplicateView(ctx, "nope", ""); return err }(),
		"deal":   func() error { _, err := e.s.BeloteDeal(ctx, "nope", 1, ""); return err }(),
		"join":   func() error { _, err := e.join(d, "nope", "Kings", ""); return err }(),
		"start":  e.start(c, "nope"),
		"answer": e.answerBeld(cam, "nope", true),
	} {
		wantCode(t, "unknown event: "+what, err, protocol.CodeNotFound)
	}
	wantCode(t, "a start by a player", e.start(d, id), protocol.CodeBadRequest)
	wantCode(t, "a start by nobody", e.start(store.User{}, id), protocol.CodeBadRequest)
	empty := e.createBeld(c, BeloteDuplicateRequest{Name: "Empty", Deals: 1})
	wantCode(t, "a start with no team", e.start(c, empty), protocol.CodeBadRequest)
	list, err := e.s.ListBeloteDuplicates(ctx)
	if err != nil || len(list.Events) != 2 || list.Events[1].Deals != 2 || list.Events[1].Mode != "classic" {
		t.Errorf("list: %+v, %v", list, err)
	}
}

// TestBeloteDuplicatePlayRankingAndRestart: two teams (one with a bot
// partner, one of two humans) play the deals at tables of their own once
// the organiser starts; a team sees a deal once it has played it, others
// once every team has; the event survives a restart of the node.
func TestBeloteDuplicatePlayRankingAndRestart(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, a, b, bp, out := e.user("org"), e.user("ann"), e.user("bob"), e.user("bip"), e.user("out")
	id := e.createBeld(org, BeloteDuplicateRequest{Name: "Duplicate", Deals: 2, Seed: 5, Mode: "coinche", Level: "easy"})
	ja, err := e.join(a, id, "Aces", "")
	mustOK(t, "Aces join", err)
	jb, err := e.join(b, id, "Kings", bp.ID)
	mustOK(t, "Kings join", err)
	if ja.Table != "" || jb.Table != "" || e.hub.Len() != 0 {
		t.Fatalf("tables %q and %q before the start", ja.Table, jb.Table)
	}
	inv, err := e.s.Invitations(ctx, bp.ID)
	if err != nil || len(inv.Invitations) != 1 ||
		inv.Invitations[0] != (protocol.Invitation{Kind: KindBeloteDuplicate, ID: id, Name: "Duplicate", By: "bob", Team: "Kings"}) {
		t.Fatalf("bip's invitations: %+v, %v", inv, err)
	}
	mustOK(t, "bip accepts", e.answerBeld(bp, id, true))
	wantCode(t, "bip answers again", e.answerBeld(bp, id, true), protocol.CodeBadRequest)
	if inv, _ := e.s.Invitations(ctx, bp.ID); len(inv.Invitations) != 0 {
		t.Errorf("an answered invitation is listed: %+v", inv)
	}
	if v := e.beldView(id, org); !v.Event.Organiser || !v.Event.Open {
		t.Errorf("the organiser's view before the start: %+v", v.Event)
	}
	mustOK(t, "start", e.start(org, id))
	mustOK(t, "start again", e.start(org, id))
	if e.hub.Len() != 2 {
		t.Fatalf("%d tables after two starts, want 2", e.hub.Len())
	}
	ra, rb := e.teamRoom(a, id, "Aces"), e.teamRoom(b, id, "Kings")
	if r := e.teamRoom(bp, id, "Kings"); r != rb {
		t.Errorf("the partner's table %s, want %s", r.id, rb.id)
	}
	if ra.players != [4]table.Player{card.South: {ID: a.ID, Name: "ann"}, card.North: {Name: botName}} ||
		rb.players != [4]table.Player{card.South: {ID: b.ID, Name: "bob"}, card.North: {ID: bp.ID, Name: "bip"}} {
		t.Errorf("seats: Aces %+v, Kings %+v", ra.players, rb.players)
	}
	if s := rb.settings; s.Game != "belote" || s.Mode != "coinche" || len(s.BeloteDeals) != 2 || s.Tournament.String() != id+":Kings" || s.Level != "easy" {
		t.Errorf("Kings' table settings %+v", s)
	}
	if v := e.beldView(id, org); v.Event.Open {
		t.Error("the event still takes teams after its start")
	}

	// Aces play deal 1: they see it, Kings and the outsider do not.
	ra.finishBeloteDeal(t, 1, lastLegal, true)
	if n := e.s.CachedTeamDeals(id, "Aces"); n != 1 {
		t.Fatalf("Aces played %d deals", n)
	}
	if _, err := e.s.BeloteDeal(ctx, id, 1, a.ID); err != nil {
		t.Errorf("Aces do not see the deal they played: %v", err)
	}
	for _, u := range []store.User{b, bp, out, {}} {
		_, err := e.s.BeloteDeal(ctx, id, 1, u.ID)
		wantCode(t, "deal 1 for "+u.Username, err, protocol.CodeNotPlayed)
		for _, d := range e.beldView(id, u).Deals {
			if d.Visible || d.Yours != nil {
				t.Errorf("deal %d visible to %q: %+v", d.Deal, u.Username, d)
			}
		}
	}
	va := e.beldView(id, a)
	if va.You == nil || va.You.Team != "Aces" || va.You.Table != ra.id || len(va.Standings) != 1 || va.Standings[0].Team != "Aces" ||
		!va.Deals[0].Visible || va.Deals[0].Yours == nil || va.Deals[1].Visible || !va.Teams[0].You || va.Teams[0].Deals != 1 {
		t.Errorf("Aces' view after deal 1: %+v", va)
	}

	// Restart in the middle; then everybody finishes.
	e.s.Wait()
	before, _ := json.Marshal(e.beldView(id, org))
	e.restart()
	after, _ := json.Marshal(e.beldView(id, org))
	if string(before) != string(after) {
		t.Errorf("after a restart:\n%s\nbefore:\n%s", after, before)
	}
	for _, r := range []*fakeRoom{ra, rb} {
		r.hub = e.hub // the tables resumed
	}
	ra.finishBeloteDeal(t, 2, lastLegal, true)
	rb.finishBeloteDeal(t, 1, firstLegal, true)
	rb.finishBeloteDeal(t, 2, firstLegal, true)
	e.s.Wait()
	final := e.beldView(id, out)
	if len(final.Standings) != 2 || final.You != nil {
		t.Fatalf("final: %+v", final)
	}
	if len(final.Teams) != 2 || final.Teams[0].Name != "Aces" || !final.Teams[0].Members[1].Bot ||
		final.Teams[1].Members[0].Bot || final.Teams[1].Members[1].Bot || final.Teams[1].Deals != 2 {
		t.Errorf("teams: %+v", final.Teams)
	}
	if s := final.Standings[0].Relative + final.Standings[1].Relative; math.Abs(s) > 1e-9 {
		t.Errorf("relative scores do not cancel: %+v", final.Standings)
	}
	for _, d := range final.Deals {
		if !d.Visible || d.Played != 2 {
			t.Errorf("deal %d after everybody played: %+v", d.Deal, d)
		}
	}
	deal, err := e.s.BeloteDeal(ctx, id, 2, b.ID)
	mustOK(t, "deal 2", err)
	if len(deal.Deck) != 32 || len(deal.Results) != 2 || deal.Results[0].Relative != float64(deal.Results[0].Net-deal.Results[1].Net) ||
		deal.Results[1].Team != "Kings" || !deal.Results[1].You || deal.Results[0].You || deal.Results[0].Side != "NS" {
		t.Errorf("deal 2: %+v", deal)
	}
	rs, err := e.st.CompetitionResults(ctx, id)
	// Two teams, two deals, and the partner's answer.
	if err != nil || len(rs) != 5 {
		t.Fatalf("%d results stored: %v", len(rs), err)
	}
	// The points stored are those of the deals played.
	for _, r := range rs {
		if r.Board == answerBoard {
			continue
		}
		var data beldResultData
		mustOK(t, "result data", json.Unmarshal(r.Data, &data))
		for _, line := range deal.Results {
			if r.Board == 2 && r.Entry == line.Team && (data.Points[card.NS] != line.Points || data.Points[card.EW] != line.Against) {
				t.Errorf("stored %+v, shown %+v", data, line)
			}
		}
	}
	// A forged report (a table not bound to the team) is refused.
	forged, err := e.hub.CreateSeated(ctx, rb.settings, b.ID, rb.players)
	mustOK(t, "forged table", err)
	e.s.OnBeloteDeal(table.BeloteDealDone{Table: forged.ID(), Tournament: table.ParseCompetition(id + ":Aces"), Deal: 1})
	e.s.Wait()
	if rs, _ := e.st.CompetitionResults(ctx, id); len(rs) != 5 {
		t.Errorf("a forged belote deal was stored: %d results", len(rs))
	}
}

// TestBeloteDuplicateRebuildFromGames: deals played while no node listened
// are found in the team's stored game when the event is next read.
func TestBeloteDuplicateRebuildFromGames(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a := e.user("ann")
	id := e.createBeld(a, BeloteDuplicateRequest{Name: "Offline", Deals: 2, Seed: 9, Level: "easy"})
	_, err := e.join(a, id, "Solo", "")
	mustOK(t, "join", err)
	mustOK(t, "start", e.start(a, id))
	r := e.teamRoom(a, id, "Solo")
	e.restart()
	// The table plays both deals on a bare hub: stored, reported to nobody.
	var done [2]table.BeloteDealDone
	r.hub = newFakeHub(e.st)
	for n := 1; n <= 2; n++ {
		done[n-1] = r.finishBeloteDeal(t, n, lastLegal, true)
	}
	got := e.beldView(id, a)
	if len(got.Standings) != 1 || got.Standings[0].Deals != 2 || got.Deals[0].Yours == nil || got.Deals[1].Yours == nil {
		t.Fatalf("after the rebuild: %+v", got)
	}
	for i, d := range done {
		y := got.Deals[i].Yours
		if y.Points != d.Points[card.NS] || y.Against != d.Points[card.EW] {
			t.Errorf("deal %d: %+v, the table scored %v", i+1, y, d.Points)
		}
	}
	rs, err := e.st.CompetitionResults(ctx, id)
	if err != nil || len(rs) != 2 {
		t.Fatalf("%d results stored: %v", len(rs), err)
	}
}

// TestBeloteDuplicateEntriesClose: once started, an event takes no team,
// even through a node whose copy still says it is open (the store
// refuses); every team of a closed event having played a deal, anybody
// reads it.
func TestBeloteDuplicateEntriesClose(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, a, b, late := e.user("org"), e.user("ann"), e.user("bob"), e.user("late")
	id := e.createBeld(org, BeloteDuplicateRequest{Name: "Sealed", Deals: 2, Level: "easy"})
	s2 := e.service(newFakeHub(e.st))
	for _, u := range []store.User{a, b} {
		_, err := e.join(u, id, u.Username+"'s", "")
		mustOK(t, "join", err)
	}
	v2, err := s2.BeloteDuplicateView(ctx, id, "")
	if err != nil || !v2.Event.Open || len(v2.Teams) != 2 {
		t.Fatalf("node two's view: %+v, %v", v2, err)
	}
	mustOK(t, "start", e.start(org, id))
	hold(s2, id)
	_, err = s2.JoinBeloteDuplicate(ctx, e.caller(late), id, JoinRequest{Team: "Cheats"})
	wantCode(t, "a late join on node two", err, protocol.CodeOver)
	_, err = e.join(late, id, "Cheats", "")
	wantCode(t, "a late join", err, protocol.CodeOver)
	rooms := []*fakeRoom{e.teamRoom(a, id, "ann's"), e.teamRoom(b, id, "bob's")}
	for _, r := range rooms {
		r.finishBeloteDeal(t, 1, firstLegal, false)
	}
	if _, err := e.s.BeloteDeal(ctx, id, 1, late.ID); err != nil {
		t.Errorf("deal 1 played by every team of a closed event: %v", err)
	}
	_, err = e.s.BeloteDeal(ctx, id, 2, late.ID)
	wantCode(t, "deal 2", err, protocol.CodeNotPlayed)
	if n := len(e.beldView(id, org).Teams); n != 2 {
		t.Errorf("%d teams after the late joins, want 2", n)
	}
	// Node two catches up with the start and the results.
	e.s.Wait()
	s2.Stale(id)
	v2, err = s2.BeloteDuplicateView(ctx, id, late.ID)
	if err != nil || v2.Event.Open || !v2.Deals[0].Visible || v2.Deals[1].Visible {
		t.Errorf("node two after the start: %+v, %v", v2, err)
	}
	if err := s2.MayRead(ctx, rooms[0].id, rooms[0].settings.Tournament, late.ID); table.CodeOf(err) != table.CodeForbidden {
		t.Errorf("a table read with deal 2 hidden: %v", err)
	}
}

// TestBeloteDuplicatePartners: a partner plays only once he has accepted;
// one who never answers is replaced by a bot at the start, one who
// declines at once; nobody answers for another or after the start.
func TestBeloteDuplicatePartners(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, v1, v2, v3, x := e.user("org"), e.user("vic"), e.user("val"), e.user("vin"), e.user("xav")
	id := e.createBeld(org, BeloteDuplicateRequest{Name: "Partner", Deals: 1, Level: "easy"})
	s2 := e.service(newFakeHub(e.st))
	for i, tc := range []struct {
		team    string
		partner store.User
	}{{"Silent", v1}, {"Refused", v2}, {"Both", v3}} {
		owner := []store.User{org, e.user("p2"), e.user("p3")}[i]
		_, err := e.join(owner, id, tc.team, tc.partner.ID)
		mustOK(t, "join "+tc.team, err)
	}
	if v, err := s2.BeloteDuplicateView(ctx, id, v3.ID); err != nil || v.You == nil || !v.You.Invited {
		t.Fatalf("node two's view of vin: %+v, %v", v, err)
	}
	vb := e.beldView(id, v1)
	if vb.You == nil || !vb.You.Invited || vb.You.Table != "" || vb.You.Team != "Silent" {
		t.Fatalf("the named partner's view: %+v", vb.You)
	}
	wantCode(t, "an answer from nobody invited", e.answerBeld(x, id, true), protocol.CodeBadRequest)
	mustOK(t, "val declines", e.answerBeld(v2, id, false))
	mustOK(t, "vin accepts", e.answerBeld(v3, id, true))
	// Node two's copy still waits for vin's answer: the store refuses a
	// second one.
	hold(s2, id)
	_, err := s2.AnswerBeloteDuplicate(ctx, e.caller(v3), id, protocol.Answer{Accept: false})
	wantCode(t, "vin answers again on node two", err, protocol.CodeConflict)
	v := e.beldView(id, v2)
	if v.You != nil || v.Teams[1].Invited || v.Teams[2].Invited || !v.Teams[0].Invited {
		t.Errorf("after the answers: you %+v, teams %+v", v.You, v.Teams)
	}
	mustOK(t, "start", e.start(org, id))
	wantCode(t, "vic answers after the start", e.answerBeld(v1, id, true), protocol.CodeOver)
	seats := map[string]string{}
	for _, r := range e.hub.opened() {
		seats[r.settings.Tournament.String()] = r.players[card.North].ID
	}
	if seats[id+":Silent"] != "" || seats[id+":Refused"] != "" || seats[id+":Both"] != v3.ID {
		t.Errorf("North at the tables %v: want bots for the partners who did not accept, and vin", seats)
	}
	v = e.beldView(id, v1)
	if v.You != nil || !v.Teams[0].Members[1].Bot || v.Teams[0].Invited {
		t.Errorf("after the start, the partner who never answered: you %+v, team %+v", v.You, v.Teams[0])
	}
	if inv, _ := e.s.Invitations(ctx, v1.ID); len(inv.Invitations) != 0 {
		t.Errorf("an invitation listed after the start: %+v", inv)
	}
	if ref, err := e.join(v3, id, "", ""); err != nil || ref.Team != "Both" || ref.Table == "" {
		t.Errorf("the partner who accepted: %+v, %v", ref, err)
	}
	_, err = e.join(v1, id, "Mine", "")
	wantCode(t, "the replaced partner joins", err, protocol.CodeOver)
}

// TestBeloteDuplicateTableFails: a team whose table could not be opened at
// the start gets it when a member comes back (within his table limit).
func TestBeloteDuplicateTableFails(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, a := e.user("org"), e.user("ann")
	id := e.createBeld(org, BeloteDuplicateRequest{Name: "Flaky", Deals: 1})
	for _, u := range []store.User{org, a} {
		_, err := e.join(u, id, u.Username, "")
		mustOK(t, "join", err)
	}
	e.hub.failAt = 2
	if err := e.start(org, id); !errors.Is(err, errNoRoom) {
		t.Fatalf("start with a table failing: %v", err)
	}
	if v := e.beldView(id, a); v.Event.Open || v.You == nil || v.You.Table != "" {
		t.Fatalf("ann's view: %+v", v)
	}
	e.hub.failAt = 0
	c := e.caller(a)
	c.Reserve = func() (func(), error) { return nil, protocol.Refuse(protocol.CodeLimited, "too many tables") }
	_, err := e.s.JoinBeloteDuplicate(ctx, c, id, JoinRequest{})
	wantCode(t, "a table past the limit", err, protocol.CodeLimited)
	if r := e.teamRoom(a, id, "ann"); r.players[card.South].ID != a.ID {
		t.Errorf("ann's table seats %+v", r.players)
	}
	if en, err := e.st.GetCompetitionEntry(ctx, id, "ann"); err != nil || en.GameID == "" {
		t.Errorf("ann's entry %+v, %v", en, err)
	}
	// A start opens the tables still missing, and only those.
	mustOK(t, "start again", e.start(org, id))
	if n := e.hub.Len(); n != 2 {
		t.Errorf("%d tables, want 2", n)
	}
}

// hold makes node s's copy of competition id fresh for an hour: its next
// reads do not catch up with the store (a copy read a moment ago).
func hold(s *Service, id string) {
	s.cache.mu.Lock()
	sl := s.cache.slots[id]
	s.cache.mu.Unlock()
	if sl != nil {
		sl.mu.Lock()
		sl.checked = time.Now().Add(time.Hour)
		sl.mu.Unlock()
	}
}

// TestBeloteDuplicateSaTa: an event created with the sans-atout and
// tout-atout bids (coinche only) says so, opens every table with them,
// keeps them across a restart, and ranks the teams on the deals played in
// those strains, scored as the rules score them (docs/belote-coinche-sa-ta.md).
func TestBeloteDuplicateSaTa(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	org, a, b := e.user("org"), e.user("ann"), e.user("bob")
	for _, mode := range []protocol.BeloteMode{"", "classic", "notrump"} {
		_, err := e.s.CreateBeloteDuplicate(ctx, e.caller(org), BeloteDuplicateRequest{Name: "x", Deals: 2, Mode: mode, SaTa: true})
		var ie *InputError
		if !errors.As(err, &ie) || !strings.Contains(ie.Msg, `sata="true"`) {
			t.Errorf("sata in mode %q: %v, want an input error naming sata", mode, err)
		}
	}

	plain := e.createBeld(org, BeloteDuplicateRequest{Name: "Plain", Deals: 1, Seed: 3, Mode: "coinche", Level: "easy"})
	id := e.createBeld(org, BeloteDuplicateRequest{Name: "SA TA", Deals: 2, Seed: 5, Mode: "coinche", Level: "easy", SaTa: true})
	list, err := e.s.ListBeloteDuplicates(ctx)
	mustOK(t, "list", err)
	for _, ev := range list.Events {
		if ev.SaTa != (ev.ID == id) {
			t.Errorf("listed %s (%s) with sata=%v", ev.ID, ev.Name, ev.SaTa)
		}
	}
	if v := e.beldView(id, org); !v.Event.SaTa || v.Event.Mode != "coinche" {
		t.Errorf("event %+v, want coinche with sata", v.Event)
	}
	if v := e.beldView(plain, org); v.Event.SaTa {
		t.Errorf("event without sata says sata: %+v", v.Event)
	}
	for _, u := range []store.User{a, b} {
		_, err := e.join(u, id, u.Username, "")
		mustOK(t, u.Username+" joins", err)
	}
	_, err = e.join(a, plain, "Plain", "")
	mustOK(t, "join plain", err)
	mustOK(t, "start", e.start(org, id))
	mustOK(t, "start plain", e.start(org, plain))
	ra, rb := e.teamRoom(a, id, "ann"), e.teamRoom(b, id, "bob")
	for _, r := range []*fakeRoom{ra, rb} {
		if s := r.settings; !s.SaTa || s.Mode != "coinche" || len(s.BeloteDeals) != 2 {
			t.Errorf("table %s settings %+v, want coinche with sata", r.id, s)
		}
	}
	if rp := e.teamRoom(a, plain, "Plain"); rp.settings.SaTa {
		t.Errorf("a table of an event without sata has sata: %+v", rp.settings)
	}

	// ann's side opens 80 tout-atout at both deals, bob's 80 sans-atout;
	// everybody else passes and plays the first legal card.
	bidding := func(bid string) func(int, []string) string {
		return func(step int, legal []string) string {
			if step == 0 {
				if !slices.Contains(legal, bid) {
					t.Fatalf("%s is not among the opening bids %v", bid, legal)
				}
				return bid
			}
			if slices.Contains(legal, "pass") {
				return "pass"
			}
			return legal[0]
		}
	}
	// Not coinched and without announcements (belote-rebelote is not
	// played in SA or TA): made, the two sides share the deal's card
	// points (162 in TA, 130 in Maison SA) and the takers add the bid;
	// failed, the defenders score 160 + the bid.
	check := func(r *fakeRoom, no int, bid string, total int) table.BeloteDealDone {
		t.Helper()
		done := r.finishBeloteDeal(t, no, bidding(bid), true)
		deals, err := belote.LoadDeals([]belote.Record{done.Record})
		mustOK(t, "load the deal", err)
		c, _ := deals[0].Contract()
		if got := c.Trump; (bid == "80AT") != (got == belote.AllTrump) || (bid == "80NT") != (got == belote.NoSuit) {
			t.Fatalf("deal %d bid %s: contract strain %v", no, bid, got)
		}
		if !done.Record.SaTa {
			t.Errorf("deal %d: the record does not say sata", no)
		}
		takers, p := c.Takers(), done.Points
		switch made := deals[0].Result().Made; {
		case made && p[takers]+p[takers.Other()] != total+80:
			t.Errorf("deal %d %s made: %v, want %d in all", no, bid, p, total+80)
		case !made && (p[takers] != 0 || p[takers.Other()] != 240):
			t.Errorf("deal %d %s failed: %v, want 0 and 240", no, bid, p)
		}
		return done
	}
	var nets [2][2]int // deal, team (ann, bob): NS points less EW's
	for no := 1; no <= 2; no++ {
		da, db := check(ra, no, "80AT", 162), check(rb, no, "80NT", 130)
		nets[no-1] = [2]int{da.Points[card.NS] - da.Points[card.EW], db.Points[card.NS] - db.Points[card.EW]}
	}
	e.s.Wait()
	v := e.beldView(id, org)
	if len(v.Standings) != 2 {
		t.Fatalf("standings %+v", v.Standings)
	}
	for no := 1; no <= 2; no++ {
		deal, err := e.s.BeloteDeal(ctx, id, no, org.ID)
		mustOK(t, "deal", err)
		if len(deal.Results) != 2 {
			t.Fatalf("deal %d: %+v", no, deal.Results)
		}
		for i, r := range deal.Results {
			want := nets[no-1][i]
			if r.Net != want || r.Relative != float64(want-nets[no-1][1-i]) {
				t.Errorf("deal %d, %s: net %d relative %v, want %d and %d", no, r.Team, r.Net, r.Relative, want, want-nets[no-1][1-i])
			}
		}
	}
	rel := float64(nets[0][0]-nets[0][1]+nets[1][0]-nets[1][1]) / 2
	for _, s := range v.Standings {
		want := rel
		if s.Team == "bob" {
			want = -rel
		}
		if s.PerDeal != want {
			t.Errorf("%s: %v per deal, want %v", s.Team, s.PerDeal, want)
		}
	}

	// The setting is in the stored event: a restart reads it back.
	before, _ := json.Marshal(e.beldView(id, org))
	e.restart()
	if after, _ := json.Marshal(e.beldView(id, org)); string(before) != string(after) {
		t.Errorf("after a restart:\n%s\nbefore:\n%s", after, before)
	}
	if v := e.beldView(id, org); !v.Event.SaTa {
		t.Error("the restarted event lost sata")
	}
}
