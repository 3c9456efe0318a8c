package main

import (
	"atout/bot/bidding/explain"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"atout/bridge"
	"atout/card"
	"atout/cluster"
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
	got, _ := json.Marshal(explain.New().Calls(bridge.VulNone, card.North, calls))
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

// TestServeRefusesOpenNATS: in cluster mode, serve refuses NATS without
// authentication away from loopback (exit 2, naming the flags that give
// a credential), before opening anything.
func TestServeRefusesOpenNATS(t *testing.T) {
	t.Setenv(envNATSToken, "")
	t.Setenv(envNATSNKey, "")
	dir := t.TempDir()
	db := filepath.Join(dir, "atout.db")
	short := filepath.Join(dir, "short")
	if err := os.WriteFile(short, []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--nats-listen", "0.0.0.0:4222"}, "--nats-token-file"},
		{[]string{"--nats-listen", ":4222"}, "without authentication"},
		{[]string{"--nats-listen", "127.0.0.1:4222", "--nats-cluster", "0.0.0.0:6222"}, "without authentication"},
		{[]string{"--nats", "nats://nats-1.internal:4222"}, "without authentication"},
		{[]string{"--nats-listen", "0.0.0.0:4222", "--nats-token-file", short}, "token too short"},
		{[]string{"--nats-listen", "0.0.0.0:4222", "--nats-token-file", filepath.Join(dir, "none")}, "--nats-token-file"},
		{[]string{"--nats-token-file", short}, "--nats-token-file"},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"serve", "--db", db, "--addr", "127.0.0.1:0"}, c.args...)
		if code := run(args, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("serve %v: exit %d, want 2 and %q (%s)", c.args, code, c.want, errb.String())
		}
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("the database was opened before the NATS settings were checked")
	}
}

func TestNATSAuthFromFilesAndEnv(t *testing.T) {
	dir := t.TempDir()
	tok := filepath.Join(dir, "token")
	if err := os.WriteFile(tok, []byte("  0123456789abcdef0123\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{envNATSToken: "from-the-environment-0123", envNATSNKey: ""}
	a, err := natsAuth(tok, "", "", func(k string) string { return env[k] })
	if err != nil || a.Token != "0123456789abcdef0123" || a.NKeySeed != "" {
		t.Errorf("token file: %+v %v", a, err)
	}
	a, err = natsAuth("", "", "", func(k string) string { return env[k] })
	if err != nil || a.Token != "from-the-environment-0123" {
		t.Errorf("token from the environment: %+v %v", a, err)
	}
	env[envNATSNKey] = "SU-from-the-environment"
	a, err = natsAuth(tok, "", "", func(k string) string { return env[k] })
	if err != nil || a.Token != "0123456789abcdef0123" || a.NKeySeed != "" {
		t.Errorf("a flag and the environment: %+v %v, want the flag only", a, err)
	}
	if _, err := natsAuth("", filepath.Join(dir, "none"), "", func(string) string { return "" }); err == nil {
		t.Error("a missing nkey file")
	}
}

// TestServeClusterWithToken: a node with an embedded NATS on every
// address serves when given a token, and its NATS refuses strangers.
func TestServeClusterWithToken(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	// A free port for NATS.
	nl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := nl.Addr().(*net.TCPAddr).Port
	nl.Close()
	token := "0123456789abcdef0123456789abcdef"
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, serveConfig{store: st, listener: ln, logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), node: "a",
			nats: cluster.NodeOptions{Listen: fmt.Sprintf("0.0.0.0:%d", port), Auth: cluster.Auth{Token: token}}}, io.Discard)
	}()
	base := "http://" + ln.Addr().String()
	ok := false
	for i := 0; i < 250 && !ok; i++ {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			ok = resp.StatusCode == 200
		}
		if !ok {
			time.Sleep(20 * time.Millisecond)
		}
	}
	if !ok {
		t.Fatal("no /healthz")
	}
	natsURL := fmt.Sprintf("nats://127.0.0.1:%d", port)
	if nc, err := nats.Connect(natsURL, nats.NoReconnect()); err == nil {
		nc.Close()
		t.Error("a client without the token connected to the node's NATS")
	}
	nc, err := nats.Connect(natsURL, nats.Token(token), nats.NoReconnect())
	if err != nil {
		t.Errorf("with the token: %v", err)
	} else {
		nc.Close()
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
