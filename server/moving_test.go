package server

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"atout/card"
	"atout/protocol"
	"atout/table"
)

// movingHub is a hub whose tables do not answer while moving is set, as a
// cluster's table whose server died until another node takes it over.
type movingHub struct {
	*table.LocalHub
	moving atomic.Bool
	block  bool // a call waits for its ctx instead of answering busy
}

func (h *movingHub) Get(ctx context.Context, id string) (table.Room, error) {
	r, err := h.LocalHub.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return &movingRoom{Room: r, h: h}, nil
}

type movingRoom struct {
	table.Room
	h *movingHub
}

func (r *movingRoom) wait(ctx context.Context) error {
	if !r.h.moving.Load() {
		return nil
	}
	if r.h.block {
		// A call that hangs with its server until its ctx ends.
		for r.h.moving.Load() {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(10 * time.Millisecond):
			}
		}
		return nil
	}
	return &table.Error{Code: table.CodeBusy, Msg: "the table has no server right now; try again"}
}

func (r *movingRoom) Info(ctx context.Context, userID string) (table.Info, error) {
	if err := r.wait(ctx); err != nil {
		return table.Info{}, err
	}
	return r.Room.Info(ctx, userID)
}

func (r *movingRoom) Act(ctx context.Context, userID string, seat card.Seat, action string, n int) error {
	for r.h.moving.Load() && ctx.Err() == nil {
		time.Sleep(10 * time.Millisecond) // a call retried until the table is back
	}
	return r.Room.Act(ctx, userID, seat, action, n)
}

// TestHandshakeWhileMoving: a WebSocket opened on a table that is between
// two servers is answered at once with "moving", its pings are answered,
// its other messages refused as busy, and the state follows as soon as
// the table answers again; a message held up by its table holds no ping.
func TestHandshakeWhileMoving(t *testing.T) {
	for _, block := range []bool{false, true} {
		env := newEnvWith(t, table.Config{}, func(c *Config) {
			c.AllowSeed = true
			c.HandshakeWait = 200 * time.Millisecond
		})
		hub := &movingHub{LocalHub: env.hub, block: block}
		env.srv.hub = hub
		alice := newClient(t, env.ts.URL)
		id := alice.createTable(table.Settings{Game: "bridge", Seed: 7})

		hub.moving.Store(true)
		start := time.Now()
		w := alice.dial(id)
		m := w.mustRead()
		if m.Type != protocol.TypeMoving || time.Since(start) > 2*time.Second {
			t.Fatalf("block %v: first message %q after %v, want moving at once", block, m.Type, time.Since(start))
		}
		w.send(`{"type":"ping"}`)
		if m := w.mustRead(); m.Type != protocol.TypePong {
			t.Fatalf("block %v: ping answered by %q", block, m.Type)
		}
		w.send(`{"type":"next"}`)
		if m := w.mustRead(); m.Type != protocol.TypeError || m.Code != table.CodeBusy {
			t.Fatalf("block %v: a move while moving answered by %q %q, want busy", block, m.Type, m.Code)
		}
		time.Sleep(300 * time.Millisecond)
		hub.moving.Store(false)
		back := time.Now()
		if m = w.mustRead(); m.Type != protocol.TypeState || m.Table.ID != id {
			t.Fatalf("block %v: after the move, %q", block, m.Type)
		}
		if d := time.Since(back); d > 2*time.Second {
			t.Errorf("block %v: state %v after the table answered", block, d)
		}

		// A move that waits for its table does not hold a ping up.
		for {
			if legal, _ := legalOf(m); len(legal) > 0 {
				break
			}
			m = w.mustRead()
		}
		legal, seat := legalOf(m)
		hub.moving.Store(true)
		w.sendJSON(map[string]any{"type": "act", "action": legal[0], "seat": seat, "n": m.N})
		sent := time.Now()
		w.send(`{"type":"ping"}`)
		if p := w.mustRead(); p.Type != protocol.TypePong || time.Since(sent) > time.Second {
			t.Fatalf("block %v: ping behind a waiting move answered by %q %s after %v", block, p.Type, p.Raw, time.Since(sent))
		}
		hub.moving.Store(false)
		if s := w.mustRead(); s.Type != protocol.TypeState || s.N <= m.N {
			t.Fatalf("block %v: the move once the table is back: %q n=%d (was %d)", block, s.Type, s.N, m.N)
		}
		w.close()
	}
}
