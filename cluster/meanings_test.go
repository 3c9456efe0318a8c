package cluster

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"atout/bot/bidding/explain"
	bridgeanalysis "atout/bridge/analysis"
	"atout/card"
	"atout/match"
	"atout/protocol"
	"atout/store"
	"atout/table"
)

// meaningsNode is startNode with the bidding system's abilities (the
// meaning of each call), as cmd/atout gives them.
func meaningsNode(t *testing.T, name, natsURL string, st *store.Store) *node {
	t.Helper()
	n := &node{name: name, st: st}
	nc, err := Connect(natsURL, name, testAuth, quiet())
	must(t, err)
	n.nc = nc
	hub, err := New(Config{
		Table: table.Config{
			Store: st, Logger: quiet().With("node", name), Node: name,
			LeaseTTL:   nodeTiming.lease,
			BotTimeout: time.Second, StoreTimeout: 3 * time.Second,
			Games: map[string]match.Abilities{"bridge": explain.New().Abilities(match.Abilities{Hint: bridgeanalysis.Hint, ClaimHolds: bridgeanalysis.ClaimHolds})},
		},
		Conn: nc, ScanInterval: nodeTiming.scan, WatchRefresh: nodeTiming.refresh, CallTimeout: 3 * time.Second,
	})
	must(t, err)
	n.hub = hub
	t.Cleanup(func() { n.stop() })
	return n
}

// aliceOnTwoNodes starts two nodes with the bidding system's abilities
// and a bridge table of alice's on the first; it returns the nodes, the
// table on each, and alice.
func aliceOnTwoNodes(t *testing.T) (n1, n2 *node, r1, r2 table.Room, alice store.User) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	e := testNATS(t)
	n1 = meaningsNode(t, "n1", e.URL(), st)
	n2 = meaningsNode(t, "n2", e.URL(), st)
	ctx := context.Background()
	alice = guest(t, st, "alice")
	r1, err = n1.hub.Create(ctx, table.Settings{Game: "bridge", Boards: 1, Seed: 9}, table.Player{ID: alice.ID, Name: "alice"})
	must(t, err)
	r2, err = n2.hub.Get(ctx, r1.ID())
	must(t, err)
	return n1, n2, r1, r2, alice
}

// TestProxyMeanings: the meaning of each legal call, asked on a node that
// does not hold the table, comes from its owner, and its refusals keep
// their codes.
func TestProxyMeanings(t *testing.T) {
	n1, n2, r1, r2, alice := aliceOnTwoNodes(t)
	ctx := context.Background()
	if n2.hub.localTable(r1.ID()) != nil {
		t.Fatal("node 2 took a table node 1 holds")
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		local, err := r1.Meanings(ctx, alice.ID)
		must(t, err)
		if local.Seat != card.South {
			// The bots call before South: wait for his turn.
			if time.Now().After(deadline) {
				t.Fatalf("no turn for South: %+v", local)
			}
			time.Sleep(20 * time.Millisecond)
			continue
		}
		remote, err := r2.Meanings(ctx, alice.ID)
		must(t, err)
		if remote.N != local.N || remote.Seat != local.Seat || len(remote.Calls) != len(local.Calls) || len(remote.Calls) < 2 {
			t.Fatalf("through the proxy: n %d, %v, %d calls; on the owner: n %d, %v, %d calls",
				remote.N, remote.Seat, len(remote.Calls), local.N, local.Seat, len(local.Calls))
		}
		for i := range local.Calls {
			if l, r := local.Calls[i], remote.Calls[i]; l.Call != r.Call || l.Text != r.Text || l.MinHCP != r.MinHCP || l.Words["ko"] != r.Words["ko"] {
				t.Errorf("call %d: through the proxy %+v, on the owner %+v", i, r, l)
			}
		}
		break
	}
	if _, err := r2.Meanings(ctx, "nobody"); err != nil {
		t.Errorf("a watcher of a casual table: %v", err)
	}
	b1, err := n1.hub.Create(ctx, table.Settings{Game: "belote", Seed: 9}, table.Player{ID: alice.ID, Name: "alice"})
	must(t, err)
	b2, err := n2.hub.Get(ctx, b1.ID())
	must(t, err)
	if _, err := b2.Meanings(ctx, alice.ID); table.CodeOf(err) != table.CodeBadRequest {
		t.Errorf("belote through the proxy: %v, want %s", err, table.CodeBadRequest)
	}
}

// TestRemoteExplanationsInReadersLanguage: two watchers of the same user
// on a node that does not hold the table, one reading French and one
// every language, follow two relays: each gets the explanations in its
// language.
func TestRemoteExplanationsInReadersLanguage(t *testing.T) {
	_, n2, r1, r2, alice := aliceOnTwoNodes(t)
	ctx := context.Background()
	// turn reads sub's states until South is to call, and returns that
	// state's explanations.
	turn := func(sub *table.Sub) (n int, ex []protocol.Explanation) {
		t.Helper()
		timeout := time.After(20 * time.Second)
		for {
			select {
			case b, ok := <-sub.C():
				if !ok {
					t.Fatal("subscription closed")
				}
				var m struct {
					Type string `json:"type"`
					N    int    `json:"n"`
					View struct {
						Legal []string `json:"legal"`
					} `json:"view"`
					Explanations []protocol.Explanation `json:"explanations"`
				}
				must(t, json.Unmarshal(b, &m))
				if m.Type == "state" && len(m.View.Legal) > 0 {
					return m.N, m.Explanations
				}
			case <-timeout:
				t.Fatal("South is never to call")
			}
		}
	}
	all, err := r2.Subscribe(ctx, alice.ID, "")
	must(t, err)
	defer all.Close()
	fr, err := r2.Subscribe(ctx, alice.ID, "fr")
	must(t, err)
	defer fr.Close()
	if n2.hub.localTable(r1.ID()) != nil {
		t.Fatal("node 2 took a table node 1 holds")
	}
	na, ea := turn(all)
	nf, ef := turn(fr)
	if na != nf || len(ea) != len(ef) || len(ea) == 0 {
		t.Fatalf("every language: move %d, %d explanations; French: move %d, %d", na, len(ea), nf, len(ef))
	}
	worded := false
	for i := range ea {
		worded = worded || (ea[i].Words["fr"] != "" && ea[i].Words["ko"] != "")
		if !reflect.DeepEqual(ef[i], ea[i].In("fr")) || len(ef[i].Words) > 1 {
			t.Errorf("call %d in French: %+v\nin every language: %+v", i, ef[i], ea[i])
		}
	}
	if !worded {
		t.Errorf("no call worded in French and Korean: %+v", ea)
	}
}
