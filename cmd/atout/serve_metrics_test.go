package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"atout/store"
)

// testMetricsToken is the /metrics token of the tests' servers.
const testMetricsToken = "test-metrics-token-0123456789"

// TestServeMetricsToken: `serve` serves /metrics on its address only with
// the operator's token, and without one on --metrics-addr.
func TestServeMetricsToken(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, serveConfig{store: st, listener: ln, logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), node: "m",
			metricsToken: testMetricsToken, metricsListener: mln}, io.Discard)
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	base, private := "http://"+ln.Addr().String(), "http://"+mln.Addr().String()
	waitListening(t, base, 10*time.Second)
	get := func(url, token string) int {
		req, _ := http.NewRequest("GET", url, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, c := range []struct {
		url, token string
		want       int
	}{
		{base + "/metrics", "", 401},
		{base + "/metrics", "wrong-token-0123456789", 401},
		{base + "/metrics", testMetricsToken, 200},
		{private + "/metrics", "", 200},
		{private + "/api/me", "", 404},
	} {
		if got := get(c.url, c.token); got != c.want {
			t.Errorf("GET %s (token %q): %d, want %d", c.url, c.token, got, c.want)
		}
	}
}

// TestMetricsTokenFlag: the token comes from --metrics-token-file or
// ATOUT_METRICS_TOKEN, and a short one is refused.
func TestMetricsTokenFlag(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == envMetricsToken {
				return v
			}
			return ""
		}
	}
	if tok, err := readMetricsToken("", env("")); tok != "" || err != nil {
		t.Errorf("none: %q %v", tok, err)
	}
	if tok, err := readMetricsToken("", env(" "+testMetricsToken+"\n")); tok != testMetricsToken || err != nil {
		t.Errorf("env: %q %v", tok, err)
	}
	f := filepath.Join(t.TempDir(), "token")
	os.WriteFile(f, []byte(testMetricsToken+"-file\n"), 0o600)
	if tok, err := readMetricsToken(f, env(testMetricsToken)); tok != testMetricsToken+"-file" || err != nil {
		t.Errorf("file: %q %v", tok, err)
	}
	if _, err := readMetricsToken("", env("short")); err == nil {
		t.Error("a short token accepted")
	}
	var out, errb bytes.Buffer
	if code := run([]string{"serve", "--metrics-token-file", filepath.Join(t.TempDir(), "none")}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "--metrics-token-file") {
		t.Errorf("missing token file: exit %d (%s)", code, errb.String())
	}
}
