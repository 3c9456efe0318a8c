package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"atout/card"
	"atout/game"
)

func mv(seat card.Seat, action string) game.Move { return game.Move{Seat: seat, Action: action} }

func newTestGame(t testing.TB, s *Store, kind string, seats [4]Seat) Game {
	t.Helper()
	g, err := s.CreateGame(ctxT(t), NewGame{Kind: kind, Settings: json.RawMessage(`{"mode": "teams",  "boards":8}`), Seats: seats})
	must(t, err)
	return g
}

func TestGameRecordRoundTrip(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		alice, err := s.CreateUser(ctx, "Alice", "correct horse", "fr")
		must(t, err)
		seats := [4]Seat{{UserID: alice.ID}, {Bot: "basic"}, {Bot: "basic"}, {Bot: "basic"}}
		g, err := s.CreateGame(ctx, NewGame{Kind: "bridge", Settings: json.RawMessage(`{"mode": "teams",  "boards":8}`), CreatedBy: alice.ID, Seats: seats})
		must(t, err)
		if len(g.ID) != gameIDLen || !validID(g.ID) || g.Status != StatusOpen || g.Seats[0].Name != "Alice" {
			t.Fatalf("CreateGame = %+v", g)
		}

		deal1 := json.RawMessage(`{"pbn":"N:AKQJ.T98.765.432 ...","dealer":"N"}`)
		must(t, s.AddDeal(ctx, g.ID, 1, deal1))
		wantErr(t, s.AddDeal(ctx, g.ID, 1, deal1), ErrConflict)
		moves := []game.Move{mv(card.North, "1NT"), mv(card.East, "P"), mv(card.South, "3NT"), mv(card.West, "P"),
			mv(card.North, "P"), mv(card.East, "P"), mv(card.South, "SA")}
		for i, m := range moves {
			must(t, s.AppendMove(ctx, g.ID, 1, i, m))
		}
		must(t, s.FinishDeal(ctx, g.ID, 1, json.RawMessage(`{"score":430}`)))
		must(t, s.AddDeal(ctx, g.ID, 2, json.RawMessage(`{"pbn":"E:..."}`)))
		must(t, s.AppendMove(ctx, g.ID, 2, 0, mv(card.East, "1C")))

		rec, err := s.LoadGame(ctx, g.ID)
		must(t, err)
		if !bytes.Equal(rec.Settings, []byte(`{"mode": "teams",  "boards":8}`)) {
			t.Errorf("settings = %s: JSON must come back byte for byte", rec.Settings)
		}
		if rec.Kind != "bridge" || rec.CreatedBy != alice.ID || rec.Seats != [4]Seat{{UserID: alice.ID, Name: "Alice"}, {Bot: "basic"}, {Bot: "basic"}, {Bot: "basic"}} {
			t.Errorf("header = %+v", rec.Game)
		}
		if len(rec.Deals) != 2 {
			t.Fatalf("%d deals, want 2", len(rec.Deals))
		}
		d := rec.Deals[0]
		if d.No != 1 || !bytes.Equal(d.Deal, deal1) || string(d.Result) != `{"score":430}` || d.Finished.IsZero() {
			t.Errorf("deal 1 = %+v", d)
		}
		if !slices.Equal(d.Moves, moves) || len(d.MoveTimes) != len(moves) {
			t.Errorf("deal 1 moves = %v, want %v", d.Moves, moves)
		}
		if d2 := rec.Deals[1]; d2.No != 2 || d2.Result != nil || !d2.Finished.IsZero() || !slices.Equal(d2.Moves, []game.Move{mv(card.East, "1C")}) {
			t.Errorf("deal 2 = %+v", d2)
		}

		open, err := s.OpenGames(ctx)
		must(t, err)
		if len(open) != 1 || open[0].ID != g.ID {
			t.Errorf("OpenGames = %v", open)
		}
		must(t, s.FinishGame(ctx, g.ID, json.RawMessage(`{"winner":"NS"}`)))
		wantErr(t, s.AppendMove(ctx, g.ID, 2, 1, mv(card.South, "P")), ErrFinished)
		wantErr(t, s.AddDeal(ctx, g.ID, 3, json.RawMessage(`{}`)), ErrFinished)
		wantErr(t, s.FinishGame(ctx, g.ID, json.RawMessage(`{}`)), ErrFinished)
		open, err = s.OpenGames(ctx)
		must(t, err)
		if len(open) != 0 {
			t.Errorf("OpenGames after finish = %v", open)
		}
		got, err := s.GetGame(ctx, g.ID)
		must(t, err)
		if got.Status != StatusFinished || string(got.Result) != `{"winner":"NS"}` {
			t.Errorf("finished game = %+v", got)
		}
	})
}

func TestGameErrors(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		_, err := s.CreateGame(ctx, NewGame{Kind: "tarot"})
		wantErr(t, err, ErrInvalid)
		_, err = s.CreateGame(ctx, NewGame{Kind: "bridge", Settings: json.RawMessage(`{`)})
		wantErr(t, err, ErrInvalid)
		_, err = s.CreateGame(ctx, NewGame{Kind: "bridge", Seats: [4]Seat{{UserID: "nosuchuser"}}})
		wantErr(t, err, ErrNotFound)
		_, err = s.CreateGame(ctx, NewGame{Kind: "bridge", Seats: [4]Seat{{UserID: "x", Bot: "y"}}})
		wantErr(t, err, ErrInvalid)

		g := newTestGame(t, s, "belote", [4]Seat{})
		_, err = s.GetGame(ctx, "nosuchgame")
		wantErr(t, err, ErrNotFound)
		_, err = s.LoadGame(ctx, "nosuchgame")
		wantErr(t, err, ErrNotFound)
		wantErr(t, s.AddDeal(ctx, "nosuchgame", 1, json.RawMessage(`{}`)), ErrNotFound)
		wantErr(t, s.AddDeal(ctx, g.ID, 1, json.RawMessage(`nope`)), ErrInvalid)
		wantErr(t, s.AppendMove(ctx, g.ID, 1, 0, mv(card.North, "pass")), ErrNotFound) // no deal 1 yet
		wantErr(t, s.AppendMove(ctx, "nosuchgame", 1, 0, mv(card.North, "pass")), ErrNotFound)
		must(t, s.AddDeal(ctx, g.ID, 1, json.RawMessage(`{}`)))
		for _, m := range []game.Move{mv(card.Seat(4), "pass"), mv(card.North, ""), mv(card.North, "two  words"),
			mv(card.North, " lead"), mv(card.North, "lead "), mv(card.North, "tab\tbed"), mv(card.North, "line\nfeed")} {
			wantErr(t, s.AppendMove(ctx, g.ID, 1, 0, m), ErrInvalid)
		}
		wantErr(t, s.AppendMove(ctx, g.ID, 1, -1, mv(card.North, "pass")), ErrInvalid)
		wantErr(t, s.FinishDeal(ctx, g.ID, 9, json.RawMessage(`{}`)), ErrNotFound)

		must(t, s.SetSeat(ctx, g.ID, card.South, Seat{Bot: "coinche-bot"}))
		wantErr(t, s.SetSeat(ctx, g.ID, card.South, Seat{UserID: "nosuchuser"}), ErrNotFound)
		wantErr(t, s.SetSeat(ctx, "nosuchgame", card.South, Seat{}), ErrNotFound)
		got, err := s.GetGame(ctx, g.ID)
		must(t, err)
		if got.Seats[card.South].Bot != "coinche-bot" {
			t.Errorf("seats = %+v", got.Seats)
		}
	})
}

// A move position is accepted once; a writer that is behind or ahead is told
// how many moves are stored.
func TestAppendMoveUnique(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		g := newTestGame(t, s, "belote", [4]Seat{})
		must(t, s.AddDeal(ctx, g.ID, 1, json.RawMessage(`{}`)))
		must(t, s.AppendMove(ctx, g.ID, 1, 0, mv(card.South, "pass")))
		must(t, s.AppendMove(ctx, g.ID, 1, 1, mv(card.East, "pass")))

		for _, seq := range []int{0, 1, 3} {
			err := s.AppendMove(ctx, g.ID, 1, seq, mv(card.North, "80H"))
			var mc *MoveConflictError
			if !errors.As(err, &mc) || !errors.Is(err, ErrConflict) {
				t.Fatalf("AppendMove seq %d: %v, want a MoveConflictError", seq, err)
			}
			if want := (MoveConflictError{Game: g.ID, Deal: 1, Seq: seq, Stored: 2}); *mc != want {
				t.Errorf("AppendMove seq %d: %+v, want %+v", seq, *mc, want)
			}
		}
		// The primary key itself refuses a second row at a position, even
		// written behind the count guard's back.
		_, err := s.db.Exec(s.q("INSERT INTO moves (game_id, deal_no, seq, seat, action, created_ms) VALUES (?, 1, 1, 0, 'x', 0)"), g.ID)
		if !isUniqueViolation(err) {
			t.Errorf("raw duplicate insert: %v, want a unique violation", err)
		}
		rec, err := s.LoadGame(ctx, g.ID)
		must(t, err)
		if want := []game.Move{mv(card.South, "pass"), mv(card.East, "pass")}; !slices.Equal(rec.Deals[0].Moves, want) {
			t.Errorf("moves = %v, want %v", rec.Deals[0].Moves, want)
		}
	})
}

func TestUndo(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		g := newTestGame(t, s, "bridge", [4]Seat{})
		must(t, s.AddDeal(ctx, g.ID, 1, json.RawMessage(`{}`)))
		for i, a := range []string{"1C", "1D", "1H"} {
			must(t, s.AppendMove(ctx, g.ID, 1, i, mv(card.Seat(i), a)))
		}
		wantErr(t, func() error { _, err := s.Undo(ctx, g.ID, 1, 1); return err }(), ErrConflict)
		m, err := s.Undo(ctx, g.ID, 1, 2)
		must(t, err)
		if m != mv(card.South, "1H") {
			t.Errorf("Undo returned %v", m)
		}
		// Undoing the same move again (a retried request) changes nothing.
		_, err = s.Undo(ctx, g.ID, 1, 2)
		wantErr(t, err, ErrNotFound)
		_, err = s.Undo(ctx, g.ID, 2, 0)
		wantErr(t, err, ErrNotFound)
		// The freed position is taken by the replacement move.
		must(t, s.AppendMove(ctx, g.ID, 1, 2, mv(card.South, "2H")))
		rec, err := s.LoadGame(ctx, g.ID)
		must(t, err)
		if want := []game.Move{mv(card.North, "1C"), mv(card.East, "1D"), mv(card.South, "2H")}; !slices.Equal(rec.Deals[0].Moves, want) {
			t.Errorf("moves = %v, want %v", rec.Deals[0].Moves, want)
		}
	})
}

// Writers race for the same deal (as two nodes or a retried request would):
// every position is won by exactly one of them and the deal stays dense.
// Other goroutines write their own games meanwhile.
func TestConcurrentAppendMove(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		const writers, total = 6, 60
		g := newTestGame(t, s, "belote", [4]Seat{})
		must(t, s.AddDeal(ctx, g.ID, 1, json.RawMessage(`{}`)))
		var won [writers]int
		var conflicts atomic.Int64
		var wg sync.WaitGroup
		for w := range writers {
			wg.Go(func() {
				next := 0
				for next < total {
					err := s.AppendMove(ctx, g.ID, 1, next, mv(card.Seat(w%4), fmt.Sprintf("w%d", w)))
					var mc *MoveConflictError
					switch {
					case err == nil:
						won[w]++
						next++
					case errors.As(err, &mc):
						conflicts.Add(1)
						next = mc.Stored
					default:
						t.Error(err)
						return
					}
				}
			})
		}
		// Independent tables beside the race.
		others := make([]Game, 3)
		for i := range others {
			others[i] = newTestGame(t, s, "bridge", [4]Seat{})
			must(t, s.AddDeal(ctx, others[i].ID, 1, json.RawMessage(`{}`)))
		}
		for _, o := range others {
			wg.Go(func() {
				for seq := range 20 {
					if err := s.AppendMove(ctx, o.ID, 1, seq, mv(card.Seat(seq%4), "P")); err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()

		rec, err := s.LoadGame(ctx, g.ID)
		must(t, err)
		moves := rec.Deals[0].Moves
		if len(moves) != total {
			t.Fatalf("%d moves stored, want %d", len(moves), total)
		}
		var stored [writers]int
		for _, m := range moves {
			var w int
			fmt.Sscanf(m.Action, "w%d", &w)
			stored[w]++
		}
		if stored != won {
			t.Errorf("moves stored per writer %v, but AppendMove succeeded %v times", stored, won)
		}
		t.Logf("wins per writer %v, %d conflicts", won, conflicts.Load())
		for _, o := range others {
			rec, err := s.LoadGame(ctx, o.ID)
			must(t, err)
			if len(rec.Deals[0].Moves) != 20 {
				t.Errorf("game %s: %d moves, want 20", o.ID, len(rec.Deals[0].Moves))
			}
		}
	})
}

// What is stored survives closing and reopening the database — a restart —
// and the open tables are there to resume.
func TestRestartKeepsGames(t *testing.T) {
	eachBackend(t, func(t *testing.T, dsn string) {
		ctx := ctxT(t)
		s, err := Open(ctx, dsn)
		must(t, err)
		open := newTestGame(t, s, "bridge", [4]Seat{{Bot: "b"}, {Bot: "b"}, {Bot: "b"}, {Bot: "b"}})
		done := newTestGame(t, s, "belote", [4]Seat{})
		must(t, s.AddDeal(ctx, open.ID, 1, json.RawMessage(`{"d":1}`)))
		for i := range 10 {
			must(t, s.AppendMove(ctx, open.ID, 1, i, mv(card.Seat(i%4), fmt.Sprint("m", i))))
		}
		must(t, s.FinishGame(ctx, done.ID, json.RawMessage(`{}`)))
		before, err := s.LoadGame(ctx, open.ID)
		must(t, err)
		must(t, s.Close())
		must(t, s.Close()) // twice is fine

		s = openTest(t, dsn)
		games, err := s.OpenGames(ctx)
		must(t, err)
		if len(games) != 1 || games[0].ID != open.ID {
			t.Fatalf("OpenGames after restart = %+v", games)
		}
		after, err := s.LoadGame(ctx, open.ID)
		must(t, err)
		if !slices.Equal(after.Deals[0].Moves, before.Deals[0].Moves) || !bytes.Equal(after.Deals[0].Deal, before.Deals[0].Deal) {
			t.Errorf("after restart %+v, before %+v", after.Deals, before.Deals)
		}
		must(t, s.AppendMove(ctx, open.ID, 1, 10, mv(card.South, "m10")))
	})
}

func TestListGamesPaging(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		me, err := s.CreateGuest(ctx, "me", "")
		must(t, err)
		other, err := s.CreateGuest(ctx, "other", "")
		must(t, err)
		const mine = 23
		for i := range mine {
			seats := [4]Seat{}
			seats[i%4] = Seat{UserID: me.ID}
			ng := NewGame{Kind: "belote", Seats: seats}
			if i == 7 { // created by me, not seated
				ng = NewGame{Kind: "bridge", CreatedBy: me.ID}
			}
			_, err := s.CreateGame(ctx, ng)
			must(t, err)
			if i%5 == 0 {
				_, err := s.CreateGame(ctx, NewGame{Kind: "bridge", Seats: [4]Seat{{UserID: other.ID}}})
				must(t, err)
			}
		}
		var all []Game
		before := ""
		for page := 0; ; page++ {
			games, next, err := s.ListGames(ctx, me.ID, 10, before)
			must(t, err)
			if want := min(10, mine-len(all)); len(games) != want {
				t.Fatalf("page %d has %d games, want %d", page, len(games), want)
			}
			all = append(all, games...)
			if next == "" {
				break
			}
			before = next
		}
		if len(all) != mine {
			t.Fatalf("%d games listed, want %d", len(all), mine)
		}
		seen := map[string]bool{}
		for i, g := range all {
			if seen[g.ID] {
				t.Errorf("game %s listed twice", g.ID)
			}
			seen[g.ID] = true
			if g.CreatedBy != me.ID && !slices.ContainsFunc(g.Seats[:], func(st Seat) bool { return st.UserID == me.ID }) {
				t.Errorf("game %s is not mine: %+v", g.ID, g)
			}
			if i > 0 {
				p := all[i-1]
				if p.Created.Before(g.Created) || p.Created.Equal(g.Created) && p.ID < g.ID {
					t.Errorf("games %d and %d out of order: %v %s, %v %s", i-1, i, p.Created, p.ID, g.Created, g.ID)
				}
			}
		}
		if games, next, err := s.ListGames(ctx, "nobody", 0, ""); err != nil || len(games) != 0 || next != "" {
			t.Errorf("ListGames(nobody) = %v, %q, %v", games, next, err)
		}
		for _, bad := range []string{"x", "12-", "-abc", "12-ABC", "1e3-abc", "01-abc"} {
			_, _, err := s.ListGames(ctx, me.ID, 10, bad)
			wantErr(t, err, ErrInvalid)
		}
		_, _, err = s.ListGames(ctx, me.ID, MaxPage+1, "")
		wantErr(t, err, ErrInvalid)
	})
}

func TestParseCursor(t *testing.T) {
	c := cursor{1732900000123, "abcd2345"}
	got, err := parseCursor(c.String())
	if err != nil || got != c {
		t.Errorf("parseCursor(%q) = %v, %v", c.String(), got, err)
	}
}

func FuzzParseCursor(f *testing.F) {
	for _, s := range []string{"1732900000123-abcd2345", "0-a", "-", "1-", "x-y", "99999999999999999999-a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := parseCursor(s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("parseCursor(%q): %v does not wrap ErrInvalid", s, err)
			}
			return
		}
		if c.String() != s {
			t.Fatalf("parseCursor(%q) = %v, which prints as %q", s, c, c.String())
		}
	})
}
