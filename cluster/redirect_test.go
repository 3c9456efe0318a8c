package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atout/server"
	"atout/store"
)

// TestRedirectToOwner: with Config.Advertise, a node that receives the
// WebSocket of a table another node serves sends the player there (one
// redirect message, then the connection closes) instead of relaying its
// states; the owner, a connection with via, and a node whose owner
// advertises nothing serve the connection themselves.
func TestRedirectToOwner(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	e := testNATS(t)
	ln1, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	ln2, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	base1, base2 := "http://"+ln1.Addr().String(), "http://"+ln2.Addr().String()
	n1 := startNode(t, "n1", "", e.URL(), st, func(c *Config) { c.Advertise = base1 + "/" })
	n2 := startNode(t, "n2", "", e.URL(), st, func(c *Config) { c.Advertise = base2 })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{}, 2)
	for _, x := range []struct {
		n  *node
		ln net.Listener
	}{{n1, ln1}, {n2, ln2}} {
		srv := server.New(server.Config{Store: st, Hub: x.n.hub, Logger: quiet(), AllowSeed: true, Lang: server.I18n{}})
		go func() { srv.Run(ctx, x.ln, time.Second); done <- struct{}{} }()
	}
	t.Cleanup(func() { cancel(); <-done; <-done })

	alice := newBrowser(t, base1)
	var created struct{ ID string }
	alice.do(base1, "POST", "/api/tables", map[string]any{"game": "bridge", "boards": 1, "seed": 5, "turnSeconds": -1}, &created)
	id := created.ID

	// Through node 2: sent to node 1, in the language asked for.
	c, err := dialURL(alice, "ws"+strings.TrimPrefix(base2, "http")+"/ws/"+id+"?lang=fr")
	must(t, err)
	ctx2, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel2()
	_, data, err := c.Read(ctx2)
	must(t, err)
	var m struct{ Type, URL string }
	must(t, json.Unmarshal(data, &m))
	want := "ws" + strings.TrimPrefix(base1, "http") + "/ws/" + id + "?" + url.Values{"lang": {"fr"}, "via": {"1"}}.Encode()
	if m.Type != "redirect" || m.URL != want {
		t.Fatalf("node 2 sent %s, want a redirect to %s", data, want)
	}
	if _, _, err := c.Read(ctx2); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("after the redirect: %v, want the connection closed normally", err)
	}

	// The redirect's URL, the owner itself and node 2 with via: a state.
	for _, u := range []string{m.URL, "ws" + strings.TrimPrefix(base1, "http") + "/ws/" + id, "ws" + strings.TrimPrefix(base2, "http") + "/ws/" + id + "?via=1"} {
		c, err := dialURL(alice, u)
		must(t, err)
		if typ, err := readType(c, 5*time.Second, "state", "redirect"); err != nil || typ != "state" {
			t.Errorf("%s: %q %v, want a state", u, typ, err)
		}
		c.CloseNow()
	}
}

// dialURL opens the WebSocket at u with b's cookies.
func dialURL(b *browser, u string) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: b.hc})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(1 << 20)
	return c, nil
}

func TestCheckAdvertise(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"https://node-b.example.org", "https://node-b.example.org"},
		{"http://10.0.0.2:8080/", "http://10.0.0.2:8080"},
		{"https://example.org/atout/b/", "https://example.org/atout/b"},
		{"/node/b", "/node/b"},
		{"/node/b/", "/node/b"},
	} {
		if got, err := CheckAdvertise(c.in); err != nil || got != c.want {
			t.Errorf("CheckAdvertise(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"node-b", "ftp://x", "//evil.example", "https://", "https://x/?a=1", "https://u:p@x", "/b#f", "javascript:alert(1)", "http://[::1"} {
		if got, err := CheckAdvertise(bad); err == nil {
			t.Errorf("CheckAdvertise(%q) = %q, want an error", bad, got)
		}
	}
}

// TestFailoverWithAdvertise: with --advertise, a player sent to his
// table's node loses his connection when that node is killed; coming back
// as the page does (the first node's /ws/{id} a quarter of a second later,
// following what it answers), he gets his table's state again within 5 s,
// from a survivor.
func TestFailoverWithAdvertise(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three server processes")
	}
	dsn := freshPostgres(t)
	e := testNATS(t)
	env := []string{childTimingEnv + "=1", childAdvertiseEnv + "=1"}
	nodes := map[string]*child{}
	for _, name := range []string{"r1", "r2", "r3"} {
		nodes[name] = startChild(t, name, dsn, e.URL(), env...)
	}
	st, err := store.Open(context.Background(), dsn)
	must(t, err)
	defer st.Close()

	alice := newBrowser(t, nodes["r1"].base)
	var created struct{ ID string }
	alice.do(nodes["r1"].base, "POST", "/api/tables", map[string]any{"game": "bridge", "boards": 4, "seed": 3, "turnSeconds": -1}, &created)
	id := created.ID
	g, err := st.GetGame(context.Background(), id)
	must(t, err)
	owner := nodes[g.Owner]
	if owner == nil {
		t.Fatalf("table %s is owned by %q", id, g.Owner)
	}
	// The player comes through another node, as a balancer may send him.
	var other *child
	for _, n := range nodes {
		if n != owner {
			other = n
			break
		}
	}
	first := "ws" + strings.TrimPrefix(other.base, "http") + "/ws/" + id
	connect := func() (*websocket.Conn, string, int, error) { return connectAsPage(alice, first) }
	c, typ, hops, err := connect()
	must(t, err)
	if typ != "state" || hops != 1 {
		t.Fatalf("first message %q after %d redirects, want a state from the owner after one", typ, hops)
	}
	lost := make(chan time.Time, 1)
	go func() {
		for {
			if _, _, err := c.Read(context.Background()); err != nil {
				lost <- time.Now()
				return
			}
		}
	}()
	start := time.Now()
	owner.killHard()
	var gone time.Time
	select {
	case gone = <-lost:
	case <-time.After(5 * time.Second):
		t.Fatal("the connection to the killed node did not end")
	}
	var back time.Duration
	backHops := 0
	deadline := time.Now().Add(30 * time.Second)
	for back == 0 && time.Now().Before(deadline) {
		time.Sleep(250 * time.Millisecond)
		c, typ, hops, err := connect()
		if err != nil {
			continue
		}
		c.CloseNow()
		if typ == "state" {
			back, backHops = time.Since(start), hops
		}
	}
	t.Logf("the player lost his connection %v after the kill, had his table's state again %v after it, after %d redirects", gone.Sub(start).Round(time.Millisecond), back.Round(time.Millisecond), backHops)
	switch {
	case back == 0:
		t.Fatal("the player never had his table again")
	case back > 5*time.Second:
		t.Errorf("the player had his table again %v after the kill, want within 5s", back)
	}
	// The survivor that took the table over advertises itself: the
	// player is sent there, not relayed, even when he came while the
	// table moved; or it is the node he came through.
	g, err = st.GetGame(context.Background(), id)
	must(t, err)
	want := 1
	if nodes[g.Owner] == other {
		want = 0
	}
	t.Logf("the table's new node: %s (the player came through %s)", g.Owner, other.name)
	if backHops != want {
		t.Errorf("the player came back after %d redirects, want %d", backHops, want)
	}
}

// connectAsPage opens a table's WebSocket at first as the page does,
// following a redirect whether it comes at once or after the table moved
// ("moving" first); it returns the connection, the type of the first
// message past the redirects ("state", or "moving" from a node that then
// stays silent) and how many redirects it followed.
func connectAsPage(b *browser, first string) (*websocket.Conn, string, int, error) {
	u := first
	for hops := 0; hops < 3; hops++ {
		c, err := dialURL(b, u)
		if err != nil {
			return nil, "", hops, err
		}
		var m struct{ Type, URL string }
		for m.Type == "" || m.Type == "moving" {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_, data, err := c.Read(ctx)
			cancel()
			if err != nil {
				c.CloseNow()
				return nil, m.Type, hops, err
			}
			if err := json.Unmarshal(data, &m); err != nil {
				c.CloseNow()
				return nil, "", hops, err
			}
		}
		if m.Type != "redirect" {
			return c, m.Type, hops, nil
		}
		c.CloseNow()
		u = m.URL
	}
	return nil, "", 3, errors.New("redirected three times")
}

// TestHandOverWithAdvertise: with --advertise, players sent to their
// tables' nodes lose those connections when a node that joins is handed
// some of the tables, and only those; coming back as the page does
// (through the first node, a quarter of a second later), each is sent to
// the new node and has his table's state again within 5 s.
func TestHandOverWithAdvertise(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three server processes")
	}
	dsn := freshPostgres(t)
	e := testNATS(t)
	env := []string{childTimingEnv + "=1", childAdvertiseEnv + "=1"}
	n1 := startChild(t, "h1", dsn, e.URL(), env...)
	startChild(t, "h2", dsn, e.URL(), env...)
	st, err := store.Open(context.Background(), dsn)
	must(t, err)
	defer st.Close()
	owner := func(id string) string {
		g, err := st.GetGame(context.Background(), id)
		must(t, err)
		return g.Owner
	}

	// 24 tables, each with a player sent to its node: two nodes serve
	// about twelve each, above a third node's share (eight) by more than the
	// slack, so some are handed over when it joins.
	// (Three players of eight tables each: a guest may open ten.)
	type conn struct {
		b         *browser
		id, owner string
		c         *websocket.Conn
		lost      chan time.Time
	}
	var conns []*conn
	for g := range 3 {
		b := newBrowser(t, n1.base)
		for i := range 8 {
			var created struct{ ID string }
			b.do(n1.base, "POST", "/api/tables", map[string]any{"game": "bridge", "boards": 4, "seed": 40 + 10*g + i, "turnSeconds": -1}, &created)
			conns = append(conns, &conn{b: b, id: created.ID})
		}
	}
	first := func(id string) string { return "ws" + strings.TrimPrefix(n1.base, "http") + "/ws/" + id }
	// on counts the tables node serves.
	on := func(node string) int {
		n := 0
		for _, x := range conns {
			if owner(x.id) == node {
				n++
			}
		}
		return n
	}
	waitFor(t, 30*time.Second, "the tables to spread over the two nodes", func() bool { return on("h2") >= 10 })
	for _, x := range conns {
		c, typ, _, err := connectAsPage(x.b, first(x.id))
		must(t, err)
		if typ != "state" {
			t.Fatalf("table %s: first message %q, want a state", x.id, typ)
		}
		x.c, x.owner, x.lost = c, owner(x.id), make(chan time.Time, 1)
		go func() {
			for {
				if _, _, err := c.Read(context.Background()); err != nil {
					x.lost <- time.Now()
					return
				}
			}
		}()
	}
	t.Cleanup(func() {
		for _, x := range conns {
			x.c.CloseNow()
		}
	})

	// Every player comes back as the page does once his connection
	// ends (a quarter of a second later, through the first node).
	type result struct {
		id   string
		was  string
		lost time.Time
		back time.Duration
		hops int
	}
	results := make(chan result, len(conns))
	stop := make(chan struct{})
	for _, x := range conns {
		go func() {
			r := result{id: x.id, was: x.owner}
			select {
			case r.lost = <-x.lost:
			case <-stop:
				results <- r
				return
			}
			for r.back == 0 && time.Since(r.lost) < 30*time.Second {
				time.Sleep(250 * time.Millisecond)
				c, typ, h, err := connectAsPage(x.b, first(x.id))
				if err != nil {
					continue
				}
				c.CloseNow()
				if typ == "state" {
					r.back, r.hops = time.Since(r.lost), h
				}
			}
			results <- r
		}()
	}

	startChild(t, "h3", dsn, e.URL(), env...)
	waitFor(t, 30*time.Second, "the new node to get its part", func() bool { return on("h3") >= 4 })
	// Let the moves settle and the players come back.
	time.Sleep(4 * time.Second)
	close(stop)
	var worst time.Duration
	moved := 0
	for range conns {
		r := <-results
		now := owner(r.id)
		if r.lost.IsZero() {
			if now != r.was {
				t.Errorf("table %s moved from %s to %s and its player's connection did not end", r.id, r.was, now)
			}
			continue
		}
		moved++
		t.Logf("table %s, %s then %s: its player had it again %v after losing it, after %d redirects", r.id, r.was, now, r.back.Round(time.Millisecond), r.hops)
		switch {
		case now == r.was:
			t.Errorf("table %s stayed on %s and its player's connection ended", r.id, now)
		case r.back == 0:
			t.Errorf("table %s: its player never had it again", r.id)
		case r.hops != 1:
			t.Errorf("table %s: back after %d redirects, want one (to %s)", r.id, r.hops, now)
		}
		worst = max(worst, r.back)
	}
	t.Logf("%d tables handed to the new node; their players had them again at most %v after losing them", moved, worst.Round(time.Millisecond))
	if worst > 5*time.Second {
		t.Errorf("a player had his table again %v after losing it, want within 5s", worst)
	}
}
