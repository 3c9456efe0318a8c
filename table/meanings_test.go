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
)

func meaningsHub(t *testing.T) *LocalHub {
	t.Helper()
	h := NewLocalHub(Config{Store: openStore(t), Logger: quietLogger(), Tick: 10 * time.Millisecond,
		Games: map[string]match.Abilities{"bridge": explain.New().Abilities(match.Abilities{})}})
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	return h
}

// TestMeanings: on his turn to call, the player gets the meaning of each
// legal call, for the position he sees; the meaning of the call he then
// makes is the explanation the table gives of it; a watcher of a casual
// table gets them too; after the auction there are none.
func TestMeanings(t *testing.T) {
	ctx := context.Background()
	h := meaningsHub(t)
	u, _ := h.cfg.Store.CreateGuest(ctx, "bob", "")
	r, err := h.Create(ctx, Settings{Game: "bridge", Boards: 1, Seed: 9}, Player{ID: u.ID, Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := r.Subscribe(ctx, u.ID)
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
	sub, _ := r.Subscribe(ctx, u.ID)
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
