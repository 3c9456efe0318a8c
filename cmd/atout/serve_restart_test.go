package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"atout/card"
	"atout/store"
	"atout/table"
)

// storeTables leaves n open bridge tables in st, each waiting for its
// human in South, as a server stopped with them open would; it returns
// their ids in creation order.
func storeTables(tb testing.TB, st *store.Store, n int) []string {
	tb.Helper()
	ctx := context.Background()
	u, err := st.CreateGuest(ctx, "", "en")
	if err != nil {
		tb.Fatal(err)
	}
	h := table.NewLocalHub(table.Config{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Node: "old", IdleTimeout: -1})
	var ids []string
	for range n {
		var players [4]table.Player
		players[card.South] = table.Player{ID: u.ID}
		r, err := h.CreateSeated(ctx, table.Settings{Game: "bridge", Boards: 1}, "", players)
		if err != nil {
			tb.Fatal(err)
		}
		ids = append(ids, r.ID())
	}
	if err := h.Shutdown(ctx); err != nil {
		tb.Fatal(err)
	}
	return ids
}

// liveTables reads the live tables gauge of /metrics.
func liveTables(base string) (int, error) {
	req, err := http.NewRequest("GET", base+"/metrics", nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+testMetricsToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "atout_live_tables "); ok {
			return strconv.Atoi(v)
		}
	}
	return 0, fmt.Errorf("no atout_live_tables in /metrics")
}

// waitListening polls /healthz until it answers.
func waitListening(tb testing.TB, base string, limit time.Duration) time.Duration {
	start := time.Now()
	for time.Since(start) < limit {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return time.Since(start)
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	tb.Fatalf("not listening after %v", limit)
	return 0
}

// The listener opens at once on a restart: the stored tables resume in the
// background, and one asked for before its turn is rebuilt on demand (the
// probe waited 6 s for 2,030 tables before the first answer).
func TestServeListensBeforeTablesResume(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	const n = 300
	ids := storeTables(t, st, n)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, serveConfig{store: st, listener: ln, logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), node: "new", metricsToken: testMetricsToken}, io.Discard)
	}()
	defer func() { cancel(); <-done }()
	base := "http://" + ln.Addr().String()
	took := waitListening(t, base, 30*time.Second)
	live, err := liveTables(base)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("listening after %v with %d of %d tables live", took, live, n)
	if live >= n {
		t.Fatalf("the listener opened only once the %d tables had resumed", n)
	}
	// The last table, not resumed yet, answers at once.
	resp, err := http.Get(base + "/api/tables/" + ids[n-1])
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("table %s during the resumption: %d", ids[n-1], resp.StatusCode)
	}
	for deadline := time.Now().Add(60 * time.Second); live < n; live, _ = liveTables(base) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d tables resumed after 60 s", live, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// BenchmarkRestart2000 restarts a server on 2,000 stored open tables and
// reports the time to the listener's first answer (listen-ms) and to the
// end of the resumption (resumed-ms). Run with -benchtime=1x.
func BenchmarkRestart2000(b *testing.B) {
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "atout.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	const n = 2000
	storeTables(b, st, n)
	var listen, resumed time.Duration
	for b.Loop() {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		start := time.Now()
		go func() {
			done <- serve(ctx, serveConfig{store: st, listener: ln, logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), node: "bench", metricsToken: testMetricsToken}, io.Discard)
		}()
		base := "http://" + ln.Addr().String()
		listen += waitListening(b, base, 60*time.Second)
		for live, _ := liveTables(base); live < n; live, _ = liveTables(base) {
			if time.Since(start) > 5*time.Minute {
				b.Fatalf("%d of %d tables resumed", live, n)
			}
			time.Sleep(5 * time.Millisecond)
		}
		resumed += time.Since(start)
		cancel()
		if err := <-done; err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(listen.Milliseconds())/float64(b.N), "listen-ms")
	b.ReportMetric(float64(resumed.Milliseconds())/float64(b.N), "resumed-ms")
}
