package cluster

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atout/card"
	"atout/game"
	"atout/server"
	"atout/store"
	"atout/table"
)

// Environment of a child server of the multi-process test.
const (
	childEnv     = "ATOUT_CLUSTER_CHILD" // the node's name
	childDBEnv   = "ATOUT_CLUSTER_DB"
	childNATSEnv = "ATOUT_CLUSTER_NATS"
	// The NATS token: in the environment, not on the command line.
	childTokenEnv = "ATOUT_CLUSTER_NATS_TOKEN"
	// Set: the node runs with the production timing (lease, scan,
	// watches), not the tests' short one.
	childTimingEnv = "ATOUT_CLUSTER_PRODUCTION_TIMING"
	// Set: the node advertises its own address (Config.Advertise), so
	// that the others send it its tables' players.
	childAdvertiseEnv = "ATOUT_CLUSTER_ADVERTISE"
)

// runChild is a real node: server.New over a cluster.Hub on its own port,
// the shared database and the NATS server. It prints its address and
// serves until killed (or SIGTERM).
func runChild() error {
	name := os.Getenv(childEnv)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	st, err := store.Open(ctx, os.Getenv(childDBEnv))
	if err != nil {
		return err
	}
	defer st.Close()
	log := quiet().With("node", name)
	nc, err := Connect(os.Getenv(childNATSEnv), name, Auth{Token: os.Getenv(childTokenEnv)}, log)
	if err != nil {
		return err
	}
	defer nc.Close()
	cfg := Config{
		Table: table.Config{
			Store: st, Logger: log, Node: name,
			LeaseTTL: nodeTiming.lease, BotTimeout: time.Second,
		},
		Conn: nc, ScanInterval: nodeTiming.scan, WatchRefresh: nodeTiming.refresh, CallTimeout: 3 * time.Second,
	}
	if os.Getenv(childTimingEnv) != "" {
		cfg.Table.LeaseTTL, cfg.ScanInterval, cfg.WatchRefresh, cfg.CallTimeout = 0, 0, 0, 0
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	if os.Getenv(childAdvertiseEnv) != "" {
		cfg.Advertise = "http://" + ln.Addr().String()
	}
	hub, err := New(cfg)
	if err != nil {
		return err
	}
	if _, err := hub.Resume(ctx); err != nil {
		return err
	}
	srv := server.New(server.Config{Store: st, Hub: hub, Logger: log, AllowSeed: true, MessageRate: 1000, MessageBurst: 1000})
	fmt.Printf("ADDR %s\n", ln.Addr())
	return srv.Run(ctx, ln, time.Second)
}

// child is a node process.
type child struct {
	name string
	cmd  *exec.Cmd
	base string // http://127.0.0.1:port
}

func startChild(t *testing.T, name, dsn, natsURL string, env ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+name, childDBEnv+"="+dsn, childNATSEnv+"="+natsURL, childTokenEnv+"="+testAuth.Token)
	cmd.Env = append(cmd.Env, env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	must(t, err)
	must(t, cmd.Start())
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "ADDR ") {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("node %s did not start: %q %v", name, line, err)
	}
	c := &child{name: name, cmd: cmd, base: "http://" + strings.TrimSpace(strings.TrimPrefix(line, "ADDR "))}
	t.Cleanup(func() {
		c.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { c.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			c.cmd.Process.Kill()
			<-done
		}
	})
	return c
}

// killHard ends the process with SIGKILL: no lease released, nothing
// flushed.
func (c *child) killHard() {
	c.cmd.Process.Signal(syscall.SIGKILL)
	c.cmd.Wait()
}

// browser is a client with a cookie jar; cookies of 127.0.0.1 go to every
// node (cookies ignore ports), as they would behind one load balancer.
type browser struct {
	t  testing.TB
	hc *http.Client
	id string
}

func newBrowser(t testing.TB, base string) *browser {
	jar, _ := cookiejar.New(nil)
	b := &browser{t: t, hc: &http.Client{Jar: jar, Timeout: 20 * time.Second}}
	var me struct {
		User struct{ ID string } `json:"user"`
	}
	b.do(base, "GET", "/api/me", nil, &me)
	b.id = me.User.ID
	return b
}

func (b *browser) do(base, method, path string, body, out any) {
	b.t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, base+path, rd)
	u, _ := url.Parse(base)
	for _, k := range b.hc.Jar.Cookies(u) {
		if k.Name == server.CSRFCookie {
			req.Header.Set(server.CSRFHeader, k.Value)
		}
	}
	resp, err := b.hc.Do(req)
	must(b.t, err)
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		b.t.Fatalf("%s %s%s: status %d: %s", method, base, path, resp.StatusCode, data)
	}
	if out != nil {
		must(b.t, json.Unmarshal(data, out))
	}
}

func (b *browser) dial(base, id string) (*websocket.Conn, error) {
	return dialURL(b, "ws"+strings.TrimPrefix(base, "http")+"/ws/"+id)
}

// wsPlayer plays a table over WebSocket, reconnecting to the next node of
// its list when its connection drops. A move is acknowledged when a state
// comes back whose count is past it: it was its seat's turn and nobody
// else plays that seat, so the move at that position is its own.
type wsPlayer struct {
	b     *browser
	id    string
	bases []string // the nodes to try, in order

	mu         sync.Mutex
	acked      []ackedMove
	states     int
	reconnects int
	bad        error
}

func (p *wsPlayer) snapshot() (acked []ackedMove, states, reconnects int, bad error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]ackedMove(nil), p.acked...), p.states, p.reconnects, p.bad
}

func (p *wsPlayer) fail(err error) {
	p.mu.Lock()
	if p.bad == nil {
		p.bad = err
	}
	p.mu.Unlock()
}

// run plays until ctx is done.
func (p *wsPlayer) run(ctx context.Context) {
	node := 0
	for ctx.Err() == nil {
		c, err := p.b.dial(p.bases[node], p.id)
		if err != nil {
			node = (node + 1) % len(p.bases)
			time.Sleep(50 * time.Millisecond)
			continue
		}
		p.session(ctx, c)
		c.CloseNow()
		if ctx.Err() != nil {
			return
		}
		p.mu.Lock()
		p.reconnects++
		p.mu.Unlock()
		node = (node + 1) % len(p.bases)
	}
}

// session plays on one connection until it drops.
func (p *wsPlayer) session(ctx context.Context, c *websocket.Conn) {
	var pending *ackedMove
	send := func(v any) bool {
		data, _ := json.Marshal(v)
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return c.Write(wctx, websocket.MessageText, data) == nil
	}
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return
		}
		var m stateMsg
		if err := json.Unmarshal(data, &m); err != nil {
			p.fail(fmt.Errorf("junk from the server: %q", data))
			return
		}
		switch m.Type {
		case "error":
			var e struct{ Action string }
			json.Unmarshal(data, &e)
			if pending == nil || e.Action != pending.move.Action {
				continue
			}
			if retryable(m.Code) {
				// The outcome is unknown (the owner died) or nothing was
				// done: send it again; the move count makes it safe.
				time.Sleep(50 * time.Millisecond)
				if !send(map[string]any{"type": "act", "seat": pending.move.Seat.String(), "action": pending.move.Action, "n": pending.index}) {
					return
				}
				continue
			}
			pending = nil // stale or not our turn: a newer state is on its way
			continue
		case "state":
		default:
			continue
		}
		if err := checkPrivate(m); err != nil {
			p.fail(err)
		}
		p.mu.Lock()
		p.states++
		if pending != nil && m.N > pending.index {
			p.acked = append(p.acked, *pending)
			pending = nil
		}
		p.mu.Unlock()
		if m.Table.Over {
			continue
		}
		if m.Table.DealOver {
			send(map[string]any{"type": "next"})
			continue
		}
		legal, seat := legalOf(m)
		if pending != nil || len(legal) == 0 {
			continue
		}
		s, err := card.ParseSeat(seat)
		if err != nil {
			p.fail(fmt.Errorf("state names seat %q", seat))
			return
		}
		action := choose(m, legal)
		pending = &ackedMove{index: m.N, move: game.Move{Seat: s, Action: action}}
		if !send(map[string]any{"type": "act", "seat": seat, "action": action, "n": m.N}) {
			return
		}
	}
}

// TestMultiProcess: three server processes on loopback ports share one
// PostgreSQL and a NATS server; a player on node 1 and one on node 2 sit at
// a table node 1 owns; node 1 is killed with SIGKILL mid-deal. The table
// resumes on a surviving node, the player of node 1 reconnects to node 3
// and gets the seat back, the player of node 2 keeps the connection, and
// every acknowledged action is stored.
func TestMultiProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three server processes")
	}
	dsn := freshPostgres(t)
	e := testNATS(t)
	n1 := startChild(t, "p1", dsn, e.URL())
	n2 := startChild(t, "p2", dsn, e.URL())
	n3 := startChild(t, "p3", dsn, e.URL())

	alice := newBrowser(t, n1.base)
	var created struct{ ID, Invite string }
	alice.do(n1.base, "POST", "/api/tables", map[string]any{"game": "bridge", "boards": 4, "seed": 11, "turnSeconds": -1}, &created)
	id := created.ID
	link, err := url.Parse(created.Invite)
	if err != nil || link.Query().Get("invite") == "" {
		t.Fatalf("invitation link %q", created.Invite)
	}
	// Bob sits through another node with the invitation alice got.
	bob := newBrowser(t, n2.base)
	bob.do(n2.base, "POST", "/api/tables/"+id+"/sit", map[string]string{"seat": "W", "invite": link.Query().Get("invite")}, nil)

	pa := &wsPlayer{b: alice, id: id, bases: []string{n1.base, n3.base}}
	pb := &wsPlayer{b: bob, id: id, bases: []string{n2.base, n3.base}}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, p := range []*wsPlayer{pa, pb} {
		wg.Add(1)
		go func() { defer wg.Done(); p.run(ctx) }()
	}
	defer func() { cancel(); wg.Wait() }()

	count := func() (int, int) {
		a, _, _, _ := pa.snapshot()
		b, _, _, _ := pb.snapshot()
		return len(a), len(b)
	}
	waitFor(t, 30*time.Second, "both players to act", func() bool { a, b := count(); return a >= 3 && b >= 3 })
	a0, b0 := count()
	start := time.Now()
	n1.killHard()
	t.Logf("node 1 killed after %d + %d acknowledged actions", a0, b0)
	waitFor(t, 45*time.Second, "both players to act again after the kill", func() bool {
		a, b := count()
		return a >= a0+3 && b >= b0+3
	})
	t.Logf("both players acted 3 more times %v after the kill", time.Since(start).Round(time.Millisecond))
	cancel()
	wg.Wait()

	aa, _, ra, errA := pa.snapshot()
	bb, _, rb, errB := pb.snapshot()
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if ra < 1 {
		t.Errorf("the player of the killed node never reconnected")
	}
	if rb != 0 {
		t.Errorf("the player of node 2 lost its connection %d times", rb)
	}
	st, err := store.Open(context.Background(), dsn)
	must(t, err)
	defer st.Close()
	n := checkStored(t, st, id, append(aa, bb...))
	g, err := st.GetGame(context.Background(), id)
	must(t, err)
	if g.Status == store.StatusOpen && (g.Owner == "p1" || g.Owner == "") {
		t.Errorf("table owner after the kill: %q", g.Owner)
	}
	t.Logf("%d moves stored, %d acknowledged, table now on %s", n, len(aa)+len(bb), g.Owner)
}
