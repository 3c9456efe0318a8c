package table

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"atout/card"
	"atout/protocol"
	"atout/store"
)

func openStore(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func newHub(t *testing.T, st *store.Store) *LocalHub {
	t.Helper()
	h := NewLocalHub(Config{Store: st, Logger: quietLogger()})
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	return h
}

func waitOver(t *testing.T, r Room, limit time.Duration) {
	t.Helper()
	tb := r.(*Table)
	deadline := time.Now().Add(limit)
	for !tb.Over() {
		if time.Now().After(deadline) {
			in, _ := r.Info(context.Background(), "")
			t.Fatalf("table %s not over after %v: deal %d, %d moves", r.ID(), limit, in.Deal, in.DealMove)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestBotTablesPlayToTheEnd(t *testing.T) {
	cases := []Settings{
		{Game: "bridge", Scoring: "duplicate", Boards: 2, Seed: 1},
		{Game: "bridge", Scoring: "chicago", Seed: 2},
		{Game: "bridge", Scoring: "rubber", Seed: 3},
		{Game: "belote", Mode: "classic", Target: 300, Seed: 4},
		{Game: "belote", Mode: "coinche", Rules: "official", Announcements: true, Target: 400, Seed: 5},
		{Game: "belote", Mode: "notrump", Target: 300, Seed: 6},
	}
	if testing.Short() {
		cases = cases[:1]
	} else if raceEnabled {
		// The rubber runs to some sixty deals with random bots.
		cases = append(cases[:2], cases[3:]...)
	}
	st := openStore(t)
	h := newHub(t, st)
	ctx := context.Background()
	for _, s := range cases {
		r, err := h.Create(ctx, s, Player{})
		if err != nil {
			t.Fatal(err)
		}
		waitOver(t, r, 60*time.Second)
		g, err := st.GetGame(ctx, r.ID())
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != store.StatusFinished {
			t.Errorf("%s %s: status %s", s.Game, string(s.Scoring)+string(s.Mode), g.Status)
		}
		// Replaying the stored moves gives the same match.
		rec, err := st.LoadGame(ctx, r.ID())
		if err != nil {
			t.Fatal(err)
		}
		h2 := &LocalHub{cfg: h.cfg}
		tb, err := h2.restore(ctx, rec)
		if err != nil {
			t.Fatal(err)
		}
		if !tb.m.Over() {
			t.Errorf("%s: replayed match not over", r.ID())
		}
		want, _ := json.Marshal(r.(*Table).m.Sheet())
		got, _ := json.Marshal(tb.m.Sheet())
		if string(got) != string(want) {
			t.Errorf("%s: replayed sheet\n%s\nwant\n%s", r.ID(), got, want)
		}
		if string(g.Result) != string(tb.m.Result()) {
			t.Errorf("%s: stored result %s, replay %s", r.ID(), g.Result, tb.m.Result())
		}
		t.Logf("%s/%s%s: %d deals, %d moves, result %s", s.Game, s.Scoring, s.Mode, tb.m.DealNo(), tb.n, g.Result)
	}
}

// recv waits for the next state message on a subscription.
func recv(t *testing.T, s *Sub) map[string]any {
	t.Helper()
	select {
	case b, ok := <-s.C():
		if !ok {
			t.Fatal("subscription closed")
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("no message")
	}
	return nil
}

// waitTurn drains messages until the human's seat has something legal.
func waitTurn(t *testing.T, s *Sub) map[string]any {
	t.Helper()
	for {
		m := recv(t, s)
		v, _ := m["view"].(map[string]any)
		if legal, _ := v["legal"].([]any); len(legal) > 0 {
			return m
		}
	}
}

func TestHumanTableActUndoResume(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	h := NewLocalHub(Config{Store: st, Logger: quietLogger()})
	u, err := st.CreateGuest(ctx, "alice", "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := h.Create(ctx, Settings{Game: "bridge", Boards: 1, Seed: 42}, Player{ID: u.ID, Name: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	sub, err := r.Subscribe(ctx, u.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	m := waitTurn(t, sub)
	n := int(m["n"].(float64))
	// Out of turn, wrong seat, illegal, stale.
	for _, c := range []struct {
		seat   card.Seat
		action string
		n      int
		code   string
	}{
		{card.East, "P", n, CodeSeat},
		{card.South, "8NT", n, CodeIllegal},
		{card.South, "P", n + 5, CodeStale},
		{card.South, "", n, CodeBadRequest},
	} {
		err := r.Act(ctx, u.ID, c.seat, c.action, c.n)
		if CodeOf(err) != c.code {
			t.Errorf("act %v %q n=%d: %v, want code %s", c.seat, c.action, c.n, err, c.code)
		}
	}
	if err := r.Act(ctx, "nobody", card.South, "P", n); CodeOf(err) != CodeNotSeated {
		t.Errorf("stranger: %v", err)
	}
	legal := m["view"].(map[string]any)["legal"].([]any)
	first, second := legal[0].(string), legal[len(legal)-1].(string)
	if err := r.Act(ctx, u.ID, card.South, first, n); err != nil {
		t.Fatal(err)
	}
	waitTurn(t, sub)
	// Undo takes back the bots' calls and South's.
	if err := r.Undo(ctx, u.ID, false); err != nil {
		t.Fatal(err)
	}
	m = waitTurn(t, sub)
	if got := int(m["n"].(float64)); got != n {
		t.Fatalf("after undo n = %d, want %d", got, n)
	}
	if err := r.Act(ctx, u.ID, card.South, second, n); err != nil {
		t.Fatal(err)
	}
	m = waitTurn(t, sub)
	before, _ := json.Marshal(m["view"])
	nBefore := m["n"]
	sub.Close()
	// A new process: stop the hub, resume from the store.
	if err := h.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	h2 := newHub(t, st)
	if k, err := h2.Resume(ctx); err != nil || k != 1 {
		t.Fatalf("resumed %d tables, err %v", k, err)
	}
	r2, err := h2.Get(ctx, r.ID())
	if err != nil {
		t.Fatal(err)
	}
	sub2, err := r2.Subscribe(ctx, u.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	m = recv(t, sub2)
	after, _ := json.Marshal(m["view"])
	if string(after) != string(before) || m["n"] != nBefore {
		t.Fatalf("resumed view\n%s\nwant\n%s", after, before)
	}
	if _, err := h2.Get(ctx, "nosuchtable"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown table: %v", err)
	}
}

func TestTurnTimerPlaysForAbsentHuman(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	h := NewLocalHub(Config{Store: st, Logger: quietLogger(), TurnTimeout: 50 * time.Millisecond, NextDelay: 50 * time.Millisecond})
	t.Cleanup(func() { h.Shutdown(ctx) })
	a, _ := st.CreateGuest(ctx, "a", "")
	b, _ := st.CreateGuest(ctx, "b", "")
	r, err := h.Create(ctx, Settings{Game: "belote", Target: 200, Seed: 3}, Player{ID: a.ID})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Join(ctx, r.ID(), Player{ID: b.ID, Name: "b", Invite: inviteOf(t, r, a.ID)}, card.North); err != nil {
		t.Fatal(err)
	}
	// Nobody plays: the timers let bots act for both humans, and the deals
	// follow each other, to the end.
	waitOver(t, r, 60*time.Second)
}

// inviteOf returns the invitation secret of room as its owner sees it.
func inviteOf(t testing.TB, r Room, owner string) string {
	t.Helper()
	in, err := r.Info(context.Background(), owner)
	if err != nil || in.Invite == "" {
		t.Fatalf("no invitation for the owner of table %s: %v", r.ID(), err)
	}
	return in.Invite
}

// TestOneStatePerMove: at a table of four humans with a turn timer, a
// move is one state message to each player, and it carries the next
// player's timer (the timer is armed before the broadcast, not in a
// second one).
func TestOneStatePerMove(t *testing.T) {
	ctx := context.Background()
	tbl, players := fourHumans(t, Settings{Game: "belote", Target: 1000, Seed: 5})
	r := Room(tbl)
	sub, err := r.Subscribe(ctx, players[card.North].ID, "")
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	drain := func(d time.Duration) (msgs []protocol.State) {
		timer := time.After(d)
		for {
			select {
			case b := <-sub.C():
				var m protocol.State
				if json.Unmarshal(b, &m) == nil && m.Type == "state" {
					msgs = append(msgs, m)
				}
			case <-timer:
				return msgs
			}
		}
	}
	drain(300 * time.Millisecond)
	for range 6 {
		var seat card.Seat
		var legal []string
		var n int
		if err := tbl.exec(ctx, func() {
			seat = tbl.m.Game().ToAct()[0]
			legal, n = tbl.m.Game().Legal(seat), tbl.n
		}); err != nil {
			t.Fatal(err)
		}
		if err := r.Act(ctx, players[seat].ID, seat, legal[0], n); err != nil {
			t.Fatal(err)
		}
		msgs := drain(300 * time.Millisecond)
		if len(msgs) != 1 || msgs[0].N != n+1 || msgs[0].Timer == nil || *msgs[0].Timer < 55 {
			t.Fatalf("move %d by %v: %d states %+v, want one at n=%d with the next player's timer", n, seat, len(msgs), msgs, n+1)
		}
	}
}

// TestIdleTableSleeps: a table waiting for a human with no turn timer
// does not wake up by itself (it used to tick four times a second, and a
// node's thousands of idle tables each paid the collector's assist at
// every collection), while a turn timer still ends on time.
func TestIdleTableSleeps(t *testing.T) {
	r, sub, _ := humanTable(t, Settings{Game: "bridge", Boards: 1, Seed: 7})
	waitTurn(t, sub)
	tbl := r.(*Table)
	before := tbl.wakes.Load()
	time.Sleep(300 * time.Millisecond)
	if n := tbl.wakes.Load() - before; n != 0 {
		t.Errorf("an idle table woke %d times in 300 ms, want 0", n)
	}
}
