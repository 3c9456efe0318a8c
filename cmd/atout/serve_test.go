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
	"atout/server"
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
	for _, bad := range [][]string{{"--daily-boards", "7"}, {"--daily-boards", "37"}, {"--daily-scoring", "rubber"}} {
		errb.Reset()
		if code := run(append([]string{"serve"}, bad...), nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), bad[0]) {
			t.Errorf("serve %v: exit %d, want 2 naming the flag (%s)", bad, code, errb.String())
		}
	}
}

func TestExplainer(t *testing.T) {
	calls := []bridge.Call{bridge.NewBid(1, bridge.NoTrump), {}, bridge.NewBid(2, bridge.StrainClubs)}
	calls[1], _ = bridge.ParseCall("P")
	got, _ := json.Marshal(server.BridgeExplainer()(bridge.VulNone, card.North, calls))
	var ms []struct{ Call, Text string }
	if err := json.Unmarshal(got, &ms); err != nil || len(ms) != 3 || ms[0].Call != "1NT" || ms[0].Text == "" {
		t.Fatalf("explanations %s (%v)", got, err)
	}
}

// The i18n adapter serves the rules pages and translated error messages.
func TestI18nLanguages(t *testing.T) {
	var l server.Languages = server.I18n{}
	for _, c := range []struct{ game, lang, want string }{
		{"bridge", "en", "<h1>"}, {"belote", "fr", "<h1>"}, {"bridge", "ko", "<section"}, {"belote", "xx", "<h1>"},
	} {
		b, ok := l.Rules(c.game, c.lang)
		if !ok || !strings.Contains(string(b), c.want) {
			t.Errorf("rules %s/%s: ok %v, %.80q", c.game, c.lang, ok, b)
		}
	}
	if _, ok := l.Rules("poker", "en"); ok {
		t.Error("rules of poker")
	}
	fr, _ := l.Rules("bridge", "fr")
	en, _ := l.Rules("bridge", "en")
	if bytes.Equal(fr, en) {
		t.Error("the French rules page is the English one")
	}
	// Every error code the server sends has a message in every language.
	codes := []string{"illegal", "turn", "seat", "stale", "bad_request", "bad_pbn", "not_seated", "forbidden", "busy", "over",
		"internal", "closed", "not_found", "rate_limited", "unauthorized", "csrf", "credentials", "username", "timeout"}
	for _, lang := range []string{"en", "fr", "de", "hi", "ko"} {
		for _, c := range codes {
			m, ok := l.Message(lang, "error."+c)
			if !ok || m == "" || m == "error."+c {
				t.Errorf("%s: no message for error.%s", lang, c)
			}
		}
	}
	fm, _ := l.Message("fr", "error.turn")
	em, _ := l.Message("en", "error.turn")
	if fm == em {
		t.Errorf("error.turn is not translated in French: %q", fm)
	}
}
