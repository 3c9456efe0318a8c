package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"atout/card"
	"atout/game"
)

// Many tables appending at once share transactions, and each caller still
// gets its own answer: a move at a taken position fails alone.
func TestGroupCommit(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "gc.db"))
	ctx := ctxT(t)
	const tables, perTable = 16, 30
	ids := make([]string, tables)
	for i := range ids {
		g := newTestGame(t, s, "bridge", [4]Seat{})
		must(t, s.AddDeal(ctx, g.ID, 1, json.RawMessage(`{}`)))
		ids[i] = g.ID
	}
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() {
			for seq := range perTable {
				if err := s.AppendMove(ctx, id, 1, seq, mv(card.Seat(seq%4), "P")); err != nil {
					t.Error(err)
					return
				}
				// A write job refused beside the moves fails alone.
				if seq%10 == 5 {
					if err := s.AddDeal(ctx, id, 1, json.RawMessage(`{}`)); !errors.Is(err, ErrConflict) {
						t.Errorf("table %d: adding deal 1 again gave %v", i, err)
						return
					}
				}
				// Every third table also replays its last move: refused,
				// and only that call.
				if i%3 == 0 {
					err := s.AppendMove(ctx, id, 1, seq, mv(card.North, "X"))
					var mc *MoveConflictError
					if !errors.As(err, &mc) || mc.Stored != seq+1 {
						t.Errorf("table %d seq %d: replayed move gave %v", i, seq, err)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	for _, id := range ids {
		rec, err := s.LoadGame(ctx, id)
		must(t, err)
		if got := rec.Deals[0].Moves; len(got) != perTable || got[perTable-1].Action != "P" {
			t.Fatalf("game %s: %d moves %v", id, len(got), got)
		}
	}
	// Each table also made one game and one deal.
	batches, writes := s.moves.stats()
	if want := tables * (perTable + 2); writes != want {
		t.Errorf("committer made %d writes, want %d", writes, want)
	}
	if batches >= writes {
		t.Errorf("%d transactions for %d writes: no grouping", batches, writes)
	}
	t.Logf("%d writes in %d transactions", writes, batches)
}

// A caller whose context is over before its move is taken stores nothing;
// calls on a closed store fail cleanly.
func TestGroupCommitCancelAndClose(t *testing.T) {
	s, err := Open(ctxT(t), filepath.Join(t.TempDir(), "gc.db"))
	must(t, err)
	ctx := ctxT(t)
	g := newTestGame(t, s, "belote", [4]Seat{})
	must(t, s.AddDeal(ctx, g.ID, 1, json.RawMessage(`{}`)))
	done, cancel := contextCanceled()
	defer cancel()
	if err := s.AppendMove(done, g.ID, 1, 0, mv(card.North, "P")); err == nil {
		t.Fatal("a cancelled append succeeded")
	}
	rec, err := s.LoadGame(ctx, g.ID)
	must(t, err)
	if n := len(rec.Deals[0].Moves); n != 0 {
		t.Fatalf("%d moves stored after a cancelled append", n)
	}
	must(t, s.Close())
	if err := s.AppendMove(ctx, g.ID, 1, 0, mv(card.North, "P")); err == nil {
		t.Fatal("append on a closed store succeeded")
	}
	must(t, s.Close())
}

func TestAnnotateDeal(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		g := newTestGame(t, s, "bridge", [4]Seat{})
		must(t, s.AddDeal(ctx, g.ID, 1, json.RawMessage(`{}`)))
		wantErr(t, s.AnnotateDeal(ctx, g.ID, 1, json.RawMessage(`{"a":1}`)), ErrNotFound) // not finished
		must(t, s.FinishDeal(ctx, g.ID, 1, json.RawMessage(`{"score":1}`)))
		must(t, s.FinishGame(ctx, g.ID, json.RawMessage(`{}`)))
		must(t, s.AnnotateDeal(ctx, g.ID, 1, json.RawMessage(`{"score":1,"analysis":{"x":2}}`)))
		rec, err := s.LoadGame(ctx, g.ID)
		must(t, err)
		var r map[string]any
		must(t, json.Unmarshal(rec.Deals[0].Result, &r))
		if fmt.Sprint(r) != "map[analysis:map[x:2] score:1]" {
			t.Errorf("result %s", rec.Deals[0].Result)
		}
		wantErr(t, s.AnnotateDeal(ctx, g.ID, 2, json.RawMessage(`{}`)), ErrNotFound)
		wantErr(t, s.AnnotateDeal(ctx, g.ID, 1, json.RawMessage(`{`)), ErrInvalid)
	})
}

// BenchmarkAppendMoveParallel measures durable moves from many tables at
// once, the server's case: group commit shares each fsync.
func BenchmarkAppendMoveParallel(b *testing.B) {
	s := openTest(b, filepath.Join(b.TempDir(), "bench.db"))
	ctx := ctxT(b)
	var mu sync.Mutex
	n := 0
	b.SetParallelism(32)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		g := newTestGame(b, s, "bridge", [4]Seat{})
		mu.Lock()
		n++
		mu.Unlock()
		deal, seq := 1, 0
		must(b, s.AddDeal(ctx, g.ID, deal, json.RawMessage(`{}`)))
		for pb.Next() {
			if seq == 100 {
				deal, seq = deal+1, 0
				must(b, s.AddDeal(ctx, g.ID, deal, json.RawMessage(`{}`)))
			}
			if err := s.AppendMove(ctx, g.ID, deal, seq, game.Move{Seat: card.Seat(seq % 4), Action: "SA"}); err != nil {
				b.Fatal(err)
			}
			seq++
		}
	})
	batches, writes := s.moves.stats()
	b.ReportMetric(float64(writes)/float64(max(1, batches)), "writes/commit")
}

func contextCanceled() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx, cancel
}
