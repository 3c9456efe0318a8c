package table

import (
	"context"
	"errors"
	"testing"
	"time"

	"atout/card"
	"atout/store"
)

// A parked table stays in the store through a restart (Resume leaves it)
// and comes back on demand as it was; a watched table is not parked.
func TestParkedTableResumesOnDemand(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	cfg := Config{Store: st, Logger: quietLogger(), IdleTimeout: time.Hour}
	h := NewLocalHub(cfg)
	a, _ := st.CreateGuest(ctx, "a", "")
	r, err := h.Create(ctx, Settings{Game: "bridge", Boards: 1, Seed: 4}, Player{ID: a.ID})
	if err != nil {
		t.Fatal(err)
	}
	sub, err := r.Subscribe(ctx, a.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if h.Park(r.ID()) {
		t.Fatal("a watched table was parked")
	}
	sub.Close()
	var before Info
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if before, err = r.Info(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if !before.Seats[card.South].Connected && h.Park(r.ID()) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the table was not parked")
		}
	}
	if h.Len() != 0 {
		t.Fatalf("%d live tables after parking", h.Len())
	}
	if err := h.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	h2 := NewLocalHub(cfg)
	t.Cleanup(func() { h2.Shutdown(ctx) })
	if n, err := h2.Resume(ctx); n != 0 || err != nil {
		t.Fatalf("resumed %d tables (%v), want the parked one left", n, err)
	}
	r2, err := h2.Get(ctx, r.ID())
	if err != nil {
		t.Fatal(err)
	}
	after, err := r2.Info(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Deal != before.Deal || after.DealMove != before.DealMove || h2.Len() != 1 {
		t.Fatalf("after parking %+v, before %+v", after, before)
	}
	if g, _ := st.GetGame(ctx, r.ID()); g.Parked() {
		t.Fatal("still marked parked once served again")
	}
}

// A table the hub is creating (stored and claimed, not yet live) is not
// adopted, by Get or by Resume: a copy rebuilt before the first deal is
// stored would make the creation fail, or, in a cluster, fail and have its
// lease released for another node to take (two live copies).
func TestNoAdoptWhileCreating(t *testing.T) {
	st := openStore(t)
	h := newHub(t, st)
	ctx := context.Background()
	g, err := st.CreateGame(ctx, store.NewGame{Kind: "bridge", Settings: []byte(`{"game":"bridge","level":"easy"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.ClaimTable(ctx, g.ID, h.cfg.Node, time.Minute); err != nil {
		t.Fatal(err)
	}
	h.mu.Lock()
	h.creating[g.ID] = true
	h.mu.Unlock()
	if _, err := h.Get(ctx, g.ID); !errors.Is(err, store.ErrLeaseHeld) {
		t.Errorf("Get of a table being created: %v, want the lease held", err)
	}
	if n, err := h.Resume(ctx); n != 0 || err != nil {
		t.Errorf("Resume took %d tables (%v) while one was being created", n, err)
	}
	if h.Len() != 0 {
		t.Errorf("%d live tables, want none", h.Len())
	}
	h.mu.Lock()
	delete(h.creating, g.ID)
	h.mu.Unlock()
	if _, err := h.Get(ctx, g.ID); err != nil || h.Len() != 1 {
		t.Errorf("Get once created: %v, %d live tables", err, h.Len())
	}
}
