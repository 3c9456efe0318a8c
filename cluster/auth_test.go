package cluster

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"atout/card"
	"atout/store"
	"atout/table"
)

// rawNATS speaks the NATS protocol by hand, as an attacker's client that
// ignores errors would: it reads the server's INFO, sends lines and
// returns everything the server sent until it closed the connection or
// wait passed.
func rawNATS(t *testing.T, natsURL string, lines []string, wait time.Duration) (info, rest string) {
	t.Helper()
	u, err := url.Parse(natsURL)
	must(t, err)
	c, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	must(t, err)
	defer c.Close()
	r := bufio.NewReader(c)
	c.SetDeadline(time.Now().Add(5 * time.Second))
	info, err = r.ReadString('\n')
	must(t, err)
	_, err = c.Write([]byte(strings.Join(lines, "\r\n") + "\r\n"))
	must(t, err)
	c.SetDeadline(time.Now().Add(wait))
	var b strings.Builder
	for {
		line, err := r.ReadString('\n')
		b.WriteString(line)
		if err != nil {
			return info, b.String()
		}
	}
}

// connectLine is a client's CONNECT with extra fields (credentials).
func connectLine(extra map[string]any) string {
	m := map[string]any{"verbose": false, "pedantic": false, "protocol": 1, "name": "stranger", "lang": "go", "version": "1.0.0", "headers": true}
	for k, v := range extra {
		m[k] = v
	}
	b, _ := json.Marshal(m)
	return "CONNECT " + string(b)
}

// TestNATSStrangersLockedOut reproduces finding 4 of issue 15: two nodes
// share an embedded NATS server; a table of node 1 has a player on node 2,
// so his states travel on NATS. A client without the nodes' credential
// can neither connect, subscribe (read the player's hand) nor publish
// (play for him, export the deal); a node with the credential can, and is
// confined to the atout subjects.
func TestNATSStrangersLockedOut(t *testing.T) {
	e := testNATS(t)
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	n1 := startNode(t, "n1", "", e.URL(), st)
	n2 := startNode(t, "n2", "", e.URL(), st)
	ctx := context.Background()
	alice, bob := guest(t, st, "alice"), guest(t, st, "bob")
	r1, err := n1.hub.Create(ctx, testSettings, table.Player{ID: alice.ID, Name: "alice"})
	must(t, err)
	id := r1.ID()
	must(t, n2.hub.Join(ctx, id, table.Player{ID: bob.ID, Name: "bob", Invite: inviteOf(t, r1, alice.ID)}, card.North))
	r2, err := n2.hub.Get(ctx, id)
	must(t, err)
	sub, err := r2.Subscribe(ctx, bob.ID, "")
	must(t, err)
	defer sub.Close()
	select {
	case <-sub.C():
	case <-time.After(10 * time.Second):
		t.Fatal("no state for the remote player")
	}
	subj := subjects{"atout"}
	export, _ := json.Marshal(request{Op: opExport, Format: "pbn"})

	// The subjects are the right ones: with the credential, the export
	// the attacker used answers with every hand.
	good, err := nats.Connect(e.URL(), nats.Token(testAuth.Token))
	must(t, err)
	defer good.Close()
	msg, err := good.Request(subj.call(id), export, 5*time.Second)
	must(t, err)
	var rep reply
	must(t, json.Unmarshal(msg.Data, &rep))
	if rep.Err != nil || !strings.Contains(string(rep.Data), "[Deal ") {
		t.Fatalf("export with the credential: %+v", rep)
	}

	// Strangers cannot connect: no credential, a wrong token, an nkey the
	// server does not know.
	other, err := nkeys.CreateUser()
	must(t, err)
	otherPub, err := other.PublicKey()
	must(t, err)
	for name, opts := range map[string][]nats.Option{
		"no credential": nil,
		"wrong token":   {nats.Token(testAuth.Token + "x")},
		"unknown nkey":  {nats.Nkey(otherPub, other.Sign)},
		"user/password": {nats.UserInfo("atout-node", testAuth.Token)},
	} {
		nc, err := nats.Connect(e.URL(), append(opts, nats.NoReconnect())...)
		if err == nil {
			nc.Close()
			t.Errorf("%s: connected", name)
		} else if !errors.Is(err, nats.ErrAuthorization) && !errors.Is(err, nats.ErrNkeysNotSupported) {
			t.Errorf("%s: %v, want an authorization violation", name, err)
		}
	}

	// A client that ignores the refusal and subscribes and publishes at
	// once gets nothing through: no message, not even a PONG.
	info, out := rawNATS(t, e.URL(), []string{
		connectLine(nil),
		"SUB atout.> 1",
		"SUB " + subj.state(id, viewer{bob.ID, "en"}) + " 2",
		"SUB > 3",
		fmt.Sprintf("PUB %s %s %d", subj.call(id), "_INBOX.stranger", len(export)), string(export),
		"PING",
	}, 3*time.Second)
	if !strings.Contains(info, `"auth_required":true`) {
		t.Errorf("INFO does not require authentication: %s", info)
	}
	if !strings.Contains(out, "-ERR 'Authorization Violation'") || strings.Contains(out, "MSG ") || strings.Contains(out, "PONG") {
		t.Errorf("unauthenticated client got: %q", out)
	}

	// A client with the credential is held to the atout subjects and the
	// request inboxes.
	_, out = rawNATS(t, e.URL(), []string{
		connectLine(map[string]any{"auth_token": testAuth.Token}),
		"SUB > 1",
		"SUB other.> 2",
		"PUB other.subject 2", "hi",
		"SUB atout.> 3",
		"SUB _INBOX.x.* 4",
		"PING",
	}, 2*time.Second)
	for _, want := range []string{
		`Permissions Violation for Subscription to ">"`,
		`Permissions Violation for Subscription to "other.>"`,
		`Permissions Violation for Publish to "other.subject"`,
		"PONG",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("authenticated client: no %q in %q", want, out)
		}
	}
	if strings.Count(out, "Permissions Violation") != 3 {
		t.Errorf("authenticated client: atout or inbox subscriptions refused: %q", out)
	}

	// The nodes still work together.
	in, err := r2.Info(ctx, bob.ID)
	must(t, err)
	if !in.Seats[card.North].You {
		t.Fatalf("info through node 2: %+v", in.Seats)
	}
}

// TestNATSNKeyRoutes: embedded servers joined by routes, all demanding an
// nkey: nodes signing with the seed play across the route; a token, an
// unknown nkey or a route without the derived password is refused.
func TestNATSNKeyRoutes(t *testing.T) {
	kp, err := nkeys.CreateUser()
	must(t, err)
	seed, err := kp.Seed()
	must(t, err)
	pub, err := kp.PublicKey()
	must(t, err)
	// As `nk -gen user -pubout` writes it, with CRLF.
	auth := Auth{NKeySeed: string(seed) + "\r\n" + pub + "\r\n"}
	e1, err := StartEmbedded(EmbeddedOptions{Name: "a", ClusterListen: "127.0.0.1:-1", Auth: auth})
	must(t, err)
	t.Cleanup(e1.Shutdown)
	// The other node's file holds only the seed: the same credential.
	e2, err := StartEmbedded(EmbeddedOptions{Name: "b", ClusterListen: "127.0.0.1:-1", Routes: []string{e1.ClusterURL()}, Auth: Auth{NKeySeed: string(seed)}})
	must(t, err)
	t.Cleanup(e2.Shutdown)
	waitFor(t, 10*time.Second, "the route between the servers", func() bool { return e1.Routes() > 0 && e2.Routes() > 0 })

	// A third server that knows the token of another deployment cannot
	// join the cluster.
	e3, err := StartEmbedded(EmbeddedOptions{Name: "c", ClusterListen: "127.0.0.1:-1", Routes: []string{e1.ClusterURL()}, Auth: testAuth})
	must(t, err)
	t.Cleanup(e3.Shutdown)
	time.Sleep(500 * time.Millisecond)
	if e3.Routes() != 0 {
		t.Errorf("a server with other credentials joined: %d routes", e3.Routes())
	}
	info, _ := rawNATS(t, "nats://"+strings.TrimPrefix(e1.ClusterURL(), "nats-route://"), []string{"PING"}, 100*time.Millisecond)
	if !strings.Contains(info, `"auth_required":true`) {
		t.Errorf("route INFO does not require authentication: %s", info)
	}

	for name, a := range map[string]Auth{"a token": testAuth, "another nkey": {NKeySeed: func() string {
		o, _ := nkeys.CreateUser()
		s, _ := o.Seed()
		return string(s)
	}()}} {
		opts, err := a.clientOptions()
		must(t, err)
		if nc, err := nats.Connect(e1.URL(), append(opts, nats.NoReconnect())...); err == nil {
			nc.Close()
			t.Errorf("%s: connected to a server that wants the nodes' nkey", name)
		}
	}

	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	mk := func(name, u string) *node {
		nc, err := Connect(u, name, auth, quiet())
		must(t, err)
		hub, err := New(Config{Table: table.Config{Store: st, Logger: quiet(), Node: name}, Conn: nc})
		must(t, err)
		n := &node{name: name, st: st, nc: nc, hub: hub}
		t.Cleanup(n.stop)
		return n
	}
	n1, n2 := mk("n1", e1.URL()), mk("n2", e2.URL())
	ctx := context.Background()
	alice, bob := guest(t, st, "alice"), guest(t, st, "bob")
	r1, err := n1.hub.Create(ctx, testSettings, table.Player{ID: alice.ID, Name: "alice"})
	must(t, err)
	must(t, n2.hub.Join(ctx, r1.ID(), table.Player{ID: bob.ID, Name: "bob", Invite: inviteOf(t, r1, alice.ID)}, card.North))
	r2, err := n2.hub.Get(ctx, r1.ID())
	must(t, err)
	sub, err := r2.Subscribe(ctx, bob.ID, "")
	must(t, err)
	defer sub.Close()
	select {
	case <-sub.C():
	case <-time.After(10 * time.Second):
		t.Fatal("no state across the route")
	}
}

// TestRefuseUnauthenticated: a node does not use NATS without a
// credential away from loopback, whether it would serve it (embedded
// server, routes) or dial it, and says why.
func TestRefuseUnauthenticated(t *testing.T) {
	wantRefusal := func(what string, err error) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), "without authentication") {
			t.Errorf("%s: %v, want a refusal without authentication", what, err)
		}
	}
	for _, o := range []EmbeddedOptions{
		{Listen: "0.0.0.0:-1"},
		{Listen: ":-1"},
		{Listen: "[::]:-1"},
		{ClusterListen: "0.0.0.0:-1"},
		{ClusterListen: "127.0.0.1:-1", Routes: []string{"nats-route://10.1.2.3:6222"}},
	} {
		e, err := StartEmbedded(o)
		if e != nil {
			e.Shutdown()
		}
		wantRefusal(fmt.Sprintf("StartEmbedded(%+v)", o), err)
	}
	for _, u := range []string{"nats://10.1.2.3:4222", "nats://127.0.0.1:4222,nats://nats.internal:4222", "tls://[2001:db8::1]:4222"} {
		nc, err := Connect(u, "n", Auth{}, quiet())
		if nc != nil {
			nc.Close()
		}
		wantRefusal("Connect "+u, err)
	}
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	tc := table.Config{Store: st, Node: "a", Logger: quiet()}
	for _, o := range []NodeOptions{
		{NATS: "nats://nats-1.internal:4222"},
		{Listen: "0.0.0.0:4222"},
		{Listen: "127.0.0.1:-1", ClusterListen: ":6222"},
		{Listen: "127.0.0.1:-1", ClusterListen: "127.0.0.1:-1", Routes: []string{"nats-route://b.internal:6222"}},
	} {
		o.Table = tc
		wantRefusal(fmt.Sprintf("Check(%+v)", o), o.Check())
		h, closeNATS, err := Open(o)
		if err == nil {
			closeNATS()
			_ = h
		}
		wantRefusal(fmt.Sprintf("Open(%+v)", o), err)
	}

	// Bad credentials.
	for name, a := range map[string]Auth{
		"short token":      {Token: "secret"},
		"two credentials":  {Token: testAuth.Token, NKeySeed: "SU"},
		"not a user seed":  {NKeySeed: accountSeed(t)},
		"garbage seed":     {NKeySeed: "hello"},
		"no creds file":    {CredsFile: filepath.Join(t.TempDir(), "none.creds")},
		"token with space": {Token: "0123456789abcdef 0123456789"},
	} {
		if err := (NodeOptions{Table: tc, Listen: "127.0.0.1:-1", Auth: a}).Check(); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	if err := (NodeOptions{Table: tc, Listen: "0.0.0.0:-1", Auth: Auth{CredsFile: "x.creds"}}).Check(); err == nil {
		t.Error("an embedded server with a credentials file")
	}

	// With a credential the node may listen on every address; it still
	// refuses strangers there.
	h, closeNATS, err := Open(NodeOptions{Table: tc, Listen: "0.0.0.0:-1", Auth: testAuth})
	must(t, err)
	defer closeNATS()
	defer h.Shutdown(context.Background())
	must(t, h.Check(context.Background()))
	u, err := url.Parse(h.nc.ConnectedUrl())
	must(t, err)
	if nc, err := nats.Connect("nats://127.0.0.1:"+u.Port(), nats.NoReconnect()); err == nil {
		nc.Close()
		t.Error("a stranger connected to the node's server")
	}
}

// TestRefuseOpenServer: a node given a credential refuses a NATS server
// away from loopback that would let anyone in (the credential would be
// checked by nobody).
func TestRefuseOpenServer(t *testing.T) {
	ip := nonLoopbackIP()
	if ip == "" {
		t.Skip("no non-loopback address")
	}
	srv, err := server.NewServer(&server.Options{Host: ip, Port: -1, NoSigs: true, NoLog: true})
	must(t, err)
	srv.Start()
	t.Cleanup(func() { srv.Shutdown(); srv.WaitForShutdown() })
	if !srv.ReadyForConnections(10 * time.Second) {
		t.Fatal("server did not start")
	}
	nc, err := Connect(srv.ClientURL(), "n", testAuth, quiet())
	if nc != nil {
		nc.Close()
	}
	if err == nil || !strings.Contains(err.Error(), "lets clients in without authentication") {
		t.Errorf("Connect to an open server at %s: %v", srv.ClientURL(), err)
	}
	raw, err := nats.Connect(srv.ClientURL())
	must(t, err)
	defer raw.Close()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	if h, err := New(Config{Table: table.Config{Store: st, Node: "a", Logger: quiet()}, Conn: raw}); err == nil {
		h.Shutdown(context.Background())
		t.Error("New accepted a connection to an open server")
	}
}

// accountSeed is an nkey seed of an account, not of a user.
func accountSeed(t *testing.T) string {
	kp, err := nkeys.CreateAccount()
	must(t, err)
	s, err := kp.Seed()
	must(t, err)
	return string(s)
}

// nonLoopbackIP returns an IPv4 address of this machine that is not
// loopback, or "".
func nonLoopbackIP() string {
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			return n.IP.String()
		}
	}
	return ""
}

func TestIsLoopback(t *testing.T) {
	for h, want := range map[string]bool{
		"127.0.0.1": true, "127.1.2.3": true, "::1": true, "[::1]": true, "localhost": true, "LOCALHOST": true,
		"0.0.0.0": false, "::": false, "": false, "10.0.0.1": false, "nats.internal": false, "localhost.evil.com": false,
	} {
		if got := isLoopback(h); got != want {
			t.Errorf("isLoopback(%q) = %v", h, got)
		}
	}
}

// TestWarnOpenLoopback: a node on NATS without a credential (allowed on
// loopback only) says at start, as a warning, that any local process can
// read the hands, and which flag closes it; with a credential, or with the
// private embedded server of a lone node, it says nothing.
func TestWarnOpenLoopback(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	open := func(o NodeOptions) string {
		t.Helper()
		var buf syncBuffer
		o.Table = table.Config{Store: st, Node: newName("w"), Logger: slog.New(slog.NewTextHandler(&buf, nil))}
		h, closeNATS, err := Open(o)
		must(t, err)
		h.Shutdown(context.Background())
		closeNATS()
		return buf.String()
	}
	isWarned := func(log string) bool {
		return strings.Contains(log, "level=WARN") && strings.Contains(log, "without authentication") &&
			strings.Contains(log, "--nats-token-file") && strings.Contains(log, "any local process")
	}
	if log := open(NodeOptions{Listen: "127.0.0.1:-1"}); !isWarned(log) {
		t.Errorf("embedded server on loopback without a credential, log:\n%s", log)
	}
	ext, err := StartEmbedded(EmbeddedOptions{Listen: "127.0.0.1:-1"})
	must(t, err)
	defer ext.Shutdown()
	if log := open(NodeOptions{NATS: ext.URL()}); !isWarned(log) {
		t.Errorf("external NATS on loopback without a credential, log:\n%s", log)
	}
	if log := open(NodeOptions{Listen: "127.0.0.1:-1", Auth: testAuth}); strings.Contains(log, "without authentication") {
		t.Errorf("warned with a credential:\n%s", log)
	}
	if log := open(NodeOptions{}); strings.Contains(log, "without authentication") {
		t.Errorf("warned about the private embedded server:\n%s", log)
	}
}

// syncBuffer is a bytes.Buffer safe for the logger's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
