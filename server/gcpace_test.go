package server

import (
	"context"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"
)

func TestGCPercentFor(t *testing.T) {
	const mb = 1 << 20
	cases := []struct {
		base        int
		live, fixed int64
		want        int
	}{
		{300, 100 * mb, 0, 300},
		{300, 0, 0, 300},
		{300, 250 * mb, 96 * mb, 184}, // goal 712 MB: 154 MB x4 + 96 MB
		{300, 100 * mb, 200 * mb, 50}, // dropped tables not yet collected: all fixed
		{300, 100 * mb, -5, 300},
		{300, 100 * mb, 90 * mb, 50}, // 30 by the formula, held at the floor
		{40, 100 * mb, 90 * mb, 40},  // a base under the floor is kept
	}
	for _, c := range cases {
		if got := gcPercentFor(c.base, c.live, c.fixed); got != c.want {
			t.Errorf("gcPercentFor(%d, %d, %d) = %d, want %d", c.base, c.live, c.fixed, got, c.want)
		}
		if c.live > 0 && c.fixed >= 0 && c.fixed < c.live && c.base >= minGCPercent {
			// the goal: the rest at base, the tables once (within a
			// percent's rounding), unless held at the floor
			p := gcPercentFor(c.base, c.live, c.fixed)
			goal := c.live + c.live*int64(p)/100
			want := (c.live-c.fixed)*int64(100+c.base)/100 + c.fixed
			if p > minGCPercent && (goal > want || want-goal > c.live/100) {
				t.Errorf("base %d live %d fixed %d: goal %d, want %d", c.base, c.live, c.fixed, goal, want)
			}
		}
	}
}

// TestPaceGC runs the pacer with half the live heap counted as fixed and
// checks that it lowers the percent after a collection, and stops with its
// context.
func TestPaceGC(t *testing.T) {
	old := debug.SetGCPercent(300)
	defer debug.SetGCPercent(old)
	keep := make([]byte, 64<<20) // a live heap the test's own garbage does not swamp
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { PaceGC(ctx, 300, func() int64 { return int64(len(keep)) }, 5*time.Millisecond) })
	deadline := time.Now().Add(5 * time.Second)
	for {
		runtime.GC()
		time.Sleep(20 * time.Millisecond)
		p := debug.SetGCPercent(300)
		debug.SetGCPercent(p)
		if p < 300 && p >= minGCPercent {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("GOGC still %d with %d fixed bytes", p, len(keep))
		}
	}
	cancel()
	wg.Wait()
	runtime.KeepAlive(keep)
}
