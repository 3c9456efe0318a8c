package cluster

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atout/store"
)

// TestFailoverSpreadAndRebalance: three server processes with the
// production timing (a 3 s lease, a heartbeat a second) share PostgreSQL
// and NATS. 24 tables opened on node 1 spread over the three nodes; node 1
// is killed with SIGKILL and every one of its tables answers again through
// a survivor within 5 s, the survivors sharing them; a fourth node that
// joins is handed its part.
func TestFailoverSpreadAndRebalance(t *testing.T) {
	if testing.Short() {
		t.Skip("starts four server processes")
	}
	dsn := freshPostgres(t)
	e := testNATS(t)
	prod := childTimingEnv + "=1"
	n1 := startChild(t, "f1", dsn, e.URL(), prod)
	n2 := startChild(t, "f2", dsn, e.URL(), prod)
	n3 := startChild(t, "f3", dsn, e.URL(), prod)
	st, err := store.Open(context.Background(), dsn)
	must(t, err)
	defer st.Close()

	var ids []string
	creator := map[string]*browser{}
	for g := range 3 {
		b := newBrowser(t, n1.base)
		for i := range 8 {
			var created struct{ ID string }
			b.do(n1.base, "POST", "/api/tables", map[string]any{"game": "bridge", "boards": 4, "seed": 100*g + i, "turnSeconds": -1}, &created)
			ids = append(ids, created.ID)
			creator[created.ID] = b
		}
	}
	owners := func() map[string][]string {
		out := map[string][]string{}
		for _, id := range ids {
			g, err := st.GetGame(context.Background(), id)
			must(t, err)
			out[g.Owner] = append(out[g.Owner], id)
		}
		return out
	}
	// Node 1 opened them all; it hands the others their share.
	waitFor(t, 30*time.Second, "the tables to spread over the three nodes", func() bool {
		o := owners()
		return len(o["f2"]) >= 4 && len(o["f3"]) >= 4
	})
	before := owners()
	t.Logf("before the kill: f1 %d, f2 %d, f3 %d tables", len(before["f1"]), len(before["f2"]), len(before["f3"]))

	// Node 1 dies; each table answers again through a survivor (its
	// players come back through either, as behind a load balancer).
	answers := func(base, id string) bool {
		hc := &http.Client{Timeout: time.Second}
		resp, err := hc.Get(base + "/api/tables/" + id)
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}
	// A player of one of node 1's tables is connected through node 2.
	watchID, dialID := before["f1"][0], before["f1"][1]
	watcher, err := creator[watchID].dial(n2.base, watchID)
	must(t, err)
	defer watcher.CloseNow()
	if typ, err := readType(watcher, 10*time.Second, "state"); err != nil {
		t.Fatalf("the watcher's first state: %v (%s)", err, typ)
	}

	// What the watcher receives, and when after the kill.
	type seen struct {
		typ  string
		when time.Time
	}
	watched := make(chan seen, 64)
	go func() {
		defer close(watched)
		for {
			typ, err := readType(watcher, 30*time.Second, "moving", "state")
			if err != nil {
				return
			}
			watched <- seen{typ, time.Now()}
			if typ == "state" {
				return
			}
		}
	}()

	start := time.Now()
	n1.killHard()

	// A player who connects to another of its tables through node 3 is
	// answered at once, table moving or not, and so are his pings.
	conn, err := creator[dialID].dial(n3.base, dialID)
	must(t, err)
	defer conn.CloseNow()
	typ, err := readType(conn, 2*time.Second, "moving", "state")
	t.Logf("a connection to a table of the killed node is answered with %q %v after the kill (%v)", typ, time.Since(start).Round(time.Millisecond), err)
	if err != nil {
		t.Errorf("the handshake on a survivor: %v", err)
	}
	must(t, conn.Write(context.Background(), websocket.MessageText, []byte(`{"type":"ping"}`)))
	if _, err := readType(conn, time.Second, "pong"); err != nil {
		t.Errorf("a ping on a survivor while the table moves: %v", err)
	}

	answered := map[string]time.Duration{}
	waitFor(t, 30*time.Second, "every table of node 1 to answer again", func() bool {
		for i, id := range before["f1"] {
			base := []string{n2.base, n3.base}[i%2]
			if _, ok := answered[id]; !ok && answers(base, id) {
				answered[id] = time.Since(start)
			}
		}
		return len(answered) == len(before["f1"])
	})
	var worst time.Duration
	for _, d := range answered {
		worst = max(worst, d)
	}
	t.Logf("%d tables of the killed node answer again, the last %v after the kill", len(answered), worst.Round(time.Millisecond))
	if worst > 5*time.Second {
		t.Errorf("a table of the killed node answered again %v after the kill, want within 5s", worst)
	}
	// The connected player was told at once that his table moves (node
	// 1's beats stopped), then saw it again within 5 s.
	var told, back time.Duration
	for m := range watched {
		switch m.typ {
		case "moving":
			told = m.when.Sub(start)
		case "state":
			back = m.when.Sub(start)
		}
	}
	t.Logf("the watcher through a survivor: told that the table moves %v after the kill, its state back %v after", told.Round(time.Millisecond), back.Round(time.Millisecond))
	switch {
	case told == 0:
		t.Error("the watcher through a survivor was not told that the table moves")
	case told > 2500*time.Millisecond:
		t.Errorf("the watcher through a survivor was told that the table moves %v after the kill, want within 2.5s", told)
	}
	switch {
	case back == 0:
		t.Error("the watcher through a survivor got no state after the move")
	case back > 5*time.Second:
		t.Errorf("the watcher's table came back %v after the kill, want within 5s", back)
	}

	after := owners()
	var moved [2]int
	for _, id := range before["f1"] {
		switch {
		case slices.Contains(after["f2"], id):
			moved[0]++
		case slices.Contains(after["f3"], id):
			moved[1]++
		default:
			t.Errorf("table %s of the killed node is not served by a survivor", id)
		}
	}
	if len(before["f1"]) >= 4 && (moved[0] == 0 || moved[1] == 0) {
		t.Errorf("the survivors did not share the killed node's tables: f2 took %d, f3 %d", moved[0], moved[1])
	}

	// A fourth node joins and is handed its part of the load.
	startChild(t, "f4", dsn, e.URL(), prod)
	waitFor(t, 30*time.Second, "the new node to get its part", func() bool {
		o := owners()
		return len(o["f4"]) >= 4 && len(o["f2"])+len(o["f3"])+len(o["f4"]) == len(ids)
	})
	o := owners()
	t.Logf("after a node joined: f2 %d, f3 %d, f4 %d tables", len(o["f2"]), len(o["f3"]), len(o["f4"]))
	for _, id := range ids {
		if !answers(n3.base, id) {
			t.Errorf("table %s does not answer after the rebalancing", id)
		}
	}
}

// readType reads c's messages until one of a type in want comes, within d;
// it returns that type.
func readType(c *websocket.Conn, d time.Duration, want ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return "", err
		}
		var m struct{ Type string }
		if err := json.Unmarshal(data, &m); err != nil {
			return "", err
		}
		if slices.Contains(want, m.Type) {
			return m.Type, nil
		}
	}
}
