package ddpool

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"atout/bridge/dd"
)

// With BackgroundNice, background work runs on a thread lowered by that
// much and player work at the process's priority; the lowered thread ends
// with the work, so work after it (and the rest of the process) is not
// lowered; a panic there is the work's error, as without it.
func TestBackgroundNice(t *testing.T) {
	p := New(Config{Workers: 1, TableMB: 1, BackgroundNice: 7})
	defer p.Close()
	niceOf := func(pri Priority) int {
		t.Helper()
		var n int
		err := p.Do(context.Background(), pri, func(context.Context, *dd.Solver) error {
			// Locked so that the value read is this goroutine's thread's
			// all along (the player work is not locked otherwise).
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var err error
			n, err = threadNice()
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for i := range 3 {
		if n := niceOf(Background); n != 7 {
			t.Fatalf("background work %d ran at nice %d, want 7", i, n)
		}
		if n := niceOf(Player); n != 0 {
			t.Fatalf("player work after background work %d ran at nice %d, want 0", i, n)
		}
	}
	err := p.Do(context.Background(), Background, func(context.Context, *dd.Solver) error { panic("boom") })
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("a panic in lowered work: %v", err)
	}
	if n := niceOf(Player); n != 0 {
		t.Fatalf("player work after a panic ran at nice %d", n)
	}
	// Every other thread of the process is still at 0: the lowered
	// threads ended with their work.
	for range 2 * runtime.GOMAXPROCS(0) {
		runtime.LockOSThread()
		n, err := threadNice()
		runtime.UnlockOSThread()
		if err != nil || n != 0 {
			t.Fatalf("a thread of the process at nice %d (%v)", n, err)
		}
		runtime.Gosched()
	}
	if st := p.Stats(); st.NiceFailed != 0 {
		t.Fatalf("stats %+v: the priority could not be lowered", st)
	}
}
