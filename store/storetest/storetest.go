// Package storetest writes finished games into a store as the tables write
// them, for the tests of the packages that read them back (the server's
// profiles, the browser's profile page).
package storetest

import (
	"context"
	"encoding/json"
	"testing"

	"atout/game"
	"atout/store"
)

// Deal is a finished deal: its stored form, its moves, its result line and
// the analysis stored with it afterwards (nil: none).
type Deal struct {
	Deal     json.RawMessage
	Moves    []game.Move
	Line     json.RawMessage
	Analysis any
}

// WriteGame creates a game of kind with settings (any JSON value) and
// seats, and writes its deals in order as a table does: each deal, its
// moves, its result (FinishDeal), then its analysis (AnnotateDeal). It
// returns the game's id.
func WriteGame(t testing.TB, st *store.Store, kind string, settings any, seats [4]store.Seat, deals ...Deal) string {
	t.Helper()
	ctx := context.Background()
	raw, err := json.Marshal(settings)
	if err != nil {
		t.Fatal(err)
	}
	g, err := st.CreateGame(ctx, store.NewGame{Kind: kind, Settings: raw, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range deals {
		no := i + 1
		if err := st.AddDeal(ctx, g.ID, no, d.Deal); err != nil {
			t.Fatal(err)
		}
		for seq, m := range d.Moves {
			if err := st.AppendMove(ctx, g.ID, no, seq, m); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.FinishDeal(ctx, g.ID, no, d.Line); err != nil {
			t.Fatal(err)
		}
		if d.Analysis == nil {
			continue
		}
		var res map[string]json.RawMessage
		if err := json.Unmarshal(d.Line, &res); err != nil {
			t.Fatal(err)
		}
		a, err := json.Marshal(d.Analysis)
		if err != nil {
			t.Fatal(err)
		}
		res["analysis"] = a
		b, _ := json.Marshal(res)
		if err := st.AnnotateDeal(ctx, g.ID, no, b); err != nil {
			t.Fatal(err)
		}
	}
	return g.ID
}
