package table

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"atout/card"
	"atout/protocol"
)

// fourHumans opens a table with settings and a human in every seat (South
// owns it) and returns it with its players.
func fourHumans(tb testing.TB, settings Settings) (*Table, [4]Player) {
	tb.Helper()
	st := openStore(tb)
	ctx := context.Background()
	h := NewLocalHub(Config{Store: st, Logger: quietLogger(), TurnTimeout: time.Minute})
	tb.Cleanup(func() { h.Shutdown(ctx) })
	var players [4]Player
	for s := range players {
		u, err := st.CreateGuest(ctx, fmt.Sprint("p", s), "")
		if err != nil {
			tb.Fatal(err)
		}
		players[s] = Player{ID: u.ID, Name: fmt.Sprint("p", s)}
	}
	r, err := h.CreateSeated(ctx, settings, players[card.South].ID, players)
	if err != nil {
		tb.Fatal(err)
	}
	return r.(*Table), players
}

// playMove makes the next move at tbl: a card when cards are played (the
// first legal one), else an auction that reaches the play (bridge: 1NT by
// the dealer, then passes; belote: the first to speak takes). It reports
// whether the move was a card.
func playMove(tb testing.TB, tbl *Table, players [4]Player) bool {
	tb.Helper()
	ctx := context.Background()
	for {
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
			tb.Fatal(err)
		}
		if len(legal) == 0 {
			time.Sleep(10 * time.Millisecond) // between deals
			continue
		}
		move := legal[0]
		switch {
		case playing:
		case tbl.settings.Game == protocol.Bridge && slices.Contains(legal, "1NT"):
			move = "1NT"
		case tbl.settings.Game == protocol.Bridge:
			move = "P"
		case slices.Contains(legal, "take"):
			move = "take"
		}
		if err := tbl.Act(ctx, players[seat].ID, seat, move, n); err != nil {
			// dummy's card, played by declarer
			if err := tbl.Act(ctx, players[seat.Partner()].ID, seat, move, n); err != nil {
				tb.Fatal(err)
			}
		}
		return playing
	}
}

// TestStateEncoding checks the state messages, encoded part by part
// (wireState.encode), byte for byte against encoding/json's encoding of
// the same message, for each seat and a spectator after every move of a
// bridge deal and a belote deal, with and without a timer.
func TestStateEncoding(t *testing.T) {
	for _, game := range []string{"bridge", "belote"} {
		tbl, players := fourHumans(t, Settings{Game: protocol.GameKind(game), Seed: 3})
		users := []string{players[0].ID, players[1].ID, players[2].ID, players[3].ID, "", "someone-else"}
		check := func() {
			var fail string
			if err := tbl.exec(context.Background(), func() { fail = encodingMismatch(tbl, users) }); err != nil {
				t.Fatal(err)
			}
			if fail != "" {
				t.Fatalf("%s: %s", game, fail)
			}
		}
		check()
		for cards := 0; cards < 30; { // within the first deal
			if playMove(t, tbl, players) {
				cards++
			}
			check()
		}
	}
}

// encodingMismatch compares, on the table's goroutine, each user's state
// message as wireState.encode writes it with encoding/json's encoding of
// the same message; it says where they differ ("" when they do not).
func encodingMismatch(tbl *Table, users []string) string {
	for _, u := range users {
		w := tbl.wire(u, "")
		var shared wireState
		tbl.sharing(func() { shared = tbl.wire(u, "") })
		if !reflect.DeepEqual(shared.Table, w.Table) {
			return fmt.Sprintf("user %q at move %d: the table's description built once for all\n%+v\nis not his own\n%+v", u, tbl.n, shared.Table, w.Table)
		}
		got, err := w.encode()
		if err != nil {
			return err.Error()
		}
		want, err := json.Marshal(w)
		if err != nil {
			return err.Error()
		}
		if string(got) != string(want) {
			return fmt.Sprintf("user %q at move %d:\n got %s\nwant %s", u, tbl.n, got, want)
		}
	}
	return ""
}

// BenchmarkEncodeState times the state messages of one move at a table of
// four humans (one per seat, as broadcast builds them), in the middle of
// a bridge deal's play and of a belote deal's.
func BenchmarkEncodeState(b *testing.B) {
	for _, game := range []string{"bridge", "belote"} {
		b.Run(game, func(b *testing.B) {
			tbl, players := fourHumans(b, Settings{Game: protocol.GameKind(game), Seed: 7})
			for cards := 0; cards < 12; {
				if playMove(b, tbl, players) {
					cards++
				}
			}
			size := 0
			for b.Loop() {
				if err := tbl.exec(context.Background(), func() {
					size = 0
					tbl.sharing(func() {
						for _, p := range players {
							size += len(tbl.encode(p.ID, "en"))
						}
					})
				}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(size), "bytes/move")
		})
	}
}
