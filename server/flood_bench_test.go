package server

import (
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"atout/table"
)

// rssMB returns the resident memory of the process in MB (Linux; 0
// elsewhere).
func rssMB() float64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.Atoi(f[1])
	return float64(pages) * float64(os.Getpagesize()) / (1 << 20)
}

// BenchmarkClaimFlood50 floods a server with claims at 50 tables at once
// (each table claims everything, the bots check every claim by double
// dummy, b.N claims a table) and reports the resident memory before
// (base-MB), at its peak during the flood (peak-MB) and once the flood is
// over and the garbage collected (after-MB). The probe of issue 15 took a
// server from 94 MB to 1.03 GB with claims at 22 tables. Run with
// -benchtime=20x (1,000 claims). The collector runs at GCPercent, as in
// `atout serve`.
func BenchmarkClaimFlood50(b *testing.B) {
	// As `atout serve` runs: the heap may grow to 4x the live data.
	defer debug.SetGCPercent(debug.SetGCPercent(GCPercent))
	env := newEnv(b, table.Config{})
	const tables = 50
	ready := tablesInPlay(b, env, tables)
	runtime.GC()
	debug.FreeOSMemory()
	base := rssMB()
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			if r := uint64(rssMB() * 1024); r > peak.Load() {
				peak.Store(r)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	var claims atomic.Int64
	for _, s := range ready {
		wg.Add(1)
		go func() {
			defer wg.Done()
			claims.Add(int64(claimFlood(b, s.w, s.m, s.v, b.N)))
		}()
	}
	wg.Wait()
	took := time.Since(start)
	b.StopTimer()
	close(stop)
	<-sampled
	// Idle: the solvers go back to the GC.
	time.Sleep(3 * time.Second)
	runtime.GC()
	runtime.GC()
	debug.FreeOSMemory()
	after := rssMB()
	b.ReportMetric(base, "base-MB")
	b.ReportMetric(float64(peak.Load())/1024, "peak-MB")
	b.ReportMetric(after, "after-MB")
	b.ReportMetric(float64(claims.Load())/took.Seconds(), "claims/s")
	b.ReportMetric(0, "ns/op")
}

// seated is a human's table in the card play, as the claim floods use it.
type seated struct {
	w *ws
	m serverMsg
	v playView
}

// tablesInPlay opens n one-board bridge tables of fresh guests and plays
// each to the start of the card play with 13 cards in hand; the
// connections close when tb ends.
func tablesInPlay(tb testing.TB, env *testEnv, n int) []seated {
	tb.Helper()
	var ready []seated
	for seed := uint64(1000); len(ready) < n && seed < 1200; seed++ {
		c := newClient(tb, env.ts.URL)
		w := c.dial(c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: seed}))
		tb.Cleanup(w.close)
		if m, v, ok := reachPlay(tb, w, 13); ok {
			ready = append(ready, seated{w, m, v})
		}
	}
	if len(ready) < n {
		tb.Fatalf("only %d tables reached the play", len(ready))
	}
	return ready
}
