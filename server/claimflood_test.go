package server

import (
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	bridgeanalysis "atout/bridge/analysis"
	"atout/bridge/dd/ddpool"
	"atout/table"
)

// TestClaimFlood50Bounded replays issue 33's claim flood: claims at 20
// tables for 30 s took a server from 183 MB to 473 MB. Here 50 tables
// claim in a loop for a few seconds, each claim a new number of tricks
// (a claim the bots refused, made again at the same position, is
// answered from the table's memory without a search) on a server sized
// like a 16-core machine (16 double-dummy workers). The workers' tables
// share the pool's memory budget (64 MB), and the process stays under
// 300 MB (checked without the race detector, which multiplies memory).
func TestClaimFlood50Bounded(t *testing.T) {
	if testing.Short() {
		t.Skip("a flood of claims")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(GCPercent)) // as `atout serve` runs
	pool := ddpool.New(ddpool.Config{Workers: 16})
	defer pool.Close()
	env := newEnvWith(t, table.Config{Workers: bridgeanalysis.Workers(pool)}, func(c *Config) { c.AllowSeed = true; c.Solvers = pool; c.GuestsPerMinute = 1000 })
	const tables = 50
	ready := tablesInPlay(t, env, tables)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	baseHeap, baseRSS := ms.HeapInuse, rssMB()

	var peakHeap, peakSys, peakRSS atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peakHeap.Store(max(peakHeap.Load(), ms.HeapInuse))
			peakSys.Store(max(peakSys.Load(), ms.Sys))
			peakRSS.Store(max(peakRSS.Load(), uint64(rssMB()*1024)))
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	flood := 3 * time.Second
	var claims, searched atomic.Int64
	var wg sync.WaitGroup
	for _, s := range ready {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lo, hi := s.v.Claim.Min, s.v.Claim.Max
			end := time.Now().Add(flood)
			for i := 0; time.Now().Before(end); i++ {
				tricks := hi - i%(hi-lo+1)
				sent := time.Now()
				s.w.sendJSON(map[string]any{"type": "claim", "tricks": tricks})
				for {
					cm := s.w.mustRead()
					if cm.Type == "error" {
						if cm.Code == table.CodeBusy {
							time.Sleep(10 * time.Millisecond)
							break
						}
						t.Errorf("claim refused: %s", cm.Raw)
						return
					}
					if cm.Type == "claim" {
						claims.Add(1)
						if time.Since(sent) > time.Millisecond {
							searched.Add(1)
						}
						if strings.Contains(string(cm.Raw), `"accepted":true`) {
							return
						}
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	<-sampled
	st := pool.Stats()
	mb := func(b uint64) float64 { return float64(b) / (1 << 20) }
	t.Logf("%d tables, %d claims in %v (about %d searched); pool: %d workers of %d MB, peak %d MB of solvers, %d done, %d refused",
		len(ready), claims.Load(), flood, searched.Load(), st.Workers, st.TableMB, st.PeakSolverMB, st.Done, st.Refused)
	t.Logf("heap in use %.0f MB before, peak %.0f MB; Sys peak %.0f MB; RSS %.0f MB before, peak %.0f MB",
		mb(baseHeap), mb(peakHeap.Load()), mb(peakSys.Load()), baseRSS, float64(peakRSS.Load())/1024)
	if claims.Load() == 0 {
		t.Fatal("no claim answered")
	}
	if st.PeakSolverMB > 64 {
		t.Errorf("the pool's solvers held %d MB at once, over its 64 MB", st.PeakSolverMB)
	}
	if st.Peak > int64(st.Workers) {
		t.Errorf("%d searches at once, over the pool's %d workers", st.Peak, st.Workers)
	}
	if !raceEnabled {
		if rss := float64(peakRSS.Load()) / 1024; rss > 300 {
			t.Errorf("resident memory peaked at %.0f MB under 50 claiming tables, want under 300 MB", rss)
		}
		if h := mb(peakHeap.Load()); h > 250 {
			t.Errorf("heap in use peaked at %.0f MB under 50 claiming tables", h)
		}
	}
}

// TestRepeatedClaimNotSearchedAgain: a claim the bots refused, made again
// at the same position, is answered without a new search.
func TestRepeatedClaimNotSearchedAgain(t *testing.T) {
	pool := ddpool.New(ddpool.Config{Workers: 1})
	defer pool.Close()
	env := newEnvWith(t, table.Config{Workers: bridgeanalysis.Workers(pool)}, func(c *Config) { c.AllowSeed = true; c.Solvers = pool })
	claim := func(w *ws, tricks int) bool {
		w.sendJSON(map[string]any{"type": "claim", "tricks": tricks})
		for {
			cm := w.mustRead()
			if cm.Type == "error" {
				t.Fatalf("claim refused: %s", cm.Raw)
			}
			if cm.Type == "claim" {
				return strings.Contains(string(cm.Raw), `"accepted":true`)
			}
		}
	}
	for seed := uint64(1000); seed < 1050; seed++ {
		c := newClient(t, env.ts.URL)
		w := c.dial(c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: seed}))
		m, v, ok := reachPlay(t, w, 7)
		if !ok {
			w.close()
			continue
		}
		tricks := v.Claim.Max
		if v.Declarer != *m.Seat && v.Declarer != partnerOf(*m.Seat) {
			tricks = v.Claim.Min
		}
		before := pool.Stats().Done
		if claim(w, tricks) {
			w.close()
			continue // the bots accepted: try another deal
		}
		for range 20 {
			if claim(w, tricks) {
				t.Fatal("a claim refused at a position accepted at the same position")
			}
		}
		if n := pool.Stats().Done - before; n != 1 {
			t.Fatalf("21 claims at one position: %d searches, want 1", n)
		}
		w.close()
		return
	}
	t.Fatal("no deal where the bots refused the claim")
}
