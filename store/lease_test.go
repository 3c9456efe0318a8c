package store

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

func TestLeaseFailover(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		g := newTestGame(t, s, "bridge", [4]Seat{})
		g2 := newTestGame(t, s, "belote", [4]Seat{})
		if ids, err := s.ExpiredTables(ctx); err != nil || !slices.Contains(ids, g.ID) {
			t.Fatalf("ExpiredTables before any claim = %v, %v: an unclaimed open table needs a node", ids, err)
		}

		until, err := s.ClaimTable(ctx, g.ID, "node-a", time.Hour)
		must(t, err)
		if d := time.Until(until); d < 59*time.Minute || d > 61*time.Minute {
			t.Errorf("lease until %v, %v from now", until, d)
		}
		_, err = s.ClaimTable(ctx, g.ID, "node-b", time.Hour)
		var le *LeaseError
		if !errors.As(err, &le) || !errors.Is(err, ErrLeaseHeld) || le.Owner != "node-a" || le.Game != g.ID {
			t.Fatalf("ClaimTable by node-b = %v, want a LeaseError naming node-a", err)
		}
		if ids, _ := s.ExpiredTables(ctx); slices.Contains(ids, g.ID) {
			t.Errorf("ExpiredTables lists a table with a live lease: %v", ids)
		}
		got, err := s.GetGame(ctx, g.ID)
		must(t, err)
		if got.Owner != "node-a" || got.LeaseUntil.IsZero() {
			t.Errorf("game owner %q until %v", got.Owner, got.LeaseUntil)
		}
		_, err = s.ClaimTable(ctx, g2.ID, "node-a", time.Hour)
		must(t, err)

		// node-a renews both tables.
		ids, err := s.RenewLeases(ctx, "node-a", time.Hour)
		must(t, err)
		slices.Sort(ids)
		want := []string{g.ID, g2.ID}
		slices.Sort(want)
		if !slices.Equal(ids, want) {
			t.Errorf("RenewLeases = %v, want %v", ids, want)
		}

		// The heartbeat keeps the tables of a live node: g's own lease
		// runs out (shortened here to avoid a long sleep), node-a still
		// beats, and nobody may take g.
		_, err = s.ClaimTable(ctx, g.ID, "node-a", 5*time.Millisecond)
		must(t, err)
		time.Sleep(30 * time.Millisecond)
		if ids, _ := s.ExpiredTables(ctx); slices.Contains(ids, g.ID) {
			t.Errorf("ExpiredTables = %v: %s's owner is alive", ids, g.ID)
		}
		if _, err := s.ClaimTable(ctx, g.ID, "node-b", time.Hour); !errors.Is(err, ErrLeaseHeld) {
			t.Fatalf("node-b took a live node's table: %v", err)
		}
		if nodes, err := s.LiveNodes(ctx); err != nil || !slices.Equal(nodes, []string{"node-a"}) {
			t.Errorf("LiveNodes = %v, %v", nodes, err)
		}
		if n, err := s.LiveTables(ctx); err != nil || n != 2 {
			t.Errorf("LiveTables = %d, %v, want 2", n, err)
		}

		// node-a stalls: its heartbeat runs out too (shortened) and node-b
		// takes g over; g2, whose own lease from its claim still runs,
		// stays node-a's.
		_, err = s.RenewLeases(ctx, "node-a", 5*time.Millisecond)
		must(t, err)
		time.Sleep(30 * time.Millisecond)
		if ids, _ := s.ExpiredTables(ctx); !slices.Contains(ids, g.ID) || slices.Contains(ids, g2.ID) {
			t.Errorf("ExpiredTables = %v, want %s and not %s", ids, g.ID, g2.ID)
		}
		if nodes, err := s.LiveNodes(ctx); err != nil || len(nodes) != 0 {
			t.Errorf("LiveNodes after the stall = %v, %v", nodes, err)
		}
		if n, err := s.LiveTables(ctx); err != nil || n != 1 {
			t.Errorf("LiveTables after the stall = %d, %v, want 1", n, err)
		}
		_, err = s.ClaimTable(ctx, g.ID, "node-b", time.Hour)
		must(t, err)
		// node-a wakes up: its renewal no longer includes g, so it stops
		// serving it; releasing it is harmless.
		ids, err = s.RenewLeases(ctx, "node-a", time.Hour)
		must(t, err)
		if !slices.Equal(ids, []string{g2.ID}) {
			t.Errorf("node-a RenewLeases after takeover = %v, want only %s", ids, g2.ID)
		}
		must(t, s.ReleaseTable(ctx, g.ID, "node-a"))
		if got, _ := s.GetGame(ctx, g.ID); got.Owner != "node-b" {
			t.Errorf("owner after a stale release = %q, want node-b", got.Owner)
		}

		// A clean release hands the table on at once.
		must(t, s.ReleaseTable(ctx, g.ID, "node-b"))
		if ids, _ := s.ExpiredTables(ctx); !slices.Contains(ids, g.ID) {
			t.Errorf("released table not in ExpiredTables %v", ids)
		}
		_, err = s.ClaimTable(ctx, g.ID, "node-a", time.Hour)
		must(t, err)

		// Finishing a game drops its lease; it cannot be claimed again.
		must(t, s.FinishGame(ctx, g2.ID, []byte(`{}`)))
		_, err = s.ClaimTable(ctx, g2.ID, "node-b", time.Hour)
		wantErr(t, err, ErrFinished)
		_, err = s.ClaimTable(ctx, "nosuchgame", "node-b", time.Hour)
		wantErr(t, err, ErrNotFound)
		_, err = s.ClaimTable(ctx, g.ID, "", time.Hour)
		wantErr(t, err, ErrInvalid)
		_, err = s.RenewLeases(ctx, "node-a", 0)
		wantErr(t, err, ErrInvalid)
	})
}

// Nodes racing to adopt a table: exactly one wins.
func TestLeaseClaimRace(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		g := newTestGame(t, s, "belote", [4]Seat{})
		const nodes = 8
		var wg sync.WaitGroup
		errs := make([]error, nodes)
		for i := range nodes {
			wg.Go(func() { _, errs[i] = s.ClaimTable(ctx, g.ID, fmt.Sprintf("node-%d", i), time.Hour) })
		}
		wg.Wait()
		winners := 0
		for i, err := range errs {
			switch {
			case err == nil:
				winners++
			case !errors.Is(err, ErrLeaseHeld):
				t.Errorf("node-%d: %v", i, err)
			}
		}
		if winners != 1 {
			t.Errorf("%d nodes won the claim, want 1 (%v)", winners, errs)
		}
	})
}

// A game created with an owner is stored claimed: no other node can claim
// it or see it in ExpiredTables between its creation and its first serving.
func TestCreateGameClaimed(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := ctxT(t)
		g, err := s.CreateGame(ctx, NewGame{Kind: "bridge", Owner: "node-a", Lease: time.Hour})
		must(t, err)
		if d := time.Until(g.LeaseUntil); g.Owner != "node-a" || d < 59*time.Minute || d > 61*time.Minute {
			t.Errorf("created game owner %q until %v (%v from now)", g.Owner, g.LeaseUntil, d)
		}
		got, err := s.GetGame(ctx, g.ID)
		must(t, err)
		if got.Owner != "node-a" || !got.LeaseUntil.Equal(g.LeaseUntil) {
			t.Errorf("stored owner %q until %v, created %q until %v", got.Owner, got.LeaseUntil, g.Owner, g.LeaseUntil)
		}
		if ids, _ := s.ExpiredTables(ctx); slices.Contains(ids, g.ID) {
			t.Errorf("ExpiredTables lists a game created claimed: %v", ids)
		}
		if _, err := s.ClaimTable(ctx, g.ID, "node-b", time.Hour); !errors.Is(err, ErrLeaseHeld) {
			t.Errorf("ClaimTable by node-b = %v, want the lease held", err)
		}
		if _, err := s.ClaimTable(ctx, g.ID, "node-a", time.Hour); err != nil {
			t.Errorf("ClaimTable by the owner: %v", err)
		}
		// without an owner: free at once, as before
		free, err := s.CreateGame(ctx, NewGame{Kind: "belote"})
		must(t, err)
		if ids, _ := s.ExpiredTables(ctx); free.Owner != "" || !slices.Contains(ids, free.ID) {
			t.Errorf("a game created without an owner (%q) is not free: %v", free.Owner, ids)
		}
		if _, err := s.CreateGame(ctx, NewGame{Kind: "bridge", Owner: "node-a"}); err == nil {
			t.Error("an owner without a lease was accepted")
		}
	})
}
