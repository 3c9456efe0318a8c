// Package store keeps Atout's durable state in SQL: accounts and sessions,
// and every game as the record it is built from — its settings, its deals and
// the list of moves played in each deal, in order. Everything else a table
// shows (hands, tricks, scores) is derived by replaying that record through
// the engine, so storing, resuming after a crash, undoing a move and exporting
// a game all rest on the same few rows.
//
// The store knows nothing of the rules. Settings, deals and results are opaque
// JSON documents kept byte for byte; a move is a seat and an action text
// ([game.Move]). What the store does guarantee is the order and durability of
// moves: [Store.AppendMove] returns only after the move is committed to disk,
// and the move's position (game, deal, seq) can be taken once, so two writers
// racing for the same position — a retried request, or two server nodes that
// both believe they own a table — cannot both win: the loser gets an error
// wrapping [ErrConflict] and must reload.
//
// Two databases are supported behind one API. [Open] with a path uses an
// SQLite file through a pure-Go driver (no cgo); with a postgres:// URL it
// uses PostgreSQL, which several server processes may share. Both run the
// same embedded, versioned migrations at Open. When several nodes share a
// PostgreSQL database each live table is owned by one node through a lease
// ([Store.ClaimTable], [Store.RenewLeases]); a node that stops renewing loses
// its tables to another node, which rebuilds them from the stored moves
// ([Store.ExpiredTables], [Store.LoadGame]).
//
// A minimal session:
//
//	s, err := store.Open(ctx, "atout.db")
//	if err != nil { ... }
//	defer s.Close()
//	g, _ := s.CreateGame(ctx, store.NewGame{Kind: "bridge", Settings: settings})
//	_ = s.AddDeal(ctx, g.ID, 1, dealJSON)
//	err = s.AppendMove(ctx, g.ID, 1, 0, game.Move{Seat: card.North, Action: "1NT"})
//	if errors.Is(err, store.ErrConflict) {
//		// someone else wrote move 0 of deal 1: reload and replay
//	}
//	rec, _ := s.LoadGame(ctx, g.ID) // settings, deals and moves, ready to replay
package store
