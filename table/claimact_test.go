package table

import (
	"context"
	"testing"

	"atout/card"
	"atout/protocol"
)

// A claim is never an act: sent as one ("claim 13" as a card), it would be
// applied without the opponents' answer. Refused in both games.
func TestClaimIsNotAnAct(t *testing.T) {
	for _, game := range []protocol.GameKind{"bridge", "belote"} {
		st := openStore(t)
		ctx := context.Background()
		h := NewLocalHub(Config{Store: st, Logger: quietLogger()})
		u, err := st.CreateGuest(ctx, "alice", "")
		if err != nil {
			t.Fatal(err)
		}
		s := Settings{Game: game, Boards: 1, Seed: 42}
		if game == "belote" {
			s = Settings{Game: game, Level: "easy", Seed: 42}
		}
		r, err := h.Create(ctx, s, Player{ID: u.ID, Name: "alice"})
		if err != nil {
			t.Fatal(err)
		}
		sub, err := r.Subscribe(ctx, u.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		m := waitTurnAny(t, sub)
		n := int(m["n"].(float64))
		for _, a := range []string{"claim 13", "Claim 8", "claim"} {
			if err := r.Act(ctx, u.ID, card.South, a, n); CodeOf(err) != CodeBadRequest {
				t.Errorf("%s: act %q: %v, want code %s", game, a, err, CodeBadRequest)
			}
		}
		sub.Close()
		h.Shutdown(ctx)
	}
}

// waitTurnAny drains messages until the human's seat has something legal,
// in either game's view.
func waitTurnAny(t *testing.T, s *Sub) map[string]any {
	t.Helper()
	for {
		m := recv(t, s)
		v, _ := m["view"].(map[string]any)
		if d, ok := v["deal"].(map[string]any); ok {
			v = d
		}
		if legal, _ := v["legal"].([]any); len(legal) > 0 {
			return m
		}
	}
}
