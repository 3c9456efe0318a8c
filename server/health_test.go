package server

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"

	"atout/server/metrics"
	"atout/store"
	"atout/table"
)

// checkedHub is a hub whose Check (a cluster's NATS) fails when told.
type checkedHub struct {
	*table.LocalHub
	mu  sync.Mutex
	err error
}

func (h *checkedHub) Check(context.Context) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.err
}

// TestHealthChecksTheHub: /healthz answers 503 when a cluster node's hub
// says its NATS connection is down, as docs/deploy.md says.
func TestHealthChecksTheHub(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	local := table.NewLocalHub(table.Config{Store: st, Logger: quiet()})
	hub := &checkedHub{LocalHub: local}
	srv := New(Config{Store: st, Hub: hub, Logger: quiet(), Metrics: metrics.New()})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		ts.Close()
		local.Shutdown(context.Background())
		st.Close()
	})
	get := func() int {
		resp, err := http.Get(ts.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := get(); code != 200 {
		t.Fatalf("healthy: %d", code)
	}
	hub.mu.Lock()
	hub.err = errors.New("cluster: NATS connection is RECONNECTING")
	hub.mu.Unlock()
	if code := get(); code != http.StatusServiceUnavailable {
		t.Fatalf("NATS down: %d, want 503", code)
	}
}
