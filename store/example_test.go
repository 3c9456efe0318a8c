package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"atout/card"
	"atout/game"
	"atout/store"
)

// A table stores its deal and each move as it is accepted; after a restart
// the record is loaded and replayed.
func Example() {
	ctx := context.Background()
	s, err := store.Open(ctx, ":memory:")
	if err != nil {
		panic(err)
	}
	defer s.Close()

	g, _ := s.CreateGame(ctx, store.NewGame{Kind: "belote", Settings: json.RawMessage(`{"mode":"coinche"}`)})
	_ = s.AddDeal(ctx, g.ID, 1, json.RawMessage(`{"dealer":"E"}`))
	_ = s.AppendMove(ctx, g.ID, 1, 0, game.Move{Seat: card.South, Action: "80H"})
	_ = s.AppendMove(ctx, g.ID, 1, 1, game.Move{Seat: card.East, Action: "pass"})

	// A second writer for position 1 loses and learns where the deal is.
	err = s.AppendMove(ctx, g.ID, 1, 1, game.Move{Seat: card.East, Action: "90S"})
	var conflict *store.MoveConflictError
	if errors.As(err, &conflict) {
		fmt.Println("conflict, moves stored:", conflict.Stored)
	}

	rec, _ := s.LoadGame(ctx, g.ID)
	fmt.Println(string(rec.Settings))
	for _, d := range rec.Deals {
		fmt.Println(d.No, string(d.Deal), d.Moves)
	}
	// Output:
	// conflict, moves stored: 2
	// {"mode":"coinche"}
	// 1 {"dealer":"E"} [S 80H E pass]
}
