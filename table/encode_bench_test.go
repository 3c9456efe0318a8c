package table

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"atout/card"
	"atout/protocol"
)

// BenchmarkEncodeState times the state messages of one move at a table of
// four humans (one per seat, as broadcast builds them), in the middle of
// a bridge deal's play and of a belote deal's.
func BenchmarkEncodeState(b *testing.B) {
	for _, game := range []string{"bridge", "belote"} {
		b.Run(game, func(b *testing.B) {
			st := openStore(b)
			ctx := context.Background()
			h := NewLocalHub(Config{Store: st, Logger: quietLogger(), Tick: 5 * time.Millisecond, TurnTimeout: time.Minute})
			b.Cleanup(func() { h.Shutdown(ctx) })
			var players [4]Player
			for s := range players {
				u, err := st.CreateGuest(ctx, fmt.Sprint("p", s), "")
				if err != nil {
					b.Fatal(err)
				}
				players[s] = Player{ID: u.ID, Name: fmt.Sprint("p", s)}
			}
			r, err := h.CreateSeated(ctx, Settings{Game: protocol.GameKind(game), Seed: 7}, players[card.South].ID, players)
			if err != nil {
				b.Fatal(err)
			}
			tbl := r.(*Table)
			// Play on to the middle of the deal's card play: the auction
			// (or the bidding) the first legal call each, then 12 cards.
			cards := 0
			for cards < 12 {
				var seat card.Seat
				var legal []string
				var n int
				var playing bool
				if err := tbl.exec(ctx, func() {
					g := tbl.m.Game()
					if g == nil || len(g.ToAct()) == 0 {
						return
					}
					seat = g.ToAct()[0]
					legal, n = g.Legal(seat), tbl.n
					if len(legal) > 0 {
						_, err := card.Parse(legal[0])
						playing = err == nil
					}
				}); err != nil {
					b.Fatal(err)
				}
				if len(legal) == 0 {
					time.Sleep(10 * time.Millisecond)
					continue
				}
				move := legal[0]
				switch {
				case playing:
				case game == "bridge" && n == 0:
					move = "1NT"
				case game == "bridge":
					move = "P"
				case slices.Contains(legal, "take"):
					move = "take"
				}
				if err := r.Act(ctx, players[seat].ID, seat, move, n); err != nil {
					// dummy's card, played by declarer
					if err := r.Act(ctx, players[seat.Partner()].ID, seat, move, n); err != nil {
						b.Fatal(err)
					}
				}
				if playing {
					cards++
				}
			}
			size := 0
			b.ResetTimer()
			for b.Loop() {
				if err := tbl.exec(ctx, func() {
					size = 0
					for _, p := range players {
						size += len(tbl.encode(p.ID))
					}
				}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(size), "bytes/move")
		})
	}
}
