package table

import (
	"context"
	"testing"
	"time"

	"atout/bridge"
	bridgeanalysis "atout/bridge/analysis"
	"atout/card"
	"atout/game"
	"atout/match"
	"atout/protocol"
)

// humanTable opens a bridge table where a guest sits South against bots.
func humanTable(t *testing.T, set Settings) (Room, *Sub, string) {
	t.Helper()
	st := openStore(t)
	ctx := context.Background()
	h := NewLocalHub(Config{Store: st, Logger: quietLogger()})
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	u, err := st.CreateGuest(ctx, "alice", "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := h.Create(ctx, set, Player{ID: u.ID, Name: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	sub, err := r.Subscribe(ctx, u.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sub.Close)
	return r, sub, u.ID
}

// TestUndoAskedBeforeTheAuction checks that an undo that would take the
// player from the card play back into the auction is refused without his
// confirmation, that the table says so, and that the confirmed undo goes
// back to his last call.
func TestUndoAskedBeforeTheAuction(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 20; seed++ {
		r, sub, user := humanTable(t, Settings{Game: "bridge", Boards: 1, Seed: seed})
		// South bids what the first legal call that is a bid gives, so
		// that a contract is played; then the first card each time.
		for {
			m := waitTurn(t, sub)
			v := m["view"].(map[string]any)
			if v["phase"] != "play" {
				legal := v["legal"].([]any)
				call := legal[0].(string)
				for _, c := range legal {
					if c.(string) == "7NT" {
						call = "7NT"
					}
				}
				if err := r.Act(ctx, user, card.South, call, int(m["n"].(float64))); err != nil {
					t.Fatal(err)
				}
				continue
			}
			tbl := m["table"].(map[string]any)
			if tbl["canUndo"] != true || tbl["undoConfirm"] != true {
				t.Fatalf("seed %d: first card of the play: canUndo %v undoConfirm %v, want both", seed, tbl["canUndo"], tbl["undoConfirm"])
			}
			n := int(m["n"].(float64))
			if err := r.Undo(ctx, user, false); CodeOf(err) != CodeConfirm {
				t.Fatalf("seed %d: unconfirmed undo into the auction: %v, want code %s", seed, err, CodeConfirm)
			}
			if err := r.Undo(ctx, user, true); err != nil {
				t.Fatalf("seed %d: confirmed undo: %v", seed, err)
			}
			m = waitTurn(t, sub)
			if got := int(m["n"].(float64)); got >= n || m["view"].(map[string]any)["phase"] != "auction" {
				t.Fatalf("seed %d: after the undo n %d (was %d), phase %v: want back in the auction", seed, got, n, m["view"].(map[string]any)["phase"])
			}
			return
		}
	}
}

// TestUndoOnlyWhenItCanAct checks that a table offers no undo before the
// player has acted in the deal.
func TestUndoOnlyWhenItCanAct(t *testing.T) {
	ctx := context.Background()
	// Board 3: South deals and acts first.
	r, sub, user := humanTable(t, Settings{Game: "bridge", Boards: 1, Seed: 5})
	m := waitTurn(t, sub)
	if len(m["view"].(map[string]any)["auction"].([]any)) == 0 {
		if m["table"].(map[string]any)["canUndo"] == true {
			t.Error("undo offered before any action of the player")
		}
	}
	in, err := r.Info(ctx, user)
	if err != nil {
		t.Fatal(err)
	}
	if in.Speed != SpeedNormal {
		t.Errorf("speed %q, want normal", in.Speed)
	}
	if err := r.SetSpeed(ctx, user, "warp"); CodeOf(err) != CodeBadRequest {
		t.Errorf("unknown speed: %v", err)
	}
	if err := r.SetSpeed(ctx, user, SpeedFast); err != nil {
		t.Fatal(err)
	}
	if in, _ := r.Info(ctx, user); in.Speed != SpeedFast {
		t.Errorf("speed %q after setting fast", in.Speed)
	}
	if err := r.Chat(ctx, user, "hello"); CodeOf(err) != CodeForbidden {
		t.Errorf("chat alone at a table: %v, want forbidden", err)
	}
}

// TestBiddingHint checks that a hint during the auction is the bots' call
// and its meaning, and that a hint in the play gives the player's side's
// tricks.
func TestBiddingHint(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	h := NewLocalHub(Config{Store: st, Logger: quietLogger(),
		Games: map[string]match.Abilities{"bridge": {Hint: bridgeanalysis.Hint,
			Suggest: func(d game.Game, us card.Seat) *protocol.Explanation {
				g := d.(*bridge.Game)
				if turn, ok := g.Turn(); !ok || turn != us || g.Phase() != bridge.PhaseAuction {
					return nil
				}
				return &protocol.Explanation{Call: "P", Text: "nothing to say"}
			}}}})
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	u, _ := st.CreateGuest(ctx, "bob", "")
	r, err := h.Create(ctx, Settings{Game: "bridge", Boards: 1, Seed: 9}, Player{ID: u.ID, Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := r.Subscribe(ctx, u.ID, "")
	defer sub.Close()
	waitTurn(t, sub)
	hint, err := r.Hint(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if hint.Call != "P" || hint.Means == nil || hint.Means.Text != "nothing to say" || hint.Cards != nil {
		t.Fatalf("auction hint %+v", hint)
	}
}

// TestChat checks table chat between two humans: sent to both, kept with
// the game for a player who joins later, rate limited, refused when empty.
func TestChat(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	h := NewLocalHub(Config{Store: st, Logger: quietLogger(), TurnTimeout: -1})
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	alice, _ := st.CreateGuest(ctx, "alice", "")
	bob, _ := st.CreateGuest(ctx, "bob", "")
	r, err := h.Create(ctx, Settings{Game: "belote", Seed: 4}, Player{ID: alice.ID, Name: "alice"})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Sit(ctx, Player{ID: bob.ID, Name: "bob", Invite: inviteOf(t, r, alice.ID)}, card.North); err != nil {
		t.Fatal(err)
	}
	sub, err := r.Subscribe(ctx, bob.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	if err := r.Chat(ctx, alice.ID, "  <script>hi</script>  "); err != nil {
		t.Fatal(err)
	}
	if m := readUntil(t, sub, "chat", 5*time.Second); m["text"] != "<script>hi</script>" || m["name"] != "alice" || m["seat"] != "S" {
		t.Fatalf("chat line %v", m)
	}
	if err := r.Chat(ctx, alice.ID, "again"); CodeOf(err) != CodeLimited {
		t.Errorf("second line within a second: %v, want %s", err, CodeLimited)
	}
	if err := r.Chat(ctx, bob.ID, "   "); CodeOf(err) != CodeBadRequest {
		t.Errorf("blank line: %v", err)
	}
	if err := r.Chat(ctx, "nobody", "hi"); CodeOf(err) != CodeNotSeated {
		t.Errorf("stranger: %v", err)
	}
	// A player joining gets the lines said so far.
	sub2, err := r.Subscribe(ctx, alice.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	defer sub2.Close()
	if m := readUntil(t, sub2, "chat", 5*time.Second); m["text"] != "<script>hi</script>" {
		t.Fatalf("history line %v", m)
	}
}
