package cluster

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"atout/store"
	"atout/table"
)

// slowRenewals makes a node renew its watches once a minute, so that a
// stream that learns of a change of owner within seconds learned it from
// the owner notices or the beats, not from a renewal.
func slowRenewals(c *Config) {
	c.WatchRefresh = time.Minute
	c.Beat = 100 * time.Millisecond
}

// readSub reads sub's messages until one of a type in want comes, within
// d; it returns that type.
func readSub(sub *table.Sub, d time.Duration, want ...string) (string, error) {
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		select {
		case raw, ok := <-sub.C():
			if !ok {
				return "", table.ErrClosed
			}
			var m struct{ Type string }
			if err := json.Unmarshal(raw, &m); err != nil {
				return "", err
			}
			if slices.Contains(want, m.Type) {
				return m.Type, nil
			}
		case <-timer.C:
			return "", context.DeadlineExceeded
		}
	}
}

// watchFromN2 opens a table on n1 and subscribes a spectator to it through
// n2; it returns n2's stream of the spectator and the subscription, past
// its first state.
func watchFromN2(t *testing.T, st *store.Store, n1, n2 *node) (streamKey, *table.Sub) {
	t.Helper()
	ctx := context.Background()
	alice, carol := guest(t, st, "alice"), guest(t, st, "carol")
	r1, err := n1.hub.Create(ctx, testSettings, table.Player{ID: alice.ID, Name: "alice"})
	must(t, err)
	rc, err := n2.hub.Get(ctx, r1.ID())
	must(t, err)
	sub, err := rc.Subscribe(ctx, carol.ID, "")
	must(t, err)
	t.Cleanup(sub.Close)
	if typ, err := readSub(sub, 10*time.Second, "state"); err != nil {
		t.Fatalf("the first state through n2: %v (%s)", err, typ)
	}
	return streamKey{r1.ID(), viewer{carol.ID, ""}}, sub
}

// following returns the relay n's stream key follows, "" if it reads the
// local table or there is no such stream.
func (n *node) following(key streamKey) string {
	n.hub.mu.Lock()
	st := n.hub.streams[key]
	n.hub.mu.Unlock()
	if st == nil {
		return ""
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if !st.remote {
		return ""
	}
	return st.relay
}

// TestOwnerChangeHeardAtOnce: a node following a remote table hears at
// once that its owner handed it over (the owner's notice) or died (its
// beats stop), although it renews its watch only once a minute.
func TestOwnerChangeHeardAtOnce(t *testing.T) {
	t.Run("handover", func(t *testing.T) {
		st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
		must(t, err)
		t.Cleanup(func() { st.Close() })
		e := testNATS(t)
		n1 := startNode(t, "n1", "", e.URL(), st, slowRenewals)
		// n2 does not scan for tables without an owner: only what it hears
		// makes it look.
		n2 := startNode(t, "n2", "", e.URL(), st, slowRenewals, func(c *Config) { c.ScanInterval = time.Minute })
		n3 := startNode(t, "n3", "", e.URL(), st, slowRenewals)
		key, _ := watchFromN2(t, st, n1, n2)
		tb := n1.hub.localTable(key.id)
		old := n2.following(key)
		if tb == nil || old == "" {
			t.Fatalf("n1 serves %v, n2 follows relay %q", tb, old)
		}
		start := time.Now()
		n1.hub.handOver(context.Background(), tb)
		// n2's stream follows the new owner (n3's relay, or n2's own table).
		waitFor(t, 3*time.Second, "n2 to follow the table's new owner", func() bool {
			o := owner(t, key.id, n1, n2, n3)
			return o != nil && o != n1 && n2.following(key) != old
		})
		t.Logf("n2 follows the new owner %v after the hand-over", time.Since(start).Round(time.Millisecond))
	})
	t.Run("kill", func(t *testing.T) {
		dsn := freshPostgres(t)
		e := testNATS(t)
		n1 := startNode(t, "n1", dsn, e.URL(), nil, slowRenewals)
		n2 := startNode(t, "n2", dsn, e.URL(), nil, slowRenewals)
		startNode(t, "n3", dsn, e.URL(), nil, slowRenewals)
		time.Sleep(300 * time.Millisecond) // the nodes hear each other's beats
		_, sub := watchFromN2(t, n2.st, n1, n2)
		start := time.Now()
		n1.kill()
		if _, err := readSub(sub, 2*time.Second, "moving"); err != nil {
			t.Fatalf("the spectator through n2 was not told within 2s that the table moves: %v", err)
		}
		t.Logf("told that the table moves %v after the kill", time.Since(start).Round(time.Millisecond))
		if _, err := readSub(sub, nodeTiming.lease+3*time.Second, "state"); err != nil {
			t.Fatalf("no state through n2 after the kill: %v", err)
		}
		t.Logf("a state from the new owner %v after the kill", time.Since(start).Round(time.Millisecond))
	})
}

// TestPresenceFallen: a node is taken for dead once, after silentBeats
// beats, and forgotten long after.
func TestPresenceFallen(t *testing.T) {
	p := presence{last: map[string]time.Time{}, silent: map[string]bool{}}
	beat := 100 * time.Millisecond
	t0 := time.Now()
	p.last["a"], p.last["b"] = t0, t0
	if got := p.fallen(t0.Add(silentBeats*beat), beat); len(got) != 0 {
		t.Fatalf("fallen after exactly %d beats: %v", silentBeats, got)
	}
	p.last["b"] = t0.Add(2 * beat)
	if got := p.fallen(t0.Add(silentBeats*beat+time.Millisecond), beat); !slices.Equal(got, []string{"a"}) {
		t.Fatalf("fallen: %v, want [a]", got)
	}
	if got := p.fallen(t0.Add(silentBeats*beat+2*time.Millisecond), beat); len(got) != 0 {
		t.Fatalf("a silent node reported twice: %v", got)
	}
	if got := p.fallen(t0.Add(200*silentBeats*beat), beat); len(got) != 0 || len(p.last) != 0 || len(p.silent) != 0 {
		t.Fatalf("long silent: fallen %v, last %v, silent %v; want all forgotten", got, p.last, p.silent)
	}
}

func TestOwnerSubject(t *testing.T) {
	s := subjects{"atout"}
	for _, c := range []struct{ subject, id string }{
		{s.owner("t123"), "t123"},
		{"atout.table.t1.call", ""},
		{"atout.table.t1.state.u.en", ""},
		{"other.table.t1.owner", ""},
		{"atout.table.a.b.owner", ""},
		{"atout.node.beat", ""},
	} {
		if got := s.tableOf(c.subject); got != c.id {
			t.Errorf("tableOf(%q) = %q, want %q", c.subject, got, c.id)
		}
	}
}

// TestRenewalPace: a watch is renewed every WatchRefresh, sooner if the
// owner keeps its relays for less than four of them, and at the old pace
// (a sixth of the lease) with an owner that does not say (an older node).
func TestRenewalPace(t *testing.T) {
	h := &Hub{cfg: Config{WatchRefresh: 5 * time.Second, Table: table.Config{LeaseTTL: 3 * time.Second}}}
	for _, c := range []struct {
		rep  reply
		want time.Duration
	}{
		{reply{Owner: "a", TTLMS: 20000}, 5 * time.Second},
		{reply{Owner: "a", TTLMS: 60000}, 5 * time.Second},
		{reply{Owner: "a", TTLMS: 2000}, 500 * time.Millisecond},
		{reply{}, 500 * time.Millisecond},
	} {
		if got := h.renewal(c.rep); got != c.want {
			t.Errorf("renewal(%+v) = %v, want %v", c.rep, got, c.want)
		}
	}
}
