package cluster

import (
	"context"
	"encoding/json"
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
