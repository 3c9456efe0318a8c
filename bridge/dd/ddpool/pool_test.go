package ddpool

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"atout/bridge"
	"atout/bridge/dd"
)

// Player work goes before queued background work; a full queue refuses.
func TestPriorityAndBackPressure(t *testing.T) {
	p := New(Config{Workers: 1, PlayerQueue: 2, BackgroundQueue: 2, TableMB: 1})
	defer p.Close()
	release := make(chan struct{})
	started := make(chan struct{})
	go p.Do(context.Background(), Background, func(context.Context, *dd.Solver) error {
		close(started)
		<-release
		return nil
	})
	<-started
	var mu sync.Mutex
	var order []string
	rec := func(name string) Func {
		return func(context.Context, *dd.Solver) error {
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
			return nil
		}
	}
	var wg sync.WaitGroup
	for _, n := range []string{"bg1", "bg2"} {
		if !p.Go(context.Background(), Background, rec(n), func(error) { wg.Done() }) {
			t.Fatal("background refused")
		}
		wg.Add(1)
	}
	if p.Go(context.Background(), Background, rec("bg3"), nil) {
		t.Fatal("a full background queue took more work")
	}
	if err := p.Do(context.Background(), Background, rec("bg3")); !errors.Is(err, ErrBusy) {
		t.Fatalf("full queue: %v", err)
	}
	wg.Add(1)
	p.Go(context.Background(), Player, rec("player"), func(error) { wg.Done() })
	close(release)
	wg.Wait()
	if len(order) != 3 || order[0] != "player" {
		t.Fatalf("order %v, want the player first", order)
	}
	if st := p.Stats(); st.Refused != 2 || st.Peak != 1 {
		t.Fatalf("stats %+v", st)
	}
}

// A caller whose context ends is answered at once; queued work it gave up
// is skipped; running work sees the context.
func TestCancel(t *testing.T) {
	p := New(Config{Workers: 1, TableMB: 1})
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	var ran atomic.Int32
	go p.Do(context.Background(), Player, func(ctx context.Context, _ *dd.Solver) error {
		time.Sleep(200 * time.Millisecond)
		return nil
	})
	time.Sleep(10 * time.Millisecond)
	start := time.Now()
	err := p.Do(ctx, Player, func(context.Context, *dd.Solver) error { ran.Add(1); return nil })
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 150*time.Millisecond {
		t.Fatalf("%v after %v", err, time.Since(start))
	}
	time.Sleep(300 * time.Millisecond)
	if ran.Load() != 0 {
		t.Fatal("work given up ran")
	}
	// A real solve gives up with its context.
	d, _ := bridge.ParseDeal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	var tb dd.Table
	err = p.Do(context.Background(), Background, func(ctx context.Context, s *dd.Solver) error {
		if SolverOf(ctx) != s {
			t.Error("SolverOf is not the worker's solver")
		}
		var err error
		tb, err = s.TableContext(ctx, d)
		return err
	})
	if err != nil || tb.Tricks(0, bridge.StrainSpades) != 13 {
		t.Fatalf("table %v, %v", tb, err)
	}
}

// TestMemoryBudget: the workers' tables share MemoryMB, so that the pool's
// memory does not grow with the cores (issue 33: claims at 50 tables on a
// 16-core server); the pool counts the solvers its workers hold.
func TestMemoryBudget(t *testing.T) {
	for _, c := range []struct{ workers, memory, table, want int }{
		{2, 0, 0, 16}, {4, 0, 0, 16}, {8, 0, 0, 8}, {16, 0, 0, 4}, {64, 0, 0, 2},
		{16, 256, 0, 16}, {16, 0, 1, 1},
	} {
		p := New(Config{Workers: c.workers, MemoryMB: c.memory, TableMB: c.table})
		if got := p.Stats().TableMB; got != c.want {
			t.Errorf("%d workers, MemoryMB %d, TableMB %d: tables of %d MB, want %d", c.workers, c.memory, c.table, got, c.want)
		}
		p.Close()
	}
	p := New(Config{Workers: 4, MemoryMB: 8, Linger: 20 * time.Millisecond})
	defer p.Close()
	release := make(chan struct{})
	started := make(chan struct{}, 4)
	for range 4 {
		p.Go(context.Background(), Player, func(ctx context.Context, s *dd.Solver) error {
			started <- struct{}{}
			<-release
			return nil
		}, nil)
	}
	for range 4 {
		<-started
	}
	if st := p.Stats(); st.SolverMB != 8 || st.PeakSolverMB != 8 {
		t.Errorf("4 workers busy: %+v, want 8 MB of solvers", st)
	}
	close(release)
	deadline := time.Now().Add(5 * time.Second)
	for p.Stats().SolverMB != 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if st := p.Stats(); st.SolverMB != 0 || st.PeakSolverMB != 8 {
		t.Errorf("idle: %+v, want the solvers given back", st)
	}
}
