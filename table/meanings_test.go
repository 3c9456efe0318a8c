package table

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"atout/bot/bidding/explain"
	"atout/bridge"
	"atout/card"
	"atout/match"
	"atout/protocol"
	"atout/store"
)

func meaningsHub(t *testing.T) *LocalHub {
	t.Helper()
	h := NewLocalHub(Config{Store: openStore(t), Logger: quietLogger(),
		Games: map[string]match.Abilities{"bridge": explain.New().Abilities(match.Abilities{})}})
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	return h
}

// bobsTable opens a bridge table of bob's (South, bots in the other
// seats) on a hub with the bidding system's abilities.
func bobsTable(t *testing.T) (store.User, Room) {
	t.Helper()
	h := meaningsHub(t)
	u, err := h.cfg.Store.CreateGuest(context.Background(), "bob", "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := h.Create(context.Background(), Settings{Game: "bridge", Boards: 1, Seed: 9}, Player{ID: u.ID, Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	return u, r
}

// TestMeanings: on his turn to call, the player gets the meaning of each
// legal call, for the position he sees; the meaning of the call he then
// makes is the explanation the table gives of it; a watcher of a casual
// table gets them too; after the auction there are none.
func TestMeanings(t *testing.T) {
	ctx := context.Background()
	u, r := bobsTable(t)
	sub, _ := r.Subscribe(ctx, u.ID, "")
	defer sub.Close()
	m := waitTurn(t, sub)
	v := m["view"].(map[string]any)
	legal := v["legal"].([]any)
	ms, err := r.Meanings(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if ms.Type != protocol.TypeMeanings || ms.Seat != card.South || ms.N != int(m["n"].(float64)) || len(ms.Calls) != len(legal) {
		t.Fatalf("meanings %+v for %d legal calls at n %v", ms, len(legal), m["n"])
	}
	for i, l := range legal {
		if ms.Calls[i].Call != l {
			t.Fatalf("meaning %d is of %s, the legal call is %v", i, ms.Calls[i].Call, l)
		}
	}
	watched, err := r.Meanings(ctx, "")
	if err != nil || !reflect.DeepEqual(watched, ms) {
		t.Errorf("a watcher of a casual table: %+v, %v", watched, err)
	}
	// Make the last bid but one (a bid the bots would not choose) and read
	// its explanation in the next state.
	pick := ms.Calls[len(ms.Calls)-2]
	k := len(v["auction"].([]any))
	if err := r.Act(ctx, u.ID, card.South, pick.Call, ms.N); err != nil {
		t.Fatal(err)
	}
	var got protocol.Explanation
	for {
		st := recv(t, sub)
		ex, _ := st["explanations"].([]any)
		if len(ex) <= k {
			continue
		}
		b, _ := json.Marshal(ex[k])
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		break
	}
	b, _ := json.Marshal(pick)
	var want protocol.Explanation
	json.Unmarshal(b, &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: the box said %+v, the table explains %+v", pick.Call, want, got)
	}
	// Play on to the card play: no meanings there.
	for {
		g := r.(*Table)
		var phase bridge.Phase
		var turn card.Seat
		var n int
		g.exec(ctx, func() {
			bg := g.m.Game().(*bridge.Game)
			phase, n = bg.Phase(), g.n
			turn, _ = bg.Turn()
		})
		if phase != bridge.PhaseAuction {
			break
		}
		if turn == card.South {
			r.Act(ctx, u.ID, card.South, "P", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := r.Meanings(ctx, u.ID); CodeOf(err) != CodeTurn {
		t.Errorf("meanings after the auction: %v, want %s", err, CodeTurn)
	}
}

// TestMeaningsSealed: at a competition's table that does not show the deal
// to somebody not seated, he gets no meanings (they would tell the
// auction); the player does. A game without the ability says so.
func TestMeaningsSealed(t *testing.T) {
	ctx := context.Background()
	h := meaningsHub(t)
	h.SealWith(func(q SealQuery) bool { return q.Viewer == "judge" })
	u, _ := h.cfg.Store.CreateGuest(ctx, "alice", "")
	deal := bridge.RandomDeal(card.NewRand(9)).String()
	r, err := h.Create(ctx, Settings{Game: "bridge", Tournament: ParseCompetition("T1"), Deals: []string{deal}, Seed: 3}, Player{ID: u.ID, Name: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := r.Subscribe(ctx, u.ID, "")
	defer sub.Close()
	waitTurn(t, sub)
	if ms, err := r.Meanings(ctx, "watcher"); CodeOf(err) != CodeForbidden || ms.Calls != nil {
		t.Errorf("a watcher the deal is not shown to: %+v, %v; want %s", ms, err, CodeForbidden)
	}
	if ms, err := r.Meanings(ctx, "judge"); err != nil || len(ms.Calls) == 0 {
		t.Errorf("somebody the deal is shown to: %+v, %v", ms, err)
	}
	if ms, err := r.Meanings(ctx, u.ID); err != nil || len(ms.Calls) == 0 {
		t.Errorf("the player: %+v, %v", ms, err)
	}
	plain := newHub(t, openStore(t))
	u2, _ := plain.cfg.Store.CreateGuest(ctx, "carol", "")
	r2, err := plain.Create(ctx, Settings{Game: "bridge", Boards: 1, Seed: 9}, Player{ID: u2.ID, Name: "carol"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r2.Meanings(ctx, u2.ID); CodeOf(err) != CodeBadRequest {
		t.Errorf("a game without meanings: %v, want %s", err, CodeBadRequest)
	}
}

// turnOrPlay reads s's messages up to the player's turn, or to the play
// (where he may be dummy, and have no turn).
func turnOrPlay(t *testing.T, s *Sub) map[string]any {
	t.Helper()
	for {
		m := recv(t, s)
		v, _ := m["view"].(map[string]any)
		if legal, _ := v["legal"].([]any); len(legal) > 0 || m["type"] == "state" && v["phase"] == "play" {
			return m
		}
	}
}

// TestExplanationsInReadersLanguage: a subscriber reading a language gets
// each call's explanation with the words of that language only (none in
// English, whose words are the text), and otherwise the same explanation
// as the subscriber of every language; both at every state of an auction
// and in the play.
func TestExplanationsInReadersLanguage(t *testing.T) {
	ctx := context.Background()
	u, r := bobsTable(t)
	langs := []string{"", "fr", "en", "ko", "xx"}
	subs := make([]*Sub, len(langs))
	for i, l := range langs {
		var err error
		if subs[i], err = r.Subscribe(ctx, u.ID, l); err != nil {
			t.Fatal(err)
		}
		defer subs[i].Close()
	}
	// stateAt reads s's messages up to the state of move n.
	stateAt := func(s *Sub, n float64) map[string]any {
		for {
			m := recv(t, s)
			if m["type"] == "state" && m["n"].(float64) >= n {
				if m["n"].(float64) != n {
					t.Fatalf("state %v, want %v", m["n"], n)
				}
				return m
			}
		}
	}
	explained := func(m map[string]any) []protocol.Explanation {
		var out []protocol.Explanation
		b, _ := json.Marshal(m["explanations"])
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	worded := 0
	for turn := 0; ; turn++ {
		m := turnOrPlay(t, subs[0])
		all := explained(m)
		for i, l := range langs[1:] {
			got := explained(stateAt(subs[i+1], m["n"].(float64)))
			if len(got) != len(all) {
				t.Fatalf("%s: %d explanations, %d in every language", l, len(got), len(all))
			}
			for k, e := range all {
				if e.Words["fr"] != "" {
					worded++
				}
				want := e
				want.Words = nil
				if w := e.Words[l]; w != "" && l != "en" {
					want.Words = map[string]string{l: w}
				}
				if !reflect.DeepEqual(got[k], want) || !reflect.DeepEqual(got[k], e.In(l)) {
					t.Fatalf("%s, call %d at move %v:\n got %+v\nwant %+v", l, k, m["n"], got[k], want)
				}
			}
		}
		v := m["view"].(map[string]any)
		if v["phase"] == "play" || turn == 8 {
			if len(all) == 0 || worded == 0 {
				t.Fatalf("%d explanations, %d worded in French: nothing checked", len(all), worded)
			}
			return
		}
		legal := v["legal"].([]any)
		if err := r.Act(ctx, u.ID, card.South, legal[len(legal)/3].(string), int(m["n"].(float64))); err != nil {
			t.Fatal(err)
		}
	}
}
