package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"atout/bridge"
	"atout/card"
	"atout/store"
)

func TestServeHealthAndShutdown(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, serveConfig{store: st, listener: ln, logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), node: "test"}, &out)
	}()
	base := "http://" + ln.Addr().String()
	var body string
	for i := 0; i < 50; i++ {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			body = string(b)
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if strings.TrimSpace(body) != "ok" {
		t.Fatalf("/healthz: %q", body)
	}
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET /: %d", resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestServeBadFlags(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"serve", "--nope"}, nil, &out, &errb); code != 2 {
		t.Fatalf("exit %d, want 2 (%s)", code, errb.String())
	}
	if code := run([]string{"serve", "extra"}, nil, &out, &errb); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
}

func TestExplainer(t *testing.T) {
	calls := []bridge.Call{bridge.NewBid(1, bridge.NoTrump), {}, bridge.NewBid(2, bridge.StrainClubs)}
	calls[1], _ = bridge.ParseCall("P")
	got, _ := json.Marshal(explainer()(bridge.VulNone, card.North, calls))
	var ms []struct{ Call, Text string }
	if err := json.Unmarshal(got, &ms); err != nil || len(ms) != 3 || ms[0].Call != "1NT" || ms[0].Text == "" {
		t.Fatalf("explanations %s (%v)", got, err)
	}
}
