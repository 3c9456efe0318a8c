package server

import (
	"context"
	"encoding/json"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"atout/protocol"
	"atout/table"
)

// directHub is a movingHub whose tables are served, as a cluster's room
// says, at the address in direct ("" for here).
type directHub struct {
	*movingHub
	direct atomic.Value // string
}

func (h *directHub) Get(ctx context.Context, id string) (table.Room, error) {
	r, err := h.movingHub.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return &directRoom{Room: r, h: h}, nil
}

type directRoom struct {
	table.Room
	h *directHub
}

func (r *directRoom) Direct() string { s, _ := r.h.direct.Load().(string); return s }

// TestRedirect: a table served at another node's advertised address sends
// its WebSocket there, at the handshake or, for a connection opened while
// the table moved, once a node that advertises itself took it over; a
// connection with via is served here in both cases; the redirect comes
// alone and the connection then closes normally.
func TestRedirect(t *testing.T) {
	env := newEnvWith(t, table.Config{}, func(c *Config) {
		c.AllowSeed = true
		c.HandshakeWait = 200 * time.Millisecond
	})
	hub := &directHub{movingHub: &movingHub{LocalHub: env.hub}}
	hub.direct.Store("")
	env.srv.hub = hub
	alice := newClient(t, env.ts.URL)
	id := alice.createTable(table.Settings{Game: "bridge", Seed: 7})
	want := "wss://node-c.example.org/atout/ws/" + id + "?" + url.Values{"lang": {"en"}, "via": {"1"}}.Encode()
	redirect := func(w *ws, what string) {
		t.Helper()
		m := w.mustRead()
		var r protocol.Redirect
		json.Unmarshal(m.Raw, &r)
		if r.Type != protocol.TypeRedirect || r.URL != want {
			t.Fatalf("%s: %s, want a redirect to %s", what, m.Raw, want)
		}
		if _, ok := w.read(2 * time.Second); ok {
			t.Fatalf("%s: a message after the redirect", what)
		}
	}

	// At the handshake.
	hub.direct.Store("https://node-c.example.org/atout")
	redirect(alice.dial(id), "handshake")
	// Served here with via.
	w := alice.dialQuery(id, "?via=1&lang=en")
	if m := w.mustRead(); m.Type != protocol.TypeState {
		t.Fatalf("with via: %q, want a state", m.Type)
	}
	w.close()

	// Opened while the table moves, with and without via; the table is
	// then taken over by a node that advertises itself.
	hub.direct.Store("")
	hub.moving.Store(true)
	plain, via := alice.dial(id), alice.dialQuery(id, "?via=1")
	for _, w := range []*ws{plain, via} {
		if m := w.mustRead(); m.Type != protocol.TypeMoving {
			t.Fatalf("while moving: %q", m.Type)
		}
	}
	hub.direct.Store("https://node-c.example.org/atout")
	hub.moving.Store(false)
	redirect(plain, "after the move")
	if m := via.mustRead(); m.Type != protocol.TypeState {
		t.Fatalf("with via, after the move: %q, want a state", m.Type)
	}
	via.close()

	// A node that does not advertise: served here.
	hub.direct.Store("")
	w = alice.dial(id)
	if m := w.mustRead(); m.Type != protocol.TypeState {
		t.Fatalf("no address: %q, want a state", m.Type)
	}
	w.close()
}
