package store

import (
	"encoding/json"
	"os"
	"testing"

	"atout/card"
	"atout/game"
)

// BenchmarkAppendMove measures one durable move (commit and fsync
// included), the cost a table pays before it broadcasts each card.
func BenchmarkAppendMove(b *testing.B) {
	dsns := []backend{{"sqlite", b.TempDir() + "/bench.db"}}
	if os.Getenv(pgEnv) != "" {
		dsns = append(dsns, backend{"postgres", freshPostgres(b)})
	}
	for _, be := range dsns {
		b.Run(be.name, func(b *testing.B) {
			s := openTest(b, be.dsn)
			ctx := ctxT(b)
			g, err := s.CreateGame(ctx, NewGame{Kind: "bridge"})
			must(b, err)
			deal, seq := 0, 0
			must(b, s.AddDeal(ctx, g.ID, deal, json.RawMessage(`{}`)))
			b.ResetTimer()
			for b.Loop() {
				if seq == 100 { // a deal is about 70 moves; start another now and then
					deal, seq = deal+1, 0
					must(b, s.AddDeal(ctx, g.ID, deal, json.RawMessage(`{}`)))
				}
				if err := s.AppendMove(ctx, g.ID, deal, seq, game.Move{Seat: card.Seat(seq % 4), Action: "SA"}); err != nil {
					b.Fatal(err)
				}
				seq++
			}
		})
	}
}

// BenchmarkLoadGame measures rebuilding a 16-deal game's record, done for
// every open table at startup.
func BenchmarkLoadGame(b *testing.B) {
	s := openTest(b, b.TempDir()+"/bench.db")
	ctx := ctxT(b)
	g, err := s.CreateGame(ctx, NewGame{Kind: "bridge"})
	must(b, err)
	for d := range 16 {
		must(b, s.AddDeal(ctx, g.ID, d, json.RawMessage(`{"pbn":"N:AKQJ.T98.765.432 - - -"}`)))
		for seq := range 70 {
			must(b, s.AppendMove(ctx, g.ID, d, seq, game.Move{Seat: card.Seat(seq % 4), Action: "SA"}))
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.LoadGame(ctx, g.ID); err != nil {
			b.Fatal(err)
		}
	}
}
