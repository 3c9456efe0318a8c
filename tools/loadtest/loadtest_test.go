package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"atout/server"
	"atout/server/metrics"
	"atout/store"
	"atout/table"
)

// TestRun plays two tables (a bridge and a belote table) for a couple of
// seconds against a server in this process, with four humans and with
// one human and three bots, and checks that moves were made and
// measured, and the server watched through /proc and /metrics.
func TestRun(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	met := metrics.New()
	hub := table.NewLocalHub(table.Config{Store: st, Logger: quiet, OnAction: met.ObserveAction})
	const token = "load-test-metrics-token"
	srv := server.New(server.Config{Store: st, Hub: hub, Logger: quiet, Metrics: met, MetricsToken: token})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		hub.Shutdown(context.Background())
		ts.Close()
		st.Close()
	})

	for _, humans := range []int{4, 1} {
		cfg := Config{
			URLs: []string{ts.URL}, Tables: 2, Humans: humans, Games: []string{"bridge", "belote"}, Level: "easy",
			Think: 150 * time.Millisecond, Jitter: 0.5, Warmup: 300 * time.Millisecond, Duration: 2 * time.Second,
			Timeout: 5 * time.Second, Parallel: 2, Seed: uint64(humans),
			Probe: &probe{pids: []int{os.Getpid()}, metrics: []string{ts.URL + "/metrics"}, token: token, hc: http.DefaultClient},
		}
		res, err := Run(context.Background(), cfg, io.Discard)
		if err != nil {
			t.Fatalf("%d humans: %v", humans, err)
		}
		if res.Tables != 2 || len(res.SetupErrors) > 0 {
			t.Errorf("%d humans: %d tables seated, set-up errors %v", humans, res.Tables, res.SetupErrors)
		}
		if len(res.Errors) > 0 {
			t.Errorf("%d humans: errors %v", humans, res.Errors)
		}
		games := map[string]int{}
		for _, m := range res.Moves {
			games[m.Game]++
		}
		if res.Latency.Len() != len(res.Moves) || games["bridge"] == 0 || games["belote"] == 0 || res.States < len(res.Moves) || res.StateBytes < 100*res.States {
			t.Errorf("%d humans: %d latencies, moves by game %v, %d states of %d bytes", humans, res.Latency.Len(), games, res.States, res.StateBytes)
		}
		if p50, p99 := res.Latency.Percentile(50), res.Latency.Percentile(99); p50 <= 0 || p99 < p50 || p99 > cfg.Timeout {
			t.Errorf("%d humans: latency p50 %v p99 %v", humans, p50, p99)
		}
		if len(res.Server) != 1 || res.Server[0].Err != "" || res.Server[0].RSSEnd <= 0 || res.Server[0].CPU <= 0 {
			t.Errorf("%d humans: server process %+v", humans, res.Server)
		}
		// The server counts the moves it applied between its two samples,
		// the players the moves they sent in the window: they differ by
		// the moves in flight at either edge, at most one per human.
		inFlight := float64(cfg.Tables * humans)
		if m := res.Metrics; m == nil || m.Err != "" || m.Allocated <= 0 || m.Human < float64(len(res.Moves))-inFlight || m.Human > float64(len(res.Moves))+inFlight || (humans == 1 && m.Bot == 0) {
			t.Errorf("%d humans: %d moves measured, server metrics %+v", humans, len(res.Moves), m)
		}
		report(io.Discard, &cfg, res)
		if err := writeCSV(io.Discard, res.Moves); err != nil {
			t.Error(err)
		}
		// The owners closed their tables.
		for deadline := time.Now().Add(5 * time.Second); hub.Len() > 0 && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		if n := hub.Len(); n > 0 {
			t.Errorf("%d humans: %d tables left open", humans, n)
		}
	}
}

// TestParseLangs: -langs gives the clients' languages in turn, and a
// language the server has no catalog for is refused.
func TestParseLangs(t *testing.T) {
	cfg, _, err := parseArgs([]string{"-langs", "fr, ko,en"}, io.Discard)
	if err != nil || len(cfg.Langs) != 3 || cfg.Langs[0] != "fr" || cfg.Langs[1] != "ko" || cfg.Langs[2] != "en" {
		t.Errorf("-langs fr,ko,en: %v, %v", cfg.Langs, err)
	}
	if cfg, _, err := parseArgs(nil, io.Discard); err != nil || cfg.Langs != nil {
		t.Errorf("no -langs: %v, %v", cfg.Langs, err)
	}
	if _, _, err := parseArgs([]string{"-langs", "fr,xx"}, io.Discard); err == nil {
		t.Error("-langs fr,xx accepted")
	}
}
