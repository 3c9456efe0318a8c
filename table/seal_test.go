package table

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"atout/bridge"
	"atout/card"
)

// playSealed plays a one-board competition table with a human South to the
// end of the board, picking his first legal call or card, while a watcher
// who does not sit there is subscribed. It returns the last state each
// received.
func playSealed(t *testing.T, h *LocalHub, judge Judge) (player, watcher map[string]any) {
	t.Helper()
	ctx := context.Background()
	if judge != nil {
		h.SealWith(judge)
	}
	st := h.cfg.Store
	u, err := st.CreateGuest(ctx, "alice", "")
	if err != nil {
		t.Fatal(err)
	}
	deal := bridge.RandomDeal(card.NewRand(9)).String()
	r, err := h.Create(ctx, Settings{Game: "bridge", Tournament: ParseCompetition("T1"), Deals: []string{deal}, Seed: 3}, Player{ID: u.ID, Name: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := r.Subscribe(ctx, u.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	defer ps.Close()
	ws, err := r.Subscribe(ctx, "watcher", "")
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	deadline := time.Now().Add(60 * time.Second)
	for {
		if time.Now().After(deadline) {
			t.Fatal("the board did not end")
		}
		m := recv(t, ps)
		v, _ := m["view"].(map[string]any)
		if v["phase"] == "over" {
			player = m
			break
		}
		legal, _ := v["legal"].([]any)
		if len(legal) == 0 {
			continue
		}
		who, _ := m["seat"].(string)
		if lf, ok := v["legalFor"].(string); ok {
			who = lf
		}
		seat, err := card.ParseSeat(who)
		if err != nil {
			t.Fatal(err)
		}
		r.Act(ctx, u.ID, seat, legal[0].(string), int(m["n"].(float64)))
	}
	// The watcher's state once the board is over (he gets every one).
	for {
		select {
		case b, ok := <-ws.C():
			if !ok {
				return player, watcher
			}
			if m := decodeState(t, b); m["type"] == "state" {
				watcher = m
				if tb, _ := m["table"].(map[string]any); tb["dealOver"] == true {
					return player, watcher
				}
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the watcher did not see the end of the board")
		}
	}
}

func decodeState(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestCompetitionTableSealed: a competition's table that its competition
// does not let show a board (or that no competition speaks for) shows its
// player only what play showed him at the end of the board, and somebody
// who watches nothing of the board nor the sheet.
func TestCompetitionTableSealed(t *testing.T) {
	for _, tc := range []struct {
		name  string
		judge Judge
	}{{"no judge", nil}, {"judge says no", func(SealQuery) bool { return false }}} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHub(t, openStore(t))
			player, watcher := playSealed(t, h, tc.judge)
			v := player["view"].(map[string]any)
			tbl := player["table"].(map[string]any)
			if _, ok := v["deal"]; ok {
				t.Errorf("the player got the deal as dealt at the end of a sealed board: %v", v["deal"])
			}
			hands, _ := v["hands"].(map[string]any)
			dummy, _ := v["dummy"].(string)
			for s := range hands {
				if s != "S" && s != dummy {
					t.Errorf("the player got %s's hand at the end of a sealed board", s)
				}
			}
			if tbl["sealed"] != true {
				t.Errorf("the player's table info does not say sealed: %v", tbl)
			}
			if watcher == nil {
				t.Fatal("the watcher got no state")
			}
			if watcher["view"] != nil {
				t.Errorf("the watcher got a view of a sealed board: %v", watcher["view"])
			}
			wt := watcher["table"].(map[string]any)
			sheet, _ := wt["sheet"].(map[string]any)
			if lines, _ := sheet["lines"].([]any); len(lines) > 0 || wt["sealed"] != true {
				t.Errorf("the watcher's table info: sheet %v, sealed %v", wt["sheet"], wt["sealed"])
			}
		})
	}
	t.Run("judge says yes", func(t *testing.T) {
		var asked atomic.Int32
		h := newHub(t, openStore(t))
		player, watcher := playSealed(t, h, func(q SealQuery) bool {
			asked.Add(1)
			if q.Tournament.String() != "T1" || q.Deal != 1 || q.Board != 1 {
				t.Errorf("query %+v", q)
			}
			return true
		})
		v := player["view"].(map[string]any)
		if hands, _ := v["hands"].(map[string]any); len(hands) != 4 || v["deal"] == nil {
			t.Errorf("a board shown in full: hands %v, deal %v", hands, v["deal"])
		}
		if watcher["view"] == nil || watcher["table"].(map[string]any)["sheet"] == nil {
			t.Errorf("the watcher of a board shown in full: %v", watcher)
		}
		if asked.Load() == 0 {
			t.Error("the judge was never asked")
		}
	})
	t.Run("casual table asks nobody", func(t *testing.T) {
		h := newHub(t, openStore(t))
		h.SealWith(func(SealQuery) bool { t.Error("a casual table asked the judge"); return false })
		ctx := context.Background()
		r, err := h.Create(ctx, Settings{Game: "bridge", Boards: 1, Seed: 4}, Player{})
		if err != nil {
			t.Fatal(err)
		}
		waitOver(t, r, 60*time.Second)
		in, err := r.Info(ctx, "someone")
		if err != nil || in.Sealed || in.Sheet.IsZero() {
			t.Errorf("casual table info: %+v, %v", in, err)
		}
	})
}
