package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"atout/bot"
	"atout/card"
	"atout/game"
	"atout/server/limit"
	"atout/table"
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// TestLoad is a load run, not a test: with ATOUT_LOAD=1 it opens
// ATOUT_LOAD_TABLES bot-only tables and ATOUT_LOAD_HUMANS tables each with
// one simulated human playing over a WebSocket on loopback, runs them for
// ATOUT_LOAD_SECONDS, and reports the tables held, the actions per second,
// the server-side action latency (arrival to end of broadcast, bots'
// thinking excluded), the humans' round trip and the memory in use.
//
//	ATOUT_LOAD=1 ATOUT_LOAD_TABLES=500 ATOUT_LOAD_HUMANS=100 go test -run TestLoad -v ./server/
func TestLoad(t *testing.T) {
	if os.Getenv("ATOUT_LOAD") == "" {
		t.Skip("set ATOUT_LOAD=1 to run the load test")
	}
	// As atout serve does (unless GOGC is set).
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(GCPercent))
	}
	nBots := envInt("ATOUT_LOAD_TABLES", 200)
	nHumans := envInt("ATOUT_LOAD_HUMANS", 50)
	dur := time.Duration(envInt("ATOUT_LOAD_SECONDS", 20)) * time.Second

	var mu sync.Mutex
	var lat []time.Duration
	env := newEnv(t, table.Config{QueueSize: 256})
	// A hub of our own, to collect every action's latency.
	env.hub.Shutdown(context.Background())
	think := time.Duration(envInt("ATOUT_LOAD_THINK_MS", 200)) * time.Millisecond
	hub := table.NewLocalHub(table.Config{Store: env.st, Logger: quiet(),
		Bots: func(kind, level string, seed uint64) bot.Bot {
			return slowBot{bot.ForLevel(kind, level, seed), think}
		},
		OnAction: func(byBot bool, d time.Duration) {
			env.srv.metrics.ObserveAction(byBot, d)
			mu.Lock()
			lat = append(lat, d)
			mu.Unlock()
		}})
	env.srv.hub = hub
	var held int
	defer func() {
		start := time.Now()
		hub.Shutdown(context.Background())
		t.Logf("shutdown of %d tables took %v", held, time.Since(start))
	}()

	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ctx := context.Background()
	for i := range nBots {
		if _, err := hub.Create(ctx, longMatch(i, uint64(i+1)), table.Player{}); err != nil {
			t.Fatal(err)
		}
	}
	env.srv.guestIP = limit.NewBuckets(1e6, 1e6)
	mu.Lock()
	lat = lat[:0] // count the window only
	mu.Unlock()
	tx0, w0 := env.st.GroupCommitStats()
	cpu0 := cpuTime()
	deadline := time.Now().Add(dur)
	var rtMu sync.Mutex
	var rtt []time.Duration
	var wg sync.WaitGroup
	for i := range nHumans {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newClient(t, env.ts.URL)
			id := c.createTable(longMatch(i, 0))
			w := c.dial(id)
			defer w.close()
			rnd := rand.New(rand.NewPCG(uint64(i), 3))
			var sent time.Time
			sentN := -1
			for time.Now().Before(deadline) {
				m, ok := w.read(time.Until(deadline))
				if !ok {
					return
				}
				if m.Type != "state" {
					continue
				}
				if sentN >= 0 && m.N > sentN {
					rtMu.Lock()
					rtt = append(rtt, time.Since(sent))
					rtMu.Unlock()
					sentN = -1
				}
				if m.Table.DealOver {
					w.sendJSON(map[string]any{"type": "next"})
					continue
				}
				if legal, seat := legalOf(m); len(legal) > 0 && sentN < 0 {
					time.Sleep(time.Duration(50+rnd.IntN(100)) * time.Millisecond) // a fast human
					sent, sentN = time.Now(), m.N
					w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": legal[rnd.IntN(len(legal))], "n": m.N})
				}
			}
		}()
	}
	time.Sleep(time.Until(deadline))
	held = hub.Len()
	tx1, w1 := env.st.GroupCommitStats()
	cpu := cpuTime() - cpu0
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	goroutines := runtime.NumGoroutine()
	wg.Wait()

	mu.Lock()
	defer mu.Unlock()
	q := func(ds []time.Duration, p float64) time.Duration {
		if len(ds) == 0 {
			return 0
		}
		s := slices.Clone(ds)
		slices.Sort(s)
		return s[min(len(s)-1, int(p*float64(len(s))))]
	}
	report := fmt.Sprintf("bots think %v per action; tables held %d (%d bot-only, %d with a human); %d actions in %v (%.0f/s)\n"+
		"server action latency (arrival to broadcast, bots' thinking excluded): p50 %v p99 %v max %v\n"+
		"human round trip (send to state): p50 %v p99 %v over %d actions\n"+
		"heap in use %.1f MiB (+%.1f MiB), sys %.1f MiB, goroutines %d\n"+
		"store: %d writes in %d transactions (%.1f a commit)\n"+
		"CPU used by the process (server, bots and clients) in the window: %v (%.2f cores, %.0f µs an action); load average %s",
		think, held, nBots, nHumans, len(lat), dur, float64(len(lat))/dur.Seconds(),
		q(lat, 0.5), q(lat, 0.99), q(lat, 1),
		q(rtt, 0.5), q(rtt, 0.99), len(rtt),
		float64(after.HeapInuse)/(1<<20), float64(after.HeapInuse-before.HeapInuse)/(1<<20), float64(after.Sys)/(1<<20), goroutines,
		w1-w0, tx1-tx0, float64(w1-w0)/float64(max(1, tx1-tx0)),
		cpu.Round(time.Millisecond), cpu.Seconds()/dur.Seconds(), float64(cpu.Microseconds())/float64(max(1, len(lat))), loadAverage())
	t.Log("\n" + report)
	fmt.Println(report)
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadAverage is the machine's load average, where /proc tells it.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// longMatch is a match that lasts: 64 boards of bridge or belote to 10000.
func longMatch(i int, seed uint64) table.Settings {
	if i%2 == 0 {
		return table.Settings{Game: "bridge", Boards: table.MaxBoards, Seed: seed}
	}
	return table.Settings{Game: "belote", Target: 10000, Seed: seed}
}

// slowBot thinks for a while before answering, like a real bot.
type slowBot struct {
	b     bot.Bot
	think time.Duration
}

func (s slowBot) Act(ctx context.Context, g game.Game, seat card.Seat) (game.Move, error) {
	select {
	case <-time.After(s.think):
	case <-ctx.Done():
		return game.Move{}, ctx.Err()
	}
	return s.b.Act(ctx, g, seat)
}
