package store

import (
	"encoding/json"
	"testing"
	"time"

	"atout/card"
)

func TestAbandonGame(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		alice, err := s.CreateUser(ctx, "Alice", "correct horse", "fr")
		must(t, err)
		bob, err := s.CreateUser(ctx, "Bob", "battery staple", "en")
		must(t, err)
		seats := [4]Seat{{Bot: "easy"}, {Bot: "easy"}, {UserID: alice.ID}, {Bot: "easy"}}
		casual, err := s.CreateGame(ctx, NewGame{Kind: "bridge", Settings: json.RawMessage(`{"game":"bridge","scoring":"rubber"}`), CreatedBy: alice.ID, Seats: seats})
		must(t, err)
		comp, err := s.CreateGame(ctx, NewGame{Kind: "bridge", Settings: json.RawMessage(`{"game":"bridge","tournament":"t:abc"}`), CreatedBy: alice.ID, Seats: seats})
		must(t, err)
		must(t, s.AddDeal(ctx, casual.ID, 1, json.RawMessage(`{"board":1}`)))
		if _, err := s.ClaimTable(ctx, casual.ID, "node-a", time.Hour); err != nil {
			t.Fatal(err)
		}

		// Nobody but the owner, and never a competition's table.
		wantErr(t, s.AbandonGame(ctx, casual.ID, bob.ID), ErrForbidden)
		wantErr(t, s.AbandonGame(ctx, casual.ID, ""), ErrForbidden)
		wantErr(t, s.AbandonGame(ctx, comp.ID, alice.ID), ErrForbidden)
		wantErr(t, s.AbandonGame(ctx, "nosuchgame", alice.ID), ErrNotFound)

		must(t, s.AbandonGame(ctx, casual.ID, alice.ID))
		g, err := s.GetGame(ctx, casual.ID)
		must(t, err)
		if g.Status != StatusFinished || string(g.Result) != string(AbandonedResult) || g.Owner != "" {
			t.Errorf("abandoned game = status %q result %s owner %q, want finished, %s, no owner", g.Status, g.Result, g.Owner, AbandonedResult)
		}
		// Finished: no more moves, and not again.
		wantErr(t, s.AppendMove(ctx, casual.ID, 1, 0, mv(card.North, "P")), ErrFinished)
		wantErr(t, s.AbandonGame(ctx, casual.ID, alice.ID), ErrFinished)
		open, err := s.OpenGames(ctx)
		must(t, err)
		if len(open) != 1 || open[0].ID != comp.ID {
			t.Errorf("open games after the abandon: %v, want only the competition's", open)
		}
		// The competition's table is untouched.
		if g, err := s.GetGame(ctx, comp.ID); err != nil || g.Status != StatusOpen {
			t.Errorf("competition table: %+v %v", g, err)
		}
	})
}
