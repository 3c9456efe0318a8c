package cluster

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"atout/card"
	"atout/store"
	"atout/table"
)

// testSettings is a small bridge match with two humans and no turn timer,
// so that only the humans play their seats.
var testSettings = table.Settings{Game: "bridge", Boards: 4, Seed: 7, Level: "easy", TurnSeconds: -1}

func guest(t testing.TB, st *store.Store, name string) store.User {
	t.Helper()
	u, err := st.CreateGuest(context.Background(), name, "en")
	must(t, err)
	return u
}

// owner returns the node serving table id, failing if not exactly one does.
func owner(t testing.TB, id string, nodes ...*node) *node {
	t.Helper()
	var found *node
	for _, n := range nodes {
		if !n.dead && n.hub.localTable(id) != nil {
			if found != nil {
				t.Fatalf("table %s served by both %s and %s", id, found.name, n.name)
			}
			found = n
		}
	}
	return found
}

// sharedTable runs the common scenario: node 1 creates a table, Alice
// plays it from node 2 and Bob from node 3 (both through proxies), Carol
// watches from node 2; then node 1 goes away (stop) and the table must go on
// elsewhere with every accepted action kept.
func sharedTable(t *testing.T, n1, n2, n3 *node, stop func(), st *store.Store) {
	ctx := context.Background()
	alice, bob, carol := guest(t, st, "alice"), guest(t, st, "bob"), guest(t, st, "carol")
	r1, err := n1.hub.Create(ctx, testSettings, table.Player{ID: alice.ID, Name: "alice"})
	must(t, err)
	id := r1.ID()
	// Bob sits down through node 3: a call proxied to node 1.
	must(t, n3.hub.Join(ctx, id, table.Player{ID: bob.ID, Name: "bob", Invite: inviteOf(t, r1, alice.ID)}, card.West))
	if o := owner(t, id, n1, n2, n3); o != n1 {
		t.Fatalf("table served by %v, want n1", o)
	}

	ra, err := n2.hub.Get(ctx, id)
	must(t, err)
	rb, err := n3.hub.Get(ctx, id)
	must(t, err)
	rc, err := n2.hub.Get(ctx, id)
	must(t, err)
	if ra.Kind() != "bridge" {
		t.Fatalf("proxy kind %q", ra.Kind())
	}
	in, err := rb.Info(ctx, bob.ID)
	must(t, err)
	if !in.Seats[card.West].You || !in.Seats[card.South].Human || in.Seats[card.South].Name == "" {
		t.Fatalf("proxied info: %+v", in.Seats)
	}

	pa, pb, pc := newPlayer(t, alice.ID, ra), newPlayer(t, bob.ID, rb), newPlayer(t, carol.ID, rc)
	go pa.play(true)
	go pb.play(true)
	go pc.play(false)

	acks := func() int {
		_, _, a, _ := pa.snapshot()
		_, _, b, _ := pb.snapshot()
		return len(a) + len(b)
	}
	defer func() {
		if t.Failed() {
			for _, p := range []*player{pa, pb, pc} {
				n, last, acked, bad := p.snapshot()
				p.mu.Lock()
				t.Logf("player %s: %d states, last n=%d seat=%v over=%v, %d acked, refusals %v, bad %v", p.id, n, last.N, last.Seat, last.Table.Over, len(acked), p.errs, bad)
				p.mu.Unlock()
			}
		}
	}()
	waitFor(t, 30*time.Second, "both players to act through proxies", func() bool {
		_, _, a, _ := pa.snapshot()
		_, _, b, _ := pb.snapshot()
		return len(a) >= 3 && len(b) >= 3
	})
	for _, c := range []struct {
		p    *player
		seat string
	}{{pa, "S"}, {pb, "W"}, {pc, ""}} {
		_, last, _, bad := c.p.snapshot()
		if bad != nil {
			t.Fatal(bad)
		}
		got := ""
		if last.Seat != nil {
			got = *last.Seat
		}
		if got != c.seat {
			t.Fatalf("a state for seat %q, want %q", got, c.seat)
		}
		if !last.Table.Seats[card.South].Connected || !last.Table.Seats[card.West].Connected {
			t.Fatalf("remote players not shown as connected: %+v", last.Table.Seats)
		}
	}

	before := acks()
	_, last, _, _ := pa.snapshot()
	spect, _, _, _ := pc.snapshot()
	t.Logf("stopping the owner at move %d (deal %d, over %v) after %d accepted actions", last.N, last.Table.Deal, last.Table.DealOver, before)
	start := time.Now()
	stop()
	waitFor(t, 30*time.Second, "play to go on after the owner left", func() bool { return acks() >= before+6 })
	t.Logf("play resumed; 6 more actions after %v", time.Since(start).Round(time.Millisecond))
	o := owner(t, id, n2, n3)
	if o == nil {
		t.Fatal("no surviving node serves the table")
	}
	waitFor(t, 10*time.Second, "the spectator to get states from the new owner", func() bool {
		s, _, _, _ := pc.snapshot()
		return s > spect
	})
	for _, p := range []*player{pa, pb, pc} {
		_, _, _, bad := p.snapshot()
		if bad != nil {
			t.Fatal(bad)
		}
		p.mu.Lock()
		closed := p.closed
		p.mu.Unlock()
		if closed {
			t.Fatal("a subscriber on a surviving node was closed by the failover")
		}
	}
	_, _, a, _ := pa.snapshot()
	_, _, b, _ := pb.snapshot()
	n := checkStored(t, o.st, id, append(a, b...))
	t.Logf("table now on %s; %d moves stored, %d accepted from the players; refusals %v %v", o.name, n, len(a)+len(b), pa.errs, pb.errs)
}

// TestThreeNodesOwnerDies: three nodes on one PostgreSQL and one NATS
// server; the owner dies abruptly (no lease released) mid-deal.
func TestThreeNodesOwnerDies(t *testing.T) {
	dsn := freshPostgres(t)
	e := testNATS(t)
	n1 := startNode(t, "n1", dsn, e.URL(), nil)
	n2 := startNode(t, "n2", dsn, e.URL(), nil)
	n3 := startNode(t, "n3", dsn, e.URL(), nil)
	sharedTable(t, n1, n2, n3, n1.kill, n2.st)
}

// TestThreeNodesHandover: the owner shuts down cleanly and releases its
// leases; another node takes over without waiting for them to run out.
// One SQLite file stands in for the shared database.
func TestThreeNodesHandover(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	e := testNATS(t)
	n1 := startNode(t, "n1", "", e.URL(), st)
	n2 := startNode(t, "n2", "", e.URL(), st)
	n3 := startNode(t, "n3", "", e.URL(), st)
	sharedTable(t, n1, n2, n3, n1.stop, st)
}

// TestProxyCalls checks the calls forwarded to the owner and their errors,
// without subscribers.
func TestProxyCalls(t *testing.T) {
	st, n1, n2 := twoNodes(t)
	ctx := context.Background()
	alice, bob := guest(t, st, "alice"), guest(t, st, "bob")
	r1, err := n1.hub.Create(ctx, testSettings, table.Player{ID: alice.ID, Name: "alice"})
	must(t, err)
	id := r1.ID()
	r2, err := n2.hub.Get(ctx, id)
	must(t, err)
	if n2.hub.localTable(id) != nil {
		t.Fatal("node 2 took a table node 1 holds")
	}
	seat, ok, err := r2.SeatOf(ctx, alice.ID)
	must(t, err)
	if !ok || seat != card.South {
		t.Fatalf("SeatOf through the proxy: %v %v", seat, ok)
	}
	if _, ok, _ := r2.SeatOf(ctx, bob.ID); ok {
		t.Fatal("bob has a seat before sitting")
	}
	must(t, r2.Sit(ctx, table.Player{ID: bob.ID, Name: "bob", Invite: inviteOf(t, r2, alice.ID)}, card.North))
	if err := r2.Sit(ctx, table.Player{ID: alice.ID}, card.North); table.CodeOf(err) != table.CodeForbidden {
		t.Fatalf("sitting in a taken seat: %v", err)
	}
	in, err := r2.Info(ctx, bob.ID)
	must(t, err)
	if !in.Seats[card.North].You || in.Game != "bridge" || in.Deal != 1 {
		t.Fatalf("info through the proxy: %+v", in)
	}
	// Errors keep their codes across nodes.
	for _, c := range []struct {
		err  error
		code string
	}{
		{r2.Act(ctx, bob.ID, card.North, "1C", 9999), table.CodeStale},
		{r2.Act(ctx, bob.ID, card.East, "1C", -1), table.CodeSeat},
		{r2.Act(ctx, "nobody", card.North, "1C", -1), table.CodeNotSeated},
		{r2.Next(ctx, bob.ID), table.CodeTurn},
		{r2.Undo(ctx, bob.ID, false), table.CodeForbidden},
	} {
		if got := table.CodeOf(c.err); got != c.code {
			t.Errorf("error %v: code %q, want %q", c.err, got, c.code)
		}
	}
	if _, err := r2.Hint(ctx, alice.ID); table.CodeOf(err) != table.CodeForbidden {
		t.Errorf("hint with two humans: %v", err)
	}
	data, ctype, err := r2.Export(ctx, "pbn")
	must(t, err)
	if len(data) == 0 || ctype == "" {
		t.Fatalf("export through the proxy: %q %q", data, ctype)
	}
	for _, bad := range []string{"nosuchtable", "a.b", "x*", ""} {
		if _, err := n2.hub.Get(ctx, bad); !errors.Is(err, table.ErrNotFound) {
			t.Errorf("Get(%q) = %v, want not found", bad, err)
		}
	}
	if got := n1.hub.Len() + n2.hub.Len(); got != 1 {
		t.Errorf("%d live tables, want 1", got)
	}
	if err := n2.hub.Check(ctx); err != nil {
		t.Errorf("Check: %v", err)
	}

	// The owner leaves; a call through node 2 finds nobody and node 2
	// takes the table (its lease was released).
	n1.stop()
	in, err = r2.Info(ctx, alice.ID)
	must(t, err)
	if !in.Seats[card.South].You {
		t.Fatalf("info after the handover: %+v", in.Seats)
	}
	if n2.hub.localTable(id) == nil {
		t.Fatal("node 2 does not serve the table after node 1 left")
	}
}

// TestResumeAndScan: tables nobody serves are adopted by Resume, and the
// scan takes over those whose owner stopped renewing.
func TestResumeAndScan(t *testing.T) {
	e := testNATS(t)
	ctx := context.Background()
	// A table left by a node that died: its database handle is gone, so
	// it neither renews nor releases the lease, which lapses.
	dir := t.TempDir()
	st, err := store.Open(ctx, filepath.Join(dir, "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	goneSt, err := store.Open(ctx, filepath.Join(dir, "atout.db"))
	must(t, err)
	lh := table.NewLocalHub(table.Config{Store: goneSt, Logger: quiet(), Node: "gone", LeaseTTL: 300 * time.Millisecond})
	alice := guest(t, st, "alice")
	r, err := lh.Create(ctx, testSettings, table.Player{ID: alice.ID})
	must(t, err)
	id := r.ID()
	goneSt.Close()
	defer lh.Shutdown(ctx)

	n1 := startNode(t, "n1", "", e.URL(), st)
	waitFor(t, 10*time.Second, "the scan to adopt the orphan table", func() bool { return n1.hub.localTable(id) != nil })
	if ids := n1.hub.Owned(); len(ids) != 1 || ids[0] != id {
		t.Fatalf("Owned() = %v", ids)
	}
	n2 := startNode(t, "n2", "", e.URL(), st)
	if n, err := n2.hub.Resume(ctx); err != nil || n != 0 {
		t.Fatalf("Resume on node 2 took %d tables (%v); node 1 holds them", n, err)
	}
	n1.stop()
	n3 := startNode(t, "n3", "", e.URL(), st)
	n, err := n3.hub.Resume(ctx)
	must(t, err)
	if n != 1 && n2.hub.localTable(id) == nil {
		t.Fatalf("Resume on node 3 took %d tables", n)
	}
	waitFor(t, 10*time.Second, "one node to serve the table", func() bool { return owner(t, id, n2, n3) != nil })
}

// TestWatchRenewal: a watcher's renewal that missed nothing is answered
// without the snapshot (the state and analysis it has already), one that
// missed a message or follows another relay gets it again.
func TestWatchRenewal(t *testing.T) {
	st, n1, n2 := twoNodes(t)
	ctx := context.Background()
	alice := guest(t, st, "alice")
	r1, err := n1.hub.Create(ctx, testSettings, table.Player{ID: alice.ID, Name: "alice"})
	must(t, err)
	watch := func(relay string, seq uint64) reply {
		t.Helper()
		rep, err := n2.hub.request(ctx, r1.ID(), request{Op: opWatch, User: alice.ID, Node: "n2", Relay: relay, Seq: seq, TimeoutMS: 3000})
		must(t, err)
		must(t, rep.err())
		return rep
	}
	first := watch("", 0)
	if first.Relay == "" || first.Seq == 0 || len(first.Snapshot) == 0 {
		t.Fatalf("first watch: relay %q seq %d, %d messages", first.Relay, first.Seq, len(first.Snapshot))
	}
	if first.Owner != "n1" || first.TTLMS != n1.hub.cfg.WatchTTL.Milliseconds() {
		t.Errorf("first watch: owner %q, TTL %d ms; want n1, %d ms", first.Owner, first.TTLMS, n1.hub.cfg.WatchTTL.Milliseconds())
	}
	// The relay may send more messages meanwhile (a renewal then gets
	// the snapshot, rightly): renew until one missed nothing.
	prev, quiet := first, false
	for range 20 {
		rep := watch(prev.Relay, prev.Seq)
		if rep.Relay == prev.Relay && rep.Seq == prev.Seq {
			if len(rep.Snapshot) != 0 {
				t.Errorf("renewal that missed nothing: relay %q seq %d, %d messages, want none", rep.Relay, rep.Seq, len(rep.Snapshot))
			}
			quiet = true
			break
		}
		if len(rep.Snapshot) == 0 {
			t.Errorf("renewal that missed messages %d to %d got no snapshot", prev.Seq+1, rep.Seq)
		}
		prev = rep
		time.Sleep(50 * time.Millisecond)
	}
	if !quiet {
		t.Error("the relay never stopped sending")
	}
	if rep := watch(first.Relay, first.Seq-1); len(rep.Snapshot) == 0 {
		t.Error("renewal that missed a message got no snapshot")
	}
	if rep := watch("another", first.Seq); len(rep.Snapshot) == 0 {
		t.Error("renewal following another relay got no snapshot")
	}
}
