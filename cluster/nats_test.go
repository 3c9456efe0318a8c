package cluster

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"atout/card"
	"atout/store"
	"atout/table"
)

// TestNATSCluster: two nodes on two embedded NATS servers joined by a
// route; calls and states cross the route.
func TestNATSCluster(t *testing.T) {
	e1, err := StartEmbedded(EmbeddedOptions{Name: "a", ClusterListen: "127.0.0.1:-1", Auth: testAuth})
	must(t, err)
	t.Cleanup(e1.Shutdown)
	if e1.ClusterURL() == "" {
		t.Fatal("no cluster address")
	}
	e2, err := StartEmbedded(EmbeddedOptions{Name: "b", ClusterListen: "127.0.0.1:-1", Routes: []string{e1.ClusterURL()}, Auth: testAuth})
	must(t, err)
	t.Cleanup(e2.Shutdown)
	waitFor(t, 10*time.Second, "the route between the servers", func() bool { return e1.Routes() > 0 && e2.Routes() > 0 })

	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	n1 := startNode(t, "n1", "", e1.URL(), st)
	n2 := startNode(t, "n2", "", e2.URL(), st)
	ctx := context.Background()
	alice, bob := guest(t, st, "alice"), guest(t, st, "bob")
	r1, err := n1.hub.Create(ctx, testSettings, table.Player{ID: alice.ID, Name: "alice"})
	must(t, err)
	// Interest crosses the route asynchronously: the proxy retries
	// "no responders" until the owner's subscription is known.
	must(t, n2.hub.Join(ctx, r1.ID(), table.Player{ID: bob.ID, Name: "bob", Invite: inviteOf(t, r1, alice.ID)}, card.North))
	r2, err := n2.hub.Get(ctx, r1.ID())
	must(t, err)
	in, err := r2.Info(ctx, bob.ID)
	must(t, err)
	if !in.Seats[card.North].You || n2.hub.localTable(r1.ID()) != nil {
		t.Fatalf("info across the route: %+v", in.Seats)
	}
	sub, err := r2.Subscribe(ctx, bob.ID, "")
	must(t, err)
	defer sub.Close()
	select {
	case m := <-sub.C():
		if len(m) == 0 {
			t.Fatal("empty state")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no state across the route")
	}
}

func TestEmbeddedOptionErrors(t *testing.T) {
	for _, o := range []EmbeddedOptions{
		{Listen: "nope"},
		{ClusterListen: "x:y"},
		{Routes: []string{"nats-route://127.0.0.1:1"}}, // routes without a cluster address
		{ClusterListen: "127.0.0.1:-1", Routes: []string{"::"}},
	} {
		if e, err := StartEmbedded(o); err == nil {
			e.Shutdown()
			t.Errorf("StartEmbedded(%+v) accepted", o)
		}
	}
	if _, err := Connect("http://x:1", "n", Auth{}, quiet()); err == nil {
		t.Error("Connect accepted an http URL")
	}
}

// TestOpen: a node with its own embedded NATS server, as `atout serve
// --nats-listen` runs it.
func TestOpen(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	if _, _, err := Open(NodeOptions{Table: table.Config{Store: st}}); err == nil {
		t.Error("Open without a node name")
	}
	if _, _, err := Open(NodeOptions{Table: table.Config{Store: st, Node: "a"}, NATS: "nats://127.0.0.1:1", Listen: ":4222"}); err == nil {
		t.Error("Open with both an external and an embedded NATS")
	}
	h, closeNATS, err := Open(NodeOptions{Table: table.Config{Store: st, Node: "solo", Logger: quiet()}})
	must(t, err)
	defer closeNATS()
	ctx := context.Background()
	must(t, h.Check(ctx))
	// Its private server lets nobody else in.
	if nc, err := nats.Connect(h.nc.ConnectedUrl(), nats.NoReconnect()); err == nil {
		nc.Close()
		t.Error("a stranger connected to the node's private NATS server")
	}
	alice := guest(t, st, "alice")
	r, err := h.Create(ctx, testSettings, table.Player{ID: alice.ID})
	must(t, err)
	if h.Len() != 1 || h.Node() != "solo" || h.Local() == nil {
		t.Fatalf("Len %d Node %q", h.Len(), h.Node())
	}
	sub, err := r.Subscribe(ctx, alice.ID, "") // a local table: a real table subscriber
	must(t, err)
	<-sub.C()
	sub.Close()
	must(t, h.Shutdown(ctx))
	if _, err := h.Get(ctx, r.ID()); table.CodeOf(err) != table.CodeClosed {
		t.Errorf("Get after Shutdown: %v", err)
	}
	g, err := st.GetGame(ctx, r.ID())
	must(t, err)
	if g.Owner != "" {
		t.Errorf("lease kept after Shutdown by %q", g.Owner)
	}
}
