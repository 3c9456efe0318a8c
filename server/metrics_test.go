package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"atout/table"
)

// getMetrics asks base for /metrics with the Authorization header auth
// (none if empty) and returns the status and the body.
func getMetrics(t *testing.T, base, auth string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("GET", base+"/metrics", nil)
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestMetricsNeedToken replays the attack of issue 33: a stranger reads
// the server's counters (live tables, clients, solver queues) from
// /metrics. With a token configured only the operator's bearer token
// opens it; without one the public handler does not serve it at all.
func TestMetricsNeedToken(t *testing.T) {
	const token = "0123456789abcdef-operator"
	env := newEnvWith(t, table.Config{}, func(c *Config) { c.MetricsToken = token })
	for _, auth := range []string{"", "Bearer ", "Bearer wrong-token", "Bearer " + token + "x", "Basic " + token, token} {
		if code, body := getMetrics(t, env.ts.URL, auth); code != http.StatusUnauthorized || strings.Contains(body, "atout_") {
			t.Errorf("Authorization %q: %d %q, want 401 and no metrics", auth, code, body)
		}
	}
	if code, body := getMetrics(t, env.ts.URL, "Bearer "+token); code != 200 || !strings.Contains(body, "atout_live_tables") || !strings.Contains(body, "atout_dd_workers") {
		t.Errorf("with the token: %d %q", code, body)
	}

	// No token configured: not served on the public handler, even to a
	// request that brings some token.
	open := newEnvWith(t, table.Config{}, func(*Config) {})
	for _, auth := range []string{"", "Bearer " + token, "Bearer "} {
		if code, body := getMetrics(t, open.ts.URL, auth); code != http.StatusNotFound || strings.Contains(body, "atout_") {
			t.Errorf("no token configured, Authorization %q: %d %q, want 404", auth, code, body)
		}
	}
	// The private listener's handler serves them without a token, and
	// nothing else.
	priv := httptest.NewServer(open.srv.MetricsHandler())
	defer priv.Close()
	if code, body := getMetrics(t, priv.URL, ""); code != 200 || !strings.Contains(body, "atout_live_tables") || !strings.Contains(body, "go_goroutines ") || !strings.Contains(body, "atout_go_heap_objects_bytes ") {
		t.Errorf("private handler: %d %q", code, body)
	}
	// The operator's profiles: on the private listener only.
	for _, c := range []struct {
		base string
		want int
	}{{priv.URL, 200}, {open.ts.URL, 404}, {env.ts.URL, 404}} {
		resp, err := http.Get(c.base + "/debug/pprof/heap?debug=1")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.want || (c.want == 200 && !strings.Contains(string(b), "heap profile")) {
			t.Errorf("%s/debug/pprof/heap: %d, want %d", c.base, resp.StatusCode, c.want)
		}
	}
	resp, err := http.Get(priv.URL + "/api/me")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("private handler serves /api/me: %d", resp.StatusCode)
	}
}
