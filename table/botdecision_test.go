package table

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// TestBotDecisionOutlivesShowChanges: a bot's decision in flight is played
// although the player connected and changed the bots' speed while it was
// being made (neither changes the game). Thrown away, the decision was
// asked again, and a bot whose choices follow its seed (the random bot of
// these tests) then called otherwise: the same seeded table bid one way
// when its player connected late and another when he connected early.
func TestBotDecisionOutlivesShowChanges(t *testing.T) {
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	// auction returns the calls of board 1 up to South's first turn.
	auction := func(seed uint64, disturb bool) string {
		st := openStore(t)
		h := NewLocalHub(Config{Store: st, Logger: quietLogger(), BotDelay: 150 * time.Millisecond})
		t.Cleanup(func() { h.Shutdown(context.Background()) })
		bob, err := st.CreateGuest(ctx, "bob", "")
		must(err)
		carol, err := st.CreateGuest(ctx, "carol", "")
		must(err)
		r, err := h.Create(ctx, Settings{Game: "bridge", Boards: 1, Seed: seed}, Player{ID: bob.ID, Name: "bob"})
		must(err)
		// Undisturbed, a spectator watches (no seat connects); disturbed,
		// Bob connects and changes the speed while North thinks.
		who := carol.ID
		if disturb {
			who = bob.ID
		}
		sub, err := r.Subscribe(ctx, who, "")
		must(err)
		defer sub.Close()
		if disturb {
			for _, sp := range []string{SpeedSlow, SpeedNormal} {
				must(r.SetSpeed(ctx, bob.ID, sp))
			}
		}
		for {
			m := recv(t, sub)
			v, _ := m["view"].(map[string]any)
			if m["type"] != "state" || v == nil {
				continue
			}
			if turn, _ := v["turn"].(string); turn == "S" || v["phase"] != "auction" {
				return fmt.Sprint(v["auction"])
			}
		}
	}
	for seed := uint64(1); seed <= 6; seed++ {
		quiet, disturbed := auction(seed, false), auction(seed, true)
		if quiet != disturbed {
			t.Errorf("seed %d: the bots called %s, but %s when the player connected and changed the speed meanwhile", seed, quiet, disturbed)
		}
	}
}
