package server

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atout/bridge"
	"atout/bridge/dd"
	"atout/table"
)

// The attacks of issue 15, finding 5 (resource exhaustion), through the
// public API.

// playView is the part of a bridge state the abuse tests read.
type playView struct {
	Phase    string `json:"phase"`
	Declarer string `json:"declarer"`
	Hands    map[string]string
	Claim    *struct{ Min, Max int } `json:"claim"`
}

// reachPlay plays South's table (bidding the first level bid, then the
// first legal card) until South may claim with at most cards cards in
// hand. It returns the last state and its view; false if the deal ended
// first.
func reachPlay(t testing.TB, w *ws, cards int) (serverMsg, playView, bool) {
	t.Helper()
	for {
		m := w.mustRead()
		if m.Type != "state" {
			continue
		}
		if m.Table.DealOver {
			return m, playView{}, false
		}
		legal, seat := legalOf(m)
		if len(legal) == 0 {
			continue
		}
		var v playView
		if err := json.Unmarshal(m.View, &v); err != nil {
			t.Fatal(err)
		}
		if v.Phase == "auction" {
			call := "P"
			for _, l := range legal {
				if l[0] >= '1' && l[0] <= '7' {
					call = l
					break
				}
			}
			w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": call, "n": m.N})
			continue
		}
		hand := 0
		for _, h := range v.Hands {
			hand = max(hand, len(strings.ReplaceAll(h, ".", "")))
		}
		if hand > cards || v.Claim == nil {
			w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": legal[0], "n": m.N})
			continue
		}
		return m, v, true
	}
}

// claimFlood claims, again and again, every trick left for South's side
// (the bots check each claim by double dummy) until n claims were answered
// or one was accepted (the deal is then over). It returns the claims
// answered.
func claimFlood(t testing.TB, w *ws, m serverMsg, v playView, n int) int {
	t.Helper()
	tricks := v.Claim.Max
	if v.Declarer != *m.Seat && v.Declarer != partnerOf(*m.Seat) {
		tricks = v.Claim.Min
	}
	done := 0
	for done < n {
		w.sendJSON(map[string]any{"type": "claim", "tricks": tricks})
		for {
			cm := w.mustRead()
			if cm.Type == "error" {
				if cm.Code == table.CodeBusy {
					time.Sleep(10 * time.Millisecond)
					break // the pool pushed back: claim again
				}
				t.Fatalf("claim refused: %s", cm.Raw)
			}
			if cm.Type == "claim" {
				done++
				if strings.Contains(string(cm.Raw), `"accepted":true`) {
					return done
				}
				break
			}
		}
	}
	return done
}

// Claims at many tables at once run on the bounded double-dummy pool with
// pooled solvers: the old code made a new 8 MB solver in a new goroutine for
// every claim (1,270 claims took the server from 94 MB to 1 GB).
func TestClaimFloodUsesPooledSolvers(t *testing.T) {
	env := newEnv(t, table.Config{})
	const tables, claims = 3, 12
	type seated struct {
		w *ws
		m serverMsg
		v playView
	}
	var ready []seated
	for seed := uint64(100); len(ready) < tables && seed < 200; seed++ {
		c := newClient(t, env.ts.URL)
		w := c.dial(c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: seed}))
		defer w.close()
		if m, v, ok := reachPlay(t, w, 7); ok {
			ready = append(ready, seated{w, m, v})
		}
	}
	if len(ready) < tables {
		t.Fatalf("only %d tables reached the play", len(ready))
	}
	// One claim each first: the pool's solvers are made once.
	for i, s := range ready {
		if claimFlood(t, s.w, s.m, s.v, 1) == 0 {
			t.Fatalf("table %d: no answer to a claim", i)
		}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var wg sync.WaitGroup
	counts := make([]int, len(ready))
	for i, s := range ready {
		wg.Add(1)
		go func() {
			defer wg.Done()
			counts[i] = claimFlood(t, s.w, s.m, s.v, claims)
		}()
	}
	wg.Wait()
	runtime.ReadMemStats(&after)
	total := 0
	for _, n := range counts {
		total += n
	}
	if total == 0 {
		t.Fatal("no claim was answered")
	}
	perClaim := float64(after.TotalAlloc-before.TotalAlloc) / float64(total)
	t.Logf("%d claims, %.0f KB allocated per claim, solver pool %+v", total, perClaim/1024, env.srv.solvers.Stats())
	if perClaim > 3<<20 {
		t.Errorf("%.1f MB allocated per claim: the solvers are not reused", perClaim/(1<<20))
	}
	if st := env.srv.solvers.Stats(); st.Peak > int64(st.Workers) {
		t.Errorf("%d solves at once, over the pool's %d workers", st.Peak, st.Workers)
	}
}

// One guest may not open tables without end (2,030 in the probe), nor
// hundreds of WebSockets (1,500 to one table).
func TestTableAndConnectionLimits(t *testing.T) {
	env := newEnv(t, table.Config{})
	c := newClient(t, env.ts.URL)
	var ids []string
	for range 10 {
		ids = append(ids, c.createTable(table.Settings{Game: "bridge", Boards: 1}))
	}
	var e struct {
		Error struct{ Code, Message, Detail string }
	}
	c.do("POST", "/api/tables", table.Settings{Game: "bridge", Boards: 1}, &e, http.StatusTooManyRequests)
	if e.Error.Code != "limit" || !strings.Contains(e.Error.Detail, "10 open tables") || !strings.Contains(e.Error.Message, "limit") {
		t.Errorf("11th table refused with %+v", e)
	}
	// Another guest is not affected.
	c2 := newClient(t, env.ts.URL)
	c2.createTable(table.Settings{Game: "bridge", Boards: 1})

	dial := func(id string) (*websocket.Conn, int, string) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		u := "ws" + strings.TrimPrefix(c.base, "http") + "/ws/" + id
		conn, resp, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: c.hc})
		if err != nil {
			if resp == nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			return nil, resp.StatusCode, string(body)
		}
		return conn, http.StatusSwitchingProtocols, ""
	}
	var open []*websocket.Conn
	defer func() {
		for _, c := range open {
			c.CloseNow()
		}
	}()
	for i := range 8 {
		conn, code, body := dial(ids[0])
		if conn == nil {
			t.Fatalf("connection %d to one table refused: %d %s", i+1, code, body)
		}
		open = append(open, conn)
	}
	if conn, code, body := dial(ids[0]); conn != nil || code != http.StatusTooManyRequests || !strings.Contains(body, `"code":"limit"`) {
		t.Fatalf("9th connection to one table: %d %s", code, body)
	}
	for i := 8; i < 32; i++ {
		conn, code, body := dial(ids[i/8])
		if conn == nil {
			t.Fatalf("connection %d refused: %d %s", i+1, code, body)
		}
		open = append(open, conn)
	}
	if conn, code, body := dial(ids[5]); conn != nil || code != http.StatusTooManyRequests {
		t.Fatalf("33rd connection: %d %s", code, body)
	}
	// A closed connection frees its place.
	open[0].Close(websocket.StatusNormalClosure, "")
	open = open[1:]
	deadline := time.Now().Add(5 * time.Second)
	for {
		conn, code, _ := dial(ids[0])
		if conn != nil {
			open = append(open, conn)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no connection after one closed: %d", code)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// rawWS opens a WebSocket by hand (to send frames no library would) and
// returns the connection once the server switched protocols.
func rawWS(t *testing.T, c *client, id string) (net.Conn, *bufio.Reader) {
	t.Helper()
	u, _ := url.Parse(c.base)
	nc, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	var cookies []string
	for _, k := range c.hc.Jar.Cookies(u) {
		cookies = append(cookies, k.Name+"="+k.Value)
	}
	key := make([]byte, 16)
	rand.Read(key)
	req := "GET /ws/" + id + " HTTP/1.1\r\nHost: " + u.Host + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: " + base64.StdEncoding.EncodeToString(key) + "\r\n" +
		"Origin: " + c.base + "\r\nCookie: " + strings.Join(cookies, "; ") + "\r\n\r\n"
	if _, err := nc.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("handshake: %s", resp.Status)
	}
	return nc, br
}

// A frame header announcing 100 MiB closes the connection at once (1009),
// not at the ping timeout (35 s in the probe).
func TestOversizedFrameClosedAtOnce(t *testing.T) {
	env := newEnv(t, table.Config{})
	c := newClient(t, env.ts.URL)
	id := c.createTable(table.Settings{Game: "bridge", Boards: 1})
	nc, br := rawWS(t, c, id)
	defer nc.Close()
	hdr := []byte{0x81, 0x80 | 127, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4}
	binary.BigEndian.PutUint64(hdr[2:10], 100<<20)
	start := time.Now()
	if _, err := nc.Write(append(hdr, "{\"type\":"...)); err != nil {
		t.Fatal(err)
	}
	nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	closeCode := -1
	for {
		h0, err := br.ReadByte()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatalf("connection still open %v after a 100 MiB frame header", time.Since(start))
			}
			break // closed
		}
		l0, err := br.ReadByte()
		if err != nil {
			break
		}
		n := int(l0 & 0x7f)
		switch n {
		case 126:
			var b [2]byte
			io.ReadFull(br, b[:])
			n = int(binary.BigEndian.Uint16(b[:]))
		case 127:
			var b [8]byte
			io.ReadFull(br, b[:])
			n = int(binary.BigEndian.Uint64(b[:]))
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(br, payload); err != nil {
			break
		}
		if h0&0x0f == 8 && n >= 2 {
			closeCode = int(binary.BigEndian.Uint16(payload))
		}
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("closed after %v", took)
	}
	if closeCode != int(websocket.StatusMessageTooBig) {
		t.Errorf("close code %d, want %d", closeCode, websocket.StatusMessageTooBig)
	}
}

// A client that sends fast but reads its replies is slowed down with a
// "rate_limited" error for each message dropped, not cut off (the probe was
// disconnected after 525 quick frames: "too many unread replies").
func TestFastClientRateLimitedNotCutOff(t *testing.T) {
	env := newEnv(t, table.Config{})
	env.srv.cfg.MessageRate, env.srv.cfg.MessageBurst = 10, 30
	c := newClient(t, env.ts.URL)
	id := c.createTable(table.Settings{Game: "bridge", Boards: 1, Seed: 3})
	w := c.dial(id)
	defer w.close()
	const n = 1000
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for range n {
			if w.c.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`)) != nil {
				return
			}
		}
	}()
	pongs, limited := 0, 0
	var notice string
	for pongs+limited < n {
		m, ok := w.read(20 * time.Second)
		if !ok {
			t.Fatalf("connection lost after %d pongs and %d rate_limited errors", pongs, limited)
		}
		switch {
		case m.Type == "pong":
			pongs++
		case m.Type == "error" && m.Code == "rate_limited":
			limited++
			notice = string(m.Raw)
		case m.Type == "error":
			t.Fatalf("unexpected error %s", m.Raw)
		}
	}
	if limited == 0 || pongs < 30 || !strings.Contains(notice, "slow down") {
		t.Fatalf("%d pongs, %d rate_limited errors (%s)", pongs, limited, notice)
	}
	// Still served once it slows down.
	time.Sleep(time.Second)
	w.send(`{"type":"ping"}`)
	for m := w.mustRead(); m.Type != "pong"; m = w.mustRead() {
		if m.Type == "error" && m.Code != "rate_limited" {
			t.Fatalf("after slowing down: %s", m.Raw)
		}
	}
}

// A table nobody watches or moves is parked (stored and stopped: the probe's
// 2,030 tables stayed live for ever) and comes back as it was when someone
// returns to it.
func TestIdleTableParkedAndResumed(t *testing.T) {
	env := newEnv(t, table.Config{IdleTimeout: 300 * time.Millisecond, LeaseTTL: 600 * time.Millisecond})
	c := newClient(t, env.ts.URL)
	id := c.createTable(table.Settings{Game: "bridge", Boards: 2, Seed: 5})
	w := c.dial(id)
	m := waitMyTurn(t, w)
	legal, seat := legalOf(m)
	w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": legal[0], "n": m.N})
	last := waitMyTurn(t, w)
	w.close()
	deadline := time.Now().Add(10 * time.Second)
	for env.hub.Len() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d live tables 10 s after the last player left", env.hub.Len())
		}
		time.Sleep(20 * time.Millisecond)
	}
	g, err := env.st.GetGame(context.Background(), id)
	if err != nil || !g.Parked() {
		t.Fatalf("stored game %+v, %v: not parked", g, err)
	}
	// GET brings it back as it was.
	var in table.Info
	c.do("GET", "/api/tables/"+id, nil, &in, http.StatusOK)
	if in.ID != id || in.DealMove != last.Table.DealMove || env.hub.Len() != 1 {
		t.Fatalf("table after parking: %+v (%d live), want %d moves", in, env.hub.Len(), last.Table.DealMove)
	}
	// So does a WebSocket, after another parking.
	for env.hub.Len() > 0 {
		if time.Now().After(deadline.Add(10 * time.Second)) {
			t.Fatal("not parked again")
		}
		time.Sleep(20 * time.Millisecond)
	}
	w = c.dial(id)
	defer w.close()
	m = waitMyTurn(t, w)
	if m.N != last.N || string(m.View) != string(last.View) {
		t.Fatalf("state after parking\n%s\nwant\n%s", m.Raw, last.Raw)
	}
	w.sendJSON(map[string]any{"type": "act", "seat": seat, "action": "P", "n": m.N})
	for {
		m2 := w.mustRead()
		if m2.Type == "error" {
			t.Fatalf("play after parking: %s", m2.Raw)
		}
		if m2.Type == "state" && m2.N > m.N {
			break
		}
	}
	// Watched, it stays.
	time.Sleep(time.Second)
	if env.hub.Len() != 1 {
		t.Fatal("a watched table was parked")
	}
}

// A tournament's analyses run on all the double-dummy workers, not one
// after the other (the probe had 216 analyses queued behind one solver,
// one board still pending after 90 s).
func TestTournamentAnalysesUseEveryWorker(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: one worker")
	}
	env, clk := tourEnv(t)
	var mu sync.Mutex
	running, most := 0, 0
	env.srv.comps.DD = func(d bridge.Deal) (dd.Table, error) {
		mu.Lock()
		running++
		most = max(most, running)
		mu.Unlock()
		time.Sleep(300 * time.Millisecond)
		mu.Lock()
		running--
		mu.Unlock()
		return fakeDD(d)
	}
	c := newClient(t, env.ts.URL)
	id := c.createTournament(map[string]any{"name": "Many boards", "boards": 8, "hours": 1})
	clk.add(2 * time.Hour) // over: every board is shown
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, html := c.get("/api/tournaments/" + id + "/records")
		if !strings.Contains(html, "data-pending") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("analyses still pending after 20 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if most < 2 {
		t.Errorf("at most %d analysis at once with %d workers", most, env.srv.solvers.Workers())
	}
}
