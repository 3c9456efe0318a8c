package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"atout/server/metrics"
	"atout/store"
	"atout/table"
)

// testEnv is a server on a temporary SQLite file.
type testEnv struct {
	st  *store.Store
	hub *table.LocalHub
	srv *Server
	ts  *httptest.Server
}

func quiet() *slog.Logger {
	if os.Getenv("ATOUT_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func newEnv(t testing.TB, tcfg table.Config) *testEnv {
	t.Helper()
	return newEnvWith(t, tcfg, func(c *Config) { c.AllowSeed = true })
}

// newEnvWith is newEnv with the server's configuration edited by edit
// (newEnv allows seeds; a production server does not).
func newEnvWith(t testing.TB, tcfg table.Config, edit func(*Config)) *testEnv {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "atout.db"))
	if err != nil {
		t.Fatal(err)
	}
	m := metrics.New()
	tcfg.Store, tcfg.Logger, tcfg.OnAction = st, quiet(), m.ObserveAction
	if tcfg.Games == nil {
		tcfg.Games = testGames()
	}
	hub := table.NewLocalHub(tcfg)
	cfg := Config{Store: st, Hub: hub, Logger: quiet(), Metrics: m, MessageRate: 1000, MessageBurst: 1000}
	edit(&cfg)
	srv := New(cfg)
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		hub.Shutdown(context.Background())
		ts.Close()
		st.Close()
	})
	return &testEnv{st: st, hub: hub, srv: srv, ts: ts}
}

// client is a browser: a cookie jar and the CSRF token.
type client struct {
	t    testing.TB
	base string
	hc   *http.Client
	id   string
}

func newClient(t testing.TB, base string) *client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &client{t: t, base: base, hc: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
	var me struct {
		User struct{ ID string } `json:"user"`
	}
	c.do("GET", "/api/me", nil, &me, 200)
	c.id = me.User.ID
	return c
}

func (c *client) csrf() string {
	u, _ := url.Parse(c.base)
	for _, k := range c.hc.Jar.Cookies(u) {
		if k.Name == CSRFCookie {
			return k.Value
		}
	}
	return ""
}

// do sends a request and decodes the answer into out, checking the status.
func (c *client) do(method, path string, body any, out any, want int) {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	req.Header.Set(CSRFHeader, c.csrf())
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		c.t.Fatalf("%s %s: status %d, want %d: %s", method, path, resp.StatusCode, want, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			c.t.Fatalf("%s %s: %v: %s", method, path, err, data)
		}
	}
}

func (c *client) createTable(s table.Settings) string {
	c.t.Helper()
	var out struct{ ID, Invite string }
	c.do("POST", "/api/tables", s, &out, 200)
	u, err := url.Parse(out.Invite)
	if err != nil || u.Path != "/t/"+out.ID || u.Query().Get("invite") == "" {
		c.t.Fatalf("invite link %q of table %s: want /t/ID?invite=SECRET", out.Invite, out.ID)
	}
	invites.Store(out.ID, u.Query().Get("invite"))
	return out.ID
}

// invites holds the invitation secret of each table the tests created.
var invites sync.Map

// sitBody is the body of POST /api/tables/{id}/sit for seat, with the
// table's invitation.
func sitBody(id, seat string) map[string]string {
	inv, _ := invites.Load(id)
	s, _ := inv.(string)
	return map[string]string{"seat": seat, "invite": s}
}

// ws is a WebSocket connection of a client.
type ws struct {
	t testing.TB
	c *websocket.Conn
}

func (c *client) dial(id string) *ws {
	c.t.Helper()
	return c.dialQuery(id, "")
}

// dialQuery opens id's WebSocket with the query q ("?via=1", say).
func (c *client) dialQuery(id, q string) *ws {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := "ws" + strings.TrimPrefix(c.base, "http") + "/ws/" + id + q
	conn, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: c.hc})
	if err != nil {
		c.t.Fatal(err)
	}
	conn.SetReadLimit(1 << 20)
	return &ws{t: c.t, c: conn}
}

func (w *ws) send(raw string) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := w.c.Write(ctx, websocket.MessageText, []byte(raw)); err != nil {
		w.t.Fatal(err)
	}
}

func (w *ws) sendJSON(v any) {
	w.t.Helper()
	b, _ := json.Marshal(v)
	w.send(string(b))
}

// serverMsg is any message from the server.
type serverMsg struct {
	Type  string          `json:"type"`
	N     int             `json:"n"`
	Seat  *string         `json:"seat"`
	Table table.Info      `json:"table"`
	View  json.RawMessage `json:"view"`
	Code  string          `json:"code"`
	Raw   []byte          `json:"-"`
}

// read returns the next message, failing after d.
func (w *ws) read(d time.Duration) (serverMsg, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	_, data, err := w.c.Read(ctx)
	if err != nil {
		return serverMsg{}, false
	}
	var m serverMsg
	if err := json.Unmarshal(data, &m); err != nil {
		w.t.Fatalf("server sent junk %q: %v", data, err)
	}
	m.Raw = data
	return m, true
}

func (w *ws) mustRead() serverMsg {
	w.t.Helper()
	m, ok := w.read(20 * time.Second)
	if !ok {
		w.t.Fatal("no message from the server")
	}
	return m
}

func (w *ws) close() { w.c.Close(websocket.StatusNormalClosure, "") }

// legalOf returns the legal actions in a state and the seat they are for.
func legalOf(m serverMsg) (legal []string, seat string) {
	var v struct {
		Legal    []string `json:"legal"`
		LegalFor *string  `json:"legalFor"`
		Deal     *struct {
			Legal []string `json:"legal"`
		} `json:"deal"`
	}
	json.Unmarshal(m.View, &v)
	if m.Seat != nil {
		seat = *m.Seat
	}
	if v.Deal != nil {
		return v.Deal.Legal, seat
	}
	if v.LegalFor != nil {
		seat = *v.LegalFor
	}
	return v.Legal, seat
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }

// accept answers yes to the invitation of team match id.
func (c *client) accept(id string) {
	c.t.Helper()
	c.do("POST", "/api/teammatches/"+id+"/answer", map[string]any{"accept": true}, nil, 200)
}

// startBeld starts belote duplicate id (c is its organiser) and returns the
// table of each team's member given, by joining again.
func (c *client) startBeld(id string, members ...*client) []string {
	c.t.Helper()
	c.do("POST", "/api/beloteduplicates/"+id+"/start", map[string]any{}, nil, 200)
	tables := make([]string, len(members))
	for i, m := range members {
		var ref struct{ Table string }
		m.do("POST", "/api/beloteduplicates/"+id+"/join", map[string]any{"team": "-"}, &ref, 200)
		tables[i] = ref.Table
	}
	return tables
}
